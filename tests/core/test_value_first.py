"""Sentences that say the value before its topic, subjectless swaps, and facts told of
someone else."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.slots import slot_fact
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.swaps import change_of, replaced_in


@pytest.mark.parametrize(
    ("sentence", "key", "value"),
    [("Jonas, my husband, is a teacher.", "husband_name", "Jonas"),
     ("Felix, my older brother, lives in Berlin.", "brother_name", "Felix"),
     ("Nothing beats a good schnitzel, my favourite meal.", "favourite_food", "schnitzel"),
     ("Pho, my favourite dish.", "favourite_food", "Pho"),
     ("Casablanca is the best film ever made.", "favourite_film", "Casablanca"),
     ("German is my mother tongue, and I'm fluent in Spanish too.", "languages",
      "German and Spanish"),
     ("Bee stings are dangerous for me, I'm allergic.", "allergy", "bee stings"),
     ("I've got a big vinyl collection.", "collects", "vinyl"),
     ("I have a collection of stamps.", "collects", "stamps")],
)
def test_a_value_said_before_its_topic_is_filed_under_the_topic(
    capturer: Capturer, sentence: str, key: str, value: str
) -> None:
    facts = capturer.propose(None, sentence)
    assert [(f.key, f.value) for f in facts] == [(key, value)]


def test_a_relatives_job_or_home_is_not_the_users(capturer: Capturer) -> None:
    facts = capturer.propose(None, "Felix, my older brother, lives in Berlin.")
    assert all(f.key != "home_city" for f in facts)
    item = {"topic": "job", "detail": "", "value": "teacher"}
    fact, why = slot_fact(item, "Jonas, my husband, is a teacher.")
    assert fact is None
    assert why == "said of someone else"
    fact, _ = slot_fact(item, "My husband and I are both a teacher.")
    assert fact is not None
    assert fact.key == "occupation"


def test_a_car_gets_the_article_its_first_letter_wants(capturer: Capturer) -> None:
    (fact,) = capturer.propose(None, "I drive an old VW Golf.")
    assert fact.content == "The user drives an old VW Golf."


@pytest.mark.parametrize(
    ("sentence", "change"),
    [("Sold the Golf and bought a Mini.", ("Golf", "Mini")),
     ("Sold the Skoda, got a Kia.", ("Skoda", "Kia")),
     ("We sold the van, bought an Astra.", ("van", "Astra")),
     ("I gave up black coffee, it's matcha now.", ("black coffee", "matcha")),
     ("Ditched the gym, now I swim", None),  # no new thing of the same kind
     ("Swapped the Fiat for a Honda.", ("Fiat", "Honda"))],
)
def test_swaps_said_without_a_subject_or_as_a_giving_up(
    sentence: str, change: tuple[str, str] | None
) -> None:
    assert change_of(sentence) == change


def test_a_swap_without_a_subject_changes_the_memory(capturer: Capturer,
                                                     store: MemoryStore) -> None:
    capturer.capture(None, "I drive an old VW Golf.")
    capturer.capture(None, "Sold the Golf and bought a Mini.")
    (memory,) = store.all()
    assert memory.key == "vehicle"
    assert "Mini" in memory.content
    assert "Golf" not in memory.content
    assert "Golf" in memory.history[0]


def test_a_fact_in_the_users_words_keeps_them_when_its_value_changes() -> None:
    content = "Black coffee is how the user starts every day."
    assert replaced_in(content, "black coffee", "matcha") == \
        "Matcha is how the user starts every day."
    assert replaced_in(content, "tea", "matcha") is None


def test_quitting_to_become_something_is_the_new_job(capturer: Capturer,
                                                     store: MemoryStore) -> None:
    capturer.capture(None, "I'm a pharmacist by profession.")
    capturer.capture(None, "I quit the pharmacy to become a photographer.")
    (memory,) = store.all()
    assert memory.key == "occupation"
    assert "photographer" in memory.content
    assert "pharmacist" in memory.history[0]


@pytest.mark.parametrize(
    "sentence",
    ["Paris is lovely in spring.", "The train was late, I'm annoyed.",
     "Tom, my colleague, thinks so."],
)
def test_look_alikes_without_i_are_still_not_facts(capturer: Capturer, sentence: str) -> None:
    assert capturer.propose(None, sentence) == []


@pytest.mark.parametrize(
    ("sentence", "key", "content"),
    [("Stamps are my thing, I've collected them for years.", "collects",
      "The user collects stamps."),
     ("Every morning I have a cappuccino.", "morning_routine",
      "The user has a cappuccino every morning."),
     ("I have two kids, Mia and Leo.", "children_names",
      "The user's children are called Mia and Leo."),
     ("I get to work on my Vespa.", "vehicle", "The user drives a Vespa."),
     ("I'm in my second year of medicine.", "studies", "The user is studying medicine."),
     ("I'm Olusegun, but friends say Segun.", "name", "The user's name is Olusegun."),
     ("Right now home is Montreal.", "home_city", "The user lives in Montreal."),
     ("Workwise, I'm at Spotify.", "employer", "The user works at Spotify."),
     ("Olives are disgusting to me.", "dislikes", "The user dislikes olives."),
     ("Every Friday I play five-a-side football.", "football_routine",
      "The user plays five-a-side football every Friday."),
     ("52 years old, believe it or not.", "age", "The user is 52 years old."),
     ("Basque and Spanish are the languages I grew up with.", "languages",
      "The user speaks Basque and Spanish."),
     ("Purple, always purple, my favourite colour.", "favourite_colour",
      "The user's favourite colour is purple."),
     ("Tortilla is my comfort food and my favourite.", "favourite_food",
      "The user's favourite food is Tortilla."),
     ("Old coins fascinate me, I collect them.", "collects", "The user collects old coins."),
     ("Saturdays are for hiking.", "hiking_routine", "The user goes hiking on Saturdays."),
     ("Bilbao has been home for ten years.", "home_city", "The user lives in Bilbao."),
     ("Hello, it's Grace here.", "name", "The user's name is Grace."),
     ("Nairobi's where I'm living right now.", "home_city", "The user lives in Nairobi."),
     ("Kisumu is where my roots are.", "origin", "The user is originally from Kisumu."),
     ("The Herald pays my salary.", "employer", "The user works at The Herald."),
     ("I can't start the day without chai.", "morning_routine",
      "The user starts the day with chai."),
     ("Pollen is my enemy, hay fever every spring.", "allergy",
      "The user is allergic to pollen."),
     ("I've always loved green, it's my colour.", "favourite_colour",
      "The user's favourite colour is green."),
     ("Trying to learn Mandarin these days.", "studies", "The user is studying Mandarin."),
     ("Translator, mostly legal documents.", "occupation", "The user works as a translator."),
     ("Plumber, self-employed for ten years.", "occupation", "The user works as a plumber."),
     ("Coeliac here, so gluten-free everything.", "diet",
      "The user is coeliac and the user eats gluten-free."),
     ("Vegetarian here, no meat for me.", "diet", "The user is vegetarian."),
     ("Wednesday evenings are choir practice.", "choir_routine",
      "The user has choir practice on Wednesday evenings."),
     ("Tuesday nights mean band rehearsal.", "band_routine",
      "The user has band rehearsal on Tuesday nights."),
     ("Studio Lotus took me on as a teacher.", "employer", "The user works at Studio Lotus."),
     ("Mornings mean a mug of Milo for me.", "morning_routine",
      "The user starts the day with milo."),
     ("My day starts with a strong espresso.", "morning_routine",
      "The user starts the day with strong espresso."),
     ("Hey there, Kwame here.", "name", "The user's name is Kwame."),
     ("Hi all, Dana here.", "name", "The user's name is Dana."),
     ("My wife Efua runs a bakery.", "wife_name", "The user's wife is called Efua."),
     ("French obviously, and Italian from my mother's side.", "languages",
      "The user speaks French and Italian."),
     ("English natively, plus some German.", "languages", "The user speaks English and German."),
     ("By trade I'm a civil engineer.", "occupation", "The user works as a civil engineer."),
     ("I've been at Volta Construction for five years.", "employer",
      "The user works at Volta Construction."),
     ("Shellfish and I don't get along, I'm allergic.", "allergy",
      "The user is allergic to shellfish."),
     ("Weekends I play the talking drum.", "plays", "The user plays the talking drum."),
     ("Burnt orange, always my favourite colour.", "favourite_colour",
      "The user's favourite colour is Burnt orange."),
     ("I'm taking Swahili lessons online.", "studies", "The user is studying Swahili."),
     ("The film I rewatch the most is Black Panther.", "favourite_film",
      "The user's favourite film is Black Panther."),
     ("And there's Tiger, our cat.", "cat_name", "The user's cat is called Tiger."),
     ("There's also Rex, my dog.", "dog_name", "The user's dog is called Rex."),
     ("There's Rex, my dog.", "dog_name", "The user's dog is called Rex."),
     ("Hi Kai, it's Mei.", "name", "The user's name is Mei."),
     ("Our labrador answers to Mango.", "dog_name", "The user's labrador is called Mango."),
     ("Cantonese with my parents, English with everyone else.", "languages",
      "The user speaks Cantonese and English."),
     ("I've moved to Hobart for a fresh start.", "home_city", "The user lives in Hobart."),
     ("I moved to Leeds for work.", "home_city", "The user lives in Leeds."),
     ("First thing every morning: masala chai.", "morning_routine",
      "The user starts the day with masala chai."),
     ("I'm learning Japanese on the side.", "studies", "The user is studying Japanese.")],
)
def test_everyday_wordings_file_the_fact_under_its_slot(
    capturer: Capturer, sentence: str, key: str, content: str
) -> None:
    assert [(f.key, f.content) for f in capturer.propose(None, sentence)] == [(key, content)]


@pytest.mark.parametrize(
    "sentence", ["The weather is awful.", "Traffic was awful this morning.",
                 "Home is where the heart is.", "Teacher, can I ask something?",
                 "Mondays are awful.", "Sundays are lazy days.",
                 "Tuesday nights are a nightmare.", "Nurse, please help.",
                 "Mornings are awful.", "Days mean work.",
                 "French toast and Italian coffee, plus cake.",
                 "I've been at Heathrow for hours.", "Evenings are quiet.",
                 "The film I saw last night was awful.", "It's Friday.", "It's Kai."])
def test_complaints_and_sayings_are_no_dislikes_or_homes(capturer: Capturer,
                                                          sentence: str) -> None:
    assert capturer.propose(None, sentence) == []


def test_a_value_is_never_a_possessive_word(capturer: Capturer) -> None:
    item = {"topic": "favourite", "detail": "colour", "value": "my"}
    fact, _ = slot_fact(item, "Purple is, my favourite colour honestly")
    assert fact is None


def test_a_switch_said_with_its_time_of_day_keeps_the_time_out_of_the_value(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "Mornings mean a mug of Milo for me.")
    capturer.capture(None, "I switched from Milo to black coffee in the mornings.")
    (memory,) = store.all()
    assert (memory.key, memory.content) == ("morning_routine",
                                            "The user starts the day with black coffee.")


def test_a_drink_taken_over_from_in_the_mornings_changes_the_morning_memory(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I start every day with a flat white.")
    capturer.capture(None, "Chai has taken over from flat whites in my mornings.")
    (memory,) = store.all()
    assert (memory.key, memory.content) == ("morning_routine",
                                            "The user starts the day with chai.")


def test_a_game_played_at_a_time_is_a_routine_beside_the_instrument(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I play the tabla.")
    capturer.capture(None, "I play cricket every Sunday morning.")
    assert sorted((m.key, m.content) for m in store.all()) == [
        ("cricket_routine", "The user plays cricket every Sunday morning."),
        ("plays", "The user plays the tabla.")]


def test_a_job_said_with_its_employer_is_two_facts(capturer: Capturer) -> None:
    facts = capturer.propose(None, "I'm a software developer at Infosys.")
    assert [(f.key, f.content) for f in facts] == [
        ("occupation", "The user works as a software developer."),
        ("employer", "The user works at Infosys.")]
    assert [f.key for f in capturer.propose(None, "I'm a fan of Arsenal.")] == []
    # an employer's name with "and" or "&" in it, and one whose last word looks like a job
    assert [(f.key, f.value) for f in capturer.propose(
        None, "I work as a chef at Olive and Thyme.")] == [
        ("occupation", "chef"), ("employer", "Olive and Thyme")]
    assert [(f.key, f.value) for f in capturer.propose(
        None, "I'm a waiter at Marks & Spencer.")] == [
        ("occupation", "waiter"), ("employer", "Marks & Spencer")]


def test_a_name_the_old_value_is_part_of_goes_whole(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "My bike is a Royal Enfield Classic.")
    capturer.capture(None, "Sold the Enfield and bought an Ather scooter.")
    (memory,) = store.all()
    assert memory.content == "The user's bike is an Ather scooter."


def test_a_thing_gone_and_its_replacement_changes_the_memory(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "My ride is a Seat Ibiza.")
    capturer.capture(None, "The Ibiza went, we got a Kia Niro.")
    (memory,) = store.all()
    assert memory.key == "vehicle"
    assert "Kia Niro" in memory.content
    assert "Ibiza" not in memory.content


def test_taking_over_from_is_a_swap() -> None:
    assert change_of("Cortado has taken over from Earl Grey.") == ("Earl Grey", "Cortado")


@pytest.mark.parametrize("sentence", ["It's Monday here.", "I'm in a hurry right now.",
                                      "Learning to drive is hard."])
def test_days_hurries_and_hard_things_are_no_facts(capturer: Capturer, sentence: str) -> None:
    assert capturer.propose(None, sentence) == []


def test_x_instead_of_y_changes_the_memory_holding_y_in_its_own_words(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "I can't start the day without chai.")
    capturer.capture(None, "Coconut water instead of chai for me now.")
    (memory,) = store.all()
    assert memory.content == "The user starts the day with coconut water."
    assert "chai" in memory.history[0]


def test_a_pasted_run_on_sentence_is_never_read_by_the_value_first_rules() -> None:
    """Their matching grows with the square of a sentence's length: a pasted page without
    full stops must not reach them."""
    from kai_desktop.core.memory.user_sentences import MAX_STATEMENT_CHARS, sentences

    seen: list[int] = []

    def whole(sentence: str) -> bool:
        seen.append(len(sentence))
        return False

    sentences("word is " * 4000 + ". Jonas, my husband, is a teacher.", whole=whole)
    assert seen
    assert max(seen) <= MAX_STATEMENT_CHARS


@pytest.mark.parametrize(
    ("item", "sentence"),
    [({"topic": "favourite", "value": "prefer", "detail": "pho"},
      "Lately I prefer pho over tacos."),
     ({"topic": "allergy", "value": "carry an EpiPen", "detail": ""},
      "I carry an EpiPen because of a bee sting allergy.")],
)
def test_the_verb_the_user_said_is_no_value(item: dict[str, str], sentence: str) -> None:
    fact, why = slot_fact(item, sentence)
    assert fact is None
    assert why == "no usable value"


def test_a_coeliacs_diet_is_said_to_the_user_in_good_grammar() -> None:
    from kai_desktop.core.chat.context import address_user
    from kai_desktop.core.memory.statements import diet_fact

    fact = diet_fact("coeliac")
    assert fact is not None
    assert address_user(fact.content) == "You are coeliac and you eat gluten-free."
