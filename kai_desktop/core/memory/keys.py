"""Memory keys as safe, portable file names, and back.

A memory lives in ``memories/<stem>.md``; its real key is kept in the note's ``key``
property, so the file name only has to be safe and unique. The encoding is still
reversible for every key that fits the length cap, which keeps the folder readable in
Obsidian and lets a note without a ``key`` property be recognised.

Rules of the encoding (``~`` is the only escape character):

- kept as is: lower-case letters and digits that are stable under case folding and
  Unicode normalisation, and ``- _ . , ' ( ) + @ &`` and the space (not at either end);
- an ASCII capital becomes ``~`` + its lower-case letter (``UserName`` -> ``~user~name``);
- anything else becomes ``~(hex)`` with the code point in lower-case hex (``/`` -> ``~(2f)``),
  including ``~`` itself, a leading dot, and a leading or trailing space or dot;
- a name whose first part is reserved on Windows (``con``, ``nul``, ``com1``...) gets its
  first letter escaped;
- an encoding longer than :data:`MAX_STEM_BYTES` (UTF-8) is cut and ends in ``~-`` and a
  hash of the key; such a stem is collision-safe but not reversible.

Every output character is fixed under case folding and the output is NFC, so two
different keys never meet on a case-insensitive or normalising file system either.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache
from typing import Final

MAX_STEM_BYTES: Final = 120
"""Longest stem in UTF-8 bytes; leaves room for the folder, ``.md`` and a conflict suffix."""

ESCAPE: Final = "~"
HASH_MARK: Final = "~-"
_HASH_HEX: Final = 16
_PLAIN_PUNCTUATION: Final = frozenset("-_.,'()+@& ")
_EDGE_ESCAPED: Final = frozenset(". ")
_WINDOWS_RESERVED: Final = frozenset(
    {"con", "prn", "aux", "nul", "conin$", "conout$"}
    | {f"com{d}" for d in "0123456789¹²³"}
    | {f"lpt{d}" for d in "0123456789¹²³"}
)
_HEX_ESCAPE = re.compile(r"\(([0-9a-f]{1,6})\)")


class InvalidKey(ValueError):
    """A key that cannot become a file name (empty or containing a lone surrogate)."""


@lru_cache(maxsize=4096)
def _is_plain_char(ch: str) -> bool:
    """True for a character that can stand for itself in a file name on every platform."""
    if ch in _PLAIN_PUNCTUATION:
        return True
    if ch.isascii():
        return ch.islower() or ch.isdigit()
    if unicodedata.category(ch) not in {"Ll", "Lo", "Lm", "Nd"}:
        return False
    if ch.casefold() != ch or ch.lower() != ch or ch.upper().lower() != ch:
        return False  # e.g. ß, ı, ſ, ς: they meet another letter under case folding
    if unicodedata.normalize("NFC", ch) != ch or unicodedata.normalize("NFKC", ch) != ch:
        return False
    # Hangul conjoining jamo compose with their neighbours under NFC.
    return not ("\u1100" <= ch <= "\u11ff" or "\ud7b0" <= ch <= "\ud7ff")


def _escape_char(ch: str) -> str:
    if "A" <= ch <= "Z":
        return ESCAPE + ch.lower()
    return f"{ESCAPE}({ord(ch):x})"


def validate_key(key: str) -> None:
    """Raise :class:`InvalidKey` when ``key`` cannot be stored as a file name at all."""
    if not key:
        raise InvalidKey("a memory key cannot be empty")
    if any("\ud800" <= ch <= "\udfff" for ch in key):
        raise InvalidKey(f"memory key {key!r} contains an unpaired surrogate")


def _encode_full(key: str) -> list[str]:
    """The reversible encoding of ``key`` as a list of tokens (one per key character)."""
    tokens: list[str] = []
    last = len(key) - 1
    for i, ch in enumerate(key):
        edge = i in (0, last)
        if _is_plain_char(ch) and not (edge and ch in _EDGE_ESCAPED):
            tokens.append(ch)
        else:
            tokens.append(_escape_char(ch))
    head = "".join(tokens).split(".", 1)[0].rstrip(" ").casefold()
    if head in _WINDOWS_RESERVED:
        tokens[0] = _escape_char(key[0])
    return tokens


def key_to_stem(key: str) -> str:
    """The file stem (name without ``.md``) for ``key``; injective over all keys."""
    validate_key(key)
    tokens = _encode_full(key)
    stem = "".join(tokens)
    if len(stem.encode("utf-8")) <= MAX_STEM_BYTES:
        return stem
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:_HASH_HEX]
    room = MAX_STEM_BYTES - len(HASH_MARK) - _HASH_HEX
    kept: list[str] = []
    used = 0
    for token in tokens:  # cut between tokens so no escape is split
        size = len(token.encode("utf-8"))
        if used + size > room:
            break
        kept.append(token)
        used += size
    return "".join(kept) + HASH_MARK + digest


def key_to_filename(key: str) -> str:
    """``key_to_stem(key) + ".md"``."""
    return key_to_stem(key) + ".md"


def stem_to_key(stem: str) -> str | None:
    """The key whose :func:`key_to_stem` is ``stem``, or None when ``stem`` is not one.

    None for hashed (over-long) stems and for names a user chose by hand; the note's
    ``key`` property is the authority then.
    """
    out: list[str] = []
    i = 0
    n = len(stem)
    while i < n:
        ch = stem[i]
        if ch != ESCAPE:
            if not _is_plain_char(ch):
                return None
            out.append(ch)
            i += 1
            continue
        nxt = stem[i + 1] if i + 1 < n else ""
        if "a" <= nxt <= "z":
            out.append(nxt.upper())
            i += 2
            continue
        match = _HEX_ESCAPE.match(stem, i + 1)
        if match is None:
            return None
        code = int(match.group(1), 16)
        if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            return None
        out.append(chr(code))
        i = match.end()
    key = "".join(out)
    if not key:
        return None
    try:
        return key if key_to_stem(key) == stem else None
    except InvalidKey:
        return None


def is_canonical_stem(stem: str, key: str) -> bool:
    """True when ``stem`` is exactly the name the store would give ``key``."""
    try:
        return key_to_stem(key) == stem
    except InvalidKey:
        return False
