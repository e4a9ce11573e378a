"""The only package that imports PySide6: feature folders of widgets and their
controllers, the worker threads, and the main window."""
