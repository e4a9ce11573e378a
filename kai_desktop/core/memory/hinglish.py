"""Hinglish (Hindi in Latin letters, mixed with English) read as the English the capture
rules know, before the rules and the memory hint look at a message.

Facts come in Hindi word order with English nouns: "Mera naam Tanvi hai" (my name is),
"Main Pune mein rehti hoon" (I live in Pune), "Main chartered accountant hoon" (I'm a ...),
"Infosys mein kaam karta hoon" (I work at), "Mujhe cashew se allergy hai" (I'm allergic
to), "Meri behen ka naam Ishita hai" (my sister's name is), "Mishti meri billi hai" (Mishti
is my cat), "hum Hyderabad shift ho gaye" (we moved to); and questions: "Meri billi ka naam
kya hai?", "Main kahan rehti hoon ab?". Only a message with two different words that only
Hindi has is touched, so English with a Hindi name in it ("I eat at Dil Se") is left as it
was.

Written by hand for the same reason as :mod:`pidgin`: the constructions the rules need are
few and exact, and a translation model would need weights this app does not ship.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.rewrites import ignoring_case, rewritten_as_said
from kai_desktop.core.memory.slot_words import JOB_WORDS

_HINDI_WORDS: Final = (
    "hai hain hoon mera meri mere mujhe naam kya kahan kaunsi kaunsa yaar matlab achha acha "
    "accha bahut nahi nahin mein aur toh bhi kaam saal ghar wala wali raha rahi karti karta "
    "rehti rehta bolte bolti chalati chalata bajaati bajata khelti khelta peeti peeta seekh "
    "abhi aajkal chalo haan sirf kuch baatein kitna kitne sawaal subah shaam bina shuruaat "
    "sakti sakta hota hoti yahan wahan aake bech gaye gayi diya liya baad pehle woh wohi yeh")
_ONLY_HINDI: Final = frozenset(_HINDI_WORDS.split())
_WORD: Final = re.compile(r"[a-z]+", re.I)
_NOUNS: Final = {
    "behen": "sister", "bahen": "sister", "didi": "sister", "bhai": "brother",
    "bhaiya": "brother", "pati": "husband", "patni": "wife", "biwi": "wife", "beta": "son",
    "beti": "daughter", "maa": "mother", "mummy": "mother", "mumma": "mother", "aai": "mother",
    "papa": "father", "baba": "father", "pitaji": "father", "kutta": "dog", "kutte": "dog",
    "billi": "cat", "dost": "friend"}
_FEMININE_OR_NOT: Final = r"(?:ti|ta|te)"
_BE: Final = r"(?:hoon|hu|hun)"


def _noun(said: str) -> str:
    return " ".join(_NOUNS.get(w.casefold(), w) for w in said.split())


def _a(thing: str) -> str:
    """``thing`` with "a" or "an" when it is a job ("chartered accountant"), else alone
    ("eggetarian")."""
    if not JOB_WORDS.search(thing.rsplit(maxsplit=1)[-1]):
        return thing
    return f"{'an' if thing[:1].casefold() in 'aeiou' else 'a'} {thing}"


def _a_car(age: str | None, car: str) -> str:
    """"I drive an old Maruti Swift": "purani" is old, "nayi" new."""
    said = f"{'new ' if age and age[0] == 'n' else 'old ' if age else ''}{car}"
    return f"I drive {'an' if said[:1].casefold() in 'aeiou' else 'a'} {said}"


_NAME: Final = r"([A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*)*)"
"""A name as written, with its capitals ("Andheri West", "Hyundai Creta")."""

_SAID: Final = ignoring_case([
    (r"\bmera naam\s+(.+?)\s+hai\b", r"my name is \1"),
    (r"\b(?:mere|meri|mera)\s+([\w -]+?)\s+ka naam\s+(.+?)\s+hai\b",
     lambda m: f"my {_noun(m[1])}'s name is {m[2]}"),
    (r"\bmain\s+(?:abhi\s+)?(.+?)\s+mein\s+reh" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     r"I live in \1"),
    (r"\b(?:main\s+)?(?-i:" + _NAME + r")\s+mein\s+kaam\s+kar" + _FEMININE_OR_NOT + r"\s+"
     + _BE + r"\b", r"I work at \1"),
    (r"\bmain\s+(\d{1,3})\s+saal\s+(?:ki|ka)\s+" + _BE + r"\b", r"I'm \1 years old"),
    (r"\bmera\s+birthday\s+(\w+)\s+mein\s+hai\b", r"my birthday is in \1"),
    (r"\b(?:ghar (?:pe|par|mein)\s+)?(?:hum|main)\s+(?-i:([A-Z]\w+(?:\s+(?:aur|and)\s+[A-Z]\w+)*))"
     r"\s+bol(?:te|ti|ta)\s+(?:hain|" + _BE + r")\b",
     lambda m: f"I speak {m[1].replace(' aur ', ' and ')}"),
    (r"\bmujhe\s+(.+?)\s+se\s+allergy\s+hai\b", r"I'm allergic to \1"),
    (r"\bmain\s+(?:ek\s+)?(?:(purani|purana|nayi|naya|nai)\s+)?(.+?)\s+chala"
     + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     lambda m: _a_car(m[1], m[2])),
    (r"\bmain\s+(.+?)\s+bajaa?" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b", r"I play the \1"),
    (r"\b(?:mera|meri|mere)\s+((?:all-time\s+)?favou?rite\s+\w+)\s+([^.!?,]+?)\s+hai"
     r"(?=\s*[.!?,]|\s*$)", r"my \1 is \2"),
    (r"\b(originally\s+)?main\s+(?-i:" + _NAME + r")\s+se\s+" + _BE + r"\b",
     r"I'm originally from \2"),
    (r"\bmain\s+(.+?)\s+collect\s+kar" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     r"I collect \1"),
    (r"\b(?:main\s+)?(?:aajkal\s+)?(?-i:([A-Z]\w+))\s+seekh\s+rah[iae]\s+" + _BE + r"\b",
     r"I'm learning \1"),
    (r"\bhar\s+(?-i:([A-Z]\w+))\s+(?:subah\s+|shaam\s+|raat\s+)?main\b(?:\s+\w+){0,5}?\s+(\w+)"
     r"\s+khel" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b", r"I play \2 every \1"),
    (r"\bmera\s+ek\s+(\w+)\s+hai\b", lambda m: f"I have a {_noun(m[1])}"),
    (r"\b(?-i:([A-Z]\w+))\s+(?:meri|mera)\s+(\w+)\s+hai\b",
     lambda m: f"{m[1]} is my {_noun(m[2])}"),
    (r"\b(?:hum|main)\s+(?-i:" + _NAME + r")\s+shift\s+ho\s+ga(?:ye|yi|ya)\b", r"we moved to \1"),
    (r"\bmaine\s+(.+?)\s+wala\s+kaam\s+chhod\s+diya\b", r"I left my \1 job"),
    (r"\bsubah ki shuruaat bina\s+(.+?)\s+ke\b[^.!?]*", r"I start the day with \1"),
    (r"\bsubah\b[^.!?]*?\b((?:\w+\s+)?\w+)\s+ke\s+bina\s+din\s+shuru\s+nahi\s+hota\b",
     r"I start the day with \1"),
    (r"(?:^|(?<=[.!?]\s))([\w ]{2,30}?)\s+(?:bhi\s+)?chhoot\s+gay[ie]\b", r"I gave up \1"),
    (r"\b(?-i:([A-Z]\w+))(?:\s+[\w ]{0,30}?)?\s+bech\s+di(?:ya)?\b", r"I sold the \1"),
    (r"\b(?:yahan aake\s+)?(?-i:" + _NAME + r")\s+le\s+li\b", r"I bought a \1"),
    (r"\b([^.!?,]+?)\s+ab\s+number\s+one\s+nahi\s+raha\b", r"\1 is not my favourite now"),
    (r"\b([^.!?,]+?)\s+ne\s+dil\s+jeet\s+liya,\s*ab\s+wohi\s+(?:meri|mera)\s+favou?rite\s+(\w+)"
     r"\s+hai\b", r"\1 is my favourite \2 now"),
    (r"\bkoi competition hi nahi\b", "no contest"),
    (r"\b(?:toh\s+)?update\s+(?:yeh|ye)\s+hai\s+ki\s+", "Update: "),
    (r",?\s*\byaar\b(?=\s*[,.!?]|\s*$)", ""), (r"\byaar,?\s+", ""),
    (r"\bmain\s+(?:ek\s+)?([a-z][a-z ]*?)\s+" + _BE + r"\b", lambda m: f"I'm {_a(m[1])}"),
    (r"\bab\b", "now"), (r"\baur\b", "and"),
])
_ASKED: Final = ignoring_case([
    (r"\b(?:mera|meri|mere)\s+([\w -]+?)\s+ka\s+naam\s+kya\s+hai\b",
     lambda m: f"what is my {_noun(m[1])}'s name"),
    (r"\bmera\s+naam\s+kya\s+hai\b", "what is my name"),
    (r"\bmain\s+(?:ab\s+)?kahan\s+reh" + _FEMININE_OR_NOT + r"\s+" + _BE + r"(?:\s+ab)?\b",
     "where do I live now"),
    (r"\b(?:ab\s+)?main\s+(?:ab\s+)?kya\s+kaam\s+kar" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     "what is my job now"),
    (r"\bmain\s+kis\s+company\s+mein\s+kaam\s+kar" + _FEMININE_OR_NOT + r"\s+" + _BE
     + r"(?:\s+ab)?\b", "which company do I work at now"),
    (r"\b(?:aajkal\s+)?subah\s+main\s+kya\s+pee" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     "what do I drink in the morning now"),
    (r"\bmeri\s+age\s+kya\s+hai\b", "how old am I"),
    (r"\b(.+?)\s+ke\s+alawa\s+main\s+kaunsi\s+language\s+bol" + _FEMININE_OR_NOT + r"\s+" + _BE
     + r"\b", lambda m: f"which language do I speak besides {m[1].replace(' aur ', ' and ')}"),
    (r"\bmujhe\s+kis\s+(?:cheez|chiz)\s+se\s+allergy\s+hai\b", "what am I allergic to"),
    (r"\bmera\s+diet\s+kya\s+hai\b(?:,\s*main\s+kya\s+khaa?" + _FEMININE_OR_NOT + r"\s+" + _BE
     + r")?", "what is my diet"),
    (r"\bmain\s+(?:ab\s+)?kaunsi\s+car\s+chala" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     "which car do I drive now"),
    (r"\bmain\s+kaunsa\s+instrument\s+bajaa?" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     "which instrument do I play"),
    (r"\bmera\s+birthday\s+kis\s+mahine\s+mein\s+hai\b", "which month is my birthday in"),
    (r"\b(?:ab\s+)?(?:mera|meri|mere)\s+(favou?rite\s+\w+)\s+(?:kya|kaunsi|kaunsa|kaun\s+si)"
     r"\s+hai\b", r"what is my \1"),
    (r"\bmain\s+originally\s+kahan\s+se\s+" + _BE + r"\b", "where am I originally from"),
    (r"\bmain\s+kya\s+collect\s+kar" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     "what do I collect"),
    (r"\bmain\s+kaunsi\s+language\s+seekh\s+rah[iae]\s+" + _BE + r"\b",
     "which language am I learning"),
    (r"\bmain\s+kis\s+din\s+(\w+)\s+khel" + _FEMININE_OR_NOT + r"\s+" + _BE + r"\b",
     r"which day do I play \1"),
    (r"\b(?:mera|meri|mere)\s+(.+?)\s+kya\s+hai\b", lambda m: f"what is my {_noun(m[1])}"),
])


_MAX_SENTENCE: Final = 400
"""A longer "sentence" is pasted text, left as it is: the rules skip run-ons anyway, and
the rewrites' lazy matches grow with the square of a sentence's length (30 KB without a
full stop took over 30 s)."""


def in_hinglish(text: str) -> bool:
    """Whether ``text`` has two different words only Hindi has.

    >>> in_hinglish("Mera naam Tanvi hai."), in_hinglish("I had dinner at Dil Se.")
    (True, False)
    """
    return len({w.casefold() for w in _WORD.findall(text)} & _ONLY_HINDI) >= 2


def standard_from_hinglish(text: str) -> str:
    """``text`` with its Hinglish constructions in English; unchanged when it has none.
    Each sentence that asks is read with the questions' table, every other one with the
    statements'.

    >>> standard_from_hinglish("Main Pune mein rehti hoon. Meri billi ka naam kya hai?")
    "I live in Pune. What is my cat's name?"
    """
    if not in_hinglish(text):
        return text
    parts = re.split(r"(?<=[.!?])\s+", text)
    return " ".join(p if len(p) > _MAX_SENTENCE else rewritten_as_said(
        p, _ASKED if p.rstrip().endswith("?") else _SAID) for p in parts)
