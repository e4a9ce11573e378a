"""The chat pane: message list model, pane widget and its controller."""
