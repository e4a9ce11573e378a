"""Jamaican Patois read as standard English: "mi" as I, my or me by where it stands, "a" as
"am ...ing" or "is", "di", "pon", "inna", "nuh", "cyaan"; a message with a single Patois-looking
word, or none, is left exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.chat.asked import memory_hint
from kai_desktop.core.memory.jamaican_patois import standard_from_patois

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Wah gwaan! Mi name Shanique, but everybody call mi Nique.", {"name": "Shanique"}),
        ("So mi live inna Montego Bay, up by Ironshore.", {"home_city": "Montego Bay"}),
        ("Mi have a dog name Duppy, black mongrel.", {"dog_name": "Duppy"}),
        ("Mi turn 29 pon di 6th a February, same day as Bob Marley.",
         {"age": "29", "birthday": "the 6th of February"}),
        ("And mi grow up Adventist, so mi nuh eat pork at all.", {"diet": "pork"}),
        ("Mi favourite film a Cool Runnings. Mi know, mi know.",
         {"favourite_film": "Cool Runnings"}),
        ("Bammy a mi cat, ginger and fat, she deh pon di gate.", {"cat_name": "Bammy"}),
        ("Mi a learn Haitian Creole now too, at night class.", {"studies": "Haitian Creole"}),
        ("Mi pack up everything and move to Kingston last month.", {"home_city": "Kingston"}),
        ("Mi finish mi training finally. Mi a midwife now!", {"occupation": "midwife"}),
        ("Mi speak English and Patois, obviously.", {"languages": "English and Patois"}),
        ("Mi just paint mi bedroom canary yellow, mi favourite colour from mi small.",
         {"favourite_colour": "canary yellow"}),
    ],
)
def test_patois_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize(
    ("message", "written"),
    [
        ("Mi cousin seh this thing can remember stuff fi yuh.",
         "My cousin seh this thing can remember stuff for you."),
        ("Remind mi seh mi sister birthday a next Friday.",
         "Remind me seh my sister birthday a next Friday."),
        ("Mi a try it, mi memory nuh good.", "I am trying it, my memory don't good."),
    ],
)
def test_mi_is_i_my_or_me_by_where_it_stands(message: str, written: str) -> None:
    assert standard_from_patois(message) == written


@pytest.mark.parametrize(
    "message",
    [
        "Di Maria scored twice last night.",
        "Mi casa es su casa, as they say.",
        "I met Mi-rae at the dam.",
        "My dog is called Duppy.",
    ],
)
def test_english_is_left_as_it_was(message: str) -> None:
    assert standard_from_patois(message) == message


@pytest.mark.parametrize(
    ("question", "key"),
    [
        ("Wha mi name?", "name"),
        ("Which city mi living in now?", "home_city"),
        ("Where mi work now?", "employer"),
        ("Wha di dog name?", "dog_name"),
        ("Wha language mi a learn?", "studies"),
        ("Which day mi play netball?", "netball_routine"),
    ],
)
def test_a_question_in_patois_finds_its_memory(question: str, key: str) -> None:
    memories = [("name", "The user's name is Shanique."),
                ("home_city", "The user lives in Kingston."),
                ("occupation", "The user works as a midwife."),
                ("employer", "The user works at Victoria Jubilee Hospital."),
                ("dog_name", "The user's dog is called Duppy."),
                ("studies", "The user is studying Haitian Creole."),
                ("netball_routine", "The user plays netball every Tuesday evening.")]
    facts = dict(memories)
    assert memory_hint(question, memories)[:1] == [facts[key]]
