"""Facts written the way a letter writes them: an adverb before "allergic", a language
described ("my German is rusty"), a relative clause ("the choir, in which I sing alto"),
a birthday named in passing, a pet of the household, "It remains my favourite film", and
a long sentence of clauses each opened by "that"."""

from __future__ import annotations

from collections.abc import Callable

import pytest

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I am severely allergic to shellfish.", {"allergy": "shellfish"}),
        ("My German is rusty these days.", {"languages": "German"}),
        ("On Thursdays I go to the brass band, in which I play the cornet.",
         {"plays": "cornet"}),
        ("My son is planning a dinner for my birthday in October.", {"birthday": "October"}),
        ("We share the house with a tabby cat called Mr Jones.", {"cat_name": "Mr Jones"}),
        ("We watched Casablanca again on Sunday. It remains my favourite film of all.",
         {"favourite_film": "Casablanca"}),
        ("I ought to mention that I have been vegan since 2001, and that I have been told by "
         "my doctor that I am allergic to latex, so please bear it in mind.",
         {"diet": "vegan", "allergy": "latex"}),
        ("My nephew found my albums of railway tickets. I have collected them since 1962.",
         {"collects": "railway tickets"}),
    ],
)
def test_a_letter_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    ["My Spanish teacher is very strict.", "We share the house with a lodger."],
)
def test_what_only_looks_like_a_fact_is_not_read(read: Read, message: str) -> None:
    assert read(message) == {}
