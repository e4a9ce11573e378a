"""Accept or reject, one by one, the changes ``/review`` and ``/tidy`` propose.

Each proposal shows its title and unified diff; Accept applies it on the pool (the command
re-checks the file first), Reject just drops it. Nothing changes without a click.

Signals:
    applied(str): a proposal was applied (the command's message).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.chat.proposals import CommandResult, ProposedChange
from kai_desktop.qt.workers.tasks import TaskRunner


class _ProposalRow(QFrame):
    def __init__(self, dialog: ProposalsDialog, proposal: ProposedChange) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.proposal = proposal
        title = QLabel(f"<b>{proposal.title}</b> — {proposal.path}")
        title.setWordWrap(True)
        diff = QPlainTextEdit(proposal.diff)
        diff.setReadOnly(True)
        diff.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        diff.setFixedHeight(min(220, 22 + 16 * max(3, proposal.diff.count("\n"))))
        self.accept_button = QPushButton("Accept")
        self.reject_button = QPushButton("Reject")
        self.state = QLabel()
        buttons = QHBoxLayout()
        buttons.addWidget(self.state, 1)
        buttons.addWidget(self.reject_button)
        buttons.addWidget(self.accept_button)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(diff)
        layout.addLayout(buttons)
        self.accept_button.clicked.connect(lambda: dialog.accept_proposal(self))
        self.reject_button.clicked.connect(lambda: self.finish("Rejected"))

    def finish(self, text: str) -> None:
        self.state.setText(text)
        self.accept_button.setEnabled(False)
        self.reject_button.setEnabled(False)


class ProposalsDialog(QDialog):
    applied = Signal(str)

    def __init__(
        self, result: CommandResult, tasks: TaskRunner, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"/{result.command}: proposed changes")
        self.resize(680, 560)
        self._tasks = tasks
        intro = QLabel(result.message)
        intro.setWordWrap(True)
        body = QWidget()
        rows = QVBoxLayout(body)
        self.rows = [_ProposalRow(self, p) for p in result.proposals]
        for row in self.rows:
            rows.addWidget(row)
        rows.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(scroll, 1)
        layout.addWidget(close)

    def accept_proposal(self, row: _ProposalRow) -> None:
        row.finish("Applying…")

        def done(message: str) -> None:
            row.finish(f"Applied: {message}")
            self.applied.emit(message)

        def failed(exc: BaseException) -> None:
            row.finish(f"Not applied: {exc}")

        self._tasks.submit(row.proposal.apply, done, failed)
