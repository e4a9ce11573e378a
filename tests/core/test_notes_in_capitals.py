"""Notes typed in capitals without stops ("I AM 68 LIVE IN ERIE PA GREW UP IN AKRON") are
cut where a new note starts, the "I" or "my" each leaves out is put back, and a name
standing alone after "DOG IS" gets its capital back; a word that says how someone is
("DOG IS SICK") is no name."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.run_ons import noted_sentences

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I AM 68 LIVE IN ERIE PA GREW UP IN AKRON OHIO",
         {"age": "68", "home_city": "Erie Pa", "origin": "Akron Ohio"}),
        ("HUSBAND IS GERALD 40 YEARS. DOG IS PEPPER CAT IS SOOTY",
         {"husband_name": "Gerald", "dog_name": "Pepper", "cat_name": "Sooty"}),
        ("BIRTHDAY IS MAY 3 MY BROTHER LEONARD NEVER REMEMBERS",
         {"birthday": "may 3", "brother_name": "Leonard"}),
        ("DRIVE A 2011 FORD FOCUS 150000 MILES STILL GOING", {"vehicle": "2011 ford focus"}),
        ("FAVORITE FOOD POT ROAST MY DAUGHTER MAKES IT BEST", {"favourite_food": "pot roast"}),
        ("MOVED TO PHOENIX LAST SPRING NO MORE SNOW", {"home_city": "Phoenix"}),
        ("LEFT THE POST OFFICE. CLERK AT KROGER NOW 2 DAYS A WEEK",
         {"occupation": "clerk", "employer": "Kroger"}),
        ("TEA EVERY MORNING NOW", {"morning_routine": "Tea"}),
        ("DIABETIC TYPE 2 SO NO SWEETS", {"diet": "diabetic"}),
        ("SWIM EVERY TUESDAY MORNING AT THE Y", {"swimming_routine": "every Tuesday morning"}),
        ("TAKING A GERMAN CLASS AT THE COMMUNITY CENTER", {"studies": "German"}),
        ("WORK PART TIME AS A GREETER FOR THE MALL KEEPS ME BUSY", {"occupation": "greeter"}),
    ],
)
def test_a_note_in_capitals_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize("message", [
    "DOG IS SICK AGAIN. CAT IS FINE",
    "WIFE IS RETIRED NOW",
    "THIS IS RIDICULOUS",
])
def test_how_someone_is_is_no_name(read: Read, message: str) -> None:
    assert read(message) == {}


def test_a_short_note_and_text_with_stops_stay_whole() -> None:
    assert noted_sentences("dog is rex") == "dog is Rex"
    assert noted_sentences("i live in erie.") == "i live in erie."
    assert noted_sentences("i live in erie grew up in akron") == "i live in erie. grew up in akron"


@pytest.mark.parametrize(
    ("message", "question"),
    [
        ("DOGS NAME", "What is my dog's name?"),
        ("Wife's name?", "What is my wife's name?"),
        ("FAVORITE MOVIE", "What is my favorite movie?"),
        ("birthday?", "What is my birthday?"),
    ],
)
def test_a_question_put_as_a_bare_topic_asks_about_the_user(message: str, question: str) -> None:
    from kai_desktop.core.chat.asked import answered_by_memory
    from kai_desktop.core.memory.informal import standard_spelling

    assert standard_spelling(message) == question
    assert answered_by_memory(standard_spelling(message),
                              [("dog_name", "The user's dog is called Rex."),
                               ("wife_name", "The user's wife is called Ana."),
                               ("favourite_film", "The user's favourite movie is Heat."),
                               ("birthday", "The user's birthday is in May.")])


@pytest.mark.parametrize("message", ["Dog is Rex", "My job", "Favourite colour is teal",
                                     "job done"])
def test_a_statement_is_no_bare_question(message: str) -> None:
    from kai_desktop.core.memory.informal import standard_spelling

    assert not standard_spelling(message).startswith("What is my")


def test_pasted_capitals_are_left_whole() -> None:
    # too long to be typed: not cut at all (cutting it clause by clause grew with its square)
    pasted = "i live in erie grew up in akron " * 200
    assert noted_sentences(pasted) == pasted
