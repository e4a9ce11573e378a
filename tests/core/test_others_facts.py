"""The user's facts said beside other people's ("My flatmate is a nurse, but I'm a
designer"): the user's value is read, the other person's never becomes the user's."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.clauses import clauses
from kai_desktop.core.memory.decisions import decide
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.slots import slot_fact
from kai_desktop.core.memory.statements import Fact
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.third_person import third_person


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("My cousin Ana is 41 and I'm 38.", "age", "38"),
        ("Tom's favourite band is Blur; mine is Pulp.", "favourite_band", "Pulp"),
        ("Ravi's birthday is in June, mine is on the 2nd of May.", "birthday", "the 2nd of May"),
        ("My sister's car is a Golf, mine's a Polo.", "vehicle", "Polo"),
        ("My dad drinks tea all day; I only have one espresso in the morning.",
         "morning_routine", "espresso"),
        ("My boss drives a Porsche; I have a Honda Jazz.", "vehicle", "Honda Jazz"),
    ],
)
def test_the_users_own_value_is_read_beside_anothers(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    facts = {f.key: f.value for f in capturer.propose(None, message)}
    assert facts.get(key) == value


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("My neighbour has a spaniel called Rufus.", []),
        ("My neighbour has a spaniel called Rufus, and our cat is Miso.", [("cat_name", "Miso")]),
        ("I have a mini fridge in my room.", []),
    ],
)
def test_what_is_not_the_users_is_not_stored(
    capturer: Capturer, message: str, facts: list[tuple[str, str]]
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == facts


def test_mine_takes_the_thing_of_the_clause_before() -> None:
    assert clauses("Ana's favourite film is Heat, mine is Alien") == [
        "Ana's favourite film is Heat", "my favourite film is Alien"]
    # no thing before it: "mine" stays as it was said
    assert clauses("It was fine, mine is Alien")[:2] == ["It was fine", "mine is Alien"]


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("I've switched from oolong to matcha in the mornings.",
         [("morning_routine", "matcha")]),
        ("We swapped the Clio for a Skoda Octavia.", [("vehicle", "Skoda Octavia")]),
        # a new value of no kind the rules know is left to the model
        ("I switched from nursing to teaching.", []),
        ("I swapped my guitar for a cello.", []),
    ],
)
def test_a_change_whose_old_value_was_never_stored_keeps_the_new_one(
    capturer: Capturer, message: str, facts: list[tuple[str, str]]
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == facts


@pytest.mark.parametrize(
    ("sentence", "third"),
    [
        ("I just have one coffee in the morning.", "The user just has one coffee in the morning."),
        ("I only do yoga on Sundays.", "The user only does yoga on Sundays."),
        ("I sometimes play chess.", "The user sometimes plays chess."),
    ],
)
def test_the_verb_agrees_after_an_adverb(sentence: str, third: str) -> None:
    assert third_person(sentence) == third


@pytest.mark.parametrize(
    ("sentence", "item", "key"),
    [
        ("Sofia here, hi!", {"topic": "name", "detail": "", "value": "Sofia"}, "name"),
        ("My sister Roma lives in Leeds.", {"topic": "relative", "detail": "sister",
                                            "value": "Roma"}, "sister_name"),
    ],
)
def test_a_real_name_still_passes(sentence: str, item: dict[str, str], key: str) -> None:
    fact, why = slot_fact(item, sentence)
    assert fact is not None, why
    assert fact.key == key


def test_a_name_and_another_fact_about_the_same_person_are_no_contradiction(
    capturer: Capturer, store: MemoryStore
) -> None:
    """"My boyfriend is called Matteo" after "My boyfriend is from Naples" is added, not
    sent to the review inbox as a contradiction."""
    capturer.capture(None, "My boyfriend is from Naples.")
    (fact,) = capturer.propose(None, "My boyfriend is called Matteo.")
    assert decide(fact, store.all()).action == "ADD"


def test_two_names_for_the_same_person_still_wait_for_review(store: MemoryStore) -> None:
    store.store("husband_name", "The user's husband is called Tom.")
    fact = Fact("wife_name", "The user's wife is called Ana.", Category.GENERAL, "Ana")
    assert decide(fact, store.all()).action == "REVIEW"
