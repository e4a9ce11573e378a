"""The embedded search index: one Qdrant Edge shard per vault, in the app's data folder.

Dense vectors (cosine, HNSW once optimised) and a BM25 text index over the chunk text
(``TextIndexParams(scoring=True)``), with payload indexes for path, folder, tags,
category and update time. A query fuses the dense and BM25 prefetches by RRF and ranks
the fused candidates with the importance/recency/similarity formula inside the engine.

A shard that is missing, unreadable, of another layout or built for another embedder is
moved aside and replaced by an empty one; ``reset_reason`` says why, and the indexer
then rebuilds it from the vault. A shard that another process has open is none of these:
opening raises :class:`IndexInUse` and leaves it alone (:mod:`shard_lock`).
"""

from __future__ import annotations

import contextlib
import json
import logging
import shutil
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from kai_desktop.core.retrieval.ports import IndexInUse, RetrievalError, SearchIndex
from kai_desktop.core.retrieval.records import (
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
    ChunkRecord,
    IndexPoint,
    IndexQuery,
    ScoredRecord,
    StoredPoint,
)
from kai_desktop.core.vault.atomic import atomic_write
from kai_desktop.infra.qdrant.edge_query import build_edge_request
from kai_desktop.infra.qdrant.lifecycle import Lifecycle
from kai_desktop.infra.qdrant.shard_lock import ShardLock, in_use_message, is_lock_error

log = logging.getLogger(__name__)

SHARD_DIR: Final = "edge-shard"
_MANIFEST_FIELDS: Final = (F_PATH, F_META)
LAYOUT_FILE: Final = "edge-layout.json"


def _is_fatal(exc: BaseException) -> bool:
    return isinstance(exc, KeyboardInterrupt | SystemExit | GeneratorExit | MemoryError)


class EdgeIndex:
    """A :class:`~kai_desktop.core.retrieval.ports.SearchIndex` on an Edge shard."""

    def __init__(
        self,
        directory: Path,
        *,
        dim: int,
        embedder_name: str,
        search_threads: int | None = None,
    ) -> None:
        self.directory = Path(directory)
        self.search_threads = search_threads
        self.dim = dim
        self.embedder_name = embedder_name
        self._life = Lifecycle()
        self._shard: Any = None
        self._reset_reason: str | None = None
        self._owner = ShardLock(self.directory)
        self._owner.acquire()  # IndexInUse when another process has the shard
        try:
            self._open()
        except BaseException:
            self._owner.release()
            raise

    # -- opening -------------------------------------------------------------------------
    @property
    def layout(self) -> dict[str, Any]:
        return {"layout": INDEX_LAYOUT_VERSION, "dim": self.dim, "embedder": self.embedder_name}

    @property
    def shard_path(self) -> Path:
        return self.directory / SHARD_DIR

    @property
    def reset_reason(self) -> str | None:
        return self._reset_reason

    def _open(self) -> None:
        from qdrant_edge import EdgeShard

        layout_path = self.directory / LAYOUT_FILE
        stored: Any = None
        with contextlib.suppress(OSError, ValueError):
            stored = json.loads(layout_path.read_text(encoding="utf-8"))
        if not self.shard_path.exists():
            self._reset_reason = "index missing" if stored is not None else None
            self._create()
            return
        if stored != self.layout:
            self._reset_reason = (
                "index of an older layout or another embedder"
                if isinstance(stored, dict)
                else "index layout file missing or unreadable"
            )
            self._discard()
            self._create()
            return
        try:
            shard = EdgeShard.load(str(self.shard_path), self._load_config())
            info = shard.info()
            missing = {F_PATH, F_TEXT, F_UPDATED} - set(info.payload_schema)
            if missing:
                shard.close()
                raise RetrievalError(f"payload indexes missing: {sorted(missing)}")
        except BaseException as exc:
            if _is_fatal(exc):
                raise
            if is_lock_error(exc):  # held by a process that does not take our lock
                raise IndexInUse(in_use_message(self.directory)) from exc
            log.warning("search index at %s is unusable (%s); rebuilding", self.shard_path, exc)
            self._reset_reason = f"index unreadable ({str(exc)[:200]})"
            self._discard()
            self._create()
            return
        self._shard = shard

    def _vectors(self) -> dict[str, Any]:
        from qdrant_edge import Distance, EdgeVectorParams

        return {DENSE_VECTOR: EdgeVectorParams(size=self.dim, distance=Distance.Cosine)}

    def _load_config(self) -> Any:
        if self.search_threads is None:
            return None
        from qdrant_edge import EdgeConfig

        return EdgeConfig(vectors=self._vectors(), max_search_threads=self.search_threads)

    def _discard(self) -> None:
        """Move a broken shard aside (one generation is kept for inspection)."""
        if not self.shard_path.exists():
            return
        aside = self.directory / (SHARD_DIR + ".broken")
        shutil.rmtree(aside, ignore_errors=True)
        try:
            self.shard_path.rename(aside)
        except OSError:
            shutil.rmtree(self.shard_path, ignore_errors=True)

    def _create(self) -> None:
        from qdrant_edge import (
            DatetimeIndexParams,
            EdgeConfig,
            EdgeShard,
            FloatIndexParams,
            KeywordIndexParams,
            Language,
            SnowballLanguage,
            SnowballParams,
            TextIndexParams,
            TokenizerType,
            UpdateOperation,
        )

        self.directory.mkdir(parents=True, exist_ok=True)
        config = EdgeConfig(vectors=self._vectors(), max_search_threads=self.search_threads)
        shard = EdgeShard.create(str(self.shard_path), config)
        text_params = TextIndexParams(
            tokenizer=TokenizerType.Word,
            lowercase=True,
            ascii_folding=True,
            stemmer=SnowballParams(SnowballLanguage.English),
            stopwords=Language.English,
            scoring=True,
            enable_hnsw=False,
        )
        # No extra HNSW links per payload value: they multiply the graph build time
        # (a folder or tag filter is served by the payload index and filtered search).
        keyword = KeywordIndexParams(enable_hnsw=False)
        for name, schema in (
            (F_TEXT, text_params),
            (F_PATH, keyword),
            (F_FOLDER, keyword),
            (F_TAGS, keyword),
            (F_CATEGORY, keyword),
            (F_UPDATED, DatetimeIndexParams(enable_hnsw=False)),
            (F_DATE, DatetimeIndexParams(enable_hnsw=False)),
            # The formula reads importance for every candidate: from an index it is cheap.
            (F_IMPORTANCE, FloatIndexParams(enable_hnsw=False)),
        ):
            shard.update(UpdateOperation.create_field_index(name, schema))
        shard.flush()
        atomic_write(self.directory / LAYOUT_FILE, json.dumps(self.layout).encode("utf-8"))
        self._shard = shard

    def _live(self) -> Any:
        if self._shard is None:
            raise RetrievalError("the search index is closed")
        return self._shard

    # -- SearchIndex -------------------------------------------------------------------
    def upsert(self, points: Sequence[IndexPoint]) -> None:
        if not points:
            return
        from qdrant_edge import Point, UpdateOperation

        edge_points = []
        for p in points:
            pid, payload = p.id_and_payload()
            edge_points.append(
                Point(pid, {} if p.vector is None else {DENSE_VECTOR: p.vector}, payload)
            )
        with self._life.shared():
            self._live().update(UpdateOperation.upsert_points(edge_points))

    def set_vectors(self, vectors: Mapping[str, list[float]]) -> None:
        if not vectors:
            return
        from qdrant_edge import PointVectors, UpdateOperation

        update = [PointVectors(pid, {DENSE_VECTOR: v}) for pid, v in vectors.items()]
        with self._life.shared():
            self._live().update(UpdateOperation.update_vectors(update))

    def without_vectors(self) -> Iterator[ChunkRecord]:
        return self._scroll(_no_vector())

    def count_without_vectors(self) -> int:
        from qdrant_edge import CountRequest

        with self._life.shared():
            return int(self._live().count(CountRequest(exact=True, filter=_no_vector())))

    def delete(self, ids: Sequence[str]) -> None:
        if not ids:
            return
        from qdrant_edge import UpdateOperation

        with self._life.shared():
            self._live().update(UpdateOperation.delete_points(list(ids)))

    def fetch(self, ids: Sequence[str], *, with_vectors: bool = False) -> dict[str, StoredPoint]:
        if not ids:
            return {}
        with self._life.shared():
            records = self._live().retrieve(
                list(ids), with_payload=True, with_vector=[DENSE_VECTOR] if with_vectors else False
            )
        out: dict[str, StoredPoint] = {}
        for rec in records:
            vector = None
            if with_vectors and isinstance(rec.vector, dict):
                vector = list(rec.vector.get(DENSE_VECTOR) or []) or None
            out[str(rec.id)] = StoredPoint(ChunkRecord.from_payload(rec.payload or {}), vector)
        return out

    def query(self, query: IndexQuery) -> list[ScoredRecord]:
        request = build_edge_request(query)
        if request is None:
            return []
        with self._life.shared():
            points = self._live().query(request)
        return [
            ScoredRecord(ChunkRecord.from_payload(p.payload or {}), float(p.score))
            for p in points
        ]

    def records(self) -> Iterator[ChunkRecord]:
        return self._scroll(None)

    def _scroll(self, only: Any) -> Iterator[ChunkRecord]:
        from qdrant_edge import ScrollRequest

        offset: Any = None
        while True:
            with self._life.shared():
                batch, offset = self._live().scroll(
                    ScrollRequest(
                        offset=offset, limit=1000, filter=only,
                        with_payload=list(_MANIFEST_FIELDS), with_vector=False,
                    )
                )
            for rec in batch:
                yield ChunkRecord.from_payload(rec.payload or {})
            if offset is None:
                return

    def count(self) -> int:
        from qdrant_edge import CountRequest

        with self._life.shared():
            return int(self._live().count(CountRequest(exact=True)))

    def clear(self) -> None:
        with self._life.exclusive():
            if self._shard is not None:
                self._shard.close()
                self._shard = None
            shutil.rmtree(self.shard_path, ignore_errors=True)
            self._create()
            self._reset_reason = None

    def optimize(self) -> None:
        with self._life.shared():
            self._live().optimize()

    def flush(self) -> None:
        with self._life.shared():
            if self._shard is not None:
                self._shard.flush()

    def close(self) -> None:
        with self._life.exclusive():
            try:
                if self._shard is not None:
                    shard, self._shard = self._shard, None
                    shard.flush()
                    shard.close()
            finally:
                self._owner.release()

    def __enter__(self) -> EdgeIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _no_vector() -> Any:
    from qdrant_edge import Filter, HasVectorCondition

    return Filter(must_not=[HasVectorCondition(DENSE_VECTOR)])


def _check_protocol(index: EdgeIndex) -> SearchIndex:
    return index
