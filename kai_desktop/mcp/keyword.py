"""A plain word search over the vault's files, for when the search index cannot be used.

The embedded index belongs to one process at a time; while the window holds it (or while
it is being built) the MCP server answers from this: BM25 over each note's words, built
on first use and kept current from the same change feed as the link graph.
"""

from __future__ import annotations

import math
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from kai_desktop.core.vault.files import SkippedFile, Vault, VaultError, decode_note_bytes
from kai_desktop.core.vault.frontmatter import split_frontmatter

_WORD = re.compile(r"\w{2,}")
_K1: Final = 1.2
_B: Final = 0.75


def words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


@dataclass(frozen=True, slots=True)
class KeywordHit:
    path: str
    score: float
    line: int
    snippet: str


class KeywordIndex:
    """BM25 over whole notes. Thread-safe; ``refresh`` takes changed paths."""

    def __init__(self, vault: Vault) -> None:
        self.vault = vault
        self._lock = threading.Lock()
        self._built = False
        self._docs: dict[str, tuple[Counter[str], int]] = {}
        self._postings: dict[str, dict[str, int]] = {}
        self._total_len = 0

    def _ensure_built(self) -> None:
        if self._built:
            return
        for rel in self.vault.iter_notes():
            self._add(rel)
        self._built = True

    def refresh(self, paths: Iterable[str]) -> None:
        """Read these notes again (gone ones are dropped)."""
        with self._lock:
            if not self._built:
                return  # the first search reads everything anyway
            for rel in paths:
                self._remove(rel)
                if rel.lower().endswith(".md"):
                    self._add(rel)

    def paths_under(self, folder: str) -> list[str]:
        prefix = folder.rstrip("/") + "/"
        with self._lock:
            return [p for p in self._docs if p.startswith(prefix)]

    def _add(self, rel: str) -> None:
        text = self._text(rel)
        if text is None:
            return
        counts = Counter(words(text))
        length = sum(counts.values())
        self._docs[rel] = (counts, length)
        self._total_len += length
        for word, tf in counts.items():
            self._postings.setdefault(word, {})[rel] = tf

    def _remove(self, rel: str) -> None:
        old = self._docs.pop(rel, None)
        if old is None:
            return
        counts, length = old
        self._total_len -= length
        for word in counts:
            posting = self._postings.get(word)
            if posting is not None:
                posting.pop(rel, None)
                if not posting:
                    del self._postings[word]

    def _text(self, rel: str) -> str | None:
        try:
            data, _st = self.vault.read_bytes_checked(rel)
            return decode_note_bytes(rel, data)
        except (OSError, SkippedFile, VaultError):
            return None

    def search(
        self,
        query: str,
        limit: int,
        *,
        folder: str = "",
        allowed: Callable[[str], bool] = lambda _p: True,
    ) -> list[KeywordHit]:
        terms = list(dict.fromkeys(words(query)))
        if not terms or limit <= 0:
            return []
        with self._lock:
            self._ensure_built()
            n = len(self._docs) or 1
            avg = (self._total_len / n) or 1.0
            scores: dict[str, float] = {}
            for term in terms:
                posting = self._postings.get(term, {})
                idf = math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
                for rel, tf in posting.items():
                    length = self._docs[rel][1]
                    norm = tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length / avg))
                    scores[rel] = scores.get(rel, 0.0) + idf * norm
        prefix = folder.rstrip("/") + "/" if folder else ""
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        hits: list[KeywordHit] = []
        for rel, score in ranked:
            if prefix and not rel.startswith(prefix):
                continue
            if not allowed(rel):
                continue
            line, snippet = self._snippet(rel, terms)
            hits.append(KeywordHit(rel, score, line, snippet))
            if len(hits) >= limit:
                break
        return hits

    def _snippet(self, rel: str, terms: list[str]) -> tuple[int, str]:
        text = self._text(rel) or ""
        lines = text.splitlines()
        body = split_frontmatter(text).body_line  # prefer the body to the properties
        for i in [*range(body, len(lines)), *range(body)]:
            line = lines[i]
            if any(t in line.casefold() for t in terms):
                return i + 1, "\n".join(lines[max(0, i - 1) : i + 2]).strip()[:400]
        return body + 1, "\n".join(lines[body : body + 3]).strip()[:400]
