"""Tables of rewrites: a way of saying something, and what it is said as instead."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Plain = str | Callable[[re.Match[str]], str]
"""What a match is rewritten as: a replacement template or a function of the match."""
Rewrite = tuple[re.Pattern[str], Plain]


def ignoring_case(pairs: Sequence[tuple[str, Plain]]) -> list[Rewrite]:
    """A table of rewrites from ``(pattern, plain)`` pairs, each pattern matched in any case
    (a word's casing inside it can be fixed with ``(?-i:...)``)."""
    return [(re.compile(said, re.IGNORECASE), plain) for said, plain in pairs]


def rewritten(text: str, table: Sequence[Rewrite]) -> str:
    """``text`` with each rewrite of ``table`` made in turn."""
    for pattern, plain in table:
        text = pattern.sub(plain, text)
    return text


def rewritten_as_said(text: str, table: Sequence[Rewrite]) -> str:
    """``text`` with each rewrite of ``table`` made in turn, a rewrite starting with a
    capital where what it replaces did ("Vivo en" -> "I live in"), and runs of spaces
    left by dropped words made one."""
    for pattern, plain in table:
        def one(m: re.Match[str], plain: Plain = plain) -> str:
            out = plain(m) if callable(plain) else m.expand(plain)
            return out[:1].upper() + out[1:] if m.group(0)[:1].isupper() else out
        text = pattern.sub(one, text)
    return re.sub(r"[ \t]{2,}", " ", text)
