"""Facts a question or a request gives in passing: "What should I get my wife Chloe for
our anniversary?" names the wife, "What tyres should I get for my Mazda 3?" the car.

A question is never a statement (``user_sentences``), but the user's own relative, pet or
car named with "my" or "our" is theirs whatever the sentence asks. Only that appositive
shape is read here: "Is my dog called Rex?" asks whether, and gives no name.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from kai_desktop.core.memory.asides import kin_then_name
from kai_desktop.core.memory.slot_builders import kin_facts
from kai_desktop.core.memory.slot_words import CAR_MAKES, NOT_NAMES
from kai_desktop.core.memory.slots import fact_for_key
from kai_desktop.core.memory.statements import Fact

_KIN_NAMED: Final = kin_then_name(r"(?P<v>[A-Z][a-zà-ÿ-]+(?:\s+[A-Z][a-zà-ÿ-]+)?)",
                                  called=False)
""""my sister Hannah's wedding", "our cat Mochi": the kin word, then the name."""
_MY_CAR: Final = re.compile(
    r"\b(?i:my|our)\s+(?i:new\s+)?(?P<v>(?i:" + CAR_MAKES.pattern + r")(?:\s+[A-Z0-9][\w-]*){0,2})")
""""for my Mazda 3 this winter": the make and what model follows it."""
_ASKING_WORDS: Final = frozenset({"called", "named", "name"})
""""whats my cat called" (which texted spelling writes "Called") names no one."""


def said_in_passing(sentence: str) -> list[Fact]:
    """The relatives, pets and car ``sentence`` names as the user's; one fact per key."""
    found: dict[str, Fact] = {}
    for fact in kin_facts(_KIN_NAMED, sentence, not_names=NOT_NAMES | _ASKING_WORDS):
        found.setdefault(fact.key, fact)
    car = _MY_CAR.search(sentence)
    if car:
        found.setdefault("vehicle", replace(fact_for_key("vehicle", car.group("v")),
                                            origin="rule"))
    return list(found.values())
