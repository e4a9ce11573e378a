"""Run a callable on a thread pool and get its result back on the GUI thread.

Workers never touch widgets: the callable runs on a pool thread, and its result (or
exception) is delivered by a queued signal to a callback that runs on the thread that
submitted it (the GUI thread). A task can be cancelled before its callback runs; the
callable itself is not interrupted, its result is simply dropped.

The workers are Python threads (``concurrent.futures``) rather than ``QThreadPool``
threads: Python code that asks for ``threading.current_thread()`` on a foreign thread
(logging, ``threading.Timer``) leaves a ``_DummyThread`` behind for the life of the
process on Python 3.11, whereas executor threads are real ``threading.Thread`` objects that
:meth:`TaskRunner.shutdown` joins, so nothing is left running after a window closes.
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

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


class TaskHandle:
    """Returned by :meth:`TaskRunner.submit`; ``cancel()`` drops the result."""

    def __init__(self, delivery: _Delivery) -> None:
        self._delivery = delivery

    def cancel(self) -> None:
        self._delivery.cancel()


class TaskRunner(QObject):
    """Owns its worker threads so shutdown can wait for exactly its own jobs.

    The workers keep the GUI thread's priority on purpose: a lower-priority worker that
    holds the interpreter lock and gets descheduled would stall the GUI thread waiting for
    that lock (priority inversion); measured here, it made the longest stalls worse.
    """

    def __init__(self, max_threads: int = 2, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=max_threads, thread_name_prefix="kai-task"
        )
        self._pending: set[_Delivery] = set()
        self._futures: set[concurrent.futures.Future[Any]] = set()
        self._lock = threading.Lock()
        self._closed = False

    def submit(
        self,
        fn: Callable[[], Any],
        on_done: ResultCallback | None = None,
        on_error: ErrorCallback | None = None,
    ) -> TaskHandle:
        """Run ``fn()`` on a worker; ``on_done(result)`` / ``on_error(exc)`` on this thread."""
        delivery = _Delivery(self, on_done, on_error)
        handle = TaskHandle(delivery)
        if self._closed:
            delivery.cancel()
            return handle
        with self._lock:
            self._pending.add(delivery)

        def job() -> None:
            try:
                result = fn()
            except BaseException as exc:  # delivered to the GUI thread, never swallowed
                delivery.failed.emit(exc)
            else:
                delivery.succeeded.emit(result)

        future = self._executor.submit(job)
        with self._lock:
            self._futures.add(future)
        future.add_done_callback(self._forget_future)
        return handle

    def _forget_future(self, future: concurrent.futures.Future[Any]) -> None:
        with self._lock:
            self._futures.discard(future)

    def pending_count(self) -> int:
        with self._lock:
            return len(self._pending)

    def _finished(self, delivery: _Delivery) -> None:
        with self._lock:
            self._pending.discard(delivery)

    def wait_idle(self, timeout_s: float | None = None) -> bool:
        """Block until every submitted job has run (shutdown, benches; never while live)."""
        with self._lock:
            futures = list(self._futures)
        _done, not_done = concurrent.futures.wait(futures, timeout=timeout_s)
        return not not_done

    def shutdown(self) -> None:
        """Refuse new work, drop pending callbacks, wait for running jobs, end the threads."""
        self._closed = True
        with self._lock:
            for delivery in self._pending:
                delivery.cancel()
        self._executor.shutdown(wait=True, cancel_futures=True)


class ProgressRelay(QObject):
    """Carries progress reported on a worker thread to the GUI thread (queued signal).

    Signals:
        progress(str, int, int, str): job name, done, total (0: unknown), text.
    """

    progress = Signal(str, int, int, str)
