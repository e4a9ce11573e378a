"""A question about the user that the user answers at once ("Where do I live? Leeds,
mostly") is read as the statement it makes; a question alone, or one followed by anything
but its answer, is left as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.own_questions import own_questions_answered

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Where do I live? Leeds - well, Headingley, but Leeds.", {"home_city": "Leeds"}),
        ("Right. How old am I? 41 - no, wait, 42.", {"age": "42"}),
        ("What do I drive? A Ford Focus, grey.", {"vehicle": "Ford Focus"}),
        ("Where am I from? Hull, on the estuary.", {"origin": "Hull"}),
        ("So what am I now? A paramedic, on the night shift.", {"occupation": "paramedic"}),
        ("My job? Plumber, self-employed.", {"occupation": "plumber"}),
        ("Favourite band? Elbow, always.", {"favourite_band": "Elbow"}),
        ("What's my brother's name? Carl, the eldest.", {"brother_name": "Carl"}),
    ],
)
def test_an_answered_question_is_read_as_its_statement(
    read: Read, message: str, expected: dict[str, str]
) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Where do I live?",
        "Where do I live? I forget.",
        "What do I drive? Can you guess?",
        "How old am I? No idea.",
        "What do I drive? You tell me.",
        "Where do you live? Leeds.",
        "What's the capital of Peru? Lima.",
    ],
)
def test_a_question_without_its_answer_is_left_as_it_was(message: str) -> None:
    assert own_questions_answered(message) == message
