"""Dense vectors, the slow half of indexing, done behind the keyword half.

A run first writes every changed chunk with its text (keyword search reaches it at once)
and with the vector it already had where its embedded text is unchanged
(:func:`reused_vectors`); the other chunks are written without a vector and recorded in
the :class:`VectorBacklog`. Then :func:`fill_vectors` embeds the backlog, note by note,
sorted by length under a token budget, and writes each batch's vectors as soon as they
exist: a cancel waits for one batch at most and loses nothing, and what is left is found
again in the index by the next run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
from kai_desktop.core.retrieval.records import ChunkRecord, point_id
from kai_desktop.core.retrieval.token_fit import DEFAULT_BATCH_TOKENS, SPECIAL_TOKENS, token_batches
from kai_desktop.core.runtime.heap_trim import release_freed_heap

WINDOW_CHUNKS = 512
"""Chunks gathered (from whole notes) before they are sorted by length and batched: wide
enough that batches hold texts of a similar length, small enough to hold little memory."""


def reused_vectors(
    records: Sequence[tuple[ChunkRecord, str]], reusable: dict[str, str], index: SearchIndex
) -> list[list[float] | None]:
    """The vector each record already had in the index, or None.

    ``reusable`` maps a chunk hash to the point that held that text before this run.
    """
    wanted = {reusable[r.chunk_hash] for r, _ in records if r.chunk_hash in reusable}
    stored = index.fetch(sorted(wanted), with_vectors=True) if wanted else {}
    out: list[list[float] | None] = []
    for record, _ in records:
        source = reusable.get(record.chunk_hash)
        point = stored.get(source) if source is not None else None
        # The id may have been overwritten earlier in this run: check it is that text.
        if point is not None and point.record.chunk_hash == record.chunk_hash:
            out.append(point.vector)
        else:
            out.append(None)
    return out


class VectorBacklog:
    """The chunks stored without a dense vector: note path -> {chunk index: chunk hash}.

    Read from the index when first needed (:meth:`load`), then kept in step by the runs.
    Until then its length is the index's count: a run that changes nothing (a search
    bringing the keyword half up to date) never reads the chunks.
    """

    def __init__(self) -> None:
        self._notes: dict[str, dict[int, str]] | None = None
        self._source: SearchIndex | None = None
        self._count: int | None = None

    @property
    def loaded(self) -> bool:
        """Whether it is known (read, or to be read from an index when needed)."""
        return self._notes is not None or self._source is not None

    def load(self, index: SearchIndex) -> None:
        """Take the backlog from ``index``: read when first needed. Until then the index
        must change only through this backlog's runs (each tells it before or after
        writing: reading it at either point gives the same backlog)."""
        self._notes, self._source, self._count = None, index, None

    def reset(self) -> None:
        """The index was emptied: nothing is waiting."""
        self._notes, self._source, self._count = {}, None, None

    def _map(self) -> dict[str, dict[int, str]]:
        if self._notes is None:
            if self._source is None:
                raise RuntimeError("the vector backlog is read from the index first")
            notes: dict[str, dict[int, str]] = {}
            for record in self._source.without_vectors():
                notes.setdefault(record.path, {})[record.chunk_index] = record.chunk_hash
            self._notes, self._source, self._count = notes, None, None
        return self._notes

    def note_written(self, path: str, waiting: dict[int, str]) -> None:
        """``path`` was written; ``waiting``: its chunks stored without a vector."""
        if waiting:
            self._map()[path] = dict(waiting)
        else:
            self._map().pop(path, None)

    def note_removed(self, path: str) -> None:
        self._map().pop(path, None)

    def paths(self) -> list[str]:
        return list(self._map())

    def waiting(self, path: str) -> dict[int, str]:
        return dict(self._map().get(path, {}))

    def done(self, path: str, chunk_index: int) -> None:
        chunks = self._map().get(path)
        if chunks is not None:
            chunks.pop(chunk_index, None)
            if not chunks:
                del self._map()[path]

    def drop(self, path: str, chunk_indexes: Sequence[int]) -> None:
        """Forget chunks that no longer match the note (its next indexing redoes them)."""
        for i in chunk_indexes:
            self.done(path, i)

    def __len__(self) -> int:
        if self._notes is None and self._source is not None:
            if self._count is None:
                self._count = self._source.count_without_vectors()
            return self._count
        return sum(len(c) for c in self._map().values())


@dataclass(slots=True)
class _Waiting:
    path: str
    chunk_index: int
    text: str
    tokens: int


TextsOf = Callable[[str, dict[int, str]], dict[int, str]]
"""(note path, waiting chunks) -> the embedding text of each waiting chunk the note still
has with the same hash."""


def fill_vectors(
    backlog: VectorBacklog,
    texts_of: TextsOf,
    index: SearchIndex,
    embedder: Embedder,
    *,
    check_cancel: Callable[[], None],
    measure: Callable[[list[str]], list[int]] | None,
    embed_batch: int = 16,
    batch_tokens: int = DEFAULT_BATCH_TOKENS,
    window: int = WINDOW_CHUNKS,
) -> Iterator[int]:
    """Embed the backlog and write the vectors; yields the chunks done after each batch.

    ``check_cancel`` raises to stop; it is called before and after each note's texts are
    gathered, before each embedding batch, and once more after the model has loaded (see
    :func:`_before_batches`). With ``measure`` (texts' lengths in the model's tokens) a
    window of chunks is sorted by length and batched under ``batch_tokens`` padded tokens;
    else ``embed_batch`` at a time.
    """
    before_batch = _before_batches(embedder, check_cancel)

    def embed(gathered: list[_Waiting]) -> Iterator[int]:
        if measure is not None:
            groups = token_batches([w.tokens for w in gathered], batch_tokens)
        else:
            step = max(1, embed_batch)
            groups = [list(range(s, min(s + step, len(gathered))))
                      for s in range(0, len(gathered), step)]
        for group in groups:
            before_batch()
            chunks = [gathered[i] for i in group]
            vectors = embedder.embed_documents([c.text for c in chunks])
            index.set_vectors(
                {point_id(c.path, c.chunk_index): v for c, v in zip(chunks, vectors, strict=True)}
            )
            for c in chunks:
                backlog.done(c.path, c.chunk_index)
            release_freed_heap()  # see note_writes: the same, a batch of vectors at a time
            yield len(chunks)

    done = 0
    gathered: list[_Waiting] = []
    for path in backlog.paths():
        check_cancel()
        waiting = backlog.waiting(path)
        found = texts_of(path, waiting) if waiting else {}
        backlog.drop(path, [i for i in waiting if i not in found])
        check_cancel()  # reading a huge note again takes seconds; so does measuring it
        lengths = measure(list(found.values())) if measure is not None else [0] * len(found)
        for (i, text), tokens in zip(found.items(), lengths, strict=True):
            gathered.append(_Waiting(path, i, text, tokens + SPECIAL_TOKENS))
        if len(gathered) >= window:
            for step in embed(gathered):
                done += step
                yield done
            gathered = []
    for step in embed(gathered):
        done += step
        yield done


def _before_batches(
    embedder: Embedder, check_cancel: Callable[[], None]
) -> Callable[[], None]:
    """What runs before each batch: ``check_cancel``; before the first, the model is also
    loaded, when the embedder can say (``is_loaded`` and ``load()``), and a stop looked for
    again: loading takes seconds, and a stop asked for meanwhile (``kai-desktop index
    --embed-seconds``, a quit) then waits for no batch."""
    first = [True]

    def before() -> None:
        check_cancel()
        if not first[0]:
            return
        first[0] = False
        load = getattr(embedder, "load", None)
        if not getattr(embedder, "is_loaded", True) and callable(load):
            load()
            check_cancel()

    return before
