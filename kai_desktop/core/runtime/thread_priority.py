"""Background threads yield the CPU to the window.

On a machine with few cores the model (llama.cpp and its OpenMP team) and the embedder
(onnxruntime's pool) keep every core busy. The window's thread then waits its turn for a
core, and, worse, waits for the interpreter lock held by a Python thread that the
scheduler has put aside for a compute thread: the window stalls for tens of
milliseconds. Lowering the scheduling priority (``nice``) of the threads that start those
compute pools lets the kernel run the window, and whoever holds the interpreter lock,
first; the compute threads still get every cycle nobody else wants, so throughput on an
idle machine is unchanged.

Linux applies ``nice`` per thread, and threads inherit it from the thread that starts
them, so calling :func:`lower_current_thread_priority` before a library starts its pool
covers the pool too. Elsewhere this is a no-op (``setpriority`` there acts on the whole
process).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable
from typing import TypeVar

log = logging.getLogger(__name__)

GIL_SWITCH_INTERVAL_S = 0.001
"""How long a thread waiting for the interpreter lock waits before the running Python
thread is asked to hand it over (Python's default is 5 ms). A thread someone waits for
(the window's, a search's) crosses between Python and native code many times, and may
wait that long at each crossing while an indexing or scanning thread runs Python."""

BACKGROUND_NICE = 10
"""For work nobody waits for, such as the embedder's pool while the vault is indexed.
(The chat model keeps its priority: the user is waiting for its answer.)"""
_state = threading.local()


def lower_current_thread_priority(step: int = BACKGROUND_NICE) -> bool:
    """Make the calling thread (and threads it starts from now on) ``step`` nicer, once
    per thread. Returns whether this thread runs at a lowered priority."""
    if not sys.platform.startswith("linux"):
        return False
    if getattr(_state, "lowered", False):
        return True
    tid = threading.get_native_id()
    try:
        current = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, min(19, current + step))
    except OSError as exc:  # e.g. a sandbox that forbids it: run as before
        log.debug("cannot lower the priority of thread %d: %s", tid, exc)
        return False
    _state.lowered = True
    return True


T = TypeVar("T")


def run_at_lowered_priority(make: Callable[[], T], step: int = BACKGROUND_NICE) -> T:
    """``make()`` run on a short-lived thread ``step`` nicer than usual, for creating an
    object whose library starts its compute threads then (they keep that priority after
    the short-lived thread ends); the calling thread's priority is untouched. Whatever
    ``make`` raises is raised here."""
    out: list[T] = []
    error: list[BaseException] = []

    def run() -> None:
        lower_current_thread_priority(step)
        try:
            out.append(make())
        except BaseException as exc:  # handed to the caller below
            error.append(exc)

    thread = threading.Thread(target=run, name="kai-lowered-priority", daemon=True)
    thread.start()
    thread.join()
    if error:
        raise error[0]
    return out[0]


__all__ = [
    "BACKGROUND_NICE",
    "GIL_SWITCH_INTERVAL_S",
    "lower_current_thread_priority",
    "run_at_lowered_priority",
]
