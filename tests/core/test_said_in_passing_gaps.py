"""Plain-English ways of stating a fact that the rules missed: a car bought by "we" or got
"second hand", "I've got a job at", a morning drink said before its verb or as "now it's a
...", "the dog is called", a game played on a fronted day, a diet plan the user is "on"; a
value the user corrects as they say it; and a dictated run-on cut where a speaker starts a
new clause ("im gemma my husband craig ...", "... so if you need me ...") but not after a
time said first ("every morning first thing i have ...")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.run_ons import spoken_sentences
from kai_desktop.core.memory.self_corrections import corrected
from kai_desktop.core.memory.store import MemoryStore

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("We sold the van and bought a Mazda CX-5.", {"vehicle": "Mazda CX-5"}),
        ("We bought a Tata Punch last year.", {"vehicle": "Tata Punch"}),
        ("We sold it in the end and got a Skoda Octavia second hand.",
         {"vehicle": "Skoda Octavia"}),
        ("I've got a job at Siemens down at the business park.", {"employer": "Siemens"}),
        ("Every morning first thing I have a mug of Yorkshire tea before work.",
         {"morning_routine": "Yorkshire tea"}),
        ("Every morning I must have my masala chai from the stall near the office.",
         {"morning_routine": "masala chai"}),
        ("So now it's a green tea every morning.", {"morning_routine": "green tea"}),
        ("I have switched to masala chai.", {"usual_drink": "masala chai"}),
        ("The cat is called Biscuit.", {"cat_name": "Biscuit"}),
        ("Pickle is the dog.", {"dog_name": "Pickle"}),
        ("We've moved, we're in Exeter now.", {"home_city": "Exeter"}),
        ("Big news, I've moved and I'm now in Bristol.", {"home_city": "Bristol"}),
        ("I turned 51 in October.", {"age": "51", "birthday": "in October"}),
        ("I turned 29 last March.", {"age": "29", "birthday": "in March"}),
        ("Every Tuesday night I play pool for the team at the Crown.",
         {"pool_routine": "every Tuesday night"}),
        ("I'm on Weight Watchers at the moment.", {"diet": "Weight Watchers"}),
    ],
)
def test_a_plain_statement_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize("message", ["I bought a smart TV.", "We got a new sofa.",
                                     "I've been doing keto since January."])
def test_what_is_no_car_is_not_filed_as_one(read: Read, message: str) -> None:
    assert "vehicle" not in read(message)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("My favourite band is Blur, no sorry, Pulp.", {"favourite_band": "Pulp"}),
        ("I'm 36 no wait 37.", {"age": "37"}),
        ("My brother is called Tom, I mean Tomasz.", {"brother_name": "Tomasz"}),
        ("I live in Leeds, no wait, York.", {"home_city": "York"}),
    ],
)
def test_a_corrected_value_is_the_one_kept(read: Read, message: str,
                                            expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize("message", ["I work at Tesco, I mean, I used to.",
                                     "I mean, it is fine.", "The answer is no, sorry about that."])
def test_a_marker_without_a_value_after_it_takes_nothing_back(message: str) -> None:
    assert corrected(message) == message


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("hiya so im gemma my husband craig set this up for me on the laptop because he says "
         "i need organising", {"name": "Gemma", "husband_name": "Craig"}),
        ("and every friday night i play pool for the team at the crown so if you need me on a "
         "friday night im not around", {"pool_routine": "every Friday night"}),
        ("every morning first thing i have a flat white at the station and then i get the train "
         "in which is always late honestly", {"morning_routine": "flat white"}),
        ("oh and the cat um pudding no wait sorry thats the hamster the cat is called pepper "
         "shes a tabby and pudding is the hamster obviously", {"cat_name": "Pepper"}),
        ("and im on slimming world at the moment um me and my sister both started in january "
         "and its going well", {"diet": "slimming world"}),
    ],
)
def test_a_dictated_run_on_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


def test_a_time_said_first_is_not_cut_off_as_a_sentence() -> None:
    said = spoken_sentences("every morning first thing i have a flat white at the station and "
                            "then i get the train in which is always late honestly")
    assert said.startswith("every morning first thing i have a flat white")


def test_a_clause_after_im_sure_is_not_cut() -> None:
    said = spoken_sentences("so yeah im sure my wife will love it honestly and then we can go "
                            "out for dinner after")
    assert "im sure my wife will love it" in said


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("The dog's called Pepper.", {"dog_name": "Pepper"}),
        ("The cat's name is Olive.", {"cat_name": "Olive"}),
        ("Olive, the cat, sleeps on the radiator all day.", {"cat_name": "Olive"}),
        ("And Pepper, our dog, steals socks.", {"dog_name": "Pepper"}),
        ("When we get home Pepper, the dog, goes mad.", {"dog_name": "Pepper"}),
        ("I have a cat too, Olive, a fat tabby.", {"cat_name": "Olive"}),
        ("I'm 52, my birthday is the 4th of June.", {"age": "52", "birthday": "4th of June"}),
        ("I'm working for Unilever now.", {"employer": "Unilever"}),
        ("I've taken a post at Leeds Beckett instead.", {"employer": "Leeds Beckett"}),
        ("I'm doing intermittent fasting these days.", {"diet": "intermittent fasting"}),
        ("I have pretty decent Italian.", {"languages": "Italian"}),
        ("I'm taking French classes in the town library.", {"studies": "French"}),
        ("I've lived in Derry for twenty years.", {"home_city": "Derry"}),
    ],
)
def test_more_plain_ways_are_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    ["I'm working at home today.", "I'm working at the moment.", "I'm working for myself.",
     "So Tom, the plumber, came by."],
)
def test_what_is_no_employer_or_pet_is_not_filed(read: Read, message: str) -> None:
    assert read(message) == {}


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Favourite colour - my kids laugh at this - is mustard.",
         {"favourite_colour": "mustard"}),
        ("Diet-wise I'm vegan.", {"diet": "vegan"}),
        ("Favourite food: fish pie - my mum's recipe, since she taught me.",
         {"favourite_food": "fish pie"}),
        ("Languages: English and Welsh - fluent, I grew up with both.",
         {"languages": "English and Welsh"}),
        ("First thing every morning it's a mug of Tetley's tea, milk and two sugars.",
         {"morning_routine": "Tetley's tea"}),
        ("It's a cold brew coffee every morning now.", {"morning_routine": "cold brew coffee"}),
        ("The Astra died on me, so there's a Kia Ceed on the drive now.", {"vehicle": "Kia Ceed"}),
        ("Bath is behind us: we've been in Exeter since the start of March.",
         {"home_city": "Exeter"}),
        ("My favourite dinner is lasagne.", {"favourite_food": "lasagne"}),
        ("I had a birthday in June, the big four-oh.", {"birthday": "in June"}),
    ],
)
def test_asides_and_fronted_times_are_read_past(
    read: Read, message: str, expected: dict[str, str]
) -> None:
    assert read(message) == expected


def test_a_stay_since_a_day_is_a_trip_not_a_home(read: Read) -> None:
    assert read("We've been in Rome since Tuesday.") == {}


def test_a_change_after_a_label_replaces_the_old_favourite(capturer: Capturer,
                                                           store: MemoryStore) -> None:
    capturer.capture(None, "My favourite food is lasagne.")
    capturer.capture(None, "Oh, and a confession: sushi has overtaken lasagne.")
    contents = [m.content for m in store.all()]
    assert contents == ["The user's favourite food is sushi."]
