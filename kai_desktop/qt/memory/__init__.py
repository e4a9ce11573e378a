"""The memory panel, its list model and dialogs, proposals, heartbeat timer."""
