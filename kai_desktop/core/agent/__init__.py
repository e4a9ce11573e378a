"""Agent-file mode: the model works on memory files through a small, checked language.

The model answers in ``<think>``/``<python>``/``<reply>`` blocks (:mod:`protocol`); the
code is checked (:mod:`language`) and evaluated by an AST walker (:mod:`interpreter`) in a
separate worker process; every file operation comes back to the app as a tool call, which
:mod:`tools` checks (paths, quotas) and performs through the vault's compare-and-swap
writer, recording an undoable change (:mod:`journal`). :mod:`loop` drives the turns.

The language modules (limits, language, values, interpreter, results) import only the
standard library: the worker runs them without site-packages.
"""
