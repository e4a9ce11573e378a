"""Vectors for a batch of chunks: reused from the index where the embedded text is unchanged,
the rest embedded in small batches, with a cancel check before each one, so that stopping
never waits for a whole large note to be embedded."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
from kai_desktop.core.retrieval.records import ChunkRecord
from kai_desktop.core.retrieval.token_fit import DEFAULT_BATCH_TOKENS, SPECIAL_TOKENS, token_batches


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
    measure: Callable[[str], int] | None = None,
    batch_tokens: int = DEFAULT_BATCH_TOKENS,
) -> BatchVectors:
    """The vectors of ``records`` (chunk, text to embed).

    ``reusable`` maps a chunk hash to the point that held that text before this run.
    ``check_cancel`` raises to stop; it is called before each embedding batch, so nothing
    of this batch is returned (or written) once it does. With ``measure`` (a text's length
    in the model's tokens) the texts are sorted by length and batched under
    ``batch_tokens`` padded tokens; without it, ``embed_batch`` texts at a time.
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
    fresh = _embed_all(
        to_embed, embedder, embed_batch, check_cancel, measure=measure, batch_tokens=batch_tokens
    )
    out.embedded = len(to_embed)
    new = iter(fresh)
    out.vectors = [vector if vector is not None else next(new) for vector in slots]
    return out


def _embed_all(
    texts: list[str],
    embedder: Embedder,
    embed_batch: int,
    check_cancel: Callable[[], None],
    *,
    measure: Callable[[str], int] | None,
    batch_tokens: int,
) -> list[list[float]]:
    if measure is None:
        step = max(1, embed_batch)
        groups = [list(range(s, min(s + step, len(texts)))) for s in range(0, len(texts), step)]
    else:
        groups = token_batches([measure(t) + SPECIAL_TOKENS for t in texts], batch_tokens)
    vectors: list[list[float] | None] = [None] * len(texts)
    for group in groups:
        check_cancel()
        embedded = embedder.embed_documents([texts[i] for i in group])
        for i, vector in zip(group, embedded, strict=True):
            vectors[i] = vector
    return [v for v in vectors if v is not None]
