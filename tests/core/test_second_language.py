"""English written as a second language: articles left out, "working in company X"."""

from __future__ import annotations

import pytest

from kai_desktop.core.chat.memory_answer import answer_from_memory
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.swaps import replaced_in


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("I am working in company Nordex.", "employer", "Nordex"),
        ("I work in company Allegro since 2020.", "employer", "Allegro"),
        ("Now I work in school number 12.", "employer", "school number 12"),
        ("I am working at Ikea.", "employer", "Ikea"),
        ("Now I am nurse.", "occupation", "nurse"),
        ("I changed my job, now I am engineer of roads.", "occupation", "engineer of roads"),
    ],
)
def test_second_language_facts_are_captured_without_the_model(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [(key, value)]


@pytest.mark.parametrize("message", ["I am tired.", "I am older now.",
                                     "I am working on a project.", "I work for a living."])
def test_look_alikes_are_no_facts(capturer: Capturer, message: str) -> None:
    assert capturer.propose(None, message) == []


@pytest.mark.parametrize(
    ("content", "old", "new", "expected"),
    [("In the morning the user always drinks black coffee.", "coffee", "green tea",
      "In the morning the user always drinks green tea."),
     ("The user drives a little red Mini.", "Mini", "Fiat 500", "The user drives a Fiat 500."),
     ("The user drinks coffee.", "coffee", "tea", "The user drinks tea.")],
)
def test_the_words_describing_the_old_thing_go_with_it(
    content: str, old: str, new: str, expected: str
) -> None:
    assert replaced_in(content, old, new) == expected


def test_a_name_given_as_the_users_own_gives_the_memory() -> None:
    assert answer_from_memory("You are called Marta.", "How is called my wife?",
                              ["The user's wife is called Marta."]) == "Your wife is called Marta."


def test_a_question_turned_round_then_answered_gives_the_memory() -> None:
    assert answer_from_memory(
        "You do on Sundays you are going to swimming pool.", "What I do on Sundays?",
        ["Every Sunday the user is going to swimming pool."],
    ) == "Every Sunday you are going to swimming pool."
    # an answer of its own is kept
    assert answer_from_memory(
        "On Sundays you swim at the pool.", "What I do on Sundays?",
        ["Every Sunday the user is going to swimming pool."],
    ) == "On Sundays you swim at the pool."
