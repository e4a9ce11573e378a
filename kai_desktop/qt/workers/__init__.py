"""Threads and time: the task runner (the one helper family for work off the GUI thread
and back), the model's own thread, the index service, the undo clock and the
single-instance channel."""
