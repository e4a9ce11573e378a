"""Australian English read as the standard wording the capture rules know, before the rules
and the memory hint look at a message.

Australians clip words and end them in -o or -ie ("arvo": afternoon, "brekkie": breakfast,
"servo": petrol station, "s'pose": suppose), and say a habit "of a morning" (in the
morning). Each word here has one meaning, so it is mapped wherever it stands; the ways of
saying a fact that other English speakers share ("I'm a Mildura boy originally", "Townsville's
home now") are read in :mod:`restatements`.

Written by hand for the same reason as :mod:`pidgin`: a short word list is exact, and a
dialect model would need weights this app does not ship.
"""

from __future__ import annotations

import re
from typing import Final

_CLIPPED: Final[dict[str, str]] = {
    "arvo": "afternoon", "arvos": "afternoons", "brekkie": "breakfast", "brekky": "breakfast",
    "servo": "petrol station", "servos": "petrol stations", "s'pose": "suppose",
    "s’pose": "suppose", "rellies": "relatives", "rello": "relative", "relos": "relatives",
}
_CLIPPED_WORD: Final = re.compile(
    r"(?<![\w'’])(" + "|".join(re.escape(w) for w in _CLIPPED) + r")(?!\w)(?!['’](?!s\b))",
    re.IGNORECASE)
_OF_A_MORNING: Final = re.compile(r"\bof an? (morning|afternoon|evening|night)\b", re.IGNORECASE)


def _clipped(m: re.Match[str]) -> str:
    word = _CLIPPED[m.group(1).casefold()]
    return word.capitalize() if m.group(1)[:1].isupper() else word


def standard_from_australian(text: str) -> str:
    """``text`` with its clipped Australian words written out and "of a morning" as "in the
    morning"; unchanged when it has neither."""
    out = _CLIPPED_WORD.sub(_clipped, text)
    return _OF_A_MORNING.sub(lambda m: f"in the {m.group(1).casefold()}", out)
