"""Private notes and memories: held back from remote models and MCP clients, never from
the embedded model."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kai_desktop.core.chat.context import user_content
from kai_desktop.core.chat.prompt import PromptInputs, build_system_prompt
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.retrieval.search import Hit
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.privacy import (
    PrivateNotes,
    clean_tag,
    filter_private,
    is_private,
    note_text_is_private,
)


@pytest.mark.parametrize(
    ("properties", "tags", "body"),
    [
        ({"private": True}, [], ""),
        ({"Private": "yes"}, [], ""),
        ({}, ["private"], ""),
        ({}, ["#Private"], ""),
        ({}, ["private/health"], ""),
        ({}, [], "Call the bank. #private"),
    ],
)
def test_private_by_property_tag_or_body(properties, tags, body) -> None:
    assert is_private(properties, tags, body)


@pytest.mark.parametrize(
    ("properties", "tags", "body"),
    [
        ({"private": False}, [], ""),
        ({"private": "no"}, ["work"], ""),
        ({}, ["privately", "not-private"], ""),
        ({}, [], "A private matter, without the tag."),
        ({}, [], "`#private` in code is not a tag"),
        ({}, [], "%% #private %% inside a comment"),
    ],
)
def test_not_private(properties, tags, body) -> None:
    assert not is_private(properties, tags, body)


def test_the_tag_name_is_a_setting() -> None:
    assert is_private({}, ["secret"], tag="#secret")
    assert is_private({"secret": True}, [], tag="secret")
    assert not is_private({}, ["private"], tag="secret")
    assert Settings().private_tag == "private"
    assert Settings(private_tag="#Secret").private_tag == "#Secret"
    with pytest.raises(ValueError, match="pattern"):
        Settings(private_tag="two words")
    with pytest.raises(ValueError, match="not a tag name"):
        clean_tag("123")


def test_note_text_reads_properties_and_body_tags() -> None:
    assert note_text_is_private("---\ntags: [a, private]\n---\nbody\n")
    assert note_text_is_private("---\nprivate: true\n---\nbody\n")
    assert note_text_is_private("# Diary\n\nToday #private\n")
    assert not note_text_is_private("# Diary\n\nNothing private here.\n")


def _hit(path: str, text: str) -> Hit:
    return Hit(path, "", 1, 1, text, 1.0, {}, 0)


def test_local_model_sees_private_notes_and_remote_model_does_not(tmp_path: Path) -> None:
    vault = Vault(tmp_path)
    store = MemoryStore(vault)
    store.store("car", "The car is a blue Volvo.")
    store.store("pin_code", "The bank card PIN is 4711.")
    pin = store.get("pin_code")
    assert pin is not None
    text = (tmp_path / pin.path).read_text(encoding="utf-8")
    (tmp_path / pin.path).write_text(text.replace("---\n", "---\nprivate: true\n", 1), "utf-8")
    store.reload()
    (tmp_path / "Diary.md").write_text("# Diary\n\n#private The key is under the pot.\n", "utf-8")
    (tmp_path / "Trips.md").write_text("# Trips\n\nLisbon in March.\n", "utf-8")
    private = PrivateNotes(vault)
    hits = [_hit("Diary.md", "The key is under the pot."), _hit("Trips.md", "Lisbon in March.")]

    def prompt(remote: bool) -> tuple[str, str, int]:
        memories = filter_private(store.prompt_memories(), private, remote=remote)
        notes = filter_private(hits, private, remote=remote)
        system = build_system_prompt(
            PromptInputs(
                soul="", memory_md="", procedural_md="", memories=memories.items, daily="",
                retrieved=[], local_model=not remote, memory_enabled=True,
            )
        ).text
        return system, user_content("Where is the key?", notes.items), (
            memories.held_back + notes.held_back
        )

    local_system, local_user, local_held = prompt(remote=False)
    assert "4711" in local_system
    assert "blue Volvo" in local_system
    assert "under the pot" in local_user
    assert "Lisbon" in local_user
    assert local_held == 0

    remote_system, remote_user, remote_held = prompt(remote=True)
    assert "4711" not in remote_system
    assert "blue Volvo" in remote_system
    assert "under the pot" not in remote_user
    assert "Lisbon" in remote_user
    assert remote_held == 2


def test_private_notes_follow_edits(tmp_path: Path) -> None:
    vault = Vault(tmp_path)
    note = tmp_path / "Plan.md"
    note.write_text("# Plan\n", encoding="utf-8")
    private = PrivateNotes(vault)
    assert not private("Plan.md")
    note.write_text("# Plan\n\n#private surprise party\n", encoding="utf-8")
    os.utime(note, ns=(1, 10**18))  # a new mtime even on a coarse clock
    assert private("Plan.md")
    assert not private("missing.md")
    assert not private("../outside.md")
    # A check never changes what the vault remembers for compare-and-swap writes.
    assert vault.known_hash("Plan.md") is None
