"""The embedding texts of chunks just written without a vector, kept for the dense half.

A note cut in this process has its chunks' embedding texts at hand when the keyword half
writes it; the dense half would otherwise read and cut the note again to embed them (for
a note of 20,000 headings, seconds of parsing). They are kept, up to a bound, and each is
used only while its chunk hash is the one waiting in the index: the text is then exactly
what the index holds. Notes cut in worker processes come back without texts and are read
again, as are chunks left from an earlier run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kai_desktop.core.retrieval.records import ChunkRecord

MAX_KEPT_CHARS: Final = 16 << 20
"""Characters of text kept at most; past this, notes are read again when embedded."""


class KeptTexts:
    """Note path -> {chunk index: (chunk hash, embedding text)}."""

    def __init__(self, max_chars: int = MAX_KEPT_CHARS) -> None:
        self.max_chars = max_chars
        self._notes: dict[str, dict[int, tuple[str, str]]] = {}
        self._chars = 0

    def keep(self, path: str, records: Sequence[tuple[ChunkRecord, str]],
             waiting: dict[int, str]) -> None:
        """``path`` was written; ``waiting``: its chunks stored without a vector."""
        self.forget(path)
        texts = {r.chunk_index: (r.chunk_hash, text) for r, text in records
                 if text and r.chunk_index in waiting}
        size = sum(len(text) for _, text in texts.values())
        if texts and self._chars + size <= self.max_chars:
            self._notes[path] = texts
            self._chars += size

    def forget(self, path: str) -> None:
        texts = self._notes.pop(path, None)
        if texts is not None:
            self._chars -= sum(len(text) for _, text in texts.values())

    def take(self, path: str, waiting: dict[int, str]) -> dict[int, str] | None:
        """The texts of ``path``'s waiting chunks, when every one is kept with the hash it
        waits with (None: read the note); they are forgotten either way."""
        kept = self._notes.get(path)
        self.forget(path)
        if kept is None:
            return None
        out: dict[int, str] = {}
        for index, chunk_hash in waiting.items():
            found = kept.get(index)
            if found is None or found[0] != chunk_hash:
                return None
            out[index] = found[1]
        return out

    def clear(self) -> None:
        self._notes.clear()
        self._chars = 0
