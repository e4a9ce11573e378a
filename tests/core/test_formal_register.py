"""The formal English of an older writer: "I am 74 years of age", "by the name of",
"I have lived in Bath for forty years", "partial to the colour blue"."""

from __future__ import annotations

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.store import MemoryStore


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("I have lived in Harrogate for over forty years.", "home_city", "Harrogate"),
        ("We have finally moved into a little bungalow in Whitby.", "home_city", "Whitby"),
        ("I still work three days a week as a receptionist.", "occupation", "receptionist"),
        ("The practice I do the accounts for is Bell and Cole, the dentists.", "employer",
         "Bell and Cole"),
        ("I do my volunteering for the Red Cross at the high street shop.", "employer",
         "Red Cross"),
        ("I take a cup of cocoa every morning without fail.", "morning_routine", "cocoa"),
        ("I have a rather old border collie by the name of Bess.", "dog_name", "Bess"),
        ("I am 81 years of age.", "age", "81"),
        ("I have always been partial to the colour green.", "favourite_colour", "green"),
        ("I have taken up German at the evening college.", "studies", "German"),
        ("My late wife was called Edna.", "wife_name", "Edna"),
        ("Casablanca remains my favourite film.", "favourite_film", "Casablanca"),
        ("On Tuesday evenings I play whist at the church hall.", "whist_routine", "whist"),
        ("I also keep a cockatiel named Pip.", "cockatiel_name", "Pip"),
        ("I have given up nursing and now work as a tour guide.", "occupation", "tour guide"),
        ("I must confess lasagne is now my favourite dish.", "favourite_food", "lasagne"),
    ],
)
def test_formal_statements_are_read_by_the_rules(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [(key, value)]


@pytest.mark.parametrize("message", ["I have taken up golf at the club.",
                                     "I take the bus every morning.",
                                     "I have lived in fear for years."])
def test_formal_look_alikes_are_no_such_facts(capturer: Capturer, message: str) -> None:
    keys = [f.key for f in capturer.propose(None, message)]
    assert not {"studies", "home_city", "morning_routine"} & set(keys)


def test_a_drink_changed_in_formal_words_replaces_the_old_one(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I take a pot of Darjeeling every morning.")
    capturer.capture(None, "My doctor advised against it, so I now take hot water with "
                           "lemon in the mornings.")
    memory = store.get("morning_routine")
    assert memory is not None
    assert "lemon" in memory.content
    assert "Darjeeling" not in memory.content
    hint = memory_hint("What do I take in the mornings?", [(memory.key, memory.content)])
    assert hint == [memory.content]
