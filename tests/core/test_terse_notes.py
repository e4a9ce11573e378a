"""Facts typed in a hurry, as notes: a kin word and a name after a label, clauses that
leave out "I" in the present ("live in Halifax", "speak english + french"), short forms
("orig from"), a dash aside, and what a value used to be in brackets."""

from __future__ import annotations

from collections.abc import Callable

import pytest

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("home stuff: wife Joanna; dog Ferdinand (basset, v dramatic); cat Tuppence who "
         "actualy runs the house",
         {"wife_name": "Joanna", "dog_name": "Ferdinand", "cat_name": "Tuppence"}),
        ("context so u know me: 37, live in Halifax, orig from Moncton.",
         {"age": "37", "home_city": "Halifax", "origin": "Moncton"}),
        ("speak english + french - mom's side is acadian.", {"languages": "English and French"}),
        ("also play cello - badly - in a community orch", {"plays": "cello"}),
        ("drive a Subaru.", {"vehicle": "Subaru"}),
        ("work at a salon called cutting edge", {"employer": "Cutting Edge"}),
        ("Changes since we last spoke:\n* live in Lisbon now (left Porto)\n"
         "* new job: translator\n* work for Galp",
         {"home_city": "Lisbon", "occupation": "translator", "employer": "Galp"}),
    ],
)
def test_facts_in_hurried_notes_are_read(read: Read, message: str,
                                         expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message", ["Play some jazz.", "Drive safely.", "Work hard.", "Dog people are nice.",
                "Cat Stevens is great."])
def test_requests_and_look_alikes_give_no_fact(read: Read, message: str) -> None:
    assert read(message) == {}
