"""Long chatty messages: two or three facts in one sentence, and asides around them."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.asides import said_along, without_asides
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.store import MemoryStore


@pytest.mark.parametrize(
    ("sentence", "main"),
    [
        ("Pho is my favourite food, although my dad makes it too salty.",
         "Pho is my favourite food"),
        ("I'm allergic to wasps, which makes summer picnics a nightmare.",
         "I'm allergic to wasps"),
        ("My favourite film is Heat, I've seen it a dozen times.", "My favourite film is Heat"),
        ("I'm learning Korean because my partner's family speaks it.", "I'm learning Korean"),
        ("And lately sushi has become my favourite food.", "Sushi has become my favourite food."),
        ("I speak English, French and German.", "I speak English, French and German."),
        ("Which is fine.", "Which is fine."),  # nothing would be left
    ],
)
def test_the_main_clause_leaves_the_asides_out(sentence: str, main: str) -> None:
    assert without_asides(sentence) == main


@pytest.mark.parametrize(
    ("sentence", "facts"),
    [
        ("We live in York with my wife Aisha and our cat Pickle.",
         [("wife_name", "Aisha"), ("cat_name", "Pickle")]),
        ("Oh and there's a tortoise named Shelly who lives in the garden.",
         [("tortoise_name", "Shelly")]),
        ("I turned 41 on the 3rd of March, so it was a quiet one.",
         [("age", "41"), ("birthday", "the 3rd of March")]),
        # the brother is named (his wife is not)
        ("I had lunch with my brother Sam's wife.", [("brother_name", "Sam")]),
        ("Mittens, our tabby, knocked a whole pot of tea over my sister Fiona's lap.",
         [("sister_name", "Fiona"), ("cat_name", "Mittens")]),
        # the verb that opens the sentence is no part of the name
        ("Took Pepper, our beagle, to the vet on Tuesday.", [("dog_name", "Pepper")]),
        ("Sterling, our cat, sleeps all day.", [("cat_name", "Sterling")]),
        ("Back when I was a kid in Dundee we'd swim in the Tay.", [("origin", "Dundee")]),
        ("When I was a student in Leeds I lived on toast.", []),  # no childhood place
        ("My throat closed up, that's how I found out about my nut allergy.",
         [("allergy", "nut")]),
        ("My bad allergy is back.", []),  # how bad, not what to
        ("Being the only vegan at my brother's barbecue is always an adventure.",
         [("diet", "vegan")]),
        ("As a vegetarian, I always check the menu first.", [("diet", "vegetarian")]),
        ("I cooked for them as a vegetarian would.", []),  # not said of the user
        ("I saw my boss Monday.", []),  # a day, not a name
        # a further pet in the same list, with or without an aside between
        ("I have a dog named Rex, a daft lurcher, and a cat named Tom.",
         [("dog_name", "Rex"), ("cat_name", "Tom")]),
        ("We've got a dog called Rex plus a rabbit called Clover.",
         [("dog_name", "Rex"), ("rabbit_name", "Clover")]),
        ("I have a dog named Rex and my neighbour has a cat named Tom.",
         [("dog_name", "Rex")]),  # the neighbour's cat
    ],
)
def test_facts_said_along_the_way(sentence: str, facts: list[tuple[str, str]]) -> None:
    assert [(f.key, f.value) for f in said_along(sentence)] == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("I live in Bath with my husband Tom and our dog Pepper, who is a very lazy spaniel.",
         [("home_city", "Bath"), ("husband_name", "Tom"), ("dog_name", "Pepper")]),
        ("Job-wise I'm a nurse at St Mary's, which is fine but the shifts are long.",
         [("occupation", "nurse"), ("employer", "St Mary's")]),
        ("I was born in Lagos and we moved to Leeds when I was ten.", [("origin", "Lagos")]),
        ("I've started learning Italian because we're going to Rome in May.",
         [("studies", "Italian")]),
        ("At home we speak Urdu, and I speak English at work.",
         [("languages", "Urdu and English")]),  # a list goes on past the comma
        ("Honestly I can't function until I've had my flat white.",
         [("morning_routine", "flat white")]),
        ("On Sunday mornings I do yoga with my sister, rain or shine.",
         [("yoga_routine", "on Sunday mornings")]),  # a routine's value is its day
        ("The new job is at Deloitte, I started on Monday and everyone is lovely.",
         [("employer", "Deloitte")]),
        ("In my spare time I play the cello.", [("plays", "cello")]),
        ("Took Pepper, our beagle, to the vet on Tuesday and she was brave as anything.",
         [("dog_name", "Pepper")]),
        ("My sister Fiona's cat is ginger.", [("sister_name", "Fiona")]),
        ("Walked Biscuit, my spaniel, along the beach this morning.",
         [("dog_name", "Biscuit")]),
        ("Hi Kai! So I'm Ngozi, I thought I should introduce myself.", [("name", "Ngozi")]),
    ],
)
def test_chatty_messages_are_read_by_the_rules(
    capturer: Capturer, message: str, facts: list[tuple[str, str]]
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == facts


def test_a_swap_said_with_a_reason_keeps_only_the_new_thing(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I drive a Ford Fiesta.")
    capturer.capture(None, "We traded in the Ford Fiesta for a Kia Niro because it's electric.")
    assert store.get("vehicle").content == "The user drives a Kia Niro."


def test_a_swap_of_a_described_drink_takes_the_description_with_it(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I can't start the day without my masala chai.")
    capturer.capture(None, "I've swapped the chai for black coffee these days, new job.")
    assert "masala" not in store.get("morning_routine").content
    assert "black coffee" in store.get("morning_routine").content
