"""Builders the phrasing modules share: a match becomes the fact of its slot."""

from __future__ import annotations

import re

from kai_desktop.core.memory.languages import languages_listed
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.phrasing_parts import fact
from kai_desktop.core.memory.slot_words import (
    BREEDS,
    CAR_MAKES,
    NOT_NAMES,
    VEHICLE_WORDS,
    driven_thing,
    what_they_are,
)
from kai_desktop.core.memory.statements import Fact, build_fact


def kin_fact(m: re.Match[str], *, max_words: int | None = None) -> Fact | None:
    """The user's relative or pet (``r``, the kin word) is called ``v``; a breed is filed
    under its animal ("Our labrador answers to Mango": the dog's name)."""
    rel = " ".join(m.group("r").split()).casefold()
    if what_they_are(m.group("v")):
        return None  # "my mum Welsh": no name
    return build_fact(f"{BREEDS.get(rel, rel)} name", f"The user's {rel} is called {{v}}.",
                      m.group("v"), max_words=max_words)


def kin_facts(pattern: re.Pattern[str], text: str, *, not_names: frozenset[str] = NOT_NAMES
              ) -> list[Fact]:
    """A fact for each relative or pet ``pattern`` names in ``text`` (its groups ``r`` and
    ``v``), but for a "name" in ``not_names``; two words at most."""
    found = (kin_fact(m, max_words=2) for m in pattern.finditer(text)
             if m.group("v").casefold() not in not_names)
    return [fact for fact in found if fact is not None]


def languages_fact(m: re.Match[str], *, max_words: int | None = None) -> Fact | None:
    """Every language the sentence names ("At home we speak Portuguese, and I speak
    English at work": Portuguese and English), so no "at work" is kept with them."""
    value = languages_listed(m.string)
    if not value:
        return None
    return build_fact("languages", "The user speaks {v}.", value, max_words=max_words)


def common_noun(value: str) -> str:
    """``value`` without the capital it got by starting the sentence ("Bee stings" ->
    "bee stings"); a word in capitals ("BBQ") keeps them."""
    value = value.strip()
    return value if value.isupper() else value[:1].lower() + value[1:]


def vehicle_fact(m: re.Match[str]) -> Fact | None:
    """A vehicle the user got: named by its make, a kind that is one ("a Vespa", "a
    motorbike"), or two words or more with a vehicle word ("a cargo bike"); "I bought a
    car" names none, "an estate" may be land."""
    value = m.group("v")
    alone = re.fullmatch(r"(?i:vespa|scooter|moped|motorbike|motorcycle|e-?bike|bike|van)", value)
    if not (CAR_MAKES.search(value) or alone or (VEHICLE_WORDS.search(value) and " " in value)):
        return None
    return fact("vehicle", "The user drives {a} {v}.", value)


def driven_fact(m: re.Match[str]) -> Fact | None:
    """"I drive our Outlander": the vehicle, when the words name one (see driven_thing)."""
    value = driven_thing(m.group("v"))
    return fact("vehicle", "The user drives {a} {v}.", value) if value else None


def parked_vehicle_fact(m: re.Match[str]) -> Fact | None:
    """A vehicle kept at home: in the driveway, anything named with a capital ("a HiLux");
    in the garage only a vehicle (a garage holds other things)."""
    if m.group("d").casefold() == "garage":
        return vehicle_fact(m)
    return fact("vehicle", "The user drives {a} {v}.", m.group("v"))


def not_eaten_fact(m: re.Match[str]) -> Fact | None:
    """"I don't eat meat, I'm vegetarian": the diet named, with what it leaves out; the
    value is the diet's word, the one a question about the diet finds."""
    if not m["d"]:
        return build_fact("diet", "The user does not eat {v}.", m["v"], Category.PREFERENCE)
    return build_fact("diet", f"The user is {{v}} and does not eat {m['v']}.", m["d"].casefold(),
                      Category.PREFERENCE)


def what_i_do_fact(m: re.Match[str]) -> Fact | None:
    """"A little Fiat 500 is what I drive", "Vintage postcards are what I collect"."""
    if m["do"].casefold() == "collect":
        return build_fact("collects", "The user collects {v}.", common_noun(m["v"]), max_words=3)
    return build_fact("vehicle", "The user drives {a} {v}.", m["v"])
