"""Sentences that leave out "I" are the user's; small talk said that way is not."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.capture import told_of_user
from kai_desktop.core.memory.implied_subject import leaves_out_i, with_i, with_my
from kai_desktop.core.memory.user_sentences import statement_sentences, why_not_a_statement


@pytest.mark.parametrize("text", [
    "Moved to Oslo in the summer.",
    "Been living in Bergen for years.",
    "Picking up Italian from an app.",
    "Married to Daniel for six years now.",
    "Just started at the city library.",
    "Grew up in Cork.",
])
def test_a_sentence_that_opens_with_its_verb_is_the_users(text: str) -> None:
    assert leaves_out_i(text)
    assert why_not_a_statement(text) is None
    assert statement_sentences(text, told_of_user=told_of_user) == [text]


@pytest.mark.parametrize("text", [
    "Feeling sleepy today.",
    "Heading out now.",
    "Looking forward to the weekend.",
    "Been a long day.",
    "Got to go.",
    "Had a great time.",
    "Sounds good.",
    "Thinking about lunch.",
    "Visited her mum in Leeds.",
    "Spent the day in the garden.",
    "Nothing much.",
    "Morning, Kai.",
])
def test_small_talk_and_sentences_about_others_stay_out(text: str) -> None:
    assert not leaves_out_i(text)
    assert statement_sentences(text, told_of_user=told_of_user) == []


def test_a_passing_state_said_without_i_is_still_a_passing_state() -> None:
    assert leaves_out_i("Baking cookies this afternoon.")
    assert why_not_a_statement("Baking cookies this afternoon.") is not None


@pytest.mark.parametrize(("text", "full"), [
    ("Turned 41 in May.", "I turned 41 in May."),
    ("Been vegan for years.", "I've been vegan for years."),
    ("Just moved to Lyon.", "I just moved to Lyon."),
    ("Trying to learn Korean.", "I'm trying to learn Korean."),
    ("currently learning Icelandic (Duolingo streak 212 days)",
     "I'm currently learning Icelandic (Duolingo streak 212 days)"),
])
def test_the_left_out_i_is_put_back_for_the_rules(text: str, full: str) -> None:
    assert with_i(text) == full


@pytest.mark.parametrize("text", [
    "Learning to drive is hard.",  # the "-ing" phrase is the subject
    "Feeling sleepy today.",
    "The bus was late.",
])
def test_no_i_is_put_into_a_sentence_that_is_not_the_users(text: str) -> None:
    assert with_i(text) is None


def test_a_left_out_my_is_put_back_only_for_the_users_own_slots() -> None:
    assert with_my("Birthday is March 3.") == "My birthday is March 3."
    assert with_my("Favourite band is Muse.") == "My favourite band is Muse."
    assert with_my("Weather is nice.") is None
    assert with_my("Traffic is bad today.") is None
