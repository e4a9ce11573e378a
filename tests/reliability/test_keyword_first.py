"""Issue 12 #6: every note is keyword-searchable before its dense vector exists, search
works (keyword and hybrid) while vectors are pending, the progress says which half runs,
and an edit is not held up behind a vault being embedded."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.changes import IndexProgress, VaultChange
from kai_desktop.core.retrieval.records import SearchMode, point_id
from kai_desktop.qt.workers.index_service import IndexService
from tests.core.test_retrieval_fakes import WordEmbedder
from tests.reliability.conftest import EdgeStack

WAIT_S = 10
NOTES = 12


class GatedEmbedder(WordEmbedder):
    """Embeds only as many batches as the test has let through."""

    def __init__(self) -> None:
        super().__init__()
        self.permits = threading.Semaphore(0)
        self.waiting = threading.Event()
        self.open = False

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        if not self.open:
            self.waiting.set()
            assert self.permits.acquire(timeout=WAIT_S), "the test never let a batch through"
        return super().embed_documents(texts)

    def let_all_through(self) -> None:
        self.open = True
        self.permits.release(1000)


def _notes(vault_dir: Path) -> None:
    for i in range(NOTES):
        filler = "Some words about the weather, the garden and the week ahead. " * 8
        body = "\n\n".join(f"Paragraph {p} of note {i} mentions zebra{i}. {filler}"
                           for p in range(3))  # more than one chunk per note
        (vault_dir / f"note{i}.md").write_text(f"# Note {i}\n\n{body}\n", encoding="utf-8")


@pytest.fixture
def gated(edge_stack: EdgeStack) -> Iterator[EdgeStack]:
    embedder = GatedEmbedder()
    edge_stack.embedder = embedder
    edge_stack.indexer.embedder = embedder
    yield edge_stack
    embedder.let_all_through()


def test_keyword_search_finds_every_note_while_its_vectors_are_pending(
    vault_dir: Path, gated: EdgeStack
) -> None:
    _notes(vault_dir)
    embedder = gated.embedder
    assert isinstance(embedder, GatedEmbedder)
    runner = threading.Thread(target=gated.indexer.run_sync)
    runner.start()
    try:
        assert embedder.waiting.wait(WAIT_S)  # the run is held at its first embedding
        assert embedder.embedded == 0
        pending = list(gated.index.without_vectors())
        assert {r.path for r in pending} == {f"note{i}.md" for i in range(NOTES)}
        retriever = gated.retriever()
        assert retriever.search("zebra3", limit=3, mode=SearchMode.DENSE) == []  # no vectors
        for i in range(NOTES):
            for mode in (SearchMode.KEYWORD, SearchMode.HYBRID):
                hits = retriever.search(f"zebra{i}", limit=3, mode=mode)
                assert hits, (i, mode)
                assert hits[0].path == f"note{i}.md", (i, mode, hits[0].path)
    finally:
        embedder.let_all_through()
        runner.join(WAIT_S)
    assert not runner.is_alive()
    assert list(gated.index.without_vectors()) == []
    assert len(gated.retriever().search("zebra3", limit=3, mode=SearchMode.DENSE)) == 3


def test_a_run_reports_the_keyword_half_then_the_embedding_half(
    vault_dir: Path, edge_stack: EdgeStack
) -> None:
    _notes(vault_dir)
    steps = list(edge_stack.indexer.sync())
    phases = [s.phase for s in steps]
    keyword = [s for s in steps if s.phase == "indexing"]
    embedding = [s for s in steps if s.phase == "embedding"]
    assert keyword[-1] == IndexProgress(NOTES, NOTES, "indexing")  # counts notes
    chunks = edge_stack.index.count()
    assert chunks > NOTES
    assert embedding[0] == IndexProgress(0, chunks, "embedding")  # counts chunks
    assert embedding[-1] == IndexProgress(chunks, chunks, "embedding")
    assert phases.index("embedding") > max(i for i, p in enumerate(phases) if p == "indexing")
    assert phases[-1] == "done"
    report = edge_stack.indexer.last_report
    assert report is not None
    assert report.vectors_pending == 0
    assert report.embeddings == chunks


def _wait(check: Callable[[], bool], qtbot) -> None:
    qtbot.waitUntil(check, timeout=WAIT_S * 1000)


def test_the_service_shows_both_halves_and_an_edit_overtakes_the_embedding(
    vault_dir: Path, gated: EdgeStack, qtbot
) -> None:
    _notes(vault_dir)
    embedder = gated.embedder
    assert isinstance(embedder, GatedEmbedder)
    service = IndexService(gated.indexer)
    seen: list[tuple[int, int, str]] = []
    service.progress.connect(lambda done, total, phase: seen.append((done, total, phase)))
    try:
        service.start()
        assert embedder.waiting.wait(WAIT_S)  # the vectors job is embedding
        retriever = gated.retriever()
        assert retriever.search("zebra5", limit=1, mode=SearchMode.KEYWORD)[0].path == "note5.md"

        (vault_dir / "late.md").write_text("# Late\n\nThe quokka arrived late.\n")
        service.submit([VaultChange("created", "late.md")])
        embedder.permits.release()  # one batch ends; the edit goes before the next one

        def late_found() -> bool:
            hits = retriever.search("quokka", limit=1, mode=SearchMode.KEYWORD)
            return bool(hits) and hits[0].path == "late.md"

        _wait(late_found, qtbot)
        assert len(list(gated.index.without_vectors())) > 0  # the vault is still embedding
        embedder.let_all_through()
        _wait(lambda: not service.is_busy(), qtbot)
        _wait(lambda: bool(seen) and seen[-1][2] == "done", qtbot)
    finally:
        embedder.let_all_through()
        assert service.shutdown(WAIT_S)
    assert list(gated.index.without_vectors()) == []
    phases = [p for _, _, p in seen]
    assert "indexing" in phases
    assert phases.index("embedding") > phases.index("indexing")
    notes_total = max(t for _, t, p in seen if p == "indexing")
    assert notes_total == NOTES
    late = gated.index.fetch([point_id("late.md", 0)], with_vectors=True)
    assert late[point_id("late.md", 0)].vector  # and its vector came after
