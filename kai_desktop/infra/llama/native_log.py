"""llama.cpp's own log, routed into Python ``logging``; the process's output left alone.

llama-cpp-python silences llama.cpp with ``verbose=False`` by pointing the process's
file descriptors 1 and 2 at /dev/null while a model loads and pointing them back after.
That is process-wide: another thread's output vanishes meanwhile, and two loads in two
threads restore each other's saved descriptors in the wrong order, so stdout stays on
/dev/null for the rest of the process (a piped benchmark then prints nothing).

Instead the app loads with ``verbose=True`` and:

- installs a ``llama_log_set`` callback that hands every llama.cpp (and ggml) message to
  the ``kai_desktop.llama.native`` logger at its level; the ctypes callback object is
  kept in this module so it is never garbage-collected while llama.cpp holds it;
- wraps a load in :func:`quiet_load`, which sends what llama-cpp-python itself prints to
  ``sys.stderr`` from the loading thread (system info, metadata) to the same logger at
  DEBUG. Other threads keep writing to the real stream; loads are serialised so the
  wrapper is always put back. No file descriptor is touched.

The records are made by :func:`_emit` rather than ``Logger.log``: llama.cpp logs from
threads Python did not start (the model's QThread, its own workers), and a normal record
asks ``threading.current_thread()``, which on such a thread leaves a ``_DummyThread``
registered for the life of the process.
"""

from __future__ import annotations

import contextlib
import copy
import ctypes
import logging
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any, TextIO

native_log = logging.getLogger("kai_desktop.llama.native")

# ggml_log_level (ggml.h): NONE 0, DEBUG 1, INFO 2, WARN 3, ERROR 4, CONT 5 (continues
# the last). llama-cpp-python's own table still has the older order.
_LEVELS = {0: logging.DEBUG, 1: logging.DEBUG, 2: logging.DEBUG, 3: logging.WARNING,
           4: logging.ERROR}
"""llama.cpp's INFO is chatty (every tensor, every context): DEBUG for us."""
_CONT = 5

_TEMPLATE = logging.LogRecord(native_log.name, logging.DEBUG, __file__, 0, "", None, None)
"""Made once on the importing thread; copied for each message (see the module doc)."""


def _emit(level: int, text: str) -> None:
    """Log ``text`` on :data:`native_log` without asking which Python thread this is."""
    if not native_log.isEnabledFor(level):
        return
    record = copy.copy(_TEMPLATE)
    now = time.time()
    record.levelno, record.levelname = level, logging.getLevelName(level)
    record.msg, record.args = text, None
    record.created, record.msecs = now, (now - int(now)) * 1000
    record.relativeCreated = _TEMPLATE.relativeCreated + (now - _TEMPLATE.created) * 1000
    record.thread, record.threadName = threading.get_ident(), "llama.cpp"
    native_log.handle(record)


_installed: list[Any] = []
"""The ctypes callback llama.cpp holds a pointer to (kept here, never collected)."""
_install_lock = threading.Lock()
_load_lock = threading.RLock()


class _Lines:
    """Joins llama.cpp's fragments (it logs progress dots and half lines) into lines."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._text = ""
        self._level = logging.DEBUG

    def add(self, level: int, text: str) -> None:
        with self._lock:
            if level != _CONT:
                if self._text and _LEVELS.get(level, logging.DEBUG) != self._level:
                    self._flush_locked()
                self._level = _LEVELS.get(level, logging.DEBUG)
            self._text += text
            if self._text.endswith("\n"):
                self._flush_locked()

    def _flush_locked(self) -> None:
        text, self._text = self._text.rstrip(), ""
        if text:
            _emit(self._level, text)


_lines = _Lines()


def install() -> None:
    """Route llama.cpp's log into ``logging`` (idempotent; after importing llama_cpp,
    whose own import installs a callback that prints to stderr)."""
    with _install_lock:
        if _installed:
            return
        import llama_cpp

        @llama_cpp.llama_log_callback  # type: ignore[untyped-decorator]
        def on_log(level: int, text: bytes, _user_data: ctypes.c_void_p) -> None:
            with contextlib.suppress(Exception):  # never let an exception cross into C
                _lines.add(int(level), (text or b"").decode("utf-8", errors="replace"))

        llama_cpp.llama_log_set(on_log, ctypes.c_void_p(0))
        _installed.append(on_log)  # llama.cpp keeps the pointer: keep the object alive


class _LoaderOutput:
    """``sys.stderr`` during a load: the loading thread's writes go to the log, every
    other thread's to the stream that was there."""

    def __init__(self, real: TextIO, loader: int) -> None:
        self._real = real
        self._loader = loader
        self._buffer = ""

    def write(self, text: str) -> int:
        if threading.get_ident() != self._loader:
            return self._real.write(text)
        self._buffer += text
        *lines, self._buffer = self._buffer.split("\n")
        for line in lines:
            if line.strip():
                _emit(logging.DEBUG, line)
        return len(text)

    def flush(self) -> None:
        if threading.get_ident() != self._loader:
            self._real.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@contextlib.contextmanager
def quiet_load() -> Iterator[None]:
    """Around ``Llama(..., verbose=True)``: its prints go to the log (see module doc)."""
    install()
    with _load_lock:
        real = sys.stderr
        output = _LoaderOutput(real, threading.get_ident())
        sys.stderr = output
        try:
            yield
        finally:
            if output._buffer.strip():
                _emit(logging.DEBUG, output._buffer)
            if sys.stderr is output:
                sys.stderr = real
