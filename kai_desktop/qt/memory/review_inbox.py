"""The review inbox in the window: changes that wait for consent, each as a diff.

ReviewInboxModel: a list model over the inbox items (roles: title, diff, kind, why).
ReviewInboxPanel signals:
    count_changed(int): how many items wait (the window shows it as a badge).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.memory.inbox import InboxItem, ReviewInbox
from kai_desktop.core.memory.model import MemoryError
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.qt.workers.tasks import TaskRunner

Index = QModelIndex | QPersistentModelIndex


class Role(IntEnum):
    TITLE = Qt.ItemDataRole.UserRole + 1
    DIFF = Qt.ItemDataRole.UserRole + 2
    KIND = Qt.ItemDataRole.UserRole + 3
    ITEM_ID = Qt.ItemDataRole.UserRole + 4


class ReviewInboxModel(QAbstractListModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._items: list[InboxItem] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._items)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._items):
            return None
        item = self._items[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Role.TITLE):
            return item.title
        if role == Qt.ItemDataRole.ToolTipRole:
            return item.why or item.title
        if role == Role.DIFF:
            return item.diff()
        if role == Role.KIND:
            return item.kind
        if role == Role.ITEM_ID:
            return item.id
        return None

    def item(self, row: int) -> InboxItem:
        return self._items[row]

    def set_items(self, items: list[InboxItem]) -> None:
        self.beginResetModel()
        self._items = list(items)
        self.endResetModel()


class _Relay(QObject):
    """Inbox changes arrive on whatever thread made them; this brings them to the GUI."""

    changed = Signal()


class ReviewInboxPanel(QWidget):
    count_changed = Signal(int)

    def __init__(self, inbox: ReviewInbox, memory: MemoryStore,
                 parent: QWidget | None = None, *, tasks: TaskRunner | None = None) -> None:
        """``tasks``: where accepting and rejecting write to disk (off the GUI thread);
        without it they run at once."""
        super().__init__(parent)
        self.setObjectName("reviewInbox")
        self._inbox = inbox
        self._memory = memory
        self._tasks = tasks
        self.model = ReviewInboxModel(self)
        self._relay = _Relay(self)
        self._relay.changed.connect(self.refresh, Qt.ConnectionType.QueuedConnection)
        inbox.subscribe(self._relay.changed.emit)

        self.heading = QLabel()
        self.heading.setObjectName("reviewInboxHeading")
        self.empty = QLabel("Nothing waits for review. Changes Kai is unsure about appear "
                            "here, for you to accept or reject.")
        self.empty.setWordWrap(True)
        self.empty.setEnabled(False)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setAccessibleName("Changes waiting for review")
        self.diff = QPlainTextEdit()
        self.diff.setReadOnly(True)
        self.diff.setAccessibleName("The change")
        self.diff.setMaximumHeight(90)
        self.accept_button = QPushButton("Accept")
        self.accept_button.setToolTip("Apply the new value; the old one is kept in its history")
        self.reject_button = QPushButton("Reject")
        self.reject_button.setToolTip("Keep the memory as it is")
        self.error = QLabel()
        self.error.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.reject_button)
        buttons.addWidget(self.accept_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.empty)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.diff)
        layout.addLayout(buttons)
        layout.addWidget(self.error)

        self.view.selectionModel().currentChanged.connect(self._show_current)
        self.accept_button.clicked.connect(self.accept_current)
        self.reject_button.clicked.connect(self.reject_current)
        QShortcut(QKeySequence(Qt.Key.Key_Delete), self.view, self.reject_current)
        QShortcut(QKeySequence(Qt.Key.Key_Return), self.view, self.accept_current)
        self.refresh()

    @classmethod
    def as_tab(cls, inbox: ReviewInbox, memory: MemoryStore, tabs: QTabWidget,
               tasks: TaskRunner | None = None) -> ReviewInboxPanel:
        """The panel as a tab whose title carries the count: "Review (3)"."""
        panel = cls(inbox, memory, tasks=tasks)
        index = tabs.addTab(panel, "Review")
        panel.count_changed.connect(
            lambda n: tabs.setTabText(index, f"Review ({n})" if n else "Review")
        )
        panel.refresh()
        return panel

    @Slot()
    def refresh(self) -> None:
        items = self._inbox.items()
        self.model.set_items(items)
        count = len(items)
        self.heading.setText(f"<b>Review</b> ({count})" if count else "<b>Review</b>")
        for widget in (self.view, self.diff, self.accept_button, self.reject_button):
            widget.setVisible(bool(count))
        self.empty.setVisible(not count)
        if count:
            self.view.setCurrentIndex(self.model.index(0, 0))
        self._show_current()
        self.count_changed.emit(count)

    def _current_row(self) -> int:
        index = self.view.currentIndex()
        return index.row() if index.isValid() else -1

    @Slot()
    def _show_current(self, *_args: object) -> None:
        row = self._current_row()
        self.diff.setPlainText(self.model.item(row).diff() if row >= 0 else "")

    @Slot()
    def accept_current(self) -> None:
        row = self._current_row()
        if row < 0:
            return
        item_id = self.model.item(row).id
        self._run(lambda: self._inbox.accept(item_id, self._memory))

    @Slot()
    def reject_current(self) -> None:
        row = self._current_row()
        if row >= 0:
            item_id = self.model.item(row).id
            self._run(lambda: self._inbox.reject(item_id))

    def _run(self, change: Callable[[], object]) -> None:
        """Apply a change (it writes the memory note and the inbox file); the list follows
        the inbox's own change signal."""
        self.error.clear()
        if self._tasks is None:
            try:
                change()
            except (MemoryError, KeyError) as exc:
                self._failed(exc)
            return
        self._tasks.submit(change, None, self._failed)

    def _failed(self, exc: BaseException) -> None:
        self.error.setText(f"Could not apply it: {exc}")
