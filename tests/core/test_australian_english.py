"""Australian English read as the standard wording: clipped words ("arvo", "brekkie",
"servo") written out, "of a morning" as "in the morning"; the facts said with them are read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.australian_english import standard_from_australian

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "written"),
    [
        ("Wednesday arvo's touch footy.", "Wednesday afternoon's touch footy."),
        ("Brekkie's a long black from the servo.",
         "Breakfast's a long black from the petrol station."),
        ("I have a flat white of a morning.", "I have a flat white in the morning."),
    ],
)
def test_clipped_words_are_written_out(message: str, written: str) -> None:
    assert standard_from_australian(message) == written


@pytest.mark.parametrize("message", ["Arvonia is a town.", "The servos' prices rose.",
                                     "Of all mornings, this one."])
def test_other_words_are_left_as_they_were(message: str) -> None:
    assert standard_from_australian(message) == message


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Wednesday arvo's touch footy with the boys from the band.",
         {"footy_routine": "touch footy"}),
        ("Brekkie's usually just a long black from the servo on the way to the first job.",
         {"morning_routine": "long black"}),
        ("Kirsty's got me onto turmeric lattes of a morning. Don't laugh.",
         {"morning_routine": "turmeric lattes"}),
    ],
)
def test_facts_said_with_them_are_read(read: Read, message: str,
                                       expected: dict[str, str]) -> None:
    assert read(message) == expected
