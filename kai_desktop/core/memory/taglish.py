"""Taglish (English mixed with Tagalog, as Filipinos text) read as the English the capture
rules know, before the rules and the memory hint look at a message.

The facts are often said in English with Tagalog around them: "Fave food ko is sinigang"
(my favourite food), "allergic ako sa shrimp" (I am allergic to shrimp), "May aso ako, si
Kulot" (I have a dog, Kulot), "taga-Laoag talaga ako" (I am from Laoag), "Real estate agent
na ako ngayon sa Golden Hills Realty" (I am a real estate agent now, at ...), "hindi na ako
dental hygienist" (I am no longer one), "my ate Jocelyn" (my older sister), and particles
that only colour the sentence ("lang", "naman", "talaga", "po", "daw", a "na" that ends a
phrase). Only these constructions are rewritten; a "na" that links words ("sinigang na
baboy") is part of a name and stays.

Written by hand for the same reason as :mod:`pidgin`: these few constructions are exact,
and a translation model would need weights this app does not ship.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.slot_words import DIETS

_MINE: Final = re.compile(r"\b((?:fave|fav|favou?rite)\s+[a-z]+|languages?|birthday|bday|job|"
                          r"work|boss|car|dog|cat|name)\s+ko\b", re.IGNORECASE)
_ALLERGIC: Final = re.compile(r"\ballergic\s+ako\s+sa\b", re.IGNORECASE)
_PET: Final = re.compile(r"\bmay\s+(aso|pusa|dog|cat)\s+ako,?\s+(?:si\s+)?(?=[A-Z])",
                         re.IGNORECASE)
_DIET_OF_MINE: Final = re.compile(r"\b(" + "|".join(sorted(DIETS, key=len, reverse=True))
                                  + r")\s+(?:pa\s+)?ako\b", re.IGNORECASE)
"""'gluten-free pa ako' (I am still gluten-free), 'vegetarian ako'."""
_WE_PLAY: Final = re.compile(
    r"\b(every\s+[a-z]+day(?:\s+(?:morning|afternoon|evening|night))?),?\s+([a-z]+)\s+kami"
    r"(?:\s+ng\s+([a-z]+))?(\s+sa\b)?", re.IGNORECASE)
"""'Every Tuesday night badminton kami ng barkada sa Bayonne': what the user plays each
week with their friends (kami: we)."""
_JOINS: Final = re.compile(r"(^|[.!?]\s+|,\s+)(?:pero)\b|\b(kasi)\b", re.IGNORECASE)
"""'pero' (but) and 'kasi' (because), which begin the clause an aside is cut at."""
_PET_WORDS: Final[dict[str, str]] = {"aso": "dog", "pusa": "cat"}
_FROM: Final = re.compile(r"\b(?i:taga)-?([A-Z][\w-]*)(?:\s+talaga)?\s+ako\b")
_JOB_WORDS: Final = (r"agent|nurse|teacher|engineer|developer|manager|assistant|hygienist|driver|"
                    r"designer|accountant|analyst|chef|cook|cashier|clerk|officer|consultant|"
                    r"technician|therapist|writer|caregiver|seaman|pilot|doctor|dentist|lawyer|"
                    r"architect|programmer|specialist|coordinator|supervisor|attendant")
_NOW_A: Final = re.compile(r"(^|[.!?]\s+)([A-Za-z][a-z]+(?:\s+[a-z]+){0,2}?\s*(?:" + _JOB_WORDS
                           + r"))\s+na\s+ako(?:\s+ngayon)?(\s+sa\b)?")
"""'Real estate agent na ako ngayon sa Golden Hills Realty': the job the user has now."""
_NO_LONGER: Final = re.compile(r"\bhindi\s+na\s+ako\s+(?:an?\s+)?", re.IGNORECASE)
_ELDER: Final = re.compile(r"\bmy\s+(ate|kuya)\s+(?=[A-Z])", re.IGNORECASE)
_ELDER_WORDS: Final[dict[str, str]] = {"ate": "older sister", "kuya": "older brother"}
_FAVOURITE_TOO: Final = re.compile(r"\b((?:fave|fav|favou?rite)\s+[a-z]+)\s+naman,\s+",
                                   re.IGNORECASE)
_PARTICLES: Final = re.compile(r",?\s+(?:grabe|hay nako|ay nako)(?=[.!?]|$)"
                               r"|\s+(?:lang|naman|talaga|po|daw|syempre|muna)\b(?=[\s,.!?:;]|$)"
                               r"|\s+na(?=\s*[,.!?:;]|\s*$|\s+(?:since|ngayon|ako|ko|kasi|"
                               r"number|every|lang)\b)", re.IGNORECASE)
_TAGALOG: Final = re.compile(r"\b(?:ako|ko|naman|talaga|lang|ngayon|kasi|sobrang|ang|mga|"
                             r"hindi|po|kami|rin|siya|nang|yung|na(?=\s+since\b))\b",
                             re.IGNORECASE)


_ASKED: Final[tuple[tuple[str, str], ...]] = (
    (r"ilang taon na ako", "how old am I"), (r"saang", "which"),
    (r"taga-saan ako", "where am I from"),
    (r"saan", "where"), (r"anong", "what"), (r"ano", "what"), (r"nakatira", "live"),
    (r"iniinom", "drink"), (r"dina-drive", "drive"), (r"tinutugtog", "play"),
    (r"kinocollect", "collect"), (r"pinag-aaralan", "learn"), (r"nagwo-work", "work"),
    (r"sinasalita", "speak"), (r"sinusunod", "follow"), (r"pangalan ng (\w+) ko", r"my \1's name"),
    (r"pangalan", "name"), (r"aso", "dog"), (r"pusa", "cat"), (r"ako", "I"),
    (r"(first name|\w+) ko", r"my \1"), (r"ko", "my"),
    (r"ngayon", "now"), (r"ulit", "again"), (r"nga", ""), (r"ang", ""),
)
_ASKED_WORDS: Final = [(re.compile(r"(?<![\w-])" + w + r"(?![\w-])", re.IGNORECASE), e)
                       for w, e in _ASKED]
_NAG: Final = re.compile(r"\bnag(?:ba-|-)?([a-z]+)\b", re.IGNORECASE)
""""nagba-badminton": Tagalog's "is doing" before an English word."""


def asked_in_tagalog(question: str) -> str:
    """``question`` (asked in Tagalog with English nouns: "Saang city ako nakatira
    ngayon?") in English words, enough for its topic and its "I" to be read; unchanged
    when it is no question or has no Tagalog word."""
    if not question.rstrip().endswith("?") or not _TAGALOG.search(question):
        return question
    out = question
    for pattern, english in _ASKED_WORDS:
        out = pattern.sub(english, out)
    return re.sub(r"\s{2,}", " ", _NAG.sub(r"\1", out)).strip()


def _joined(m: re.Match[str]) -> str:
    if m.group(1) is None:
        return "because"
    return m.group(1) + ("but" if m.group(1).startswith(",") else "But")


def _we_play(m: re.Match[str]) -> str:
    friends = f" with the {m.group(3)}" if m.group(3) else ""
    return f"{m.group(1)} I play {m.group(2)}{friends}{' in' if m.group(4) else ''}"


def _now_a(m: re.Match[str]) -> str:
    job = m.group(2)[:1].lower() + m.group(2)[1:]
    article = "an" if job[:1] in "aeiou" else "a"
    return f"{m.group(1)}I'm {article} {job} now{' at' if m.group(3) else ''}"


def standard_from_taglish(text: str) -> str:
    """``text`` with its Taglish constructions in English; unchanged when it has no
    Tagalog word at all."""
    if not _TAGALOG.search(text):
        return text
    if text.rstrip().endswith("?") and len(text) < 120:
        return asked_in_tagalog(text)
    out = _MINE.sub(r"my \1", text)
    out = _ALLERGIC.sub("I'm allergic to", out)
    out = _PET.sub(lambda m: f"I have a {_PET_WORDS.get(m.group(1).lower(), m.group(1))} named ",
                   out)
    out = _DIET_OF_MINE.sub(r"I'm \1", out)
    out = _WE_PLAY.sub(_we_play, out)
    out = _JOINS.sub(_joined, out)
    out = _FROM.sub(r"I'm originally from \1", out)
    out = _NO_LONGER.sub("I'm no longer a ", out)
    out = _NOW_A.sub(_now_a, out)
    out = _ELDER.sub(lambda m: f"my {_ELDER_WORDS[m.group(1).lower()]} ", out)
    out = _FAVOURITE_TOO.sub(r"my \1 is ", out)
    # "Update sa fave food: kare-kare na talaga number one": the field, and its value
    out = re.sub(r"\bupdate\s+sa\s+", "", out, flags=re.IGNORECASE)
    out = re.sub(r"\s+(?:na\s+)?(?:talaga\s+)?number\s+one\b", "", out, flags=re.IGNORECASE)
    return _PARTICLES.sub("", out)
