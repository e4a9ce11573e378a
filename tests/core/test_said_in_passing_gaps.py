"""Plain-English ways of stating a fact that the rules missed: a car bought by "we" or got
"second hand", "I've got a job at", a morning drink said before its verb or as "now it's a
...", "the dog is called", a game played on a fronted day, a diet plan the user is "on"; a
value the user corrects as they say it; and a dictated run-on cut where a speaker starts a
new clause ("im gemma my husband craig ...", "... so if you need me ...") but not after a
time said first ("every morning first thing i have ...")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.run_ons import spoken_sentences
from kai_desktop.core.memory.self_corrections import corrected

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
         "i need organising", {"husband_name": "Craig"}),
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
