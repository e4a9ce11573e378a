"""What the search index stores and how a ranked query looks: shared by every back end.

Ranking: ``α_imp·importance + α_rec·0.995^hours_since_update + α_sim·similarity``, where
``similarity`` is the fused RRF score divided by its largest possible value, so it lies in
(0, 1] like the other two terms. Back ends evaluate the formula inside the engine;
:func:`score_parts` recomputes the three terms for a hit so a citation can show them.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # a worker process that cuts notes has no need of settings (pydantic)
    from kai_desktop.core.settings import Settings

INDEX_LAYOUT_VERSION: Final = 4
"""Bumped whenever the stored payload, the index layout or what a chunk holds (how notes
are cut, which context goes in) changes: older indexes are rebuilt."""

RECENCY_BASE: Final = 0.995
"""Recency decays as ``RECENCY_BASE ** hours_since_update`` (halves in about six days)."""

DEFAULT_IMPORTANCE: Final = 5
"""Importance (1–10) of notes that do not set one."""

DEFAULT_RRF_K: Final = 10
"""RRF constant. Smaller than the textbook 60 so rank differences survive normalisation."""

# Payload field names shared by every back end (the collection layout).
F_PATH: Final = "path"
F_FOLDER: Final = "folder"
F_TAGS: Final = "tags"
F_CATEGORY: Final = "category"
F_UPDATED: Final = "updated"
F_TEXT: Final = "text"
F_IMPORTANCE: Final = "importance"
F_DATE: Final = "date"
"""The day the note is about (property, daily or session note name); absent when unknown."""
F_META: Final = "meta"
"""What no filter, index or ranking reads, in one string: ``[chunk_index, start_line,
end_line, text_chars, hits, chunk_count, content_hash, chunk_hash, heading]`` as JSON
(``text_chars``: the keyword field holds the chunk text, then its context, and this many
characters are text). Qdrant Edge 0.9 converts each payload value on its own, a few
microseconds each; one string instead of nine halved the cost of writing a point."""
DENSE_VECTOR: Final = "dense"

_POINT_NAMESPACE: Final = uuid.UUID("6f1d8a53-2f0e-4c55-9a8e-4b5d0c3e7a21")


class FusionMethod(StrEnum):
    RRF = "rrf"
    DBSF = "dbsf"


class SearchMode(StrEnum):
    HYBRID = "hybrid"
    DENSE = "dense"
    KEYWORD = "keyword"


@dataclass(frozen=True, slots=True)
class SearchFilters:
    """Restrict a search. ``folder`` includes sub-folders; the time window is inclusive."""

    folder: str | None = None
    tag: str | None = None
    category: str | None = None
    updated_after: datetime | None = None
    updated_before: datetime | None = None
    date_after: datetime | None = None
    date_before: datetime | None = None

    def is_empty(self) -> bool:
        return not (
            self.folder or self.tag or self.category or self.updated_after or self.updated_before
            or self.date_after or self.date_before
        )

    def exact_matches(self) -> dict[str, str]:
        """The payload fields the set filters must equal, with values spelled as the
        payload stores them (folder without slashes, tag without ``#``, lower case);
        a filter left empty after that is no filter. The time window is not included."""
        values = {
            F_FOLDER: (self.folder or "").strip("/"),
            F_TAGS: (self.tag or "").lstrip("#").lower(),
            F_CATEGORY: (self.category or "").lower(),
        }
        return {key: value for key, value in values.items() if value}


@dataclass(frozen=True, slots=True)
class ScoreWeights:
    """α_imp, α_rec, α_sim of the ranking formula."""

    importance: float = 0.2
    recency: float = 0.2
    similarity: float = 1.0

    @classmethod
    def from_settings(cls, settings: Settings) -> ScoreWeights:
        return cls(
            importance=settings.weight_importance,
            recency=settings.weight_recency,
            similarity=settings.weight_similarity,
        )


@dataclass(frozen=True, slots=True)
class ChunkRecord:
    """One indexed chunk: everything stored with its vector (the payload)."""

    path: str
    chunk_index: int
    heading: str
    start_line: int
    end_line: int
    text: str
    tags: tuple[str, ...] = ()
    category: str | None = None
    importance: float = DEFAULT_IMPORTANCE / 10
    hits: int = 0
    updated: datetime = field(default_factory=lambda: datetime.now(UTC))
    content_hash: str = ""
    chunk_hash: str = ""
    chunk_count: int = 1
    """How many chunks the note had when this one was written (recovery checks it)."""
    context: str = ""
    """Indexed for keyword search with the text, never shown (see ``chunk_context``)."""
    date: datetime | None = None

    @property
    def point_id(self) -> str:
        return point_id(self.path, self.chunk_index)

    def to_payload(self) -> dict[str, Any]:
        """The stored payload. Fields without a value are left out (a missing field
        matches no filter, as an empty one would)."""
        meta = [
            self.chunk_index, self.start_line, self.end_line, len(self.text), self.hits,
            self.chunk_count, self.content_hash, self.chunk_hash, self.heading,
        ]
        payload: dict[str, Any] = {
            F_PATH: self.path,
            F_TEXT: f"{self.text}\n\n{self.context}" if self.context else self.text,
            F_IMPORTANCE: self.importance,
            F_UPDATED: format_datetime(self.updated),
            F_META: json.dumps(meta, ensure_ascii=False, separators=(",", ":")),
        }
        folders = folder_chain(self.path)
        if folders:
            payload[F_FOLDER] = folders
        if self.tags:
            payload[F_TAGS] = list(self.tags)
        if self.category is not None:
            payload[F_CATEGORY] = self.category
        if self.date is not None:
            payload[F_DATE] = format_datetime(self.date)
        return payload

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ChunkRecord:
        updated = parse_datetime(payload.get(F_UPDATED)) or datetime.fromtimestamp(0, UTC)
        category = payload.get(F_CATEGORY)
        stored = str(payload.get(F_TEXT, ""))
        index, start, end, cut, hits, count, content_hash, chunk_hash, heading = _meta(
            payload.get(F_META), len(stored)
        )
        return cls(
            path=str(payload.get(F_PATH, "")),
            chunk_index=index,
            heading=heading,
            start_line=start,
            end_line=end,
            text=stored[:cut],
            tags=tuple(str(t) for t in payload.get(F_TAGS) or ()),
            category=str(category) if category is not None else None,
            importance=float(payload.get(F_IMPORTANCE, DEFAULT_IMPORTANCE / 10)),
            hits=hits,
            updated=updated,
            content_hash=content_hash,
            chunk_hash=chunk_hash,
            chunk_count=count,
            context=stored[cut:].lstrip("\n"),
            date=parse_datetime(payload.get(F_DATE)),
        )


@dataclass(frozen=True, slots=True)
class IndexPoint:
    """A chunk to store. ``vector`` None: keyword search reaches it now, dense search
    once :meth:`SearchIndex.set_vectors` has given it its vector. ``prepared``: the
    record's point id and payload when they were made already (by the worker process
    that cut the note, see :func:`prepare`); back ends store those."""

    record: ChunkRecord
    vector: list[float] | None
    prepared: Prepared | None = None

    def id_and_payload(self) -> Prepared:
        return self.prepared if self.prepared is not None else prepare(self.record)


Prepared = tuple[str, dict[str, Any]]
"""A record's point id and payload, as :func:`prepare` makes them."""


def prepare(record: ChunkRecord) -> Prepared:
    return record.point_id, record.to_payload()


@dataclass(frozen=True, slots=True)
class StoredPoint:
    record: ChunkRecord
    vector: list[float] | None = None


@dataclass(frozen=True, slots=True)
class IndexQuery:
    """A ranked search as the back ends receive it (the query text is already embedded)."""

    text: str
    vector: list[float] | None
    mode: SearchMode = SearchMode.HYBRID
    filters: SearchFilters = field(default_factory=SearchFilters)
    limit: int = 5
    candidates: int = 50
    weights: ScoreWeights = field(default_factory=ScoreWeights)
    now: datetime = field(default_factory=lambda: datetime.now(UTC))
    rrf_k: int = DEFAULT_RRF_K
    fusion: FusionMethod = FusionMethod.RRF
    keyword_weight: float = 1.0
    """RRF weight of the keyword ranking (the dense one weighs 1)."""
    names: tuple[str, ...] = ()
    """Names in the question: a hybrid search adds a dense ranking of the chunks whose
    keyword text contains one of them (``name_weight`` in RRF)."""
    name_weight: float = 1.0

    def source_weights(self) -> list[float]:
        """The RRF weight of each fused ranking, in the order the back ends build them:
        dense, keyword, then the name-restricted dense ranking."""
        out = []
        if self.mode in (SearchMode.HYBRID, SearchMode.DENSE):
            out.append(1.0)
        if self.mode in (SearchMode.HYBRID, SearchMode.KEYWORD) and self.text.strip():
            out.append(self.keyword_weight)
        if self.mode is SearchMode.HYBRID and self.names:
            out.append(self.name_weight)
        return out

    @property
    def sources(self) -> float:
        """The largest fused score over ``rrf_k`` (RRF) or the number of rankings (DBSF)."""
        weights = self.source_weights()
        if self.fusion is FusionMethod.DBSF:
            return float(max(1, len(weights)))
        return max(1.0, sum(weights))

    @property
    def similarity_scale(self) -> float:
        """The factor on the fused score in the ranking formula: RRF scores lie in
        (0, sources/k] and DBSF scores about (0, sources], so this scales them to (0, 1]
        times the similarity weight."""
        if self.fusion is FusionMethod.DBSF:
            return self.weights.similarity / self.sources
        return self.weights.similarity * self.rrf_k / self.sources


@dataclass(frozen=True, slots=True)
class ScoredRecord:
    record: ChunkRecord
    score: float



def point_id(path: str, chunk_index: int) -> str:
    """Stable id of a chunk: the same note path and position always give the same id."""
    return str(uuid.uuid5(_POINT_NAMESPACE, f"{path}\x00{chunk_index}"))


def folder_chain(path: str) -> list[str]:
    """Every folder containing ``path``: ``a/b/c.md`` -> ``["a", "a/b"]``."""
    parents = [part for part in path.split("/") if part and part != "."][:-1]
    return ["/".join(parents[: i + 1]) for i in range(len(parents))]


_Meta = tuple[int, int, int, int, int, int, str, str, str]


def _meta(stored: Any, text_chars: int) -> _Meta:
    """The :data:`F_META` fields (defaults for anything missing or malformed: a payload
    written by another program must not stop a search)."""
    try:
        values = json.loads(stored) if isinstance(stored, str) else []
    except ValueError:
        values = []
    if not isinstance(values, list) or len(values) != 9:
        values = []
    ints = [0, 0, 0, text_chars, 0, 1]
    strs = ["", "", ""]
    for i, value in enumerate(values):
        if i < 6 and isinstance(value, int):
            ints[i] = value
        elif i >= 6 and isinstance(value, str):
            strs[i - 6] = value
    index, start, end, cut, hits, count = ints
    return index, start, end, min(cut, text_chars), hits, count, strs[0], strs[1], strs[2]


@lru_cache(maxsize=256)  # the chunks of a note share their times
def format_datetime(value: datetime) -> str:
    """UTC ISO form used in payloads (naive datetimes are taken as local time)."""
    if value.tzinfo is None:
        value = value.astimezone()
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_datetime(value: object) -> datetime | None:
    """A datetime from a payload or property value (datetime, date or ISO text)."""
    if isinstance(value, datetime):
        parsed = value
    elif hasattr(value, "isoformat") and hasattr(value, "year"):  # a date
        parsed = datetime.fromisoformat(value.isoformat())
    elif isinstance(value, str) and value.strip():
        try:
            parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.astimezone()
    return parsed.astimezone(UTC)


def recency(updated: datetime, now: datetime) -> float:
    hours = max(0.0, (now - updated).total_seconds() / 3600.0)
    return float(RECENCY_BASE**hours)


def score_parts(record: ChunkRecord, total: float, query: IndexQuery) -> dict[str, float]:
    """Split a ranked score into its weighted terms (they sum to ``total``)."""
    imp = query.weights.importance * record.importance
    rec = query.weights.recency * recency(record.updated, query.now)
    return {"importance": imp, "recency": rec, "similarity": total - imp - rec}
