"""Texting spellings, read as the standard ones before capture and the memory hint."""

from __future__ import annotations

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.informal import standard_spelling
from kai_desktop.core.memory.user_sentences import why_not_a_statement


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("im a nurse", "I'm a nurse"),
        ("ive got two cats", "I've got two cats"),
        ("Fav band is muse", "Favourite band is muse"),  # a phone's capital
        ("Im off to work", "I'm off to work"),
        ("fav band is muse", "Favourite band is muse"),
        ("bday is june 2", "Birthday is June 2"),  # a month has its capital
        ("whats my gf's name?", "What's my girlfriend's name?"),
        ("my sis and i dont drink", "My sister and I don't drink"),
        ("been vegan 3 yrs lol", "Been vegan 3 years"),
        ("tbh sushi is my go to lunch", "Sushi is my go-to lunch"),
        ("heat is my all time fav film", "Heat is my all-time favourite film"),
        ("keep my life together lol. im imogen btw", "Keep my life together. I'm Imogen"),
        ("the cat is a disaster jaja", "The cat is a disaster"),  # Spanish laughter
    ],
)
def test_texting_spellings_are_written_out(typed: str, read: str) -> None:
    assert standard_spelling(typed) == read


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("just moved to san diego last month", "Just moved to San Diego last month"),
        ("my daughter priya is 6", "My daughter Priya is 6"),
        ("our cat is called mochi", "Our cat is called Mochi"),
        ("i work at blue bottle now", "I work at Blue Bottle now"),
    ],
)
def test_names_get_their_capitals_in_a_message_typed_in_lower_case(typed: str, read: str) -> None:
    assert standard_spelling(typed) == read


@pytest.mark.parametrize(
    "text",
    [
        "its fine, ill be there",  # words as well as spellings: left alone
        "we were well",
        "thanks bro",  # a form of address, not a brother
        "I live in Denver now",  # capitals typed: nothing is guessed
        "I'm at work.",
        "I'm GF and DF these days",  # gluten- and dairy-free, in capitals
        "Built in 300 BC",
        "My friend Jaja Okafor is visiting",  # a name, in capitals
    ],
)
def test_words_that_are_words_stay(text: str) -> None:
    assert standard_spelling(text) == text[:1].upper() + text[1:]


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("my dog barks at night", "My dog barks at night"),  # no name after "my dog"
        ("my brother really likes chess", "My brother really likes chess"),
        ("i work at home", "I work at home"),
        ("i work for myself", "I work for myself"),
        ("lol", "Lol"),  # a filler alone is what was said
    ],
)
def test_no_name_is_made_from_an_ordinary_word(typed: str, read: str) -> None:
    assert standard_spelling(typed) == read


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("im a firefighter", "occupation", "firefighter"),
        ("i live in portland", "home_city", "Portland"),
        ("my sister nadia lives in leeds", "sister_name", "Nadia"),
        ("we have a dog named biscuit", "dog_name", "Biscuit"),
        ("fav color is teal", "favourite_colour", "teal"),
        ("bday is june 2", "birthday", "June 2"),
        ("been vegetarian for like 10 yrs", "diet", "vegetarian"),
        ("turned 41 in may", "age", "41"),
        ("grew up in leeds", "origin", "Leeds"),
        ("born and raised in cork", "origin", "Cork"),
        ("started at northwind labs last month", "employer", "Northwind Labs"),
        ("me and my bf sam have been together 2 yrs", "boyfriend_name", "Sam"),
        ("heat is my all time fav film", "favourite_film", "Heat"),
        ("ramen is my go to food", "favourite_food", "Ramen"),
        ("hii kai, jess here", "name", "Jess"),
        ("got a pug called waffles", "dog_name", "Waffles"),
        ("We have a beagle named Bruno.", "dog_name", "Bruno"),
        ("allergic to shellfish so no paella for me", "allergy", "shellfish"),
        ("originally from galway", "origin", "Galway"),
        ("been playing banjo for about a year", "plays", "banjo"),
        ("need my espresso every morning", "morning_routine", "espresso"),
        ("off tea now, it's black coffee in the mornings", "morning_routine", "black coffee"),
        ("done with lattes, its matcha in the mornings", "morning_routine", "matcha"),
    ],
)
def test_texted_facts_are_captured_without_the_model(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [(key, value)]


@pytest.mark.parametrize("message", ["so bored today haha", "ok cool", "ttyl",
                                     "whats a good pasta recipe", "lol same"])
def test_texted_small_talk_is_no_fact(capturer: Capturer, message: str) -> None:
    assert capturer.propose(None, message) == []


def test_a_texted_question_finds_the_memory_it_asks_for() -> None:
    memories = [("favourite_food", "Pho is the user's favourite food."),
                ("favourite_colour", "The user's favourite colour is orange."),
                ("girlfriend_name", "The user's girlfriend is called Tasha."),
                ("birthday", "The user's birthday is Oct 3.")]
    assert memory_hint("whats my fav color?", memories) == [
        "The user's favourite colour is orange."]
    assert memory_hint("whats my gf's name?", memories) == [
        "The user's girlfriend is called Tasha."]
    assert memory_hint("when is my bday?", memories) == ["The user's birthday is Oct 3."]


@pytest.mark.parametrize("message", ["same here", "Same here.", "nobody here", "me here",
                                     "it's chaos in the mornings", "It's busy in the mornings."])
def test_look_alikes_of_texted_facts_are_none(capturer: Capturer, message: str) -> None:
    assert capturer.propose(None, message) == []


@pytest.mark.parametrize("question", ["whats my name", "wheres my sister living now",
                                      "hows my dog called"])
def test_a_texted_question_without_its_mark_is_a_question(question: str) -> None:
    assert why_not_a_statement(question) == "a question"


@pytest.mark.parametrize(
    ("message", "facts"),
    [("MY DOG IS CALLED BISCUIT.", [("dog_name", "Biscuit")]),
     ("HELLO IM FRANK, 71, RETIRED POSTMAN", [("name", "Frank"), ("age", "71")]),
     ("MY WIFE MARGARET PLAYS THE PIANO", [("wife_name", "Margaret")]),
     ("I work at the NHS in Leeds.", [("employer", "the NHS in Leeds")])],  # acronyms stay
)
def test_a_message_typed_in_capitals_is_read_as_one_in_lower_case(
    capturer: Capturer, message: str, facts: list[tuple[str, str]]
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == facts


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("I grew up in St. Ives, down in Cornwall.", "origin", "St Ives"),
        ("I work at St. Luke's hospital.", "employer", "St Luke's hospital"),
        ("We live in Mt. Pleasant now.", "home_city", "Mt Pleasant"),
    ],
)
def test_a_titles_full_stop_ends_no_sentence(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [(key, value)]


def test_a_street_after_its_name_still_ends_the_sentence() -> None:
    assert standard_spelling("I live on Baker St. My dog is Rex.").endswith("St. My dog is Rex.")


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("biscuit is my dog btw. tiny, loud, perfect", "dog_name", "Biscuit"),
        ("teal is literally my favorite color", "favourite_colour", "Teal"),
        ("now i crack open a monster every morning, the white one", "morning_routine",
         "monster"),
        ("it's for this tiny bakery called rise and shine in midtown", "employer",
         "Rise and Shine"),
    ],
)
def test_texted_facts_with_flags_and_stress_are_read(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [(key, value)]


@pytest.mark.parametrize("message", ["She is literally my best friend.", "He is my brother."])
def test_a_pronoun_is_nobodys_name(capturer: Capturer, message: str) -> None:
    assert capturer.propose(None, message) == []


@pytest.mark.parametrize("question", ["wait whats my dogs name again 😭",
                                      "hold on, where do i work now", "ok so what car do i drive"])
def test_a_question_after_a_word_that_holds_the_floor_is_a_question(question: str) -> None:
    assert why_not_a_statement(standard_spelling(question)) == "a question"
