"""A transient bar at the bottom of a window with a message and one action ("Undo").

It floats over its parent (no layout change) and hides itself after ``duration_s``, timed
by the app's :class:`~kai_desktop.qt.workers.undo_clock.UndoClock`, the clock that also
ends the undo window in the store. Only one message shows at a time; a new one replaces
the old, which counts as expired.

Signals:
    action_triggered(str): the action button was clicked (the message's token).
    expired(str): the message timed out or was replaced without its action.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from kai_desktop.qt.workers.undo_clock import Deadline, UndoClock


class Snackbar(QFrame):
    action_triggered = Signal(str)
    expired = Signal(str)

    def __init__(
        self, parent: QWidget, clock: UndoClock, anchor: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._anchor = anchor
        self._clock = clock
        self._deadline: Deadline | None = None
        self.setObjectName("snackbar")
        self.setStyleSheet(
            "#snackbar { background: #323232; border-radius: 8px; }"
            "#snackbar QLabel { color: #F1F1F1; }"
            "#snackbar QPushButton { color: #8AB4F8; background: transparent; border: none;"
            " font-weight: bold; padding: 4px 10px; }"
            "#snackbar QPushButton:hover { color: #AECBFA; }"
        )
        self.label = QLabel()
        self.button = QPushButton("Undo")
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 8, 8, 8)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.button.clicked.connect(self._act)
        self._token: str | None = None
        parent.installEventFilter(self)
        self.hide()

    @property
    def token(self) -> str | None:
        return self._token

    def show_message(
        self, text: str, token: str, *, action: str = "Undo", duration_s: float = 4.0
    ) -> None:
        if self._token is not None:
            self._expire()
        self._token = token
        self.label.setText(text)
        self.button.setText(action)
        self._deadline = self._clock.schedule(duration_s, self._expire)
        self._place()
        self.show()
        self.raise_()

    def dismiss(self) -> None:
        """Hide without an outcome (the window closes)."""
        self._take()

    def _act(self) -> None:
        token = self._take()
        if token is not None:
            self.action_triggered.emit(token)

    def _expire(self) -> None:
        token = self._take()
        if token is not None:
            self.expired.emit(token)

    def _take(self) -> str | None:
        """Hide, forget the deadline and return the token that was showing."""
        token, self._token = self._token, None
        deadline, self._deadline = self._deadline, None
        if deadline is not None:
            deadline.cancel()
        self.hide()
        return token

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        self.adjustSize()
        area = parent.rect()
        anchor = self._anchor
        if anchor is not None and anchor.isVisible():
            top_left = anchor.mapTo(parent, anchor.rect().topLeft())
            area = anchor.rect().translated(top_left)
        width = min(max(self.sizeHint().width(), 320), max(area.width() - 32, 200))
        self.resize(width, self.sizeHint().height())
        self.move(area.left() + (area.width() - width) // 2, area.bottom() - self.height() - 16)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            self._place()
        return False
