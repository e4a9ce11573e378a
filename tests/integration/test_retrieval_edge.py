"""Real files, the real embedder and a real Qdrant Edge shard, kept in step by the real
watcher: external edits, renames, deletes, restarts and a corrupt shard."""

from __future__ import annotations

import os
import queue
from collections.abc import Iterator
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.records import SearchFilters, SearchMode
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.qdrant.edge import SHARD_DIR, EdgeIndex
from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher

pytestmark = pytest.mark.integration

NOTES = {
    "garden.md": "# Garden\n\n## Tomatoes\nPlant the tomatoes in May, after the last frost.\n\n"
    "## Compost\nTurn the compost heap every two weeks. #gardening\n",
    "travel/lisbon.md": "# Lisbon trip\nFlight on 12 March; the hotel is in Alfama.\n",
    "memories/coffee.md": "---\nkey: coffee\ncategory: Preference\nimportance: 8\nhits: 2\n"
    "updated: 2026-11-01T10:00:00Z\n---\nThe user drinks black coffee without sugar.\n",
    "work/standup.md": "# Standup\nThe standup moved to 9:30 on Tuesdays.\n",
}


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> BuiltinEmbedder:
    embedder = BuiltinEmbedder(tmp_path_factory.mktemp("models"))
    embedder.load()
    return embedder


class Stack:
    """One app start: a shard opened from disk, an indexer, a retriever."""

    def __init__(self, vault: Vault, data: Path, embedder: BuiltinEmbedder) -> None:
        self.vault = vault
        self.data = data
        self.embedder = embedder
        self.index = EdgeIndex(data / "index", dim=embedder.dim, embedder_name=embedder.name)
        self.indexer = IncrementalIndexer(vault, self.index, embedder, data / "manifest.json")
        self.retriever = Retriever(embedder, self.index)

    def close(self) -> None:
        self.indexer.close()
        self.index.close()

    def paths(self) -> set[str]:
        return {r.path for r in self.index.records()}

    def texts(self) -> list[str]:
        return [h.text for h in self.retriever.search("anything at all", limit=50)]


@pytest.fixture
def vault(vault_dir: Path) -> Vault:
    for rel, text in NOTES.items():
        (vault_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (vault_dir / rel).write_text(text, encoding="utf-8")
    return Vault(vault_dir)


@pytest.fixture
def stack(vault: Vault, tmp_path: Path, embedder: BuiltinEmbedder) -> Iterator[Stack]:
    stack = Stack(vault, tmp_path / "data", embedder)
    stack.indexer.run_sync()
    yield stack
    stack.close()


@pytest.fixture
def batches(vault: Vault) -> Iterator[queue.Queue[list[VaultChange]]]:
    delivered: queue.Queue[list[VaultChange]] = queue.Queue()
    watcher = VaultWatcher(vault, debounce_s=0.2)
    watcher.start(delivered.put)
    yield delivered
    watcher.stop()


def _apply_until(
    stack: Stack, batches: queue.Queue[list[VaultChange]], path: str
) -> list[VaultChange]:
    """Feed watcher batches to the indexer until one names ``path``."""
    seen: list[VaultChange] = []
    while not any(path in c.paths for c in seen):
        batch = batches.get(timeout=20)
        stack.indexer.apply(batch)
        seen.extend(batch)
    return seen


def test_first_sync_indexes_every_note(stack: Stack) -> None:
    assert stack.paths() == set(NOTES)
    assert stack.indexer.embeddings_computed == stack.index.count() == 5
    hit = stack.retriever.search("when should I plant tomatoes", limit=1)[0]
    assert (hit.path, hit.heading, hit.start_line, hit.end_line) == (
        "garden.md", "Garden > Tomatoes", 1, 4)  # the bare title heading joins its section
    coffee = stack.retriever.search("coffee", filters=SearchFilters(category="preference"))
    assert [h.path for h in coffee] == ["memories/coffee.md"]


def test_external_edit_is_found_and_the_old_text_is_gone(
    stack: Stack, vault: Vault, batches: queue.Queue[list[VaultChange]]
) -> None:
    (vault.root / "work/standup.md").write_text(
        "# Standup\nThe standup is now a written update posted in the Zeppelin channel.\n",
        encoding="utf-8",
    )
    _apply_until(stack, batches, "work/standup.md")
    hits = stack.retriever.search("where is the written standup update posted", limit=1)
    assert hits[0].path == "work/standup.md"
    assert "Zeppelin" in hits[0].text
    assert not any("9:30" in t for t in stack.texts())
    assert stack.retriever.search("Tuesdays", mode=SearchMode.KEYWORD) == []


def test_rename_keeps_the_points_and_embeds_nothing(
    stack: Stack, vault: Vault, batches: queue.Queue[list[VaultChange]]
) -> None:
    count = stack.index.count()
    embedded = stack.indexer.embeddings_computed
    os.rename(vault.root / "garden.md", vault.root / "allotment.md")
    _apply_until(stack, batches, "allotment.md")
    assert stack.index.count() == count
    assert stack.indexer.embeddings_computed == embedded
    assert "allotment.md" in stack.paths()
    assert "garden.md" not in stack.paths()
    assert stack.retriever.search("compost heap", limit=1)[0].path == "allotment.md"


def test_folder_rename_keeps_the_points_and_embeds_nothing(
    stack: Stack, vault: Vault, batches: queue.Queue[list[VaultChange]]
) -> None:
    embedded = stack.indexer.embeddings_computed
    os.rename(vault.root / "travel", vault.root / "trips")
    _apply_until(stack, batches, "trips")
    assert stack.indexer.embeddings_computed == embedded
    assert stack.paths() == set(NOTES) - {"travel/lisbon.md"} | {"trips/lisbon.md"}


def test_delete_removes_the_note(
    stack: Stack, vault: Vault, batches: queue.Queue[list[VaultChange]]
) -> None:
    (vault.root / "travel/lisbon.md").unlink()
    _apply_until(stack, batches, "travel/lisbon.md")
    assert "travel/lisbon.md" not in stack.paths()
    assert stack.index.count() == 4
    assert all(h.path != "travel/lisbon.md" for h in stack.retriever.search("Alfama hotel"))


def test_restart_without_changes_embeds_nothing(
    stack: Stack, vault: Vault, tmp_path: Path, embedder: BuiltinEmbedder
) -> None:
    stack.close()
    again = Stack(vault, tmp_path / "data", embedder)
    try:
        report = again.indexer.run_sync()
        assert again.indexer.embeddings_computed == 0
        assert report.rebuilt is None
        assert report.recovered is None
        assert again.paths() == set(NOTES)
        assert again.retriever.search("black coffee", limit=1)[0].path == "memories/coffee.md"
    finally:
        again.close()


def test_changes_made_while_closed_are_picked_up_at_start(
    stack: Stack, vault: Vault, tmp_path: Path, embedder: BuiltinEmbedder
) -> None:
    stack.close()
    os.rename(vault.root / "work/standup.md", vault.root / "work/meetings.md")
    (vault.root / "new.md").write_text("# New\nA brand new note about kayaks.\n", "utf-8")
    again = Stack(vault, tmp_path / "data", embedder)
    try:
        report = again.indexer.run_sync()
        assert (report.added, report.moved, report.removed) == (1, 1, 0)
        assert again.indexer.embeddings_computed == 1
    finally:
        again.close()


def test_corrupt_shard_is_rebuilt_with_every_note(
    stack: Stack, vault: Vault, tmp_path: Path, embedder: BuiltinEmbedder
) -> None:
    stack.close()
    shard = tmp_path / "data" / "index" / SHARD_DIR
    for path in shard.rglob("*"):
        if path.is_file():
            path.write_bytes(b"\x00garbage" * 16)
    again = Stack(vault, tmp_path / "data", embedder)
    try:
        assert again.index.reset_reason is not None
        progress = list(again.indexer.sync())
        report = again.indexer.last_report
        assert report is not None
        assert report.rebuilt is not None
        assert any(p.phase == "rebuilding" for p in progress)
        assert again.paths() == set(NOTES)
        assert again.index.count() == 5
        assert again.retriever.search("flight to Lisbon", limit=1)[0].path == "travel/lisbon.md"
    finally:
        again.close()
