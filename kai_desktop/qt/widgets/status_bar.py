"""Status bar: model state, index state, and one progress bar with Cancel for long jobs.

Signals:
    cancel_requested(str): Cancel was clicked for the job with this name.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QToolButton, QWidget


class JobStatusBar(QStatusBar):
    cancel_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model_label = QLabel("Model: not loaded")
        self.index_label = QLabel("Index: idle")
        self.job_label = QLabel()
        # Fixed widths: progress text changing every few ms must not re-lay out the window.
        self.job_label.setFixedWidth(200)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.progress.setTextVisible(True)
        self.cancel_button = QToolButton()
        self.cancel_button.setText("Cancel")
        self.cancel_button.setAutoRaise(True)
        self.cancel_button.clicked.connect(self._cancel)
        self.addWidget(self.model_label)
        self.addWidget(self.index_label)
        self.addPermanentWidget(self.job_label)
        self.addPermanentWidget(self.progress)
        self.addPermanentWidget(self.cancel_button)
        self._jobs: dict[str, tuple[int, int, str]] = {}
        self._fixed: set[str] = set()  # jobs that cannot be cancelled
        self._shown: str | None = None
        self._refresh_job()

    def set_model_state(self, text: str) -> None:
        self.model_label.setText(f"Model: {text}")

    def set_index_state(self, text: str) -> None:
        self.index_label.setText(f"Index: {text}")

    def job_progress(
        self, name: str, done: int, total: int, text: str = "", cancellable: bool = True
    ) -> None:
        """Show or update a job; ``total`` 0 means unknown (a busy bar)."""
        self._jobs[name] = (done, total, text or name)
        if cancellable:
            self._fixed.discard(name)
        else:
            self._fixed.add(name)
        self._shown = name
        self._refresh_job()

    def job_finished(self, name: str) -> None:
        self._jobs.pop(name, None)
        self._fixed.discard(name)
        if self._shown == name:
            self._shown = next(iter(self._jobs), None)
        self._refresh_job()

    def active_jobs(self) -> list[str]:
        return list(self._jobs)

    def _refresh_job(self) -> None:
        name = self._shown
        visible = name is not None and name in self._jobs
        self.progress.setVisible(visible)
        self.cancel_button.setVisible(visible and name not in self._fixed)
        self.job_label.setVisible(visible)
        if not visible or name is None:
            return
        done, total, text = self._jobs[name]
        metrics = self.job_label.fontMetrics()
        self.job_label.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, 196))
        self.job_label.setToolTip(text)
        if total <= 0:
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, total)
            self.progress.setValue(min(done, total))

    def _cancel(self) -> None:
        if self._shown is not None:
            self.cancel_requested.emit(self._shown)
