"""Irish English read as the standard wording the capture rules know, before the rules and
the memory hint look at a message.

Irish English has a perfect of its own ("I'm after starting Italian classes", "we're after
moving to Kilkenny": I have started, we have moved), tags a statement with its own echo
("I'm a barman, so I am"), counts a stretch of time with "this" ("living in Limerick this
twenty year": for twenty years), has without "got" ("we've a dog", "I've a new favourite
food") and says "the" for one's own ("the birthday is the 9th of October"). Each
construction here can only mean what it is rewritten to.

Written by hand for the same reason as :mod:`pidgin`: these few constructions are exact,
and a grammar model would need weights this app does not ship.
"""

from __future__ import annotations

import re
from typing import Final

_AFTER: Final = re.compile(r"\b(I|[Ww]e)(?:'m|'re|’m|’re|\s+am|\s+are)\s+"
                           r"(?:(?:only|just)\s+)?after\s+([a-z]+)ing\b")
_PARTICIPLES: Final[dict[str, str]] = {
    "do": "done", "gett": "got", "se": "seen", "winn": "won", "writ": "written",
    "eat": "eaten", "break": "broken", "meet": "met", "fall": "fallen", "read": "read",
    "buy": "bought", "tak": "taken", "mak": "made",
    "leav": "left", "sell": "sold", "find": "found", "giv": "given", "go": "gone",
    "com": "come", "be": "been", "hav": "had", "putt": "put", "quitt": "quit",
    "sett": "set", "beginn": "begun", "runn": "run", "los": "lost", "tell": "told",
    "hear": "heard", "think": "thought", "bring": "brought", "send": "sent", "spend": "spent",
}
_ECHO_TAG: Final = re.compile(r",\s*so\s+(?:I|it|he|she|we|they|you)\s+(?:am|is|are|was|were|"
                              r"did|do|does|have|has|had|will|can|would)(?=\s*[.!?]|\s*$)")
_THIS_SPAN: Final = re.compile(r"\bthis\s+(\d+|two|three|four|five|six|seven|eight|nine|ten|"
                               r"eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
                               r"(?:twenty|thirty|forty)-\w+)\s+years?\b", re.IGNORECASE)
_HAVE_A: Final = re.compile(r"\b(I|[Ww]e)(?:'ve|’ve)\s+(?=(?:a|an|one|two|three|no)\s)")
_THE_BIRTHDAY: Final = re.compile(r"\b[Tt]he\s+birthday\s+is\s+(?=(?:on\s+|in\s+)?(?:the\s+)?"
                                  r"(?:\d|[A-Z][a-z]+\b))")


def _participle(m: re.Match[str]) -> str:
    stem = m.group(2)
    if stem in _PARTICIPLES:
        done = _PARTICIPLES[stem]
    elif re.search(r"[^aeiou]y$", stem):
        done = stem[:-1] + "ied"
    else:
        done = stem + "ed"
    return f"{m.group(1)} have {done}"


def standard_from_irish(text: str) -> str:
    """``text`` with its Irish English constructions in the standard wording; unchanged
    when it has none."""
    out = _AFTER.sub(_participle, text)
    out = _ECHO_TAG.sub("", out)
    out = _THIS_SPAN.sub(lambda m: f"for {m.group(1)} years", out)
    out = _HAVE_A.sub(lambda m: f"{m.group(1)} have ", out)
    return _THE_BIRTHDAY.sub("my birthday is ", out)
