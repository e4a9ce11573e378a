"""The search index as the MCP server uses it: opened only when no other process holds
it, never moved aside or rebuilt on another's behalf, kept current by one thread, and
let go of when idle.

Qdrant Edge locks its shard's write-ahead log (``flock`` on the ``wal`` folder) while a
process has it open, and the embedded engine belongs to one process at a time. So the
server opens the index when a search needs it and closes it again after a quiet spell:
the window, started later, finds the index free. :func:`shard_in_use` looks at the lock
before opening; :class:`GuestEdgeIndex` also refuses, instead of discarding the shard,
when opening fails anyway (another process took it in between, or it needs a rebuild the
window should do).
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from kai_desktop.core.retrieval.ports import IndexInUse
from kai_desktop.infra.qdrant.edge import SHARD_DIR, EdgeIndex
from kai_desktop.infra.qdrant.shard_lock import index_in_use

if TYPE_CHECKING:
    from kai_desktop.core.retrieval.changes import VaultChange
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.ports import SearchIndex
    from kai_desktop.core.retrieval.records import SearchFilters
    from kai_desktop.core.retrieval.search import Hit, Retriever
    from kai_desktop.core.settings import Settings
    from kai_desktop.core.vault.files import Vault

log = logging.getLogger(__name__)


class IndexUnavailable(Exception):
    """The index cannot be used by this process; the message says why."""


def shard_in_use(index_dir: Path) -> bool:
    """True when another process (or another open in this one) holds the Edge shard."""
    if index_in_use(Path(index_dir)):
        return True
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

    def __init__(self, directory: Path, **options: Any) -> None:
        try:
            super().__init__(directory, **options)
        except IndexInUse as exc:
            raise IndexUnavailable(str(exc)) from None

    def _discard(self) -> None:
        reason = self.reset_reason or "the index cannot be opened"
        raise IndexUnavailable(reason)


@dataclass
class Parts:
    index: SearchIndex
    indexer: IncrementalIndexer
    retriever: Retriever


class IndexHandle(Protocol):
    """What the tools use of a search index: this process's :class:`IndexedSearch`, or
    the window's index when the tools run in the window."""

    error: str | None

    @property
    def synced(self) -> bool: ...

    def enqueue(self, changes: Sequence[VaultChange]) -> int: ...

    def queued(self) -> int: ...

    def wait_for(self, seq: int, timeout: float) -> bool: ...

    def wait_synced(self, timeout: float) -> bool: ...

    def using(self) -> contextlib.AbstractContextManager[Parts]: ...

    def close(self) -> None: ...


class Opener:
    """Opens index, indexer and retriever on demand; the embedder is loaded once."""

    def __init__(self, vault: Vault, settings: Settings, data: Path) -> None:
        self.vault = vault
        self.settings = settings
        self.data = data
        self._embedder: Any = None

    def __call__(self) -> Parts:
        from kai_desktop.core.retrieval.indexer import IncrementalIndexer
        from kai_desktop.core.retrieval.records import ScoreWeights
        from kai_desktop.core.retrieval.search import Retriever

        settings, index_dir = self.settings, self.data / "index"
        if not settings.qdrant_url and shard_in_use(index_dir):
            raise IndexUnavailable("the search index is in use by the Kai window")
        embedder = self._embedder or self._make_embedder()
        index: Any
        if settings.qdrant_url:
            from kai_desktop.infra.qdrant.backends import open_index

            index, manifest = open_index(
                self.data, dim=embedder.dim, embedder_name=embedder.name,
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
        # A new indexer each time: it reads the manifest the window may have saved since.
        indexer = IncrementalIndexer(self.vault, index, embedder, manifest)
        retriever = Retriever(embedder, index, ScoreWeights.from_settings(settings))
        return Parts(index, indexer, retriever)

    def _make_embedder(self) -> Any:
        from kai_desktop.infra.fastembed.embedder import make_embedder
        from kai_desktop.infra.settings_store import data_dir

        # One thread: the query is embedded on the tool's own thread at normal priority
        # (a client is waiting for it), not by a pool started at the window's background
        # priority, and indexing here never takes every core from the window. Folded
        # weights: this process embeds mostly queries, a third of the CPU each.
        self._embedder = make_embedder(
            self.settings, data_dir() / "models", threads=1, fold_weights=True
        )
        return self._embedder


def open_parts(vault: Vault, settings: Settings, data: Path) -> Parts:
    """Embedder, index, indexer and retriever for ``vault`` (``data``: its data folder)."""
    return Opener(vault, settings, data)()


class IndexedSearch:
    """Hybrid search through core's retriever over an index this process opens when a
    search needs it and closes after ``idle_close_s`` without use.

    One thread syncs the index with the vault after the first open, then applies change
    batches in order (while the index is closed they wait, and are applied when it opens
    again). ``wait_for(seq)`` lets a search see the server's own writes: a search waits
    (briefly) until the batches queued before it are in the index.
    """

    def __init__(
        self, opener: Callable[[], Parts], *, idle_close_s: float | None = 30.0
    ) -> None:
        self._opener = opener
        self._idle_close_s = idle_close_s
        self._parts: Parts | None = None
        self._cond = threading.Condition()  # guards the fields below and _parts swaps
        self._open_lock = threading.Lock()  # one open, close or indexer run at a time
        self._batches: list[tuple[int, list[VaultChange]]] = []
        self._waiting: list[VaultChange] = []  # changes that came while closed
        self._queued = 0
        self._applied = 0
        self._active = 0
        self._last_use = time.monotonic()
        self._stopping = False
        self._synced = False
        self.error: str | None = None
        self._thread: threading.Thread | None = None

    @property
    def synced(self) -> bool:
        with self._cond:
            return self._synced

    @property
    def is_open(self) -> bool:
        with self._cond:
            return self._parts is not None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="kai-mcp-index", daemon=True)
        self._thread.start()

    def enqueue(self, changes: Sequence[VaultChange]) -> int:
        with self._cond:
            self._queued += 1
            self._batches.append((self._queued, list(changes)))
            self._cond.notify_all()
            return self._queued

    def queued(self) -> int:
        with self._cond:
            return self._queued

    def wait_for(self, seq: int, timeout: float) -> bool:
        """Wait until batch ``seq`` is applied (or waits for the next open); False on
        timeout."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._applied >= seq or self.error is not None, timeout
            )

    def wait_synced(self, timeout: float) -> bool:
        """Wait until the first sync with the vault is done; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._synced or self.error is not None, timeout)

    @contextlib.contextmanager
    def using(self) -> Iterator[Parts]:
        """The open index for one search (opened now if need be; IndexUnavailable when
        another process holds it). It is not closed while in use."""
        with self._cond:
            self._active += 1
            self._last_use = time.monotonic()
            parts = self._parts
        try:
            if parts is None:
                parts = self._reopen()
            yield parts
        finally:
            with self._cond:
                self._active -= 1
                self._last_use = time.monotonic()

    def search(self, query: str, limit: int, filters: SearchFilters | None) -> list[Hit]:
        with self.using() as parts:
            return parts.retriever.search(query, limit, filters)

    def _reopen(self) -> Parts:
        from kai_desktop.core.retrieval.indexer import drain

        with self._open_lock:
            with self._cond:
                if self._parts is not None:
                    return self._parts
                waiting, self._waiting = self._waiting, []
            try:
                parts = self._opener()
            except BaseException:
                with self._cond:
                    self._waiting = waiting + self._waiting
                raise
            if waiting:
                drain(parts.indexer.apply_steps(waiting))
            with self._cond:
                self._parts = parts
                self._cond.notify_all()
            return parts

    # -- the indexing thread ------------------------------------------------------------
    def _run(self) -> None:
        try:
            self._reopen()
        except IndexUnavailable as exc:  # held elsewhere: searches try again later
            log.info("search index not opened: %s", exc)
        except Exception as exc:  # the server keeps answering with keyword search
            log.warning("search index unavailable: %s", exc)
            with self._cond:
                self.error = str(exc)
                self._cond.notify_all()
            return
        while True:
            with self._cond:
                self._cond.wait_for(
                    lambda: self._batches or self._stopping or self._sync_due(),
                    self._idle_wait(),
                )
                if self._stopping:
                    return
                sync = self._sync_due()
                batches, self._batches = ([], self._batches) if sync else (self._batches, [])
            if sync:
                self._sync()
            elif batches:
                self._apply(batches)
            else:
                self._close_if_idle()

    def _sync_due(self) -> bool:
        """The first time the index is open: compare the whole vault with it."""
        return not self._synced and self._parts is not None

    def _sync(self) -> None:
        from kai_desktop.core.retrieval.indexer import drain

        with self._open_lock:
            parts = self._parts
            if parts is None:
                return
            try:
                drain(parts.indexer.sync())
                parts.indexer.checkpoint()
            except Exception as exc:
                log.warning("could not bring the search index up to date: %s", exc)
        with self._cond:
            self._synced = True
            self._last_use = time.monotonic()
            self._cond.notify_all()

    def _idle_wait(self) -> float | None:
        if self._idle_close_s is None or self._parts is None:
            return None
        return max(0.05, self._last_use + self._idle_close_s - time.monotonic())

    def _apply(self, batches: list[tuple[int, list[VaultChange]]]) -> None:
        from kai_desktop.core.retrieval.indexer import drain

        changes = [c for _seq, batch in batches for c in batch]
        with self._open_lock:
            with self._cond:
                parts = self._parts
                if parts is None:
                    self._waiting.extend(changes)
            if parts is not None:
                try:
                    drain(parts.indexer.apply_steps(changes))
                    parts.indexer.checkpoint()
                except Exception as exc:
                    log.warning("could not index %d change(s): %s", len(changes), exc)
        with self._cond:
            self._applied = max(self._applied, *(seq for seq, _b in batches))
            self._last_use = time.monotonic()
            self._cond.notify_all()

    def _close_if_idle(self) -> None:
        if self._idle_close_s is None:
            return
        with self._open_lock:
            with self._cond:
                quiet = time.monotonic() - self._last_use >= self._idle_close_s
                if self._active or not quiet or self._parts is None or self._batches:
                    return
                # Taken away under the same lock that searches count themselves in by.
                parts, self._parts = self._parts, None
            self._close(parts)

    def _close_parts(self) -> None:
        with self._cond:
            parts, self._parts = self._parts, None
        self._close(parts)

    @staticmethod
    def _close(parts: Parts | None) -> None:
        if parts is None:
            return
        try:
            parts.indexer.close()
        finally:
            parts.index.close()

    def close(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        thread, self._thread = self._thread, None
        if thread is not None:
            parts = self._parts
            if parts is not None:
                parts.indexer.cancel()
            thread.join()
        with self._open_lock:
            self._close_parts()
