"""A second look at a message for facts its wording names but no rule read.

The rules read the registers they were written for; a message in another one (dictated
run-ons, texting, a mix of languages, a story told in passing) often names a topic plainly,
"allergic", "fave color", "my dog", while its sentence fits no rule. For each topic a
sentence names and nothing captured from the message fills, the model is asked about that
topic alone: the request's worked examples are the bank's examples on the same topic, and
the schema admits only that topic (or none) and the detail the sentence names, so the 0.5B
has one thing left to do, copy the value. The answer goes through the same checks as any
proposal (``slots.slot_fact``): the value must be the user's own words, and the sentence
must say it of the user.

The topics and the words that name them are English: they are how users of every register
seen so far name a topic, even inside another language ("allergic ako sa shrimp").
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, Final

from kai_desktop.core.memory.languages import languages_listed
from kai_desktop.core.memory.slot_examples import Example, examples_on
from kai_desktop.core.memory.slot_words import (
    ANIMAL_WORDS,
    BREEDS,
    CAR_MAKES,
    COLOURS,
    DIETS_ONE_IS,
    INSTRUMENTS,
    RELATIVE_WORDS,
)
from kai_desktop.core.memory.slots import NO_FACT, RELATIVES, SLOTS, slot_fact
from kai_desktop.core.memory.statements import Fact
from kai_desktop.core.memory.user_sentences import FULL_STOP

_OTHER: Final = "other"


@dataclass(frozen=True)
class Unit:
    """A topic a sentence names, with the detail that tells it apart ("favourite", "film";
    "pet", "dog"; "" when the topic has one value)."""

    topic: str
    detail: str = ""


_NAMED: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("name", re.compile(r"\bmy name\b|\bname's\b|\bcall me\b", re.I)),
    ("age", re.compile(r"\byears? old\b|\b(?:turned|turning)\s+\d{1,3}\b|\b(?:i'm|im|i am)\s+"
                       r"\d{1,2}\b", re.I)),
    ("home city", re.compile(r"\b(?:live|living|lives|moved|based|settled|relocated)\b",
                             re.I)),
    ("grew up in", re.compile(r"\b(?:grew up|raised|hometown|home town|originally|born in)\b",
                              re.I)),
    ("job", re.compile(r"\b(?:work(?:ing)? as|my job|job is|by trade|career)\b", re.I)),
    ("employer", re.compile(r"\b(?:work(?:ing|s)? (?:at|for)|employed|hired|joined)\b", re.I)),
    ("languages", re.compile(r"\b(?:speak\w*|languages?|fluent|bilingual|mother tongue)\b",
                             re.I)),
    ("allergy", re.compile(r"\ballerg\w*|\bintoleran\w*", re.I)),
    ("diet", re.compile(r"\b(?:" + DIETS_ONE_IS + r"|halal|kosher|keto|paleo|diet|"
                        r"coeliac|celiac|gluten|lactose|dairy-free)\b", re.I)),
    ("car", re.compile(r"\b(?:drive|drives|driving|car)\b|" + CAR_MAKES.pattern, re.I)),
    ("instrument", INSTRUMENTS),
    ("birthday", re.compile(r"\bbirthday\b|\bborn (?:on|in)\b", re.I)),
    ("collects", re.compile(r"\bcollect\w*", re.I)),
    ("studies", re.compile(r"\b(?:learning|studying|lessons|classes|(?<!\bof )course)\b", re.I)),
)
_FAVOURITE: Final = re.compile(r"\bfavou?rites?\s+(?!(?:is|was|of|one|thing|things|ever|"
                               r"too|now|anymore|by)\b)([a-z]+)", re.I)
_KIN: Final = re.compile(r"\b(?:my|our|me)\s+(?:\w+\s+)?(" + RELATIVE_WORDS + r")\b", re.I)
_PET: Final = re.compile(r"\b(?:my|our|a|an|the)\s+(?:\w+\s+)?(" + "|".join(
    sorted({*ANIMAL_WORDS, *BREEDS}, key=len, reverse=True)) + r")\b", re.I)
_MORNING: Final = re.compile(r"\b(?:every|each) morning\b|\bmornings\b|\bfirst thing\b|"
                             r"\bstart (?:the|my) day\b", re.I)
MORNING: Final = Unit(_OTHER, "morning_routine")
SECOND_LOOK: Final = "second look"
"""The origin of a fact the second look found."""
MAX_SECOND_LOOKS: Final = 8
"""Topics asked about per message at most: each is one short request to the model."""


def named_units(sentence: str) -> list[Unit]:
    """The topics ``sentence`` names, in a fixed order."""
    units = [Unit(topic) for topic, words in _NAMED if words.search(sentence)]
    units += [Unit("favourite", m.group(1).casefold()) for m in _FAVOURITE.finditer(sentence)]
    units += [Unit("relative", m.group(1).casefold()) for m in _KIN.finditer(sentence)
              if m.group(1).casefold() in RELATIVES]
    units += [Unit("pet", BREEDS.get(m.group(1).casefold(), m.group(1).casefold()))
              for m in _PET.finditer(sentence)]
    if _MORNING.search(sentence):
        units.append(MORNING)
    return list(dict.fromkeys(units))


_KEYS: Final = {slot.key: topic for topic, slot in SLOTS.items() if "{" not in slot.key}


def unit_of(key: str) -> Unit | None:
    """The unit a captured fact's key fills ("favourite_film" -> favourite/film)."""
    if key in _KEYS:
        return Unit(_KEYS[key])
    if key.startswith("favourite_"):
        return Unit("favourite", key.removeprefix("favourite_"))
    if key.endswith("_name"):
        kind = key.removesuffix("_name")
        return Unit("relative" if kind in RELATIVES else "pet", kind)
    if key in ("morning_routine", "usual_drink"):
        return MORNING
    return None


_WINDOW_WORDS: Final = 16
"""Words kept each side of the topic's word in a long sentence: the value is near it."""


def window(sentence: str, unit: Unit) -> str:
    """The part of ``sentence`` about ``unit``: all of it when short, else the words around
    the first word that names it (a dictated message can run to a hundred words)."""
    words = sentence.split()
    if len(words) <= 2 * _WINDOW_WORDS:
        return sentence
    pattern = _pattern(unit)
    match = pattern.search(sentence) if pattern is not None else None
    if match is None:
        return sentence
    at = len(sentence[: match.start()].split())
    return " ".join(words[max(0, at - _WINDOW_WORDS): at + _WINDOW_WORDS])


def _pattern(unit: Unit) -> re.Pattern[str] | None:
    if unit == MORNING:
        return _MORNING
    if unit.detail:
        return re.compile(r"\b" + re.escape(unit.detail) + r"\b", re.I)
    return dict(_NAMED).get(unit.topic)


_LEAD: Final = re.compile(r"^.*(?::|\s(?:is|are|was)\s)\s*", re.I)
_TAIL: Final = re.compile(r"\s*[,;(].*$")


def trimmed(value: str, unit: Unit) -> str:
    """A value the model copied with its surroundings, cut to the thing it names: the words
    after a colon or "is", up to a comma ("favourite movie ko: Heneral Luna" -> "Heneral
    Luna"); languages to the languages named. A short value is kept as it is."""
    if unit.topic == "languages" and (listed := languages_listed(value)):
        return listed
    if len(value.split()) <= 3:
        return value
    cut = _TAIL.sub("", _LEAD.sub("", value, count=1))
    return cut if cut.strip() else value


def context_of(part: str, text: str) -> str:
    """The whole sentence of ``text`` that ``part`` (a clause of it) comes from: "born and
    raised" alone names no place, its sentence does; a sentence of a few words with the one
    after it ("We moved! Ana and I are in Leeds now.")."""
    return _context_from(_whole_sentences(text), part, 0)[1]


def _whole_sentences(text: str) -> list[str]:
    return [s.strip() for s in FULL_STOP.split(text) if s.strip()]


def _context_from(full: list[str], part: str, start: int) -> tuple[int, str]:
    """(where, the context of ``part``) among the whole sentences ``full``, looked for from
    ``start`` on first: the clauses of a message come in its order, so a walk over them all
    stays linear (a pasted message can hold thousands)."""
    at = next((i for i in range(start, len(full)) if part in full[i]), None)
    if at is None:
        at = next((i for i in range(start) if part in full[i]), None)
    if at is None:
        return start, part
    if len(full[at].split()) < _FEW_WORDS and at + 1 < len(full):
        return at, f"{full[at]} {full[at + 1]}"
    return at, full[at]


_FEW_WORDS: Final = 5
_SYSTEM: Final = (
    "You find one fact a user states about their own life: their {what}. value copies the "
    "user's words for it; topic is none when the statement does not say it. You answer "
    "only JSON."
)
_WHAT: Final = {"grew up in": "home town", "collects": "collection"}
"""What a topic is called in the request, where its name is not the words for it."""
_NONE_EXAMPLE: Final = ("I am not sure about that.", {"topic": NO_FACT, "detail": "",
                                                        "value": ""})


def _what(unit: Unit) -> str:
    if unit == MORNING:
        return "morning drink"
    if unit.topic == "favourite":
        return f"favourite {unit.detail}"
    if unit.topic in ("relative", "pet"):
        return f"{unit.detail}'s name"
    return _WHAT.get(unit.topic, unit.topic)


def unit_schema(unit: Unit) -> dict[str, Any]:
    """The answer's schema: this topic or none, this detail, a value."""
    return {
        "type": "object",
        "properties": {
            "topic": {"enum": [unit.topic, NO_FACT]},
            "detail": {"enum": [unit.detail, ""]} if unit.detail else {"const": ""},
            "value": {"type": "string", "maxLength": 60},
        },
        "required": ["topic", "detail", "value"],
    }


def unit_request(statement: str, unit: Unit, k: int = 3) -> list[dict[str, str]]:
    """The chat messages that ask the model for ``unit`` in ``statement``: a statement that
    says nothing, then the bank's examples on the same topic most alike the statement."""
    messages = [{"role": "system", "content": _SYSTEM.format(what=_what(unit))}]
    shots: list[tuple[str, dict[str, str]]] = [_NONE_EXAMPLE]
    shots += [(e.text, _answer(e)) for e in examples_on(statement, unit.topic, unit.detail, k)]
    for text, answer in shots:
        messages.append({"role": "user", "content": f"Statement: \"{text}\""})
        messages.append({"role": "assistant", "content": json.dumps(answer)})
    messages.append({"role": "user", "content": f"Statement: \"{statement}\""})
    return messages


def _answer(example: Example) -> dict[str, str]:
    return {"topic": example.topic, "detail": example.detail, "value": example.value}


def asked_parts(text: str, sentences: list[str]) -> Iterator[tuple[str, Unit, str]]:
    """(sentence, unit, the words asked about) for each topic each of ``sentences`` (the
    clauses of ``text`` capture looks at) names."""
    full = _whole_sentences(text)
    at = 0
    for sentence in sentences:
        units = named_units(sentence)
        if units:
            at, context = _context_from(full, sentence, at)
            for unit in units:
                yield sentence, unit, window(context, unit)


_COLOUR: Final = re.compile(r"\b(?:" + COLOURS + r")(?:\s+(?:" + COLOURS + r"))*\b", re.I)
_KINDS: Final[dict[Unit, re.Pattern[str]]] = {
    Unit("favourite", "colour"): _COLOUR,  # "mustard yellow" is one colour
    Unit("favourite", "color"): _COLOUR,
    Unit("instrument"): INSTRUMENTS,
    Unit("car"): CAR_MAKES,
}
"""Topics whose values are words of a known kind: a colour, an instrument, a make."""


def of_its_kind(value: str, unit: Unit, part: str) -> str:
    """``value``, or, when it is no word of the kind ``unit`` takes and ``part`` holds one
    word of that kind, that word ("Favourite color naman, mustard yellow": not "naman")."""
    kind = _KINDS.get(unit)
    if kind is None or kind.search(value):
        return value
    found = {m.group(0).casefold(): m.group(0) for m in kind.finditer(part)}
    return next(iter(found.values())) if len(found) == 1 else value


def kind_repaired(item: dict[str, Any], sentence: str) -> dict[str, Any]:
    """A first request's ``item`` with :func:`of_its_kind` applied to its value ("The
    Skoda got us to Cornwall" filed as the car "Cornwall": the one make the sentence
    holds)."""
    topic, detail = str(item.get("topic", "")), str(item.get("detail", "")).casefold()
    unit = Unit(topic, detail) if topic == "favourite" else Unit(topic)
    value = str(item.get("value", ""))
    repaired = of_its_kind(value, unit, sentence)
    return item if repaired == value else {**item, "value": repaired}


def looked_fact(item: dict[str, Any], unit: Unit, part: str) -> tuple[Fact | None, str]:
    """The fact the model's ``item`` for ``unit`` states in ``part``, checked as every
    proposal is (``slot_fact``), or the reason it is refused."""
    value = of_its_kind(trimmed(str(item.get("value", "")), unit), unit, part)
    item = {**item, "value": value}
    fact, why = slot_fact(item, part)
    if fact is None:
        return None, why
    if unit == MORNING:  # worded as the rules word it
        fact = replace(fact, content=f"The user starts the day with {fact.value}.")
    return replace(fact, origin=SECOND_LOOK), ""
