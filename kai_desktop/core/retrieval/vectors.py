"""Vectors for a batch of chunks: reused from the index where the embedded text is unchanged,
the rest embedded in small batches, with a cancel check before each one, so that stopping
never waits for a whole large note to be embedded."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
from kai_desktop.core.retrieval.records import ChunkRecord


@dataclass(slots=True)
class BatchVectors:
    """One vector per chunk, in order, and how many were embedded or reused."""

    vectors: list[list[float]] = field(default_factory=list)
    embedded: int = 0
    reused: int = 0


def vectors_for(
    records: Sequence[tuple[ChunkRecord, str]],
    reusable: dict[str, str],
    index: SearchIndex,
    embedder: Embedder,
    *,
    embed_batch: int,
    check_cancel: Callable[[], None],
) -> BatchVectors:
    """The vectors of ``records`` (chunk, text to embed).

    ``reusable`` maps a chunk hash to the point that held that text before this run.
    ``check_cancel`` raises to stop; it is called before each embedding batch of
    ``embed_batch`` texts, so nothing of this batch is returned (or written) once it does.
    """
    wanted = {reusable[r.chunk_hash] for r, _ in records if r.chunk_hash in reusable}
    stored = index.fetch(sorted(wanted), with_vectors=True) if wanted else {}
    out = BatchVectors()
    slots: list[list[float] | None] = []
    to_embed: list[str] = []
    for record, text in records:
        source = reusable.get(record.chunk_hash)
        point = stored.get(source) if source is not None else None
        # The id may have been overwritten earlier in this run: check it is that text.
        if (
            point is not None
            and point.vector is not None
            and point.record.chunk_hash == record.chunk_hash
        ):
            slots.append(point.vector)
            out.reused += 1
        else:
            slots.append(None)
            to_embed.append(text)
    fresh: list[list[float]] = []
    step = max(1, embed_batch)
    for start in range(0, len(to_embed), step):
        check_cancel()
        fresh.extend(embedder.embed_documents(to_embed[start : start + step]))
    out.embedded = len(to_embed)
    new = iter(fresh)
    out.vectors = [vector if vector is not None else next(new) for vector in slots]
    return out
