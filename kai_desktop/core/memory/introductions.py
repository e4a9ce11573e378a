"""Introductions: the user says who they are without saying "I" ("Dana here", "The name is
Ruth", "Siobhan is the name")."""

from __future__ import annotations

import re
from typing import Final

_INTRO_TAIL = (
    r"(?i:,?\s+(?:by the way|nice to meet you|pleased to meet you|good to meet you|"
    r"how are you|how's it going))?"
)
_NOT_NAMES = (r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|"
              r"March|April|May|June|July|August|September|October|November|December|Christmas|"
              r"Easter|Spring|Summer|Autumn|Winter|Morning|Evening|Night|Noon|Same|Me|Us|"
              r"Nobody|Everyone|Everybody|Someone|Somebody|Anyone|All|Just|Still|Also|Nothing|"
              r"Cold|Hot|Sunny|Raining|Rain|Snow|Fog|Chaos|Mayhem|Quiet|Busy|Late|Early|Vegetarian|"
              r"Vegan|Pescatarian|Coeliac|Celiac|Diabetic|I['’]\w+)\b)")
"""Words that follow "it's" and "here" without naming anyone ("It's Monday here", "Same
here", "Nobody here")."""
_INTRO_NAME = _NOT_NAMES + r"(?P<v>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)"
INTRODUCTIONS: Final = (
    re.compile(r"^(?i:(?:the )?name is|(?:the )?name's)\s+" + _INTRO_NAME + _INTRO_TAIL
               + r"\s*[.!]*$"),
    re.compile(r"^(?i:this is\s+|it's\s+|it’s\s+|it is\s+)?"
               + _INTRO_NAME + r"(?i:\s+(?:here|speaking))" + _INTRO_TAIL
               # "Tamsin here - charge nurse, ICU at ...": what follows is read on its own
               + r"(?:\s*(?:[,;:]|\s[-–—])\s+[^.!?]*)?\s*[.!]*$"),
    re.compile(r"^" + _INTRO_NAME + r"(?i:\s+is the name|'s the name)" + _INTRO_TAIL
               + r"\s*[.!]*$"),
    # "Hi Kai, it's Mei": the greeting gone, the name alone after "it's" or "this is"
    re.compile(r"^(?i:it's|it’s|it is|this is)\s+(?!Kai\b)" + _INTRO_NAME + _INTRO_TAIL
               + r"\s*[.!]*$"),
    # "Aiko, nice to meet you": a name, then the greeting (the assistant's name is no
    # introduction: "Kai, nice to meet you" greets it back)
    re.compile(r"^(?!Kai\b)" + _INTRO_NAME + r"(?i:,?\s+(?:it's\s+)?(?:nice|pleased|good|lovely|"
               r"great) to meet you(?: too)?)\s*[.!]*$"),
)
""""Dana here", "The name is Ruth": the user introduces themself without saying "I"."""
