"""The memory settings panel, driven as a user would: clicks, keys, waiting for signals."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.files import Vault
from kai_desktop.qt.main_window import MainWindow, WindowParts
from kai_desktop.qt.memory.memory_controller import MemoryController
from kai_desktop.qt.memory.memory_delegate import ELLIPSIS
from kai_desktop.qt.memory.memory_list_model import MemoryRole
from kai_desktop.qt.workers.tasks import TaskRunner
from kai_desktop.qt.workers.undo_clock import UndoClock

LONG = " ".join(f"word{i}" for i in range(200))


class Clock:
    """Each call is one second later, so 'most recently updated' is unambiguous."""

    def __init__(self) -> None:
        self._ticks = itertools.count()
        self._start = datetime(2026, 11, 21, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self._start + timedelta(seconds=next(self._ticks))


class Harness:
    def __init__(
        self, vault: Vault, store: MemoryStore, tasks: TaskRunner, undo_clock: UndoClock,
        qtbot: QtBot, *, undo_window_s: float,
    ) -> None:
        self.vault = vault
        self.store = store
        self.tasks = tasks
        self.undo_clock = undo_clock
        self.controller = MemoryController(self.store, self.tasks)
        self.window = MainWindow(
            WindowParts(
                vault_root=vault.root,
                tasks=self.tasks,
                memory=self.controller,
                list_notes=lambda: list(self.vault.iter_notes()),
                undo_clock=undo_clock,
                undo_window_s=undo_window_s,
            )
        )
        qtbot.addWidget(self.window)
        self.window.resize(1100, 800)
        self.window.show()
        self.panel = self.window.memory_panel
        self.qtbot = qtbot

    def close(self) -> None:
        self.window.close()
        self.controller.close()

    def wait_rows(self, n: int) -> None:
        self.qtbot.waitUntil(lambda: self.controller.recent_model.rowCount() == n)

    def recent_keys(self) -> list[str]:
        return [m.key for m in self.controller.recent_model.memories()]

    def click(self, view: object, pos: QPoint) -> None:
        self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)  # type: ignore[attr-defined]

    def click_row(self, view: object, row: int) -> None:
        rect = view.visualRect(view.model().index(row, 0))  # type: ignore[attr-defined]
        self.click(view, QPoint(rect.left() + 40, rect.top() + 12))

    def click_trash(self, view: object, row: int) -> None:
        x, y = view.trash_point(row)  # type: ignore[attr-defined]
        self.click(view, QPoint(x, y))


@pytest.fixture
def make_harness(
    vault: Vault,
    make_memory_store: Callable[..., MemoryStore],
    tasks: TaskRunner,
    undo_clock: UndoClock,
    qtbot: QtBot,
) -> Iterator[Callable[..., Harness]]:
    made: list[Harness] = []

    def make(undo_window_s: float = 4.0) -> Harness:
        store = make_memory_store(undo_window_s=undo_window_s, clock=Clock())
        h = Harness(vault, store, tasks, undo_clock, qtbot, undo_window_s=undo_window_s)
        made.append(h)
        return h

    yield make
    for h in made:
        h.close()


def test_recent_list_shows_five_newest_with_key_bold_and_content_cut(make_harness):
    h = make_harness()
    for i in range(7):
        h.store.store(f"fact-{i}", LONG if i == 6 else f"short fact {i}")
    h.wait_rows(5)
    assert h.recent_keys() == ["fact-6", "fact-5", "fact-4", "fact-3", "fact-2"]

    view = h.panel.recent_view
    delegate = view.delegate
    from PySide6.QtWidgets import QStyleOptionViewItem

    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = view.visualRect(view.model().index(0, 0))
    long_lines = delegate.content_lines(option, view.model().index(0, 0))
    assert len(long_lines) == 3
    assert long_lines[-1].endswith(ELLIPSIS)
    short_lines = delegate.content_lines(option, view.model().index(1, 0))
    assert short_lines == ["short fact 5"]
    # the card is tall enough for three lines, and renders
    assert view.visualRect(view.model().index(0, 0)).height() > view.visualRect(
        view.model().index(1, 0)
    ).height()
    assert not view.grab().isNull()


def test_show_all_appears_only_from_six_memories(make_harness, qtbot):
    h = make_harness()
    for i in range(5):
        h.store.store(f"k{i}", f"content {i}")
    h.wait_rows(5)
    qtbot.waitUntil(lambda: h.controller.count() == 5)
    assert h.panel.show_all_button.isHidden()

    h.store.learn("likes-tea", "The user drinks green tea", Category.PREFERENCE)
    qtbot.waitUntil(lambda: h.controller.count() == 6)
    assert not h.panel.show_all_button.isHidden()
    assert h.panel.show_all_button.text() == "Show all (6)"

    qtbot.mouseClick(h.panel.show_all_button, Qt.MouseButton.LeftButton)
    dialog = h.window.show_all_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.view.model().rowCount() == 6

    qtbot.keyClicks(dialog.search, "tea")
    assert dialog.view.model().rowCount() == 1
    dialog.search.clear()
    dialog.category.setCurrentIndex(dialog.category.findText("Preference"))
    shown = dialog.view.model()
    assert [shown.index(r, 0).data() for r in range(shown.rowCount())] == ["likes-tea"]
    dialog.category.setCurrentIndex(0)
    assert dialog.view.model().rowCount() == 6
    dialog.close()


def test_edit_sheet_saves_content_and_timestamp_key_read_only(make_harness, qtbot):
    h = make_harness()
    before = h.store.store("editor", "The user edits with vim")
    h.wait_rows(1)

    h.click_row(h.panel.recent_view, 0)
    qtbot.waitUntil(lambda: h.window.edit_dialog is not None and h.window.edit_dialog.isVisible())
    sheet = h.window.edit_dialog
    assert sheet is not None
    assert sheet.key_field.text() == "editor"
    assert sheet.key_field.isReadOnly()
    sheet.key_field.setFocus()
    qtbot.keyClicks(sheet.key_field, "XYZ")
    assert sheet.key_field.text() == "editor"

    sheet.content.selectAll()
    qtbot.keyClicks(sheet.content, "The user edits with helix")
    with qtbot.waitSignal(h.controller.saved, timeout=5000):
        qtbot.mouseClick(sheet.save_button, Qt.MouseButton.LeftButton)

    after = h.store.get("editor")
    assert after is not None
    assert after.content == "The user edits with helix"
    assert after.updated > before.updated
    assert after.key == "editor"
    on_disk = (h.vault.root / after.path).read_text(encoding="utf-8")
    assert "The user edits with helix" in on_disk
    qtbot.waitUntil(
        lambda: h.controller.recent_model.memory_at(0).content == "The user edits with helix"
    )


def test_delete_then_undo_restores_the_identical_memory(make_harness, qtbot):
    h = make_harness(undo_window_s=30.0)
    h.store.store("keep-me", "A memory worth keeping")
    original = h.store.get("keep-me")
    assert original is not None
    path = h.vault.root / original.path
    original_bytes = path.read_bytes()
    h.wait_rows(1)

    h.click_trash(h.panel.recent_view, 0)
    qtbot.waitUntil(lambda: h.controller.recent_model.rowCount() == 0)
    qtbot.waitUntil(h.window.snackbar.isVisible)
    assert "keep-me" in h.window.snackbar.label.text()
    assert path.exists(), "nothing is removed before the undo window ends"

    with qtbot.waitSignal(h.controller.restored, timeout=5000):
        qtbot.mouseClick(h.window.snackbar.button, Qt.MouseButton.LeftButton)
    assert not h.window.snackbar.isVisible()
    h.wait_rows(1)
    assert h.store.get("keep-me") == original
    assert path.read_bytes() == original_bytes
    qtbot.waitUntil(lambda: h.undo_clock.pending() == 0)  # both deadlines are gone
    assert not h.undo_clock.timer.isActive()


def test_the_snackbar_and_the_store_wait_on_one_clock(make_harness, qtbot):
    h = make_harness(undo_window_s=30.0)
    h.store.store("gone", "Soon forgotten")
    h.wait_rows(1)

    h.click_trash(h.panel.recent_view, 0)
    qtbot.waitUntil(h.window.snackbar.isVisible)
    # The store's undo window and the snackbar's: two deadlines on the one named timer,
    # no timer thread of the store's and no timer of the snackbar's own.
    qtbot.waitUntil(lambda: h.undo_clock.pending() == 2)
    assert h.undo_clock.timer.objectName() == "undoWindow"
    assert 29_000 < h.undo_clock.timer.remainingTime() <= 30_000
    assert not h.window.snackbar.findChildren(QTimer)
    assert "kai-memory-undo-window" not in {t.name for t in threading.enumerate()}


def test_delete_then_timeout_removes_the_note_from_disk(make_harness, qtbot):
    h = make_harness(undo_window_s=0.3)
    memory = h.store.store("forget-me", "Temporary")
    path = h.vault.root / memory.path
    h.wait_rows(1)

    h.panel.recent_view.setFocus()
    h.panel.recent_view.select_row(0)
    qtbot.keyClick(h.panel.recent_view, Qt.Key.Key_Delete)
    qtbot.waitUntil(h.window.snackbar.isVisible)
    qtbot.waitUntil(lambda: not path.exists(), timeout=10_000)
    qtbot.waitUntil(lambda: not h.window.snackbar.isVisible())
    assert h.store.get("forget-me") is None
    assert h.controller.count() == 0


def test_toggle_switch_turns_memory_off_without_deleting(make_harness, qtbot):
    h = make_harness()
    memory = h.store.store("colour", "The user likes teal")
    h.wait_rows(1)
    assert h.panel.toggle.isChecked()

    with qtbot.waitSignal(h.controller.enabled_changed, timeout=5000) as blocker:
        qtbot.mouseClick(h.panel.toggle, Qt.MouseButton.LeftButton)
    assert blocker.args == [False]
    qtbot.waitUntil(lambda: h.store.enabled is False)
    assert h.panel.state_label.text() == "Off"
    assert (h.vault.root / memory.path).exists()
    assert h.store.get("colour") is not None


def test_external_edit_shows_up_in_the_panel(make_harness, qtbot):
    h = make_harness()
    memory = h.store.store("city", "The user lives in Lyon")
    h.wait_rows(1)
    path = h.vault.root / memory.path
    text = path.read_text(encoding="utf-8").replace("Lyon", "Porto")
    path.write_text(text, encoding="utf-8")  # as Obsidian would

    h.controller.reload_paths([memory.path])  # the watcher's batch
    qtbot.waitUntil(
        lambda: h.controller.recent_model.memory_at(0).content == "The user lives in Porto"
    )


def test_promotion_candidates_are_marked_and_promotions_can_be_undone(make_harness, qtbot):
    from kai_desktop.qt.memory.memory_panel import PromotionRow

    h = make_harness()
    h.store.store("often", "Asked about every day")
    for _ in range(4):
        h.store.reinforce("often")
    h.store.store("rarely", "Mentioned once")
    h.wait_rows(2)
    marks = {m.key: h.controller.recent_model.index(r).data(MemoryRole.CANDIDATE)
             for r, m in enumerate(h.controller.recent_model.memories())}
    assert marks == {"often": True, "rarely": False}

    panel = h.panel
    assert panel.promotions_title.isHidden()
    panel.set_promotions([PromotionRow("p1", "tea", "I know Sam likes green tea.")])
    assert not panel.promotions_title.isHidden()
    undo = next(
        b for b in panel.findChildren(QPushButton) if b.accessibleName() == "Undo promotion of tea"
    )
    with qtbot.waitSignal(panel.undo_promotion, timeout=2000) as undone:
        qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    assert undone.args == ["p1"]
