"""Large graph layouts in a separate worker process, watched so a lost worker is noticed.

igraph holds the interpreter lock for a whole layout, so large layouts run in one spawned
process (started on first use and kept for the next layout, until it has been idle for
``idle_s``: an idle worker holds about 70 MB, and starting one again takes about a second);
small graphs, and small changes to large ones, are laid out in the calling thread.

The worker is a plain :class:`multiprocessing.Process` speaking over a pipe rather than a
``multiprocessing.Pool``: when a pool's worker is killed the pool starts a new one but the
task it was running never finishes, so a caller waits forever. Here the caller watches
the worker while it waits: a worker that exits (killed, crashed) or that works past its
deadline is dropped (killed if still there) and the layout raises :class:`LayoutFailed`;
the next layout starts a fresh worker. Retrying is the caller's choice.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from multiprocessing.connection import Connection
from typing import Any

from kai_desktop.qt.graph.graph_layout import (
    LayoutResult,
    Position,
    compute_layout,
    needs_full_layout,
)

LayoutFunction = Callable[..., LayoutResult]
POLL_S = 0.1
START_DEADLINE_S = 60.0
"""How long a new worker may take to start (spawn, imports) and take the request."""
DEADLINE_BASE_S = 60.0
DEADLINE_PER_NODE_S = 0.005
"""A full layout of 10,000 notes takes 1-2 s on two cores; the deadline is far above that."""
IDLE_S = 60.0
"""How long the worker is kept after a layout for the next one."""


class LayoutFailed(RuntimeError):
    """The layout did not come back: the worker died, overran its deadline or raised."""


class LayoutCancelled(RuntimeError):
    """The layout process was shut down while a layout was running or asked for."""


def _serve(conn: Connection, layout_fn: LayoutFunction) -> None:
    """The worker process: one layout per request, until the pipe closes."""
    if hasattr(os, "nice"):  # yield the CPU to the app's GUI thread
        with contextlib.suppress(OSError):
            os.nice(10)
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        args, kwargs = request
        conn.send(("started", os.getpid()))
        try:
            result = layout_fn(*args, **kwargs)
        except Exception as exc:  # reported to the caller, who decides
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
        else:
            conn.send(("ok", result))


class _Worker:
    def __init__(self, layout_fn: LayoutFunction) -> None:
        ctx = multiprocessing.get_context("spawn")  # never a fork of a process running Qt
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(
            target=_serve, args=(child, layout_fn), name="kai-graph-layout", daemon=True
        )
        self.process.start()
        child.close()
        self._stop_lock = threading.Lock()
        self._stopped = False

    def stop(self) -> None:
        """Idempotent and safe from two threads at once: quitting (the GUI thread) and a
        layout that sees the pipe end (a pool thread) may both stop the worker, and two
        concurrent ``Connection.close`` calls close the descriptor twice (EBADF)."""
        with self._stop_lock:
            if self._stopped:
                return
            self._stopped = True
            # Kill first: a caller waiting on the pipe then sees it end.
            if self.process.is_alive():
                self.process.kill()
            self.process.join(5)
            self.conn.close()


class LayoutProcess:
    """Lays graphs out, large ones in the worker process (see the module docstring).

    ``deadline_s`` bounds one layout once the worker has taken it (default: scaled by the
    number of nodes); ``layout_fn`` is the layout itself, a module-level function so the
    worker can import it.
    """

    def __init__(
        self,
        min_nodes: int = 600,
        max_local_changes: int = 100,
        *,
        deadline_s: float | None = None,
        layout_fn: LayoutFunction = compute_layout,
        idle_s: float = IDLE_S,
    ) -> None:
        self.min_nodes = min_nodes
        self.idle_s = idle_s
        self._idle_timer: threading.Timer | None = None
        self.max_local_changes = max_local_changes
        self.deadline_s = deadline_s
        self._layout_fn = layout_fn
        self._worker: _Worker | None = None
        self._lock = threading.Lock()  # the worker slot and the closed flag
        self._busy = threading.Lock()  # one layout at a time through the pipe
        self._closed = False

    @property
    def worker_pid(self) -> int | None:
        worker = self._worker
        return worker.process.pid if worker is not None else None

    def compute(
        self,
        nodes: Sequence[str],
        edges: Sequence[tuple[str, str]],
        previous: Mapping[str, Position] | None = None,
        *,
        touched: Iterable[str] = (),
    ) -> LayoutResult:
        touched = list(touched)
        fresh = sum(1 for n in nodes if n not in (previous or {}))
        small_change = fresh + len(touched) <= self.max_local_changes
        if len(nodes) < self.min_nodes or (
            small_change and not needs_full_layout(nodes, previous)
        ):
            # igraph on a small subgraph holds the interpreter lock only briefly
            return self._layout_fn(nodes, edges, previous, touched=touched)
        args = (list(nodes), list(edges), dict(previous or {}))
        with self._busy:
            self._cancel_idle_stop()
            try:
                return self._run(args, {"touched": touched}, len(nodes))
            finally:
                self._stop_when_idle()

    def _cancel_idle_stop(self) -> None:
        with self._lock:
            timer, self._idle_timer = self._idle_timer, None
        if timer is not None:
            timer.cancel()

    def _stop_when_idle(self) -> None:
        """Stop the worker if no layout comes within ``idle_s``."""
        with self._lock:
            if self._worker is None or self._closed:
                return
            timer = threading.Timer(self.idle_s, self._stop_idle, args=(self._worker,))
            timer.daemon = True
            self._idle_timer = timer
        timer.start()

    def _stop_idle(self, worker: _Worker) -> None:
        # A layout that has started since holds ``_busy`` and keeps the worker.
        if not self._busy.acquire(blocking=False):
            return
        try:
            with self._lock:
                if self._worker is not worker:
                    return
                self._worker, self._idle_timer = None, None
            worker.stop()
        finally:
            self._busy.release()

    def _run(self, args: tuple[Any, ...], kwargs: dict[str, Any], size: int) -> LayoutResult:
        with self._lock:
            if self._closed:
                raise LayoutCancelled("the layout process was shut down")
            if self._worker is None:
                self._worker = _Worker(self._layout_fn)
            worker = self._worker
        try:
            worker.conn.send((args, kwargs))
        except (OSError, ValueError) as exc:
            self._drop(worker)
            raise self._lost(f"the layout worker could not take the graph ({exc})") from None
        deadline = time.monotonic() + START_DEADLINE_S
        while True:
            kind, value = self._next_message(worker, deadline)
            if kind == "started":
                deadline = time.monotonic() + self._deadline_for(size)
            elif kind == "ok":
                result: LayoutResult = value
                return result
            else:  # the worker caught the error and stays usable
                raise LayoutFailed(f"the layout failed: {value}")

    def _next_message(self, worker: _Worker, deadline: float) -> tuple[str, Any]:
        """The worker's next message, watching meanwhile that it is alive, within its
        deadline and not shut down."""
        while True:
            try:
                if worker.conn.poll(POLL_S):
                    message: tuple[str, Any] = worker.conn.recv()
                    return message
            except (EOFError, OSError):
                self._drop(worker)
                raise self._lost("the layout worker stopped") from None
            if not worker.process.is_alive():
                self._drop(worker)
                code = worker.process.exitcode
                raise self._lost(f"the layout worker stopped (exit code {code})")
            if time.monotonic() > deadline:
                self._drop(worker)
                raise self._lost("the layout took too long and was stopped")
            if self._closed:
                raise LayoutCancelled("the layout was cancelled")

    def _deadline_for(self, size: int) -> float:
        if self.deadline_s is not None:
            return self.deadline_s
        return DEADLINE_BASE_S + DEADLINE_PER_NODE_S * size

    def _lost(self, message: str) -> RuntimeError:
        if self._closed:  # shutdown killed it: not a failure
            return LayoutCancelled("the layout was cancelled")
        return LayoutFailed(message)

    def _drop(self, worker: _Worker) -> None:
        with self._lock:
            if self._worker is worker:
                self._worker = None
        worker.stop()

    def shutdown(self) -> None:
        self._cancel_idle_stop()
        with self._lock:
            self._closed = True
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()
