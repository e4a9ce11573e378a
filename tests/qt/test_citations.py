"""Citations that lead somewhere: notes first by score, memories after, each opening in
the app at its lines (a memory at its own content line)."""

from __future__ import annotations

from kai_desktop.core.chat.events import Answer, Citations
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.memory.tools import NoteRef
from kai_desktop.core.retrieval.search import Hit
from kai_desktop.core.vault.files import Vault
from kai_desktop.qt.chat.chat_controller import ChatController
from kai_desktop.qt.notes.note_preview import body_lines


class Hits:
    def __init__(self, hits: list[Hit]) -> None:
        self.hits = hits

    def context(self, query: str, token_budget: int) -> list[Hit]:
        return list(self.hits)

    def search(self, query: str, limit: int = 5) -> list[Hit]:
        return self.hits[:limit]


def test_notes_are_cited_best_score_first(vault: Vault, memory_store: MemoryStore) -> None:
    hits = [
        Hit("Weak.md", "", 1, 2, "roses in the garden", 0.2, {}, 0),
        Hit("Strong.md", "", 7, 9, "roses in the garden, pruned in March", 0.9, {}, 0),
        Hit("Middle.md", "", 3, 4, "garden roses", 0.5, {}, 0),
    ]
    session = ChatSession(
        memory=memory_store, tiers=Tiers(vault), retriever=Hits(hits), config=SessionConfig()
    )
    answer = session.run_turn(ScriptedChatModel(["Prune in March."]), "garden roses?")
    assert [n.path for n in answer.citations.notes] == ["Strong.md", "Middle.md", "Weak.md"]


def test_used_lists_notes_first_then_memories(make_model_worker) -> None:
    worker = make_model_worker(ScriptedChatModel())
    controller = ChatController(
        None, None, worker, memory_path=lambda key: f"memories/{key}.md"
    )
    answer = Answer(
        turn=1, question="q", text="a", tool_results=(), finish_reason="stop",
        citations=Citations(
            memories=("tea", "city"),
            notes=(NoteRef("Garden.md", "Garden > Soil", 5, 9), NoteRef("Trip.md", "", 2, 3),
                   NoteRef("memories/tea.md", "", 1, 1)),
        ),
    )
    refs = controller.sources_for(answer)
    assert [(r.path, r.line, r.is_memory) for r in refs] == [
        ("Garden.md", 5, False), ("Trip.md", 2, False),
        ("memories/tea.md", None, True), ("memories/city.md", None, True),
    ]
    assert refs[0].label == "Garden › Soil"
    controller.close()


def test_a_cited_memory_opens_at_its_own_line(make_app, qtbot) -> None:
    kai = make_app(start_background=False, save_settings=False)
    memory = kai.memory_store.store("bike", "The user rides a blue bike")
    kai.chat_pane.on_link(f"kai-open:0:{memory.path}")  # a click on the memory in "Used:"
    dialog = kai.notes.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: "blue bike" in dialog.text.toPlainText())
    text = dialog.text.toPlainText()
    lines = text.split("\n")
    content_line = next(i for i, line in enumerate(lines) if "blue bike" in line) + 1
    assert content_line > 3  # below the properties block
    assert dialog.line == content_line
    assert dialog.text.textCursor().blockNumber() == content_line - 1
    marks = dialog.text.extraSelections()
    assert marks[0].cursor.selectedText() == "The user rides a blue bike"
    assert f"line {content_line}" in dialog.where.text()
    dialog.close()


def test_body_lines_skip_the_properties_and_blank_lines() -> None:
    text = "---\nkey: a\n---\n\nFirst line\nsecond\n\n"
    assert body_lines(text) == (5, 6)
    assert body_lines("plain\n") == (1, 1)
