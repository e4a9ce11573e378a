"""The trash and archive sheet, reached from the memory panel of the real window: a
forgotten memory and an archived one are listed and each Restore puts it back."""

from __future__ import annotations

from kai_desktop.core.memory.recovery import Recoverable
from kai_desktop.qt.memory.trash_dialog import RecoverableRole

WAIT_MS = 10_000


def rows(dialog) -> list[Recoverable]:
    model = dialog.model
    return [model.index(r, 0).data(RecoverableRole.ITEM) for r in range(model.rowCount())]


def test_forgotten_and_archived_memories_are_restored_from_the_window(make_app, qtbot):
    kai = make_app(start_background=False)
    store = kai.memory_store
    store.store("tea", "The user drinks green tea")
    store.store("bike", "The user rides a red bike")
    assert store.forget("tea")
    archived = store.archive("bike")
    assert archived == "archive/memories/bike.md"
    assert store.get("bike") is None

    kai.window.memory_panel.trash_button.click()
    dialog = kai.memory_ui.trash_dialog
    assert dialog is not None
    assert dialog.isVisible()
    qtbot.waitUntil(lambda: len(rows(dialog)) == 2, timeout=WAIT_MS)
    by_key = {item.key: item for item in rows(dialog)}
    assert by_key["tea"].reason == "forget"
    assert by_key["bike"].reason == "archived"
    assert "green tea" in dialog.model.index(
        rows(dialog).index(by_key["tea"]), 0).data()

    dialog.select_row(rows(dialog).index(by_key["tea"]))
    dialog.restore_button.click()
    qtbot.waitUntil(lambda: store.get("tea") is not None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "Restored tea" in dialog.status.text(), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: [i.key for i in rows(dialog)] == ["bike"], timeout=WAIT_MS)

    dialog.select_row(0)
    dialog.restore_button.click()
    qtbot.waitUntil(lambda: store.get("bike") is not None, timeout=WAIT_MS)
    assert (kai.vault.root / "memories" / "bike.md").exists()
    assert not (kai.vault.root / archived).exists()
    qtbot.waitUntil(lambda: rows(dialog) == [], timeout=WAIT_MS)
    dialog.close()
