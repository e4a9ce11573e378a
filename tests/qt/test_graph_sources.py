"""Memory notes in the graph are linked to the notes they came from: the session note their
``source`` names, or the daily note of the day they were captured."""

from __future__ import annotations

from datetime import datetime

from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.model import Category, Memory
from kai_desktop.qt.graph.source_links import source_note


def test_memories_link_to_their_session_or_daily_note_in_the_graph(make_app, qtbot):
    kai = make_app(
        model_factory=lambda _progress: ScriptedChatModel(turns=[]),
        start_index=False,
        start_heartbeat=False,
        save_settings=False,
    )
    today = datetime.now().date().isoformat()
    daily = f"daily/{today}.md"
    kai.vault.write_text(daily, f"# {today}\n\n- 09:00 talked about bikes\n")
    kai.vault.write_text("sessions/Bikes.md", "# Bikes\n\nA talk about bikes.\n")
    captured = kai.memory_store.store("bike", "The user rides a blue bike", source="capture")
    from_session = kai.memory_store.store(
        "shop", "The user's bike shop is on Main Street", source="sessions/Bikes.md"
    )
    orphan = kai.memory_store.store("tea", "The user drinks green tea", source="capture")
    kai.show()
    view = kai.graph_pane.view
    qtbot.waitUntil(lambda: kai.graph_pane.loaded, timeout=10_000)
    qtbot.waitUntil(lambda: (captured.path, daily) in view.edges, timeout=10_000)
    qtbot.waitUntil(lambda: (from_session.path, "sessions/Bikes.md") in view.edges,
                    timeout=10_000)
    assert (orphan.path, daily) in view.edges  # the same day
    # A memory whose daily note is gone loses its link, and is drawn alone again.
    (kai.vault_dir / daily).unlink()
    kai.graph.apply_paths([daily])
    qtbot.waitUntil(lambda: (captured.path, daily) not in view.edges, timeout=10_000)
    assert (from_session.path, "sessions/Bikes.md") in view.edges


def test_a_memory_without_a_note_source_comes_from_its_days_daily_note() -> None:
    created = datetime(2024, 5, 1, 10, 30)

    def memory(source: str | None) -> Memory:
        return Memory("k", "c", Category.GENERAL, 0, 5, source, created, created,
                      "memories/k.md")

    assert source_note(memory("capture")) == "daily/2024-05-01.md"
    assert source_note(memory(None)) == "daily/2024-05-01.md"
    assert source_note(memory("sessions/Talk")) == "sessions/Talk.md"
    assert source_note(memory("[[sessions/Talk|the talk]]")) == "sessions/Talk.md"
