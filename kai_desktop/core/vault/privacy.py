"""Private notes: what never leaves the machine.

A note (a memory is a note too) is private when it carries the private tag (``#private``
in the body, or ``private`` in its ``tags`` property; nested tags such as
``#private/health`` count) or a true ``private`` property. The tag name is a setting
(``private_tag``); the property has the same name. Matching is case-insensitive, as
Obsidian's tags are.

Private notes are held back from everything that leaves the process: the prompt of a
remote model (retrieved notes, memories, tool results) and every MCP client. The
embedded model runs on this machine and still sees them: :func:`filter_private` keeps
everything when ``remote`` is False.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from kai_desktop.core.vault.files import SkippedFile, Vault, VaultError, decode_note_bytes
from kai_desktop.core.vault.notes import parse_note

DEFAULT_PRIVATE_TAG: Final = "private"
_TRUE_WORDS: Final = frozenset({"true", "yes", "on", "1"})
_TAG_CHARS = re.compile(r"^[\w/-]+$")


def clean_tag(tag: str) -> str:
    """The tag name as compared: no leading ``#``, no outer spaces, lower case.

    Raises ValueError for an empty name or one with characters a tag cannot hold.
    """
    name = tag.strip().lstrip("#").strip().casefold()
    if not name or not _TAG_CHARS.match(name) or name.isdigit():
        raise ValueError(f"{tag!r} is not a tag name (letters, digits, _ - / only)")
    return name


def _tag_matches(candidate: str, name: str) -> bool:
    folded = candidate.strip().lstrip("#").casefold()
    return folded == name or folded.startswith(name + "/")


def _is_true(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value == 1
    if isinstance(value, str):
        return value.strip().casefold() in _TRUE_WORDS
    return False


def is_private(
    properties: Mapping[str, Any],
    tags: Iterable[str],
    body: str = "",
    *,
    tag: str = DEFAULT_PRIVATE_TAG,
) -> bool:
    """True when a note with these properties, tags and body is private.

    ``tags`` are the note's tags as parsed (properties and body); ``body`` is looked at
    too, for callers that only have the text (a memory's content): an inline tag there is
    found by the same parser that reads tags for the rest of the app, so ``#private``
    inside code or a comment does not count.
    """
    name = clean_tag(tag)
    for key, value in properties.items():
        if key.casefold() == name and _is_true(value):
            return True
    if any(_tag_matches(t, name) for t in tags):
        return True
    if body and "#" in body and name in body.casefold():
        scanned = parse_note("body.md", body)
        return any(_tag_matches(t, name) for t in scanned.tags)
    return False


def note_text_is_private(text: str, *, tag: str = DEFAULT_PRIVATE_TAG) -> bool:
    """:func:`is_private` for a note's whole text (properties and body)."""
    name = clean_tag(tag)
    if name not in text.casefold():
        return False  # neither the property nor the tag can be there: no parsing
    note = parse_note("note.md", text)
    return is_private(note.properties, note.tags, "", tag=name)


class HasPath(Protocol):
    @property
    def path(self) -> str: ...


T = TypeVar("T", bound=HasPath)


@dataclass(frozen=True, slots=True)
class Filtered(Generic[T]):
    """What may be sent on, and how many items were held back (for the budget meter)."""

    items: list[T]
    held_back: int


def filter_private(
    items: Iterable[T], is_private_path: Callable[[str], bool], *, remote: bool
) -> Filtered[T]:
    """Drop the items whose note is private, unless the receiver is local.

    ``items`` are anything with a vault ``path``: search hits, memories, passages.
    With ``remote`` False (the embedded model) nothing is dropped.
    """
    kept = list(items)
    if not remote:
        return Filtered(kept, 0)
    allowed = [item for item in kept if not is_private_path(item.path)]
    return Filtered(allowed, len(kept) - len(allowed))


class PrivateNotes:
    """Answers "is this vault path private?" for a vault, reading each note once.

    The answer is cached per path with the file's size and modification time, so a
    note edited to become private (or not) is read again. Thread-safe. Files that cannot
    be read as notes are not private (they are not sent anywhere either).
    """

    def __init__(self, vault: Vault, tag: str = DEFAULT_PRIVATE_TAG) -> None:
        self.vault = vault
        self.tag = clean_tag(tag)
        self._cache: dict[str, tuple[int, int, bool]] = {}
        self._lock = threading.Lock()

    def __call__(self, rel: str) -> bool:
        return self.is_private_path(rel)

    def is_private_path(self, rel: str) -> bool:
        try:
            st = os.stat(self.vault.resolve(rel))
        except (OSError, VaultError):
            return False
        return self.is_private_stat(rel, st)

    def is_private_stat(self, rel: str, st: os.stat_result) -> bool:
        """:meth:`is_private_path` for a note whose path the caller has resolved and
        stat'ed already (``st``), so one look at the file serves more than one check."""
        known = self.known(rel, st)
        if known is not None:
            return known
        return self._remember(rel, st, self._read(rel))

    def known(self, rel: str, st: os.stat_result) -> bool | None:
        """The cached answer for the note as ``st`` describes it; None when not known."""
        with self._lock:
            cached = self._cache.get(rel)
        if cached is not None and cached[:2] == (st.st_mtime_ns, st.st_size):
            return cached[2]
        return None

    def is_private_data(self, rel: str, st: os.stat_result, data: bytes | None) -> bool:
        """The answer for a note the caller has read (``data``; None: unreadable), kept
        like one this object read itself."""
        private = False
        if data is not None:
            try:
                private = note_text_is_private(decode_note_bytes(rel, data), tag=self.tag)
            except SkippedFile:
                private = False
        return self._remember(rel, st, private)

    def _remember(self, rel: str, st: os.stat_result, private: bool) -> bool:
        with self._lock:
            self._cache[rel] = (st.st_mtime_ns, st.st_size, private)
        return private

    def is_private_text(self, text: str) -> bool:
        return note_text_is_private(text, tag=self.tag)

    def _read(self, rel: str) -> bool:
        try:
            # Not read_text: a check must not change the hashes remembered for writes.
            data, _st = self.vault.read_bytes_checked(rel)
            text = decode_note_bytes(rel, data)
        except (OSError, SkippedFile, VaultError):
            return False
        return note_text_is_private(text, tag=self.tag)

