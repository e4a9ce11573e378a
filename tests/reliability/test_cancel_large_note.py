"""Issue 12 #7 (part): a cancel is seen between embedding batches of one large note, so a
stop returns within about a second; the note is already keyword-searchable, and the next
sync embeds only what was left."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path

from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.qdrant.edge import EdgeIndex
from tests.core.test_retrieval_fakes import WordEmbedder

SECONDS_PER_TEXT = 0.03  # a slow embedder: its time grows with what it is given


class SlowEmbedder(WordEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.started = threading.Event()

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.started.set()
        time.sleep(SECONDS_PER_TEXT * len(texts))
        return super().embed_documents(texts)


def test_cancel_during_a_large_note_returns_fast_and_the_next_sync_finishes(
    vault_dir: Path, tmp_path: Path
) -> None:
    paragraphs = [f"Paragraph {i} about topic {i} with some words." for i in range(120)]
    (vault_dir / "big.md").write_text("# Big\n\n" + "\n\n".join(paragraphs) + "\n")
    vault = Vault(vault_dir)
    slow = SlowEmbedder()
    manifest = tmp_path / "index" / "manifest.json"
    index = EdgeIndex(tmp_path / "index", dim=slow.dim, embedder_name=slow.name)
    try:
        indexer = IncrementalIndexer(
            vault, index, slow, manifest, max_chars=60, batch_chunks=64, embed_batch=8
        )
        runner = threading.Thread(target=indexer.run_sync)
        runner.start()
        assert slow.started.wait(10)
        asked = time.monotonic()
        indexer.cancel()
        runner.join(10)
        stopped_after = time.monotonic() - asked
        assert not runner.is_alive()
        # One batch of 8 texts is 0.24 s; the whole note (120 chunks) would be 3.6 s.
        assert stopped_after < 1.0, stopped_after
        report = indexer.last_report
        assert report is not None
        assert report.cancelled
        # The keyword half was done before the embedding began: the note is indexed,
        # its chunks wait for their vectors.
        assert indexer.indexed_paths() == ["big.md"]
        assert slow.embedded < 64
        assert report.vectors_pending == 120 - slow.embedded

        fast = IncrementalIndexer(vault, index, WordEmbedder(name=slow.name), manifest,
                                  max_chars=60)
        resumed = fast.run_sync()
        assert resumed.added == 0
        assert resumed.embeddings == 120 - slow.embedded  # only what was left
        assert not resumed.cancelled
        assert resumed.vectors_pending == 0
        assert fast.indexed_paths() == ["big.md"]
        assert index.count() == 120
        assert list(index.without_vectors()) == []
        fast.close()
    finally:
        index.close()
