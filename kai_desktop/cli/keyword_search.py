"""Keyword-only search read straight from the notes, for when the index is not ours to open.

The running window owns the vault's index. Rather than wait for it, ``search`` chunks the
notes as the indexer does and puts them in a throwaway Edge shard in a temporary folder:
BM25 over the same chunks, ranked by the same formula, no embedding.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from kai_desktop.core.retrieval.changes import IndexReport
from kai_desktop.core.retrieval.note_records import build_note
from kai_desktop.core.retrieval.ports import RetrievalError
from kai_desktop.core.retrieval.records import IndexPoint, ScoreWeights
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.qdrant.edge import EdgeIndex

_WRITE_EVERY = 512  # points per upsert


class NoEmbedder:
    """Stands in for an embedder where only keyword search runs; never embeds."""

    name = "keyword-only"
    dim = 1

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        raise RetrievalError(f"keyword-only search cannot embed {len(texts)} texts")

    def embed_query(self, text: str) -> list[float]:
        raise RetrievalError(f"keyword-only search cannot embed the query {text[:40]!r}")


@contextmanager
def keyword_retriever(
    vault: Vault, weights: ScoreWeights, *, max_chars: int = 1200
) -> Iterator[tuple[Retriever, IndexReport]]:
    """A retriever over every note's chunks for :attr:`SearchMode.KEYWORD` queries, and the
    report of what was read (notes skipped, with why)."""
    folder = Path(tempfile.mkdtemp(prefix="kai-keyword-"))
    index = EdgeIndex(folder, dim=NoEmbedder.dim, embedder_name=NoEmbedder.name)
    report = IndexReport()
    try:
        points: list[IndexPoint] = []
        for note in vault.listing().notes:
            built = build_note(vault, note.rel, max_chars, report)
            if built is None:
                continue
            points.extend(IndexPoint(record, [1.0]) for record, _ in built.records)
            if len(points) >= _WRITE_EVERY:
                index.upsert(points)
                points = []
        index.upsert(points)
        yield Retriever(NoEmbedder(), index, weights), report
    finally:
        index.close()
        shutil.rmtree(folder, ignore_errors=True)
