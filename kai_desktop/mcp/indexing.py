"""The search index as the MCP server uses it: opened only when no other process holds
it, never moved aside or rebuilt on another's behalf, and kept current by one thread.

Qdrant Edge locks its shard's write-ahead log (``flock`` on the ``wal`` folder) while a
process has it open. :func:`shard_in_use` looks at that lock before opening; the index
class below also refuses, instead of discarding the shard, when opening fails anyway
(another process took it in between, or it needs a rebuild the window should do).
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kai_desktop.infra.qdrant.edge import SHARD_DIR, EdgeIndex

if TYPE_CHECKING:
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer, VaultChange
    from kai_desktop.core.retrieval.search import Hit, Retriever, SearchFilters, SearchIndex
    from kai_desktop.core.settings import Settings
    from kai_desktop.core.vault.files import Vault

log = logging.getLogger(__name__)


class IndexUnavailable(Exception):
    """The index cannot be used by this process; the message says why."""


def shard_in_use(index_dir: Path) -> bool:
    """True when another process (or another open in this one) holds the Edge shard."""
    wal = Path(index_dir) / SHARD_DIR / "wal"
    if os.name != "posix" or not wal.is_dir():
        return False
    import fcntl

    fd = os.open(wal, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


class GuestEdgeIndex(EdgeIndex):
    """An Edge index that is never discarded by this process: a shard it cannot open as
    it is stays where it is (the window owns rebuilding it)."""

    def _discard(self) -> None:
        reason = self.reset_reason or "the index cannot be opened"
        raise IndexUnavailable(reason)


@dataclass
class _Parts:
    index: SearchIndex
    indexer: IncrementalIndexer
    retriever: Retriever


def open_parts(vault: Vault, settings: Settings, data: Path) -> _Parts:
    """Embedder, index, indexer and retriever for ``vault`` (``data``: its data folder)."""
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.search import Retriever, ScoreWeights
    from kai_desktop.infra.fastembed.embedder import make_embedder
    from kai_desktop.infra.settings_store import data_dir

    index_dir = data / "index"
    if not settings.qdrant_url and shard_in_use(index_dir):
        raise IndexUnavailable("the search index is in use by the Kai window")
    # One thread: the query is embedded on the tool's own thread at normal priority (a
    # client is waiting for it), not by a pool started at the window's background
    # priority, and indexing here never takes every core from the window.
    embedder = make_embedder(settings, data_dir() / "models", threads=1)
    index: Any
    if settings.qdrant_url:
        from kai_desktop.infra.qdrant.edge import open_index

        index, manifest = open_index(
            data, dim=embedder.dim, embedder_name=embedder.name,
            qdrant_url=settings.qdrant_url, api_key=settings.qdrant_api_key,
        )
    else:
        try:
            index = GuestEdgeIndex(index_dir, dim=embedder.dim, embedder_name=embedder.name)
        except IndexUnavailable:
            raise
        except Exception as exc:
            raise IndexUnavailable(f"the search index cannot be opened ({exc})") from exc
        manifest = index_dir / "manifest.json"
    indexer = IncrementalIndexer(vault, index, embedder, manifest)
    retriever = Retriever(embedder, index, ScoreWeights.from_settings(settings))
    return _Parts(index, indexer, retriever)


class IndexedSearch:
    """Hybrid search through core's retriever, with one thread that syncs the index at
    start and then applies change batches in order.

    ``wait_for(seq)`` lets a search see the server's own writes: every batch gets a
    sequence number, and a search waits (briefly) until the batches queued before it
    are in the index.
    """

    def __init__(self, parts: _Parts) -> None:
        self._parts = parts
        self._queue: queue.Queue[tuple[int, list[VaultChange]] | None] = queue.Queue()
        self._cond = threading.Condition()
        self._queued = 0
        self._applied = 0
        self._synced = False
        self.error: str | None = None
        self._thread: threading.Thread | None = None

    @property
    def retriever(self) -> Retriever:
        return self._parts.retriever

    @property
    def synced(self) -> bool:
        with self._cond:
            return self._synced

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="kai-mcp-index", daemon=True)
        self._thread.start()

    def enqueue(self, changes: Sequence[VaultChange]) -> int:
        with self._cond:
            self._queued += 1
            seq = self._queued
        self._queue.put((seq, list(changes)))
        return seq

    def queued(self) -> int:
        with self._cond:
            return self._queued

    def wait_for(self, seq: int, timeout: float) -> bool:
        """Wait until batch ``seq`` (and the first sync) are applied; False on timeout."""
        with self._cond:
            return self._cond.wait_for(
                lambda: (self._synced and self._applied >= seq) or self.error is not None,
                timeout,
            )

    def search(self, query: str, limit: int, filters: SearchFilters | None) -> list[Hit]:
        return self._parts.retriever.search(query, limit, filters)

    def count(self) -> int:
        return self._parts.index.count()

    def _run(self) -> None:
        from kai_desktop.core.retrieval.indexer import drain

        indexer = self._parts.indexer
        try:
            drain(indexer.sync())
        except Exception as exc:  # the server keeps answering with keyword search
            log.warning("could not bring the search index up to date: %s", exc)
            with self._cond:
                self.error = str(exc)
                self._cond.notify_all()
            return
        with self._cond:
            self._synced = True
            self._cond.notify_all()
        while True:
            item = self._queue.get()
            if item is None:
                return
            seq, changes = item
            # Take whatever else is queued too: one pass over the lot.
            with contextlib.suppress(queue.Empty):
                while True:
                    more = self._queue.get_nowait()
                    if more is None:
                        self._queue.put(None)
                        break
                    seq = max(seq, more[0])
                    changes.extend(more[1])
            try:
                drain(indexer.apply_steps(changes))
            except Exception as exc:
                log.warning("could not index %d change(s): %s", len(changes), exc)
            with self._cond:
                self._applied = max(self._applied, seq)
                self._cond.notify_all()

    def close(self) -> None:
        self._queue.put(None)
        thread, self._thread = self._thread, None
        if thread is not None:
            indexer = self._parts.indexer
            indexer.cancel()
            thread.join()
        try:
            self._parts.indexer.close()
        finally:
            self._parts.index.close()
