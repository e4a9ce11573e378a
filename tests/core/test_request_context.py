"""Facts given as the context of a request ("I live in Galway, so what's a good day trip
from here?"): the statement before the question is read, the question never is."""

from __future__ import annotations

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.chat.memory_answer import unknown_answer
from kai_desktop.core.chat.statement_reply import small_talk_reply
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.user_sentences import (
    question_asked,
    sentences,
    statement_before_question,
)


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("I live in Leeds, so what's on this weekend?", "I live in Leeds"),
        ("I'm vegan - can you suggest a dessert?", "I'm vegan"),
        ("My cat Miso hates the vet; any tips for the trip?", "My cat Miso hates the vet"),
        ("I'm 52, is it too late to learn the piano?", "I'm 52"),
        ("I moved to Bath, near the river, where should I walk?",
         "I moved to Bath, near the river"),
        ("I drive a Golf, ok how often should the tyres be changed?", "I drive a Golf"),
    ],
)
def test_the_statement_before_a_question_is_its_lead(question: str, lead: str) -> None:
    assert statement_before_question(question) == lead


@pytest.mark.parametrize(
    "question",
    ["Remind me, what's my name?", "What's my name, again?", "If I move to Cork, what should "
     "I pack?", "When I retire, where should I live?", "I live in Leeds.",
     "I live in Leeds and love it?"],
)
def test_no_lead_for_a_plain_question_a_supposition_or_a_statement(question: str) -> None:
    assert statement_before_question(question) is None


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("I live in Leeds, so what's on this weekend?", "home_city", "Leeds"),
        ("I'm vegan - can you suggest a dessert?", "diet", "vegan"),
        ("I'm 52, is it too late to learn the piano?", "age", "52"),
        ("My brother Tomás is getting married, what should I wear?", "brother_name", "Tomás"),
        ("I collect stamps, how should I keep them dry?", "collects", "stamps"),
        ("Plum is my favourite colour; does it go with grey?", "favourite_colour", "Plum"),
        ("I row on the river every Sunday morning, is that enough exercise?",
         "rowing_routine", "every Sunday morning"),
    ],
)
def test_a_fact_said_before_a_question_is_captured(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [(key, value)]


@pytest.mark.parametrize(
    "message",
    [
        "If I move to Cork, what should I pack?",
        "My friend lives in Galway, what's it like?",
        "I'm thinking of moving to Berlin, is it expensive?",
        "We're planning to move to Spain, how do visas work?",
        "I'm tired today, any tips?",
        "I'd like a recipe, any ideas?",
        "My boss is driving me mad, how do I cope?",
        "I'm cooking lasagne tonight, how long should it bake?",
        "Kai, what's the weather like?",
    ],
)
def test_a_question_with_no_lasting_fact_before_it_stores_nothing(
    capturer: Capturer, message: str
) -> None:
    assert capturer.propose(None, message) == []


def test_a_change_said_before_a_question_replaces_the_memory(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I'm a pharmacist at Boots.")
    capturer.capture(None, "I work for Lloyds these days instead of Boots; is the pay better?")
    assert store.get("employer") is not None
    assert "Lloyds" in store.get("employer").content  # type: ignore[union-attr]
    assert not any("Boots" in m.content for m in store.all())


def test_a_routine_may_name_its_place_before_the_day(capturer: Capturer) -> None:
    facts = capturer.propose(None, "I cycle along the canal every Friday evening.")
    assert [(f.key, f.value) for f in facts] == [("cycling_routine", "every Friday evening")]


@pytest.mark.parametrize(
    ("question", "memory"),
    [
        ("What's the dog called?", ("dog_name", "The user's dog is called Rolo.")),
        ("What do I drink first thing?", ("morning_routine", "The user starts the day with "
                                                             "cold brew.")),
        ("What's my favourite dish?", ("favourite_food", "The user's favourite food is pho.")),
    ],
)
def test_questions_in_other_words_find_their_memory(question: str, memory: tuple[str, str]
                                                     ) -> None:
    others = [("cat_name", "The user's cat is called Miso."),
              ("favourite_film", "The user's favourite film is Heat."),
              ("home_city", "The user lives in Leeds.")]
    assert memory_hint(question, [*others, memory]) == [memory[1]]


def test_the_capital_of_a_country_is_still_no_question_about_the_user() -> None:
    assert memory_hint("What's the capital of France?",
                       [("home_city", "The user lives in Paris.")]) == []


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("Since I'm vegan, what can I bake?", "I'm vegan"),
        ("Now that I work at Aldi, how do I ask for a raise?", "I work at Aldi"),
        ("As a nurse at St Mary's, how do I manage night shifts?", "I'm a nurse at St Mary's"),
        ("What should I tell the dentist, since I'm allergic to latex?", "I'm allergic to latex"),
    ],
)
def test_a_reason_or_a_role_given_with_a_question_is_its_lead(question: str, lead: str) -> None:
    assert statement_before_question(question) == lead


@pytest.mark.parametrize("question", ["As a rule, what should I eat?",
                                      "As a kid, what did I like?",
                                      "Because it rains, should I stay in?"])
def test_no_role_or_reason_without_one(capturer: Capturer, question: str) -> None:
    assert capturer.propose(None, question) == []


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("Help me plan a party for my brother Kofi's 30th.", [("brother_name", "Kofi")]),
        ("What should I cook for my husband Raj tonight?", [("husband_name", "Raj")]),
        ("How do I stop our dog Pepper barking at the postman?", [("dog_name", "Pepper")]),
        ("Which winter tyres suit my Skoda Fabia?", [("vehicle", "Skoda Fabia")]),
        ("Is my dog called Rex?", []),
        ("whats my cat called?", []),
        ("What does my mum think of it?", []),
    ],
)
def test_a_question_or_request_names_the_users_own_in_passing(
    capturer: Capturer, message: str, facts: list[tuple[str, str]]
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == facts


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("I'm dairy-free these days.", "diet", "dairy-free"),
        ("We just moved to Halifax.", "home_city", "Halifax"),
    ],
)
def test_diets_said_as_free_from_and_a_move_just_made(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [(key, value)]


MEMORIES = [("home_city", "The user lives in Galway."),
            ("vehicle", "The user drives a Skoda Octavia."),
            ("wife_name", "The user's wife is called Chloe.")]


@pytest.mark.parametrize(
    "message",
    [
        # The question after the statement asks nothing about what the user has said
        "I sold the Skoda and got a Kia Niro, how do I charge it at home?",
        "We've moved to Cork, where's good for a walk around here?",
        # Advice asked for
        "What should I get my wife for our anniversary?",
        "How do I find a good garage for the car?",
    ],
)
def test_no_memory_is_pressed_on_a_request_for_advice(message: str) -> None:
    assert memory_hint(message, MEMORIES) == []


@pytest.mark.parametrize(
    ("message", "fact"),
    [("Quick one, what's my wife called?", "The user's wife is called Chloe."),
     ("What do I drive?", "The user drives a Skoda Octavia.")],
)
def test_a_question_about_the_user_still_gets_its_memory(message: str, fact: str) -> None:
    assert memory_hint(message, MEMORIES) == [fact]


def test_the_question_asked_is_the_part_after_the_statement() -> None:
    assert question_asked("I drive a Skoda; how often should it be serviced?") == (
        "how often should it be serviced?")
    assert question_asked("What should I tell the dentist, since I'm allergic to latex?") == (
        "What should I tell the dentist?")
    assert question_asked("What's my name?") == "What's my name?"


def test_a_request_with_its_context_is_answered_not_refused() -> None:
    """"I speak Irish at home, any good Irish-language radio?" asks for radio, not for a
    memory: the model's answer stands."""
    answer = "Try RTÉ Raidió na Gaeltachta."
    assert unknown_answer(answer, "I speak Irish at home, any good Irish-language radio?",
                          []) == answer


def test_questions_are_not_offered_to_the_rules_whole() -> None:
    """Keeping a sentence whole costs a run of every rule; a question never is one, so a
    paste of thousands of questions costs no rule runs for it."""
    asked: list[str] = []

    def whole(sentence: str) -> bool:
        asked.append(sentence)
        return False

    sentences("What is my name? I live in Leeds. Is my dog called Rex?", whole=whole)
    assert asked == ["I live in Leeds."]


def test_a_run_on_question_has_no_lead() -> None:
    assert statement_before_question("I live in Leeds, " + "and so on, " * 200 + "why?") is None


def test_advice_asked_about_someone_the_user_names_is_answered() -> None:
    """"What should I get my wife Chloe?" asks for ideas, not for a memory: the answer
    stands even when no wife is known yet."""
    answer = "Flowers and a dinner out are a classic."
    assert unknown_answer(answer, "What should I get my wife Chloe for our anniversary?",
                          []) == answer


@pytest.mark.parametrize("message", ["Man, what a long week.", "Ugh, it's lashing rain again.",
                                     "Phew, what a day."])
def test_a_moan_refused_by_the_model_gets_a_kind_line(message: str) -> None:
    assert small_talk_reply(message, "I'm sorry, but I can't assist with that.") == (
        "Sorry to hear that. I hope the rest of your day is easier.")
