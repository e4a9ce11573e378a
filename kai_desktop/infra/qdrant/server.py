"""The search index on a Qdrant server or cluster, through ``qdrant-client``.

Same layout as the embedded shard (``index_edge``): a named dense vector, a BM25 text
index over the chunk text, keyword indexes for path/folder/tags/category and a datetime
index for the update time; the same fused and formula-ranked query. The collection's
metadata records the layout version and the embedder, so a collection built for
another model or layout is recreated (``reset_reason`` says so) and rebuilt.

qdrant-client's local mode (``path=`` or ``":memory:"``) speaks the same API and is what
the tests run against; it only supports the default text tokenizer, so the English
stemmer and stop words are used against real servers only.
"""

from __future__ import annotations

import logging
import threading
import warnings
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Literal

from kai_desktop.core.retrieval.ports import RetrievalError, SearchIndex
from kai_desktop.core.retrieval.records import (
    DEFAULT_IMPORTANCE,
    DENSE_VECTOR,
    F_CATEGORY,
    F_DATE,
    F_FOLDER,
    F_IMPORTANCE,
    F_META,
    F_PATH,
    F_TAGS,
    F_TEXT,
    F_UPDATED,
    INDEX_LAYOUT_VERSION,
    RECENCY_BASE,
    ChunkRecord,
    FusionMethod,
    IndexPoint,
    IndexQuery,
    ScoredRecord,
    SearchFilters,
    SearchMode,
    StoredPoint,
    format_datetime,
)

log = logging.getLogger(__name__)

TextAnalysis = Literal["english", "plain"]


class ServerIndex:
    """A :class:`~kai_desktop.core.retrieval.ports.SearchIndex` on one Qdrant collection."""

    def __init__(
        self,
        client: Any,
        collection: str,
        *,
        dim: int,
        embedder_name: str,
        text_analysis: TextAnalysis = "english",
    ) -> None:
        self._client = client
        self.collection = collection
        self.dim = dim
        self.embedder_name = embedder_name
        self.text_analysis = text_analysis
        self._reset_reason: str | None = None
        self._lock = threading.RLock()
        self._open()

    @classmethod
    def connect(
        cls,
        collection: str,
        *,
        dim: int,
        embedder_name: str,
        url: str | None = None,
        api_key: str | None = None,
        path: str | None = None,
        timeout_s: int = 30,
    ) -> ServerIndex:
        """Connect to a server (``url``) or open qdrant-client's local mode (``path``)."""
        try:
            from qdrant_client import QdrantClient
        except ImportError as exc:
            raise RetrievalError(
                "qdrant-client is not installed; install it with: pip install qdrant-client"
            ) from exc
        try:
            if url:
                client = QdrantClient(url=url, api_key=api_key or None, timeout=timeout_s)
            else:
                client = QdrantClient(path=path or ":memory:")
        except Exception as exc:
            raise RetrievalError(f"cannot open the Qdrant index: {exc}") from exc
        analysis: TextAnalysis = "english" if url else "plain"
        return cls(
            client, collection, dim=dim, embedder_name=embedder_name, text_analysis=analysis
        )

    @property
    def reset_reason(self) -> str | None:
        return self._reset_reason

    @property
    def metadata(self) -> dict[str, Any]:
        return {
            "kai_layout": INDEX_LAYOUT_VERSION,
            "kai_embedder": self.embedder_name,
            "kai_text": self.text_analysis,
        }

    # -- layout ------------------------------------------------------------------------------
    def _open(self) -> None:
        try:
            exists = self._client.collection_exists(self.collection)
        except Exception as exc:
            raise RetrievalError(f"cannot reach the Qdrant server: {exc}") from exc
        if not exists:
            self._create()
            return
        info = self._client.get_collection(self.collection)
        problem = self._layout_problem(info)
        if problem:
            log.warning("Qdrant collection %s: %s; recreating it", self.collection, problem)
            self._reset_reason = problem
            self._client.delete_collection(self.collection)
            self._create()

    def _layout_problem(self, info: Any) -> str | None:
        meta = dict(getattr(info.config, "metadata", None) or {})
        if {k: meta.get(k) for k in self.metadata} != self.metadata:
            return "collection of an older layout or another embedder"
        vectors = info.config.params.vectors
        params = vectors.get(DENSE_VECTOR) if isinstance(vectors, dict) else None
        if params is None or params.size != self.dim:
            return "collection vectors do not match the embedder"
        missing = {F_PATH, F_TEXT, F_UPDATED} - set(info.payload_schema or {})
        if missing and self.text_analysis == "english":  # local mode keeps no index schema
            return f"collection lacks payload indexes {sorted(missing)}"
        return None

    def _create(self) -> None:
        from qdrant_client import models as m

        self._client.create_collection(
            self.collection,
            vectors_config={
                DENSE_VECTOR: m.VectorParams(size=self.dim, distance=m.Distance.COSINE)
            },
            metadata=self.metadata,
        )
        if self.text_analysis == "english":
            text_params = m.TextIndexParams(
                type=m.TextIndexType.TEXT,
                tokenizer=m.TokenizerType.WORD,
                lowercase=True,
                ascii_folding=True,
                stemmer=m.SnowballParams(
                    type=m.Snowball.SNOWBALL, language=m.SnowballLanguage.ENGLISH
                ),
                stopwords=m.Language.ENGLISH,
                scoring=True,
            )
        else:
            text_params = m.TextIndexParams(type=m.TextIndexType.TEXT, scoring=True)
        schemas: list[tuple[str, Any]] = [
            (F_TEXT, text_params),
            (F_PATH, m.PayloadSchemaType.KEYWORD),
            (F_FOLDER, m.PayloadSchemaType.KEYWORD),
            (F_TAGS, m.PayloadSchemaType.KEYWORD),
            (F_CATEGORY, m.PayloadSchemaType.KEYWORD),
            (F_UPDATED, m.PayloadSchemaType.DATETIME),
            (F_DATE, m.PayloadSchemaType.DATETIME),
            (F_IMPORTANCE, m.PayloadSchemaType.FLOAT),
        ]
        with warnings.catch_warnings():
            # Local mode filters without indexes and says so; a server uses them.
            warnings.filterwarnings("ignore", message="Payload indexes have no effect")
            for name, schema in schemas:
                self._client.create_payload_index(self.collection, name, field_schema=schema)

    # -- SearchIndex -------------------------------------------------------------------------
    def upsert(self, points: Sequence[IndexPoint]) -> None:
        if not points:
            return
        from qdrant_client import models as m

        structs = []
        for p in points:
            pid, payload = p.id_and_payload()
            structs.append(m.PointStruct(
                id=pid, vector={} if p.vector is None else {DENSE_VECTOR: p.vector},
                payload=payload,
            ))
        with self._lock:
            self._client.upsert(self.collection, points=structs, wait=True)

    def delete(self, ids: Sequence[str]) -> None:
        if not ids:
            return
        from qdrant_client import models as m

        with self._lock:
            self._client.delete(
                self.collection, points_selector=m.PointIdsList(points=list(ids)), wait=True
            )

    def fetch(self, ids: Sequence[str], *, with_vectors: bool = False) -> dict[str, StoredPoint]:
        if not ids:
            return {}
        with self._lock:
            records = self._client.retrieve(
                self.collection,
                ids=list(ids),
                with_payload=True,
                with_vectors=[DENSE_VECTOR] if with_vectors else False,
            )
        out: dict[str, StoredPoint] = {}
        for rec in records:
            vector = None
            if with_vectors and isinstance(rec.vector, dict):
                raw = rec.vector.get(DENSE_VECTOR)
                vector = [float(x) for x in raw] if raw is not None else None
            out[str(rec.id)] = StoredPoint(ChunkRecord.from_payload(rec.payload or {}), vector)
        return out

    def query(self, query: IndexQuery) -> list[ScoredRecord]:
        request = build_server_request(query)
        if request is None:
            return []
        with self._lock:
            response = self._client.query_points(self.collection, **request)
        return [
            ScoredRecord(ChunkRecord.from_payload(p.payload or {}), float(p.score))
            for p in response.points
        ]

    def set_vectors(self, vectors: Mapping[str, list[float]]) -> None:
        if not vectors:
            return
        from qdrant_client import models as m

        update = [m.PointVectors(id=pid, vector={DENSE_VECTOR: v}) for pid, v in vectors.items()]
        with self._lock:
            self._client.update_vectors(self.collection, points=update, wait=True)

    def without_vectors(self) -> Iterator[ChunkRecord]:
        return self._scroll(_no_vector())

    def count_without_vectors(self) -> int:
        with self._lock:
            found = self._client.count(self.collection, count_filter=_no_vector(), exact=True)
        return int(found.count)

    def records(self) -> Iterator[ChunkRecord]:
        return self._scroll(None)

    def _scroll(self, only: Any) -> Iterator[ChunkRecord]:
        offset: Any = None
        fields = [F_PATH, F_META]
        while True:
            with self._lock:
                batch, offset = self._client.scroll(
                    self.collection, limit=1000, offset=offset, scroll_filter=only,
                    with_payload=fields, with_vectors=False,
                )
            for rec in batch:
                yield ChunkRecord.from_payload(rec.payload or {})
            if offset is None:
                return

    def count(self) -> int:
        with self._lock:
            return int(self._client.count(self.collection, exact=True).count)

    def clear(self) -> None:
        with self._lock:
            self._client.delete_collection(self.collection)
            self._create()
            self._reset_reason = None

    def optimize(self) -> None:
        """The server optimises on its own."""

    def flush(self) -> None:
        """Writes wait for the server's acknowledgement; nothing is buffered here."""

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None


def build_server_filter(filters: SearchFilters) -> Any:
    from qdrant_client import models as m

    must: list[Any] = [
        m.FieldCondition(key=key, match=m.MatchValue(value=value))
        for key, value in filters.exact_matches().items()
    ]
    for key, after, before in (
        (F_UPDATED, filters.updated_after, filters.updated_before),
        (F_DATE, filters.date_after, filters.date_before),
    ):
        if after or before:
            must.append(
                m.FieldCondition(
                    key=key, range=m.DatetimeRange(gte=_utc(after), lte=_utc(before))
                )
            )
    return m.Filter(must=must) if must else None


def _utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return (value if value.tzinfo else value.astimezone()).astimezone(UTC)


def build_server_request(query: IndexQuery) -> dict[str, Any] | None:
    """Keyword arguments of ``query_points`` for ``query`` (same plan as the Edge query)."""
    from qdrant_client import models as m

    leaves: list[Any] = []
    if query.mode in (SearchMode.HYBRID, SearchMode.DENSE):
        if query.vector is None:
            raise RetrievalError("a dense search needs the query vector")
        leaves.append(m.Prefetch(query=query.vector, using=DENSE_VECTOR, limit=query.candidates))
    if query.mode in (SearchMode.HYBRID, SearchMode.KEYWORD) and query.text.strip():
        leaves.append(
            m.Prefetch(query=m.TextQuery(text=query.text), using=F_TEXT, limit=query.candidates)
        )
    if query.mode is SearchMode.HYBRID and query.names and query.vector is not None:
        named = m.Filter(
            should=[m.FieldCondition(key=F_TEXT, match=m.MatchText(text=n)) for n in query.names]
        )
        leaves.append(m.Prefetch(query=query.vector, using=DENSE_VECTOR, filter=named,
                                 limit=query.candidates))
    if not leaves:
        return None
    fusion: Any = (
        m.FusionQuery(fusion=m.Fusion.DBSF)
        if query.fusion is FusionMethod.DBSF
        else m.RrfQuery(rrf=m.Rrf(k=query.rrf_k, weights=query.source_weights()))
    )
    fused = m.Prefetch(prefetch=leaves, query=fusion, limit=query.candidates)
    w = query.weights
    hours = m.DivExpression(
        div=m.DivParams(
            left=m.SumExpression(
                sum=[
                    m.DatetimeExpression(datetime=format_datetime(query.now)),
                    m.NegExpression(neg=m.DatetimeKeyExpression(datetime_key=F_UPDATED)),
                ]
            ),
            right=3600.0,
        )
    )
    formula = m.SumExpression(
        sum=[
            m.MultExpression(mult=[query.similarity_scale, "$score"]),
            m.MultExpression(mult=[w.importance, F_IMPORTANCE]),
            m.MultExpression(
                mult=[
                    w.recency,
                    m.PowExpression(
                        pow=m.PowParams(
                            base=RECENCY_BASE, exponent=m.MaxExpression(max=[hours, 0.0])
                        )
                    ),
                ]
            ),
        ]
    )
    return {
        "prefetch": [fused],
        "query": m.FormulaQuery(
            formula=formula, defaults={F_IMPORTANCE: DEFAULT_IMPORTANCE / 10}
        ),
        "query_filter": build_server_filter(query.filters),
        "limit": query.limit,
        "with_payload": True,
    }


def _check_protocol(index: ServerIndex) -> SearchIndex:
    return index


def _no_vector() -> Any:
    from qdrant_client import models as m

    return m.Filter(must_not=[m.HasVectorCondition(has_vector=DENSE_VECTOR)])
