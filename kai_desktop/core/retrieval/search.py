"""Hybrid retrieval over the vault: the retriever and the hits it returns.

A query runs a dense (embedding) search and a BM25 keyword search over the same chunks,
fuses the two rankings by reciprocal rank fusion, and ranks the fused candidates by the
formula in :mod:`kai_desktop.core.retrieval.records`. Back ends live in
``kai_desktop.infra`` (Qdrant Edge in process, Qdrant server through qdrant-client);
embedders too (fastembed, OpenAI-compatible endpoints).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kai_desktop.core.retrieval.packing import neighbour_positions, pack_context
from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
from kai_desktop.core.retrieval.records import (
    DEFAULT_RRF_K,
    ChunkRecord,
    IndexQuery,
    ScoreWeights,
    SearchFilters,
    SearchMode,
    point_id,
    score_parts,
)


def approx_tokens(text: str) -> int:
    """A cheap token estimate (about four characters per token for English)."""
    return max(1, math.ceil(len(text) / 4))


@dataclass(frozen=True, slots=True)
class Hit:
    """A search result with what a citation needs. Lines are 1-based, inclusive."""

    path: str
    heading: str
    start_line: int
    end_line: int
    text: str
    score: float
    score_parts: dict[str, float]
    chunk_index: int

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "heading": self.heading,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "score": round(self.score, 6),
            "score_parts": {k: round(v, 6) for k, v in self.score_parts.items()},
            "chunk_index": self.chunk_index,
            "text": self.text,
        }


def _hit(record: ChunkRecord, score: float, parts: dict[str, float]) -> Hit:
    return Hit(
        path=record.path,
        heading=record.heading,
        start_line=record.start_line,
        end_line=record.end_line,
        text=record.text,
        score=score,
        score_parts=parts,
        chunk_index=record.chunk_index,
    )


class Retriever:
    """Hybrid search and context packing over one :class:`SearchIndex`.

    Thread-safe as far as the embedder and index are; holds no mutable state besides
    ``weights``, which the settings panel may replace at any time.
    """

    def __init__(
        self,
        embedder: Embedder,
        index: SearchIndex,
        weights: ScoreWeights | None = None,
        *,
        token_counter: Callable[[str], int] = approx_tokens,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        rrf_k: int = DEFAULT_RRF_K,
        candidates: int = 50,
    ) -> None:
        self.embedder = embedder
        self.index = index
        self.weights = weights or ScoreWeights()
        self.token_counter = token_counter
        self._clock = clock
        self._rrf_k = rrf_k
        self._candidates = candidates

    def build_query(
        self,
        query: str,
        limit: int = 5,
        filters: SearchFilters | None = None,
        mode: SearchMode = SearchMode.HYBRID,
    ) -> IndexQuery:
        """Prepare (and embed) a query without running it."""
        vector = None if mode is SearchMode.KEYWORD else self.embedder.embed_query(query)
        return IndexQuery(
            text=query,
            vector=vector,
            mode=mode,
            filters=filters or SearchFilters(),
            limit=limit,
            candidates=max(self._candidates, limit * 4),
            weights=self.weights,
            now=self._clock(),
            rrf_k=self._rrf_k,
        )

    def run(self, query: IndexQuery) -> list[Hit]:
        """Run a prepared query."""
        scored = self.index.query(query)
        return [_hit(s.record, s.score, score_parts(s.record, s.score, query)) for s in scored]

    def search(
        self,
        query: str,
        limit: int = 5,
        filters: SearchFilters | None = None,
        mode: SearchMode = SearchMode.HYBRID,
    ) -> list[Hit]:
        """The best ``limit`` chunks for ``query``, best first."""
        if not query.strip() or limit <= 0:
            return []
        return self.run(self.build_query(query, limit, filters, mode))

    def context(
        self,
        query: str,
        token_budget: int,
        filters: SearchFilters | None = None,
        *,
        candidates: int = 20,
        neighbours: int = 2,
    ) -> list[Hit]:
        """Chunks for the prompt, packed in two passes under ``token_budget`` tokens.

        First the best chunk of each distinct note (breadth), then the chunks next to
        them in the top notes (depth). The result is grouped by note, best note first,
        chunks of a note in document order.
        """
        if token_budget <= 0:
            return []
        ranked = self.search(query, limit=candidates, filters=filters)
        if not ranked:
            return []
        wanted = neighbour_positions(ranked, neighbours)
        fetched = self.index.fetch([point_id(path, idx) for path, idx in wanted])
        extra: dict[tuple[str, int], Hit] = {}
        for stored in fetched.values():
            rec = stored.record
            extra[(rec.path, rec.chunk_index)] = _hit(rec, 0.0, {"neighbour": 1.0})
        return pack_context(
            ranked, extra, token_budget, self.token_counter, neighbours=neighbours
        )
