"""Hinglish (Hindi in Latin letters mixed with English), read as the English the capture
rules know: statements filed under their slots, questions asked in English, and messages in
English or other languages left as they were."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.hinglish import in_hinglish, standard_from_hinglish
from kai_desktop.core.memory.informal import standard_spelling
from kai_desktop.core.memory.store import MemoryStore


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("Mera naam Rohit hai, sab Ronny bulate hain.", "name", "Rohit"),
        ("Main Jaipur mein rehta hoon, Malviya Nagar mein.", "home_city", "Jaipur"),
        ("Main software engineer hoon, matlab din bhar code.", "occupation",
         "software engineer"),
        ("Infosys mein kaam karta hoon, Electronic City wale campus mein.", "employer", "Infosys"),
        ("Main 34 saal ka hoon aur abhi bhi cricket khelta hoon.", "age", "34"),
        ("Mujhe peanuts se allergy hai, bilkul nahi kha sakta.", "allergy", "peanuts"),
        ("Mere bhai ka naam Arjun hai. Woh Delhi mein hai.", "brother_name", "Arjun"),
        ("Mera ek kutta hai, Sheru. Bahut naughty hai.", "dog_name", "Sheru"),
        ("Simba meri billi hai, bahut aalsi.", "cat_name", "Simba"),
        ("Main sitar bajata hoon, bachpan se.", "plays", "sitar"),
        ("Main ek purani Honda City chalata hoon, 2012 wali.", "vehicle", "old Honda City"),
        ("Mera favourite colour teal hai, yaar.", "favourite_colour", "teal"),
        ("Originally main Nashik se hoon, chhota sa sheher hai.", "origin", "Nashik"),
        ("Main stamps collect karta hoon, bahut saare hain.", "collects", "stamps"),
        ("Aajkal Spanish seekh raha hoon, app pe.", "studies", "Spanish"),
        ("Subah ki shuruaat bina cutting chai ke ho hi nahi sakti.", "morning_routine",
         "cutting chai"),
        ("Ghar pe hum Tamil bolte hain, bas.", "languages", "Tamil"),
    ],
)
def test_a_hinglish_statement_is_filed_under_its_slot(
    capturer: Capturer, message: str, key: str, value: str
) -> None:
    assert {f.key: f.value for f in capturer.propose(None, message)}.get(key) == value


@pytest.mark.parametrize(
    ("question", "english"),
    [
        ("Mera naam kya hai?", "What is my name?"),
        ("Main kahan rehta hoon ab?", "Where do I live now?"),
        ("Mere bhai ka naam kya hai?", "What is my brother's name?"),
        ("Mujhe kis cheez se allergy hai?", "What am I allergic to?"),
        ("Main kaunsa instrument bajata hoon?", "Which instrument do I play?"),
        ("Main kis din cricket khelta hoon?", "Which day do I play cricket?"),
        ("Meri billi ka naam kya hai?", "What is my cat's name?"),
    ],
)
def test_a_hinglish_question_is_asked_in_english(question: str, english: str) -> None:
    assert standard_spelling(question) == english


def test_changes_said_in_hinglish_update_the_memories(capturer: Capturer,
                                                      store: MemoryStore) -> None:
    capturer.capture(None, "Main Jaipur mein rehta hoon, bahut garmi hai yaar.")
    capturer.capture(None, "Main ek Maruti Alto chalata hoon, purani hai.")
    capturer.capture(None, "Toh update yeh hai ki hum Pune shift ho gaye!")
    capturer.capture(None, "Alto Jaipur mein hi bech di. Yahan aake Tata Nexon le li.")
    current = " ".join(m.content for m in store.all())
    assert "The user lives in Pune." in current
    assert "Jaipur" not in current
    assert "Nexon" in current
    assert "Alto" not in current


@pytest.mark.parametrize("text", [
    "I had dinner at Dil Se last night, lovely place.",
    "Mein Bruder wohnt in Berlin.",
    "Vivo en Hialeah con mi esposo.",
    "Nakatira ako sa Quezon City ngayon.",
    "Hai everyone, I'm Priya and I live in Leeds.",
])
def test_other_languages_and_english_are_left_alone(text: str) -> None:
    assert not in_hinglish(text)
    assert standard_from_hinglish(text) == text


def test_a_pasted_run_on_is_left_as_it_is() -> None:
    """A "sentence" of thousands of characters is pasted text: no rewrite reads it (each
    lazy match would scan to its end once per start, which took over 30 s for 30 KB)."""
    pasted = "mera naam " * 300 + "Tanvi hai"
    assert standard_from_hinglish(pasted) == pasted
    assert standard_from_hinglish("Mera naam Tanvi hai.") == "My name is Tanvi."
