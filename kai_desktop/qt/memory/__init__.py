"""Memory in the window: the controller over the store, list model, card delegate, panel,
dialogs, the heartbeat timer, and the presenter of promotions and /review proposals."""
