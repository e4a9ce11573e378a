"""The memory manager's decision for one proposed fact, against the memories there are.

ADD a new memory; NOOP when it is already known; UPDATE when its key holds another value;
REVIEW when another memory on the same topic may say the opposite (the pair waits in the
review inbox). Pure functions: ``capture`` applies what is decided here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.model import Memory
from kai_desktop.core.memory.phrasings import INTRODUCED
from kai_desktop.core.memory.slots import fact_for_key, slot_value
from kai_desktop.core.memory.statements import Fact
from kai_desktop.core.memory.text_match import is_duplicate_text, normalise_text

Action = Literal["ADD", "UPDATE", "NOOP", "DELETE", "REVIEW"]

_GENERIC_KEY_WORDS: Final = frozenset(
    {"favourite", "name", "usual", "current", "preferred", "type", "kind", "status", "info",
     "routine", "habit", "schedule"}
)


@dataclass(frozen=True)
class Decision:
    action: Action
    fact: Fact | None
    target: str | None = None
    """The key of the memory the action applies to (UPDATE, NOOP, DELETE, REVIEW)."""
    reason: str = ""


_SAME_TOPIC: Final[dict[str, str]] = {
    "husband": "spouse", "wife": "spouse", "partner": "spouse", "married": "spouse",
    "mum": "mother", "mom": "mother", "dad": "father",
}


def topic_words(key: str) -> set[str]:
    return {_SAME_TOPIC.get(w, w) for w in key.split("_") if w and w not in _GENERIC_KEY_WORDS}


def _says(content: str, value: str) -> bool:
    """Whether ``content`` holds ``value`` as whole words."""
    value = normalise_text(value)
    return bool(value) and f" {value} " in f" {normalise_text(content)} "


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


LIST_SLOTS: Final = frozenset({"languages", "allergy", "collects", "dislikes"})
"""Slots that hold several values: said in two sentences of one message, or added to with
"also" in a later one, they add up."""


def _list_items(value: str) -> list[str]:
    return [item for item in re.split(r"\s*(?:,|\band\b|&)\s*", value) if item.strip()]


_ONE_SLOT: Final[dict[str, str]] = {"morning_routine": "usual_drink",
                                     "usual_drink": "morning_routine"}
"""Keys the rules file one fact under, by how it is said: "I drink coffee every morning"
(the usual drink) and "These days it's tea in the morning" (what starts the day) are one
drink, and the later replaces the earlier."""


def decide(fact: Fact, memories: Sequence[Memory]) -> Decision:
    """What to do with ``fact`` given the current memories (pure; no writes)."""
    by_key = {canonical_key(m.key): m for m in memories}
    same = by_key.get(fact.key) or by_key.get(_ONE_SLOT.get(fact.key, ""))
    if same is not None:
        if fact.key in LIST_SLOTS:  # "French and German" over "French" adds a value
            known = all(_says(same.content, item) for item in _list_items(fact.value))
        else:
            known = _says(same.content, fact.value) or (
                is_duplicate_text(fact.content, same.content)
                and _numbers(fact.content) == _numbers(same.content)  # 40 -> 41 is a change
            )
        if known:
            return Decision("NOOP", fact, same.key, "already known")
        if fact.origin == INTRODUCED:
            return Decision("NOOP", fact, same.key, "an introduction renames no one")
        return Decision("UPDATE", fact, same.key, f"was: {same.content}")
    for memory in memories:
        if is_duplicate_text(fact.content, memory.content):
            return Decision("NOOP", fact, memory.key, "already known under another key")
    topic = topic_words(fact.key)
    # A name and another fact about the same person are no contradiction: "My boyfriend is
    # called Matteo" after "My boyfriend is from Naples"
    named = fact.key.endswith("_name")
    related = [m for m in memories if topic and topic & topic_words(canonical_key(m.key))
               and canonical_key(m.key).endswith("_name") == named]
    for memory in related:
        if _says(memory.content, fact.value):
            return Decision("NOOP", fact, memory.key, "already known on the same topic")
    if related:
        first = related[0]
        return Decision("REVIEW", fact, first.key, f"may contradict: {first.content}")
    return Decision("ADD", fact, None)


_KEPT: Final = frozenset({"languages"})
"""List slots that only grow: a language the user speaks is not lost by naming others
("I work as an interpreter, Spanish and English" after Portuguese)."""
_ADDS_TO_LIST = re.compile(r"\b(?:also|too|as well|another|besides|in addition)\b", re.I)


def added_to_list(fact: Fact, memories: Sequence[Memory], user_text: str) -> Fact:
    """``fact`` joined to the values its list slot already holds when the user adds to it
    ("I also speak German" after French: French and German); a list slot said without
    such a word replaces, as any other slot does, except the languages one speaks."""
    if fact.key not in LIST_SLOTS or not (fact.key in _KEPT or _ADDS_TO_LIST.search(user_text)):
        return fact
    same = next((m for m in memories if canonical_key(m.key) == fact.key), None)
    held = slot_value(fact.key, same.content) if same is not None else None
    if held is None or _says(held, fact.value):
        return fact
    return fact_for_key(fact.key, _joined(held, fact.value))


def _joined(held: str, added: str) -> str:
    """"Portuguese" and "Spanish and English": "Portuguese, Spanish and English"."""
    items = _list_items(held)
    items += [item for item in _list_items(added) if not any(_says(i, item) for i in items)]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def memory_holding(memories: Sequence[Memory], value: str, *, other_than: str | None = None
                   ) -> Memory | None:
    """The first memory whose fact holds ``value`` as whole words (a change names the old
    value, not the key it was filed under); ``other_than`` leaves out one key."""
    holds = re.compile(r"\b" + re.escape(value.casefold()) + r"\b")
    return next((m for m in memories if canonical_key(m.key) != other_than
                 and holds.search(m.content.casefold())), None)


_INSTEAD_OF = re.compile(r"\binstead of\s+(?:the |my |a |an )?(?P<old>[^,.;!?]+?)\s*(?:[,.;!?]|$)",
                        re.I)


def instead_of(fact: Fact, memories: Sequence[Memory], user_text: str) -> Fact:
    """``fact`` under the key of the memory it replaces when the user says so ("I drink
    hot chocolate now instead of cappuccino": the memory holding cappuccino changes, even
    when it was filed under another key)."""
    match = _INSTEAD_OF.search(user_text)
    memory = memory_holding(memories, match.group("old"), other_than=fact.key) if match else None
    if memory is None:
        return fact
    return Fact(canonical_key(memory.key), fact.content, fact.category, fact.value,
                origin="change")


def merged_lists(facts: list[Fact]) -> list[Fact]:
    """``facts`` with a list slot said twice in one message joined (Portuguese and English);
    of another slot said twice, the later ("Architecture is my field, I'm an architect")."""
    out: list[Fact] = []
    for fact in facts:
        earlier = next((f for f in out if f.key == fact.key), None)
        if earlier is None or fact.key not in LIST_SLOTS:
            out = [f for f in out if f is not earlier] + [fact]
        elif fact.value.casefold() not in earlier.value.casefold():
            out[out.index(earlier)] = fact_for_key(fact.key, _joined(earlier.value, fact.value))
    return out
