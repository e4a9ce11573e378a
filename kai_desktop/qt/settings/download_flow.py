"""Downloading a model from the settings dialog: on the pool, with progress and Cancel in
the status bar; once the file is there, ``finished`` says where.

Signals:
    finished(object): the :class:`~pathlib.Path` of the downloaded model.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from kai_desktop.qt.workers.tasks import TaskRunner

if TYPE_CHECKING:
    from kai_desktop.qt.status_presenter import StatusPresenter

JOB = "download"
Progress = Callable[[int, int | None], None]
Download = Callable[[str, Progress, Callable[[], bool]], Path]
"""``download(url, progress, cancelled) -> path``: the back end's download, run on the pool."""


class ModelDownload(QObject):
    finished = Signal(object)

    def __init__(
        self,
        download: Download,
        tasks: TaskRunner,
        status: StatusPresenter,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._download = download
        self._tasks = tasks
        self._status = status
        self._cancel: threading.Event | None = None
        status.on_cancel(JOB, self.cancel)

    @property
    def running(self) -> bool:
        return self._cancel is not None

    def start(self, url: str) -> None:
        if self._cancel is not None:
            self._status.show("A download is already running", 6000)
            return
        cancel = threading.Event()
        self._cancel = cancel
        bar, tasks, download = self._status.status, self._tasks, self._download

        def report(done: int, total: int | None) -> None:
            # On the pool: the numbers reach the status bar on the GUI thread.
            tasks.to_main(bar.job_progress, JOB, done, total or 0, "Downloading the model")

        bar.job_progress(JOB, 0, 0, "Downloading the model")
        tasks.submit(lambda: download(url, report, cancel.is_set), self._done, self._failed)

    def cancel(self) -> None:
        """Stop after the current chunk (the back end checks between chunks)."""
        if self._cancel is not None:
            self._cancel.set()

    def _done(self, path: Path) -> None:
        self._cancel = None
        self._status.status.job_finished(JOB)
        self._status.show(f"Downloaded {path.name}")
        self.finished.emit(path)

    def _failed(self, exc: BaseException) -> None:
        self._cancel = None
        self._status.status.job_finished(JOB)
        self._status.show(f"Download failed: {exc}", 15000)
