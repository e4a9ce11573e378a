"""What makes a first-person sentence no lasting fact: a request, a guess, a passing state
or a joke ("I'd like a recipe", "I think it'll rain", "I'm tired today")."""

from __future__ import annotations

import re
from typing import Final

REQUEST: Final = re.compile(
    r"^(?:so\s+|and\s+|but\s+)?(?:i(?:'d| would) (?:like|love)\b|"
    r"i (?:really )?(?:need|want|wish)\b|"
    r"i(?:'m| am) looking for\b|i was wondering\b|help me\b|let me\b|let's\b|show me\b)",
    re.I,
)
HEDGE: Final = re.compile(
    r"^(?:so\s+|and\s+|but\s+|well,?\s+)?i (?:think|guess|suppose|bet|hope|reckon|wonder|"
    r"doubt|imagine|expect)\b",
    re.I,
)
TRANSIENT: Final = re.compile(
    r"\b(?:today|tonight|this (?:morning|afternoon|evening|week)|right now|at the moment|"
    r"just now|yesterday|feel(?:ing)?|tired|bored|hungry|sleepy|busy|joking|kidding|"
    r"exhausted|stressed|soaked|weather|(?:i'm|i am) (?:sick|ill|unwell)|"
    r"with (?:a|the) (?:cold|flu)|"
    r"in (?:a few|\w+) (?:minutes|hours)|heading (?:out|off|home)|"
    r"(?:my|our) \w+(?: \w+)? (?:is|are) (?:getting|running late|late|broken|stuck|delayed|"
    r"cancelled|empty)|"
    r"going (?:well|fine|great|ok)|doing (?:well|fine|great|ok))\b",
    re.I,
)
JOKE: Final = re.compile(r"\b(?:joke|knock knock|pun|funny)\b", re.I)
