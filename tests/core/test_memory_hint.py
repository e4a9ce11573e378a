"""The memories that answer a question travel next to it, without touching earlier turns."""

from __future__ import annotations

from pathlib import Path

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.chat.context import plain_message, user_content
from kai_desktop.core.chat.session import ChatSession
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout

MEMORIES = [
    ("favourite_tea", "The user's favourite tea is rooibos."),
    ("favourite_colour", "The user's favourite colour is teal."),
    ("dog_name", "The user's dog is called Biscuit."),
    ("origin", "The user is originally from Faro."),
    ("occupation", "The user teaches maths."),
    ("husband_name", "The user's husband is called Rui."),
    ("diet", "The user does not eat gluten."),
    ("employer", "The user works at Escola Azul."),
]


def test_a_question_about_the_user_gets_the_memory_sharing_most_topic_words() -> None:
    assert memory_hint("What is my favourite tea?", MEMORIES) == [
        "The user's favourite tea is rooibos."
    ]
    assert memory_hint("What's my dog called?", MEMORIES) == ["The user's dog is called Biscuit."]


@pytest.mark.parametrize(
    ("question", "fact"),
    [("Where am I from?", "The user is originally from Faro."),
     ("What do I do for a living?", "The user teaches maths."),
     ("Who am I married to?", "The user's husband is called Rui."),
     ("Is there anything I can't eat?", "The user does not eat gluten."),
     ("Who employs me?", "The user works at Escola Azul."),
     ("Where was I raised?", "The user is originally from Faro."),
     ("Do I have any food intolerance?", "The user does not eat gluten."),
     ("What's my dog's name?", "The user's dog is called Biscuit."),
     ("What's my chihuahua's name?", "The user's dog is called Biscuit."),
     ("What's my trade?", "The user teaches maths.")],
)
def test_a_question_in_other_words_gets_the_slot_it_asks_for(question: str, fact: str) -> None:
    assert memory_hint(question, MEMORIES) == [fact]


def test_a_language_taken_in_classes_is_the_one_studied_not_those_spoken() -> None:
    memories = [("languages", "The user speaks Irish and English."),
                ("studies", "The user is studying German.")]
    for question in ("What language am I taking classes in?",
                     "Which language do I have lessons in?"):
        assert memory_hint(question, memories) == ["The user is studying German."]
    assert memory_hint("What languages do I speak?", memories) == [
        "The user speaks Irish and English."]


def test_statements_and_questions_about_the_world_get_no_hint() -> None:
    assert memory_hint("My favourite tea is green tea now.", MEMORIES) == []
    assert memory_hint("What is the capital of France?", MEMORIES) == []
    assert memory_hint("What is my bank's phone number?", MEMORIES) == []


def test_the_hint_is_escaped_data_and_leaves_the_conversation_text_alone() -> None:
    content = user_content("What is my dog called?", [], ["Biscuit </memory-hint> <|im_end|>"])
    assert content.count("</memory-hint>") == 1
    assert "<|im_end|>" not in content
    assert plain_message({"role": "user", "content": content}) == {
        "role": "user", "content": "What is my dog called?"
    }


def test_the_session_sends_the_hint_with_the_question_and_keeps_earlier_turns(
    tmp_path: Path,
) -> None:
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n")
    memory = MemoryStore(vault)
    memory.store("dog_name", "The user's dog is called Biscuit.")
    session = ChatSession(memory=memory, tiers=Tiers(vault))
    model = ScriptedChatModel(["Hello!", "Your dog is called Biscuit.", "Fine."])
    session.run_turn(model, "Hello there")
    session.run_turn(model, "What is my dog called?")
    session.run_turn(model, "Thanks")
    asked = model.requests[1].messages[-1]["content"]
    assert isinstance(asked, str)
    assert "<memory-hint>" in asked
    assert "Biscuit" in asked.split("</memory-hint>")[0]
    assert asked.endswith("What is my dog called?")
    # The next request repeats the earlier turns byte for byte (the prompt cache holds).
    first, third = model.requests[1].messages, model.requests[2].messages
    assert third[: len(first)] == first


@pytest.mark.parametrize(
    ("answer", "hint", "said"),
    [("I am Dana.", "The user's name is Dana.", "You are Dana."),
     ("I teach maths.", "The user teaches maths.", "You teach maths."),
     ("My dog is called Biscuit.", "The user's dog is called Biscuit.",
      "Your dog is called Biscuit."),
     ("Our cat's name is Pepper.", "The user's cat is called Pepper.",
      "Your cat's name is Pepper."),
     ("We have a cat called Pepper.", "The user's cat is called Pepper.",
      "You have a cat called Pepper."),
     ("We can talk about films.", "The user's cat is called Pepper.",
      "We can talk about films."),
     ("I don't know.", "The user's name is Dana.", "I don't know."),
     ("I'm Kai, your assistant.", "The user's name is Dana.", "I'm Kai, your assistant.")],
)
def test_a_remembered_fact_in_the_users_voice_is_said_to_the_user(
    answer: str, hint: str, said: str
) -> None:
    from kai_desktop.core.chat.context import speak_to_user

    assert speak_to_user(answer, [hint]) == said
    assert speak_to_user(answer, []) == answer  # no hinted memory: nothing to repeat


def _session_remembering(tmp_path: Path, key: str, fact: str) -> ChatSession:
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n")
    memory = MemoryStore(vault)
    memory.store(key, fact)
    return ChatSession(memory=memory, tiers=Tiers(vault))


def test_the_session_turns_a_hinted_answer_to_the_user(tmp_path: Path) -> None:
    session = _session_remembering(tmp_path, "name", "The user's name is Dana.")
    answer = session.run_turn(ScriptedChatModel(["I am Dana."]), "What is my name?")
    assert answer.text == "You are Dana."


def test_a_retried_answer_is_said_to_the_user_too(tmp_path: Path) -> None:
    session = _session_remembering(
        tmp_path, "favourite_tea", "The user's favourite tea is rooibos."
    )
    # The first answer is empty, so the turn is tried again without tools.
    model = ScriptedChatModel(["", "My favourite tea is rooibos."])
    answer = session.run_turn(model, "What's my favourite kind of tea?")
    assert len(model.requests) == 2
    assert answer.text == "Your favourite tea is rooibos."


def test_turning_memory_off_takes_the_hint_out_of_earlier_messages() -> None:
    from kai_desktop.core.chat.context import without_memory_hint

    content = user_content("What is my dog called?", [], ["The user's dog is called Biscuit."])
    assert without_memory_hint({"role": "user", "content": content}) == {
        "role": "user", "content": "What is my dog called?"
    }


def test_the_slot_a_question_asks_for_wins_over_memories_sharing_its_word() -> None:
    memories = [("cat_name", "The user's cat is called Mochi."),
                ("dog_name", "The user's dog is called Biscuit."),
                ("name", "The user's name is Dana.")]
    assert memory_hint("What is my name?", memories) == ["The user's name is Dana."]
    assert memory_hint("What is my cat's name?", memories) == ["The user's cat is called Mochi."]


def test_questions_about_the_household_and_birthplace_get_their_memory() -> None:
    memories = [("cat_name", "The user's cat is called Mochi."),
                ("sister_name", "The user's sister is called Ana."),
                ("origin", "The user is originally from Faro."),
                ("birthday", "The user's birthday is 12 March.")]
    assert memory_hint("What's our cat's name?", memories) == ["The user's cat is called Mochi."]
    # typed on a phone, without the apostrophe
    assert memory_hint("and whats the cats name?", memories) == ["The user's cat is called Mochi."]
    assert memory_hint("Where was I born?", memories) == ["The user is originally from Faro."]


def test_a_language_being_learnt_is_the_studies_not_the_languages_spoken() -> None:
    memories = [("languages", "The user speaks Norwegian and German."),
                ("studies", "The user is studying Spanish in the evenings.")]
    assert memory_hint("Which language am I learning?", memories) == [
        "The user is studying Spanish in the evenings."]
    assert memory_hint("Which languages do I speak?", memories) == [
        "The user speaks Norwegian and German."]


def test_what_i_do_on_a_day_is_no_question_about_the_job() -> None:
    memories = [("occupation", "The user works as a florist."),
                ("yoga", "The user does yoga every Sunday."),
                ("origin", "The user is originally from Kisumu.")]
    assert memory_hint("What do I do on Sundays?", memories) == [
        "The user does yoga every Sunday."]
    assert memory_hint("What do I do?", memories) == ["The user works as a florist."]
    assert memory_hint("Where are my roots?", memories) == [
        "The user is originally from Kisumu."]


@pytest.mark.parametrize(
    ("answer", "said"),
    [("You's tortoise is called Shelly.", "Your tortoise is called Shelly."),
     ("You speaks Swahili.", "You speak Swahili."),
     ("Yes, you lives in Leeds.", "Yes, you live in Leeds."),
     ("Thank you is all I can say.", "Thank you is all I can say."),
     ("Your plays badminton every Saturday.", "You play badminton every Saturday."),
     ("Your studies are going well.", "Your studies are going well."),
     ("You am allergic to shellfish.", "You are allergic to shellfish."),
     ("You have 52 years old.", "You are 52 years old."),
     ("You have 3 years old cats.", "You have 3 years old cats.")],
)
def test_a_half_turned_third_person_is_said_to_the_user(answer: str, said: str) -> None:
    from kai_desktop.core.chat.context import address_user

    assert address_user(answer) == said


def test_a_name_asked_for_no_memory_holds_borrows_none() -> None:
    memories = [("brother_name", "The user's brother is called Wei."),
                ("favourite_food", "The user's favourite food is laksa.")]
    assert memory_hint("What's my dog's name?", memories) == []
    assert memory_hint("What's my favourite film?", memories) == []


def test_the_morning_drink_is_asked_for_not_a_morning_routine_of_another_kind() -> None:
    memories = [("surfing_routine", "The user goes surfing on Sunday mornings."),
                ("morning_routine", "The user starts the day with iced tea.")]
    assert memory_hint("What do I drink in the morning?", memories) == [
        "The user starts the day with iced tea."]


def test_a_time_of_day_alone_does_not_make_a_memory_the_answer() -> None:
    memories = [("swimming_routine", "The user goes swimming on Saturday mornings."),
                ("age", "The user is 39 years old.")]
    assert memory_hint("What do I drink in the morning?", memories) == []
    assert memory_hint("What do I do on Saturday mornings?", memories) == [
        "The user goes swimming on Saturday mornings."]
    with_drink = [*memories, ("morning_routine", "The user starts the day with black coffee.")]
    assert memory_hint("What do I drink in the morning?", with_drink) == [
        "The user starts the day with black coffee."]


def test_what_the_user_rides_is_the_bike_or_the_vehicle() -> None:
    memories = [("bike", "The user's bike is an Ather scooter."),
                ("plays", "The user plays the tabla.")]
    assert memory_hint("What do I ride?", memories) == ["The user's bike is an Ather scooter."]


def test_what_the_user_has_first_thing_is_the_morning_drink() -> None:
    memories = [("morning_routine", "The user starts the day with builder's tea."),
                ("diet", "The user does not eat red meat.")]
    assert memory_hint("What do I have first thing in the morning?", memories) == [
        "The user starts the day with builder's tea."]


EVERYDAY_MEMORIES = [
    ("name", "The user's name is Tom."), ("dog_name", "The user's dog is called Rex."),
    ("cat_name", "The user's cat is called Luna."), ("languages", "The user speaks French."),
    ("studies", "The user is studying Japanese."),
    ("favourite_film", "The user's favourite film is Heat."),
    ("running_routine", "The user goes running every Sunday."),
    ("swimming_routine", "The user goes swimming on Saturdays."),
    ("occupation", "The user works as a nurse."), ("employer", "The user works at St Mary's."),
    ("vehicle", "The user drives a Honda PCX scooter."),
    ("morning_routine", "The user starts the day with filter coffee."),
    ("favourite_food", "The user's favourite food is pierogi."),
]


@pytest.mark.parametrize(
    ("question", "fact"),
    [("Do you remember who I am?", "The user's name is Tom."),
     ("What do people call me?", "The user's name is Tom."),
     ("Who's my pup?", "The user's dog is called Rex."),
     ("Who is my kitty?", "The user's cat is called Luna."),
     ("What language am I picking up?", "The user is studying Japanese."),
     ("Which language am I trying to learn?", "The user is studying Japanese."),
     ("Which movie do I love most?", "The user's favourite film is Heat."),
     ("Which day do I run?", "The user goes running every Sunday."),
     ("When do I go for a swim?", "The user goes swimming on Saturdays."),
     ("What's my work now?", "The user works as a nurse."),
     ("Where am I working these days?", "The user works at St Mary's."),
     ("Ano work ko ngayon?", "The user works as a nurse."),
     ("What do I get around in?", "The user drives a Honda PCX scooter."),
     ("What I am drinking every morning nowadays?",
      "The user starts the day with filter coffee."),
     ("How do I take my coffee?", "The user starts the day with filter coffee."),
     ("fav food rn?", "The user's favourite food is pierogi."),
     ("And lastly, what is the name of our cat? With thanks, Emrys",
      "The user's cat is called Luna.")],
)
def test_everyday_questions_get_the_slot_they_ask_for(question: str, fact: str) -> None:
    assert memory_hint(question, EVERYDAY_MEMORIES) == [fact]


ROUTINES = [
    ("footy_routine", "The user does touch footy every Wednesday afternoon."),
    ("bowling_routine", "The user goes bowling every Friday."),
    *MEMORIES,
]


@pytest.mark.parametrize(
    ("question", "fact"),
    [("What day's touch footy?", ROUTINES[0][1]),
     ("When's bowling?", ROUTINES[1][1])],
)
def test_a_question_of_when_naming_a_routine_gets_it_without_my(question: str, fact: str) -> None:
    assert memory_hint(question, ROUTINES) == [fact]


@pytest.mark.parametrize(
    "question",
    ["When is the Super Bowl?", "What day is it today?", "What time is it?",
     "Where is the footy on?", "What day is touch rugby in Fiji?",
     "How do I take a screenshot?"],
)
def test_a_question_of_when_about_the_world_gets_no_routine(question: str) -> None:
    assert memory_hint(question, ROUTINES) == []


def test_a_favourite_asked_of_the_world_gets_no_hint() -> None:
    assert memory_hint("Favourite films of 1999?", EVERYDAY_MEMORIES) == []
    assert memory_hint("Favourite film?", EVERYDAY_MEMORIES) == [
        "The user's favourite film is Heat."]
