"""Two rows of the settings' Model tab: the chat models on this computer (size and sha256
state each; "Use" puts one in the model fields) and the server's API key.

Signals (ModelList):
    chosen(object): a :class:`ModelFileInfo` to use.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.llm.model_files import ModelFileInfo

INFO_ROLE = Qt.ItemDataRole.UserRole + 1


class ModelList(QWidget):
    chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = QStandardItemModel(self)
        self.view = QListView()
        self.view.setObjectName("modelFiles")
        self.view.setModel(self.model)
        self.view.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.view.setMinimumHeight(84)
        self.view.setMaximumHeight(150)
        self.view.setSpacing(2)
        self.view.setAccessibleName("Models on this computer")
        self.view.doubleClicked.connect(self._use_index)
        self.use_button = QPushButton("Use this model")
        self.use_button.clicked.connect(lambda: self._use_index(self.view.currentIndex()))
        self.status = QLabel("Looking for models…")
        self.status.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.use_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        layout.addLayout(row)

    def set_models(self, rows: list[ModelFileInfo]) -> None:
        self.model.clear()
        for info in rows:
            where = "" if info.choice != "custom" else " (file)"
            item = QStandardItem(f"{info.title}{where}\n{info.describe}")
            item.setData(info, INFO_ROLE)
            item.setToolTip(
                (str(info.path) if info.path else info.title)
                + (f"\nsha256 {info.sha256}" if info.sha256 else "")
            )
            self.model.appendRow(item)
        self.status.setText(f"{len(rows)} model(s)" if rows else "No model files yet")

    def rows(self) -> list[ModelFileInfo]:
        return [self.model.item(r).data(INFO_ROLE) for r in range(self.model.rowCount())]

    def select_path(self, path: object) -> bool:
        for row, info in enumerate(self.rows()):
            if info.path == path:
                self.view.setCurrentIndex(self.model.index(row, 0))
                return True
        return False

    def _use_index(self, index: QModelIndex) -> None:
        if index.isValid():
            self.chosen.emit(index.data(INFO_ROLE))


class ApiKeyField(QWidget):
    """The server's API key: hidden while typed, kept in the keyring, never in the file."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.line = QLineEdit()
        self.line.setObjectName("apiKey")
        self.line.setEchoMode(QLineEdit.EchoMode.Password)
        self.line.setPlaceholderText("Reading the keyring…")
        self.line.setAccessibleName("Server API key")
        self.line.setEnabled(False)
        self.note = QLabel("Kept in the system keyring, never in the settings file.")
        self.note.setObjectName("apiKeyNote")
        self.note.setWordWrap(True)
        self._loaded = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.line)
        layout.addWidget(self.note)

    def set_loaded(self, key: str, note: str, *, warn: bool) -> None:
        self._loaded = key
        self.line.setText(key)
        self.line.setEnabled(True)
        self.line.setPlaceholderText("(none: local servers need no key)")
        self.note.setText(note)
        self.note.setStyleSheet("color: #B9770E;" if warn else "")

    @property
    def edited(self) -> bool:
        return self.line.isEnabled() and self.line.text() != self._loaded

    def value(self) -> str:
        return self.line.text().strip()
