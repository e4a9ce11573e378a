"""The undo window of a deleted memory: a scheduler the app can replace, and what waits."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from kai_desktop.core.memory.model import (
    Memory,
)


class Cancellable(Protocol):
    def cancel(self) -> None: ...


Scheduler = Callable[[float, Callable[[], None]], Cancellable]


class TimerHandle:
    def __init__(self, timer: threading.Timer) -> None:
        self._timer = timer

    def cancel(self) -> None:
        self._timer.cancel()
        if self._timer is not threading.current_thread() and self._timer.is_alive():
            self._timer.join(timeout=5.0)


def timer_scheduler(delay_s: float, callback: Callable[[], None]) -> Cancellable:
    """Run ``callback`` once after ``delay_s`` on a daemon thread; cancel() stops and joins it."""
    timer = threading.Timer(delay_s, callback)
    timer.daemon = True
    timer.name = "kai-memory-undo-window"
    timer.start()
    return TimerHandle(timer)


@dataclass
class PendingDelete:
    memory: Memory
    rel: str
    sha: str
    due: datetime
    token: int
    handle: Cancellable | None = None
