"""A message dictated to a phone, with no full stop in it, is read as the clauses it was
spoken in; a question dictated without its mark still asks for the memory."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.run_ons import spoken_sentences

Read = Callable[[str], dict[str, str]]


def test_a_dictated_run_on_is_cut_where_a_new_clause_starts() -> None:
    said = ("like every single morning i make a chai latte before anything else happens and "
            "then i take gizmo out hes my dog hes a corgi mix")
    assert spoken_sentences(said) == (
        "like every single morning. i make a chai latte before anything else happens. and "
        "then i take gizmo out. hes my dog. hes a corgi mix")


@pytest.mark.parametrize(
    "said",
    ["I live in Tulsa and my sister lives in Duluth, and we talk every day about everything.",
     "i live in tulsa",
     "my friend said i should try talking to you",  # short: one sentence
     ],
)
def test_typed_or_short_text_is_left_as_it_is(said: str) -> None:
    assert spoken_sentences(said) == said


def test_an_object_and_a_reported_clause_are_not_cut() -> None:
    said = ("okay so im trying to get my life organized and my friend said i should try this "
            "app because it helps people like me who forget things all the time")
    out = spoken_sentences(said)
    assert "get my life organized" in out
    assert "said i should" in out


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("so i dont work at riverbend anymore obviously i work at northstar dental now its a "
         "small practice downtown and my boss is really nice so far",
         {"employer": "Northstar Dental"}),
        ("and i quit being a vet tech which was sad i miss the animals so much but i passed my "
         "boards so now im officially a dental hygienist", {"occupation": "dental hygienist"}),
        ("okay last thing tonight were watching a film and my cat ziggy always sits right on "
         "the remote so we cant pause it", {"cat_name": "Ziggy"}),
        ("oh and um can you help me remember that i keep forgetting things which is "
         "embarrassing and i eat gluten free ever since i got diagnosed with celiac like two "
         "years ago", {"diet": "gluten free"}),
    ],
)
def test_facts_in_a_dictated_message_are_read(read: Read, message: str,
                                              expected: dict[str, str]) -> None:
    assert read(message) == expected


def test_a_relative_clause_after_a_fact_is_an_aside(read: Read) -> None:
    assert read("I'm allergic to penicillin, which is annoying.") == {"allergy": "penicillin"}


@pytest.mark.parametrize(
    ("question", "fact"),
    [("um hey okay so quiz time do you remember what my name is", "The user's name is Brenna."),
     ("and last one whats my cats name", "The user's cat is called Ziggy."),
     ("what day of the week do i go climbing", "The user goes bouldering every Thursday.")],
)
def test_a_dictated_question_gets_its_memory(question: str, fact: str) -> None:
    memories = [("name", "The user's name is Brenna."),
                ("cat_name", "The user's cat is called Ziggy."),
                ("bouldering_routine", "The user goes bouldering every Thursday.")]
    assert memory_hint(question, memories) == [fact]


def test_a_long_typed_sentence_without_its_stop_is_not_cut() -> None:
    said = ("I ought also to mention that I swim at the leisure centre every Tuesday morning, "
            "thirty lengths, slowly, and")
    assert spoken_sentences(said) == said


def test_pasted_text_without_stops_is_left_whole() -> None:
    said = "and then i take gizmo out hes my dog " * 200  # 7 KB: pasted, not spoken
    assert spoken_sentences(said) == said
