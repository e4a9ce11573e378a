"""Irish English read as the standard wording: the "after" perfect ("I'm after buying a
Corolla": I have bought one), the echo tag ("I'm a chef, so I am"), a stretch of time with
"this" ("this ten year"), "I've a" for "I have a" and "the birthday" for one's own; the
same words in other senses are left as they were."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.irish_english import standard_from_irish

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("We're after moving to Galway, the kids love it.", {"home_city": "Galway"}),
        ("I'm after starting Spanish classes in the community hall.", {"studies": "Spanish"}),
        ("I'm a plasterer, so I am.", {"occupation": "plasterer"}),
        ("I'm living in Sligo this ten year.", {"home_city": "Sligo"}),
        ("I've a cat called Mossy.", {"cat_name": "Mossy"}),
        ("The birthday is the 3rd of May, if you're asking.", {"birthday": "3rd of May"}),
    ],
)
def test_irish_english_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    ("message", "written"),
    [
        ("I'm after buying a Corolla.", "I have bought a Corolla."),
        ("We're only after getting back.", "We have got back."),
        ("I'm after trying the new place.", "I have tried the new place."),
        ("I'm after doing nine years there.", "I have done nine years there."),
    ],
)
def test_the_after_perfect_is_a_perfect(message: str, written: str) -> None:
    assert standard_from_irish(message) == written


@pytest.mark.parametrize(
    "message",
    [
        "I'm after a new job.",
        "Look after yourself.",
        "There's a lot after changing.",
        "So I am told.",
        "I am, so I am going.",
        "This year has been long.",
        "The birthday party was great.",
        "I've been busy.",
    ],
)
def test_other_senses_are_left_as_they_were(message: str) -> None:
    assert standard_from_irish(message) == message
