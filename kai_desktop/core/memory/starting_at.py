"""A new job said as where and as what the user starts: "I'm starting at Gourmand
Bakehouse Monday as a pastry chef" is read as "I'm a pastry chef at Gourmand Bakehouse",
which the rules know as the job and the employer together."""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.phrasing_parts import END, PROPER

_STARTING_AT: Final = re.compile(
    r"\b(?i:i(?:'m| am) starting|i start|i(?:'ve| have) (?:just )?started|i (?:just )?started)"
    r"\s+(?i:at|with)\s+(?P<w>" + PROPER + r"(?:\s+(?:&|and)\s+[A-Z][\w'’-]*)?)"
    r"(?i:\s+(?:on\s+|next\s+|this\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|week|month|tomorrow))?\s+(?i:as)\s+(?P<j>(?i:an?)\s+[a-z][a-z -]*?)" + END)


def restated(sentence: str) -> str:
    """``sentence``, or the plain sentence its new job stands for."""
    starting = _STARTING_AT.search(sentence)
    if starting is None:
        return sentence
    return f"I'm {starting.group('j')} at {starting.group('w')}."
