"""The prompt budget a turn reports: per-section token counts, counted once per snapshot,
and the warning before compaction."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.chat.budget import (
    BUDGET_SECTIONS,
    PromptBudget,
    TurnMeasure,
    count_sections,
    measure_budget,
)
from kai_desktop.core.chat.events import Answer, Compacted, TurnFinished
from kai_desktop.core.chat.prompt import PromptInputs, build_system_prompt
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.retrieval.search import Hit
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import PROCEDURAL, ensure_vault_layout


class CountingModel(ScriptedChatModel):
    """Counts how many texts were measured, and how long they were."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.counted: list[str] = []

    def count_tokens(self, text: str) -> int:
        self.counted.append(text)
        return super().count_tokens(text)


class OneHit:
    def __init__(self, text: str) -> None:
        self.hit = Hit("notes/garden.md", "Roses", 3, 5, text, 0.9, {}, 0)

    def context(self, query: str, token_budget: int) -> list[Hit]:
        return [self.hit]

    def search(self, query: str, limit: int = 5) -> list[Hit]:
        return [self.hit]


def session_in(tmp_path: Path, **config: Any) -> ChatSession:
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n\nI am Kai, a patient helper.\n")
    vault.write_text(PROCEDURAL, "# Procedural\n\nAnswer in short sentences, always.\n")
    memory = MemoryStore(vault)
    memory.store("city", "The user lives in Lyon")
    return ChatSession(
        memory=memory, tiers=Tiers(vault), config=SessionConfig(answer_tokens=64, **config)
    )


def answer(session: ChatSession, model: ScriptedChatModel, text: str) -> Answer:
    events = list(session.stream_turn(model, text))
    return next(e.answer for e in events if isinstance(e, TurnFinished))


def test_every_section_is_counted_and_the_sections_fill_the_window(tmp_path: Path) -> None:
    session = session_in(tmp_path)
    session.set_retriever(OneHit("Roses want the garden's morning sun and deep water."))
    model = ScriptedChatModel(["Morning sun."], context_size=4096)
    budget = answer(session, model, "When do the garden roses want water?").stats.budget
    assert budget is not None
    assert [name for name, _ in budget.sections] == [name for name, _ in BUDGET_SECTIONS]
    for name in ("instructions", "soul", "procedural", "memories", "notes", "conversation"):
        assert budget.tokens(name) > 0, name
    assert budget.used + budget.tokens("answer") == 4096
    # The counts are the model's own: the notes are the passage's tokens and more.
    assert budget.tokens("notes") >= model.count_tokens("Roses want the garden's morning")
    assert budget.held_back == 0


def test_the_layers_are_counted_once_per_snapshot(tmp_path: Path) -> None:
    session = session_in(tmp_path)
    model = CountingModel(["One.", "Two."], context_size=4096)
    answer(session, model, "first")
    assert soul_layer_counts(model) == 1
    answer(session, model, "second")
    assert soul_layer_counts(model) == 1
    session.invalidate_prompt()
    model.add_turn("Three.")
    answer(session, model, "third")
    assert soul_layer_counts(model) == 2


def soul_layer_counts(model: CountingModel) -> int:
    """How often the Soul.md layer alone was measured."""
    return sum(t.startswith("Your persona and lessons, from Soul.md") for t in model.counted)


def test_the_conversation_grows_and_warns_before_compaction(tmp_path: Path) -> None:
    session = session_in(tmp_path)
    long = "word " * 60
    model = ScriptedChatModel([f"A{i} " + long for i in range(12)], context_size=1400)
    model.add_turn("The user said many words.")  # the compaction's summary
    budgets: list[PromptBudget] = []
    for i in range(8):
        events = list(session.stream_turn(model, f"Q{i} " + long))
        if any(isinstance(e, Compacted) for e in events):
            break
        done = next(e.answer for e in events if isinstance(e, TurnFinished))
        assert done.stats.budget is not None
        budgets.append(done.stats.budget)
    else:
        pytest.fail("the window never compacted")
    assert budgets[1].tokens("conversation") > budgets[0].tokens("conversation")
    assert budgets[1].window_tokens > budgets[0].window_tokens
    assert not budgets[0].near_compaction
    assert budgets[-1].near_compaction, budgets[-1]


def test_count_sections_slices_the_prompt_by_its_sections() -> None:
    prompt = build_system_prompt(
        PromptInputs(
            soul="soul words", memory_md="", procedural_md="rule one", memories=[],
            daily="today", retrieved=[], local_model=True, memory_enabled=True,
        )
    )
    seen: list[str] = []
    counts = count_sections(prompt, lambda text: seen.append(text) or len(text))
    assert set(counts) == {"soul", "procedural", "today"}
    assert any("soul words" in t and "rule one" not in t for t in seen)
    assert sum(counts.values()) == len(prompt.text) - prompt.section_chars("preamble")


@pytest.mark.parametrize(("window", "warn"), [(79, False), (80, True), (120, True)])
def test_the_warning_starts_at_four_fifths(window: int, warn: bool) -> None:
    budget = PromptBudget(1000, (), window_tokens=window, compaction_at=100)
    assert budget.near_compaction is warn


def test_measure_budget_keeps_the_held_back_count_and_never_goes_negative() -> None:
    budget = measure_budget(
        {"soul": 50},
        TurnMeasure(
            context_size=100, system_tokens=40, tools_tokens=0, summary_tokens=0,
            window_before=200, user_tokens=10, question_tokens=10, window_after=210,
            compaction_at=50, held_back=3,
        ),
    )
    assert budget.tokens("instructions") == 0
    assert budget.tokens("answer") == 0
    assert budget.held_back == 3
