"""The sandbox worker process of agent-file mode and the app-side client that drives it.

The worker (``worker.py``) runs with the standard library and the language modules of
``core.agent`` only; it touches no files. The client (``client.py``) starts it, answers
its tool calls, and kills and replaces it at a deadline.
"""
