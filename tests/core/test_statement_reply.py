"""Replies the session mends: a statement answered with a recited memory, in the user's
voice or with the assistant's name in the user's place gets the plain acknowledgement; an
answer that leaves out the hinted memory's value gets the memory; good replies stay."""

from __future__ import annotations

import pytest

from kai_desktop.core.chat.context import ACKNOWLEDGEMENT, is_echo
from kai_desktop.core.chat.memory_answer import (
    NOT_KNOWN,
    answer_from_memory,
    unknown_answer,
    without_echoed_question,
    without_source_preamble,
)
from kai_desktop.core.chat.statement_reply import is_statement, off_the_point, small_talk_reply
from kai_desktop.core.llm.model import ScriptedChatModel
from tests.core.test_chat_session import Parts, answer_of, make_session, parts, run

__all__ = ["parts"]  # the fixture, used by name

MEMORIES = [
    ("vehicle", "The user drives a red Fiat Panda."),
    ("sister_name", "The user's sister is called Ana."),
    ("employer", "The user works at Santa Maria hospital."),
    ("home_city", "The user lives in Lisbon."),
]


@pytest.mark.parametrize(
    ("answer", "user_text"),
    [
        ("Your vehicle is the red Fiat Panda.", "We have a cat called Mochi."),
        ("Your sister_name is Ana.", "Every Sunday I go for a run."),
        ("Kai is vegetarian.", "I don't eat meat, I'm vegetarian."),
        ("I moved to Porto. I now work at Santa Maria hospital and live in Lisbon.",
         "We relocated to Porto a few weeks ago."),
        ("I'm sorry, but I can't assist with that.", "We've just moved to Trondheim."),
        ("I apologize, but I'm not sure what you mean by \"partner\" or \"Ewa.\" Could you "
         "please provide more context?", "Partner: Ewa."),
        ("I apologize for the confusion, but I'm unable to update your vault.",
         "Employer now Kier (left Amey)."),
        ("I moved to Porto a few weeks ago, which was a big change in my daily routine.",
         "We relocated to Porto a few weeks ago."),
        ("You're right, I'm familiar with Twi and Dutch.",
         "At home we speak Twi, and I also speak Dutch and English."),
        ("You new employer is Bistro Mewa.", "My new employer is Bistro Mewa."),
        ("You sushi has replaced bigos as your favourite dish.",
         "Sushi has replaced bigos as my favourite dish."),
        ("Your French course is enrolled.", "I've enrolled in a French course."),
        ("Originally I'm from Sapporo.", "Originally I'm from Sapporo."),
        ("Married to Daniel for six years now.", "Married to Daniel for six years now."),
        ("Your vinyl records are collected.", "I've got loads of vinyl records, I collect them."),
        ("Ama is staying with us this month, and you can call her Ama.",
         "My cousin Ama is staying with us this month."),
        ("Kofi is a popular tortoise, and you can call her Kofi.", "Our tortoise is called Kofi."),
        ("That's impressive! Volta Construction is a major construction company in Accra.",
         "I've been at Volta Construction for five years."),
        ("Mornings are when you wake up early, and Milo is a popular mug of coffee.",
         "Mornings mean a mug of Milo for me."),
        ("Bonjour Camille ! Comment puis-je vous aider aujourd'hui ?", "Bonjour! I'm Camille."),
        ("¡Hola Lucía! ¿En qué puedo ayudarte hoy?", "Hola! I'm Lucía and I live in Madrid."),
        # a statement in Spanish and English, said back in English as the user's own
        ("I have a gatita named Luna, she is a siamese with a lot of personality.",
         "Tengo una gatita que se llama Luna, una siamesa with a LOT of personality."),
        ("I've got a wee dog called Jinty, a collie.", "Ah've a wee dug cried Jinty, a collie."),
    ],
)
def test_replies_off_the_point_of_a_statement_are_found(answer: str, user_text: str) -> None:
    assert off_the_point(answer, user_text, MEMORIES)


@pytest.mark.parametrize(
    ("answer", "user_text"),
    [
        ("That sounds lovely! Cats are great company.", "We have a cat called Mochi."),
        ("I'm glad you told me about your cat!", "We have a cat called Mochi."),
        ("Nice, nursing is a great job!", "By profession I'm a nurse."),
        ("Thanks, I'll keep that in mind.", "Twi is what we speak at home."),
        ("Kai wrote Hamlet.", "Who wrote Hamlet?"),  # wrong, but no statement to fail
        ("Your vehicle is the red Fiat Panda.", "What car do I drive?"),
        ("You relocated to Gdansk last week.", "We relocated to Gdansk last week."),
        ("Your new employer is Bistro Mewa, congratulations!", "My new employer is Bistro Mewa."),
        ("Kofi is a lovely name for a tortoise!", "Our tortoise is called Kofi."),
        ("Accra is a beautiful city, enjoy the coast!", "I live in Accra, near the coast."),
        ("How lovely that Ama is with you this month!",
         "My cousin Ama is staying with us this month."),
        ("Bonjour, Camille! Nice to meet you.", "Bonjour! I'm Camille."),
        ("Welcome, Camille!", "Bonjour! I'm Camille."),
    ],
)
def test_good_replies_and_answers_to_questions_stay(answer: str, user_text: str) -> None:
    assert not off_the_point(answer, user_text, MEMORIES)


def test_a_statement_asks_nothing() -> None:
    assert is_statement("I have a cat called Mochi.")
    assert not is_statement("I have a cat, do you like cats?")
    assert not is_statement("Tell me a joke.")
    # without "I", but a rule knows them as the user's
    assert is_statement("Sold the Golf and bought a Mini.")
    assert is_statement("Casablanca is the best film ever made.")
    assert not is_statement("Paris is lovely in spring.")
    # talk of the weather is small talk, nothing to remember
    assert not is_statement("Grim weather we're having.")
    # as the rules read it: Spanish with English, Scots
    assert is_statement("Tengo una gatita que se llama Luna, una siamesa.")
    assert is_statement("Ah've a wee dug cried Jinty.")
    assert not is_statement("¿Cómo se llama mi gatita?")
    assert is_statement("My job? Plumber, self-employed.")  # a question the user answers
    assert is_statement("Mi comida favorita? Arroz con pollo, no contest.")


def test_the_session_keeps_no_recited_memory_as_its_reply(parts: Parts) -> None:
    parts.memory.store("vehicle", "The user drives a red Fiat Panda.")
    session = make_session(parts)
    model = ScriptedChatModel(["Your vehicle is the red Fiat Panda.", "Cats are lovely!"])
    first = answer_of(run(session, model, "We have a cat called Mochi."))
    assert first.text == ACKNOWLEDGEMENT
    second = answer_of(run(session, model, "Our cat sleeps all day."))
    assert second.text == "Cats are lovely!"
    replies = [m["content"] for m in session.window_messages() if m["role"] == "assistant"]
    assert replies == [ACKNOWLEDGEMENT, "Cats are lovely!"]


@pytest.mark.parametrize(
    ("answer", "question", "fact", "expected"),
    [
        ("You are your sister.", "Who is my sister?", "The user's sister is called Ana.",
         "Your sister is called Ana."),
        ("Yes, there is something you are allergic to.", "Is there anything I'm allergic to?",
         "The user is allergic to peanuts.", "You are allergic to peanuts."),
        ("I don't know.", "On which day do I run?", "The user goes running every Sunday.",
         "You go running every Sunday."),
        ("You live in Porto.", "Where do I live?", "The user lives in Porto.",
         "You live in Porto."),
        ("Sadly no, Porto is not where you live.", "Do I live in Porto?",
         "The user lives in Porto.", "Sadly no, Porto is not where you live."),
        ("You do for a living as a project manager.", "What do I do for a living?",
         "The user works as a project manager.", "You work as a project manager."),
        ("Where do you work at Dulce Vida?", "Where do I work?",
         "The user works at Dulce Vida.", "You work at Dulce Vida."),
    ],
)
def test_an_answer_that_leaves_out_the_hinted_value_gives_the_memory(
    answer: str, question: str, fact: str, expected: str
) -> None:
    assert answer_from_memory(answer, question, [fact]) == expected


def test_the_session_answers_from_the_memory_the_model_left_out(parts: Parts) -> None:
    parts.memory.store("sister_name", "The user's sister is called Ana.")
    session = make_session(parts)
    model = ScriptedChatModel(["You are your sister."])
    answer = answer_of(run(session, model, "Who is my sister?"))
    assert answer.text == "Your sister is called Ana."


def test_only_a_question_about_the_user_turns_i_am_into_you_are() -> None:
    from kai_desktop.core.chat.context import mirror_perspective

    assert mirror_perspective("I am a carpenter.", "Am I a carpenter?") == "You are a carpenter."
    assert mirror_perspective("I'm sorry to hear that.", "I'm a carpenter now.") == (
        "I'm sorry to hear that."
    )


def test_the_users_own_name_given_back_as_the_assistants_is_said_to_the_user() -> None:
    from kai_desktop.core.chat.context import mirror_perspective

    told = "My name is Lin Meiling. Meiling is first name? You can call me Meiling."
    assert mirror_perspective("Yes, I'm called Meiling.", told) == "Yes, you're called Meiling."
    assert mirror_perspective("My name is Meiling.", told) == "Your name is Meiling."
    # the assistant's own name, and "I am" alone, stay the assistant's
    assert mirror_perspective("Hi Dana! I am Kai.", "Hi, I am Dana.") == "Hi Dana! I am Kai."


@pytest.mark.parametrize(
    ("answer", "question", "expected"),
    [
        ("Which colour do you like best? Orange.", "Which colour do I like best?", "Orange."),
        ("Where was you born? Tromsø.", "Where was I born?", "Tromsø."),
        ("Good question! Orange.", "Which colour do I like best?", "Good question! Orange."),
        ("Do you mean the red one? Yes.", "Which colour do I like best?",
         "Do you mean the red one? Yes."),
        ("Whit toon's ma sister in Inverness.", "Whit toon's ma sister in?", "Inverness."),
        ("what month is my bday, june", "what month is my bday??", "June"),
        ("When is my birthday is in June.", "When is my birthday?",
         "When is my birthday is in June."),
        ("Where do I live now", "Where do I live now?", "Where do I live now"),
        ("Where do I livestream from Leeds.", "Where do I live?",
         "Where do I livestream from Leeds."),
    ],
)
def test_a_question_echoed_before_its_answer_is_dropped(
    answer: str, question: str, expected: str
) -> None:
    assert without_echoed_question(answer, question) == expected


@pytest.mark.parametrize(
    ("answer", "question", "fact", "expected"),
    [("What colour do you like best is my.", "What colour do I like best?",
      "The user's favourite colour is Purple.", "Your favourite colour is Purple."),
     ("When your birthday is June 3rd.", "When is my birthday?",
      "The user's birthday is June 3rd.", "Your birthday is June 3rd."),
     ("What I remember is that your birthday is June 3rd.", "When is my birthday?",
      "The user's birthday is June 3rd.", "What I remember is that your birthday is June 3rd."),
     ("Which food am you allergic to Shellfish? Sushi.", "Which food am I allergic to?",
      "The user is allergic to Shellfish.", "You are allergic to Shellfish."),
     ("You are Otieno.", "Who's my husband?", "The user's husband is called Otieno.",
      "Your husband is called Otieno."),
     # a memory's key copied, or the question's Hinglish words left in
     ("Your home_city is Pune.", "Main kahan rehta hoon?", "The user lives in Pune.",
      "You live in Pune."),
     ("Your main collects stamps.", "Main kya collect karta hoon?", "The user collects stamps.",
      "You collect stamps."),
     ("Your main job is nursing.", "What is my job?", "The user works as a nurse.",
      "Your main job is nursing."),
     ("You are Grace.", "What's my name?", "The user's name is Grace.", "You are Grace."),
     ("You do not work as a chef.", "What do I do for work?", "The user works as a chef.",
      "You work as a chef."),
     ("You do not eat gluten.", "What can't I eat?", "The user does not eat gluten.",
      "You do not eat gluten."),
     # texted questions, echoed in the same spelling
     ("Whats your fave band is Muse.", "whats my fave band?",
      "The user's favourite band is Muse.", "Your favourite band is Muse."),
     ("When my birthday is june 2.", "when is my bday?", "The user's birthday is june 2.",
      "Your birthday is june 2."),
     ("Whats your dog called Rex.", "whats my dog called?", "The user's dog is called Rex.",
      "Your dog is called Rex."),
     ("Your dog is called Rex.", "whats my dog called?", "The user's dog is called Rex.",
      "Your dog is called Rex."),
     # "Remind me, ...": the reminding turned into the answer's subject
     ("You remember you live in Leeds.", "Remind me, where do I live?",
      "The user lives in Leeds.", "You live in Leeds."),
     ("You remember Ola's name.", "Remind me, what's my name?", "The user's name is Ola.",
      "Your name is Ola."),
     # the user's fact said in the user's own first person
     ("No, I do not eat fish.", "Do I eat fish?", "The user is vegan.", "You are vegan."),
     ("I work as a welder.", "What is my job?", "The user works as a welder.",
      "You work as a welder."),
     ("My sister is called Ines.", "What's my sister's name?",
      "The user's sister is called Ines.", "Your sister is called Ines."),
     ("I think you work as a welder.", "What is my job?", "The user works as a welder.",
      "I think you work as a welder.")],
)
def test_a_question_turned_into_the_start_of_the_answer_gives_the_memory(
    answer: str, question: str, fact: str, expected: str
) -> None:
    assert answer_from_memory(answer, question, [fact]) == expected


@pytest.mark.parametrize(
    ("answer", "question", "expected"),
    [("You are married to Keiko.", "Who am I married to?", NOT_KNOWN),
     ("You are Kai, a personal assistant that runs on this computer.", "What am I called?",
      NOT_KNOWN),
     ("I enrolled in Pixel Forge.", "What course did I enrol in?", NOT_KNOWN),
     ("I'm not sure, you haven't told me.", "Who am I married to?",
      "I'm not sure, you haven't told me."),
     ("Keiko is lovely.", "My wife is Keiko.", "Keiko is lovely."),
     ("You play the guitar.", "Which instrument do I play?", NOT_KNOWN),
     ("Your canary is Keiko.", "What's my canary called?", NOT_KNOWN),
     ("Your usual coffee is an oat latte.", "What's my usual coffee?",
      "Your usual coffee is an oat latte."),
     ("Paris is the capital of France.", "What is the capital of France?",
      "Paris is the capital of France.")],
)
def test_a_question_nothing_remembered_answers_gets_no_borrowed_name(
    answer: str, question: str, expected: str
) -> None:
    # (called for a question no memory shares a topic word with)
    memories = [("sister_name", "The user's sister is called Keiko."),
                ("employer", "The user works at Pixel Forge.")]
    assert unknown_answer(answer, question, memories) == expected


def test_the_soul_read_back_as_the_answer_gives_the_memory_that_answers(parts: Parts) -> None:
    from kai_desktop.infra.resources import default_soul

    parts.vault.write_text("Soul.md", default_soul())
    parts.memory.store("name", "The user's name is Sofia Papadopoulos.")
    copied = ("You are Sofia Papadopoulos, a personal assistant who runs on this computer and "
              "remembers the person I work with. My memory is this vault: plain notes you can re")
    session = make_session(parts)
    answer = answer_of(run(session, ScriptedChatModel([copied, copied]), "Who am I?"))
    assert answer.text == "Your name is Sofia Papadopoulos."


def test_a_remembered_value_the_question_names_in_other_words_is_kept() -> None:
    memories = [("birthday", "The user's birthday is 7 October.")]
    answer = "You were born in October."
    assert unknown_answer(answer, "What month was I born in?", memories) == answer


def test_a_second_try_in_the_users_voice_gets_the_acknowledgement(parts: Parts) -> None:
    parts.memory.store("name", "The user's name is Sofia.")
    session = make_session(parts)
    model = ScriptedChatModel(["I was born 7 October.", "I am Sofia, born on October 7th."])
    answer = answer_of(run(session, model, "Born 7 October."))
    assert answer.text == ACKNOWLEDGEMENT


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Based on the information provided in the daily note, your birthday is 19 November.",
         "Your birthday is 19 November."),
        ("Based on the details given, you play the oud.", "You play the oud."),
        ("Based on my notes, you collect stamps.", "You collect stamps."),
        ('Based on the memory hint "You play the saxophone," your favourite food is pho.',
         "Your favourite food is pho."),
        ("Based on what you said, it's Tuesday.", "Based on what you said, it's Tuesday."),
        ("According to the note, the meeting moved.", "According to the note, the meeting moved."),
    ],
)
def test_a_preamble_citing_the_prompts_notes_is_dropped(answer: str, expected: str) -> None:
    assert without_source_preamble(answer) == expected


def test_the_session_answers_without_citing_its_notes(parts: Parts) -> None:
    parts.memory.store("birthday", "The user's birthday is 19 November.")
    session = make_session(parts)
    model = ScriptedChatModel(
        ["Based on the information provided in the daily note, your birthday is 19 November."])
    answer = answer_of(run(session, model, "When's my birthday?"))
    assert answer.text == "Your birthday is 19 November."


def test_our_in_the_question_is_your_in_the_answer() -> None:
    from kai_desktop.core.chat.context import mirror_perspective

    assert mirror_perspective("Our turtle is called Zeytoun.", "What's our turtle called?") == (
        "Your turtle is called Zeytoun.")
    assert mirror_perspective("Our planet is round.", "Is the earth round?") == (
        "Our planet is round.")


def test_a_statement_said_back_word_for_word_is_off_the_point() -> None:
    assert off_the_point("I'm 31.", "I'm 31.", [])
    assert not off_the_point("Happy 31st year!", "I'm 31.", [])


def test_a_reply_in_the_users_voice_after_an_opening_adverb_is_off_the_point() -> None:
    reply = "Originally I'm from Tromso because it's a beautiful and historic city."
    assert off_the_point(reply, "Originally I'm from Tromso.", [])
    assert not off_the_point("Tromso sounds lovely, you must miss the fjords.",
                             "Originally I'm from Tromso.", [])


def test_a_reply_given_again_to_another_statement_is_an_acknowledgement(parts: Parts) -> None:
    session = make_session(parts)
    lovely = "That sounds like a lovely place."
    model = ScriptedChatModel([lovely, lovely, "Sounds tasty!"])
    first = answer_of(run(session, model, "I'm based in Perth."))
    assert first.text == lovely
    second = answer_of(run(session, model, "I drive a white Subaru."))
    assert second.text == ACKNOWLEDGEMENT
    third = answer_of(run(session, model, "Dumplings are my favourite food."))
    assert third.text == "Sounds tasty!"


def test_a_reply_about_the_prompt_is_no_reply(parts: Parts) -> None:
    session = make_session(parts)
    model = ScriptedChatModel(["You are currently using the instructions to remember everything."])
    answer = answer_of(run(session, model, "I eat pescatarian."))
    assert answer.text == ACKNOWLEDGEMENT


@pytest.mark.parametrize(
    ("user_text", "answer", "expected"),
    [("Catch you later!", "I'm sorry, but I can't assist with that request.",
      "Bye for now! I'll remember what you told me."),
     ("Thanks, Kai!", "", "You're welcome!"),
     ("Bye for now!", "Bye! Have a lovely evening.", None),  # a good reply stays
     ("Later I'll call you.", "I'm sorry, but I can't assist with that.", None),
     ("Long day, feeling drained.", "I'm sorry, but I can't assist with that.",
      "Sorry to hear that. I hope the rest of your day is easier."),
     ("Am I too tired to drive?", "I'm sorry, but I can't assist with that.", None)],
)
def test_a_refused_goodbye_or_thanks_gets_a_friendly_line(
    user_text: str, answer: str, expected: str | None
) -> None:
    assert small_talk_reply(user_text, answer) == expected


def test_the_session_says_goodbye_when_the_model_refuses_to(parts: Parts) -> None:
    session = make_session(parts)
    model = ScriptedChatModel(["I'm sorry, but I can't assist with that request."])
    answer = answer_of(run(session, model, "Catch you later!"))
    assert answer.text == "Bye for now! I'll remember what you told me."


@pytest.mark.parametrize(
    ("answer", "said", "echo"),
    [("Off coffee now, its green tea in the mornings.",
      "off coffee now, its green tea in the mornings", True),
     ("I live in Oslo.", "I live in Oslo.", True),
     ("Oslo is lovely in spring.", "I live in Oslo.", False),
     ("Green tea in the mornings is a good habit.", "its green tea in the mornings", False)],
)
def test_a_message_said_back_word_for_word_is_an_echo(answer: str, said: str, echo: bool
                                                      ) -> None:
    assert is_echo(answer, said) is echo
