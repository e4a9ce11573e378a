"""Chunks that fit the embedding model, and batches the model runs fast.

Characters say little about cost: 1,200 characters of prose are about 250 tokens, 1,200
``>`` characters are 1,200. A model reads a fixed number of tokens well (MiniLM: 256, the
length it was trained on) and truncates the rest, and a batch costs its longest text times
its size (it is padded). So:

* :func:`fit_chunks` cuts every chunk longer than the model's limit at token boundaries
  (at a word break when there is one in the second half of the window), by the embedder's
  own tokenizer; what is left is embedded whole.
* :func:`token_batches` sorts texts by length and groups them under a budget of padded
  tokens, so a batch of short notes is wide and a batch of long chunks narrow.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Final, Protocol, runtime_checkable

from kai_desktop.core.retrieval.chunking import Chunk

SPECIAL_TOKENS: Final = 2
"""[CLS] and [SEP], which the model adds to every text."""
HEADER_ROOM: Final = 24
"""Tokens left free for a short context header that may be put before a chunk's text."""
DEFAULT_BATCH_TOKENS: Final = 1024
"""Padded tokens per embedding batch: large enough to keep two cores busy, small enough
that a cancel waits for one short batch and memory stays low. (MiniLM on two cores, in the
session the embedder opens, batches of 256-token chunks: 1,024 tokens run at 0.97 of the
speed of 2,048 with 65 MB less kept by the ONNX arena; 2,048 ran at 0.94 of 4,096 with
180 MB less.)"""

DEFAULT_BATCH_AREA: Final = 260 * 260
"""Batch size times its longest text squared (texts counted with [CLS] and [SEP]): the
attention matrices of one run grow with it, and onnxruntime's arena keeps the largest
run's memory for good. So one 256-token chunk per run, four of 128 tokens: on two cores
256-token chunks one per run embedded at 0.95-0.97 of the speed of four per run, with an
arena of 26 instead of 96 MB; 128-token chunks four per run as fast as eight, 29 instead
of 56 MB."""

Spans = list[tuple[int, int]]
Words = list[tuple[int, int, bool, bool]]
"""A text in pieces, in order, with nothing left out: each whitespace-separated word, or
a long word's runs of letters and digits and of punctuation. Each piece: its first
character, its tokens, whether whitespace comes before it (it starts a word), and whether
each of its characters is a token of its own (a run of punctuation, a one-token piece)."""
_SPACE = re.compile(r"\s")
GROUP_CHARS: Final = 64_000
"""Characters of chunk text tokenised together (all cores share them, little memory)."""


@runtime_checkable
class TokenAware(Protocol):
    """An embedder that can say how it tokenises (optional; others are cut by characters)."""

    @property
    def max_tokens(self) -> int: ...

    def token_spans(self, text: str) -> Spans: ...

    def token_spans_many(self, texts: list[str]) -> list[Spans]:
        """:meth:`token_spans` of each text, done together (on every core)."""
        ...

    # Optional: ``token_counts_many(texts) -> list[int | None]``, the length of each
    # text's spans found faster than the spans (None: unknown without them); then only
    # chunks over the limit are tokenised.


def token_aware(embedder: object) -> TokenAware | None:
    """The embedder when it can tokenise (checked on its class: asking the instance would
    load the model)."""
    kind = type(embedder)
    if callable(getattr(kind, "token_spans_many", None)) and hasattr(kind, "max_tokens"):
        return embedder  # type: ignore[return-value]
    return None


def standalone_tokenizer(embedder: object) -> TokenAware | None:
    """The embedder's tokenizer in a form a worker process can load (it pickles and loads
    itself there), when the embedder offers one (``standalone_tokenizer()``)."""
    make = getattr(type(embedder), "standalone_tokenizer", None)
    if not callable(make):
        return None
    tokenizer: TokenAware | None = make(embedder)
    return tokenizer


def chunk_limit(embedder: TokenAware) -> int:
    """Tokens of chunk text that are embedded whole (the model's limit less what is added)."""
    return max(16, embedder.max_tokens - SPECIAL_TOKENS - HEADER_ROOM)


def chunk_fit(aware: TokenAware) -> Callable[[list[Chunk]], list[Chunk]]:
    """:func:`fit_chunks` to ``aware``'s length, with the optional counts it offers."""
    limit = chunk_limit(aware)
    counts = getattr(aware, "token_counts_many", None)
    words = getattr(aware, "token_words", None)
    return lambda chunks: fit_chunks(
        chunks, None, limit, spans_many=aware.token_spans_many, counts_many=counts,
        words_of=words,
    )


def fit_chunks(
    chunks: Sequence[Chunk],
    spans_of: Callable[[str], Spans] | None,
    limit: int,
    *,
    spans_many: Callable[[list[str]], list[Spans]] | None = None,
    counts_many: Callable[[list[str]], list[int | None]] | None = None,
    words_of: Callable[[str], Words | None] | None = None,
) -> list[Chunk]:
    """``chunks`` with each one over ``limit`` tokens cut into consecutive pieces that fit;
    line numbers follow the pieces, and indexes are renumbered. The spans come from
    ``spans_many`` (a group of chunks at a time) when given, else from ``spans_of``; with
    ``counts_many`` (lengths in tokens, None where unknown), only the chunks over the
    limit are looked at, and with ``words_of`` (the text's pieces, :data:`Words`; None
    where unknown) they are cut without tokenising, where the pieces tell where (the same
    cuts: between words where :func:`_cuts` finds a break, else inside a run of
    punctuation)."""
    if spans_many is None and spans_of is None:
        raise ValueError("fit_chunks needs spans_of or spans_many")
    out: list[Chunk] = []
    pieces = _pieces_in_groups(chunks, limit, spans_of=spans_of, spans_many=spans_many,
                               counts_many=counts_many, words_of=words_of)
    for chunk, cuts in pieces:
        if cuts is None:
            out.append(chunk if chunk.index == len(out) else _renumbered(chunk, len(out)))
            continue
        for start, end in cuts:
            piece = chunk.text[start:end]
            if not piece.strip():
                continue
            first = chunk.start_line + chunk.text.count("\n", 0, start)
            last = min(chunk.end_line, first + piece.rstrip("\n").count("\n"))
            out.append(Chunk(chunk.path, len(out), chunk.heading_path, first, last, piece))
    return out


def _renumbered(chunk: Chunk, index: int) -> Chunk:
    return Chunk(chunk.path, index, chunk.heading_path, chunk.start_line, chunk.end_line,
                 chunk.text)


def _pieces_in_groups(
    chunks: Sequence[Chunk],
    limit: int,
    *,
    spans_of: Callable[[str], Spans] | None,
    spans_many: Callable[[list[str]], list[Spans]] | None,
    counts_many: Callable[[list[str]], list[int | None]] | None,
    words_of: Callable[[str], Words | None] | None,
) -> Iterator[tuple[Chunk, list[tuple[int, int]] | None]]:
    """Each chunk with the character ranges it is cut into (None: it fits), tokenised a
    group of about :data:`GROUP_CHARS` at a time: the spans of a whole long note at once
    took hundreds of megabytes (2 MB of ``>`` characters: 2 million tuples)."""
    start = 0
    while start < len(chunks):
        end, size = start, 0
        while end < len(chunks) and (end == start or size + len(chunks[end].text) <= GROUP_CHARS):
            size += len(chunks[end].text)
            end += 1
        group = chunks[start:end]
        counts: list[int | None] = [None] * len(group)
        if counts_many is not None:
            counts = counts_many([c.text for c in group])
        cuts: list[list[tuple[int, int]] | None] = [None] * len(group)
        tokenise: list[int] = []
        for i, (chunk, count) in enumerate(zip(group, counts, strict=True)):
            if count is not None and count <= limit:
                continue
            words = words_of(chunk.text) if words_of is not None and count is not None else None
            cuts[i] = _word_cuts(chunk.text, words, limit) if words is not None else None
            if cuts[i] is None:
                tokenise.append(i)
        texts = [group[i].text for i in tokenise]
        if spans_many is not None:
            found = spans_many(texts) if texts else []
        else:
            assert spans_of is not None
            found = [spans_of(t) for t in texts]
        for i, spans in zip(tokenise, found, strict=True):
            cuts[i] = _cuts(group[i].text, spans, limit) if len(spans) > limit else None
        yield from zip(group, cuts, strict=True)
        start = end


def _word_cuts(text: str, words: Words, limit: int) -> list[tuple[int, int]] | None:
    """:func:`_cuts` from the text's pieces (:data:`Words`), without tokenising: None when a
    cut falls inside a piece whose inner tokens are not known."""
    token_at: list[int] = []  # the index of each piece's first token
    spaced_at: list[int] = []  # that of each piece after whitespace...
    spaced_start: list[int] = []  # ...and its first character
    total = 0
    for start, tokens, spaced, _ in words:
        token_at.append(total)
        if spaced:
            spaced_at.append(total)
            spaced_start.append(start)
        total += tokens
    cuts: list[tuple[int, int]] = []
    pos = 0
    first = 0
    while total - first > limit:
        stop = first + limit  # the first token that does not fit
        k = bisect.bisect_right(spaced_at, stop) - 1  # the last word break that fits
        if k >= 0 and spaced_at[k] > first + limit // 2:
            stop, end = spaced_at[k], spaced_start[k]
        else:  # no break in the second half of the window: cut at the token itself
            k = bisect.bisect_right(token_at, stop) - 1
            start, _, _, each_char = words[k]
            inside = stop - token_at[k]
            if inside and not each_char:
                return None
            end = start + inside
        cuts.append((pos, end))
        pos, first = end, stop
    cuts.append((pos, len(text)))
    return cuts


def _cuts(text: str, spans: Spans, limit: int) -> list[tuple[int, int]]:
    """Character ranges covering ``text`` whole, each holding at most ``limit`` tokens."""
    cuts: list[tuple[int, int]] = []
    pos = 0  # character where the current piece starts
    first = 0  # its first token
    while len(spans) - first > limit:
        stop = first + limit  # the first token that does not fit
        # Tokens come in the order of the text: a window without whitespace between its
        # tokens has no word break (a flood of punctuation), and is not searched.
        lo = first + limit // 2
        if _SPACE.search(text, spans[lo][1], spans[stop][0]) is not None:
            for j in range(stop, lo, -1):
                gap = text[spans[j - 1][1] : spans[j][0]]
                if gap.strip() == "" and gap:
                    stop = j
                    break
        end = spans[stop][0]
        cuts.append((pos, end))
        pos, first = end, stop
    cuts.append((pos, len(text)))
    return cuts


def token_batches(
    lengths: Sequence[int], budget: int = DEFAULT_BATCH_TOKENS,
    area: int = DEFAULT_BATCH_AREA,
) -> list[list[int]]:
    """Indexes of texts grouped into batches: sorted by length, each batch's
    ``len(batch) * longest`` within ``budget`` and ``len(batch) * longest ** 2`` within
    ``area`` (a text over either goes alone)."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    batches: list[list[int]] = []
    current: list[int] = []
    for i in order:
        longest = max(lengths[i], 1)  # sorted: the newest is the longest
        wider = len(current) + 1
        if current and (wider * longest > budget or wider * longest * longest > area):
            batches.append(current)
            current = []
        current.append(i)
    if current:
        batches.append(current)
    return batches


def token_lengths(
    texts: list[str],
    spans_many: Callable[[list[str]], list[Spans]],
    counts_many: Callable[[list[str]], list[int | None]] | None,
) -> list[int]:
    """Each text's length in tokens: from ``counts_many`` where it knows, else spans."""
    counts = counts_many(texts) if counts_many is not None else [None] * len(texts)
    unknown = [t for t, n in zip(texts, counts, strict=True) if n is None]
    found = iter([len(s) for s in spans_many(unknown)] if unknown else [])
    return [next(found) if n is None else n for n in counts]
