"""Scoring a retrieval configuration on the labelled recall set (bench/recall_set.py).

A configuration is what decides what comes back: the context each chunk is indexed with
(:class:`ContextOptions`), how the rankings are fused (:class:`FusionParams`) and the
weights of the ranking formula (:class:`ScoreWeights`). ``app_config()`` is the one the
app uses; bench/retrieval_quality.py scores it and ``--tune`` chooses it.
"""

from __future__ import annotations

import dataclasses
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_set

from kai_desktop.core.retrieval import chunk_context
from kai_desktop.core.retrieval.chunk_context import ContextOptions
from kai_desktop.core.retrieval.fusion_tuning import TUNED, FusionParams
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.records import FusionMethod, ScoreWeights, SearchMode
from kai_desktop.core.retrieval.search import Hit, Retriever
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.qdrant.edge import EdgeIndex

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
MODES = (SearchMode.KEYWORD, SearchMode.DENSE, SearchMode.HYBRID)


@dataclass(frozen=True, slots=True)
class Config:
    """Everything that decides what a search returns."""

    context: ContextOptions
    fusion: FusionParams
    weights: ScoreWeights

    def to_json(self) -> dict[str, Any]:
        fusion = dataclasses.asdict(self.fusion)
        fusion["method"] = self.fusion.method.value
        return {"context": dataclasses.asdict(self.context), "fusion": fusion,
                "weights": dataclasses.asdict(self.weights)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Config:
        fusion = dict(data["fusion"])
        fusion["method"] = FusionMethod(fusion["method"])
        return cls(ContextOptions(**data["context"]), FusionParams(**fusion),
                   ScoreWeights(**data["weights"]))

    def describe(self) -> str:
        c, f, w = self.context, self.fusion, self.weights
        return (f"context keyword={context_side(c.in_keywords, c.neighbours_in_keywords, 'none')} "
                f"embedding={context_side(c.in_embedding, c.neighbours_in_embedding)} | "
                f"fusion {f.method.value} k={f.rrf_k} depth={f.candidates} "
                f"keyword_weight={f.keyword_weight} name_weight={f.name_weight} | "
                f"weights importance={w.importance} recency={w.recency} "
                f"similarity={w.similarity}")


def context_side(header: bool, neighbours: bool, off: str = "title") -> str:
    """A side's context in words (``off``: what it holds with no header)."""
    if not header:
        return off + ("+neighbours" if neighbours else "")
    return "header" + ("+neighbours" if neighbours else "")


def app_config() -> Config:
    """The configuration the app runs with: the indexer's context options, the retriever's
    fusion and the ranking weights of default settings."""
    return Config(chunk_context.DEFAULT_OPTIONS, TUNED, ScoreWeights.from_settings(Settings()))


class CachedEmbedder:
    """The built-in embedder with vectors remembered by text: a grid re-indexes the same
    chunks and asks the same questions often. ``forget_queries`` makes the next query
    embeddings pay their full cost again."""

    def __init__(self, inner: BuiltinEmbedder) -> None:
        self.inner = inner
        self.name, self.dim = inner.name, inner.dim
        self.documents: dict[str, list[float]] = {}
        self.queries: dict[str, list[float]] = {}

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        missing = list(dict.fromkeys(t for t in texts if t not in self.documents))
        if missing:
            self.documents.update(zip(missing, self.inner.embed_documents(missing), strict=True))
        return [self.documents[t] for t in texts]

    def embed_query(self, text: str) -> list[float]:
        if text not in self.queries:
            self.queries[text] = self.inner.embed_query(text)
        return self.queries[text]

    def forget_queries(self) -> None:
        self.queries.clear()


@contextmanager
def built_index(root: Path, embedder: CachedEmbedder, context: ContextOptions,
                name: str) -> Iterator[EdgeIndex]:
    """The set's vault indexed by the app's indexer with ``context`` (an Edge shard)."""
    folder = root / name
    shutil.rmtree(folder, ignore_errors=True)
    chunk_context.DEFAULT_OPTIONS = context  # type: ignore[misc]  # what the indexer reads
    index = EdgeIndex(folder / "index", dim=embedder.dim, embedder_name=embedder.name)
    try:
        started = time.perf_counter()
        IncrementalIndexer(Vault(root / "vault"), index, embedder, folder / "m.json").run_sync()
        print(f"  indexed {index.count()} chunks ({name}) in "
              f"{time.perf_counter() - started:.1f} s", flush=True)
        yield index
    finally:
        index.close()
        shutil.rmtree(folder, ignore_errors=True)


def retriever(embedder: CachedEmbedder, index: EdgeIndex, config: Config) -> Retriever:
    return Retriever(embedder, index, config.weights, clock=lambda: NOW, fusion=config.fusion)


def found(hits: list[Hit], q: recall_set.Question, k: int) -> bool:
    return any(
        h.path == q.path and any(h.start_line <= line <= h.end_line for line in q.lines)
        for h in hits[:k]
    )


def search(r: Retriever, text: str, mode: SearchMode = SearchMode.HYBRID) -> list[Hit]:
    return r.search(text, limit=10, mode=mode)


def recall(r: Retriever, questions: list[recall_set.Question],
           mode: SearchMode = SearchMode.HYBRID) -> tuple[float, float]:
    """(r10, r5) of one mode over ``questions``."""
    r5 = r10 = 0
    for q in questions:
        hits = search(r, q.text, mode)
        r5 += found(hits, q, 5)
        r10 += found(hits, q, 10)
    return r10 / len(questions), r5 / len(questions)
