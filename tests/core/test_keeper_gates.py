"""What holds capture back: a message sent in agent-file mode is never captured (the agent
keeps the memory files there), and in a folder not set up for Kai's files nothing of
Kai's is written; captures wait until the user sets the folder up."""

from __future__ import annotations

from pathlib import Path

from kai_desktop.core.chat.keeper import ConversationKeeper
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.extraction import Extractor
from kai_desktop.core.memory.journal import TranscriptJournal
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import KaiLayout, ensure_vault_layout
from tests.agent.conftest import make_mem_agent_folder, tree_hash


def _keeper(tmp_path: Path, vault: Vault, keeps_files: object = None) -> ConversationKeeper:
    store = MemoryStore(vault)
    tiers = Tiers(vault)
    extractor = Extractor(store, tiers, env={})
    session = ChatSession(memory=store, tiers=tiers, extractor=extractor,
                          config=SessionConfig(answer_tokens=32))
    extra = {} if keeps_files is None else {"keeps_files": keeps_files}
    return ConversationKeeper(session, Capturer(store, tiers),
                              TranscriptJournal(tmp_path / "journal.jsonl"), extractor, **extra)


def test_a_message_in_agent_mode_is_journaled_but_never_captured(tmp_path: Path) -> None:
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n")
    keeper = _keeper(tmp_path, vault)
    keeper.user_said("I live in Lyon.", capture=False)
    assert keeper.pending() == []
    assert keeper.journal is not None
    assert keeper.journal.uncaptured() == []
    assert keeper.journal.is_open()  # the transcript still has it
    assert keeper.capture_pending(None) == []
    keeper.user_said("I work as a nurse.")  # the mode is off again: this one is captured
    keeper.capture_pending(None)
    assert [m.key for m in keeper.capturer.memory.all()] == ["occupation"]
    # A restart after a crash does not capture the agent-mode message either.
    again = _keeper(tmp_path, vault)
    assert again.pending() == []


def test_in_a_folder_not_set_up_captures_wait_and_the_end_writes_nothing(
    tmp_path: Path,
) -> None:
    root = make_mem_agent_folder(tmp_path / "memory")
    before = tree_hash(root)
    vault = Vault(root)
    layout = KaiLayout(vault, "# Soul\n")
    layout.open()
    keeper = _keeper(tmp_path, vault, lambda: layout.ready)
    model = ScriptedChatModel(["Nice.", "Noted.", "Fine."] + ["{}"] * 6)
    for text in ("I live in Lyon.", "I work as a nurse.", "My dog is called Rex."):
        keeper.user_said(text)
        answer = keeper.session.run_turn(model, text)
        keeper.assistant_said(answer.text)
        assert keeper.capture_pending(model) == []
    assert len(keeper.pending()) == 3  # waiting, not dropped
    report = keeper.end(model)
    assert report.captures == []
    assert report.extraction is None
    assert keeper.session.user_messages == 0  # the conversation did end
    assert keeper.journal is not None
    assert not keeper.journal.path.exists()
    assert tree_hash(root) == before


def test_captures_that_waited_run_once_the_folder_is_set_up(tmp_path: Path) -> None:
    root = make_mem_agent_folder(tmp_path / "memory")
    vault = Vault(root)
    layout = KaiLayout(vault, "# Soul\n")
    layout.open()
    keeper = _keeper(tmp_path, vault, lambda: layout.ready)
    keeper.user_said("I live in Lyon.")
    assert keeper.capture_pending(None) == []
    layout.set_up()
    assert len(keeper.capture_pending(None)) == 1
    assert [m.key for m in keeper.capturer.memory.all()] == ["home_city"]
