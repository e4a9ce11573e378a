"""The "Saving memories…" state shown while quitting ends the conversation.

Quitting ends the conversation like any other end: the captures still pending, fact
extraction and the episodic note run on the model thread first. The user may skip; what
is skipped stays in the transcript journal and is finished at the next start.

SavingMemoriesDialog signals:
    skip_requested(): the user chose not to wait.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from kai_desktop.qt.chat.memory_jobs import MemoryJobs
    from kai_desktop.qt.main_window import MainWindow


class SavingMemoriesDialog(QDialog):
    skip_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("savingMemories")
        self.setWindowTitle("Saving memories")
        self.setModal(True)
        self.label = QLabel(
            "Saving memories from this conversation…\n"
            "If you skip, Kai finishes this the next time it starts."
        )
        self.label.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # busy: the steps take as long as the model needs
        self.bar.setAccessibleName("Saving memories")
        buttons = QDialogButtonBox()
        self.skip_button = buttons.addButton("Skip", QDialogButtonBox.ButtonRole.RejectRole)
        self.skip_button.setToolTip("Quit now; the rest is saved at the next start")
        buttons.rejected.connect(self._skip)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(buttons)
        self.setWindowFlag(Qt.WindowType.WindowCloseButtonHint, False)

    def _skip(self) -> None:
        self.skip_requested.emit()
        self.reject()


class SaveOnQuit(QObject):
    """Holds the window's close while the conversation is saved; the user may skip."""

    def __init__(self, window: MainWindow, jobs: MemoryJobs) -> None:
        super().__init__(window)
        self._window = window
        self._jobs = jobs
        self.dialog: SavingMemoriesDialog | None = None
        window.close_guard = self._hold
        jobs.ended.connect(self._close_now)

    def _hold(self) -> bool:
        if self.dialog is not None:
            return True
        if not self._jobs.end():
            return False
        dialog = self.dialog = SavingMemoriesDialog(self._window)
        dialog.skip_requested.connect(self._jobs.skip_end)
        dialog.skip_requested.connect(self._close_now)
        dialog.open()
        return True

    def _close_now(self, *_args: object) -> None:
        if self.dialog is None:
            return
        self._window.close_guard = None
        self.dialog.done(0)
        self._window.close()
