"""Who may use an index handle at a time: many users at once, or one exclusive one."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator


class Lifecycle:
    """Many concurrent users (query, upsert, optimize), or one exclusive (clear, close)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._users = 0
        self._exclusive = False

    @contextlib.contextmanager
    def shared(self) -> Iterator[None]:
        with self._cond:
            while self._exclusive:
                self._cond.wait()
            self._users += 1
        try:
            yield
        finally:
            with self._cond:
                self._users -= 1
                self._cond.notify_all()

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[None]:
        with self._cond:
            while self._exclusive:
                self._cond.wait()
            self._exclusive = True
            while self._users:
                self._cond.wait()
        try:
            yield
        finally:
            with self._cond:
                self._exclusive = False
                self._cond.notify_all()
