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
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from kai_desktop.core.retrieval.fusion_tuning import TUNED, FusionParams
from kai_desktop.core.retrieval.packing import neighbour_positions, pack_context
from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
from kai_desktop.core.retrieval.query_understanding import QueryHints, understand
from kai_desktop.core.retrieval.records import (
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

    A question's dates become a window on the note date (unless ``filters`` set one);
    when that window leaves fewer than ``limit`` hits the rest come from the whole index.
    Names in the question add a name-restricted ranking to a hybrid search.
    """

    def __init__(
        self,
        embedder: Embedder,
        index: SearchIndex,
        weights: ScoreWeights | None = None,
        *,
        token_counter: Callable[[str], int] = approx_tokens,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        rrf_k: int | None = None,
        candidates: int | None = None,
        fusion: FusionParams = TUNED,
        understand_queries: bool = True,
    ) -> None:
        self.embedder = embedder
        self.index = index
        self.weights = weights or ScoreWeights()
        self.token_counter = token_counter
        self._clock = clock
        self.fusion = fusion
        self._rrf_k = rrf_k if rrf_k is not None else fusion.rrf_k
        self._candidates = candidates if candidates is not None else fusion.candidates
        self.understand_queries = understand_queries

    def build_query(
        self,
        query: str,
        limit: int = 5,
        filters: SearchFilters | None = None,
        mode: SearchMode = SearchMode.HYBRID,
    ) -> IndexQuery:
        """Prepare (and embed) a query without running it."""
        vector = None if mode is SearchMode.KEYWORD else self.embedder.embed_query(query)
        now = self._clock()
        hints = understand(query, now) if self.understand_queries else QueryHints()
        filters = filters or SearchFilters()
        if hints.date_after and not (filters.date_after or filters.date_before):
            filters = replace(filters, date_after=hints.date_after, date_before=hints.date_before)
        return IndexQuery(
            text=query,
            vector=vector,
            mode=mode,
            filters=filters,
            limit=limit,
            candidates=max(self._candidates, limit),
            weights=self.weights,
            now=now,
            rrf_k=self._rrf_k,
            fusion=self.fusion.method,
            keyword_weight=self.fusion.keyword_weight,
            names=hints.names if self.fusion.name_weight > 0 else (),
            name_weight=self.fusion.name_weight,
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
        prepared = self.build_query(query, limit, filters, mode)
        hits = self.run(prepared)
        if len(hits) < limit and prepared.filters != (filters or SearchFilters()):
            # The question's dates narrowed the search too far: fill from everywhere.
            seen = {(h.path, h.chunk_index) for h in hits}
            wider = replace(prepared, filters=filters or SearchFilters())
            hits += [h for h in self.run(wider) if (h.path, h.chunk_index) not in seen]
        return hits[:limit]

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
