"""Every setting applies without a restart: the undo window, the watcher's debounce, and a
new index server key or embedder reopen what uses them, on a real vault and index."""

from __future__ import annotations

from kai_desktop.app_parts import reopens_index
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.settings import Settings


def test_settings_reach_the_store_the_window_the_watcher_and_the_index(make_app, qtbot):
    kai = make_app(
        model_factory=lambda _progress: ScriptedChatModel(turns=[]),
        start_heartbeat=False,
        save_settings=False,
    )
    kai.show()
    status = kai.window.status
    qtbot.waitUntil(
        lambda: kai.index_service is not None and "up to date" in status.index_label.text(),
        timeout=120_000,
    )
    first_parts, first_service = kai.index_parts, kai.index_service
    assert first_parts is not None

    live = kai.settings_ui.settings.model_copy(
        update={"undo_window_s": 9.0, "watch_debounce_ms": 900}
    )
    kai.settings_ui.apply(live)
    assert kai.memory_store.undo_window_s == 9.0
    assert kai.window.parts.undo_window_s == 9.0
    assert first_parts.watcher.debounce_s == 0.9
    assert kai.index_parts is first_parts  # nothing there needed a new index

    kai.settings_ui.apply(live.model_copy(update={"qdrant_api_key": "secret-2"}))
    assert "next start" not in status.currentMessage()
    qtbot.waitUntil(
        lambda: kai.index_parts is not None and kai.index_parts is not first_parts
        and kai.index_service is not first_service
        and "up to date" in status.index_label.text(),
        timeout=120_000,
    )
    assert kai.index_parts.watcher.debounce_s == 0.9  # built from the new settings
    (kai.vault_dir / "Later.md").write_text("# Later\n\nA note about kites.\n")
    qtbot.waitUntil(lambda: "Later.md" in kai.window.notes_list.notes(), timeout=60_000)
    hits = kai.index_parts.retriever.search("kites", limit=3)
    assert any(h.path == "Later.md" for h in hits)


def test_which_settings_reopen_the_index() -> None:
    base = Settings()
    assert reopens_index(base, base.model_copy(update={"qdrant_api_key": "k"}))
    assert reopens_index(base, base.model_copy(update={"embedder": "fastembed"}))
    assert not reopens_index(base, base.model_copy(update={"watch_debounce_ms": 500}))
    assert not reopens_index(base, base.model_copy(update={"undo_window_s": 8.0}))
