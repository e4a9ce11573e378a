"""Everyday ways of naming a favourite read as "my favourite X is Y", and a few other
everyday statements read as the plain sentence; the same words in other senses are left."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.favourites_said import favourites_plainly
from kai_desktop.core.memory.store import MemoryStore

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("My favourite book has to be Middlemarch.", {"favourite_book": "Middlemarch"}),
        ("Ochre, that's the colour I like most.", {"favourite_colour": "Ochre"}),
        ("Lilac is colour which I like the most.", {"favourite_colour": "Lilac"}),
        ("The film I love most is Heat, and the book I like best is Dune.",
         {"favourite_film": "Heat", "favourite_book": "Dune"}),
        ("Mac and cheese is my comfort food and my favourite.",
         {"favourite_food": "Mac and cheese"}),
        ("Best film I've ever seen: Casablanca.", {"favourite_film": "Casablanca"}),
        ("Nothing beats Howl's Moving Castle for me, best film ever.",
         {"favourite_film": "Howl's Moving Castle"}),
        ("Green, definitely green, is my favourite colour.", {"favourite_colour": "Green"}),
        ("Forest green suits me best, my favourite colour.",
         {"favourite_colour": "Forest green"}),
        ("Teal has always been my colour.", {"favourite_colour": "Teal"}),
        ("The Princess Bride never gets old, it's my favourite film.",
         {"favourite_film": "The Princess Bride"}),
        # not a favourite, or someone else's
        ("Which film do you like the most?", {}),
        ("Nothing beats a cup of tea.", {}),
        ("Red suits me best for weddings.", {}),
    ],
)
def test_a_favourite_said_another_way_is_read(read: Read, message: str,
                                               expected: dict[str, str]) -> None:
    assert read(message) == expected


def test_plain_english_is_left_as_it_is() -> None:
    text = "My favourite film is Heat. I like most films, to be honest."
    assert favourites_plainly(text) == text


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I've got a brother, Marek.", {"brother_name": "Marek"}),
        ("I have an older sister, Ola, who lives in Leeds.", {"sister_name": "Ola"}),
        ("These days I'm at St Thomas Hospital.", {"employer": "St Thomas Hospital"}),
        ("I'm at Leeds General Hospital these days.", {"employer": "Leeds General Hospital"}),
        ("In the evenings I practise the saxophone.", {"plays": "saxophone"}),
        ("I have shelves full of vinyl records that I collect.",
         {"collects": "vinyl records"}),
        ("I quit oat lattes, it's green tea now.", {"usual_drink": "green tea"}),
        ("Flat white has taken over from Earl Grey.", {"usual_drink": "Flat white"}),
        ("I eat fish but no meat, so pescatarian.", {"diet": "pescatarian"}),
        ("I'm counting calories, no more than 1800 a day.", {"diet": "calorie-counting"}),
        ("Calories count, my trainer says.", {}),
        ("Welsh and English are both native for me.", {"languages": "Welsh and English"}),
        ("Left the bank, I fix bikes as a mechanic now.", {"occupation": "mechanic"}),
        ("The banjo, believe it or not, is what I play.", {"plays": "The banjo"}),
        ("I came over as a tourist now and then.", {}),
        ("Wasps are my nemesis, I'm allergic to their stings.", {"allergy": "wasp stings"}),
        ("I eat anything, so vegan friends despair.", {}),
        ("Fergus, that's my husband, says the room looks like a tomato.",
         {"husband_name": "Fergus"}),
        ("Every Tuesday night I'm at the Pilates in the church hall.",
         {"pilates_routine": "every Tuesday night"}),
        ("It's a mug of Yorkshire Tea every morning now, strong.",
         {"morning_routine": "Yorkshire Tea"}),
        ("I'm at a place called Posh Paws, a small grooming parlour in Leith.",
         {"employer": "Posh Paws"}),
        ("I've painted the hall claret, my favourite colour.", {"favourite_colour": "claret"}),
        ("I'm learning Gaelic at a night class.", {"studies": "Gaelic"}),
        ("I'm at a place called The Anchor, a lovely pub.", {}),  # a night out
        # a visit, no workplace; a relative with no name
        ("I'm at St Mary's Hospital, my dad had a fall.", {}),
        ("I've got a brother, and he is tall.", {}),
    ],
)
def test_other_everyday_statements_are_read(read: Read, message: str,
                                            expected: dict[str, str]) -> None:
    assert read(message) == expected


def test_a_favourite_knocked_off_the_top_spot_gives_way_to_the_dish_named_after(
        capturer: Capturer, store: MemoryStore) -> None:
    capturer.capture(None, "My favourite food is pies.")
    capturer.capture(None, "And the pies have been knocked off the top spot, sorry Mum. There's "
                           "a van by the harbour that does fish suppers hot from the fryer, and "
                           "that's my favourite food now.")
    assert [m.content for m in store.all() if m.key == "favourite_food"] == [
        "The user's favourite food is fish suppers."]
