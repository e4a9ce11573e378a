"""Facts folded into chatty messages typed on a phone: a name with its kin or kind in
brackets, a pet said to be "the cat" after the fact, the city of the user's flat, a new
job said as where and as what the user starts."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.informal import names_capitalised

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Callum (my boyfriend) says hi.", {"boyfriend_name": "Callum"}),
        ("ugh marmite (the dog, hes a scruffy little terrier thing) just knocked my mug over",
         {"dog_name": "Marmite"}),
        ("gnocchi is sitting in the postcard box rn btw, shes the cat, tabby",
         {"cat_name": "Gnocchi"}),
        ("Gnocchi is my cat.", {"cat_name": "Gnocchi"}),
        ("currently sat on the floor of my flat in cardiff surrounded by buckets",
         {"home_city": "Cardiff"}),
        ("i collect vintage postcards, and callum (my boyfriend) says theyre taking over",
         {"collects": "vintage postcards", "boyfriend_name": "Callum"}),
        ("and im starting at gourmand bakehouse monday as a pastry chef",
         {"occupation": "pastry chef", "employer": "Gourmand Bakehouse"}),
        ("I've started at Helio Systems as an engineer.",
         {"occupation": "engineer", "employer": "Helio Systems"}),
        ("currently learning (Icelandic) — Duolingo, 212-day streak", {"studies": "Icelandic"}),
        ("im imogen btw, 31, chronically disorganised, and sat on the floor of my flat in cardiff",
         {"name": "Imogen", "age": "31", "home_city": "Cardiff"}),
        ("I'm Imogen btw.", {"name": "Imogen"}),
        ("oh and im trying to learn japanese on duolingo bc callum and i want to go to tokyo",
         {"studies": "Japanese"}),
        ("I go to pottery class every Thursday.", {"pottery_routine": "every Thursday"}),
        ("I have salsa classes on Tuesdays.", {"salsa_routine": "on Tuesdays"}),
        ("The Grand Budapest Hotel is my favourite film ever.",
         {"favourite_film": "The Grand Budapest Hotel"}),
        ("we all grew up speaking welsh at home so we switch", {"languages": "Welsh"}),
        ("PLEASE nothing with kiwi in it, im allergic, found that out the hard way",
         {"allergy": "kiwi"}),
        ("found a box of my old stuff from whitby where i grew up, loads of photos",
         {"origin": "Whitby"}),
        ("there was a fave colour round and i said teal obviously, literally everything i own "
         "is teal", {"favourite_colour": "teal"}),
        ("I love teal.", {"favourite_colour": "teal"}),
        ("I'm obsessed with the colour mustard.", {"favourite_colour": "mustard"}),
        ("got a cargo bike instead and marmite rides in the front box like a little king",
         {"vehicle": "cargo bike"}),
        ("I own a silver Toyota Yaris.", {"vehicle": "silver Toyota Yaris"}),
        ("Now I have a Vespa.", {"vehicle": "Vespa"}),
    ],
)
def test_facts_folded_into_a_chatty_message_are_read(
    read: Read, message: str, expected: dict[str, str]
) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "My mug (the blue one) broke.",  # no kin or pet in the brackets
        "The pub (the one by the river) is nice.",
        "She's the cat lady from next door, Gnocchi said.",
        "He says he is starting at Google as an intern.",  # someone else's new job
        "I'm tired, 10 hours of work today.",  # a number, no age
        "I have a class every Monday.",  # no subject named
        "i'm tired, 10 more minutes",
        "Nothing with kiwi in it, she's allergic.",  # someone else's allergy
        "I bought a car.",  # no make, no kind
        "I have an estate.",  # land, maybe
        "I love red wine.",
        "I love orange.",  # a fruit as much as a colour
        "I love plum, I eat one every day.",
        "Tangerine, I love it, I could have it every day.",
    ],
)
def test_look_alikes_give_no_fact(capturer: Capturer, message: str) -> None:
    assert capturer.propose(None, message) == []


def test_a_name_stops_at_a_word_that_reads_as_a_verb() -> None:
    assert names_capitalised("my flat in cardiff surrounded by buckets") == (
        "my flat in Cardiff surrounded by buckets")
    assert names_capitalised("i work at sparky electric") == "i work at Sparky Electric"
