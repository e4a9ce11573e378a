"""Fakes at the retrieval boundary, shared by the unit tests (no tests of their own).

``WordEmbedder`` hashes words into a small normalised vector (texts sharing words are
close) and counts what it embeds. ``MemoryIndex`` is a brute-force in-memory
``SearchIndex`` with the same fusion and formula as the real back ends.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime

from kai_desktop.core.retrieval.records import (
    F_TEXT,
    ChunkRecord,
    IndexPoint,
    IndexQuery,
    ScoredRecord,
    SearchMode,
    StoredPoint,
    folder_chain,
    recency,
)

_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


class WordEmbedder:
    def __init__(self, dim: int = 64, name: str = "test-words") -> None:
        self._dim = dim
        self._name = name
        self.calls = 0
        self.embedded = 0

    @property
    def name(self) -> str:
        return self._name

    @property
    def dim(self) -> int:
        return self._dim

    def _vector(self, text: str) -> list[float]:
        vec = [0.0] * self._dim
        for word in words(text):
            h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=4).digest(), "big")
            vec[h % self._dim] += 1.0
        norm = math.sqrt(sum(v * v for v in vec)) or 1.0
        return [v / norm for v in vec]

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls += 1
        self.embedded += len(texts)
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


class MemoryIndex:
    """A brute-force SearchIndex: dense cosine, a crude keyword score, RRF, the formula."""

    def __init__(self) -> None:
        self.points: dict[str, IndexPoint] = {}
        self.reset_reason: str | None = None
        self.cleared = 0
        self.optimized = 0
        self.closed = False
        self.flushes = 0
        self.unflushed = 0  # points written or deleted since the last flush
        self.most_unflushed = 0
        self.backlog_reads = 0  # times the chunks without a vector were read

    def upsert(self, points: Sequence[IndexPoint]) -> None:
        for p in points:
            self.points[p.record.point_id] = p
        self._pending(len(points))

    def set_vectors(self, vectors: Mapping[str, list[float]]) -> None:
        for pid, vector in vectors.items():
            self.points[pid] = IndexPoint(self.points[pid].record, list(vector))
        self._pending(len(vectors))

    def without_vectors(self) -> Iterator[ChunkRecord]:
        self.backlog_reads += 1
        for point in list(self.points.values()):
            if point.vector is None:
                yield point.record

    def count_without_vectors(self) -> int:
        return sum(p.vector is None for p in self.points.values())

    def delete(self, ids: Sequence[str]) -> None:
        for i in ids:
            self.points.pop(i, None)
        self._pending(len(ids))

    def _pending(self, n: int) -> None:
        self.unflushed += n
        self.most_unflushed = max(self.most_unflushed, self.unflushed)

    def fetch(self, ids: Sequence[str], *, with_vectors: bool = False) -> dict[str, StoredPoint]:
        out = {}
        for i in ids:
            if i in self.points:
                point = self.points[i]
                vector = list(point.vector) if with_vectors and point.vector else None
                out[i] = StoredPoint(point.record, vector)
        return out

    def _matches(self, record: ChunkRecord, query: IndexQuery) -> bool:
        f = query.filters
        if f.folder and f.folder.strip("/") not in folder_chain(record.path):
            return False
        if f.tag and f.tag.lstrip("#").lower() not in record.tags:
            return False
        if f.category and (record.category or "") != f.category.lower():
            return False
        if f.updated_after and record.updated < f.updated_after:
            return False
        return not (f.updated_before and record.updated > f.updated_before)

    def query(self, query: IndexQuery) -> list[ScoredRecord]:
        candidates = [p for p in self.points.values() if self._matches(p.record, query)]
        rankings: list[list[str]] = []
        if query.mode in (SearchMode.HYBRID, SearchMode.DENSE):
            assert query.vector is not None
            with_vector = [p for p in candidates if p.vector is not None]
            dense = sorted(with_vector, key=lambda p: -_cosine(p.vector or [], query.vector or []))
            rankings.append([p.record.point_id for p in dense[: query.candidates]])
        if query.mode in (SearchMode.HYBRID, SearchMode.KEYWORD):
            terms = set(words(query.text))
            scored = [
                (sum(1 for w in words(p.record.to_payload()[F_TEXT]) if w in terms), p)
                for p in candidates
            ]
            keyword = [p for s, p in sorted(scored, key=lambda t: -t[0]) if s > 0]
            rankings.append([p.record.point_id for p in keyword[: query.candidates]])
        fused: dict[str, float] = {}
        for ranking in rankings:
            for rank, pid in enumerate(ranking):
                fused[pid] = fused.get(pid, 0.0) + 1.0 / (query.rrf_k + rank)
        w = query.weights
        out = []
        for pid, rrf in fused.items():
            rec = self.points[pid].record
            score = (
                w.similarity * rrf * query.rrf_k / query.sources
                + w.importance * rec.importance
                + w.recency * recency(rec.updated, query.now)
            )
            out.append(ScoredRecord(rec, score))
        out.sort(key=lambda s: -s.score)
        return out[: query.limit]

    def records(self) -> Iterator[ChunkRecord]:
        for point in list(self.points.values()):
            yield point.record

    def count(self) -> int:
        return len(self.points)

    def clear(self) -> None:
        self.points.clear()
        self.cleared += 1
        self.reset_reason = None

    def optimize(self) -> None:
        self.optimized += 1

    def flush(self) -> None:
        self.flushes += 1
        self.unflushed = 0

    def close(self) -> None:
        self.closed = True


def record(
    path: str,
    index: int = 0,
    text: str = "text",
    *,
    importance: float = 0.5,
    updated: datetime | None = None,
    tags: tuple[str, ...] = (),
    category: str | None = None,
) -> ChunkRecord:
    kwargs = {} if updated is None else {"updated": updated}
    return ChunkRecord(
        path=path,
        chunk_index=index,
        heading="",
        start_line=index * 10 + 1,
        end_line=index * 10 + 5,
        text=text,
        tags=tags,
        category=category,
        importance=importance,
        chunk_hash=f"{path}#{index}",
        **kwargs,  # type: ignore[arg-type]
    )
