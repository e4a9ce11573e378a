from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.changes import IndexProgress, VaultChange
from kai_desktop.core.retrieval.indexer import IncrementalIndexer, drain
from kai_desktop.core.retrieval.manifest import NO_MANIFEST, Manifest, NoteEntry
from kai_desktop.core.retrieval.note_records import note_records
from kai_desktop.core.retrieval.records import IndexPoint, point_id
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from tests.core.test_retrieval_fakes import MemoryIndex, WordEmbedder

MEMORY_NOTE = """---
key: coffee
category: Preference
hits: 3
importance: 9
updated: 2026-11-01T09:30:00+00:00
---
The user drinks black coffee, no sugar.
"""


def _write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def vault(vault_dir: Path) -> Vault:
    _write(vault_dir, "a.md", "# Alpha\nalpha apples\n")
    _write(vault_dir, "projects/b.md", "# Beta\n\n## One\nbeta bananas\n\n## Two\nbeta berries\n")
    _write(vault_dir, "memories/coffee.md", MEMORY_NOTE)
    return Vault(vault_dir, max_file_bytes=10_000)


class Stack:
    def __init__(self, vault: Vault, manifest: Path, index: MemoryIndex | None = None) -> None:
        self.vault = vault
        self.manifest = manifest
        self.index = index or MemoryIndex()
        self.embedder = WordEmbedder()
        self.indexer = IncrementalIndexer(vault, self.index, self.embedder, manifest)

    def restart(self) -> Stack:
        return Stack(self.vault, self.manifest, self.index)

    def paths(self) -> set[str]:
        return {p.record.path for p in self.index.points.values()}


@pytest.fixture
def stack(vault: Vault, tmp_path: Path) -> Stack:
    return Stack(vault, tmp_path / "data" / "manifest.json")


def test_cold_sync_embeds_every_chunk_once_and_reports_progress(stack: Stack) -> None:
    steps = list(stack.indexer.sync())
    assert steps[0].phase == "checking"
    assert steps[-1] == IndexProgress(3, 3, "done")
    report = stack.indexer.last_report
    assert report is not None
    assert report.added == 3
    assert report.rebuilt is None
    assert stack.embedder.embedded == stack.index.count() == stack.indexer.embeddings_computed
    assert stack.paths() == {"a.md", "projects/b.md", "memories/coffee.md"}
    assert stack.manifest.is_file()


def test_restart_without_changes_computes_no_embeddings(stack: Stack) -> None:
    stack.indexer.run_sync()
    again = stack.restart()
    report = again.indexer.run_sync()
    assert again.indexer.embeddings_computed == 0
    assert (report.added, report.updated, report.removed, report.rebuilt) == (0, 0, 0, None)


def test_touched_but_unchanged_note_is_not_re_embedded(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    path = vault.root / "a.md"
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 5_000_000_000))
    report = stack.indexer.run_sync()
    assert report.embeddings == 0
    assert report.updated == 0


def test_changed_note_re_embeds_only_its_changed_chunks(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    before = stack.embedder.embedded
    _write(
        vault.root,
        "projects/b.md",
        "# Beta\n\n## One\nbeta bananas\n\n## Two\nbeta blueberries now\n",
    )
    report = stack.indexer.run_sync()
    assert report.updated == 1
    assert stack.embedder.embedded - before == 1  # section "One" kept its vector
    assert report.reused_vectors == 1
    texts = {p.record.text for p in stack.index.points.values()}
    assert any("blueberries" in t for t in texts)
    assert not any("beta berries" in t for t in texts)


def test_shrinking_note_drops_its_extra_chunks(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    _write(vault.root, "projects/b.md", "just one line now\n")
    stack.indexer.run_sync()
    ids = {pid for pid, p in stack.index.points.items() if p.record.path == "projects/b.md"}
    assert ids == {point_id("projects/b.md", 0)}


def test_rename_re_points_without_re_embedding(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    count = stack.index.count()
    before = stack.embedder.embedded
    os.rename(vault.root / "projects/b.md", vault.root / "b-renamed.md")
    report = stack.indexer.run_sync()
    assert stack.embedder.embedded == before
    assert (report.moved, report.added, report.removed) == (1, 0, 0)
    assert stack.index.count() == count
    assert "b-renamed.md" in stack.paths()
    assert "projects/b.md" not in stack.paths()


def test_watcher_batch_with_a_folder_move(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    before = stack.embedder.embedded
    os.rename(vault.root / "projects", vault.root / "archive")
    report = stack.indexer.apply([VaultChange("moved", "archive", "projects", is_dir=True)])
    assert stack.embedder.embedded == before
    assert report.moved == 1
    assert "archive/b.md" in stack.paths()
    assert "projects/b.md" not in stack.paths()


def test_delete_removes_the_note(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    (vault.root / "a.md").unlink()
    report = stack.indexer.apply([VaultChange("deleted", "a.md")])
    assert report.removed == 1
    assert "a.md" not in stack.paths()
    assert "a.md" not in stack.indexer.indexed_paths()


def test_moving_a_note_into_trash_removes_it(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    (vault.root / ".trash").mkdir()
    os.rename(vault.root / "a.md", vault.root / ".trash/a.md")
    stack.indexer.apply([VaultChange("deleted", "a.md")])
    assert "a.md" not in stack.paths()


def test_memory_properties_reach_the_payload(stack: Stack) -> None:
    stack.indexer.run_sync()
    (rec,) = [p.record for p in stack.index.points.values() if p.record.path.startswith("mem")]
    assert rec.category == "preference"
    assert rec.importance == pytest.approx(0.9)
    assert rec.hits == 3
    assert rec.updated.isoformat() == "2026-11-01T09:30:00+00:00"
    plain = next(p.record for p in stack.index.points.values() if p.record.path == "a.md")
    assert plain.importance == pytest.approx(0.5)
    assert plain.category is None


def test_reinforcing_a_memory_updates_payload_without_re_embedding(
    stack: Stack, vault: Vault
) -> None:
    stack.indexer.run_sync()
    before = stack.embedder.embedded
    _write(vault.root, "memories/coffee.md", MEMORY_NOTE.replace("hits: 3", "hits: 4"))
    stack.indexer.run_sync()
    assert stack.embedder.embedded == before
    rec = next(p.record for p in stack.index.points.values() if p.record.path.startswith("mem"))
    assert rec.hits == 4


def test_plain_note_defaults(tmp_path: Path) -> None:
    pairs = note_records("n.md", "---\nimportance: lots\n---\nbody text\n", "sha", 0.0, 1200)
    (rec, text) = pairs[0]
    assert rec.importance == 0.5
    assert rec.hits == 0
    assert rec.updated.year == 1970  # the file mtime given
    assert text == "body text"
    ((_, keyed),) = note_records("m.md", "---\nkey: tea\n---\n# Drinks\ngreen\n", "s", 0.0, 1200)
    assert keyed == "tea > Drinks\n# Drinks\ngreen"  # the key and headings give context


def test_skipped_files_are_reported_and_not_indexed(stack: Stack, vault: Vault) -> None:
    (vault.root / "bin.md").write_bytes(b"\x00\x01binary")
    (vault.root / "big.md").write_text("x" * 20_000, encoding="utf-8")
    report = stack.indexer.run_sync()
    assert {p for p, _ in report.skipped} == {"bin.md", "big.md"}
    assert not {"bin.md", "big.md"} & stack.paths()


def test_ignored_folders_are_not_indexed(stack: Stack, vault: Vault) -> None:
    _write(vault.root, ".obsidian/workspace.md", "ui state")
    _write(vault.root, ".git/notes.md", "git internals")
    stack.indexer.run_sync()
    assert not any(p.startswith(".") for p in stack.paths())


def test_cancel_keeps_what_was_done_and_the_next_run_finishes(vault: Vault, tmp_path: Path) -> None:
    for i in range(30):
        _write(vault.root, f"bulk/n{i:02}.md", f"note number {i} about topic {i}\n")
    stack = Stack(vault, tmp_path / "manifest.json")
    stack.indexer.batch_chunks = 4
    steps = stack.indexer.sync()
    for step in steps:
        if step.phase == "indexing" and step.done >= 8:
            stack.indexer.cancel()
    report = stack.indexer.last_report
    assert report is not None
    assert report.cancelled
    partial = stack.index.count()
    assert 0 < partial < 33
    again = stack.restart()
    final = again.indexer.run_sync()
    assert final.rebuilt is None  # the manifest matched what was written
    assert again.index.count() == 34
    assert stack.embedder.embedded + again.embedder.embedded == 34


def test_abandoning_the_generator_keeps_index_and_manifest_in_step(
    vault: Vault, tmp_path: Path
) -> None:
    for i in range(20):
        _write(vault.root, f"bulk/n{i:02}.md", f"note {i}\n")
    stack = Stack(vault, tmp_path / "manifest.json")
    stack.indexer.batch_chunks = 2
    steps = stack.indexer.sync()
    for step in steps:
        if step.done >= 5:
            break
    steps.close()  # type: ignore[attr-defined]
    again = stack.restart()
    assert again.indexer.run_sync().rebuilt is None
    assert again.index.count() == 24


@pytest.mark.parametrize("damage", ["corrupt", "missing"])
def test_lost_manifest_is_recovered_from_the_index_without_re_embedding(
    stack: Stack, damage: str
) -> None:
    stack.indexer.run_sync()
    if damage == "corrupt":
        stack.manifest.write_text("{not json", encoding="utf-8")
    else:
        stack.manifest.unlink()
    again = stack.restart()
    report = again.indexer.run_sync()
    assert report.recovered is not None
    assert report.rebuilt is None
    assert again.embedder.embedded == 0
    assert again.index.count() == 4
    assert again.index.cleared == 0
    assert again.restart().indexer.run_sync().recovered is None


def test_index_out_of_step_with_manifest_is_repaired(stack: Stack) -> None:
    stack.indexer.run_sync()
    del stack.index.points[point_id("projects/b.md", 1)]  # as if a write was lost
    again = stack.restart()
    report = again.indexer.run_sync()
    assert report.recovered is not None
    assert "chunks" in report.recovered
    assert again.index.count() == 4
    assert again.embedder.embedded == 1  # only the lost chunk; its sibling kept its vector


def test_half_written_note_is_re_indexed_on_recovery(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    first = stack.index.points[point_id("projects/b.md", 0)]
    stale = dataclasses.replace(
        first.record, content_hash="older", chunk_index=5, text="stale text"
    )
    stack.index.upsert([IndexPoint(stale, first.vector)])
    again = stack.restart()
    again.indexer.run_sync()
    assert again.index.count() == 4
    assert not any(p.record.text == "stale text" for p in again.index.points.values())


def test_reset_index_is_rebuilt_with_every_note(stack: Stack) -> None:
    stack.indexer.run_sync()
    stack.index.points.clear()
    stack.index.reset_reason = "index unreadable"
    again = stack.restart()
    report = again.indexer.run_sync()
    assert report.rebuilt == "index unreadable"
    assert again.paths() == {"a.md", "projects/b.md", "memories/coffee.md"}


def test_older_manifest_schema_or_other_embedder_rebuilds(stack: Stack) -> None:
    stack.indexer.run_sync()
    data = json.loads(stack.manifest.read_text(encoding="utf-8"))
    data["embedder"] = "some-older-model"
    stack.manifest.write_text(json.dumps(data), encoding="utf-8")
    report = stack.restart().indexer.run_sync()
    assert report.rebuilt is not None
    assert "embedder" in report.rebuilt


def test_explicit_rebuild(stack: Stack) -> None:
    stack.indexer.run_sync()
    report = stack.indexer.run_sync(rebuild=True)
    assert report.rebuilt == "rebuild requested"
    assert report.added == 3


def test_manifest_round_trip(tmp_path: Path) -> None:
    header = {"schema": 1, "embedder": "e"}
    manifest = Manifest(tmp_path / "m.json", header)
    manifest.notes["a.md"] = NoteEntry("sha", 1, 2, ["h1", "h2"])
    manifest.save()
    loaded, problem = Manifest.load(tmp_path / "m.json", header)
    assert problem is None
    assert loaded.notes == manifest.notes
    assert Manifest.load(tmp_path / "missing.json", header)[1] == NO_MANIFEST


def test_search_after_indexing_finds_the_note(stack: Stack) -> None:
    stack.indexer.run_sync()
    hits = Retriever(stack.embedder, stack.index).search("black coffee sugar", limit=1)
    assert hits[0].path == "memories/coffee.md"
    assert hits[0].start_line == 8


def test_watcher_batches_are_saved_at_checkpoint(stack: Stack, vault: Vault) -> None:
    stack.indexer.run_sync()
    saved = stack.manifest.read_text(encoding="utf-8")
    _write(vault.root, "c.md", "gamma grapes\n")
    stack.indexer.apply([VaultChange("created", "c.md")])
    assert stack.manifest.read_text(encoding="utf-8") == saved  # not on the edit's path
    stack.indexer.checkpoint()
    assert "c.md" in json.loads(stack.manifest.read_text(encoding="utf-8"))["notes"]


def test_symlinks_leaving_the_vault_are_not_indexed(
    stack: Stack, vault: Vault, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("secret outside the vault\n", encoding="utf-8")
    (vault.root / "link.md").symlink_to(outside)
    (vault.root / "inner-link.md").symlink_to(vault.root / "a.md")
    stack.indexer.run_sync()
    assert "link.md" not in stack.paths()
    assert "inner-link.md" in stack.paths()


def test_a_long_sync_flushes_in_small_steps(vault: Vault, vault_dir: Path, tmp_path: Path) -> None:
    """The embedded index holds the interpreter lock while it flushes, longer the more is
    pending: a long sync flushes every few hundred points, not once at the end."""
    for i in range(60):
        _write(vault_dir, f"bulk/n{i}.md", f"# Note {i}\nwords about topic {i}\n")
    index = MemoryIndex()
    indexer = IncrementalIndexer(
        vault, index, WordEmbedder(), tmp_path / "m.json", batch_chunks=8, embed_batch=8,
        flush_every=20,
    )
    drain(indexer.sync())
    written = index.count()
    assert written >= 63
    # Never more than one batch (of points, then of vectors) past the threshold.
    assert index.most_unflushed < 20 + 8
    assert index.flushes >= 2 * written // 28
    assert index.unflushed == 0  # the sync ends durable
    for i in range(60):
        (vault_dir / f"bulk/n{i}.md").unlink()
    index.most_unflushed = 0
    drain(indexer.sync())
    assert index.count() == written - 60
    assert index.most_unflushed <= 20  # deletions are flushed in steps too
