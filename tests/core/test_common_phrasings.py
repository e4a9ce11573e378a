"""Everyday ways of stating the plain facts that the textbook rules did not read: a name
others use, a base city, a field with its employer, a business the user runs, an age in
words, a month one was born in, language lessons, what a food does to the user."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.spelled_numbers import ages_in_digits

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("They call me Tom.", {"name": "Tom"}),
        ("I'm based out of Denver.", {"home_city": "Denver"}),
        ("I work in HR for Google.", {"occupation": "HR", "employer": "Google"}),
        ("I work in marketing at Acme.", {"occupation": "marketing", "employer": "Acme"}),
        ("I do accounting for a living.", {"occupation": "accounting"}),
        ("I'm employed at Acme Corp as an analyst.",
         {"occupation": "analyst", "employer": "Acme Corp"}),
        ("I run a small bakery called Crumbs.", {"employer": "Crumbs"}),
        ("Peanuts make me swell up.", {"allergy": "Peanuts"}),
        ("I'm forty-two.", {"age": "42"}),
        ("im twenty nine and i should be able to remember one date", {"age": "29"}),
        ("I just turned thirty.", {"age": "30"}),
        ("I'm a June baby.", {"birthday": "June"}),
        ("I've started Japanese lessons.", {"studies": "Japanese"}),
        ("I take Italian classes on Mondays.", {"studies": "Italian"}),
        # the diet named after what it leaves out: the diet's word is the value
        ("No fish for me, I'm vegan.", {"diet": "vegan"}),
        ("I don't eat pork.", {"diet": "pork"}),
        # the value first, with a lower-case thing after "the"
        ("The oboe is my instrument.", {"plays": "oboe"}),
        ("Old maps are what I collect.", {"collects": "old maps"}),
        ("Matchbox cars are what I collect.", {"collects": "matchbox cars"}),
        # clipped notes: the verb and the "I" left out
        ("vegan btw so no cheese on mine", {"diet": "vegan"}),
        ("bday on the 4th of june, mark it down", {"birthday": "on the 4th of June"}),
        ("Priya here, pharmacist at Boots.",
         {"name": "Priya", "occupation": "pharmacist", "employer": "Boots"}),
        ("Priya here - pharmacist.", {"name": "Priya", "occupation": "pharmacist"}),
        ("Priya here - long-time reader.", {"name": "Priya"}),
        ("Pescatarian here, fish is fine.", {"diet": "pescatarian"}),
        # a favourite's value is the thing, not what it is like
        ("Pho is incredible, it's my favourite food.", {"favourite_food": "Pho"}),
        ("A proper Scotch pie is my favourite food.", {"favourite_food": "Scotch pie"}),
        ("My favourite film is Life is Beautiful.", {"favourite_film": "Life is Beautiful"}),
        ("and the dumplings here are unreal, its my new fav food", {"favourite_food": "dumplings"}),
        ("Curry is my favourite food by far.", {"favourite_food": "Curry"}),
        ("my favorite food in the whole world is pho like i could eat it daily",
         {"favourite_food": "pho"}),
        # what a relative is, not who
        ("my dad is nigerian so i speak yoruba at home", {"languages": "Yoruba"}),
        ("My mum is Welsh.", {}),
        ("My mum is Anne.", {"mum_name": "Anne"}),
        # what a place does is the favourite; a pronoun after "because" points back
        ("There's a van by the station that does great empanadas, and they're my favourite "
         "food now.", {"favourite_food": "empanadas"}),
        ("Bring me a thimble because I collect them.", {"collects": "thimbles"}),
        ("im learning welsh on an app right now so like a book from cardiff would be perfect",
         {"studies": "Welsh"}),
    ],
)
def test_an_everyday_phrasing_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    ["I'm ten minutes away.", "I'm one of five kids.", "I take pottery classes.",
     "I'm a May bride.", "I run a tight ship.", "I'm fifty percent sure."],
)
def test_look_alikes_give_no_fact(capturer: Capturer, message: str) -> None:
    assert capturer.propose(None, message) == []


def test_only_an_age_is_written_in_digits() -> None:
    assert ages_in_digits("I'm forty-two and I have two cats.") == "I'm 42 and I have two cats."
    assert ages_in_digits("I'm one hundred and two") == "I'm 102"
    assert ages_in_digits("I'm ten minutes away, thirty miles out.") == (
        "I'm ten minutes away, thirty miles out.")


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I live just outside Bristol.", {"home_city": "Bristol"}),
        ("I've moved back to Amman to be near family.", {"home_city": "Amman"}),
        ("I moved here to Bristol last year.", {"home_city": "Bristol"}),
        ("I'm currently working as a paramedic.", {"occupation": "paramedic"}),
        ("By day I'm a paramedic.", {"occupation": "paramedic"}),
        ("Green tea every morning for me.", {"morning_routine": "Green tea"}),
        ("So green tea every morning, like my gran.", {"morning_routine": "green tea"}),
        ("I've been keto for a year.", {"diet": "keto"}),
        ("I went vegan three years ago.", {"diet": "vegan"}),
        ("I'm strictly halal.", {"diet": "halal"}),
        ("I've moved down to Bristol.", {"home_city": "Bristol"}),
        ("I moved to Leeds a few weeks ago.", {"home_city": "Leeds"}),
        ("And now it's oat latte every morning.", {"morning_routine": "oat latte"}),
        ("I grew up bilingual, French and English.", {"languages": "French and English"}),
        ("Allergic to cats, sadly.", {"allergy": "cats"}),
        ("Born in June.", {"birthday": "June"}),
        ("I was born in June 1990.", {"birthday": "June"}),
        ("I was born in Cork.", {"origin": "Cork"}),
        ("It's my birthday on June 3rd.", {"birthday": "June 3rd"}),
        ("I'm into stamp collecting.", {"collects": "stamps"}),
        ("I'm really into collecting vinyl.", {"collects": "vinyl"}),
        ("I've been learning Spanish on Duolingo.", {"studies": "Spanish"}),
        ("Sunday is my running day.", {"running_routine": "every Sunday"}),
        ("Saturdays are for swimming.", {"swimming_routine": "on Saturdays"}),
        ("Luna is our cat.", {"cat_name": "Luna"}),
    ],
)
def test_a_second_round_of_everyday_phrasings_is_read(
    read: Read, message: str, expected: dict[str, str]
) -> None:
    assert read(message) == expected


@pytest.mark.parametrize("message", ["Sunday is my day off.", "I live near the sea."])
def test_second_round_look_alikes_give_no_fact(capturer: Capturer, message: str) -> None:
    assert capturer.propose(None, message) == []


def test_a_favourite_said_of_them_names_no_value(capturer: Capturer) -> None:
    """"... so they're cheap and they are my new favourite food": "they" points back."""
    said = "the van does tacos so theyre cheap and they are my new favorite food no contest"
    assert [f for f in capturer.propose(None, said) if f.key.startswith("favourite")] == []
