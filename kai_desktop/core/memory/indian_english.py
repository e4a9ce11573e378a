"""Indian English read as the standard wording the capture rules know, before the rules and
the memory hint look at a message.

Indian English puts states in the progressive and has a few words of its own: "I am having
one dog also, Tommy", "I am having allergy to brinjal", "my birthday is falling in August",
"we are staying in Hyderabad only, for the past nine years", "we have shifted from Hyderabad
to Chennai", "I am playing veena since childhood", "in Zoho I am working as a scrum master",
"every Wednesday I am going for badminton". Each construction here can only mean what it is
rewritten to; a progressive is made simple only where the sentence says the state lasts
("since", "for the past", "only", "every"), so "I'm having a party" and "we're staying in
Rome this week" are left as they are.

Written by hand for the same reason as :mod:`pidgin`: these few constructions are exact,
and a grammar model would need weights this app does not ship.
"""

from __future__ import annotations

import re
from typing import Final

_AM: Final = r"(?:\s+am|'m)"
_ALLERGY: Final = re.compile(r"\bI" + _AM + r"\s+having\s+(?:an?\s+)?allerg(?:y|ies)\s+"
                             r"(?:to|for|with)\b")
_HAVING_ONE: Final = re.compile(r"\bI" + _AM + r"\s+having\s+one\s+")
_FALLING: Final = re.compile(r"\b(birthday|anniversary)\s+is\s+falling\s+(?=(?:in|on)\b)",
                             re.IGNORECASE)
_SHIFTED: Final = re.compile(r"\b(I|[Ww]e)\s+(?:have\s+|'ve\s+)?shifted\s+(?=(?:from\s+[A-Z]"
                             r"[\w-]*(?:\s+[A-Z][\w-]*)*\s+)?to\s+[A-Z])")
_FRONTED_AT: Final = re.compile(r"(^|[.!?]\s+)In\s+[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)*,?\s+"
                                r"(?=I" + _AM + r"\s+working\s+as\b)")
_EMPHATIC: Final = re.compile(r"\b([A-Z][\w-]+)\s+(?:only|itself)(?=[,.;!?]|$)")
""""Hyderabad only", "Chennai itself": the stress falls on the name."""
_LASTING: Final = re.compile(r"\b(?:since|for the past|for the last|only|itself|every|daily)\b",
                            re.IGNORECASE)
_PROGRESSIVE: Final = re.compile(r"\b(I|[Ww]e)(?:\s+am|\s+are|'m|'re)\s+(also\s+)?(playing|"
                                 r"speaking|working|driving|collecting|living|staying|teaching|"
                                 r"going for)\b")
_BASE: Final[dict[str, str]] = {"staying": "live", "going for": "play", "driving": "drive",
                                 "living": "live"}


def _simple(m: re.Match[str]) -> str:
    verb = m.group(3)
    return f"{m.group(1)} {m.group(2) or ''}{_BASE.get(verb, verb[:-3])}"


def _lasting(sentence: str) -> str:
    """A progressive made simple where the sentence says it lasts."""
    if not _LASTING.search(sentence):
        return sentence
    return _PROGRESSIVE.sub(_simple, sentence)


def standard_from_indian(text: str) -> str:
    """``text`` with its Indian English constructions in the standard wording; unchanged
    when it has none."""
    out = _ALLERGY.sub("I am allergic to", text)
    out = _HAVING_ONE.sub("I have a ", out)
    out = _FALLING.sub(r"\1 is ", out)
    out = _SHIFTED.sub(r"\1 moved ", out)
    out = _FRONTED_AT.sub(r"\1", out)
    out = _EMPHATIC.sub(r"\1", out)
    return re.sub(r"[^.!?]+[.!?]*", lambda m: _lasting(m.group(0)), out)
