"""Tables of rewrites: a way of saying something, and what it is said as instead."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

Plain = str | Callable[[re.Match[str]], str]
"""What a match is rewritten as: a replacement template or a function of the match."""
Rewrite = tuple[re.Pattern[str], Plain]


def rewritten(text: str, table: Sequence[Rewrite]) -> str:
    """``text`` with each rewrite of ``table`` made in turn."""
    for pattern, plain in table:
        text = pattern.sub(plain, text)
    return text
