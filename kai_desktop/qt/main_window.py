"""The main window: layout and wiring only. Every service arrives in :class:`WindowParts`.

Chat on the left; on the right a tab switcher with Memories, Graph and Notes; a status bar
with model state, index state and a progress bar. Geometry and splitter state are kept in
a small ini file (``WindowParts.ui_state_path``).

Signals:
    settings_requested(): File → Settings (Ctrl+,).
    new_chat_requested(): Chat → New chat (Ctrl+N).
    stop_requested(): Chat → Stop (Esc).
    focus_input_requested(): Chat → Type a message (Ctrl+L).
    closing(): the window is closing (the composition root shuts services down).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.memory.model import Memory
from kai_desktop.qt.memory.memory_controller import MemoryController
from kai_desktop.qt.memory.memory_panel import MemoryPanel
from kai_desktop.qt.notes.notes_list import NotesList
from kai_desktop.qt.widgets.snackbar import Snackbar
from kai_desktop.qt.widgets.status_bar import JobStatusBar
from kai_desktop.qt.workers.tasks import TaskRunner
from kai_desktop.qt.workers.undo_clock import UndoClock

if TYPE_CHECKING:  # the sheets are imported when first opened
    from kai_desktop.qt.memory.memory_dialogs import EditMemoryDialog, ShowAllDialog


@dataclass
class WindowParts:
    """What the composition root hands the window."""

    vault_root: Path
    tasks: TaskRunner
    memory: MemoryController
    list_notes: Callable[[], Sequence[str]]
    undo_clock: UndoClock
    """The clock that also ends the store's undo windows: the snackbar hides on it."""
    undo_window_s: float = 4.0
    ui_state_path: Path | None = None
    extra_tabs: list[tuple[str, QWidget]] = field(default_factory=list)
    chat_widget: QWidget | None = None


class MainWindow(QMainWindow):
    settings_requested = Signal()
    new_chat_requested = Signal()
    stop_requested = Signal()
    focus_input_requested = Signal()
    closing = Signal()

    def __init__(self, parts: WindowParts) -> None:
        super().__init__()
        self.parts = parts
        self.close_guard: Callable[[], bool] | None = None
        """Asked before closing: True holds the close (it will close the window itself)."""
        self.setObjectName("kaiMainWindow")
        self.setWindowTitle(f"Kai — {parts.vault_root.name}")
        self.resize(1200, 780)

        self.chat = parts.chat_widget or _placeholder_chat()
        self.memory_panel = MemoryPanel(parts.memory)
        self.notes_list = NotesList(parts.list_notes, parts.tasks)
        self.side_tabs = QTabWidget()
        self.side_tabs.setDocumentMode(True)
        self.side_tabs.addTab(self.memory_panel, "Memories")
        for title, widget in parts.extra_tabs:
            self.side_tabs.addTab(widget, title)
        self.side_tabs.addTab(self.notes_list, "Notes")

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.chat)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([700, 480])
        central = QWidget()
        self._central_layout = QVBoxLayout(central)
        self._central_layout.setContentsMargins(0, 0, 0, 0)
        self._central_layout.setSpacing(0)
        self._central_layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.status = JobStatusBar()
        self.setStatusBar(self.status)
        self.snackbar = Snackbar(self, parts.undo_clock, anchor=self.side_tabs)

        self.show_all_dialog: ShowAllDialog | None = None
        self.edit_dialog: EditMemoryDialog | None = None
        self._build_menus()
        self._wire()
        self._restore_state()
        parts.memory.refresh()
        self.notes_list.refresh()

    def add_banner(self, banner: QWidget) -> None:
        """A bar across the top of the window, above chat and side panels."""
        self._central_layout.insertWidget(0, banner)

    # -- menus ---------------------------------------------------------------------------
    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.settings_action = QAction("&Settings…", self)
        self.settings_action.setShortcut(QKeySequence("Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(self.settings_requested)
        file_menu.addAction(self.settings_action)
        file_menu.addSeparator()
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        file_menu.addAction(self.quit_action)

        chat_menu = bar.addMenu("&Chat")
        self.new_chat_action = QAction("&New chat", self)
        self.new_chat_action.setShortcut(QKeySequence.StandardKey.New)
        self.new_chat_action.triggered.connect(self.new_chat_requested)
        self.focus_action = QAction("&Type a message", self)
        self.focus_action.setShortcut(QKeySequence("Ctrl+L"))
        self.focus_action.triggered.connect(self.focus_input_requested)
        self.stop_action = QAction("&Stop answer", self)
        self.stop_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.stop_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.stop_action.triggered.connect(self.stop_requested)
        self.stop_action.setEnabled(False)  # only while an answer runs: Esc stays free
        for action in (self.new_chat_action, self.focus_action, self.stop_action):
            chat_menu.addAction(action)

        self.view_menu = bar.addMenu("&View")
        for i, title in enumerate(("Memories", *[t for t, _ in self.parts.extra_tabs], "Notes")):
            action = QAction(title, self)
            action.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            action.triggered.connect(lambda _=False, n=i: self.side_tabs.setCurrentIndex(n))
            self.view_menu.addAction(action)

        self.memory_menu = bar.addMenu("&Memory")
        self.show_all_action = QAction("Show all memories…", self)
        self.show_all_action.triggered.connect(self.open_show_all)
        self.memory_menu.addAction(self.show_all_action)

        help_menu = bar.addMenu("&Help")
        about = QAction("About Kai", self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

    def _about(self) -> None:
        QMessageBox.about(
            self,
            "About Kai",
            "Kai Desktop — a local assistant whose memory is an Obsidian vault.<br>"
            f"Vault: {self.parts.vault_root}",
        )

    # -- wiring --------------------------------------------------------------------------
    def _wire(self) -> None:
        memory = self.parts.memory
        self.memory_panel.show_all_requested.connect(self.open_show_all)
        self.memory_panel.open_memory.connect(self.open_edit)
        memory.deleted.connect(self._on_deleted)
        memory.error.connect(self._show_error)
        self.snackbar.action_triggered.connect(memory.undo_delete)
        self.snackbar.expired.connect(lambda _key: memory.finalize_due())

    def open_show_all(self) -> None:
        from kai_desktop.qt.memory.memory_dialogs import ShowAllDialog

        if self.show_all_dialog is None:
            dialog = ShowAllDialog(self.parts.memory, self)
            dialog.setWindowModality(Qt.WindowModality.WindowModal)
            dialog.open_memory.connect(self.open_edit)
            self.show_all_dialog = dialog
        self.show_all_dialog.open()

    def open_edit(self, key: str) -> None:
        from kai_desktop.qt.memory.memory_dialogs import EditMemoryDialog

        memory = _find(self.parts.memory.memories(), key)
        if memory is None:
            self._show_error(f"The memory {key!r} is gone.")
            return
        if self.edit_dialog is not None:
            self.edit_dialog.close()
            self.edit_dialog.deleteLater()
        parent: QWidget = self
        if self.show_all_dialog is not None and self.show_all_dialog.isVisible():
            parent = self.show_all_dialog
        dialog = EditMemoryDialog(memory, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.save_requested.connect(self.parts.memory.edit_content)
        self.edit_dialog = dialog
        dialog.open()

    def _on_deleted(self, memory: Memory) -> None:
        self.snackbar.show_message(
            f"Deleted “{memory.key}”", memory.key, duration_s=self.parts.undo_window_s
        )

    def _show_error(self, message: str) -> None:
        self.status.showMessage(message, 8000)

    def bring_to_front(self) -> None:
        """A second launch asked for this window."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

    # -- state ---------------------------------------------------------------------------
    def _ui_state(self) -> QSettings | None:
        path = self.parts.ui_state_path
        if path is None:
            return None
        return QSettings(str(path), QSettings.Format.IniFormat)

    def _restore_state(self) -> None:
        state = self._ui_state()
        if state is None:
            return
        geometry = state.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        splitter = state.value("window/splitter")
        if splitter is not None:
            self.splitter.restoreState(splitter)
        tab = state.value("window/side_tab")
        if tab is not None:
            self.side_tabs.setCurrentIndex(int(tab))

    def save_state(self) -> None:
        state = self._ui_state()
        if state is None:
            return
        state.setValue("window/geometry", self.saveGeometry())
        state.setValue("window/splitter", self.splitter.saveState())
        state.setValue("window/side_tab", self.side_tabs.currentIndex())
        state.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.close_guard is not None and self.close_guard():
            event.ignore()  # the guard finishes its work, then closes the window again
            return
        self.save_state()
        self.snackbar.dismiss()
        self.closing.emit()
        super().closeEvent(event)


def _find(memories: Sequence[Memory], key: str) -> Memory | None:
    return next((m for m in memories if m.key == key), None)


def _placeholder_chat() -> QWidget:
    label = QLabel("Chat is starting…")
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return label
