"""A user's first-person sentence turned to the third person, for a fact kept in the user's
own words ("I keep bees" -> "The user keeps bees")."""

from __future__ import annotations

import re
from typing import Final

_VERB_ES = re.compile(r"(?:s|sh|ch|x|z|o)$")
_MODALS: Final = frozenset({
    "can", "could", "will", "would", "should", "must", "may", "might", "shall", "cannot",
    "can't", "won't", "wouldn't", "couldn't", "shouldn't", "used",
})
_ADVERBS = (r"(?:(?:also|always|never|often|usually|really|still|just|now|mostly|only|even|"
            r"sometimes|normally|generally|actually|basically|honestly|rarely|occasionally|"
            r"mainly|currently)\s+)*")
_IRREGULAR: Final = {"have": "has", "do": "does", "am": "is", "was": "was"}
_FIRST: Final = {"i'm": "the user is", "im": "the user is", "i've": "the user has",
                 "i'd": "the user would", "i'll": "the user will", "i am": "the user is",
                 "i was": "the user was", "i have": "the user has", "i do": "the user does",
                 "i don't": "the user doesn't", "my": "the user's", "mine": "the user's",
                 "me": "the user", "myself": "themselves", "our": "the user's",
                 "ours": "the user's", "we're": "the user and family are",
                 "we've": "the user and family have", "we": "the user and family"}
_FIRST_RE = re.compile(r"\b(?:" + "|".join(sorted(_FIRST, key=len, reverse=True)) + r")\b",
                       re.I)


def _agree(match: re.Match[str]) -> str:
    adverbs, verb = match.group(1), match.group(2)
    low = verb.casefold()
    if low in _MODALS:
        return f"the user {adverbs}{verb}"
    if low in _IRREGULAR:  # "I just have one coffee": "has", not "haves"
        return f"the user {adverbs}{_IRREGULAR[low]}"
    if re.search(r"[^aeiou]y$", low):
        return f"the user {adverbs}{low[:-1]}ies"
    return f"the user {adverbs}{low}{'es' if _VERB_ES.search(low) else 's'}"


def third_person(sentence: str) -> str:
    """``"I keep bees, my hives are small."`` -> ``"The user keeps bees, the user's hives
    are small."`` (plain first-person wording; the verb after "I" agrees)."""
    text = " ".join(sentence.split()).rstrip(" .!")
    text = _FIRST_RE.sub(lambda m: _FIRST[m.group(0).casefold()], text)
    text = re.sub(r"\bI\s+(" + _ADVERBS + r")([A-Za-z']+)", _agree, text)
    return text[:1].upper() + text[1:] + "."
