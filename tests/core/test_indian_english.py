"""Indian English read as the standard wording: states in the progressive ("I am having one
cat", "I am playing tabla since school days"), "having allergy to", "is falling on",
"shifted to", a name stressed with "only"; the same progressive in standard English ("I'm
having a party") is left as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.indian_english import standard_from_indian

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("We are staying in Pune only, near the station, for the past six years.",
         {"home_city": "Pune"}),
        ("I am working in Infosys as a business analyst since 2019.",
         {"occupation": "business analyst"}),
        ("I am having one cat also, Bijli. She is very lazy.", {"cat_name": "Bijli"}),
        ("My birthday is falling on 3rd March.", {"birthday": "3rd March"}),
        ("I am having allergy to peanuts, so please avoid.", {"allergy": "peanuts"}),
        ("I am also playing tabla since school days.", {"plays": "tabla"}),
        ("We have shifted from Pune to Bengaluru this month.", {"home_city": "Bengaluru"}),
        ("In Wipro I am working as a data engineer, so full day I am on calls only.",
         {"occupation": "data engineer"}),
        ("Every Saturday morning I am going for tennis with my cousins.",
         {"tennis_routine": "every Saturday morning"}),
        ("I am eggetarian, no meat at all.", {"diet": "eggetarian"}),
    ],
)
def test_indian_english_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "I'm having a party tonight.",
        "We're staying in Rome this week.",
        "I am playing cricket tomorrow.",
        "I am going for a walk.",
        "The meeting is falling apart.",
        "I work in London.",
        "Only Priya knows.",
    ],
)
def test_standard_english_is_left_as_it_was(message: str) -> None:
    assert standard_from_indian(message) == message


def test_a_temporary_stay_is_no_home(read: Read) -> None:
    assert read("We're staying in Rome this week.") == {}


def test_a_city_before_as_is_not_filed_as_the_employer(read: Read) -> None:
    assert read("I work in London as a nurse.") == {"occupation": "nurse"}
