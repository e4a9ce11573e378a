"""The heartbeat: promotion through a forced promote_learning call, and exact undo."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest

from kai_desktop.core.llm.model import ModelError, ScriptedChatModel, ToolCall
from kai_desktop.core.memory.heartbeat import HeartbeatRunner, summary_line
from kai_desktop.core.memory.model import Category, Memory
from kai_desktop.core.memory.promotions import HeartbeatError, PromotionLog
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout

SOUL = "# Soul\n\nI am Kai.\n\n## Learnings\n"
NOON = datetime(2026, 11, 21, 12, 0).astimezone()


@dataclass
class Parts:
    vault: Vault
    memory: MemoryStore
    tiers: Tiers
    runner: HeartbeatRunner
    clock: list[datetime]


def make_parts(root: Path, log_path: Path | None = None) -> Parts:
    vault = Vault(root)
    ensure_vault_layout(vault, SOUL)
    clock = [NOON]
    memory = MemoryStore(vault, clock=lambda: clock[0])
    tiers = Tiers(vault, clock=lambda: clock[0])
    runner = HeartbeatRunner(
        memory, tiers, vault, PromotionLog(log_path), clock=lambda: clock[0]
    )
    return Parts(vault, memory, tiers, runner, clock)


@pytest.fixture
def parts(tmp_path: Path) -> Parts:
    return make_parts(tmp_path / "vault")


def proven(parts: Parts, key: str, content: str, category: Category | None = None) -> Memory:
    if category is None:
        parts.memory.store(key, content)
    else:
        parts.memory.learn(key, content, category)
    for _ in range(4):
        memory = parts.memory.reinforce(key)
    assert memory.hits == 5
    return memory


def promote_call(key: str, addition: str) -> list[ToolCall]:
    args = json.dumps({"memory_key": key, "soul_addition": addition})
    return [ToolCall("p1", "promote_learning", args)]


def read(parts: Parts, rel: str) -> str:
    return parts.vault.resolve(rel).read_text(encoding="utf-8")


def test_active_hours(parts: Parts) -> None:
    runner = parts.runner
    assert runner.is_active(NOON.replace(hour=8))
    assert runner.is_active(NOON.replace(hour=21, minute=59))
    assert not runner.is_active(NOON.replace(hour=22))
    assert not runner.is_active(NOON.replace(hour=7))


def test_outside_active_hours_nothing_happens(parts: Parts) -> None:
    proven(parts, "tea", "The user drinks green tea")
    parts.clock[0] = NOON.replace(hour=23)
    model = ScriptedChatModel([])
    report = parts.runner.run(model)
    assert report.inactive
    assert model.calls == 0
    assert parts.memory.get("tea") is not None


def test_a_proven_memory_moves_into_soul(parts: Parts) -> None:
    memory = proven(parts, "tea", "The user drinks green tea")
    proven_less = parts.memory.store("editor", "Helix")
    note = read(parts, memory.path)
    model = ScriptedChatModel(
        [promote_call("tea", "I remember that the user drinks green tea.")]
    )
    report = parts.runner.run(model)
    assert [p.key for p in report.promoted] == ["tea"]
    promotion = report.promoted[0]
    assert promotion.target == "Soul.md"
    assert promotion.memory_note == note
    added = "\n- I remember that the user drinks green tea.\n"  # a new paragraph
    assert read(parts, "Soul.md") == SOUL + added
    assert promotion.appended == added
    assert parts.memory.get("tea") is None
    assert not parts.vault.resolve(memory.path).exists()
    assert parts.memory.get(proven_less.key) is not None
    # The call is forced, and the key is pinned in the schema the grammar follows.
    request = model.requests[0]
    assert request.tool_choice == {"type": "function", "function": {"name": "promote_learning"}}
    assert request.tools is not None
    assert request.tools[0].parameters["properties"]["memory_key"]["enum"] == ["tea"]
    assert "The user drinks green tea" in request.messages[-1]["content"]
    assert parts.runner.promotions() == [promotion]
    assert summary_line(report.promoted) == "Promoted 1 memory: tea"


def test_learnings_and_errors_go_to_procedural(parts: Parts) -> None:
    proven(parts, "tests_first", "Run the tests before committing", Category.LEARNING)
    model = ScriptedChatModel([promote_call("tests_first", "I always run the tests first.")])
    promotion = parts.runner.run(model).promoted[0]
    assert promotion.target == "Procedural.md"
    assert read(parts, "Procedural.md").endswith("- I always run the tests first.\n")
    assert "tests first" not in read(parts, "Soul.md")


@pytest.mark.parametrize(
    "reply",
    [
        ["I would rather not."],
        [ModelError("model gone")],
        promote_call("tea", "  "),
        [ToolCall("x", "promote_learning", '{"memory_key": "tea"')],
    ],
    ids=["no-call", "model-error", "empty-addition", "broken-json"],
)
def test_a_failed_promotion_changes_nothing(parts: Parts, reply: list[object]) -> None:
    memory = proven(parts, "tea", "The user drinks green tea")
    soul = read(parts, "Soul.md")
    report = parts.runner.run(ScriptedChatModel([reply]))  # type: ignore[list-item]
    assert report.promoted == ()
    assert report.skipped
    assert report.skipped[0][0] == "tea"
    assert read(parts, "Soul.md") == soul
    assert parts.memory.get("tea") == memory


def test_the_model_cannot_promote_another_memory(parts: Parts) -> None:
    proven(parts, "tea", "The user drinks green tea")
    parts.memory.store("other", "x")
    report = parts.runner.run(ScriptedChatModel([promote_call("other", "I know x.")]))
    assert report.promoted == ()
    assert "memory_key must be 'tea'" in report.skipped[0][1]
    assert parts.memory.get("other") is not None


def test_memory_off_means_no_candidates(parts: Parts) -> None:
    proven(parts, "tea", "The user drinks green tea")
    parts.memory.enabled = False
    model = ScriptedChatModel([])
    assert parts.runner.run(model).promoted == ()
    assert model.calls == 0


def test_stop_ends_the_run(parts: Parts) -> None:
    proven(parts, "tea", "The user drinks green tea")
    report = parts.runner.run(ScriptedChatModel([]), stop_flag=lambda: True)
    assert report.promoted == ()
    assert report.skipped == (("tea", "stopped"),)


# -- undo -------------------------------------------------------------------------------------


def promote_tea(parts: Parts) -> str:
    proven(parts, "tea", "The user drinks green tea")
    model = ScriptedChatModel([promote_call("tea", "I know the user drinks green tea.")])
    return parts.runner.run(model).promoted[0].id


def test_undo_restores_everything_exactly(parts: Parts) -> None:
    note_before: str
    proven(parts, "tea", "The user drinks green tea")
    note_before = read(parts, "memories/tea.md")
    model = ScriptedChatModel([promote_call("tea", "I know the user drinks green tea.")])
    promotion = parts.runner.run(model).promoted[0]
    undone = parts.runner.undo(promotion.id)
    assert undone.undone
    assert read(parts, "memories/tea.md") == note_before
    assert read(parts, "Soul.md") == SOUL
    restored = parts.memory.get("tea")
    assert restored is not None
    assert restored.hits == 5
    with pytest.raises(HeartbeatError, match="already undone"):
        parts.runner.undo(promotion.id)


def test_undo_keeps_external_edits_to_soul(parts: Parts) -> None:
    promotion_id = promote_tea(parts)
    soul = parts.vault.resolve("Soul.md")
    text = soul.read_text()
    edited = text.replace("I am Kai.", "I am Kai, and I like jokes.") + "\nA line I added.\n"
    soul.write_text(edited)
    parts.runner.undo(promotion_id)
    after = soul.read_text()
    assert "I know the user drinks green tea." not in after
    assert "I like jokes." in after
    assert "A line I added." in after


def test_undo_leaves_an_edited_addition_alone(parts: Parts) -> None:
    promotion_id = promote_tea(parts)
    soul = parts.vault.resolve("Soul.md")
    edited = soul.read_text().replace("green tea", "green tea (and coffee)")
    soul.write_text(edited)
    with pytest.raises(HeartbeatError, match="was edited since"):
        parts.runner.undo(promotion_id)
    assert soul.read_text() == edited
    assert parts.memory.get("tea") is not None  # the memory is back all the same


def test_undo_never_overwrites_a_new_memory_with_the_same_key(parts: Parts) -> None:
    promotion_id = promote_tea(parts)
    parts.memory.store("tea", "The user switched to coffee")
    soul = read(parts, "Soul.md")
    with pytest.raises(HeartbeatError, match="not overwritten"):
        parts.runner.undo(promotion_id)
    current = parts.memory.get("tea")
    assert current is not None
    assert current.content == "The user switched to coffee"
    assert read(parts, "Soul.md") == soul


def test_the_log_survives_a_restart(tmp_path: Path) -> None:
    log_path = tmp_path / "data" / "promotions.json"
    first = make_parts(tmp_path / "vault", log_path)
    promotion_id = promote_tea(first)
    assert json.loads(log_path.read_text())["promotions"][0]["key"] == "tea"
    second = make_parts(tmp_path / "vault", log_path)
    assert [p.id for p in second.runner.promotions()] == [promotion_id]
    second.runner.undo(promotion_id)
    assert second.memory.get("tea") is not None
    assert read(second, "Soul.md") == SOUL
    assert PromotionLog(log_path).all()[0].undone


def test_a_broken_log_is_kept_aside(tmp_path: Path) -> None:
    log_path = tmp_path / "promotions.json"
    log_path.write_text("{not json")
    assert PromotionLog(log_path).all() == []
    assert [p.name for p in tmp_path.iterdir() if "broken" in p.name]
