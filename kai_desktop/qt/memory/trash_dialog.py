"""The trash and archive sheet: every memory that was forgotten, deleted, overwritten,
promoted, tidied away or archived, newest first, with Restore.

The list is read and each restore runs on the task pool; the GUI thread only shows.

Signals:
    restored(str): an item was put back (the message for the user).
"""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.memory.recovery import Recoverable, Recovery
from kai_desktop.qt.workers.tasks import TaskRunner

Index = QModelIndex | QPersistentModelIndex
REASONS = {
    "forget": "forgotten",
    "deleted": "deleted",
    "overwritten": "earlier value",
    "promoted": "promoted",
    "tidy": "removed by /tidy",
    "archived": "archived (unused)",
    "replaced by a restore": "replaced by a restore",
}


class RecoverableRole(IntEnum):
    ITEM = Qt.ItemDataRole.UserRole + 1


class RecoverableListModel(QAbstractListModel):
    """The restorable items, newest first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items: list[Recoverable] = []

    def set_items(self, items: list[Recoverable]) -> None:
        self.beginResetModel()
        self.items = list(items)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 (Qt's default)
        return 0 if parent.isValid() else len(self.items)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self.items):
            return None
        item = self.items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            when = item.when.astimezone().strftime("%Y-%m-%d %H:%M")
            reason = REASONS.get(item.reason, item.reason)
            return f"{item.key} — {reason}, {when}\n{item.preview}"
        if role == Qt.ItemDataRole.ToolTipRole:
            return item.path
        if role == RecoverableRole.ITEM:
            return item
        return None


class TrashDialog(QDialog):
    restored = Signal(str)

    def __init__(self, recovery: Recovery, tasks: TaskRunner,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Trash and archive")
        self.setObjectName("trashDialog")
        self.resize(560, 480)
        self._recovery = recovery
        self._tasks = tasks
        self.model = RecoverableListModel(self)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setAccessibleName("Forgotten and archived memories")
        self.status = QLabel("Reading the trash…")
        self.status.setWordWrap(True)
        self.restore_button = QPushButton("Restore")
        self.restore_button.setEnabled(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        note = QLabel("Forgotten, replaced and promoted memories stay here for at least "
                      "30 days; archived ones until you restore them.")
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.restore_button.clicked.connect(self.restore_selected)
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        self.reload()

    def reload(self) -> None:
        self._tasks.submit(self._recovery.items, self._show, self._failed)

    def select_row(self, row: int) -> None:
        self.view.setCurrentIndex(self.model.index(row, 0))

    def restore_selected(self) -> None:
        index = self.view.currentIndex()
        if not index.isValid():
            return
        item: Recoverable = index.data(RecoverableRole.ITEM)
        self.restore_button.setEnabled(False)
        self.status.setText(f"Restoring {item.key}…")
        self._tasks.submit(lambda: self._recovery.restore(item), self._done, self._failed)

    def _show(self, items: list[Recoverable]) -> None:
        self.model.set_items(items)
        self.status.setText(f"{len(items)} item{'s' if len(items) != 1 else ''}"
                            if items else "Nothing to restore.")
        self._on_selection()

    def _done(self, message: str) -> None:
        self.restored.emit(message)

        def show(items: list[Recoverable]) -> None:
            self._show(items)
            self.status.setText(message)

        self._tasks.submit(self._recovery.items, show, self._failed)

    def _failed(self, exc: BaseException) -> None:
        self.status.setText(str(exc))
        self._on_selection()

    def _on_selection(self, *_args: object) -> None:
        self.restore_button.setEnabled(self.view.currentIndex().isValid())
