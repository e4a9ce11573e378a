"""The pieces the phrasing rules are built from: the lead-in before the first-person verb,
the value, the trailing time phrase and the fact builders every phrasing shares.

A phrasing must cover the whole sentence apart from these: "So, these days I'm based in
Utrecht now" is read as "I'm based in" + value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.statements import Fact, build_fact

LEAD: Final = (
    r"^(?i:(?:so|well|actually|also|and|but|oh|anyway|by the way|fun fact|big news),?\s+)*"
    r"(?i:(?:these days|nowadays|right now|at the moment|at present|for now|now|currently|"
    r"recently|lately|since \w+|since i was (?:small|little|young|a kid|a child)|"
    r"in the (?:mornings?|evenings?|afternoons?)|tonight|"
    r"(?:out |over |up |down )?here|"
    r"for (?:breakfast|lunch|dinner)|"
    r"(?:last|this) (?:week|month|year|spring|summer|autumn|winter)),?\s+)?"
)
PROPER: Final = (
    r"(?P<v>[A-Z][\w'’-]*(?:\s+(?:[A-Z][\w'’-]*|de|da|do|dos|von|van|del|la|le|of))*)"
)
ANY: Final = r"(?P<v>[^.,;!?]+?)"
TAIL: Final = (
    r"(?i:\s+(?:now|instead|right now|these days|nowadays|at the moment|"
    r"for (?:about |around |almost |nearly |over |more than )?(?:a few|many|\w+) \w+|"
    r"since [\w ]+|in (?:the )?(?:spring|summer|autumn|winter)|in (?:\w+ \d{4}|[A-Z][a-z]+)|"
    r"(?:last|this|next) (?:week|month|year|spring|summer|autumn|fall|winter)|a while ago|"
    r"(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|some) \w+ ago|"
    r"recently|too|as well|at all|"
    r"at night|in the evenings?|at (?:the )?weekends?|on weekends|after work|for work))*"
)
END: Final = (TAIL + r"(?:,?\s+(?i:sadly|unfortunately|thankfully|luckily|though))?"
              r"(?:,?\s+which\s+(?i:i guess|i suppose|probably)\b[^.!?]*)?\s*[.!]*$")
"""The end of a phrasing: its time phrase, a word on how the user feels about it ("Allergic
to cats, sadly"), a hedge on why it matters ("..., which I guess doesn't matter for food"),
the full stop."""
JOB_TAIL: Final = (
    r"(?i:\s+(?:by (?:trade|profession)|for a living|full[- ]time|part[- ]time))?"
)
NAME_END: Final = r"(?:\s+[^A-Z.!?][^.!?]*)?\s*[.!]*$"  # a name stops at its last capital
PET_END: Final = (r"(?:,\s+(?i:an?|the)\s+(?:[a-z-]+\s+){0,3}[a-z-]+|,\s+(?i:all|very|so|quite|"
                  r"really|super|completely|totally|black|white|grey|gray|ginger|brown|fluffy|"
                  r"tiny|small|little|big|huge|fat|skinny)\s+[^.!?]*)?" + END)
""""We have a dog, Gizmo, a little terrier cross", "a cat, she is called Pelusa, all white
and fluffy": a pet's name, then what it is or what it looks like."""

Build = Callable[[re.Match[str]], Fact | None]

MAX_VALUE_WORDS: Final = 8
"""A phrasing matches more loosely than a core rule, so its value is held shorter."""


def lead_in(words: str) -> str:
    """A first-person lead-in, case-insensitive, after the optional lead phrases."""
    return LEAD + r"(?i:" + words + r")\s+"


def fact(key: str, template: str, value: str, category: Category = Category.GENERAL
         ) -> Fact | None:
    return build_fact(key, template, value, category, max_words=MAX_VALUE_WORDS)


def slot(key: str, template: str, category: Category = Category.GENERAL) -> Build:
    """A builder that files the match's value under ``key`` with ``template``."""
    return lambda m: fact(key, template, m.group("v"), category)
