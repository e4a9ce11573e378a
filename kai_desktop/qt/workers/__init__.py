"""Threads: the model worker, the task pool helpers, the index service and the
single-instance channel."""
