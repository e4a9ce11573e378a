"""A lasting fact in one clause of a sentence about this week, or after a dash; a job
said with "I'm working as ... again, at ..."; a birthday or a language class mentioned in
passing; "I'm Morag, with an O and an A": as storytellers put them."""

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
        ("Mum keeps asking what I want for my birthday, and it isn't until the 2nd of March!",
         {"birthday": "2nd of March"}),
        ("For my birthday on the 12th of June we went to Rome.", {"birthday": "12th of June"}),
        ("My night class in Portuguese was hard work this week.", {"studies": "Portuguese"}),
        ("My Welsh lessons are going well.", {"studies": "Welsh"}),
        ("I'm Morag, with an O and an A, and nobody ever spells it right.", {"name": "Morag"}),
        # a name with "and" in it, then what it is
        ("I work at Pins and Needles, a tiny sewing shop by the station.",
         {"employer": "Pins and Needles"}),
        # the user's value, then a clause about someone else
        ("I live in Derby and Tom lives in Hull.", {"home_city": "Derby"}),
        ("I drive a Kia while my wife drives the van.", {"vehicle": "Kia"}),
        # a fact given as the reason for something else
        ("Hard to believe because I'm 63 and feel 40.", {"age": "63"}),
    ],
)
def test_a_lasting_fact_in_a_clause_is_read(read: Read, message: str,
                                            expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize("message", [
    "I'm shattered this week - long days at the office.",
    "Busy week, lots of meetings.",
    "My birthday present arrived on the 3rd of May.",
    "My pottery class was fun tonight.",
    "I'm Irish, with the temper to match.",
])
def test_a_sentence_only_about_this_week_gives_nothing(read: Read, message: str) -> None:
    assert read(message) == {}
