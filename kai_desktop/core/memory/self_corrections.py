"""A value the user corrects as they say it, read as the corrected value.

People correct themselves mid-sentence, in speech and in typing alike: "My favourite film is
Hot Fuzz, no sorry, Shaun of the Dead", "I'm 42 no wait 43", "my sister Clare, I mean
Claire". The capture rules read a value up to the first comma or the end, so they kept the
slip ("Hot Fuzz") or nothing. The slip and the words that take it back are dropped when the
slip is a short value right after the word that introduces it ("is", "am", "called", "at",
"in" ...) or a name after a relative; what follows is the value meant. Only these markers
take a value back, and only when a value follows them ("I work at Aldi, I mean, I used to"
is left); "no" or "sorry" alone are left as they are.
"""

from __future__ import annotations

import re
from typing import Final

_MARKER: Final = (r"(?:no,? wait|wait,? no|no,? sorry|sorry,? no|no,? actually|actually,? no|"
                  r"i mean|or rather|scratch that|correction)(?:,?\s+sorry)?")
_INTRODUCER: Final = (r"(?:is|are|am|i'm|im|was|called|named|at|in|from|to|drive|play|speak|"
                      r"(?:my|our) (?:wife|husband|partner|sister|brother|son|daughter|dog|cat|"
                      r"friend|mum|mom|dad|boss))")
_NOT_A_VALUE: Final = (r"(?:i|i'm|im|i've|ive|it|it's|its|that|that's|thats|this|he|she|they|we|"
                       r"you|not|no|never|just|only)\b")
"""A clause after the marker takes back more than a value ("at Aldi, I mean, I used to")."""
_CORRECTED: Final = re.compile(
    r"(?P<lead>\b" + _INTRODUCER + r"\s+)(?P<slip>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)(?:,|\s+[-–—])?\s+"
    + _MARKER + r",?\s+(?=[\w'’])(?!" + _NOT_A_VALUE + r")", re.IGNORECASE)


def corrected(text: str) -> str:
    """``text`` with each self-corrected value's slip and marker dropped; unchanged when
    nothing is taken back."""
    return _CORRECTED.sub(lambda m: m.group("lead"), text)
