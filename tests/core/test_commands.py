"""Slash commands: simple ones act at once, /review and /tidy only propose."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from kai_desktop.core.chat.commands import CommandRunner, parse_command
from kai_desktop.core.chat.proposals import CommandResult, ProposalError
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout

NOW = datetime(2026, 11, 21, 12, 0).astimezone()


@dataclass
class Parts:
    vault: Vault
    memory: MemoryStore
    tiers: Tiers
    session: ChatSession
    runner: CommandRunner
    clock: list[datetime]


@pytest.fixture
def parts(tmp_path: Path) -> Parts:
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n")
    clock = [NOW]
    memory = MemoryStore(vault, clock=lambda: clock[0])
    tiers = Tiers(vault, clock=lambda: clock[0])
    session = ChatSession(memory=memory, tiers=tiers, config=SessionConfig(answer_tokens=32))
    runner = CommandRunner(session, clock=lambda: clock[0])
    return Parts(vault, memory, tiers, session, runner, clock)


def run(parts: Parts, text: str, **kwargs: object) -> CommandResult:
    result = parts.runner.run(text, **kwargs)  # type: ignore[arg-type]
    assert result is not None
    return result


def snapshot(vault: Vault) -> dict[str, str]:
    return {rel: vault.resolve(rel).read_text(encoding="utf-8") for rel in vault.iter_files()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/remember I like tea", ("remember", "I like tea")),
        ("  /W  too long ", ("w", "too long")),
        ("/tidy", ("tidy", "")),
        ("hello", None),
        ("// not a command", None),
        ("/ ", None),
        ("/path/to/file", None),
    ],
)
def test_parse_command(text: str, expected: tuple[str, str] | None) -> None:
    assert parse_command(text) == expected


def test_plain_text_is_not_a_command(parts: Parts) -> None:
    assert parts.runner.run("what is up?") is None


def test_unknown_commands_list_the_real_ones(parts: Parts) -> None:
    result = run(parts, "/frobnicate")
    assert not result.ok
    assert "/remember" in result.message


# -- /remember and /forget ----------------------------------------------------------------------


def test_remember_stores_and_never_duplicates(parts: Parts) -> None:
    first = run(parts, "/remember My favourite editor is Helix")
    assert first.ok
    assert first.message == "Remembered as favourite_editor_helix."
    again = run(parts, "/remember my favourite editor is helix!")
    assert "Already remembered as favourite_editor_helix" in again.message
    memories = parts.memory.all()
    assert len(memories) == 1
    assert memories[0].hits == 2
    assert memories[0].source == "user"


def test_remember_finds_a_free_key(parts: Parts) -> None:
    parts.memory.store("favourite_editor_helix", "Something else entirely")
    result = run(parts, "/remember My favourite editor is Helix")
    assert result.message == "Remembered as favourite_editor_helix_2."


def test_remember_needs_text_and_memory_on(parts: Parts) -> None:
    assert not run(parts, "/remember").ok
    parts.memory.enabled = False
    result = run(parts, "/remember I like tea")
    assert not result.ok
    assert parts.memory.all() == []


def test_forget_by_key_loosely_and_with_suggestions(parts: Parts) -> None:
    parts.memory.store("favourite_editor", "Helix")
    assert run(parts, "/forget Favourite-Editor").message == "Forgot favourite_editor."
    parts.memory.store("favourite_editor", "Helix")
    missing = run(parts, "/forget favourite_edit")
    assert not missing.ok
    assert "Did you mean: favourite_editor" in missing.message
    assert parts.memory.get("favourite_editor") is not None


# -- /w, /r, /experimental ----------------------------------------------------------------------


def test_flags_need_an_answer_and_go_to_feedback(parts: Parts) -> None:
    assert not run(parts, "/w").ok
    parts.session.run_turn(ScriptedChatModel(["The capital is Lyon."]), "Capital of France?")
    assert run(parts, "/w it is Paris").ok
    corrections = parts.vault.read_text("feedback/corrections.md").text
    assert "- 2026-11-21 12:00 it is Paris" in corrections
    assert "Question: Capital of France?" in corrections
    assert "Answer: The capital is Lyon." in corrections
    assert run(parts, "/r").ok
    rewards = parts.vault.read_text("feedback/rewards.md").text
    assert "Good answer" in rewards


def test_experimental_toggles(parts: Parts) -> None:
    assert run(parts, "/experimental").message.endswith("is on.")
    assert parts.session.experimental
    run(parts, "/experimental")
    assert not parts.session.experimental


# -- /review --------------------------------------------------------------------------------


def test_review_proposes_extracted_facts_and_changes_nothing_until_accepted(
    parts: Parts,
) -> None:
    parts.tiers.append_daily("The user lives in Lyon.", extracted=True)
    parts.tiers.append_daily("Had lunch.")
    parts.clock[0] = NOW + timedelta(days=1)
    parts.tiers.append_daily("The user lives in Lyon.", extracted=True)
    parts.tiers.append_daily("The user plays the cello.", extracted=True)
    parts.memory.store("cello", "The user plays the cello")
    before = snapshot(parts.vault)
    result = run(parts, "/review")
    assert snapshot(parts.vault) == before
    titles = [p.title for p in result.proposals]
    assert titles == ["Keep in Memory.md: The user lives in Lyon."]
    proposal = result.proposals[0]
    assert proposal.path == "Memory.md"
    assert "+- The user lives in Lyon." in proposal.diff
    assert proposal.diff.startswith("--- a/Memory.md\n+++ b/Memory.md\n")
    assert proposal.apply() == "Added to Memory.md."
    assert parts.tiers.memory().endswith("- The user lives in Lyon.\n")
    assert run(parts, "/review").proposals == ()


def test_review_keeps_an_external_edit_made_after_the_proposal(parts: Parts) -> None:
    parts.tiers.append_daily("The user lives in Lyon.", extracted=True)
    proposal = run(parts, "/review").proposals[0]
    parts.vault.resolve("Memory.md").write_text("# Memory\n\nEdited outside.\n")
    proposal.apply()
    text = parts.vault.resolve("Memory.md").read_text()
    assert "Edited outside." in text
    assert "- The user lives in Lyon." in text


def test_review_turns_corrections_into_rules_once(parts: Parts) -> None:
    parts.session.run_turn(ScriptedChatModel(["A very long answer."]), "Hi?")
    run(parts, "/w Answer in one sentence")
    run(parts, "/w")  # no note: without a model there is nothing to distil
    result = run(parts, "/review")
    assert [p.path for p in result.proposals] == ["Procedural.md"]
    proposal = result.proposals[0]
    assert "+- Answer in one sentence. (correction 2026-11-21 12:00)" in proposal.diff
    proposal.apply()
    assert "- Answer in one sentence. (correction 2026-11-21 12:00)" in parts.tiers.procedural()
    assert run(parts, "/review").proposals == ()


def test_review_asks_the_model_for_a_rule_when_there_is_one(parts: Parts) -> None:
    parts.session.run_turn(ScriptedChatModel(["Paris is in Italy."]), "Where is Paris?")
    run(parts, "/w")
    model = ScriptedChatModel([['{"rule": "Check geography facts before answering."}']])
    result = run(parts, "/review", model=model)
    assert result.proposals[0].title == (
        "New rule in Procedural.md: Check geography facts before answering."
    )
    assert model.requests[0].json_schema is not None


def test_nothing_to_review(parts: Parts) -> None:
    result = run(parts, "/review")
    assert result.proposals == ()
    assert "Nothing to review" in result.message


# -- /tidy ---------------------------------------------------------------------------------


def test_tidy_merges_duplicates_on_consent(parts: Parts) -> None:
    parts.memory.store("city", "The user lives in Lyon")
    parts.memory.reinforce("city")
    parts.memory.store("home", "the user lives in Lyon.")
    before = snapshot(parts.vault)
    result = run(parts, "/tidy")
    assert snapshot(parts.vault) == before
    proposal = result.proposals[0]
    assert proposal.title == "Merge memory home into city"
    assert proposal.diff.startswith("--- a/memories/home.md\n+++ /dev/null\n")
    assert proposal.apply() == "Removed home; city kept and confirmed."
    assert [m.key for m in parts.memory.all()] == ["city"]
    kept = parts.memory.get("city")
    assert kept is not None
    assert kept.hits == 3


def test_tidy_proposes_removing_stale_and_promoted_memories(parts: Parts) -> None:
    parts.memory.store("old_thing", "Some idea from long ago")
    parts.memory.store("nurse", "The user is a nurse")
    parts.memory.store("fresh", "Something from today")
    parts.vault.append_text("Memory.md", "- The user is a nurse.\n")
    parts.clock[0] = NOW + timedelta(days=100)
    parts.memory.reinforce("fresh")
    titles = [p.title for p in run(parts, "/tidy").proposals]
    assert "Remove memory nurse (already in Memory.md)" in titles
    assert "Remove memory old_thing (never confirmed and unchanged for 100 days)" in titles
    assert not any("fresh" in t for t in titles)


def test_tidy_removes_a_repeated_line_and_refuses_a_stale_proposal(parts: Parts) -> None:
    parts.vault.append_text("Procedural.md", "- Be brief.\n- Use metric units.\n- be brief\n")
    proposal = run(parts, "/tidy").proposals[0]
    assert proposal.path == "Procedural.md"
    assert "-- be brief" in proposal.diff
    proposal.apply()
    text = parts.tiers.procedural()
    assert text.count("rief") == 1
    assert "Use metric units" in text

    parts.memory.store("a", "The user lives in Lyon")
    parts.memory.store("b", "The user lives in Lyon.")
    merge = run(parts, "/tidy").proposals[0]
    parts.clock[0] = NOW + timedelta(minutes=5)
    dropped = "b" if merge.title.endswith("into a") else "a"
    parts.memory.edit_content(dropped, "The user lives in Lyon, France")
    with pytest.raises(ProposalError, match="changed since the proposal"):
        merge.apply()
    assert parts.memory.get(dropped) is not None


def test_everything_tidy(parts: Parts) -> None:
    assert "Everything is tidy" in run(parts, "/tidy").message
