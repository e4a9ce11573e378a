"""Issue 12 #7: quitting while the index service embeds a large note completes within 2 s,
and the next start indexes what was left undone."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path

from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.qdrant.edge import EdgeIndex
from kai_desktop.qt.workers.index_service import IndexService
from tests.core.test_retrieval_fakes import WordEmbedder


class StuckEmbedder(WordEmbedder):
    """Each call takes ``seconds``: a batch far longer than quitting may wait."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.started = threading.Event()

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.started.set()
        time.sleep(self.seconds)
        return super().embed_documents(texts)


def _big_note(vault_dir: Path) -> None:
    paragraphs = [f"Paragraph {i} about topic {i} with some words." for i in range(200)]
    (vault_dir / "big.md").write_text("# Big\n\n" + "\n\n".join(paragraphs) + "\n")


def test_quit_returns_within_two_seconds_and_the_next_start_resumes(
    vault_dir: Path, tmp_path: Path, qtbot
) -> None:
    _big_note(vault_dir)
    vault = Vault(vault_dir)
    stuck = StuckEmbedder(seconds=4.0)  # even one batch outlasts the quit budget
    manifest = tmp_path / "index" / "manifest.json"
    index = EdgeIndex(tmp_path / "index", dim=stuck.dim, embedder_name=stuck.name)
    indexer = IncrementalIndexer(vault, index, stuck, manifest, max_chars=60)
    service = IndexService(indexer)
    service.start()
    assert stuck.started.wait(10)
    asked = time.monotonic()
    finished = service.shutdown()
    took = time.monotonic() - asked
    assert took < 2.0, took
    assert not finished
    # The busy job ends at its next cancel check; then the next start goes on.
    time.sleep(stuck.seconds + 0.5)
    index.close()

    index = EdgeIndex(tmp_path / "index", dim=stuck.dim, embedder_name=stuck.name)
    try:
        again = IncrementalIndexer(vault, index, WordEmbedder(name=stuck.name), manifest,
                                   max_chars=60)
        again.run_sync()
        assert "big.md" in again.indexed_paths()
        again.close()
    finally:
        index.close()


def test_quit_when_idle_still_makes_the_index_durable(
    vault_dir: Path, tmp_path: Path, qtbot
) -> None:
    (vault_dir / "small.md").write_text("# Small\n\nA few words.\n")
    embedder = WordEmbedder()
    index = EdgeIndex(tmp_path / "index", dim=embedder.dim, embedder_name=embedder.name)
    indexer = IncrementalIndexer(Vault(vault_dir), index, embedder, tmp_path / "m.json")
    service = IndexService(indexer)
    service.start()
    qtbot.waitUntil(lambda: "small.md" in indexer.indexed_paths(), timeout=10_000)
    assert service.shutdown()
    index.close()
    assert (tmp_path / "m.json").exists()
