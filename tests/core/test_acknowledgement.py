"""An acknowledgement copied from earlier turns is no answer to a message stating nothing."""

from __future__ import annotations

from pathlib import Path

from kai_desktop.core.chat.context import ACKNOWLEDGEMENT
from kai_desktop.core.chat.session import ChatSession
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout


def _session(tmp_path: Path) -> ChatSession:
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n")
    return ChatSession(memory=MemoryStore(vault), tiers=Tiers(vault))


def test_a_copied_acknowledgement_is_retried_without_the_acknowledged_turns(
    tmp_path: Path,
) -> None:
    session = _session(tmp_path)
    joke = "Why don't penguins fly? They're not pilots."
    model = ScriptedChatModel([ACKNOWLEDGEMENT, ACKNOWLEDGEMENT, joke])
    session.run_turn(model, "I live in Lisbon.")
    answer = session.run_turn(model, "Tell me a joke about penguins.")
    assert answer.text == joke
    retry = model.requests[-1].messages
    assert all(m.get("content") != ACKNOWLEDGEMENT for m in retry)
    assert retry[-1]["content"] == "Tell me a joke about penguins."


def test_a_statement_may_be_acknowledged(tmp_path: Path) -> None:
    session = _session(tmp_path)
    model = ScriptedChatModel([ACKNOWLEDGEMENT, ACKNOWLEDGEMENT])
    session.run_turn(model, "I live in Lisbon.")
    answer = session.run_turn(model, "I work as a nurse.")
    assert answer.text == ACKNOWLEDGEMENT
    assert len(model.requests) == 2


def test_a_question_asked_after_a_statement_gets_an_answer(tmp_path: Path) -> None:
    """"I live in Lisbon, so where should I eat tonight?" states a fact and asks something:
    a copied acknowledgement is no answer to it."""
    session = _session(tmp_path)
    tip = "Try Time Out Market for a bit of everything."
    model = ScriptedChatModel([ACKNOWLEDGEMENT, ACKNOWLEDGEMENT, tip])
    session.run_turn(model, "I work as a nurse.")
    answer = session.run_turn(model, "I live in Lisbon, so where should I eat tonight?")
    assert answer.text == tip
