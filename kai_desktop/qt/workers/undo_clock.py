"""The one clock that ends undo windows.

A deleted memory waits behind an "Undo" snackbar before its note is removed. The store's
deadline and the snackbar's run on this clock: one named single-shot ``QTimer``, owned
here, armed for the earliest deadline. The clock is the store's ``scheduler``
(``core.memory.store.Scheduler``), which the store calls on whatever thread deletes.
"""

from __future__ import annotations

import itertools
import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Qt, QTimer, Slot

from kai_desktop.qt.workers.tasks import TaskRunner

log = logging.getLogger(__name__)

TIMER_NAME = "undoWindow"


@dataclass(order=True)
class _Entry:
    due: float
    seq: int
    callback: Callable[[], None] = field(compare=False)
    on_pool: bool = field(compare=False)


class Deadline:
    """One scheduled callback; ``cancel()`` (from any thread) forgets it."""

    __slots__ = ("_clock", "_entry")

    def __init__(self, clock: UndoClock, entry: _Entry) -> None:
        self._clock = clock
        self._entry = entry

    def cancel(self) -> None:
        self._clock._cancel(self._entry)


class UndoClock(QObject):
    """Runs callbacks when their undo window ends, on one timer.

    ``schedule`` is for the GUI: its callback runs on the GUI thread. Calling the clock
    itself is the memory store's scheduler: callable from any thread, and its callback runs
    on the task pool, because ending a window removes a note from the disk.
    """

    def __init__(self, tasks: TaskRunner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks = tasks
        self._gui_thread = threading.get_ident()
        self._lock = threading.Lock()
        self._entries: list[_Entry] = []
        self._seq = itertools.count()
        self._timer = QTimer(self)
        self._timer.setObjectName(TIMER_NAME)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)  # a coarse timer may fire early
        self._timer.timeout.connect(self._fire)

    @property
    def timer(self) -> QTimer:
        return self._timer

    def pending(self) -> int:
        with self._lock:
            return len(self._entries)

    def schedule(self, delay_s: float, callback: Callable[[], None]) -> Deadline:
        """Call ``callback`` on the GUI thread once ``delay_s`` has passed."""
        return self._add(delay_s, callback, on_pool=False)

    def __call__(self, delay_s: float, callback: Callable[[], None]) -> Deadline:
        """The store's scheduler: ``callback`` runs on the task pool after ``delay_s``."""
        return self._add(delay_s, callback, on_pool=True)

    def stop(self) -> None:
        """Forget every deadline (at quit the store finishes its own deletions)."""
        with self._lock:
            self._entries.clear()
        self._timer.stop()

    # -- internals ---------------------------------------------------------------------
    def _add(self, delay_s: float, callback: Callable[[], None], *, on_pool: bool) -> Deadline:
        entry = _Entry(time.monotonic() + max(0.0, delay_s), next(self._seq), callback, on_pool)
        with self._lock:
            self._entries.append(entry)
        self._rearm_soon()
        return Deadline(self, entry)

    def _cancel(self, entry: _Entry) -> None:
        with self._lock:
            if entry not in self._entries:
                return
            self._entries.remove(entry)
        self._rearm_soon()

    def _rearm_soon(self) -> None:
        # The timer belongs to the GUI thread: other threads ask it to look again.
        if threading.get_ident() == self._gui_thread:
            self._rearm()
        else:
            self._tasks.to_main(self._rearm)

    @Slot()
    def _rearm(self) -> None:
        with self._lock:
            first = min(self._entries, default=None)
        if first is None:
            self._timer.stop()
            return
        wait_ms = math.ceil((first.due - time.monotonic()) * 1000)
        self._timer.start(max(0, wait_ms))

    @Slot()
    def _fire(self) -> None:
        now = time.monotonic()
        with self._lock:
            due = sorted(e for e in self._entries if e.due <= now)
            self._entries = [e for e in self._entries if e.due > now]
        for entry in due:
            if entry.on_pool:
                self._tasks.submit(entry.callback, None, _log_failure)
            else:
                entry.callback()
        self._rearm()


def _log_failure(exc: BaseException) -> None:
    log.error("ending an undo window failed", exc_info=exc)
