"""A lasting fact in one clause of a sentence about this week, or after a dash; a job
said with "I'm working as ... again, at ...": as storytellers put them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I've had it three times this week - pho is my favourite food now, no contest.",
         {"favourite_food": "pho"}),
        ("Busy week, pho is my favourite food.", {"favourite_food": "pho"}),
        ("Mad week - my dog is called Rex.", {"dog_name": "Rex"}),
        ("Long week — I moved to Leeds.", {"home_city": "Leeds"}),
        ("I'm working as a surveyor again, at a small firm called Ord & Hale.",
         {"occupation": "surveyor", "employer": "Ord & Hale"}),
        ("I am working as a nurse at St Mary's.",
         {"occupation": "nurse", "employer": "St Mary's"}),
    ],
)
def test_a_lasting_fact_in_a_clause_is_read(read: Read, message: str,
                                            expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize("message", [
    "I'm shattered this week - long days at the office.",
    "Busy week, lots of meetings.",
])
def test_a_sentence_only_about_this_week_gives_nothing(read: Read, message: str) -> None:
    assert read(message) == {}
