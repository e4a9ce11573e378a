"""The review inbox panel and the edit sheet's history."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.inbox import ReviewInbox
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout
from kai_desktop.qt.memory.memory_dialogs import EditMemoryDialog
from kai_desktop.qt.memory.review_inbox import ReviewInboxPanel


def _store(root: Path) -> MemoryStore:
    vault = Vault(root)
    ensure_vault_layout(vault, "# Soul\n")
    return MemoryStore(vault)


def test_a_contradiction_waits_in_the_inbox_and_accept_applies_it(
    tmp_path: Path, qtbot: QtBot
) -> None:
    store = _store(tmp_path / "vault")
    inbox = ReviewInbox(tmp_path / "inbox.json")
    store.learn("favourite_tea_brand", "The user likes Twinings tea.", "Preference")
    panel = ReviewInboxPanel(inbox, store)
    qtbot.addWidget(panel)
    counts: list[int] = []
    panel.count_changed.connect(counts.append)
    assert panel.empty.isVisibleTo(panel)
    Capturer(store, Tiers(store.vault), inbox).capture(None, "My favourite tea is rooibos.")
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1)
    assert counts[-1] == 1
    assert "rooibos" in panel.diff.toPlainText()
    assert "Twinings" in panel.diff.toPlainText()
    panel.accept_current()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0)
    memory = store.get("favourite_tea_brand")
    assert memory is not None
    assert "rooibos" in memory.content
    assert "Twinings" in memory.history[0]


def test_reject_keeps_the_memory(tmp_path: Path, qtbot: QtBot) -> None:
    store = _store(tmp_path / "vault")
    store.store("city", "The user lives in Lyon.")
    inbox = ReviewInbox(tmp_path / "inbox.json")
    inbox.add_contradiction(
        "city", "The user lives in Lyon.", "home_city", "The user lives in Nice."
    )
    panel = ReviewInboxPanel(inbox, store)
    qtbot.addWidget(panel)
    panel.reject_current()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0)
    assert store.get("city").content == "The user lives in Lyon."  # type: ignore[union-attr]
    assert ReviewInbox(tmp_path / "inbox.json").items() == []


def test_the_edit_sheet_shows_earlier_values(tmp_path: Path, qtbot: QtBot) -> None:
    store = _store(tmp_path / "vault")
    store.store("occupation", "The user works as a baker.")
    memory = store.supersede("occupation", "The user teaches maths.")
    dialog = EditMemoryDialog(memory)
    qtbot.addWidget(dialog)
    assert dialog.history.count() == 1
    assert "baker" in dialog.history.item(0).text()


def test_accepting_writes_off_the_gui_thread_and_the_list_follows(
    tmp_path: Path, qtbot: QtBot, tasks
) -> None:
    import threading

    store = _store(tmp_path / "vault")
    store.store("city", "The user lives in Lyon.")
    inbox = ReviewInbox(tmp_path / "inbox.json")
    inbox.add_contradiction(
        "city", "The user lives in Lyon.", "home_city", "The user lives in Nice."
    )
    writers: list[str] = []
    original = store.supersede

    def watched(*args, **kwargs):
        writers.append(threading.current_thread().name)
        return original(*args, **kwargs)

    store.supersede = watched  # type: ignore[method-assign]
    panel = ReviewInboxPanel(inbox, store, tasks=tasks)
    qtbot.addWidget(panel)
    panel.accept_current()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 0)
    assert "Nice" in store.get("city").content  # type: ignore[union-attr]
    assert writers
    assert writers[0] != threading.main_thread().name
