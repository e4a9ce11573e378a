"""Sheets over the memory panel: every memory (search + category), and the edit sheet.

ShowAllDialog signals:
    open_memory(str): a row was clicked; the window opens the edit sheet for that key.
EditMemoryDialog signals:
    save_requested(str, str): key and new content (the window hands it to the controller).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.memory.model import Category, Memory
from kai_desktop.qt.memory.memory_controller import MemoryController
from kai_desktop.qt.memory.memory_list_model import MemoryFilterModel
from kai_desktop.qt.memory.memory_panel import MemoryListView

ALL_CATEGORIES = "All categories"


class ShowAllDialog(QDialog):
    open_memory = Signal(str)

    def __init__(self, controller: MemoryController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("All memories")
        self.setObjectName("showAllDialog")
        self.resize(520, 620)
        self._controller = controller

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search memories")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search memories")
        self.category = QComboBox()
        self.category.addItem(ALL_CATEGORIES, None)
        for cat in Category:
            self.category.addItem(str(cat), cat)
        self.category.setAccessibleName("Category filter")

        self.proxy = MemoryFilterModel(self)
        self.proxy.setSourceModel(controller.all_model)
        self.view = MemoryListView()
        self.view.setModel(self.proxy)
        self.view.setAccessibleName("All memories")
        self.count_label = QLabel()
        self.count_label.setEnabled(False)

        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.category)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        bottom.addWidget(buttons)
        layout.addLayout(bottom)

        self.search.textChanged.connect(self._on_search)
        self.category.currentIndexChanged.connect(self._on_category)
        self.view.delete_key.connect(controller.delete)
        self.view.open_key.connect(self.open_memory)
        for sig in (self.proxy.rowsInserted, self.proxy.rowsRemoved, self.proxy.modelReset):
            sig.connect(self._update_count)
        QShortcut(QKeySequence.StandardKey.Find, self, self.search.setFocus)
        self._update_count()

    def _on_search(self, text: str) -> None:
        self.proxy.set_search(text)
        self._update_count()

    def _on_category(self, _row: int) -> None:
        data = self.category.currentData()
        self.proxy.set_category(Category(data) if data is not None else None)
        self._update_count()

    def _update_count(self, *_args: object) -> None:
        shown = self.proxy.rowCount()
        total = self._controller.all_model.rowCount()
        self.count_label.setText(
            f"{total} memories" if shown == total else f"{shown} of {total} memories"
        )


class EditMemoryDialog(QDialog):
    """The key is shown, never editable; the content is; Save updates content and time."""

    save_requested = Signal(str, str)

    def __init__(self, memory: Memory, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit memory")
        self.setObjectName("editMemoryDialog")
        self.resize(480, 360)
        self.memory = memory

        self.key_field = QLineEdit(memory.key)
        self.key_field.setReadOnly(True)
        self.key_field.setAccessibleName("Key (not editable)")
        self.key_field.setToolTip("The key names the memory and cannot be changed.")
        self.key_field.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.key_field.setFrame(False)
        self.key_field.setStyleSheet("QLineEdit { background: transparent; font-weight: bold; }")
        key_hint = QLabel("The key names the memory and cannot be changed.")
        key_hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.content = QPlainTextEdit(memory.content)
        self.content.setAccessibleName("Content")
        self.content.setTabChangesFocus(True)
        details = QLabel(
            f"{memory.category} · {memory.hits} hit{'s' if memory.hits != 1 else ''} · "
            f"updated {memory.updated:%Y-%m-%d %H:%M}"
        )
        details.setEnabled(False)
        self.path_label = QLabel(memory.path)
        self.path_label.setEnabled(False)
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        form = QFormLayout()
        form.addRow("Key", self.key_field)
        form.addRow("", key_hint)
        form.addRow("", details)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self._save)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("Content"))
        layout.addWidget(self.content, 1)
        self._add_history(layout, memory)
        layout.addWidget(self.path_label)
        layout.addWidget(self.buttons)
        self.content.textChanged.connect(self._validate)
        QShortcut(QKeySequence.StandardKey.Save, self, self._save)
        self.content.setFocus()
        self._validate()

    def _add_history(self, layout: QVBoxLayout, memory: Memory) -> None:
        """Earlier values, newest first, when the memory has been updated."""
        self.history = QListWidget()
        self.history.setObjectName("memoryHistory")
        self.history.setAccessibleName("Earlier values")
        self.history.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        for entry in reversed(memory.history):
            day, _, value = entry.partition(": ")
            self.history.addItem(f"until {day}: {value}" if value else entry)
        if memory.history:
            layout.addWidget(QLabel(f"Earlier values ({len(memory.history)})"))
            self.history.setMaximumHeight(
                min(120, 8 + self.history.sizeHintForRow(0) * len(memory.history))
            )
            layout.addWidget(self.history)

    def _validate(self) -> None:
        text = self.content.toPlainText().strip()
        changed = text != self.memory.content.strip()
        self.save_button.setEnabled(bool(text) and changed)

    def _save(self) -> None:
        if not self.save_button.isEnabled():
            return
        self.save_requested.emit(self.memory.key, self.content.toPlainText().strip())
        self.accept()
