"""Token counts of texts from a cache of each word's count, for BERT-style tokenizers.

Cutting a vault into chunks that fit the model needs each chunk's length in tokens, and
tokenising every chunk was most of the time of the keyword half (about 2 MB/s on two
busy cores). A BERT tokenizer never lets a token cross whitespace (its pre-tokenizer splits
there and drops it, and its normaliser works character by character), so a text's count
is the sum of its whitespace-separated words' counts; words repeat, so each distinct word
is tokenised once. Only chunks over the limit still need the tokenizer's offsets.

A word too long to be worth remembering (a flood of ``>``, a table row without spaces)
is counted by its runs when it is printable ASCII: BERT makes every punctuation mark a
token of its own and tokenises each run of letters and digits apart, so such a word is
its runs of punctuation (a token per character) and its runs of letters and digits
(remembered like words). A text is not counted (None) when it holds characters that
Python splits on but BERT removes instead (vertical tab, form feed, ``\\x1c``-``\\x1f``,
``\\x85``, line and paragraph separators), or a long word that is not plain ASCII, holds
a run of letters and digits that is itself too long, or may hold one of the tokenizer's
added tokens (``[SEP]``...): the caller tokenises it whole, once.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

MAX_WORDS: Final = 200_000
"""Distinct words remembered (the cache is emptied when it grows past this)."""
LONGEST_WORD: Final = 40
"""Longer words are not remembered: their text is tokenised whole."""
_NOT_BERT_SPACE = re.compile("[\x0b\x0c\x1c-\x1f\x85\u2028\u2029]")
_NOT_PLAIN = re.compile("[^\t\n\r\x20-\x7e]")  # anything but printable ASCII and line ends
_WORD = re.compile(r"\S+")  # as str.split() splits
_RUN = re.compile(r"[A-Za-z0-9]+|[^A-Za-z0-9]+")  # in a word of printable ASCII


def counts_by_words(tokenizer: Any) -> bool:
    """Whether ``tokenizer`` (a ``tokenizers.Tokenizer``) splits at whitespace before all
    else, so that :class:`WordCounts` gives its exact counts."""
    try:
        spec = json.loads(tokenizer.to_str())
    except (AttributeError, TypeError, ValueError):
        return False
    pre = (spec.get("pre_tokenizer") or {}).get("type")
    normalizer = (spec.get("normalizer") or {}).get("type")
    return pre == "BertPreTokenizer" and normalizer in (None, "BertNormalizer")


class WordCounts:
    """Exact token counts of texts (special tokens left out) by a BERT-style tokenizer."""

    def __init__(self, tokenizer: Any) -> None:
        self._tokenizer = tokenizer
        self._cache: dict[str, int] = {}
        self._added = _added_tokens(tokenizer)

    def counts(self, texts: list[str]) -> list[int | None]:
        """Each text's count; None for a text only its tokenisation can count (the caller
        tokenises it anyway, once)."""
        cache = self._cache
        words_of: list[list[str] | None] = []
        unknown: set[str] = set()
        runs_of: dict[str, list[str]] = {}  # the long words, by their runs
        for text in texts:
            words = None if _NOT_BERT_SPACE.search(text) else text.split()
            if words is not None:
                new = set(words).difference(cache)
                if any(len(w) > LONGEST_WORD for w in new):
                    if self._split_long(new, runs_of):
                        unknown.update(w for w in new if w not in runs_of)
                    else:
                        words = None
                else:
                    unknown |= new
            words_of.append(words)
        self._learn_new(unknown, runs_of, words_of)
        long = {w: self._count_runs(runs) for w, runs in runs_of.items()}
        return [None if words is None
                else sum(map(cache.__getitem__, words)) if not long
                else sum(cache[w] if w in cache else long[w] for w in words)
                for words in words_of]

    def words(self, text: str) -> list[tuple[int, int, bool, bool]] | None:
        """The pieces of ``text`` (``token_fit.Words``): each word, its first character and
        count, a long word as its runs. Only for plain ASCII text (None otherwise, or when
        a long word cannot be counted by its runs), where every word's first token starts
        at its first character and no word is dropped whole."""
        if _NOT_PLAIN.search(text):
            return None
        found = [(m.start(), m.group()) for m in _WORD.finditer(text)]
        cache = self._cache
        new = {w for _, w in found if w not in cache}
        runs_of: dict[str, list[str]] = {}
        if any(len(w) > LONGEST_WORD for w in new):
            if not self._split_long(new, runs_of):
                return None
            new.difference_update(runs_of)
        self._learn_new(new, runs_of, [[w for _, w in found]])
        if not runs_of:
            return [(start, n, True, n == 1) for start, w in found for n in (cache[w],)]
        out: list[tuple[int, int, bool, bool]] = []
        for start, word in found:
            runs = runs_of.get(word)
            if runs is None:
                count = cache[word]
                out.append((start, count, True, count == 1))
                continue
            at = start
            for run in runs:
                count = cache[run] if run[0].isalnum() else len(run)
                out.append((at, count, at == start, count == 1 or not run[0].isalnum()))
                at += len(run)
        return out

    def _split_long(self, words: set[str], runs_of: dict[str, list[str]]) -> bool:
        """Put the runs of each long word of ``words`` in ``runs_of``; False when one cannot
        be counted by its runs."""
        for word in words:
            if len(word) <= LONGEST_WORD or word in runs_of:
                continue
            runs = self._runs(word)
            if runs is None:
                return False
            runs_of[word] = runs
        return True

    def _runs(self, word: str) -> list[str] | None:
        if _NOT_PLAIN.search(word):
            return None
        if self._added and any(a in word.lower() for a in self._added):
            return None
        runs: list[str] = _RUN.findall(word)
        if any(len(r) > LONGEST_WORD and r[0].isalnum() for r in runs):
            return None
        return runs

    def _count_runs(self, runs: list[str]) -> int:
        cache = self._cache
        return sum(cache[r] if r[0].isalnum() else len(r) for r in runs)

    def _learn_new(self, new: set[str], runs_of: dict[str, list[str]],
                   words_of: list[list[str] | None]) -> None:
        """Remember the count of each ``new`` word and of each run of letters and digits of
        the long words not remembered yet (when the cache would grow too large, it starts
        again with the words of ``words_of``)."""
        cache = self._cache
        for runs in runs_of.values():
            new.update(r for r in runs if r[0].isalnum() and r not in cache)
        if len(cache) + len(new) > MAX_WORDS:
            cache.clear()
            new = {w for words in words_of if words is not None for w in words
                   if w not in runs_of}
            for runs in runs_of.values():
                new.update(r for r in runs if r[0].isalnum())
        self._learn(sorted(new))

    def _learn(self, words: list[str]) -> None:
        self._cache.update(zip(words, self._count(words), strict=True))

    def _count(self, texts: list[str]) -> list[int]:
        if not texts:
            return []
        encode = getattr(self._tokenizer, "encode_batch_fast", self._tokenizer.encode_batch)
        return [len(e.ids) for e in encode(texts, add_special_tokens=False)]


def _added_tokens(tokenizer: Any) -> list[str]:
    """The tokenizer's added tokens (``[CLS]``...), in lower case: they are matched in the
    text before it is split, so a long word holding one is not counted by its runs."""
    try:
        spec = json.loads(tokenizer.to_str())
    except (AttributeError, TypeError, ValueError):
        return []
    return [str(t.get("content", "")).lower() for t in spec.get("added_tokens") or []
            if t.get("content")]
