"""Singapore and Malaysian English (Singlish) read as the standard wording the capture rules
know, before the rules and the memory hint look at a message.

Singlish ends a clause with particles that only colour it ("chicken rice lah", "the audit life
is over liao", "very nice leh"), says "got" for "have" ("got one dog also": I have a dog),
leaves out "am" and "are" ("i allergic to crab", "i learning thai now"), says
"staying" for living ("staying in kuala lumpur 3 yrs already") and ends a habit with "one"
("i don't eat beef one"). Only these constructions are rewritten; "one" elsewhere is a
number ("the red one", "one dog").

Written by hand for the same reason as :mod:`pidgin`: these few constructions are exact,
and a grammar model would need weights this app does not ship.
"""

from __future__ import annotations

import re
from typing import Final

_START: Final = r"(?:^|(?<=[.!?]\s))"
_PARTICLES: Final = re.compile(r",?\s+(?:lah|leh|lor|liao|meh|hor)\b(?![’'])"
                               r"(?=\s*(?:[,.!?;:]|$))", re.IGNORECASE)
_GOT_A_PET: Final = re.compile(
    _START + r"(?i:got)\s+(?i:one|a|an)\s+(?P<a>(?i:dog|cat|puppy|kitten|rabbit|hamster|parrot))"
    r"(?:\s+(?i:also|too))?,\s+(?P<n>[A-Za-z][a-z]+),")
""""got one dog also, kaya, mini schnauzer": the pet and its name."""
_GOT: Final = re.compile(_START + r"(?i:got)\s+(?=(?i:one|two|three|four|\d+)\s)")
""""got one dog", "got 2 cats": "got" with a count is "I have" ("got a job at ..." is
the standard past)."""
_LEFT_OUT_BE: Final = re.compile(
    r"(?<!\bam )(?<!\bAm )(?<!\bare )(?<!\bAre )(?<!\bwas )(?<!\bwere )"
    r"\b(?P<s>[Ii]|[Ww]e)\s+(?=(?:also\s+|still\s+|now\s+)?(?:allergic|learning|staying|living|"
    r"working|studying|teaching|playing|driving|flying|moving|doing)\b)")
_YEARS: Final = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
                 r"(?:yrs?|years?|months?)")
_STAYING: Final = re.compile(
    r"\bstaying\s+in\s+(?P<p>[A-Za-z][\w'’ -]{1,40}?)\s+(?:for\s+)?(?P<t>" + _YEARS
    + r")\s+(?:already|now)\b", re.IGNORECASE)
""""staying in kuala lumpur 3 yrs already": living there for that long."""
_HABIT_ONE: Final = re.compile(
    r"\b((?:eat|drink|take|touch|wear|use)\s+[a-z]+)\s+one\b(?=\s*(?:[,.!?;]|$))", re.IGNORECASE)


def standard_from_singlish(text: str) -> str:
    """``text`` with its Singlish constructions in the standard wording; unchanged when it
    has none."""
    out = _PARTICLES.sub("", text)
    out = _GOT_A_PET.sub(lambda m: f"I have a {m['a'].casefold()} named {m['n']},", out)
    out = _GOT.sub("I have ", out)
    out = _LEFT_OUT_BE.sub(lambda m: "I am " if m["s"] in "Ii" else f"{m['s']} are ", out)
    out = _STAYING.sub(lambda m: f"living in {m['p']} for {m['t']}", out)
    return _HABIT_ONE.sub(r"\1", out)
