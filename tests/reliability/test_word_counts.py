"""Token counts from a cache of word counts are the tokenizer's own, so chunks are cut
exactly where full tokenisation cuts them, and only chunks over the limit are tokenised
(issue 12 #6: the keyword half is fast)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kai_desktop.core.retrieval.chunking import chunk_note
from kai_desktop.core.retrieval.token_fit import chunk_limit, fit_chunks, token_lengths
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.fastembed.word_counts import WordCounts, counts_by_words


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> BuiltinEmbedder:
    return BuiltinEmbedder(tmp_path_factory.mktemp("models"))  # its tokenizer, no model


PIECES = [*"ab cd\n\t.,>|#-_", "e\u0301", "é", "\u00a0", "\u3000", "日本", "İ", "\x00", "\x0b",
          "\x1c", "\u2028", "\x85", "\ufeff", "x" * 45, "unaffable", ">" * 50, "|a" * 30,
          "[SEP]", "[sep]", "-|" * 25, "word" * 12, "Ünïcode|" * 6]
TEXT = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=6))
@example(["word " * 300, ">" * 500, "a\x0bb c\x85d", "naïve café 日本語 İstanbul"])
def test_word_counts_are_the_tokenizers_counts(embedder: BuiltinEmbedder,
                                               texts: list[str]) -> None:
    tokenizer = embedder._spans()
    assert counts_by_words(tokenizer)
    counts = WordCounts(tokenizer)
    expected = [len(s) for s in embedder.token_spans_many(texts)]
    for _ in range(2):  # the second time from the cache
        found = counts.counts(texts)
        assert [n for n in found if n is not None] == [
            e for e, n in zip(expected, found, strict=True) if n is not None]
        assert token_lengths(texts, embedder.token_spans_many, counts.counts) == expected
    assert counts.counts(["plain words only", "x" * 45]) == [3, None]
    assert counts.counts([">" * 500, "|unaffable" * 20, "x[SEP]" * 10]) == [500, 80, None]


def test_fit_with_counts_cuts_as_full_tokenisation_and_tokenises_only_the_long(
    embedder: BuiltinEmbedder,
) -> None:
    text = "\n\n".join(
        ["Short prose about the garden."] * 20
        + ["A longer paragraph of ordinary words that goes on. " * 30, ">" * 3000,
           "\u2014" * 3000]  # em dashes: not plain ASCII
    )
    chunks = chunk_note("n.md", text)
    limit = chunk_limit(embedder)
    tokenised: list[str] = []

    def spans_many(texts: list[str]) -> list[list[tuple[int, int]]]:
        tokenised.extend(texts)
        return embedder.token_spans_many(texts)

    fast = fit_chunks(chunks, None, limit, spans_many=spans_many,
                      counts_many=embedder.token_counts_many)
    assert fast == fit_chunks(chunks, None, limit, spans_many=embedder.token_spans_many)
    assert 0 < len(tokenised) < len(chunks)
    assert all(len(embedder.token_spans(t)) > limit for t in tokenised)

    tokenised.clear()  # now cut without tokenising, where it can be
    by_words = fit_chunks(chunks, None, limit, spans_many=spans_many,
                          counts_many=embedder.token_counts_many, words_of=embedder.token_words)
    assert by_words == fast
    # A flood of ">" is cut between its characters, each a token; not so the em dashes.
    assert tokenised == [c.text for c in chunks if c.text.startswith("\u2014")]


CUT_PIECES = ["word", "words", "a", "unaffable", ".", ",", "x" * 30, "(", "é", "日本", "\x00",
              "Supercalifragilisticexpialidocious", " ", " ", " ", "\n", "\n\n", "\t",
              ">" * 45, "|a" * 25, "|-" * 30, "[SEP]", "unaffable|" * 5]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(CUT_PIECES), min_size=1, max_size=400).map("".join),
       st.integers(min_value=4, max_value=60))
def test_cuts_between_words_are_the_tokenizers_cuts(
    embedder: BuiltinEmbedder, text: str, limit: int
) -> None:
    chunks = chunk_note("n.md", text, max_chars=100_000)
    by_words = fit_chunks(chunks, embedder.token_spans, limit,
                          counts_many=embedder.token_counts_many, words_of=embedder.token_words)
    assert by_words == fit_chunks(chunks, embedder.token_spans, limit)


def test_a_tokenizer_that_is_not_bert_style_is_not_counted_by_words() -> None:
    from tokenizers import Tokenizer, models, pre_tokenizers

    tokenizer = Tokenizer(models.WordLevel({"a": 0, "[UNK]": 1}, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
    assert not counts_by_words(tokenizer)
