"""Messages typed on a phone: an emoji ends a sentence like a full stop, "lowkey", "no cap"
and "tbf" are fillers, "fyi" and "btw" only flag a fact, and the shapes such messages take
("learned a new song on my ukulele", "being allergic to kiwi is so random", "bouldering
every wednesday is non negotiable", "rewatched coraline for like the 20th time, still my
fav movie")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.informal import standard_spelling

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("my cat miso knocked my plant over 😭 shes a menace", {"cat_name": "Miso"}),
        ("big update i moved to halifax 🌊 bye calgary", {"home_city": "Halifax"}),
        ("im 19 btw and my bday is march 2 🎂", {"age": "19", "birthday": "march 2"}),
        ("fyi allergic to shellfish. learned that the hard way", {"allergy": "shellfish"}),
        ("started learning japanese bc of anime tbh", {"studies": "Japanese"}),
        ("learned a new song on my banjo today 🎶", {"plays": "banjo"}),
        ("ngl being allergic to cats is so annoying", {"allergy": "cats"}),
        ("swimming every friday is non negotiable fr 🏊", {"swimming_routine": "every Friday"}),
        ("rewatched paddington for like the 10th time, still my fav movie ever",
         {"favourite_film": "paddington"}),
    ],
)
def test_a_phone_message_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    ["my mums is the best no cap", "my dog is the cutest", "I played a song on my phone."],
)
def test_praise_and_what_was_played_are_no_facts(read: Read, message: str) -> None:
    assert read(message) == {}


def test_an_emoji_ends_a_sentence_and_one_at_the_end_is_dropped() -> None:
    assert standard_spelling("I love it! 😀 Really 🎉") == "I love it! Really"
    assert standard_spelling("so tired 😴 gonna nap") == "So tired. Going to nap"
    assert standard_spelling("👍") == "👍"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("hi im priya, my husband set this up for me", {"name": "Priya"}),
        ("hey ok so im theo, nice to meet you", {"name": "Theo"}),
    ],
)
def test_a_name_typed_in_lower_case_after_a_greeting_is_read(
    read: Read, message: str, expected: dict[str, str]
) -> None:
    assert read(message) == expected


@pytest.mark.parametrize("message", ["hi im tired", "hey im back", "hello im home now",
                                     "hi im knackered"])
def test_a_state_after_a_greeting_is_no_name(read: Read, message: str) -> None:
    assert read(message) == {}
