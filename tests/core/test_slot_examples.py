"""The worked examples the model files statements by: the bank file and the picking."""

from __future__ import annotations

import json

import pytest

from kai_desktop.core.memory import slot_examples
from kai_desktop.core.memory.slot_examples import (
    BANK_FILE,
    Example,
    as_line,
    nearest_examples,
    parse_bank,
)
from kai_desktop.core.memory.slot_request import slot_request
from kai_desktop.core.memory.slot_words import ANIMAL_WORDS
from kai_desktop.core.memory.slots import NO_FACT, RELATIVES, SLOTS, words_in

BANK = parse_bank(BANK_FILE.read_text(encoding="utf-8"))


def test_the_bank_is_a_few_hundred_examples_over_every_topic() -> None:
    assert len(BANK) >= 300
    topics = {e.topic for e in BANK}
    assert topics == set(SLOTS)
    assert len(BANK_FILE.read_text(encoding="utf-8").splitlines()) == len(BANK)


@pytest.mark.parametrize("example", BANK, ids=lambda e: e.text[:40])
def test_every_example_is_an_answer_the_checks_would_take(example: Example) -> None:
    assert example.topic in SLOTS
    assert example.topic != NO_FACT
    assert words_in(example.value, example.text)
    if example.topic == "relative":
        assert example.detail in RELATIVES
    if example.topic == "pet":
        assert example.detail in ANIMAL_WORDS
    if example.topic in ("favourite", "other"):
        assert example.detail


def test_a_line_round_trips_and_a_malformed_line_is_skipped() -> None:
    example = Example("Oboe since I was nine.", "instrument", "", "Oboe")
    text = "\n".join(["just text", as_line(example), "a\tb", "\tjob\t\tx", ""])
    assert parse_bank(text) == (example,)


def test_the_nearest_examples_say_something_alike_most_alike_last() -> None:
    picked = nearest_examples("Glazier by day.", k=4)
    assert len(picked) == 4
    assert picked[-1].text == "Pharmacist by day."
    assert picked[-1].topic == "job"
    assert all(e in BANK for e in picked)


def test_the_pick_follows_the_statement() -> None:
    pets = nearest_examples("Our tortoise is named Shelly.", k=3)
    cars = nearest_examples("I get around in a Skoda.", k=3)
    assert pets[-1].topic == "pet"
    assert cars[-1].topic == "car"
    assert not set(pets) & set(cars)


def test_a_word_for_a_kind_of_thing_outweighs_look_alike_letters() -> None:
    # "Heidi" looks like "Hei! Ingrid here." letter for letter; "goat" says it is a pet
    picked = nearest_examples("We keep a goat, Heidi.", k=4)
    assert picked[-1].topic == "pet"
    assert [e.topic for e in picked[-2:]] == ["pet", "pet"]


def test_the_request_files_nothing_first_then_the_alike_examples_then_the_statement() -> None:
    messages = slot_request("Glazier by day.")
    assert messages[0]["role"] == "system"
    answers = [json.loads(m["content"]) for m in messages if m["role"] == "assistant"]
    assert answers[0]["topic"] == NO_FACT
    assert answers[-1] == {"topic": "job", "detail": "", "value": "pharmacist"}
    assert messages[-2]["content"] == json.dumps(answers[-1])
    assert messages[-1] == {"role": "user", "content": 'Statement: "Glazier by day."'}


def test_without_the_bank_file_the_request_keeps_its_fixed_examples(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(slot_examples, "BANK_FILE", tmp_path / "missing.tsv")
    slot_examples._bank.cache_clear()
    try:
        assert nearest_examples("Glazier by day.") == []
        answers = [json.loads(m["content"])["topic"] for m in slot_request("Glazier by day.")
                   if m["role"] == "assistant"]
        assert len(answers) == 5
        assert answers[-1] == NO_FACT
    finally:
        slot_examples._bank.cache_clear()


def test_the_topic_most_near_examples_share_comes_last_not_one_odd_match() -> None:
    """"drummer" shares more letters with "summer" than any one move does, but three of
    the four near examples are moves: the request ends on a move."""
    picked = nearest_examples("Moved to Fife in the summer.", k=4)
    assert [e.topic for e in picked].count("home city") >= 2
    assert picked[-1].topic == "home city"
    assert picked[-2].topic == "home city"

