"""Decay archives, never deletes: memories unused past the setting move to
archive/memories/ at the heartbeat, leave the prompt, stay searchable, and come back."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from kai_desktop.core.memory.heartbeat import HeartbeatRunner
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from tests.reliability.conftest import EdgeStack

NOW = datetime(2026, 11, 25, 12, 0).astimezone()


def stores(vault: Vault, days_ago: int) -> tuple[MemoryStore, list[datetime]]:
    clock = [NOW - timedelta(days=days_ago)]
    return MemoryStore(vault, clock=lambda: clock[0]), clock


def runner(store: MemoryStore, vault: Vault, days: int) -> HeartbeatRunner:
    return HeartbeatRunner(store, Tiers(vault), vault, archive_after_days=days,
                           clock=lambda: NOW)


def test_the_setting_is_typed_with_a_default_and_zero_allowed():
    field = Settings.model_fields["archive_after_days"]
    assert field.default == 180
    assert Settings(archive_after_days=0).archive_after_days == 0
    assert field.title


def test_unused_memories_move_to_the_archive_and_leave_the_prompt(vault: Vault):
    store, clock = stores(vault, days_ago=200)
    store.store("old_car", "The user drove a Fiat")
    before = (vault.root / "memories" / "old_car.md").read_text(encoding="utf-8")
    clock[0] = NOW - timedelta(days=10)
    store.store("tea", "The user drinks green tea")

    moved = runner(store, vault, 180).archive_stale()
    assert moved == ["archive/memories/old_car.md"]
    assert not (vault.root / "memories" / "old_car.md").exists()
    assert (vault.root / moved[0]).read_text(encoding="utf-8") == before, "moved as it was"
    assert [m.key for m in store.prompt_memories()] == ["tea"]
    store.reload()
    assert store.get("old_car") is None, "not a memory any more, even after a reload"


def test_zero_days_never_archives(vault: Vault):
    store, _clock = stores(vault, days_ago=5000)
    store.store("ancient", "Something from long ago")
    assert runner(store, vault, 0).archive_stale() == []
    assert store.get("ancient") is not None


def test_a_restored_memory_is_back_and_not_archived_again_at_once(vault: Vault):
    store, clock = stores(vault, days_ago=400)
    store.store("old_car", "The user drove a Fiat")
    [archived] = runner(store, vault, 180).archive_stale()
    clock[0] = NOW
    memory = store.unarchive(archived)
    assert memory.key == "old_car"
    assert memory.content == "The user drove a Fiat"
    assert memory.updated == NOW.replace(microsecond=0)
    assert (vault.root / "memories" / "old_car.md").exists()
    assert not (vault.root / archived).exists()
    assert runner(store, vault, 180).archive_stale() == []


def test_an_archived_memory_is_still_found_by_search(vault_dir: Path, edge_stack: EdgeStack):
    store, _clock = stores(edge_stack.vault, days_ago=365)
    store.store("old_car", "The user drove a turquoise Fiat Panda")
    runner(store, edge_stack.vault, 180).archive_stale()
    edge_stack.indexer.run_sync()
    assert "archive/memories/old_car.md" in edge_stack.indexed_paths()
    hits = edge_stack.retriever().search("turquoise Fiat Panda", limit=3)
    assert hits
    assert hits[0].path == "archive/memories/old_car.md"
