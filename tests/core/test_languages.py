"""The fixed list of languages a value filed as a language must name."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.languages import is_language, languages_in


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Tagalog, Ilocano and English", ["Tagalog", "Ilocano", "English"]),
        ("Bisaya at home, Hiligaynon with my lola", ["Bisaya", "Hiligaynon"]),
        ("Setswana and a bit of Sesotho", ["Setswana", "Sesotho"]),
        ("Bhojpuri, Hindi and English", ["Bhojpuri", "Hindi", "English"]),
        ("Twi, English and a bit of Ewe", ["Twi", "English", "Ewe"]),
    ],
)
def test_languages_of_many_speakers_are_named(text: str, named: list[str]) -> None:
    assert languages_in(text) == named


@pytest.mark.parametrize("value", ["Duolingo", "night class", "my lola", "Ilocos Norte"])
def test_what_names_no_language_is_none(value: str) -> None:
    assert not is_language(value)
