"""Fact extraction, the memory-manager pass and the episodic note, with the scripted model."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pytest

from kai_desktop.core.llm.model import ChatMessage, ModelError, ScriptedChatModel
from kai_desktop.core.memory.extraction import Extractor, auto_extract_enabled
from kai_desktop.core.memory.extraction_format import FACTS_SCHEMA, MANAGER_SCHEMA
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.text_match import grounded, is_duplicate_text, key_for
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.memory.transcripts import render_transcript
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.frontmatter import split_frontmatter
from kai_desktop.core.vault.layout import ensure_vault_layout

NOON = datetime(2026, 11, 21, 12, 0).astimezone()

CONVERSATION: list[ChatMessage] = [
    {"role": "user", "content": "Hi, I live in Lyon and work as a nurse."},
    {"role": "assistant", "content": "Nice to meet you!"},
    {"role": "user", "content": "I drink green tea every morning."},
    {"role": "assistant", "content": "Sounds calm."},
    {"role": "user", "content": "Can you suggest a book?"},
    {"role": "assistant", "content": "Try Dune."},
]
FACTS = (
    '{"facts": ["The user lives in Lyon.", "The user works as a nurse.", '
    '"The user drinks green tea every morning.", "The moon is made of cheese.", "Hi"]}'
)


@dataclass
class Parts:
    vault: Vault
    memory: MemoryStore
    tiers: Tiers


@pytest.fixture
def parts(tmp_path: Path) -> Parts:
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n")
    return Parts(vault, MemoryStore(vault, clock=lambda: NOON), Tiers(vault, clock=lambda: NOON))


def extractor(parts: Parts, **kwargs: object) -> Extractor:
    kwargs.setdefault("env", {})
    return Extractor(parts.memory, parts.tiers, **kwargs)  # type: ignore[arg-type]


# -- helpers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("setting", "env", "expected"),
    [
        (True, {}, True),
        (False, {}, False),
        (True, {"KAI_AUTO_EXTRACT": "0"}, False),
        (True, {"KAI_AUTO_EXTRACT": "off"}, False),
        (True, {"KAI_AUTO_EXTRACT": "1"}, True),
        (False, {"KAI_AUTO_EXTRACT": "1"}, False),
    ],
)
def test_auto_extract_switches(setting: bool, env: dict[str, str], expected: bool) -> None:
    assert auto_extract_enabled(setting, env) is expected


def test_duplicate_text_is_judged_without_the_model() -> None:
    assert is_duplicate_text("The user lives in Lyon.", "the user LIVES in lyon")
    assert is_duplicate_text("The user lives in Lyon", "Fact: the user lives in Lyon, France")
    assert is_duplicate_text("User's favourite editor: Helix", "Favourite editor is Helix")
    assert not is_duplicate_text("The user lives in Lyon", "The user lives in Paris")
    assert not is_duplicate_text("", "anything")


def test_grounding_needs_the_users_own_words() -> None:
    said = "I live in Lyon and I drink green tea"
    assert grounded("The user lives in Lyon.", said)
    assert not grounded("The user owns a boat in Marseille.", said)
    assert grounded("42", "My age is 42")
    assert not grounded("41", "My age is 42")


def test_keys_are_snake_case_content_words() -> None:
    assert key_for("My favourite editor is Helix!") == "favourite_editor_helix"
    assert key_for("I am") == "i_am"


def test_transcripts_keep_every_turn_when_shortened() -> None:
    long = [{"role": "user", "content": f"Q{i} " + "x " * 400} for i in range(5)]
    text = render_transcript(long, limit_chars=2000)
    assert len(text) <= 2001
    assert all(f"Q{i}" in text for i in range(5))


# -- facts --------------------------------------------------------------------------------


def test_facts_are_grounded_deduplicated_and_written_to_the_daily_note(parts: Parts) -> None:
    parts.tiers.append_daily("The user works as a nurse.", extracted=True)
    model = ScriptedChatModel([[FACTS], '{"decision": "NA"}'])
    report = extractor(parts).after_compaction(model, CONVERSATION, user_messages=3)
    assert report.facts == (
        "The user lives in Lyon.",
        "The user drinks green tea every morning.",
    )
    refused = dict(report.skipped)
    assert refused["The moon is made of cheese."] == (
        "not a fact about the user in the third person"
    )
    assert refused["The user works as a nurse."] == "already known"
    assert refused["Hi"] == "too short to be a fact"
    assert parts.tiers.extracted_facts() == [
        "The user works as a nurse.",
        "The user lives in Lyon.",
        "The user drinks green tea every morning.",
    ]
    daily = parts.tiers.daily_text()
    assert "- 12:00 [extracted] The user lives in Lyon." in daily
    assert model.requests[0].json_schema == FACTS_SCHEMA
    assert model.requests[1].json_schema == MANAGER_SCHEMA
    assert report.na
    assert report.memories == ()


def test_at_most_five_facts(parts: Parts) -> None:
    fruit = ["apples", "pears", "plums", "figs", "kiwis", "limes", "grapes", "melons"]
    text = '{"facts": [' + ", ".join(f'"The user eats {f} daily"' for f in fruit) + "]}"
    messages: list[ChatMessage] = [{"role": "user", "content": "I eat " + " ".join(fruit)}]
    facts, _ = extractor(parts).extract_facts(ScriptedChatModel([[text]]), messages)
    assert facts == [f"The user eats {f} daily" for f in fruit[:5]]


def test_short_conversations_are_not_extracted(parts: Parts) -> None:
    model = ScriptedChatModel([])
    report = extractor(parts).after_compaction(model, CONVERSATION[:4], user_messages=2)
    assert model.calls == 0
    assert report.facts == ()
    assert "fewer than 3" in report.notes[0]
    assert parts.tiers.daily_text() == ""


@pytest.mark.parametrize("how", ["env", "setting"])
def test_extraction_can_be_turned_off(parts: Parts, how: str) -> None:
    model = ScriptedChatModel([])
    if how == "env":
        ex = extractor(parts, env={"KAI_AUTO_EXTRACT": "0"})
    else:
        ex = extractor(parts, auto_extract=lambda: False)
    report = ex.after_compaction(model, CONVERSATION, user_messages=3)
    assert model.calls == 0
    assert report.notes == ("fact extraction is turned off",)


def test_plain_text_fact_lists_are_read_too(parts: Parts) -> None:
    model = ScriptedChatModel([["- The user lives in Lyon.\n- The user drinks green tea."]])
    facts, _ = extractor(parts).extract_facts(model, CONVERSATION)
    assert facts == ["The user lives in Lyon.", "The user drinks green tea."]


# -- memory manager -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reply", ["NA", '{"decision": "NA"}', '{"decision": "ADD", "memories": []}']
)
def test_manager_may_answer_na(parts: Parts, reply: str) -> None:
    model = ScriptedChatModel([[reply]])
    decision = extractor(parts).manage(model, ["The user lives in Lyon."])
    assert decision.na
    assert decision.added == ()
    assert parts.memory.all() == []


def test_manager_never_adds_a_duplicate(parts: Parts) -> None:
    parts.memory.store("home_city", "The user lives in Lyon")
    parts.vault.append_text("Memory.md", "- The user is a nurse.\n")
    reply = (
        '{"decision": "ADD", "memories": ['
        '{"key": "city", "content": "The user lives in Lyon."}, '
        '{"key": "home city", "content": "Lyon is home"}, '
        '{"key": "job", "content": "The user is a nurse."}, '
        '{"key": "tea", "content": "The user drinks green tea every morning."}]}'
    )
    facts = ["The user lives in Lyon.", "The user is a nurse.",
             "The user drinks green tea every morning."]
    decision = extractor(parts).manage(ScriptedChatModel([[reply]]), facts)
    # keys are the slots' own ("city" is home_city, "job" is occupation)
    assert [(key, why.split(" (")[0]) for key, why in decision.skipped] == [
        ("home_city", "duplicates memory home_city"),
        ("home_city", "duplicates memory home_city"),
        ("occupation", "already in Memory.md")]
    assert [m.key for m in decision.added] == []  # only three proposals are considered
    keys = sorted(m.key for m in parts.memory.all())
    assert keys == ["home_city"]


def test_manager_stores_only_new_grounded_facts(parts: Parts) -> None:
    reply = (
        '{"decision": "ADD", "memories": ['
        '{"key": "Tea Habit", "content": "The user drinks green tea every morning."}, '
        '{"key": "boat", "content": "The user owns a yacht."}]}'
    )
    facts = ["The user drinks green tea every morning."]
    decision = extractor(parts).manage(ScriptedChatModel([[reply]]), facts)
    assert [m.key for m in decision.added] == ["tea_habit"]
    assert dict(decision.skipped)["boat"] == "not one of the new facts"
    stored = parts.memory.get("tea_habit")
    assert stored is not None
    assert stored.source == "extraction"


def test_manager_refuses_content_with_no_words(parts: Parts) -> None:
    reply = '{"decision": "ADD", "memories": [{"key": "movie_key", "content": "..."}]}'
    decision = extractor(parts).manage(ScriptedChatModel([[reply]]),
                                       ["The user's favourite film is Heat."])
    assert decision.added == ()
    assert decision.skipped == (("movie_key", "empty content"),)
    assert parts.memory.all() == []


def test_memory_off_skips_the_manager(parts: Parts) -> None:
    parts.memory.enabled = False
    model = ScriptedChatModel([[FACTS]])
    report = extractor(parts).after_compaction(model, CONVERSATION, user_messages=3)
    assert model.calls == 1
    assert report.facts


# -- the end of a conversation ------------------------------------------------------------------


def test_finish_session_saves_facts_memories_and_an_episode(parts: Parts) -> None:
    manager = (
        '{"decision": "ADD", "memories": [{"key": "city", "content": '
        '"The user lives in Lyon."}]}'
    )
    model = ScriptedChatModel([[FACTS], [manager], "Ann from Lyon asked for a book."])
    report = extractor(parts).finish_session(
        model, transcript=CONVERSATION, unextracted=CONVERSATION, user_messages=3
    )
    assert report.memories == ("home_city",)  # the slot's own key
    assert report.session_path is not None
    assert report.session_path.startswith("sessions/2026-11-21-1200-hi-i-live-in-lyon")
    note = parts.vault.read_text(report.session_path).text
    fm = split_frontmatter(note)
    assert fm.properties["tags"] == ["session"]
    assert "Ann from Lyon asked for a book." in fm.body
    assert "**user:** Can you suggest a book?" in fm.body


def test_finish_session_saves_the_episode_even_when_the_model_fails(parts: Parts) -> None:
    model = ScriptedChatModel([[ModelError("gone")], [ModelError("gone")]])
    report = extractor(parts).finish_session(
        model, transcript=CONVERSATION, unextracted=CONVERSATION, user_messages=3
    )
    assert report.notes
    assert "fact extraction failed" in report.notes[0]
    assert report.session_path is not None
    body = parts.vault.read_text(report.session_path).text
    assert "The user said: Hi, I live in Lyon" in body


def test_an_empty_conversation_saves_nothing(parts: Parts) -> None:
    model = ScriptedChatModel([])
    report = extractor(parts).finish_session(
        model, transcript=[], unextracted=[], user_messages=0
    )
    assert report.session_path is None
    assert model.calls == 0
    assert list(parts.vault.iter_notes()) == ["Memory.md", "Procedural.md", "Soul.md"]


def test_small_talk_and_jokes_are_never_extracted(parts: Parts) -> None:
    facts = ('{"facts": ["The user asked for a joke about penguins.", '
             '"The user is tired today.", "The user sails in Greece."]}')
    model = ScriptedChatModel([[facts], '{"decision": "NA"}'])
    conversation = [
        {"role": "user", "content": "Tell me a joke about penguins."},
        {"role": "user", "content": "I'm so tired today."},
        {"role": "user", "content": "What's the capital of France?"},
    ]
    report = extractor(parts).after_compaction(model, conversation, user_messages=3)
    assert report.facts == ()
    refused = dict(report.skipped)
    assert "lasting fact" in refused["The user is tired today."]
    assert refused["The user sails in Greece."] == "not something the user said"
    assert parts.tiers.extracted_facts() == []


def test_a_fact_needs_one_statement_of_the_user_not_their_questions(parts: Parts) -> None:
    """Questions state nothing: the model's guess may not borrow its words from them, nor
    gather them across messages ("orange" said elsewhere); a fact holding a question or the
    assistant's answer is no fact."""
    facts = ('{"facts": ["The user\'s favourite colour is orange.", '
             '"The user likes best these days.", '
             '"The user is Quiz. Which instrument do I play? You play the cello.", '
             '"The user plays the cello."]}')
    conversation: list[ChatMessage] = [
        {"role": "user", "content": "What's my favourite colour? I forget."},
        {"role": "user", "content": "I play the cello. Chess is fun."},
        {"role": "user", "content": "Which instrument do I play?"},
        {"role": "user", "content": "An orange, please."},
        {"role": "user", "content": "wait what colour do i like best these days"},
    ]
    kept, refused = extractor(parts).extract_facts(ScriptedChatModel([[facts]]), conversation)
    assert kept == ["The user plays the cello."]
    why = dict(refused)
    assert why["The user's favourite colour is orange."] == "not something the user said"
    assert why["The user likes best these days."] == "not something the user said"
    assert "question" in why[
        "The user is Quiz. Which instrument do I play? You play the cello."]


def test_a_bare_value_is_stored_as_its_slots_sentence_under_the_slots_key(
    parts: Parts,
) -> None:
    parts.memory.store("name", "The user's name is Callum.")
    reply = (
        '{"decision": "ADD", "memories": ['
        '{"key": "user_name", "content": "Callum"}, '
        '{"key": "job_title", "content": "joiner"}]}'
    )
    facts = ["The user is called Callum.", "The user works as a joiner."]
    decision = extractor(parts).manage(ScriptedChatModel([[reply]]), facts)
    assert dict(decision.skipped)["name"].startswith("duplicates memory name")
    assert [(m.key, m.content) for m in decision.added] == [
        ("occupation", "The user works as a joiner.")]

