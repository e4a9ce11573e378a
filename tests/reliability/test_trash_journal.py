"""One trash for every delete, promotion and overwrite of a memory: the old note's exact
bytes and a small record, restorable, kept at least 30 days."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from kai_desktop.core.memory.heartbeat import HeartbeatRunner
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.trash import KEEP_DAYS, RestoreError, Trash, restore


@pytest.fixture
def trash(tmp_path: Path) -> Trash:
    return Trash(tmp_path / "data" / "trash")


@pytest.fixture
def store(make_memory_store, trash: Trash):
    return make_memory_store(trash=trash, undo_window_s=0.05)


def test_forget_keeps_the_exact_note_and_restore_brings_it_back(store, trash, vault: Vault):
    store.store("tea", "Green tea, no sugar")
    rel = store.get("tea").path
    before = (vault.root / rel).read_bytes()
    assert store.forget("tea")
    assert not (vault.root / rel).exists()
    [entry] = trash.entries()
    assert (entry.path, entry.key, entry.reason) == (rel, "tea", "forget")
    assert trash.get(entry.id)[1] == before

    assert restore(trash, vault, entry.id) == rel
    assert (vault.root / rel).read_bytes() == before
    store.reload_path(rel)
    assert store.get("tea").content == "Green tea, no sugar"
    assert trash.entries() == [], "a restored entry leaves the list"
    with pytest.raises(RestoreError, match="already restored"):
        restore(trash, vault, entry.id)


def test_an_overwrite_keeps_the_old_value_and_a_restore_keeps_the_new_one(store, trash,
                                                                          vault: Vault):
    store.store("city", "The user lives in Lisbon")
    old = (vault.root / store.get("city").path).read_bytes()
    store.supersede("city", "The user lives in Porto")
    [entry] = trash.entries()
    assert entry.reason == "overwritten"
    assert trash.get(entry.id)[1] == old
    store.reinforce("city")
    assert len(trash.entries()) == 1, "a new hit is no overwrite: nothing more is kept"

    restore(trash, vault, entry.id)
    store.reload_path(entry.path)
    assert store.get("city").content == "The user lives in Lisbon"
    [kept] = trash.entries()
    assert kept.reason == "replaced by a restore"
    assert b"Porto" in trash.get(kept.id)[1], "the value the restore replaced is kept too"


def test_a_store_over_an_existing_key_and_a_deletion_are_kept(store, trash, qapp):
    store.store("pet", "A dog named Rex")
    store.store("pet", "A cat named Tom")
    store.delete("pet")
    store.flush_pending()
    reasons = [e.reason for e in trash.entries()]
    assert reasons == ["deleted", "overwritten"]


def test_a_heartbeat_promotion_is_kept(store, trash, vault: Vault):
    store.store("style", "The user likes short answers")
    runner = HeartbeatRunner(store, Tiers(vault), vault)
    runner.promote(store.get("style"), "Keep answers short.")
    [entry] = trash.entries()
    assert (entry.key, entry.reason) == ("style", "promoted")


def test_tidy_removals_are_kept(store, trash, vault: Vault):
    from kai_desktop.core.chat.commands import CommandRunner
    from kai_desktop.core.chat.session import ChatSession, SessionConfig

    store.store("city", "The user lives in Lyon")
    store.reinforce("city")
    store.store("home", "the user lives in Lyon.")
    session = ChatSession(memory=store, tiers=Tiers(vault), config=SessionConfig())
    result = CommandRunner(session).run("/tidy")
    assert result is not None
    result.proposals[0].apply()
    [entry] = trash.entries()
    assert (entry.key, entry.reason) == ("home", "tidy")


def test_entries_older_than_the_keep_time_are_purged(trash):
    entry = trash.put("memories/a.md", b"a", reason="forget", key="a")
    fresh = trash.put("memories/b.md", b"b", reason="forget", key="b")
    later = datetime.now(UTC) + timedelta(days=KEEP_DAYS - 1)
    assert trash.purge(now=later) == 0
    assert len(trash.entries()) == 2
    # Entry "a" is over the keep time, "b" not yet: fake its age by rewriting its record.
    journal = trash.folder / "journal.jsonl"
    old = (datetime.now(UTC) - timedelta(days=KEEP_DAYS + 1)).isoformat(timespec="seconds")
    text = journal.read_text(encoding="utf-8").replace(entry.deleted_at, old, 1)
    journal.write_text(text + '{"op": "deleted", "id": "torn', encoding="utf-8")
    assert trash.purge() == 1
    assert [e.id for e in trash.entries()] == [fresh.id]
    assert not (trash.folder / f"{entry.id}.md").exists()
    assert "torn" not in journal.read_text(encoding="utf-8")
