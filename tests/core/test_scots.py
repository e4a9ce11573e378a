"""Scots read as English: "Ah'm", "ma", "fae", "tae", "cannae", "the noo", "a dug cried ...",
"Whit's ...?"; English that shares a word or two with Scots is left as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.scots import is_scots, standard_from_scots

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Ah'm Morag. Ma laddie put ye oan ma laptop.", {"name": "Morag"}),
        ("Ah stay in Motherwell, near the auld steelworks.", {"home_city": "Motherwell"}),
        ("Ah'm a joiner, twenty year oan the tools.", {"occupation": "joiner"}),
        ("Ah've a wee dug cried Jinty, a collie.", {"dog_name": "Jinty"}),
        ("Ah'm no fae Motherwell originally. Ah'm fae Oban, born an bred.",
         {"origin": "Oban"}),
        ("Ah'm allergic tae shellfish, it's a nightmare at weddins.",
         {"allergy": "shellfish"}),
        ("Ah've flitted tae Inverness! Packed the hale hoose last month.",
         {"home_city": "Inverness"}),
        ("Ah'm a plumber the noo, nae mair joinery fur me.", {"occupation": "plumber"}),
        ("An Ah'm learnin Gaelic at a night class.", {"studies": "Gaelic"}),
    ],
)
def test_scots_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    ("question", "english"),
    [("Whit's the dug cried?", "What's the dog called?"),
     ("How auld am Ah?", "How old am I?"),
     ("Where am Ah fae originally?", "Where am I from originally?"),
     ("Whit am Ah allergic tae?", "What am I allergic to?"),
     ("Whit dae Ah dae fur a livin the noo?", "What do I do for a living now?")],
)
def test_scots_questions_are_asked_in_english(question: str, english: str) -> None:
    assert standard_from_scots(question) == english


def test_a_scots_question_gets_the_memory_that_answers_it() -> None:
    memories = [("home_city", "The user lives in Inverness."),
                ("occupation", "The user works as a plumber."),
                ("employer", "The user works at Highland Council.")]
    assert memory_hint("Whit toon dae Ah stay in the noo?", memories) == [memories[0][1]]
    assert memory_hint("Where am Ah workin the noo?", memories) == [memories[2][1]]


@pytest.mark.parametrize(
    "text",
    ["Ah, I see what you mean.", "My ma's bobotie is the best.",
     "I wis hoping for sun.", "Fae Myers is my favourite singer.",
     "An apple a day keeps the doctor away."],
)
def test_english_is_not_read_as_scots(text: str) -> None:
    assert not is_scots(text)
    assert standard_from_scots(text) == text


def test_a_dropped_g_is_put_back_but_words_ending_in_in_are_left() -> None:
    assert standard_from_scots("Ah'm sittin wi ma cousin, learnin the violin.") == (
        "I'm sitting with my cousin, learning the violin.")
