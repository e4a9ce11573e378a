"""The composition root builds a working window on a real vault."""

from __future__ import annotations

import gc
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt

from kai_desktop.app import KaiApp
from kai_desktop.app_parts import build_search
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.settings import Settings
from kai_desktop.infra.fastembed.embedder import FastEmbedEmbedder

MakeApp = Callable[..., KaiApp]


def test_window_opens_on_a_new_vault_and_creates_its_layout(app_env, make_app, qtbot):
    vault = app_env / "vault"
    kai = make_app(vault=vault, start_background=False)
    with qtbot.waitExposed(kai.window):
        kai.show()
    for rel in ("Soul.md", "Memory.md", "Procedural.md", "memories", "daily", "sessions"):
        assert (vault / rel).exists(), rel
    qtbot.waitUntil(lambda: "Soul.md" in kai.window.notes_list.notes())
    assert kai.window.windowTitle() == "Kai — vault"


def test_window_lists_existing_notes_and_memories(app_env, make_app, qtbot):
    vault = app_env / "obsidian"
    (vault / "projects").mkdir(parents=True)
    (vault / "projects" / "Garden.md").write_text("# Garden\n\nTomatoes.\n", encoding="utf-8")
    kai = make_app(vault=vault, start_background=False)
    # Not a folder Kai made: its layout waits for the user's consent.
    assert not kai.layout.ready
    assert sorted(p.name for p in vault.iterdir()) == ["projects"]
    kai.layout.set_up()
    kai.memory_store.store("pet", "The user has a cat named Miso")
    kai.show()
    qtbot.waitUntil(lambda: "projects/Garden.md" in kai.window.notes_list.notes())
    qtbot.waitUntil(lambda: kai.memory.recent_model.rowCount() == 1)
    assert kai.memory.recent_model.memory_at(0).key == "pet"


def test_vault_comes_from_env_when_no_flag(app_env, make_app, qtbot, monkeypatch):
    vault = app_env / "from-env"
    monkeypatch.setenv("KAI_VAULT_DIR", str(vault))
    kai = make_app(vault=None, start_background=False, settings=Settings())
    assert kai.vault_dir == vault.resolve()
    assert (vault / "Soul.md").exists()


def test_memory_switch_is_saved_in_settings(app_env, make_app, qtbot):
    kai = make_app(vault=app_env / "v", start_background=False)
    kai.show()
    kai.window.memory_panel.toggle.click()
    qtbot.waitUntil(kai.settings_store.path.exists)
    assert kai.settings_store.load().memory_enabled is False


def _scripted_app(make_app: MakeApp, model: ScriptedChatModel) -> KaiApp:
    return make_app(
        model_factory=lambda _progress: model,
        start_index=False,
        start_heartbeat=False,
        save_settings=False,
    )


def test_memory_switch_off_keeps_memories_out_of_the_next_prompt(make_app, qtbot):
    model = ScriptedChatModel(turns=["Sure."], repeat_last=True)
    kai = _scripted_app(make_app, model)
    kai.memory_store.store("pet", "The user has a cat named Miso")
    kai.show()
    qtbot.waitUntil(lambda: kai.memory.recent_model.rowCount() == 1)
    qtbot.waitUntil(kai.chat.is_ready, timeout=10_000)
    # Start-up done: its long-lived objects are out of the way of full collections.
    assert gc.get_freeze_count() > 10_000

    def ask(text: str) -> str:
        before = len(model.requests)
        with qtbot.waitSignal(kai.chat.answered, timeout=10_000):
            kai.chat_pane.input.setPlainText(text)
            qtbot.mouseClick(kai.chat_pane.send_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not kai.chat.is_busy(), timeout=10_000)
        request = model.requests[before]
        assert request.messages[0]["role"] == "system"
        # What memory adds: the system prompt, the newest message (its hint) and the tools.
        # (Earlier answers are conversation: one that gave the memory keeps saying it.)
        sent = [request.messages[0], request.messages[-1]]
        return "\n".join(str(m.get("content")) for m in sent) + str(request.tools)

    assert "Miso" in ask("Who is my pet?")  # on: the memory goes with the message

    qtbot.mouseClick(kai.window.memory_panel.toggle, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: kai.memory_store.enabled is False)
    prompt = ask("Who is my pet?")
    assert "Miso" not in prompt
    assert "memory_store" not in prompt  # and no memory tools are offered
    earlier = [m for m in model.requests[-1].messages[1:-1] if m["role"] == "user"]
    assert all("Miso" not in str(m.get("content")) for m in earlier)  # hints taken out
    assert kai.memory_store.get("pet") is not None  # nothing was deleted


def test_external_edit_reaches_panel_and_graph(make_app, qtbot):
    kai = _scripted_app(make_app, ScriptedChatModel(turns=[]))
    memory = kai.memory_store.store("city", "The user lives in Lyon")
    with qtbot.waitSignal(kai.graph_pane.shown, timeout=10_000):
        kai.show()
    # The graph on screen stays: full garbage collections no longer walk it.
    walked = {id(o) for o in gc.get_objects()}
    assert kai.graph_pane.view.nodes
    assert id(kai.graph_pane.view.nodes) not in walked
    path = kai.vault_dir / memory.path
    path.write_text(path.read_text(encoding="utf-8").replace("Lyon", "Porto"), encoding="utf-8")
    (kai.vault_dir / "Trip.md").write_text("# Trip\n\nTo [[Porto]].\n", encoding="utf-8")
    # What the index service reports for this batch: external, and indexed.
    kai.memory.reload_paths([memory.path, "Trip.md"])
    kai.on_vault_indexed([memory.path, "Trip.md"])
    qtbot.waitUntil(
        lambda: kai.memory.recent_model.memory_at(0).content == "The user lives in Porto"
    )
    qtbot.waitUntil(lambda: "Trip.md" in kai.graph_pane.view.nodes, timeout=10_000)
    assert ("Trip.md", "Porto.md") in kai.graph_pane.view.edges


def test_a_cited_note_opens_at_its_line(make_app, qtbot):
    kai = _scripted_app(make_app, ScriptedChatModel(turns=[]))
    note = kai.vault_dir / "Garden.md"
    note.write_text("# Garden\n\nintro\n\n## Soil\nLoamy.\n", encoding="utf-8")
    kai.show()
    kai.chat_pane.open_source.emit("Garden.md", 5)  # what clicking a "Used:" link sends
    dialog = kai.notes.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.text.toPlainText().startswith("# Garden"))
    assert dialog.text.textCursor().blockNumber() == 4
    marks = dialog.text.extraSelections()
    assert len(marks) == 1
    assert marks[0].cursor.selectedText() == "## Soil"
    dialog.close()


def test_memories_written_by_the_app_come_and_go_in_the_graph(make_app, qtbot):
    kai = make_app(
        settings=Settings(undo_window_s=0.5),
        model_factory=lambda _progress: ScriptedChatModel(turns=[]),
        start_index=False,
        start_heartbeat=False,
        save_settings=False,
    )
    kai.show()
    qtbot.waitUntil(lambda: kai.graph_pane.loaded, timeout=10_000)
    memory = kai.memory_store.store("bike", "The user rides a blue bike")
    view = kai.graph_pane.view
    qtbot.waitUntil(lambda: memory.path in view.nodes, timeout=10_000)
    qtbot.waitUntil(lambda: view.title_of(memory.path) == "bike")
    kai.memory.delete("bike")
    qtbot.waitUntil(lambda: memory.path not in view.nodes, timeout=10_000)
    assert not (kai.vault_dir / memory.path).exists()


@pytest.mark.integration
def test_an_edit_made_in_obsidian_reaches_the_panel_through_the_watcher(make_app, qtbot):
    """The real chain: file watcher -> index service -> memory panel, graph, notes list."""
    kai = make_app(
        model_factory=lambda _progress: ScriptedChatModel(turns=[]),
        start_heartbeat=False,
        save_settings=False,
    )
    memory = kai.memory_store.store("city", "The user lives in Lyon")
    kai.show()
    status = kai.window.status
    qtbot.waitUntil(
        lambda: kai.index_service is not None and "up to date" in status.index_label.text(),
        timeout=120_000,
    )
    path = kai.vault_dir / memory.path
    path.write_text(path.read_text(encoding="utf-8").replace("Lyon", "Porto"), encoding="utf-8")
    (kai.vault_dir / "Trip.md").write_text("# Trip\n\nOff to [[Porto]].\n", encoding="utf-8")
    qtbot.waitUntil(
        lambda: kai.memory.recent_model.rowCount() == 1
        and kai.memory.recent_model.memory_at(0).content == "The user lives in Porto",
        timeout=60_000,
    )
    qtbot.waitUntil(lambda: "Trip.md" in kai.graph_pane.view.nodes, timeout=60_000)
    qtbot.waitUntil(lambda: "Trip.md" in kai.window.notes_list.notes(), timeout=60_000)
    # The app's own writes (daily and session notes) reach the graph and the notes list
    # too, through the same watcher and index, without a restart.
    kai.vault.write_text("sessions/Talk about Porto.md", "# Talk\n\nAbout [[Trip]].\n")
    qtbot.waitUntil(
        lambda: "sessions/Talk about Porto.md" in kai.window.notes_list.notes(), timeout=60_000
    )
    qtbot.waitUntil(lambda: "sessions/Talk about Porto.md" in kai.graph_pane.view.nodes,
                    timeout=60_000)
    assert ("sessions/Talk about Porto.md", "Trip.md") in kai.graph_pane.view.edges


def test_the_embedder_is_loaded_when_the_index_opens_not_mid_sync(make_app, qtbot):
    kai = make_app(start_background=False, save_settings=False)
    # What the pool runs before indexing starts.
    parts = build_search(kai.vault, kai.settings_ui.settings, kai.data_dir)
    try:
        embedder = parts.retriever.embedder
        assert isinstance(embedder, FastEmbedEmbedder)
        assert embedder.is_loaded
    finally:
        parts.close()


def test_the_store_and_the_snackbar_end_undo_windows_on_the_apps_one_clock(make_app, qtbot):
    kai = make_app(start_background=False, save_settings=False)
    kai.show()
    kai.memory_store.store("bike", "The user rides a blue bike")
    qtbot.waitUntil(lambda: kai.memory.recent_model.rowCount() == 1)
    kai.memory.delete("bike")
    qtbot.waitUntil(kai.window.snackbar.isVisible)
    qtbot.waitUntil(lambda: kai.undo_clock.pending() == 2)  # the store's and the snackbar's
    assert kai.undo_clock.timer.isActive()


def _send(kai: KaiApp, qtbot, text: str) -> None:
    with qtbot.waitSignal(kai.chat.answered, timeout=10_000):
        kai.chat_pane.input.setPlainText(text)
        qtbot.mouseClick(kai.chat_pane.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not kai.chat.is_busy(), timeout=10_000)


def test_facts_are_captured_after_each_answer_and_quitting_saves_the_rest(
    app_env, make_app, qtbot
):
    model = ScriptedChatModel(turns=["Nice!"], repeat_last=True)
    kai = _scripted_app(make_app, model)
    kai.show()
    qtbot.waitUntil(kai.chat.is_ready, timeout=10_000)
    qtbot.waitUntil(lambda: kai.memory_jobs.keeper is not None, timeout=10_000)
    _send(kai, qtbot, "I live in Lyon.")
    qtbot.waitUntil(lambda: kai.memory_store.get("home_city") is not None, timeout=10_000)
    kai.worker.stop()  # nothing else may run: the next message's capture waits for quit
    _send(kai, qtbot, "I work as a nurse.")
    journal = kai.data_dir / "journal.jsonl"
    assert journal.exists()
    kai.window.close()
    qtbot.waitUntil(lambda: not kai.window.isVisible(), timeout=10_000)
    assert kai.memory_store.get("occupation") is not None
    assert any(p.startswith("sessions/") for p in kai.vault.iter_notes())
    assert not journal.exists()


def test_the_review_inbox_is_a_tab_with_a_count(app_env, make_app, qtbot):
    kai = make_app(vault=app_env / "v", start_background=False)
    kai.show()
    tabs = kai.window.side_tabs
    titles = [tabs.tabText(i) for i in range(tabs.count())]
    assert "Review" in titles
    kai.memory_store.store("city", "The user lives in Lyon.")
    kai.inbox.add_contradiction("city", "The user lives in Lyon.", "home_city",
                                "The user lives in Nice.")
    qtbot.waitUntil(lambda: "Review (1)" in [tabs.tabText(i) for i in range(tabs.count())])
