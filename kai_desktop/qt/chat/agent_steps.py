"""Agent-file mode in the window: the folded steps of an answer and the mode badge.

:class:`AgentStepsView` lists the steps of one agent answer, each folded to a one-line
header (step number, the tools its code called, whether it worked); unfolding shows what
the model thought, the code and the result, so a user can see what the agent read and
changed. :class:`AgentModeBadge` is a small label shown while the mode is on.
:class:`AgentStepRelay` carries steps from the model thread to the GUI thread.
Under the steps, the files they changed and an "Undo these changes" button that puts them
back together.

Signals:
    AgentStepRelay.step_added(object): an :class:`~kai_desktop.core.agent.loop.AgentStep`,
        delivered on the relay's (GUI) thread.
    AgentStepsView.step_toggled(int, bool): a step (1-based) was unfolded or folded.
    AgentStepsView.undo_requested(): "Undo these changes" was clicked.
    AgentModeBadge.clicked(): the badge was clicked (e.g. to switch the mode off).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QFontDatabase, QMouseEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.agent.language import TOOL_NAMES
from kai_desktop.core.agent.loop import AgentStep

_CALL = re.compile(r"\b([a-z_]+)\s*\(")
MAX_BODY_HEIGHT = 220
UNDO_TEXT = "Undo these changes"
ERROR_COLOR = "#C0392B"
BADGE_STYLE = (
    "QLabel#agentModeBadge { background: #6b4fbb; color: white; border-radius: 8px;"
    " padding: 1px 8px; font-weight: bold; }"
)


def tools_called(code: str) -> list[str]:
    """The tools a step's code calls, in order of first use."""
    seen: list[str] = []
    for name in _CALL.findall(code):
        if name in TOOL_NAMES and name not in seen:
            seen.append(name)
    return seen


def step_title(step: AgentStep) -> str:
    tools = ", ".join(tools_called(step.code)) or "code"
    state = "ok" if step.ok else "failed"
    return f"Step {step.index} · {tools} · {state}"


def step_details(step: AgentStep) -> str:
    parts = []
    if step.think:
        parts.append(f"Thinking\n{step.think}")
    parts.append(f"Code\n{step.code}")
    parts.append(f"Result\n{step.result}")
    return "\n\n".join(parts)


def changes_text(changes: Sequence[Any]) -> str:
    """"Changed: updated user.md, created entities/x.md" (each file once, in order)."""
    seen: dict[str, str] = {}
    for change in changes:
        seen.setdefault(change.rel, change.describe())
    return "Changed: " + ", ".join(seen.values())


def _body_height(body: QPlainTextEdit, text: str) -> int:
    """Tall enough for the step's lines (up to MAX_BODY_HEIGHT: longer ones scroll)."""
    lines = sum(1 + len(line) // 100 for line in text.splitlines())
    frame = 2 * body.frameWidth() + 12
    return min(MAX_BODY_HEIGHT, body.fontMetrics().lineSpacing() * lines + frame)


class AgentStepRelay(QObject):
    """Pass :meth:`on_step` to ``AgentLoop.run(on_step=...)`` on any thread."""

    step_added = Signal(object)

    def on_step(self, step: AgentStep) -> None:
        self.step_added.emit(step)


class _StepWidget(QFrame):
    def __init__(self, step: AgentStep, view: AgentStepsView) -> None:
        super().__init__(view)
        self.step = step
        self.setObjectName(f"agentStep-{step.index}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.header = QToolButton(self)
        self.header.setText(step_title(step))
        self.header.setCheckable(True)
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.header.setArrowType(Qt.ArrowType.RightArrow)
        self.header.setAutoRaise(True)
        self.body = QPlainTextEdit(self)
        self.body.setReadOnly(True)
        self.body.setPlainText(step_details(step))
        self.body.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.body.setMaximumHeight(_body_height(self.body, step_details(step)))
        self.body.setVisible(False)
        layout.addWidget(self.header)
        layout.addWidget(self.body)
        self.header.toggled.connect(self._toggle)
        self._view = view

    def _toggle(self, unfolded: bool) -> None:
        self.body.setVisible(unfolded)
        self.header.setArrowType(
            Qt.ArrowType.DownArrow if unfolded else Qt.ArrowType.RightArrow
        )
        self._view.step_toggled.emit(self.step.index, unfolded)


class _ChangesRow(QWidget):
    """What the steps changed, and the button that puts it back."""

    def __init__(self, view: AgentStepsView) -> None:
        super().__init__(view)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.button = QPushButton(UNDO_TEXT, self)
        self.button.setObjectName("undoAgentChanges")
        self.button.setToolTip(
            "Put back the files as they were before this answer (a file edited since is "
            "left as it is)"
        )
        self.button.clicked.connect(view.undo_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 0, 2)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignTop)

    def show_state(self, changes: Sequence[Any], state: str, message: str) -> None:
        self.setVisible(bool(changes))
        text = changes_text(changes) if changes else ""
        if state == "done":
            text = message
        elif state == "failed":
            text = f'{text}<br><span style="color:{ERROR_COLOR}">{message}</span>'
        self.label.setText(text)
        self.button.setVisible(state in ("", "running"))
        self.button.setEnabled(state == "")
        self.button.setText("Undoing…" if state == "running" else UNDO_TEXT)


class AgentStepsView(QFrame):
    """The steps of one agent answer, folded, and the files they changed with an undo
    button; place it under the answer's message row."""

    step_toggled = Signal(int, bool)
    undo_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("agentSteps")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(4, 2, 4, 2)
        self._layout.setSpacing(0)
        self._steps: list[_StepWidget] = []
        self.changes_row = _ChangesRow(self)
        self.changes_row.setVisible(False)
        self._layout.addWidget(self.changes_row)
        self.setVisible(False)

    @property
    def undo_button(self) -> QPushButton:
        return self.changes_row.button

    def set_changes(self, changes: Sequence[Any], state: str = "", message: str = "") -> None:
        """The files the steps changed, and where their undo stands (see ``ChatItem``)."""
        self.changes_row.show_state(changes, state, message)

    def add_step(self, step: AgentStep) -> None:
        row = _StepWidget(step, self)
        self._steps.append(row)
        self._layout.insertWidget(len(self._steps) - 1, row)
        row.show()
        self.setVisible(True)

    def set_steps(self, steps: Iterable[AgentStep]) -> None:
        self.clear()
        for step in steps:
            self.add_step(step)

    def clear(self) -> None:
        for row in self._steps:
            self._layout.removeWidget(row)
            row.deleteLater()
        self._steps.clear()
        self.setVisible(False)

    def count(self) -> int:
        return len(self._steps)

    def header(self, index: int) -> QToolButton:
        """The fold button of step ``index`` (1-based)."""
        return self._steps[index - 1].header

    def details(self, index: int) -> QPlainTextEdit:
        return self._steps[index - 1].body

    def unfold_all(self, unfolded: bool = True) -> None:
        for row in self._steps:
            row.header.setChecked(unfolded)


class AgentModeBadge(QLabel):
    """A visible "Agent mode" marker; hidden while the mode is off."""

    clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Agent mode", parent)
        self.setObjectName("agentModeBadge")
        self.setStyleSheet(BADGE_STYLE)
        self.setToolTip(
            "Experimental agent-file mode: the model reads and edits memory files through a "
            "sandbox. Type /experimental to switch it off."
        )
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setVisible(False)

    def set_active(self, active: bool) -> None:
        self.setVisible(active)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mouseReleaseEvent(event)
