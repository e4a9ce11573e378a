"""Changes said in everyday ways replace the old value and leave no stale one: the old
value is said first, the new one in a later message."""

from __future__ import annotations

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.decisions import decide
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.statements import Fact
from kai_desktop.core.memory.store import MemoryStore


@pytest.mark.parametrize(
    "said",
    [
        ("I live in Leeds.", "We left Leeds for York in the spring.", "York", "Leeds"),
        ("I work as a nurse.", "After ten years of nursing I became a teacher.", "teacher",
         "nurse"),
        ("I work at Acme.", "New job at Initech!", "Initech", "Acme"),
        ("I drink coffee every morning.", "These days it's tea in the morning.", "tea",
         "coffee"),
        ("I drink coffee every morning.", "I gave up coffee, tea for me now.", "tea", "coffee"),
        ("I drink coffee every morning.", "I switched to tea in the mornings.", "tea", "coffee"),
        ("My favourite food is pizza.", "I've gone off pizza, sushi is my favourite now.",
         "sushi", "pizza"),
        ("My favourite food is pizza.", "Pizza used to be my favourite, now it's sushi.",
         "sushi", "pizza"),
    ],
)
def test_a_change_said_in_everyday_words_replaces_the_old_value(
    capturer: Capturer, store: MemoryStore, said: tuple[str, str, str, str]
) -> None:
    before, after, new, old = said
    capturer.capture(None, before)
    capturer.capture(None, after)
    held = " ".join(m.content for m in store.all())
    assert new in held
    assert old not in held


def test_the_drink_of_the_mornings_and_the_usual_drink_are_one_slot(store: MemoryStore) -> None:
    store.store("usual_drink", "The user drinks coffee every morning.")
    tea = Fact("morning_routine", "The user starts the day with tea.", Category.PREFERENCE, "tea")
    decision = decide(tea, store.all())
    assert (decision.action, decision.target) == ("UPDATE", "usual_drink")
    wine = Fact("favourite_wine", "The user's favourite wine is Rioja.", Category.PREFERENCE,
                "Rioja")
    assert decide(wine, store.all()).action == "ADD"
