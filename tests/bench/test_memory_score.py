"""The deterministic scoring of bench/memory_sessions.py: what it counts as stored,
recalled, updated, stale and said in the user's voice, on a vault written here."""

from __future__ import annotations

from pathlib import Path

from bench.memory_script import Fact, Script
from bench.memory_sessions import TurnLog, score
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.files import Vault

SCRIPT = Script(
    sessions=[["I'm Dana.", "I turned 45 in May.", "I live in Lisbon."],
              ["I moved to Porto."]],
    facts=[Fact("What's my name?", "dana"), Fact("How old am I?", "45"),
           Fact("Where do I live?", "porto", "lisbon")],
    trivia_markers=("joke",),
)
USER_TEXT = "\n".join(t for session in SCRIPT.sessions for t in session)


def _log(question: str, answer: str) -> TurnLog:
    return TurnLog(3, question, answer, 0.1, 10, 10, False)


def _vault(tmp_path: Path, facts: dict[str, str]) -> Path:
    store = MemoryStore(Vault(tmp_path))
    for key, content in facts.items():
        store.store(key, content)
    store.flush_pending()
    return tmp_path


def test_a_clean_run_scores_full_marks(tmp_path: Path) -> None:
    root = _vault(tmp_path, {"name": "The user's name is Dana.",
                             "age": "The user is 45 years old.",
                             "home_city": "The user lives in Porto."})
    logs = [_log("What's my name?", "Yes, I remember your name as Dana."),
            _log("How old am I?", "You are 45."),
            _log("Where do I live?", "You live in Porto.")]
    result = score(SCRIPT, root, logs, USER_TEXT)
    assert result["stored"] == 3
    assert result["recalled"] == 3
    assert result["updated"] == "1/1"
    assert result["stale_kept"] == 0
    # "years old" is the age fact's frame, and "your name as Dana" speaks to the user
    assert result["assistant_as_user"] == 0


def test_stale_values_and_the_users_voice_are_counted(tmp_path: Path) -> None:
    root = _vault(tmp_path, {"name": "The user's name is Dana.",
                             "home_city": "The user lives in Lisbon.",
                             "mood": "The user enjoys the assistant's wonderful riddles."})
    logs = [_log("What's my name?", "I am Dana."),
            _log("Where do I live?", "You live in Lisbon or Porto.")]
    result = score(SCRIPT, root, logs, USER_TEXT)
    assert result["stored"] == 1
    assert result["recalled"] == 1  # the name, though said as the user
    assert result["updated"] == "0/1"
    assert result["stale_kept"] == 1
    assert result["assistant_as_user"] == 2  # "I am Dana." and the ungrounded memory
