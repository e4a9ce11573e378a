"""Plain English the rules missed: a move said with where from ("We moved from Hull to
York"), a new job said with "started" ("I started a new job as a ..."), a diet said by
what is left out ("I don't eat meat"), a car someone bought the user, a film named in the
sentence before "It's my favourite film", an emoji that ends a sentence; and "my dog is
sick again", which names no dog."""

from __future__ import annotations

from collections.abc import Callable

import pytest

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("We moved from Hull to York last spring.", {"home_city": "York"}),
        ("I relocated from Derby to Bath.", {"home_city": "Bath"}),
        ("We've moved from Perth to Darwin, and my parents are still in Perth.",
         {"home_city": "Darwin"}),
        ("I started a new job as a solicitor at Fenwick Law.",
         {"occupation": "solicitor", "employer": "Fenwick Law"}),
        ("I've started work as a lecturer.", {"occupation": "lecturer"}),
        ("I'm a clerk at Aldi.", {"occupation": "clerk", "employer": "Aldi"}),
        ("I don't eat meat at all.", {"diet": "vegetarian"}),
        ("I don't do dairy.", {"diet": "dairy-free"}),
        ("I'm diabetic, so no sugar in my tea please.", {"diet": "diabetic"}),
        ("My dad bought me a Skoda for my 30th.", {"vehicle": "Skoda"}),
        ("We saw Paddington again last night. It's still my favourite film.",
         {"favourite_film": "Paddington"}),
        ("Just finished Middlemarch for the third time. It's my favourite book.",
         {"favourite_book": "Middlemarch"}),
        ("Long day 😩 My cat is called Pixel.", {"cat_name": "Pixel"}),
        ("I go bowling every Thursday night.", {"bowling_routine": "every Thursday night"}),
        ("Now I drink oat lattes every morning.", {"usual_drink": "oat lattes"}),
    ],
)
def test_plain_english_is_read(read: Read, message: str, expected: dict[str, str]) -> None:
    assert read(message) == expected


@pytest.mark.parametrize("message", [
    "My dog is sick again.",
    "My wife is exhausted after the night shift.",
    "We watched Alien and Jaws on Saturday. It's my favourite film.",  # which one?
    "I read a book on the train. It's my favourite book.",  # no title named
])
def test_nothing_is_made_up(read: Read, message: str) -> None:
    assert read(message) == {}
