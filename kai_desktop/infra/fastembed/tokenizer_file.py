"""The embedding model's tokenizer read from its file alone, for cutting chunks anywhere.

Fitting chunks to the model needs only its tokenizer, not the model. A
:class:`TokenizerFile` names the file and the model's length; it is loaded on first use
in the process that uses it, so it can be handed to a worker process (pickled, it is the
path and the length, never the loaded tokenizer) and gives there exactly the spans and
counts the embedder gives in the app's process.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any


class TokenizerFile:
    """A ``tokenizer.json`` without truncation or padding; meets
    :class:`~kai_desktop.core.retrieval.token_fit.TokenAware` (and its optional counts)."""

    def __init__(self, path: Path, max_tokens: int) -> None:
        self.path = Path(path)
        self._max_tokens = max_tokens
        self._tokenizer: Any = None
        self._word_counts: Any = None  # WordCounts, False where they do not apply
        self._lock = threading.Lock()

    def __getstate__(self) -> dict[str, Any]:
        return {"path": str(self.path), "max_tokens": self._max_tokens}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(Path(state["path"]), int(state["max_tokens"]))  # type: ignore[misc]

    @property
    def max_tokens(self) -> int:
        """The longest text, in tokens (special ones included), the model embeds whole."""
        return self._max_tokens

    def tokenizer(self) -> Any:
        """The loaded ``tokenizers.Tokenizer`` (read from the file once)."""
        with self._lock:
            if self._tokenizer is None:
                from tokenizers import Tokenizer

                tokenizer = Tokenizer.from_file(str(self.path))
                tokenizer.no_truncation()
                tokenizer.no_padding()
                self._tokenizer = tokenizer
            return self._tokenizer

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        offsets: list[tuple[int, int]] = self.tokenizer().encode(
            text, add_special_tokens=False
        ).offsets
        return offsets

    def token_spans_many(self, texts: list[str]) -> list[list[tuple[int, int]]]:
        encodings = self.tokenizer().encode_batch(texts, add_special_tokens=False)
        return [encoding.offsets for encoding in encodings]

    def token_counts_many(self, texts: list[str]) -> list[int | None]:
        counts = self._counts()
        if counts is None:
            return [None] * len(texts)
        with self._lock:
            found: list[int | None] = counts.counts(texts)
            return found

    def token_words(self, text: str) -> list[tuple[int, int, bool, bool]] | None:
        counts = self._counts()
        if counts is None:
            return None
        with self._lock:
            words: list[tuple[int, int, bool, bool]] | None = counts.words(text)
            return words

    def _counts(self) -> Any:
        tokenizer = self.tokenizer()
        with self._lock:
            if self._word_counts is None:
                from kai_desktop.infra.fastembed.word_counts import WordCounts, counts_by_words

                self._word_counts = WordCounts(tokenizer) if counts_by_words(tokenizer) else False
            return self._word_counts or None
