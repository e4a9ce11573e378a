"""Facts said in a learner's English: "I have 44 years", "allergic against penicillin",
"I drink always buttermilk", "I work not more as pharmacist but as translator, by a small
agency", and the plainer shapes they lead to ("For breakfast I drink ...", "I must eat
gluten-free, because ...")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.learner_english import standard_word_order
from kai_desktop.core.memory.store import MemoryStore

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("said", "standard"),
    [
        ("I have 44 years, and I was born in Lublin.",
         "I am 44 years old, and I was born in Lublin."),
        ("I am allergic against penicillin.", "I am allergic to penicillin."),
        ("For breakfast I drink always a glass of buttermilk.",
         "For breakfast I always drink a glass of buttermilk."),
        ("I work not more as pharmacist but as translator",
         "I don't work as pharmacist anymore, I work as translator now"),
        ("My work is as a pharmacist.", "I work as a pharmacist."),
        ("I work as translator, by a small agency.", "I work as translator, at a small agency."),
        ("I will play for her the accordion.", "I will play the accordion for her."),
        ("Now I am learning also Italian.", "Now I am also learning Italian."),
        ("I have allergy for pollen.", "I'm allergic to pollen."),
        ("I am playing on violin.", "I play the violin."),
        ("I am coming from Gdynia.", "I'm originally from Gdynia."),
        ("Every Sunday I am going to swimming pool.", "Every Sunday I go swimming."),
        # a Mandarin speaker's: no tense on the verb, "call" for a name, no possessive
        ("I am work as cook.", "I work as cook."),
        ("I am come from Chengdu.", "I come from Chengdu."),
        ("I have one cat, she call Tangyuan.", "I have one cat, she is called Tangyuan."),
        ("My brother name is Wei.", "My brother's name is Wei."),
        ("I move to Winnipeg last year.", "I moved to Winnipeg last year."),
        ("I also learn Korean.", "I'm also learning Korean."),
        # a Spanish speaker's: a comma left out, "in the weekends", "work in", "of here"
        ("Apart from French and Basque I speak Catalan.",
         "Apart from French and Basque, I speak Catalan."),
        ("In the weekends I play the cello.", "On weekends I play the cello."),
        ("I work in the Royal Victoria Hospital.", "I work at the Royal Victoria Hospital."),
        ("My favourite is the churros of here, so crispy.",
         "My favourite is the churros, so crispy."),
    ],
)
def test_a_learners_construction_is_read_the_standard_way(said: str, standard: str) -> None:
    assert standard_word_order(said) == standard


@pytest.mark.parametrize(
    "said",
    ["I have 3 years of experience.", "I have 2 years left on the lease.", "I am always tired.",
     "I do not know.", "I work by myself.", "The bus is not more than ten minutes late.",
     "I am coming from work.", "I am playing on my phone.", "I am coming from Gdynia tomorrow.",
     "I move to Leeds next year.", "She called Tom yesterday.", "I am working at home.",
     "I learn fast.", "I work in the city centre.", "I work in Glasgow.",
     "The people of here are friendly."],
)
def test_standard_english_is_left_as_it_is(said: str) -> None:
    assert standard_word_order(said) == said


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I have 44 years, and I was born in Lublin, in the east of Poland.",
         {"age": "44", "origin": "Lublin"}),
        ("Also important: I am allergic against penicillin.", {"allergy": "penicillin"}),
        ("Thank you. For breakfast I drink always a glass of buttermilk, already from my "
         "childhood.", {"morning_routine": "buttermilk"}),
        ("My work is as a pharmacist in the Sonnen-Apotheke, near to the main station.",
         {"occupation": "pharmacist", "employer": "Sonnen-Apotheke"}),
        ("From this month I work not more as pharmacist but as translator, by a small agency "
         "called Wortwerk, for medical texts from Polish to German.",
         {"occupation": "translator", "employer": "Wortwerk"}),
        ("I must eat gluten-free, because I have the coeliac disease, so please no normal flour.",
         {"diet": "gluten-free"}),
        ("I follow a strict vegan diet.", {"diet": "vegan"}),
        ("I'm on a low-carb diet.", {"diet": "low-carb"}),
        ("In the evening I will play for her the accordion, our father taught it to us.",
         {"plays": "accordion"}),
        ("And every Tuesday I go swimming before work, this I will not cancel.",
         {"swimming_routine": "every Tuesday"}),
        ("I go swimming before work every Tuesday.", {"swimming_routine": "every Tuesday"}),
        ("Tonight I watch with Wojtek Cinema Paradiso, it is my favourite film, I have seen it "
         "maybe twenty times.", {"favourite_film": "Cinema Paradiso"}),
        ("I watched Cinema Paradiso again, it's my favourite film.",
         {"favourite_film": "Cinema Paradiso"}),
        ("Now I ride a Yamaha motorcycle, it is more practical in the narrow streets here.",
         {"vehicle": "Yamaha motorcycle"}),
        ("Now I live in Leeds.", {"home_city": "Leeds"}),
        ("Now I am learning also Italian, in an evening course.", {"studies": "Italian"}),
        ("I am come from Chengdu, in south-west of China.", {"origin": "Chengdu"}),
        ("I have one cat, she call Tangyuan. Tangyuan mean sweet dumpling.",
         {"cat_name": "Tangyuan"}),
        ("My brother name is Wei. She is still in Shanghai, study in university.",
         {"brother_name": "Wei"}),
        ("I move to Winnipeg last year! My husband find job there.", {"home_city": "Winnipeg"}),
        ("Now I am bus driver, not cook anymore.", {"occupation": "bus driver"}),
        ("I also learn Korean, because I like K-drama.", {"studies": "Korean"}),
        ("Now sometimes I still play guzheng at home.", {"plays": "guzheng"}),
        ("My favourite drink change too! Now is bubble tea.", {"favourite_drink": "bubble tea"}),
        ("Every morning I drink soy milk. My friend say is good for health, so I drink since I "
         "was small.", {"morning_routine": "soy milk"}),
        ("Aside from Spanish and English I speak Italian, from two years in Bologna.",
         {"languages": "Italian"}),
        ("In the weekends I play the cello, my abuelo taught me.", {"plays": "cello"}),
        ("I work in the Sunnybrook Hospital, is enormous.",
         {"employer": "the Sunnybrook Hospital"}),
        ("My favourite food now is the croissants of here, so buttery.",
         {"favourite_food": "croissants"}),
    ],
)
def test_facts_in_a_learners_english_are_read(
    read: Read, message: str, expected: dict[str, str]
) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    "message",
    ["Also my work is changed.", "My job is fine.", "I will play tennis tomorrow.",
     "I have 3 years of experience.", "I work as a nurse in London."],
)
def test_look_alikes_give_no_new_kind_of_fact(capturer: Capturer, message: str) -> None:
    keys = {f.key for f in capturer.propose(None, message)}
    assert keys <= {"occupation"}  # "a nurse in London": the job, never London as employer


def test_a_job_said_without_an_article_is_no_name(capturer: Capturer) -> None:
    facts = {f.key: f.value for f in capturer.propose(None, "My wife is plumber.")}
    assert "wife_name" not in facts  # "es plomera": what she does, not who she is


def test_a_drink_given_up_for_another_replaces_it(capturer: Capturer,
                                                   store: MemoryStore) -> None:
    capturer.capture(None, "For breakfast I drink always a glass of buttermilk.")
    capturer.capture(None, "For breakfast I drink now not buttermilk anymore, but a hot cocoa, "
                           "because Wojtek makes it for both of us every morning.")
    contents = [m.content for m in store.all()]
    assert contents == ["The user starts the day with hot cocoa."]


def test_a_drink_changed_for_another_replaces_the_morning_one(capturer: Capturer,
                                                              store: MemoryStore) -> None:
    capturer.capture(None, "Every morning the first thing I do is make a mate, like in Rosario.")
    capturer.capture(None, "Now I changed my mate for rooibos, my colleagues drink it always.")
    assert [(m.key, m.content) for m in store.all()] == [
        ("morning_routine", "The user starts the day with a rooibos.")]


def test_a_word_of_a_key_is_no_old_value(capturer: Capturer, store: MemoryStore) -> None:
    capturer.capture(None, "My name is Valentina.")
    capturer.capture(None, "I changed my name for the wedding.")
    capturer.capture(None, "I swapped my name for a nickname at work.")
    assert [m.content for m in store.all()] == ["The user's name is Valentina."]


def test_a_question_for_the_first_name_asks_for_the_name() -> None:
    memories = [("name", "The user's name is Agnieszka."),
                ("sister_name", "The user's sister is called Jadwiga.")]
    assert memory_hint("Can you tell me please, what is my first name?", memories) == [
        "The user's name is Agnieszka."]
