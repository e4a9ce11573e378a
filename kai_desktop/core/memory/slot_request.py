"""The request that asks the model to file one statement under a slot.

The system text names the slots; worked examples come as earlier turns, a small model
copying the answer's form from them. The examples are the ones most alike the statement
(``slot_examples``); the fixed ones below stand in when the bank is missing.
"""

from __future__ import annotations

import json
from typing import Final

from kai_desktop.core.memory.slot_examples import nearest_examples
from kai_desktop.core.memory.slots import NO_FACT, SLOTS

SLOT_SYSTEM: Final = (
    "You file a fact a user states about their own life under one topic: "
    + ", ".join(SLOTS) + ", or none. detail names what a favourite, relative, pet or other "
    "fact is about, else \"\". value copies the user's words. You answer only JSON."
)
# Worked examples as earlier turns: a small model copies the answer's form from them but,
# unlike examples quoted inside one message, does not mix their words into its answer.
_EXAMPLES: Final[tuple[tuple[str, tuple[str, str, str]], ...]] = (
    ("Chess is the game I love most.", ("favourite", "game", "Chess")),
    ("Sam and I have been together for years, he is my partner.", ("relative", "partner", "Sam")),
    ("I moved my whole life over to Denver.", ("home city", "", "Denver")),
    ("I keep bees in the garden.", ("other", "bees", "keep bees")),
    ("I am not sure about that.", (NO_FACT, "", "")),
)


def _as_json(topic: str, detail: str, value: str) -> str:
    return json.dumps({"topic": topic, "detail": detail, "value": value})


def slot_request(statement: str) -> list[dict[str, str]]:
    """The chat messages that ask the model to file one ``statement``: the examples most
    alike it from the bank after one that files nothing (the fixed ones without a bank)."""
    alike = [(e.text, (e.topic, e.detail, e.value)) for e in nearest_examples(statement)]
    examples = [e for e in _EXAMPLES if e[1][0] == NO_FACT] + alike if alike else _EXAMPLES
    messages = [{"role": "system", "content": SLOT_SYSTEM}]
    for text, answer in examples:
        messages.append({"role": "user", "content": f"Statement: \"{text}\""})
        messages.append({"role": "assistant", "content": _as_json(*answer)})
    messages.append({"role": "user", "content": f"Statement: \"{statement}\""})
    return messages
