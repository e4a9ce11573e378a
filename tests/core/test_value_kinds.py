"""Values of the wrong kind for their topic, as stories hand them to a small model."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.slots import slot_fact
from kai_desktop.core.memory.value_kinds import wrong_kind


@pytest.mark.parametrize(
    ("topic", "value", "sentence"),
    [
        ("allergy", "throat", "One bite of that walnut cake and my throat closed up, that's "
                              "how I found out about my nut allergy."),
        ("job", "boiler", "We'd only just got the keys to the flat in Harrogate when the "
                          "boiler packed in."),
        ("relative", "Being the only vegan", "Being the only vegan at my brother's barbecue "
                                             "is always an adventure."),
        ("grew up in", "Welsh", "My mum's Welsh so I grew up chatting away in Welsh with her."),
        ("pet", "the vet", "Took Pepper, our beagle, to the vet on Tuesday."),
        ("relative", "Ben Lomond", "My niece asked me what the highest hill near us is and I "
                                   "guessed Ben Nevis, then said Ben Lomond."),
        ("pet", "Rex", "Our puppy heard me and I shouted Rex by mistake."),
        ("favourite", "Honestly", "Made ramen again tonight. Honestly, it's my favourite "
                                  "food of all time."),
        ("favourite", "Actually", "Actually, it's my favourite food."),
        ("relative", "Crumble", "Pudding? Crumble, every time. My gran's crumble with hot "
                                "custard is the best thing on earth."),
        ("relative", "Ovaltine", "My father drank Ovaltine every night of his life."),
        ("job", "a diner by the harbour", "Our first morning a little diner by the harbour "
                                           "served us scones."),
        ("job", "diner", "We ate at the diner on Main Street."),
        ("studies", "croissants", "I do my French lessons on the bus, though mostly I can "
                                  "order croissants."),
        ("home city", "Montana", "I saw a moose in a park of Montana, was enormous."),
        ("home city", "Home", "Here is impossible to find a good one, so I make them in home."),
        ("relative", "Plumber", "My wife is plumber, she works for the council."),
        ("pet", "Walk", "The dog needs her walk."),
        ("job", "manager", "The job's at the Tate, and my manager is lovely."),
        ("relative", "Apple Pie", "My favourite food is my grandma's apple pie."),
    ],
)
def test_a_story_word_of_the_wrong_kind_fills_no_topic(
        topic: str, value: str, sentence: str) -> None:
    assert wrong_kind(topic, value, sentence) is not None
    detail = "food" if topic == "favourite" else ""
    assert slot_fact({"topic": topic, "value": value, "detail": detail}, sentence)[0] is None


@pytest.mark.parametrize(
    ("topic", "value", "sentence"),
    [
        ("allergy", "peanuts", "Peanuts give me an allergic reaction."),
        ("job", "head chef", "I'm the head chef at Nopi."),
        ("job", "nurse", "I work as a nurse, and the nurse station is my second home."),
        ("job", "nurse", "Nurse by day, DJ by night."),
        ("relative", "Anna de Souza", "My sister Anna de Souza lives in Porto."),
        ("relative", "Ben", "My nephew Ben said hello and then said Ben was hungry."),
        ("favourite", "Ramen", "Honestly, ramen is my favourite food."),
        ("relative", "Sam", "I told them Sam is my brother, and my brother Sam agreed."),
        ("pet", "mr whiskers", "our cat mr whiskers sleeps all day"),
        ("grew up in", "Wales", "I grew up in Wales."),
        ("pet", "Biscuit", "Our new puppy arrived today. My son's Biscuit is a terrier."),
        ("pet", "biscuit", "my son's biscuit is a terrier, the cutest pup"),
        ("relative", "Jocelyn", "So my ate Jocelyn, my older sister, is visiting."),
        ("studies", "pottery", "I'm taking a course in pottery at the community college."),
        ("studies", "Italian", "I got it into my head to order gelato in Italian."),
        ("job", "dental hygienist", "I'm a dental hygienist at a clinic by the river."),
        ("job", "manager", "I'm a manager now, my team is great."),
        ("home city", "Leeds", "We've upped sticks to Leeds."),
        ("home city", "Oslo", "I'm in Oslo now, since the spring."),
    ],
)
def test_values_of_the_right_kind_pass(topic: str, value: str, sentence: str) -> None:
    assert wrong_kind(topic, value, sentence) is None


@pytest.mark.parametrize(
    ("item", "sentence"),
    [
        ({"topic": "other", "detail": "niece", "value": "asked"},
         "How many lochs are there in Scotland? My niece asked me and I had no idea."),
        ({"topic": "other", "detail": "forgetting", "value": "every year"},
         "My wife forgets it every year, so you can remind her for me."),
        ({"topic": "favourite", "detail": "cheeks", "value": "tomato"},
         "Even one prawn and my cheeks go red like a tomato, ye wouldnae believe it."),
    ],
)
def test_a_question_or_words_to_the_assistant_make_no_fact_of_their_own(
        item: dict[str, str], sentence: str) -> None:
    fact, why = slot_fact(item, sentence)
    assert fact is None
    assert why in ("a question, not a fact", "said to the assistant, not a fact")


def test_a_plain_fact_of_the_users_own_is_still_kept() -> None:
    fact, _ = slot_fact({"topic": "other", "detail": "allotment", "value": "allotment"},
                        "I grow leeks on my allotment.")
    assert fact is not None
    assert fact.content == "The user grows leeks on the user's allotment."


@pytest.mark.parametrize("sentence", [
    "My comfort film is Heat. I've watched it probably 30 times.",
    "We moved here 15 years ago.",
    "I ran 21 km this morning.",
])
def test_a_count_is_no_age(sentence: str) -> None:
    value = next(w for w in sentence.split() if w.isdigit())
    assert slot_fact({"topic": "age", "value": value, "detail": ""}, sentence)[0] is None


def test_an_age_is_still_an_age() -> None:
    fact, _ = slot_fact({"topic": "age", "value": "31", "detail": ""}, "I'm 31, and I run 5 km.")
    assert fact is not None
    assert fact.value == "31"


@pytest.mark.parametrize(
    ("item", "sentence"),
    [
        ({"topic": "relative", "detail": "dad", "value": "phase"},
         "my dad went thru a phase of collecting hats"),
        ({"topic": "relative", "detail": "flatmate", "value": "Shouting"},
         "me and my flatmate were shouting about it at midnight"),
        ({"topic": "relative", "detail": "aunt", "value": "Welsh"},
         "My aunt speaks Welsh to me."),
        ({"topic": "other", "detail": "mood", "value": "vibe"},
         "sick day today so i'm lying on the sofa and it's a whole vibe"),
    ],
)
def test_a_thing_a_doing_a_language_or_a_passing_state_is_refused(
        item: dict[str, str], sentence: str) -> None:
    assert slot_fact(item, sentence)[0] is None


@pytest.mark.parametrize(("sentence", "value"), [
    ("i'm lying on the sofa and it's honestly a whole mood", "mood"),
    ("my girlfriend says we need a bigger flat.", "flat"),
])
def test_what_the_user_is_doing_now_or_what_others_say_is_no_fact(sentence: str,
                                                                   value: str) -> None:
    item = {"topic": "other", "detail": value, "value": value}
    fact, why = slot_fact(item, sentence)
    assert fact is None
    assert why != "not something the user said"


def test_a_lasting_activity_said_as_going_on_is_still_kept() -> None:
    fact, _ = slot_fact({"topic": "other", "detail": "pottery", "value": "pottery"},
                        "I'm learning pottery at the community centre.")
    assert fact is not None


def test_a_favourite_said_as_no_longer_one_is_refused() -> None:
    item = {"topic": "favourite", "detail": "now", "value": "honestly the pierogi"}
    fact, why = slot_fact(item, "And honestly the pierogi is not my favourite now.")
    assert fact is None
    assert why == "said as no longer a favourite"
