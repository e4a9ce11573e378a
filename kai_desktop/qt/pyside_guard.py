"""Work around a reference-count bug of PySide6 6.12.0 on Python 3.11.

PySide6 6.12.0 returns ``None`` from every ``void`` C++ method, and ``True`` from
``Signal.emit()``, without taking a new reference. From Python 3.12 on these objects are
immortal (PEP 683) and this is harmless; on 3.11 each such call drops one reference, and
after a few thousand calls (``setText``, ``update``, every ``QPainter`` call in a delegate,
every emit) the interpreter aborts with "none_dealloc" or "bool_dealloc". PySide6 6.11.2
does not have the bug.

When both conditions hold, :func:`protect_none` gives ``None``, ``True`` and ``False`` a
reference count so large that it cannot reach zero in the life of the process, which is
what Python 3.12 does by design. It touches nothing else and is a no-op elsewhere.
"""

from __future__ import annotations

import sys

_BOOST = 1 << 48
_done = False


def needs_guard() -> bool:
    if sys.version_info >= (3, 12):
        return False
    import PySide6

    return PySide6.__version__.startswith("6.12.")


def protect_none() -> None:
    global _done  # noqa: PLW0603 - once per process
    if _done or not needs_guard():
        return
    import ctypes

    # ob_refcnt is the first field of every object (a Py_ssize_t) on CPython 3.11.
    for singleton in (None, True, False):
        refcnt = ctypes.c_ssize_t.from_address(id(singleton))
        refcnt.value += _BOOST
    _done = True
