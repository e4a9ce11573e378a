"""Nigerian Pidgin read as the standard English it means: "I be nurse for ...", "my
favourite X na Y", "I don start work as ...", "na X I dey drink"; standard English is left
exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.pidgin import in_pidgin, standard_from_pidgin

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Sunday service dey sweet me, na me dey play drums for the band.",
         {"plays": "drums for the band"}),
        ("I be pharmacist for Lagoon Clinic, the work dey stress me.",
         {"occupation": "pharmacist", "employer": "Lagoon Clinic"}),
        ("We dey stay for Kaduna now.", {"home_city": "Kaduna"}),
        ("I be 41 this year, and my birthday na for March.", {"age": "41", "birthday": "in March"}),
        ("My favourite drink na palm wine.", {"favourite_drink": "palm wine"}),
        ("I grow up for Ibadan, my papa still dey there.", {"origin": "Ibadan"}),
        ("I dey allergic to shellfish, abeg remember am.", {"allergy": "shellfish"}),
        ("I dey drive one old Toyota Camry.", {"vehicle": "old Toyota Camry"}),
        ("I don leave the bank. I don start work as teacher for Unity College.",
         {"occupation": "teacher", "employer": "Unity College"}),
        ("Now na kunu I dey drink every morning.", {"usual_drink": "kunu"}),
        ("Jollof don take over, jollof na my favourite food now.", {"favourite_food": "jollof"}),
        ("Now I dey learn Yoruba small small.", {"studies": "Yoruba"}),
        ("We don relocate from Jos to Calabar.", {"home_city": "Calabar"}),
        ("My brother buy me Honda, e still dey run well.", {"vehicle": "Honda"}),
    ],
)
def test_a_fact_said_in_pidgin_is_read(read: Read, message: str,
                                       expected: dict[str, str]) -> None:
    assert read(message) == expected


def test_a_question_in_pidgin_reads_as_the_standard_one() -> None:
    assert standard_from_pidgin("Wetin be my dog name?") == "what is my dog's name?"


@pytest.mark.parametrize("message", [
    "Chai has taken over from flat whites in my mornings.",
    "Na is a name in my family.",
    "My dog is called Don.",
    "Omo is the washing powder my gran used.",
    "I no longer drink coffee.",
    "Can I be honest with you?",
    "Should I be worried about my dog?",
    "My friend Una lives in Leeds.",
    "Abi is my sister.",
])
def test_standard_english_is_left_as_it_was(message: str) -> None:
    assert not in_pidgin(message)
    assert standard_from_pidgin(message) == message


def test_an_interjection_that_is_a_drink_stays() -> None:
    assert standard_from_pidgin("Chai, we don relocate to Jos!") == "we relocated to Jos!"
    assert standard_from_pidgin("Chai is my drink. I dey stay for Jos") == (
        "Chai is my drink. I live in Jos")
