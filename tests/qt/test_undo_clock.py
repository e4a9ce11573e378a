"""The undo clock: one named timer, armed for the earliest deadline, usable from any thread."""

from __future__ import annotations

import threading

from pytestqt.qtbot import QtBot

from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.qt.workers.undo_clock import TIMER_NAME, UndoClock

WAIT_MS = 5_000


def test_deadlines_fire_in_order_on_the_gui_thread(qtbot: QtBot, undo_clock: UndoClock) -> None:
    fired: list[tuple[str, int]] = []
    undo_clock.schedule(0.15, lambda: fired.append(("late", threading.get_ident())))
    undo_clock.schedule(0.05, lambda: fired.append(("early", threading.get_ident())))
    assert undo_clock.timer.objectName() == TIMER_NAME
    assert undo_clock.timer.isSingleShot()
    assert undo_clock.timer.remainingTime() <= 50  # armed for the earliest
    qtbot.waitUntil(lambda: len(fired) == 2, timeout=WAIT_MS)
    gui = threading.get_ident()
    assert fired == [("early", gui), ("late", gui)]
    assert not undo_clock.timer.isActive()


def test_a_cancelled_deadline_never_fires_and_disarms_the_timer(
    qtbot: QtBot, undo_clock: UndoClock
) -> None:
    fired: list[str] = []
    deadline = undo_clock.schedule(0.05, lambda: fired.append("x"))
    deadline.cancel()
    assert undo_clock.pending() == 0
    assert not undo_clock.timer.isActive()
    qtbot.wait(100)
    assert fired == []


def test_the_stores_deadline_is_set_from_any_thread_and_ends_on_the_pool(
    qtbot: QtBot, undo_clock: UndoClock
) -> None:
    ran_on: list[int] = []
    caller = threading.Thread(
        target=lambda: undo_clock(0.05, lambda: ran_on.append(threading.get_ident()))
    )
    caller.start()
    caller.join()
    qtbot.waitUntil(undo_clock.timer.isActive, timeout=WAIT_MS)  # armed on the GUI thread
    qtbot.waitUntil(lambda: bool(ran_on), timeout=WAIT_MS)
    assert ran_on != [threading.get_ident()]  # removing the note touches the disk


def test_a_store_on_the_clock_removes_the_note_when_the_window_ends(
    qtbot: QtBot, make_memory_store, undo_clock: UndoClock
) -> None:
    store: MemoryStore = make_memory_store(undo_window_s=0.1)
    memory = store.store("tea", "The user drinks green tea")
    path = store.vault.resolve(memory.path)
    store.delete("tea")
    assert undo_clock.pending() == 1
    assert path.exists()
    qtbot.waitUntil(lambda: not path.exists(), timeout=WAIT_MS)
    assert store.get("tea") is None


def test_undo_cancels_the_stores_deadline(qtbot: QtBot, make_memory_store, undo_clock) -> None:
    store: MemoryStore = make_memory_store(undo_window_s=30.0)
    store.store("tea", "The user drinks green tea")
    store.delete("tea")
    assert undo_clock.pending() == 1
    store.undo("tea")
    assert undo_clock.pending() == 0
    assert not undo_clock.timer.isActive()
