"""Notes written as labels ("Name: Tomasz", "Pets:\n- dog, Kuba", "Employer now Kier (left
Amey)"): each field is read as the plain sentence it stands for, and nothing else changes."""

from __future__ import annotations

import pytest

from kai_desktop.core.chat.statement_reply import is_statement
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.labelled import said_plainly
from kai_desktop.core.memory.store import MemoryStore


@pytest.mark.parametrize(
    ("note", "plain"),
    [
        ("Name: Tomasz", "My name is Tomasz."),
        ("Age: 38", "I'm 38."),
        ("And my favourite movie: Heneral Luna.", "My favourite movie is Heneral Luna."),
        ("Oh and fav colour: teal", "My favourite colour is teal."),
        ("Home: Leeds", "I live in Leeds."),
        ("Hometown - Gdansk", "I'm originally from Gdansk."),
        ("Work - electrician, at Amey.", "I work as an electrician.\nI work for Amey."),
        ("Employer: Amey", "I work for Amey."),
        ("Morning drink: yerba mate.", "I have a yerba mate in the morning."),
        ("Languages = Polish, English", "I speak Polish, English."),
        ("Allergies - penicillin.", "I'm allergic to penicillin."),
        ("Diet: vegan", "I'm vegan."),
        ("Diet: low sugar", "My diet is low sugar."),
        ("Car: Skoda Octavia.", "I drive a Skoda Octavia."),
        ("Bike -> Honda CB500 motorbike", "I ride a Honda CB500 motorbike."),
        ("Instrument - trumpet", "I play the trumpet."),
        ("B-day: 14 Feb.", "My birthday is 14 Feb."),
        ("Sister: Agnieszka.", "My sister is called Agnieszka."),
        ("Our dog = Kuba", "My dog is called Kuba."),
        ("And I can't forget the cat: Jandal, a skinny thing who sleeps in the washing basket.",
         "My cat is called Jandal."),
        ("Fav colour: green", "My favourite colour is green."),
        ("Collect: vinyl records.", "I collect vinyl records."),
        ("Currently learning: Spanish (Duolingo, day 200).", "I'm learning Spanish."),
        ("Wednesdays = five-a-side football.", "On Wednesdays I do five-a-side football."),
        ("Name: Tomasz | Age: 38", "My name is Tomasz.\nI'm 38."),
        ("Favourites: colour green, film Jaws, food pierogi.",
         "My favourite colour is green.\nMy favourite film is Jaws.\n"
         "My favourite food is pierogi."),
        ("Pets:\n- dog, Kuba\n- Mruczek (cat)",
         "My dog is called Kuba.\nMy cat is called Mruczek."),
        ("Hi Kai, a quick intro.\nName: Tomasz", "Hi Kai, a quick intro.\nMy name is Tomasz."),
        ("instrument // accordion, badly, ~8 yrs", "I play the accordion."),
        ("am drink: cortado, double, no sugar.", "I have a cortado in the morning."),
        ("langs | Danish | English | Faroese (mum's side)", "I speak Danish, English, Faroese."),
        ("fam >> bro Torsten (older, lives in Odense)", "My brother is called Torsten."),
        ("learning: Icelandic; fav film: The Big Lebowski; weekly: Thursdays = bouldering",
         "I'm learning Icelandic.\nMy favourite film is The Big Lebowski.\n"
         "On Thursdays I do bouldering."),
        ("work -> pharmacist @ Apoteket Lindegaard (dispensing + the vaccine clinic)",
         "I work as a pharmacist.\nI work for Apoteket Lindegaard."),
        ("sold the Skoda. car = Polestar 2", "sold the Skoda.\nI drive a Polestar 2."),
        ("Name: Tomasz; Mood: great", "My name is Tomasz.\nMood: great"),
        ("pets:\n- dog, Waffles (lurcher, very daft)\n- cat, Noodle",
         "My dog is called Waffles.\nMy cat is called Noodle."),
        ("diet: vegan / allergy: sesame (proper one, I carry an epipen)",
         "I'm vegan.\nI'm allergic to sesame."),
        ("bday Nov 3rd, fav colour ochre",
         "My birthday is Nov 3rd.\nMy favourite colour is ochre."),
        ("hobbies etc:\n* banjo (badly)\n* collect enamel pins, ~300 now\n"
         "* bouldering every Thursday w/ the work lot\n* pottery",
         "I play the banjo.\nI collect enamel pins.\n"
         "I go bouldering every Thursday w/ the work lot.\nMy hobby is pottery."),
    ],
)
def test_a_labelled_field_is_said_as_its_plain_sentence(note: str, plain: str) -> None:
    assert said_plainly(note) == plain


@pytest.mark.parametrize(
    ("note", "plain"),
    [
        ("Employer now Kier (left Amey).", "I switched from Amey to Kier.\nI work for Kier."),
        ("Morning drink is now green tea, not yerba mate.",
         "I switched from yerba mate to green tea.\nI have a green tea in the morning."),
        ("Job update - no longer an electrician, now a site manager.",
         "I switched from electrician to site manager.\nI work as a site manager."),
        ("Favourite food changed: bigos (was pierogi)",
         "I switched from pierogi to bigos.\nMy favourite food is bigos."),
        ("Update: moved from Leeds to Sheffield.", "I moved from Leeds to Sheffield."),
        ("Car: sold the Skoda, got a Tesla.", "I sold the Skoda, got a Tesla."),
        ("city: Aarhus -> Rotterdam", "I switched from Aarhus to Rotterdam.\nI live in Rotterdam."),
        ("fav food update | bitterballen > frikadeller now",
         "I switched from frikadeller to bitterballen.\nMy favourite food is bitterballen."),
        ("am drink now yerba mate, cortado dropped",
         "I switched from cortado to yerba mate.\nI have a yerba mate in the morning."),
        ("also fav food is bibimbap now, not lasagne",
         "I switched from lasagne to bibimbap.\nMy favourite food is bibimbap."),
        ("sold the Skoda -> Vespa now (parking is so much easier)",
         "I switched from Skoda to Vespa.\nI ride a Vespa."),
        ("I traded my Fiat for a Honda.", "I switched from Fiat to Honda.\nI drive a Honda."),
    ],
)
def test_a_labelled_change_names_the_new_value_and_the_old(note: str, plain: str) -> None:
    assert said_plainly(note) == plain


@pytest.mark.parametrize(
    "note",
    [
        "Big news: I got the job!",  # a label no field has
        "Work - it's been crazy this week.",  # a clause, not a value
        "Home - finally, after a long day.",
        "Car: in the garage again",
        "Dog: barking all night",  # names no dog
        "Pets: none",
        "Reminder: call mum at 5",
        "Location: the office",  # a common noun, no place
        "Home: work from home today",
        "Name: what should I call my dog?",  # a question, no value
        "Name: " + " ." * 150 + "x",  # too long for a field: prose or pasted text
        "```\nname: build\nhome: /usr/local\n```",  # pasted text, not a profile
        "\n".join(f"name: job{i}" for i in range(40)),
        "I live in Leeds.",
        "I sold my flat for a song.",  # no vehicle given up for another
        "favourite thing about Bristol is the harbour",  # no label that needs no separator
        "Birthday is on Friday, what should I cook?",
        "learning to drive is hard",  # no language or subject named
    ],
)
def test_text_that_is_no_labelled_field_is_left_as_it_was(note: str) -> None:
    assert said_plainly(note) == note


def test_a_labelled_note_is_a_statement_to_acknowledge() -> None:
    assert is_statement("Car: Skoda Octavia.")
    assert is_statement("Pets:\n- dog, Kuba")
    assert not is_statement("Reminder: call mum at 5")


def test_labelled_notes_are_captured_and_change_the_memory_they_name(
    capturer: Capturer, store: MemoryStore
) -> None:
    capturer.capture(None, "Hi Kai, quick intro.\nName: Tomasz\nAge: 38\nHome: Leeds")
    capturer.capture(None, "Pets:\n- dog, Kuba\n- cat, Mruczek")
    capturer.capture(None, "Morning drink: yerba mate.")
    facts = {m.key: m.content for m in store.all()}
    assert facts["name"] == "The user's name is Tomasz."
    assert facts["age"] == "The user is 38 years old."
    assert facts["home_city"] == "The user lives in Leeds."
    assert facts["dog_name"] == "The user's dog is called Kuba."
    assert facts["cat_name"] == "The user's cat is called Mruczek."
    capturer.capture(None, "Update: moved from Leeds to Sheffield.")
    capturer.capture(None, "Morning drink is now green tea, not yerba mate.")
    current = [m.content for m in store.all()]
    assert "The user lives in Sheffield." in current
    assert not any("Leeds" in c for c in current)
    assert not any("yerba" in c for c in current)
    assert any("green tea" in c for c in current)


def test_a_list_about_the_user_is_read_item_by_item(capturer: Capturer) -> None:
    """Bullets carry no meaning of their own; a list "about me" opens with a name and an
    age; a job may come "with" its employer."""
    message = ("Hi there! Some things about me:\n- Lotte, 41\n- based in Ghent\n"
               "- nurse with AZ Sint-Jan")
    facts = {f.key: f.value for f in capturer.propose(None, message)}
    assert facts == {"name": "Lotte", "age": "41", "home_city": "Ghent",
                     "occupation": "nurse", "employer": "AZ Sint-Jan"}


@pytest.mark.parametrize("message", ["- I drive a Skoda", "• I drive a Skoda", "* I drive a Skoda"])
def test_a_bulleted_statement_is_read_as_it_stands(capturer: Capturer, message: str) -> None:
    assert [(f.key, f.value) for f in capturer.propose(None, message)] == [("vehicle", "Skoda")]


def test_a_name_and_an_age_in_a_list_about_others_are_not_the_users(capturer: Capturer) -> None:
    assert capturer.propose(None, "My kids:\n- Tom, 12\n- Ana, 9") == []


def test_a_nested_profile_names_each_pet_under_its_kind(capturer: Capturer,
                                                         store: MemoryStore) -> None:
    """Indented fields under "dog:" are the dog's: its name is no renaming of the user
    (also once the user's own name is known), its breed no fact of the user's."""
    capturer.capture(None, "name: Ines")
    capturer.capture(None, "animals:\n  dog:\n    name: Pip\n    breed: whippet\n"
                           "  cat:\n    name: Olive\n    age: 7")
    facts = {m.key: m.content for m in store.all()}
    assert facts == {"name": "The user's name is Ines.",
                     "dog_name": "The user's dog is called Pip.",
                     "cat_name": "The user's cat is called Olive."}
