"""Work off the GUI thread, and the way back to it: the one helper family for threads.

- :meth:`TaskRunner.submit` runs a callable on the runner's worker threads; its result (or
  exception) comes back to a callback on the thread the runner lives on (the GUI thread).
  It may be called from any thread.
- :meth:`TaskRunner.to_main` calls a function on that thread, later, from any thread (a
  worker reporting progress, a store telling the window it changed).
- A runner with one thread runs its jobs one after the other, in order: the link graph,
  which is not thread-safe, and the search index use one each.

Workers never touch widgets. A task can be cancelled before its callback runs; the
callable itself is not interrupted, its result is simply dropped. The model's long-lived
thread (``model_worker``) is the one other thread of the app: the model must stay on it.

The workers are Python threads (``concurrent.futures``) rather than ``QThreadPool``
threads: Python code that asks for ``threading.current_thread()`` on a foreign thread
(logging, ``threading.Timer``) leaves a ``_DummyThread`` behind for the life of the
process on Python 3.11, whereas executor threads are real ``threading.Thread`` objects that
:meth:`TaskRunner.shutdown` joins, so nothing is left running after a window closes.
"""

from __future__ import annotations

import concurrent.futures
import functools
import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot

log = logging.getLogger(__name__)

ResultCallback = Callable[[Any], None]
ErrorCallback = Callable[[BaseException], None]


class TaskHandle:
    """Returned by :meth:`TaskRunner.submit`; ``cancel()`` drops the result."""

    __slots__ = ("cancelled", "on_done", "on_error")

    def __init__(self, on_done: ResultCallback | None, on_error: ErrorCallback | None) -> None:
        self.on_done = on_done
        self.on_error = on_error
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class TaskRunner(QObject):
    """Owns its worker threads so shutdown can wait for exactly its own jobs.

    The workers keep the GUI thread's priority on purpose: a lower-priority worker that
    holds the interpreter lock and gets descheduled would stall the GUI thread waiting for
    that lock (priority inversion); measured here, it made the longest stalls worse.
    """

    # Emitted on a worker, delivered on the runner's thread (queued on purpose, also when
    # emitted there: a callback never runs inside the caller's stack).
    _succeeded = Signal(object, object)  # [handle, fn], result
    _failed = Signal(object, object)  # [handle, fn, exception], None
    _call = Signal(object)  # a function to call on the runner's thread

    def __init__(
        self, max_threads: int = 2, parent: QObject | None = None, *, name: str = "kai-task"
    ) -> None:
        super().__init__(parent)
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=max_threads, thread_name_prefix=name
        )
        self._pending: set[TaskHandle] = set()
        self._futures: set[concurrent.futures.Future[Any]] = set()
        self._lock = threading.Lock()
        self._closed = False
        queued = Qt.ConnectionType.QueuedConnection
        self._succeeded.connect(self._deliver_result, queued)
        self._failed.connect(self._deliver_error, queued)
        self._call.connect(self._run_call, queued)

    def submit(
        self,
        fn: Callable[[], Any],
        on_done: ResultCallback | None = None,
        on_error: ErrorCallback | None = None,
    ) -> TaskHandle:
        """Run ``fn()`` on a worker; ``on_done(result)`` / ``on_error(exc)`` later on the
        runner's thread. Without ``on_error`` a failure is logged."""
        handle = TaskHandle(on_done, on_error)
        with self._lock:
            if self._closed:
                handle.cancel()
                return handle
            self._pending.add(handle)

        # The worker never holds the last reference to ``fn`` or the handle (whose callbacks
        # may own widgets): both travel in ``cell``, which the runner's thread empties when
        # it delivers, so no Qt object is ever freed on a worker thread.
        cell: list[Any] = [handle, fn]

        def job() -> None:
            try:
                result = cell[1]()
            except BaseException as exc:  # delivered to the runner's thread, never swallowed
                cell.append(exc)  # its traceback holds the job's frames: it travels too
            else:
                self._succeeded.emit(cell, result)
                return
            self._failed.emit(cell, None)

        future = self._executor.submit(job)
        with self._lock:
            self._futures.add(future)
        future.add_done_callback(self._forget_future)
        return handle

    def to_main(self, fn: Callable[..., object], *args: object) -> None:
        """Call ``fn(*args)`` on the runner's thread once it gets back to its event loop;
        from any thread. Dropped after :meth:`shutdown`."""
        if not self._closed:
            self._call.emit(functools.partial(fn, *args))

    def pending_count(self) -> int:
        with self._lock:
            return len(self._pending)

    def wait_idle(self, timeout_s: float | None = None) -> bool:
        """Block until every submitted job has run (shutdown, benches; never while live)."""
        with self._lock:
            futures = list(self._futures)
        _done, not_done = concurrent.futures.wait(futures, timeout=timeout_s)
        return not not_done

    def shutdown(self, timeout_s: float | None = None) -> bool:
        """Refuse new work, drop pending callbacks, wait for running jobs, end the threads.

        With ``timeout_s`` the wait is bounded: False when a job was still running then (its
        thread ends on its own once the job returns)."""
        with self._lock:
            self._closed = True
            for handle in self._pending:
                handle.cancel()
            self._pending.clear()
            futures = list(self._futures)
        if timeout_s is None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            return True
        self._executor.shutdown(wait=False, cancel_futures=True)
        _, running = concurrent.futures.wait(futures, timeout=timeout_s)
        return not [f for f in running if not f.cancelled()]

    # -- delivery (the runner's thread) ------------------------------------------------------
    def _forget_future(self, future: concurrent.futures.Future[Any]) -> None:
        with self._lock:
            self._futures.discard(future)

    def _take(self, handle: TaskHandle) -> bool:
        """Forget ``handle``; True if its callback should still run."""
        with self._lock:
            self._pending.discard(handle)
        return not handle.cancelled

    @staticmethod
    def _handle_of(cell: list[Any]) -> TaskHandle:
        handle: TaskHandle = cell[0]
        cell.clear()  # the job's callable and handle are let go here, on this thread
        return handle

    @Slot(object, object)
    def _deliver_result(self, cell: list[Any], result: object) -> None:
        handle = self._handle_of(cell)
        if self._take(handle) and handle.on_done is not None:
            handle.on_done(result)

    @Slot(object, object)
    def _deliver_error(self, cell: list[Any], _unused: object) -> None:
        exc: BaseException = cell[2]
        handle = self._handle_of(cell)
        if not self._take(handle):
            return
        if handle.on_error is not None:
            handle.on_error(exc)
        else:
            log.error("background task failed", exc_info=exc)

    @Slot(object)
    def _run_call(self, call: Callable[[], object]) -> None:
        if not self._closed:
            call()
