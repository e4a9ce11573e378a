"""Token counts of texts from a cache of each word's count, for BERT-style tokenizers.

Cutting a vault into chunks that fit the model needs each chunk's length in tokens, and
tokenising every chunk was most of the time of the keyword half (about 2 MB/s on two
busy cores). A BERT tokenizer never lets a token cross whitespace (its pre-tokenizer splits
there and drops it, and its normaliser works character by character), so a text's count
is the sum of its whitespace-separated words' counts; words repeat, so each distinct word
is tokenised once. Only chunks over the limit still need the tokenizer's offsets.

A text is not counted (None) when it holds characters that Python splits on but BERT
removes instead (vertical tab, form feed, ``\\x1c``-``\\x1f``, ``\\x85``, line and paragraph
separators) or a new word too long to be worth remembering (a flood of ``>``): the caller
tokenises it whole, once.
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

    def counts(self, texts: list[str]) -> list[int | None]:
        """Each text's count; None for a text only its tokenisation can count (the caller
        tokenises it anyway, once)."""
        cache = self._cache
        words_of: list[list[str] | None] = []
        unknown: set[str] = set()
        for text in texts:
            words = None if _NOT_BERT_SPACE.search(text) else text.split()
            if words is not None:
                new = set(words).difference(cache)
                if any(len(w) > LONGEST_WORD for w in new):
                    words = None
                else:
                    unknown |= new
            words_of.append(words)
        if len(cache) + len(unknown) > MAX_WORDS:
            cache.clear()
            unknown = {w for words in words_of if words is not None for w in words}
        self._learn(sorted(unknown))
        return [None if words is None else sum(map(cache.__getitem__, words))
                for words in words_of]

    def words(self, text: str) -> list[tuple[int, int]] | None:
        """Each word of ``text``: its first character and its count. Only for plain ASCII
        text (None otherwise, or when a new word is too long), where every word's first
        token starts at its first character and no word is dropped whole."""
        if _NOT_PLAIN.search(text):
            return None
        found = [(m.start(), m.group()) for m in _WORD.finditer(text)]
        cache = self._cache
        new = {w for _, w in found if w not in cache}
        if any(len(w) > LONGEST_WORD for w in new):
            return None
        if len(cache) + len(new) > MAX_WORDS:
            cache.clear()
            new = {w for _, w in found}
        self._learn(sorted(new))
        return [(start, cache[w]) for start, w in found]

    def _learn(self, words: list[str]) -> None:
        self._cache.update(zip(words, self._count(words), strict=True))

    def _count(self, texts: list[str]) -> list[int]:
        if not texts:
            return []
        encode = getattr(self._tokenizer, "encode_batch_fast", self._tokenizer.encode_batch)
        return [len(e.ids) for e in encode(texts, add_special_tokens=False)]
