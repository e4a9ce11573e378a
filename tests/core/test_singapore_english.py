"""Singlish read as the standard wording: clause-final particles ("chicken rice lah"), "got"
with a count for "have", a left-out "am" ("i allergic to crab"), "staying" for living with
how long, and a habit's final "one" ("i don't eat beef one"); "one" as a number and "got a"
as the past are left as they were."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.singapore_english import standard_from_singlish

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("my all time fav food is chicken rice lah, confirm.", {"favourite_food": "chicken rice"}),
        ("got one dog also, kaya, mini schnauzer. very manja one",
         {"dog_name": "Kaya"}),
        ("also i allergic to crab, last time whole face swell up", {"allergy": "crab"}),
        ("i'm singaporean but staying in kuala lumpur 3 yrs already",
         {"home_city": "Kuala Lumpur"}),
        ("and i don't eat beef one, my family pray guan yin", {"diet": "beef"}),
        ("me and jun hao learning thai now, we go bangkok every few months",
         {"studies": "Thai"}),
        ("i speak english, mandarin and hokkien",
         {"languages": "English, Mandarin and Hokkien"}),
    ],
)
def test_singlish_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    ("message", "written"),
    [
        ("the audit life is over liao.", "the audit life is over."),
        ("got 2 cats at home", "I have 2 cats at home"),
        ("i learning thai now", "I am learning thai now"),
        ("we staying in Ipoh", "we are staying in Ipoh"),
    ],
)
def test_singlish_constructions_are_rewritten(message: str, written: str) -> None:
    assert standard_from_singlish(message) == written


@pytest.mark.parametrize(
    "message",
    [
        "I want the red one.",
        "I have one dog.",
        "Got a job at Inkwell Studio.",
        "Lah is a word I use a lot.",
        "I'm staying in a hotel for a week.",
        "I'm learning Thai.",
        "Who am I working for now?",
        "What am I allergic to?",
        "Are we staying in tonight?",
    ],
)
def test_other_senses_are_left_as_they_were(message: str) -> None:
    assert standard_from_singlish(message) == message


def test_a_job_got_is_still_read(read: Read) -> None:
    assert read("got a job at inkwell studio") == {"employer": "Inkwell Studio"}
