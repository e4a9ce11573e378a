"""Dense embedding waits while the model answers; the keyword half never does."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from kai_desktop.core.retrieval.indexer import IncrementalIndexer, drain
from kai_desktop.core.vault.files import Vault
from tests.core.test_retrieval_fakes import MemoryIndex, WordEmbedder


def _indexer(tmp_path: Path) -> tuple[IncrementalIndexer, WordEmbedder]:
    root = tmp_path / "vault"
    root.mkdir()
    (root / "a.md").write_text("# Alpha\nalpha apples\n", encoding="utf-8")
    (root / "b.md").write_text("# Beta\nbeta bananas\n", encoding="utf-8")
    embedder = WordEmbedder()
    return IncrementalIndexer(Vault(root), MemoryIndex(), embedder, tmp_path / "m.json"), embedder


def test_embedding_waits_until_the_model_is_idle(tmp_path: Path) -> None:
    indexer, embedder = _indexer(tmp_path)
    drain(indexer.sync(vectors=False))  # the keyword half: no waiting, no embedding
    assert embedder.embedded == 0
    busy = threading.Event()
    busy.set()
    looked = threading.Event()

    def watching() -> bool:
        looked.set()
        return busy.is_set()

    indexer.foreground_busy = watching
    run = threading.Thread(target=lambda: drain(indexer.fill_vectors()))
    run.start()
    assert looked.wait(5)
    run.join(0.3)
    assert run.is_alive()  # still waiting for the model
    assert embedder.embedded == 0
    busy.clear()
    run.join(10)
    assert not run.is_alive()
    assert embedder.embedded > 0


def test_a_cancel_stops_a_waiting_fill(tmp_path: Path) -> None:
    indexer, embedder = _indexer(tmp_path)
    drain(indexer.sync(vectors=False))
    indexer.foreground_busy = lambda: True
    run = threading.Thread(target=lambda: drain(indexer.fill_vectors()))
    run.start()
    run.join(0.2)
    indexer.cancel()
    run.join(5)
    assert not run.is_alive()
    assert embedder.embedded == 0


class _SlowLoading(WordEmbedder):
    """A model that loads on first use; ``during_load`` runs while it loads."""

    def __init__(self) -> None:
        super().__init__()
        self.is_loaded = False
        self.during_load: Callable[[], None] = lambda: None

    def load(self) -> None:
        self.during_load()
        self.is_loaded = True


def test_a_stop_asked_for_while_the_model_loads_waits_for_no_batch(tmp_path: Path) -> None:
    root = tmp_path / "vault"
    root.mkdir()
    (root / "a.md").write_text("# Alpha\nalpha apples\n", encoding="utf-8")
    embedder = _SlowLoading()
    indexer = IncrementalIndexer(Vault(root), MemoryIndex(), embedder, tmp_path / "m.json")
    drain(indexer.sync(vectors=False))
    embedder.during_load = indexer.cancel  # as the --embed-seconds timer does
    drain(indexer.fill_vectors())
    report = indexer.last_report
    assert report is not None
    assert report.cancelled
    assert embedder.is_loaded
    assert embedder.embedded == 0
    assert indexer.pending_vectors == 1
    drain(indexer.fill_vectors())  # the next run embeds it
    assert embedder.embedded == 1
    assert indexer.pending_vectors == 0
