"""The chat pane: the conversation's list model, one widget per message, the pane and its
controller (which sends turns to the model worker)."""
