"""Run a callable on a thread pool and get its result back on the GUI thread.

Workers never touch widgets: the callable runs on a pool thread, and its result (or
exception) is delivered by a queued signal to a callback that runs on the thread that
submitted it (the GUI thread). A task can be cancelled before its callback runs; the
callable itself is not interrupted, its result is simply dropped.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

log = logging.getLogger(__name__)

ResultCallback = Callable[[Any], None]
ErrorCallback = Callable[[BaseException], None]


class _Delivery(QObject):
    """Lives on the submitting thread; its slots run there when the worker emits.

    Signals: ``succeeded(object)``, ``failed(object)``.
    """

    succeeded = Signal(object)
    failed = Signal(object)

    def __init__(
        self,
        runner: TaskRunner,
        on_done: ResultCallback | None,
        on_error: ErrorCallback | None,
    ) -> None:
        super().__init__()
        self._runner = runner
        self._on_done = on_done
        self._on_error = on_error
        self.cancelled = False
        self.succeeded.connect(self._deliver_result)
        self.failed.connect(self._deliver_error)

    def cancel(self) -> None:
        self.cancelled = True

    @Slot(object)
    def _deliver_result(self, result: object) -> None:
        self._runner._finished(self)
        if not self.cancelled and self._on_done is not None:
            self._on_done(result)

    @Slot(object)
    def _deliver_error(self, exc: object) -> None:
        self._runner._finished(self)
        if self.cancelled:
            return
        if self._on_error is not None:
            assert isinstance(exc, BaseException)
            self._on_error(exc)
        else:
            log.error("background task failed", exc_info=exc)  # type: ignore[arg-type]


class _Job(QRunnable):
    def __init__(self, fn: Callable[[], Any], delivery: _Delivery) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._fn = fn
        self._delivery = delivery

    def run(self) -> None:
        try:
            result = self._fn()
        except BaseException as exc:  # delivered to the GUI thread, never swallowed
            self._delivery.failed.emit(exc)
        else:
            self._delivery.succeeded.emit(result)


class TaskHandle:
    """Returned by :meth:`TaskRunner.submit`; ``cancel()`` drops the result."""

    def __init__(self, delivery: _Delivery) -> None:
        self._delivery = delivery

    def cancel(self) -> None:
        self._delivery.cancel()


class TaskRunner(QObject):
    """Owns a private thread pool so shutdown can wait for exactly its own jobs."""

    def __init__(self, max_threads: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(max_threads)
        self._pending: set[_Delivery] = set()
        self._lock = threading.Lock()
        self._closed = False

    def submit(
        self,
        fn: Callable[[], Any],
        on_done: ResultCallback | None = None,
        on_error: ErrorCallback | None = None,
    ) -> TaskHandle:
        """Run ``fn()`` on the pool; ``on_done(result)`` / ``on_error(exc)`` on this thread."""
        delivery = _Delivery(self, on_done, on_error)
        handle = TaskHandle(delivery)
        if self._closed:
            delivery.cancel()
            return handle
        with self._lock:
            self._pending.add(delivery)
        self._pool.start(_Job(fn, delivery))
        return handle

    def pending_count(self) -> int:
        with self._lock:
            return len(self._pending)

    def _finished(self, delivery: _Delivery) -> None:
        with self._lock:
            self._pending.discard(delivery)

    def wait_idle(self, timeout_ms: int = -1) -> bool:
        """Block until every job has run (used at shutdown and in tests, never while live)."""
        return bool(self._pool.waitForDone(timeout_ms))

    def shutdown(self, timeout_ms: int = 10_000) -> None:
        """Refuse new work, drop pending callbacks and wait for running jobs."""
        self._closed = True
        with self._lock:
            for delivery in self._pending:
                delivery.cancel()
        self._pool.clear()
        self._pool.waitForDone(timeout_ms)
