"""Memory end to end with the real llama.cpp and the Qwen 0.5B shipped on PyPI.

A fact told in one conversation reaches the vault (a memory, or an [extracted] line in
the daily note) and the next conversation's system prompt; a heartbeat promotes a proven
memory into Soul.md and undoes it. Contexts and answers are short so each test stays
within about a minute on two cores.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kai_desktop.core.chat.keeper import ConversationKeeper
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.extraction import Extractor
from kai_desktop.core.memory.heartbeat import HeartbeatRunner
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout
from kai_desktop.infra.llama.chat_model import LlamaChatModel
from kai_desktop.infra.models.manager import ModelManager

pytestmark = pytest.mark.integration

SOUL = "# Soul\n\nI am Kai, a brief and friendly assistant.\n\n## Learnings\n"


@pytest.fixture(scope="module")
def qwen() -> Iterator[LlamaChatModel]:
    # The default model folder lives in the test session's private data dir, so the
    # file is assembled (and its sha256 checked) once per test run.
    path = ModelManager().install("default").path
    model = LlamaChatModel(path, n_ctx=2048, n_threads=2, seed=11)
    yield model
    model.close()


def open_vault(root: Path) -> tuple[Vault, MemoryStore, Tiers]:
    vault = Vault(root)
    ensure_vault_layout(vault, SOUL)
    return vault, MemoryStore(vault), Tiers(vault)


def test_a_fact_told_once_is_in_the_next_conversations_prompt(
    qwen: LlamaChatModel, tmp_path: Path
) -> None:
    vault, memory, tiers = open_vault(tmp_path / "vault")
    config = SessionConfig(answer_tokens=24, temperature=0.0, summary_tokens=60)
    extractor = Extractor(memory, tiers, env={})
    session = ChatSession(memory=memory, tiers=tiers, extractor=extractor, config=config)
    keeper = ConversationKeeper(session, Capturer(memory, tiers), None, extractor)
    for text in (
        "Please remember that I live in Lyon.",
        "I work as a nurse at the city hospital.",
        "Thanks, that is all.",
    ):
        keeper.user_said(text)
        answer = session.run_turn(qwen, text)
        assert answer.error is None
        keeper.assistant_said(answer.text)
    report = keeper.end(qwen)  # what quitting runs: captures, extraction, session note
    assert not report.stopped
    stored = [m.content for m in memory.all()]
    extracted = tiers.extracted_facts()
    assert any("lyon" in t.lower() for t in stored + extracted), (stored, extracted)
    assert any(p.startswith("sessions/") for p in vault.iter_notes())

    # A new conversation, from a fresh store over the same vault, carries the fact.
    _, memory2, tiers2 = open_vault(vault.root)
    fresh = ChatSession(memory=memory2, tiers=tiers2, config=config)
    system = fresh.prepare(qwen, "Where do I live?").system
    assert "Lyon" in system


def test_a_heartbeat_promotes_a_proven_memory_and_undoes_it(
    qwen: LlamaChatModel, tmp_path: Path
) -> None:
    vault, memory, tiers = open_vault(tmp_path / "vault")
    memory.store("morning_drink", "The user drinks green tea every morning")
    for _ in range(4):
        memory.reinforce("morning_drink")
    note = vault.resolve("memories/morning_drink.md").read_text()
    runner = HeartbeatRunner(memory, tiers, vault)
    report = runner.run(qwen, force=True)
    assert [p.key for p in report.promoted] == ["morning_drink"], report.skipped
    promotion = report.promoted[0]
    soul = vault.resolve("Soul.md").read_text()
    assert soul.startswith(SOUL)
    assert promotion.addition in soul
    assert len(promotion.addition) >= 10
    assert memory.get("morning_drink") is None

    runner.undo(promotion.id)
    assert vault.resolve("Soul.md").read_text() == SOUL
    assert vault.resolve("memories/morning_drink.md").read_text() == note
    restored = memory.get("morning_drink")
    assert restored is not None
    assert restored.hits == 5
