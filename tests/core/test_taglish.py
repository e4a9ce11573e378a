"""Taglish read as English: "fave food ko" (my), "allergic ako sa" (allergic to), "may aso
ako, si ..." (I have a dog), "taga-Cebu ako" (from Cebu), "nurse na ako ngayon sa ..." (a
nurse now, at), "hindi na ako ..." (no longer), particles dropped; English alone, and a
"na" that links the words of a name, are left as they were."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.taglish import standard_from_taglish

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Fave food ko talaga is adobo, the best.", {"favourite_food": "adobo"}),
        ("Btw allergic ako sa peanuts, grabe.", {"allergy": "peanuts"}),
        ("May pusa ako, si Mingming, an orange tabby.", {"cat_name": "Mingming"}),
        ("Taga-Cebu talaga ako, born and raised.", {"origin": "Cebu"}),
        ("Staff nurse na ako ngayon sa Makati Medical Center.",
         {"occupation": "staff nurse", "employer": "Makati Medical Center"}),
        ("Fave color naman, sky blue, kasi calming.", {"favourite_colour": "sky blue"}),
        ("Grabe, we moved! Nico and I are in Austin na since last month.",
         {"home_city": "Austin"}),
        ("Pero taga-Iloilo talaga ako, born and raised.", {"origin": "Iloilo"}),
        ("Also allergic ako sa crab. And vegetarian pa ako, since college.",
         {"allergy": "crab", "diet": "vegetarian"}),
        ("May aso ako, si Bantay, an aspin, and a cat named Mingming kasi maputi siya.",
         {"dog_name": "Bantay", "cat_name": "Mingming"}),
        ("Every Saturday morning volleyball kami ng officemates sa Daly City.",
         {"volleyball_routine": "every Saturday morning"}),
        ("Ay and fave movie ko: Four Sisters and a Wedding.",
         {"favourite_film": "Four Sisters and a Wedding"}),
        ("Now I'm learning Korean kasi K-drama addict ako.", {"studies": "Korean"}),
        ("So barley tea na lang every morning, parang Lola ko.",
         {"morning_routine": "barley tea"}),
        ("Languages ko: Tagalog, Bisaya (from my Papa), and English syempre.",
         {"languages": "Tagalog, Bisaya and English"}),
    ],
)
def test_taglish_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


def test_no_longer_is_said_in_english() -> None:
    assert standard_from_taglish("Hindi na ako teacher, grabe.") == (
        "I'm no longer a teacher.")


@pytest.mark.parametrize(
    "message",
    ["My favourite food is sinigang na baboy.", "Na, I don't think so.",
     "Sinigang na baboy ang fave ko kasi masarap."],
)
def test_english_and_a_linking_na_are_left(message: str) -> None:
    out = standard_from_taglish(message)
    assert ("na baboy" in out) if "baboy" in message else out == message


def test_friends_named_after_ng_are_no_place() -> None:
    assert standard_from_taglish("Every Friday night mahjong kami ng mesa.") == (
        "Every Friday night I play mahjong with the mesa.")
