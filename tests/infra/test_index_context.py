"""The context and date of a chunk in the embedded index: filters, names, edits."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kai_desktop.core.retrieval import chunk_context
from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.records import SearchFilters, SearchMode
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.qdrant.edge import EdgeIndex
from tests.core.test_retrieval_fakes import WordEmbedder

NOW = datetime(2026, 11, 21, 12, tzinfo=UTC)


def _session(title: str, said: str) -> str:
    return (
        f"---\ntitle: {title}\n---\n# {title}\n\n## Transcript\n\n"
        f"**assistant:** How are things?\n\n**user:** {said}\n"
    )


class Stack:
    def __init__(self, root: Path, data: Path) -> None:
        self.root = root
        self.embedder = WordEmbedder()
        self.index = EdgeIndex(data / "index", dim=self.embedder.dim, embedder_name="words")
        self.indexer = IncrementalIndexer(Vault(root), self.index, self.embedder,
                                          data / "manifest.json")
        self.retriever = Retriever(self.embedder, self.index, clock=lambda: NOW)

    def write(self, rel: str, text: str) -> None:
        (self.root / rel).parent.mkdir(parents=True, exist_ok=True)
        (self.root / rel).write_text(text, encoding="utf-8")


@pytest.fixture
def stack(tmp_path: Path) -> Stack:
    """Indexed with the app's context (chunk_context.DEFAULT_OPTIONS)."""
    yield from _stack(tmp_path)


@pytest.fixture
def full_stack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Stack:
    """Indexed with all of the context in the keyword text too."""
    monkeypatch.setattr(chunk_context, "DEFAULT_OPTIONS", chunk_context.ContextOptions())
    yield from _stack(tmp_path)


def _stack(tmp_path: Path) -> Iterator[Stack]:
    root = tmp_path / "vault"
    s = Stack(root, tmp_path / "data")
    s.write("sessions/2026-05-04-1000-ana.md", _session("Chat with Ana", "She loves the harbour."))
    s.write("sessions/2026-09-20-1800-tomasz.md",
            _session("Chat with Tomasz", "He loves the harbour too."))
    s.write("daily/2026-09-21.md", "# Log\n\n- 08:00 the harbour was foggy\n")
    s.indexer.run_sync()
    yield s
    s.index.close()


def _paths(hits: list) -> list[str]:  # type: ignore[type-arg]
    return sorted({h.path for h in hits})


def test_the_note_date_is_stored_and_a_date_filter_keeps_only_that_window(stack: Stack) -> None:
    may = SearchFilters(date_after=datetime(2026, 5, 1, tzinfo=UTC),
                        date_before=datetime(2026, 5, 31, tzinfo=UTC))
    query = stack.retriever.build_query("harbour", limit=10, filters=may)
    assert _paths(stack.retriever.run(query)) == ["sessions/2026-05-04-1000-ana.md"]
    september = SearchFilters(date_after=datetime(2026, 9, 1, tzinfo=UTC))
    query = stack.retriever.build_query("harbour", limit=10, filters=september)
    assert _paths(stack.retriever.run(query)) == [
        "daily/2026-09-21.md", "sessions/2026-09-20-1800-tomasz.md"]


def test_a_month_in_the_question_narrows_to_that_month_first(stack: Stack) -> None:
    hits = stack.retriever.search("what about the harbour in May?", limit=1)
    assert _paths(hits) == ["sessions/2026-05-04-1000-ana.md"]
    hits = stack.retriever.search("what about the harbour in September?", limit=1)
    assert _paths(hits) != ["sessions/2026-05-04-1000-ana.md"]


def test_title_date_and_speaker_are_searchable_by_keyword_with_the_context_there(
    full_stack: Stack,
) -> None:
    stack = full_stack
    for words in ("Tomasz", "Sunday 20 September 2026", "assistant Tomasz"):
        hits = stack.retriever.search(words, limit=1, mode=SearchMode.KEYWORD)
        assert _paths(hits) == ["sessions/2026-09-20-1800-tomasz.md"], words
        assert hits[0].text.endswith("**user:** He loves the harbour too.")  # the note's lines
        assert "September" not in hits[0].text


def test_a_name_in_the_question_finds_the_chunk_that_context_names(stack: Stack) -> None:
    query = stack.retriever.build_query("Who loves the harbour, Ana?", limit=1)
    assert query.names == ("Ana",)
    assert _paths(stack.retriever.run(query)) == ["sessions/2026-05-04-1000-ana.md"]


def test_an_edit_of_the_title_re_indexes_the_context_of_every_chunk(stack: Stack) -> None:
    rel = "sessions/2026-05-04-1000-ana.md"
    assert not stack.retriever.search("Ingrid", limit=5, mode=SearchMode.KEYWORD)
    stack.write(rel, _session("Chat with Ingrid", "She loves the harbour."))
    stack.indexer.apply([VaultChange("modified", rel)])
    hits = stack.retriever.search("Ingrid", limit=5, mode=SearchMode.KEYWORD)
    assert {h.path for h in hits} == {rel}
    assert not stack.retriever.search("Ana", limit=5, mode=SearchMode.KEYWORD)


def test_an_edit_of_the_title_property_alone_re_embeds_the_note(stack: Stack) -> None:
    rel = "notes/garden.md"
    stack.write(rel, "---\ntitle: Garden plans\n---\nTomatoes did well this year.\n")
    stack.indexer.apply([VaultChange("created", rel)])
    before = stack.indexer.embeddings_computed
    stack.write(rel, "---\ntitle: Allotment plans\n---\nTomatoes did well this year.\n")
    stack.indexer.apply([VaultChange("modified", rel)])
    assert stack.indexer.embeddings_computed == before + 1  # the title is in the embedded text
    hits = stack.retriever.search("allotment", limit=1, mode=SearchMode.DENSE)
    assert _paths(hits) == [rel]
    assert hits[0].text == "Tomatoes did well this year."
