"""Facts in long, formal sentences, as someone writing letters puts them: an opener that
says how it is told, a short insert between commas, an appositive, a reason after."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.store import MemoryStore

Read = Callable[[str], dict[str, str]]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I ought also to mention that I swim at the leisure centre every Tuesday morning, "
         "thirty lengths, slowly.", {"swimming_routine": "every Tuesday morning"}),
        ("I have also, at my age, begun to learn Italian, with the help of a book.",
         {"studies": "Italian"}),
        ("I now begin each morning with a cup of dandelion coffee instead.",
         {"morning_routine": "dandelion coffee"}),
        ("I went for a walk along the promenade with Cadno, our border terrier.",
         {"dog_name": "Cadno"}),
        ("I am now a part-time bookkeeper, three afternoons a week, at Marsden's Garden Centre "
         "on the edge of town.",
         {"occupation": "part-time bookkeeper", "employer": "Marsden's Garden Centre"}),
        ("We have bought a small second-hand Honda, silver, which my wife can actually park.",
         {"vehicle": "Honda"}),
        ("I work as translator now, at a small agency called Wortwerk, for medical texts.",
         {"occupation": "translator", "employer": "Wortwerk"}),
    ],
)
def test_facts_in_a_formal_sentence_are_read(read: Read, message: str,
                                             expected: dict[str, str]) -> None:
    assert read(message) == expected


def test_a_favourite_said_as_that_is_not_stored_as_that(read: Read) -> None:
    said = ("It will be bottle green, I have no doubt, for that has been my favourite colour "
            "since my grammar school blazer.")
    assert "favourite_colour" not in read(said)


def test_leaving_one_town_and_settling_in_another_replaces_it(capturer: Capturer,
                                                               store: MemoryStore) -> None:
    capturer.capture(None, "I live in Aberystwyth.")
    capturer.capture(None, "We have left Aberystwyth, after thirty-one years, and settled in "
                           "Shrewsbury, a short walk from our daughter.")
    assert [m.content for m in store.all()] == ["The user lives in Shrewsbury."]
