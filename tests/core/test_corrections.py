"""Casual American English, with changes said as negations and corrections ("No more
iced coffee for me, I switched to yerba mate", "I'm driving a Tacoma now")."""

from __future__ import annotations

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.store import MemoryStore


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("Name's Ola, by the way.", "name", "Ola"),
        ("We moved down to Austin last spring.", "home_city", "Austin"),
        ("I'm driving a Honda Civic now.", "vehicle", "Honda Civic"),
        ("We also adopted a dog, his name's Rufus.", "dog_name", "Rufus"),
        ("I've been doing paleo since March.", "diet", "paleo"),
        ("May 2nd is my birthday.", "birthday", "May 2nd"),
        ("Cold brew is basically my lifeblood in the mornings.", "morning_routine",
         "Cold brew"),
        ("I hike Snowdon every Saturday.", "hiking_routine", "every Saturday"),
        ("Got a beagle named Rolo, he's a menace.", "dog_name", "Rolo"),
    ],
)
def test_casual_statements_are_read_by_the_rules(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [(key, value)]


@pytest.mark.parametrize("message", ["Met a dog named Rex at the park.",
                                     "No more meetings today, thank goodness."])
def test_casual_look_alikes_are_no_facts(capturer: Capturer, message: str) -> None:
    assert capturer.propose(None, message) == []


def test_no_more_x_for_me_replaces_the_drink(capturer: Capturer, store: MemoryStore) -> None:
    capturer.capture(None, "Flat white is basically my fuel every morning.")
    capturer.capture(None, "No more flat white for me, I switched to green tea.")
    memory = store.get("morning_routine")
    assert memory is not None
    assert "green tea" in memory.content
    assert "flat white" not in memory.content.casefold()


def test_a_language_taught_to_oneself_is_the_one_studied() -> None:
    memories = [("languages", "The user speaks Spanish."),
                ("studies", "The user is studying Portuguese.")]
    assert memory_hint("What language am I teaching myself?", memories) == [
        "The user is studying Portuguese."]
