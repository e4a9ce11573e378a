"""A pronoun after a question: "What's the best way to store comic books? I collect
them." is read as "I collect comic books"."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.antecedents import with_antecedents
from kai_desktop.core.memory.capture import Capturer


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("What's the best way to store comic books? I collect them.", "collects", "comic books"),
        ("Any tips for cleaning vinyl records? I collect them.", "collects", "vinyl records"),
        ("Where can I buy stamps? I collect them.", "collects", "stamps"),
        # the count of a collection names what it holds
        ("Picked up a tin robot at the market, that makes 40 in my collection!", "collects",
         "tin robots"),
    ],
)
def test_the_pronoun_is_read_as_the_thing_the_question_ends_on(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    facts = {f.key: f.value for f in capturer.propose(None, message)}
    assert facts.get(key) == value


@pytest.mark.parametrize(
    "sentences",
    [
        ["Is it reliable?", "I drive it."],  # said of a thing, not the thing
        ["Why are people so rude?", "I hate them."],  # no verb a fact is read from
        ["Where can I buy stamps?", "I play it."],  # "it" is not plural "stamps"
        ["I like stamps.", "I collect them."],  # no question before
        ["I found a key on the street, that makes my day."],  # no collection counted
    ],
)
def test_no_antecedent_is_guessed(sentences: list[str]) -> None:
    assert with_antecedents(sentences) == sentences


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("Food has changed too! Now my favourite is ramen with egg.", "favourite_food",
         "ramen with egg"),
        ("Music wise, things moved on. My favourite is Radiohead.", "favourite_music",
         "Radiohead"),
        ("Sam and I never agree about films. My favourite is Alien; his is Cars.",
         "favourite_film", "Alien"),
        ("I've a new favourite food. A kebab from the van outside the station.",
         "favourite_food", "kebab"),
    ],
)
def test_a_favourite_said_without_its_kind_takes_the_kind_said_before(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    facts = {f.key: f.value for f in capturer.propose(None, message)}
    assert facts.get(key) == value


def test_a_favourite_after_a_sentence_on_something_else_is_left_alone() -> None:
    sentences = ["I went out last night.", "My favourite is Alien."]
    assert with_antecedents(sentences) == sentences


def test_a_thing_named_after_a_new_favourite_of_another_kind_is_not_read_as_one() -> None:
    sentences = ["I went to the new place in town.", "A kebab from the van, lovely."]
    assert with_antecedents(sentences) == sentences
