"""How a turn's context window was spent, section by section (the prompt budget meter).

The system prompt's layers are counted once per prompt snapshot (the snapshot is kept for
the whole conversation, so later turns reuse the counts); the conversation and the notes
that rode with the message are counted from the window's own per-message counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from kai_desktop.core.chat.prompt import AssembledPrompt

BUDGET_SECTIONS: Final = (
    ("instructions", "Instructions"),
    ("soul", "Soul & Memory.md"),
    ("procedural", "Procedural"),
    ("memories", "Memories"),
    ("today", "Today's note"),
    ("notes", "Retrieved notes"),
    ("conversation", "Conversation"),
    ("answer", "Room for the answer"),
)
"""Budget sections in the order they fill the window, with their labels."""

WARN_SHARE: Final = 0.8
"""The meter warns once the conversation has used this share of its room."""

_PROMPT_SECTIONS: Final = {
    "soul": "soul",
    "memory_md": "soul",
    "procedural": "procedural",
    "memories": "memories",
    "daily": "today",
}


@dataclass(frozen=True)
class PromptBudget:
    """Token counts of one turn's prompt by section, and how close compaction is.

    ``window_tokens`` is what the conversation holds after the turn; once it passes
    ``compaction_at`` the oldest turns are summarised. ``held_back`` counts the notes and
    memories kept from a remote model for privacy.
    """

    context_size: int
    sections: tuple[tuple[str, int], ...]
    window_tokens: int = 0
    compaction_at: int = 0
    held_back: int = 0

    def tokens(self, name: str) -> int:
        return next((n for s, n in self.sections if s == name), 0)

    @property
    def used(self) -> int:
        """Tokens of the prompt (every section but the room left for the answer)."""
        return sum(n for s, n in self.sections if s != "answer")

    @property
    def compaction_share(self) -> float:
        """How full the conversation's room is (1.0: the next message compacts)."""
        if self.compaction_at <= 0:
            return 0.0
        return self.window_tokens / self.compaction_at

    @property
    def near_compaction(self) -> bool:
        return self.compaction_share >= WARN_SHARE


def count_sections(prompt: AssembledPrompt, count: Callable[[str], int]) -> dict[str, int]:
    """Tokens of the vault layers of ``prompt`` (its sections are consecutive slices)."""
    counts: dict[str, int] = {}
    start = 0
    for section in prompt.sections:
        end = start + section.chars
        target = _PROMPT_SECTIONS.get(section.name)
        if target is not None and section.chars:
            counts[target] = counts.get(target, 0) + count(prompt.text[start:end])
        start = end
    return counts


@dataclass(frozen=True)
class TurnMeasure:
    """What the session knows of a turn's prompt, in tokens."""

    context_size: int
    system_tokens: int
    tools_tokens: int
    summary_tokens: int
    window_before: int
    user_tokens: int
    question_tokens: int
    window_after: int
    compaction_at: int
    held_back: int = 0


def measure_budget(layers: dict[str, int], turn: TurnMeasure) -> PromptBudget:
    """The budget of a turn: the layers counted from the snapshot, the rest from ``turn``.

    Whatever of the system message is not a vault layer or the summary is instructions
    (preamble, voice and tool guidance) and, with it, the tool list.
    """
    layer_total = sum(layers.values())
    instructions = max(turn.system_tokens - layer_total - turn.summary_tokens, 0)
    notes = max(turn.user_tokens - turn.question_tokens, 0)
    conversation = turn.window_before + turn.question_tokens + turn.summary_tokens
    counts = {
        "instructions": instructions + turn.tools_tokens,
        **layers,
        "notes": notes,
        "conversation": conversation,
    }
    used = sum(counts.values())
    counts["answer"] = max(turn.context_size - used, 0)
    return PromptBudget(
        context_size=turn.context_size,
        sections=tuple((name, counts.get(name, 0)) for name, _label in BUDGET_SECTIONS),
        window_tokens=turn.window_after,
        compaction_at=turn.compaction_at,
        held_back=turn.held_back,
    )
