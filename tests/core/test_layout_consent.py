"""Kai's layout goes into a folder only when the folder is Kai's to lay out, or on the
user's consent: a mem-agent memory folder opens as it is, and Kai's own writers are
refused there with a clear message until the user sets it up."""

from __future__ import annotations

from pathlib import Path

import pytest

from kai_desktop.core.memory.model import MemoryError
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import (
    FolderKind,
    KaiLayout,
    LayoutNotSetUp,
    folder_kind,
    is_layout_path,
)
from tests.agent.conftest import make_mem_agent_folder, tree_hash


def test_what_kind_of_folder_it_is(tmp_path: Path) -> None:
    assert folder_kind(tmp_path / "missing") is FolderKind.EMPTY
    hidden = tmp_path / "hidden"
    (hidden / ".obsidian").mkdir(parents=True)
    assert folder_kind(hidden) is FolderKind.EMPTY
    assert folder_kind(make_mem_agent_folder(tmp_path / "mem")) is FolderKind.FOREIGN
    kai = tmp_path / "kai"
    (kai / "memories").mkdir(parents=True)
    (kai / "Ideas.md").write_text("# Ideas\n", encoding="utf-8")
    assert folder_kind(kai) is FolderKind.KAI
    soul_only = tmp_path / "soul"
    soul_only.mkdir()
    (soul_only / "Soul.md").write_text("# Soul\n", encoding="utf-8")
    assert folder_kind(soul_only) is FolderKind.KAI


def test_layout_paths() -> None:
    for rel in ("Soul.md", "Memory.md", "Procedural.md", "memories/a.md", "daily/2026-01-01.md",
                "sessions/x.md", "feedback/corrections.md", "archive/memories/a.md"):
        assert is_layout_path(rel), rel
    for rel in ("user.md", "entities/lena_silva.md", "memories.md", "archive/old.md",
                "notes/Soul.md"):
        assert not is_layout_path(rel), rel


def test_a_mem_agent_folder_is_left_as_it_is_until_set_up(tmp_path: Path) -> None:
    root = make_mem_agent_folder(tmp_path / "memory")
    before = tree_hash(root)
    vault = Vault(root)
    layout = KaiLayout(vault, "# Soul\n")
    assert layout.open() is False
    assert not layout.ready
    assert layout.kind is FolderKind.FOREIGN
    assert tree_hash(root) == before
    # Kai's own writers are refused, with a message that says what to do.
    store = MemoryStore(vault)
    with pytest.raises(MemoryError, match="Set up Kai's files here"):
        store.store("home_city", "The user lives in Lisbon.")
    with pytest.raises(LayoutNotSetUp):
        Tiers(vault).append_daily("- 09:00 something")
    with pytest.raises(LayoutNotSetUp):
        vault.delete("Soul.md", expect=None)
    assert tree_hash(root) == before
    # The folder's own files can still be written (agent mode does).
    vault.write_text("entities/new.md", "# New\n", expect=None)
    vault.delete("entities/new.md")
    assert tree_hash(root) == before

    user_bytes = (root / "user.md").read_bytes()
    created = layout.set_up()
    assert layout.ready
    assert {"Soul.md", "Memory.md", "Procedural.md", "memories/"} <= set(created)
    assert (root / "user.md").read_bytes() == user_bytes
    assert store.store("home_city", "The user lives in Lisbon.").path.startswith("memories/")


@pytest.mark.parametrize("kind", ["missing", "empty", "kai"])
def test_a_folder_kai_may_lay_out_gets_its_layout_at_once(tmp_path: Path, kind: str) -> None:
    root = tmp_path / "vault"
    if kind != "missing":
        root.mkdir()
    if kind == "kai":
        (root / "Soul.md").write_text("# My own soul\n", encoding="utf-8")
        (root / "Garden.md").write_text("# Garden\n", encoding="utf-8")
    layout = KaiLayout(Vault(root), "# Soul\n")
    assert layout.open() is True
    assert (root / "memories").is_dir()
    assert (root / "Memory.md").is_file()
    if kind == "kai":  # an existing tier file is never touched
        assert (root / "Soul.md").read_text(encoding="utf-8") == "# My own soul\n"


def test_commands_that_need_kais_files_say_so_and_write_nothing(tmp_path: Path) -> None:
    from kai_desktop.core.chat.commands import CommandRunner
    from kai_desktop.core.chat.session import ChatSession, SessionConfig
    from kai_desktop.core.llm.model import ScriptedChatModel

    root = make_mem_agent_folder(tmp_path / "memory")
    vault = Vault(root)
    KaiLayout(vault, "# Soul\n").open()
    before = tree_hash(root)
    session = ChatSession(memory=MemoryStore(vault), tiers=Tiers(vault),
                          config=SessionConfig(answer_tokens=16))
    session.run_turn(ScriptedChatModel(["Lena lives in Porto."]), "Where does Lena live?")
    runner = CommandRunner(session)
    for text in ("/remember I like tea", "/w too vague"):
        result = runner.run(text)
        assert result is not None
        assert not result.ok, text
        assert "Set up Kai's files here" in result.message, text
    assert tree_hash(root) == before
