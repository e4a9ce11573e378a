"""Greetings by the time of day, pets that are someone else's, contracted "'s called",
languages the user has, and the morning drink said with "I'm on"."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.capture import Capturer


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("Evening Kai, Hamish here.", "name", "Hamish"),
        ("Afternoon all, I'm Sam.", "name", "Sam"),
        ("Our neighbours have a cat called Smudge, and our dog's called Bonnie.",
         "dog_name", "Bonnie"),
        ("My sister's called Anna.", "sister_name", "Anna"),
        ("Our dog’s named Rex.", "dog_name", "Rex"),
        ("Morag only speaks English, but I've got Gaelic from my granny.", "languages",
         "Gaelic"),
        ("I've picked up Italian.", "languages", "Italian"),
        ("These days I'm on black coffee first thing, not builder's tea.", "morning_routine",
         "black coffee"),
        ("I live in Leeds and have a cat called Tom.", "home_city", "Leeds"),
        ("And I have a dog too, she is called Luna, all black and with very long ears.",
         "dog_name", "Luna"),
        ("Every Sunday I play pétanque with the neighbours.", "pétanque_routine",
         "every Sunday"),
        ("Every morning the first thing I do is make a cortado, before the news.",
         "morning_routine", "cortado"),
        ("My favourite film now is Roma, I cried so much.", "favourite_film", "Roma"),
    ],
)
def test_the_users_fact_is_read(capturer: Capturer, message: str, key: str, value: str) -> None:
    facts = {f.key: f.value for f in capturer.propose(None, message)}
    assert facts.get(key) == value


@pytest.mark.parametrize(
    "message",
    [
        "Our neighbours have a cat called Smudge.",
        "My sister has a dog called Bob.",
        "Met a dog named Rex today.",
        "The first thing I do every morning is make a list.",
        "The first thing I do is make a coffee.",  # at work, perhaps
        "I've got Bonnie from the shelter.",  # no language
        "Evening classes are my thing.",  # no greeting
        "Morning coffee is a ritual.",
    ],
)
def test_nothing_of_the_users_is_read(capturer: Capturer, message: str) -> None:
    keys = {f.key for f in capturer.propose(None, message)}
    assert not keys & {"name", "cat_name", "dog_name", "languages"}
