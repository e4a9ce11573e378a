"""The main window's menus and shortcuts, remembered geometry, settings dialog, single
instance and the light/dark palette."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QDoubleSpinBox, QSpinBox
from pytestqt.qtbot import QtBot

from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.qt.main_window import MainWindow, WindowParts
from kai_desktop.qt.memory.memory_controller import MemoryController
from kai_desktop.qt.settings.settings_dialog import SettingsDialog
from kai_desktop.qt.widgets.theme import ThemeFollower, is_dark
from kai_desktop.qt.workers.single_instance import SingleInstance
from kai_desktop.qt.workers.tasks import TaskRunner
from kai_desktop.qt.workers.undo_clock import UndoClock


class Parts:
    def __init__(
        self, vault: Vault, store: MemoryStore, tasks: TaskRunner, clock: UndoClock, tmp: Path
    ) -> None:
        self.vault = vault
        self.tasks = tasks
        self.clock = clock
        self.memory = MemoryController(store, tasks)
        self.state = tmp / "window.ini"

    def window(self, qtbot: QtBot) -> MainWindow:
        window = MainWindow(
            WindowParts(
                vault_root=self.vault.root,
                tasks=self.tasks,
                memory=self.memory,
                list_notes=lambda: list(self.vault.iter_notes()),
                undo_clock=self.clock,
                ui_state_path=self.state,
            )
        )
        qtbot.addWidget(window)
        return window


@pytest.fixture
def parts(
    vault: Vault, memory_store: MemoryStore, tasks: TaskRunner, undo_clock: UndoClock,
    tmp_path: Path,
) -> Iterator[Parts]:
    p = Parts(vault, memory_store, tasks, undo_clock, tmp_path)
    yield p
    p.memory.close()


def test_shortcuts_reach_their_actions(parts, qtbot):
    window = parts.window(qtbot)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    target = window.memory_panel.toggle  # keys go to whatever has focus in the window
    target.setFocus()
    assert QApplication.activeWindow() is window
    ctrl = Qt.KeyboardModifier.ControlModifier
    with qtbot.waitSignal(window.new_chat_requested, timeout=2000):
        qtbot.keyClick(target, Qt.Key.Key_N, ctrl)
    with qtbot.waitSignal(window.settings_requested, timeout=2000):
        qtbot.keyClick(target, Qt.Key.Key_Comma, ctrl)
    with qtbot.waitSignal(window.focus_input_requested, timeout=2000):
        qtbot.keyClick(target, Qt.Key.Key_L, ctrl)
    # Esc stops an answer only while one runs, so Esc stays free for everything else
    assert not window.stop_action.isEnabled()
    window.stop_action.setEnabled(True)
    with qtbot.waitSignal(window.stop_requested, timeout=2000):
        qtbot.keyClick(target, Qt.Key.Key_Escape)
    qtbot.keyClick(target, Qt.Key.Key_2, ctrl)
    assert window.side_tabs.currentWidget() is window.notes_list
    window.close()


def test_geometry_splitter_and_tab_are_remembered(parts, qtbot):
    first = parts.window(qtbot)
    first.show()
    first.resize(700, 500)
    first.splitter.setSizes([300, 600])
    first.side_tabs.setCurrentIndex(1)
    sizes = first.splitter.sizes()
    first.close()
    assert QSettings(str(parts.state), QSettings.Format.IniFormat).contains("window/geometry")

    second = parts.window(qtbot)
    second.show()
    assert (second.size().width(), second.size().height()) == (700, 500)
    assert second.side_tabs.currentIndex() == 1
    assert second.splitter.sizes() == sizes
    second.close()


def test_settings_dialog_is_built_from_the_schema(qtbot):
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    for name, info in Settings.model_fields.items():
        assert name in dialog.editors, name
        assert dialog.editors[name].widget.accessibleName() == (info.title or name)
    budget = dialog.editors["memory_budget_chars"].widget
    assert isinstance(budget, QSpinBox)
    assert (budget.minimum(), budget.maximum()) == (200, 50_000)
    weight = dialog.editors["weight_similarity"].widget
    assert isinstance(weight, QDoubleSpinBox)
    assert weight.maximum() == 10
    assert isinstance(dialog.editors["auto_extract"].widget, QCheckBox)
    assert dialog.editors["n_ctx"].widget.toolTip() == Settings.model_fields["n_ctx"].description


def test_settings_dialog_refuses_an_invalid_combination_and_saves_a_valid_one(qtbot):
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    start = dialog.editors["active_start_hour"].widget
    end = dialog.editors["active_end_hour"].widget
    assert isinstance(start, QSpinBox)
    assert isinstance(end, QSpinBox)
    start.setValue(20)
    end.setValue(9)
    with qtbot.assertNotEmitted(dialog.saved):
        dialog.save()
    assert dialog.error_label.isVisible()
    assert dialog.isVisible()

    end.setValue(23)
    extract = dialog.editors["auto_extract"].widget
    extract.setFocus()
    qtbot.keyClick(extract, Qt.Key.Key_Space)
    with qtbot.waitSignal(dialog.saved, timeout=2000) as saved:
        dialog.save()
    settings = saved.args[0]
    assert isinstance(settings, Settings)
    assert (settings.active_start_hour, settings.active_end_hour) == (20, 23)
    assert settings.auto_extract is False
    assert not dialog.isVisible()


def test_a_second_launch_on_the_same_vault_raises_the_first(tmp_path, qtbot):
    first = SingleInstance(tmp_path / "vault")
    other_vault = SingleInstance(tmp_path / "elsewhere")
    try:
        assert first.acquire()
        assert other_vault.acquire()  # another vault is another instance
        second = SingleInstance(tmp_path / "vault")
        with qtbot.waitSignal(first.activate_requested, timeout=5000):
            assert not second.acquire()
    finally:
        first.release()
        other_vault.release()
    again = SingleInstance(tmp_path / "vault")
    assert again.acquire()  # released: the next launch may take over
    again.release()


def test_palette_follows_the_colour_scheme(qtbot):
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    hints = app.styleHints()
    before_palette = app.palette()
    follower = ThemeFollower(app)
    try:
        # what the platform sends when the user switches the system to dark and back
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert is_dark(app.palette())
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert not is_dark(app.palette())
    finally:
        follower.deleteLater()
        app.setPalette(before_palette)


def test_settings_dialog_offers_a_model_download(qtbot):
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.download_url, "not a url")
    with qtbot.assertNotEmitted(dialog.download_requested):
        qtbot.mouseClick(dialog.download_button, Qt.MouseButton.LeftButton)
    assert dialog.error_label.isVisible()
    dialog.download_url.clear()
    qtbot.keyClicks(dialog.download_url, "https://example.org/m.gguf")
    with qtbot.waitSignal(dialog.download_requested, timeout=2000) as asked:
        qtbot.mouseClick(dialog.download_button, Qt.MouseButton.LeftButton)
    assert asked.args == ["https://example.org/m.gguf"]
