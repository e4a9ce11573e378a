"""The heartbeat's timer: one named QTimer, owned here, that starts heartbeat runs.

Nothing runs on the GUI thread: the candidate check goes to the task pool, and a run
that has candidates goes to the model worker as a job (the model lives on that thread,
and a run queues behind a chat turn instead of racing it). Undo also runs on the pool.

Signals:
    promoted(list): the :class:`~kai_desktop.core.memory.heartbeat.Promotion` items of a run
        (only when there are some).
    failed(str): a run, or an undo, failed; the message is for the user.
    finished(object): the :class:`~kai_desktop.core.memory.heartbeat.HeartbeatReport` of a run.
    undone(object): the undone :class:`~kai_desktop.core.memory.heartbeat.Promotion`.
    archived(list): vault paths of memories the run's decay moved to the archive.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from kai_desktop.core.llm.model import ChatModel
from kai_desktop.core.memory.heartbeat import HeartbeatRunner
from kai_desktop.core.memory.promotions import HeartbeatReport, Promotion
from kai_desktop.core.settings import Settings
from kai_desktop.qt.workers.model_thread import JobContext
from kai_desktop.qt.workers.model_worker import ModelWorker
from kai_desktop.qt.workers.tasks import TaskRunner

TIMER_NAME = "heartbeat"


class HeartbeatTimer(QObject):
    promoted = Signal(list)
    failed = Signal(str)
    finished = Signal(object)
    undone = Signal(object)
    archived = Signal(list)

    def __init__(
        self,
        runner: HeartbeatRunner,
        worker: ModelWorker,
        tasks: TaskRunner,
        *,
        interval_minutes: int = 30,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._runner = runner
        self._worker = worker
        self._tasks = tasks
        self._request: int | None = None
        self._checking = False
        self._timer = QTimer(self)
        self._timer.setObjectName(TIMER_NAME)
        self._timer.setInterval(self._ms(interval_minutes))
        self._timer.timeout.connect(self._tick)
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)

    @staticmethod
    def _ms(minutes: int) -> int:
        return max(1, int(minutes)) * 60_000

    # -- control --------------------------------------------------------------------------
    @property
    def timer(self) -> QTimer:
        return self._timer

    def start(self) -> None:
        self._timer.start()

    def stop(self) -> None:
        """Stop the timer and a run in progress (its promotions so far are kept)."""
        self._timer.stop()
        if self._request is not None:
            self._worker.stop(self._request)

    def is_running(self) -> bool:
        """A run is being checked or is running on the model thread."""
        return self._checking or self._request is not None

    def set_interval_minutes(self, minutes: int) -> None:
        active = self._timer.isActive()
        self._timer.setInterval(self._ms(minutes))
        if active:
            self._timer.start()

    def set_active_hours(self, start_hour: int, end_hour: int) -> None:
        self._runner.active_start_hour = start_hour
        self._runner.active_end_hour = end_hour

    def apply_settings(self, settings: Settings) -> None:
        """New settings: the interval and the active hours take effect now."""
        self.set_interval_minutes(settings.heartbeat_minutes)
        self.set_active_hours(settings.active_start_hour, settings.active_end_hour)
        self._runner.archive_after_days = settings.archive_after_days

    def run_now(self, *, force: bool = False) -> bool:
        """Start a run now (``force``: even outside active hours). False if one is running."""
        if self.is_running():
            return False
        if not force and not self._runner.is_active():
            self.finished.emit(HeartbeatReport(inactive=True))
            return True
        self._checking = True
        runner = self._runner
        self._tasks.submit(
            lambda: (runner.archive_stale(), runner.candidates()),
            on_done=lambda found: self._after_check(found, force),
            on_error=self._check_failed,
        )
        return True

    def undo(self, promotion_id: str) -> None:
        """Undo a promotion on the pool; ``undone`` or ``failed`` reports the outcome."""
        self._tasks.submit(
            lambda: self._runner.undo(promotion_id),
            on_done=self.undone.emit,
            on_error=lambda exc: self.failed.emit(str(exc)),
        )

    # -- internals ------------------------------------------------------------------------
    @Slot()
    def _tick(self) -> None:
        self.run_now()

    def _check_failed(self, exc: BaseException) -> None:
        self._checking = False
        self.failed.emit(f"heartbeat could not read the memories: {exc}")

    def _after_check(self, found: Any, force: bool) -> None:
        self._checking = False
        archived, found = found
        if archived:
            self.archived.emit(archived)
        if not found:
            self.finished.emit(HeartbeatReport())
            return
        runner = self._runner

        def job(model: ChatModel, ctx: JobContext) -> HeartbeatReport:
            return runner.run(model, stop_flag=ctx.stop_requested, force=force)

        self._request = self._worker.submit_job(job)

    @Slot(int, object)
    def _on_finished(self, request_id: int, result: object) -> None:
        if request_id != self._request:
            return
        self._request = None
        if not isinstance(result, HeartbeatReport):
            return  # stopped before it started
        promoted: list[Promotion] = list(result.promoted)
        if promoted:
            self.promoted.emit(promoted)
        elif result.skipped:
            reasons = "; ".join(f"{key}: {why}" for key, why in result.skipped)
            self.failed.emit(f"no memory was promoted ({reasons})")
        self.finished.emit(result)

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if request_id != self._request:
            return
        self._request = None
        self.failed.emit(f"heartbeat failed: {message}")
