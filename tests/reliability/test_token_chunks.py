"""Chunks fit the embedding model's length in its own tokens; batches follow a token budget
(issue 12 #6)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.chunking import chunk_note
from kai_desktop.core.retrieval.token_fit import chunk_limit, fit_chunks, token_batches


def word_spans(text: str) -> list[tuple[int, int]]:
    """A stand-in tokenizer: every word and every punctuation mark is a token."""
    return [m.span() for m in re.finditer(r"\w+|[^\w\s]", text)]


def test_a_flood_of_quote_marks_is_cut_to_the_limit_and_nothing_is_dropped() -> None:
    text = ">" * 5000
    chunks = fit_chunks(chunk_note("q.md", text), word_spans, 100)
    assert all(len(word_spans(c.text)) <= 100 for c in chunks)
    assert "".join(c.text for c in chunks) == text
    assert [c.index for c in chunks] == list(range(len(chunks)))


def test_prose_is_cut_at_word_breaks_and_lines_follow_the_pieces() -> None:
    text = "\n".join(f"line {n} " + "word " * 30 for n in range(40))
    chunks = fit_chunks(chunk_note("p.md", text, max_chars=10_000), word_spans, 50)
    assert all(len(word_spans(c.text)) <= 50 for c in chunks)
    assert all(not c.text.startswith(("ord", "rd")) for c in chunks)
    lines = text.split("\n")
    for c in chunks:
        first = c.text.strip().split("\n")[0]
        assert first in lines[c.start_line - 1]


def test_a_chunk_within_the_limit_is_left_as_it_is() -> None:
    chunks = chunk_note("s.md", "# Title\n\nShort prose.\n")
    assert fit_chunks(chunks, word_spans, 100) == chunks


def test_batches_keep_to_the_budget_and_group_similar_lengths() -> None:
    lengths = [250, 10, 12, 240, 11, 9, 255, 13]
    batches = token_batches(lengths, budget=512)
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))
    for batch in batches:
        assert len(batch) * max(lengths[i] for i in batch) <= 512 or len(batch) == 1
    assert set(batches[0]) == {1, 2, 4, 5, 7}  # the short ones together


def test_long_texts_go_in_narrower_batches_than_their_tokens_alone_allow() -> None:
    # attention memory grows with the square of the length: 256-token chunks one per run,
    # 128-token chunks four, short ones up to the token budget
    lengths = [258] * 3 + [130] * 8 + [16] * 64
    batches = token_batches(lengths, budget=1024, area=260 * 260)
    widths = sorted((max(lengths[i] for i in b), len(b)) for b in batches)
    assert widths == [(16, 64), (130, 4), (130, 4), (258, 1), (258, 1), (258, 1)]


@pytest.mark.slow
def test_the_builtin_model_tokenizer_keeps_every_chunk_whole(tmp_path: Path) -> None:
    from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder

    embedder = BuiltinEmbedder(tmp_path)
    assert embedder.max_tokens == 256
    limit = chunk_limit(embedder)
    text = ">" * 20_000 + "\n\n" + "A sentence of ordinary prose. " * 400
    chunks = fit_chunks(chunk_note("n.md", text), embedder.token_spans, limit)
    assert all(len(embedder.token_spans(c.text)) <= limit for c in chunks)
    assert len(embedder.embed_documents([c.text for c in chunks[:4]])) == 4


def test_a_long_note_is_tokenised_a_group_at_a_time_with_the_same_pieces() -> None:
    """The spans of a whole 2 MB note at once took hundreds of megabytes."""
    from kai_desktop.core.retrieval.token_fit import GROUP_CHARS

    text = "".join(">" * n + " level\n" for n in range(1, 700))
    chunks = chunk_note("q.md", text)
    groups: list[int] = []

    def many(texts: list[str]) -> list[list[tuple[int, int]]]:
        groups.append(sum(len(t) for t in texts))
        return [word_spans(t) for t in texts]

    together = fit_chunks(chunks, None, 100, spans_many=many)
    assert together == fit_chunks(chunks, word_spans, 100)
    assert len(groups) > 3
    assert max(groups) <= GROUP_CHARS
