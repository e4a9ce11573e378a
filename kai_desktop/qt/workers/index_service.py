"""Keeps the search index in step with the vault without blocking the GUI.

:class:`IndexService` runs indexing jobs one after the other on a one-thread
:class:`~kai_desktop.qt.workers.tasks.TaskRunner`: the full sync at start and the batches
the file watcher reports. Watcher batches that arrive while a job runs are merged into one
queued job.

Each sync or batch runs the indexer's keyword half only, so every note is searchable by
keyword within seconds; the dense vectors are filled in by a separate ``vectors`` job that
always waits behind the others and, when one arrives, stops after its current batch and
queues itself again behind it: an edit is never held up by a vault being embedded.

Once the queue has been idle for a while, a named single-shot timer makes what was
indexed durable (a checkpoint). Everything reaches the GUI as signals (queued across
threads); the worker never touches a widget.

The service sees the indexer and the watcher only through the ports in
``kai_desktop.core.retrieval.indexer`` (``IndexerPort``, ``ChangeSource``).
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from kai_desktop.core.retrieval.changes import IndexProgress, IndexReport, VaultChange
from kai_desktop.core.retrieval.ports import ChangeSource, IndexerPort
from kai_desktop.qt.workers.tasks import TaskRunner

log = logging.getLogger(__name__)

QUIT_TIMEOUT_S = 1.5
"""How long quitting waits for the indexer: one embedding batch normally ends well within."""

_PROGRESS_INTERVAL_S = 0.05
CHECKPOINT_TIMER_NAME = "indexCheckpoint"


@dataclass
class _Job:
    kind: str  # "watch" | "sync" | "apply" | "vectors"
    rebuild: bool = False
    changes: list[VaultChange] = field(default_factory=list)


class IndexService(QObject):
    """Runs the indexer off the GUI thread.

    Signals:
        progress(int done, int total, str phase): while a job runs (throttled); the phases
            are the indexer's (``indexing``/``rebuilding`` count notes and end with every
            note keyword-searchable, ``embedding`` counts chunks).
        changed(list[str]): vault paths changed outside the app, once the index has them.
        indexed(list[str]): every vault path a job changed, the app's own writes included
            (views of the whole vault, such as the graph and the notes list, follow it).
        finished(object): the :class:`IndexReport` of every completed job.
        failed(str): a job failed; the message is for the user.
        busy_changed(bool): the worker started or ran out of work.
    """

    progress = Signal(int, int, str)
    changed = Signal(list)
    indexed = Signal(list)
    finished = Signal(object)
    failed = Signal(str)
    busy_changed = Signal(bool)

    def __init__(
        self,
        indexer: IndexerPort,
        watcher: ChangeSource | None = None,
        parent: QObject | None = None,
        *,
        checkpoint_delay_s: float = 5.0,
    ) -> None:
        super().__init__(parent)
        self._indexer = indexer
        self._watcher = watcher
        self._worker = TaskRunner(max_threads=1, parent=self, name="kai-index")
        self._lock = threading.Lock()
        self._jobs: collections.deque[_Job] = collections.deque()
        self._draining = False  # a drain of the queue is submitted or running
        self._busy = False
        self._needs_checkpoint = False
        self._started = False
        self._closing = False
        self._checkpoint = QTimer(self)
        self._checkpoint.setObjectName(CHECKPOINT_TIMER_NAME)
        self._checkpoint.setSingleShot(True)
        self._checkpoint.setInterval(max(1, int(checkpoint_delay_s * 1000)))
        self._checkpoint.timeout.connect(self._checkpoint_now)
        self.busy_changed.connect(self._on_busy_changed)

    # -- control (GUI thread) ------------------------------------------------------------------
    def start(self, *, sync: bool = True) -> None:
        """Start the worker; its first job starts the watcher, then (by default) a full
        sync runs.

        The watcher starts first so no edit made during the sync is missed; its batches
        wait behind the sync. Starting it walks the whole vault to set up the OS watches,
        which is why that happens on the worker, not here.
        """
        if self._started or self._closing:
            return
        self._started = True
        if self._watcher is not None:
            self._enqueue(_Job("watch"))
        if sync:
            self.request_sync()

    def request_sync(self, *, rebuild: bool = False) -> None:
        """Queue a full comparison of the vault with the index (``rebuild``: from scratch)."""
        self._enqueue(_Job("sync", rebuild=rebuild))

    def submit(self, changes: Sequence[VaultChange]) -> None:
        """Queue a batch of changes (callable from any thread, e.g. the watcher's)."""
        if changes:
            self._enqueue(_Job("apply", changes=list(changes)))

    def cancel(self) -> None:
        """Stop the running job after its current batch and drop queued ones."""
        with self._lock:
            kept = [job for job in self._jobs if job.kind == "watch"]
            self._jobs.clear()
            self._jobs.extend(kept)
        self._indexer.cancel()

    def is_busy(self) -> bool:
        with self._lock:
            return self._busy or bool(self._jobs)

    def shutdown(self, timeout_s: float | None = QUIT_TIMEOUT_S) -> bool:
        """Cancel the running job, wait for the worker to end (at most ``timeout_s``), stop
        the watcher and make what was indexed durable. False when the worker was still busy
        at the deadline: then nothing more is written (the job ends at its next cancel
        check), and the next start's sync picks up what was left undone."""
        with self._lock:
            self._closing = True
            self._jobs.clear()
        self._checkpoint.stop()
        self._indexer.cancel()
        ended = self._worker.shutdown(timeout_s)
        # After the worker ended: it cannot be starting the watcher any more.
        if self._watcher is not None:
            self._watcher.stop()
        if not ended:
            log.warning("quit while the indexer was busy; the rest is indexed at next start")
            return False
        if self._started:
            self._started = False
            self._indexer.checkpoint()
        return True

    # -- the queue -------------------------------------------------------------------------------
    def _enqueue(self, job: _Job) -> None:
        with self._lock:
            if self._closing:
                return
            self._queue(job)
            if self._draining:
                return
            self._draining = True
        self._worker.submit(self._drain, None, self._drain_failed)

    def _queue(self, job: _Job) -> None:
        """Add ``job`` (lock held); the one queued ``vectors`` job stays last."""
        vectors = [j for j in self._jobs if j.kind == "vectors"]
        if job.kind == "vectors":
            if not vectors:
                self._jobs.append(job)
            return
        for queued in vectors:
            self._jobs.remove(queued)
        last = self._jobs[-1] if self._jobs else None
        if job.kind == "apply" and last is not None and last.kind == "apply":
            last.changes.extend(job.changes)  # coalesce bursts that arrive while busy
        elif job.kind == "sync" and any(j.kind == "sync" for j in self._jobs):
            pass  # one queued full sync is enough
        else:
            self._jobs.append(job)
        self._jobs.extend(vectors)

    def _others_waiting(self) -> bool:
        with self._lock:
            return any(j.kind != "vectors" for j in self._jobs)

    def _drain(self) -> None:
        """On the worker: run queued jobs until the queue is empty."""
        while True:
            with self._lock:
                if self._closing or not self._jobs:
                    self._draining = False
                    was_busy, self._busy = self._busy, False
                    break
                job = self._jobs.popleft()
                became_busy, self._busy = not self._busy, True
                self._needs_checkpoint = True
            if became_busy:
                self.busy_changed.emit(True)
            self._run_safely(job)
        if was_busy:
            self.busy_changed.emit(False)

    def _drain_failed(self, exc: BaseException) -> None:
        log.error("the index queue stopped", exc_info=exc)
        with self._lock:
            self._draining = False

    @Slot(bool)
    def _on_busy_changed(self, busy: bool) -> None:
        if busy:
            self._checkpoint.stop()
        elif self._needs_checkpoint and not self._closing:
            self._checkpoint.start()

    @Slot()
    def _checkpoint_now(self) -> None:
        """The queue stayed idle: save what was indexed, on the worker."""
        with self._lock:
            if self._closing or self._draining:
                return  # new work came; its end starts the timer again
            self._needs_checkpoint = False
        self._worker.submit(self._indexer.checkpoint, None, self._checkpoint_failed)

    def _checkpoint_failed(self, exc: BaseException) -> None:
        log.warning("could not save the index: %s", exc)
        self.failed.emit(f"Indexing failed: {exc}")

    def _run_safely(self, job: _Job) -> None:
        try:
            if job.kind == "watch":
                self._start_watcher()
            else:
                self._run(job)
        except Exception as exc:
            log.exception("indexing failed")
            self.failed.emit(f"Indexing failed: {exc}")

    def _start_watcher(self) -> None:
        if self._watcher is None:
            return
        try:
            self._watcher.start(self.submit)
        except Exception as exc:  # e.g. the OS limit on file watches is reached
            log.exception("cannot watch the vault")
            self.failed.emit(
                f"Edits made outside Kai will not be noticed until the next start: {exc}"
            )

    def _steps(self, job: _Job) -> Generator[IndexProgress, None, None]:
        if job.kind == "sync":
            return self._indexer.sync(rebuild=job.rebuild, vectors=False)
        if job.kind == "vectors":
            return self._indexer.fill_vectors()
        return self._indexer.apply_steps(job.changes, vectors=False)

    def _run(self, job: _Job) -> None:
        steps = self._steps(job)
        last_emit = 0.0
        last_phase = ""
        for step in steps:
            now = time.monotonic()
            if step.phase != last_phase or now - last_emit >= _PROGRESS_INTERVAL_S:
                self.progress.emit(step.done, step.total, step.phase)
                last_emit, last_phase = now, step.phase
            if job.kind == "vectors" and step.phase == "embedding" and self._others_waiting():
                steps.close()  # the vectors written so far are kept
                self._enqueue(_Job("vectors"))
                return
        report = self._indexer.last_report
        if report is None:
            return
        self.finished.emit(report)
        if job.kind != "vectors":
            self._announce(job, report)

    def _announce(self, job: _Job, report: IndexReport) -> None:
        """After a keyword half: say which notes changed, then queue their vectors."""
        if job.kind == "apply":
            every = _paths(job.changes, include_own=True)
            external = _paths(job.changes, include_own=False)
        else:  # a sync finds what changed while the app was not watching
            every = external = sorted(set(report.changed_paths))
        if external:
            self.changed.emit(external)
        if every:
            self.indexed.emit(every)
        if report.vectors_pending and not report.cancelled:
            self._enqueue(_Job("vectors"))


def _paths(changes: Sequence[VaultChange], *, include_own: bool) -> list[str]:
    """The paths of ``changes``; those of the app's own writes only if ``include_own``."""
    paths: set[str] = set()
    for change in changes:
        if include_own or not change.own:
            paths.update(change.paths)
    return sorted(paths)


__all__ = ["IndexReport", "IndexService"]
