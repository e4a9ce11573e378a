"""The words of a label in a labelled note ("And my current car:", "fave film ->") that
name the field it holds, without the words that join it to the line before or date it."""

from __future__ import annotations

import re
from typing import Final

_LABEL_NOISE: Final = re.compile(
    r"\b(?:my|our|the|current|currently|new|now|latest|updated?|changed?|these days|also|etc|"
    r"misc|stuff)\b", re.I)
_LABEL_OPENER: Final = re.compile(r"^(?:(?:oh|ah|ay|so|ok|okay),?\s+)?(?:(?:and|plus|btw)\s+)?"
                                  r"(?:(?:i\s+)?(?:can't|cannot|mustn't|won't|don't) forget"
                                  r"(?: about)?\s+)?", re.I)
""""And my favourite movie: Heneral Luna", "And I can't forget the cat: Jandal": the words
that join the line to the one before are no part of its label."""


def label_said(raw: str) -> str:
    """The words of a label that name its field: "And my current car" -> "car", "fave film"
    -> "favourite film"."""
    raw = _LABEL_OPENER.sub("", raw.strip())
    words = _LABEL_NOISE.sub(" ", raw.replace("’", "'")).casefold().split()
    return " ".join(words).replace("fave ", "favourite ").replace("fav ", "favourite ")
