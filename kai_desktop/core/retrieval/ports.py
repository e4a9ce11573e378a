"""Protocols the retrieval domain meets the other layers at: the embedder and the search
index that infra fills, the indexer and the change source the window drives, the passage
shape the chat sees; and the errors a back end raises."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Protocol, runtime_checkable

from kai_desktop.core.retrieval.changes import IndexProgress, IndexReport, VaultChange
from kai_desktop.core.retrieval.records import (
    ChunkRecord,
    IndexPoint,
    IndexQuery,
    ScoredRecord,
    StoredPoint,
)


class RetrievalError(Exception):
    """Search or indexing failed; the message is meant for the user."""


class IndexInUse(RetrievalError):
    """Another process (the running window) has the index open; nothing of it was touched."""


class EmbedderUnavailable(RetrievalError):
    """The embedding model cannot be loaded (missing package, offline, bad config)."""



@runtime_checkable
class Embedder(Protocol):
    """Turns text into vectors. ``name`` identifies the model: a new name means re-embed."""

    @property
    def name(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...


@runtime_checkable
class SearchIndex(Protocol):
    """Where chunks and their vectors live. Ids are :func:`point_id` strings.

    ``reset_reason`` is set when opening found the stored index missing, corrupt or of an
    older layout and started an empty one: the indexer then rebuilds it from the vault.
    """

    @property
    def reset_reason(self) -> str | None: ...

    def upsert(self, points: Sequence[IndexPoint]) -> None:
        """Write points; one whose vector is None is stored without a dense vector."""
        ...

    def set_vectors(self, vectors: Mapping[str, list[float]]) -> None:
        """Give stored points (by id) their dense vector; the payload is left as it is."""
        ...

    def without_vectors(self) -> Iterator[ChunkRecord]:
        """The stored chunks that have no dense vector yet (the manifest's fields only)."""
        ...

    def count_without_vectors(self) -> int:
        """How many stored chunks have no dense vector yet (without reading them)."""
        ...

    def delete(self, ids: Sequence[str]) -> None: ...

    def fetch(self, ids: Sequence[str], *, with_vectors: bool = False) -> dict[str, StoredPoint]:
        ...

    def query(self, query: IndexQuery) -> list[ScoredRecord]: ...

    def records(self) -> Iterator[ChunkRecord]:
        """Every stored chunk's payload (for recovering a lost manifest)."""
        ...

    def count(self) -> int: ...

    def clear(self) -> None: ...

    def optimize(self) -> None: ...

    def flush(self) -> None: ...

    def close(self) -> None: ...


class IndexerPort(Protocol):
    """What the GUI needs from an indexer (see :class:`IncrementalIndexer`)."""

    def sync(
        self, *, rebuild: bool = False, vectors: bool = True
    ) -> Generator[IndexProgress, None, None]: ...

    def apply_steps(
        self, changes: Sequence[VaultChange], *, vectors: bool = True
    ) -> Generator[IndexProgress, None, None]: ...

    def fill_vectors(self) -> Generator[IndexProgress, None, None]: ...

    def cancel(self) -> None: ...

    def checkpoint(self) -> None: ...

    @property
    def last_report(self) -> IndexReport | None: ...


class ChangeSource(Protocol):
    """Reports batches of vault changes (the file watcher) on its own thread."""

    def start(self, callback: Callable[[list[VaultChange]], None]) -> None: ...

    def stop(self) -> None: ...


class Passage(Protocol):
    """Anything shaped like a retrieved passage (ContextItem, retrieval's Hit)."""

    @property
    def path(self) -> str: ...
    @property
    def heading(self) -> str: ...
    @property
    def start_line(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def text(self) -> str: ...
