"""An acknowledgement copied from earlier turns is no answer to a message stating nothing."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kai_desktop.core.chat.context import ACKNOWLEDGEMENT
from kai_desktop.core.chat.memory_answer import NOT_KNOWN, unknown_answer
from kai_desktop.core.chat.session import ChatSession
from kai_desktop.core.llm.model import ScriptedChatModel, StreamEvent
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


def test_a_retried_answer_that_makes_up_a_value_is_not_given(tmp_path: Path) -> None:
    """The second try is checked as the first is: no sister is known, so "Sarah" is
    made up, and the honest "not yet" is the answer."""
    session = _session(tmp_path)
    model = ScriptedChatModel([ACKNOWLEDGEMENT, ACKNOWLEDGEMENT, "Your sister's name is Sarah."])
    session.run_turn(model, "I live in Lisbon.")
    answer = session.run_turn(model, "What's my sister's name?")
    assert answer.text == NOT_KNOWN
    assert len(model.requests) == 3


def test_a_question_about_our_pet_is_checked_too() -> None:
    memories = [("dog_name", "The user's dog is called Juno.")]
    assert unknown_answer("Your cat's name is Juno.", "What's our cat's name?",
                          memories) == NOT_KNOWN


def test_a_memory_captured_this_session_is_known_to_the_checks(tmp_path: Path) -> None:
    """The prompt is built once (its cache holds), so the name told in the first turn is
    not in it; the checks on the next answer still know it, and "I'm Sofia" in the
    assistant's mouth is the user's voice."""
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n")
    memory = MemoryStore(vault)
    session = ChatSession(memory=memory, tiers=Tiers(vault))
    model = ScriptedChatModel([ACKNOWLEDGEMENT,
                               "That's interesting! I'm Sofia, and your sister lives in Rome."])
    session.run_turn(model, "I'm Sofia.")
    memory.store("name", "The user's name is Sofia.")  # as capture does after the turn
    answer = session.run_turn(model, "My sister lives in Rome, but I live in Turin.")
    assert answer.text == ACKNOWLEDGEMENT
    assert "Sofia" not in model.requests[-1].messages[0]["content"]  # the prompt as it was


class _CacheKeepingModel(ScriptedChatModel):
    """Records, for each request, whether it ran inside ``preserving_cache``."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.preserving = False
        self.preserved: list[bool] = []

    @contextlib.contextmanager
    def preserving_cache(self) -> Iterator[None]:
        self.preserving = True
        try:
            yield
        finally:
            self.preserving = False

    def stream(self, messages: Any, **kwargs: Any) -> Iterator[StreamEvent]:
        self.preserved.append(self.preserving)
        return super().stream(messages, **kwargs)


def test_the_retry_keeps_the_first_tries_prompt_cache(tmp_path: Path) -> None:
    session = _session(tmp_path)
    joke = "Why don't penguins fly? They're not pilots."
    model = _CacheKeepingModel([ACKNOWLEDGEMENT, ACKNOWLEDGEMENT, joke])
    session.run_turn(model, "I live in Lisbon.")
    session.run_turn(model, "Tell me a joke about penguins.")
    # the first tries fill the cache the next turn reads; the retry runs beside it
    assert model.preserved == [False, False, True]


def test_a_routine_nothing_holds_is_not_made_up() -> None:
    memories = [("dog_name", "The user's dog is called Rex.")]
    assert unknown_answer("You go running every Sunday.", "When do I go running?",
                          memories) == NOT_KNOWN
    held = [*memories, ("running_routine", "The user goes running every Sunday.")]
    assert unknown_answer("You go running every Sunday.", "When do I go running?",
                          held) == "You go running every Sunday."
