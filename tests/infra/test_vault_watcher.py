"""The vault watcher with real watchdog events on real files.

Waits poll with generous deadlines; nothing asserts on how fast events arrive.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher, _merge

TIMEOUT_S = 20.0


class Batches:
    def __init__(self) -> None:
        self.batches: list[list[VaultChange]] = []
        self._lock = threading.Lock()

    def __call__(self, batch: list[VaultChange]) -> None:
        with self._lock:
            self.batches.append(batch)

    def changes(self) -> list[VaultChange]:
        with self._lock:
            return [c for b in self.batches for c in b]

    def wait_for(self, predicate: Callable[[list[VaultChange]], bool]) -> list[VaultChange]:
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            changes = self.changes()
            if predicate(changes):
                return changes
            time.sleep(0.02)
        raise AssertionError(f"timed out; got {self.changes()}")

    def find(self, path: str) -> Callable[[list[VaultChange]], bool]:
        return lambda changes: any(c.path == path for c in changes)


@pytest.fixture
def vault(vault_dir: Path) -> Vault:
    (vault_dir / "notes").mkdir()
    (vault_dir / "notes" / "a.md").write_text("alpha\n", encoding="utf-8")
    return Vault(vault_dir)


@pytest.fixture
def watch(vault: Vault, tmp_path: Path) -> Iterator[tuple[VaultWatcher, Batches]]:
    batches = Batches()
    watcher = VaultWatcher(
        vault, debounce_s=0.3, max_delay_s=30.0, ignore_paths=[vault.root / "appdata"]
    )
    watcher.start(batches)
    yield watcher, batches
    watcher.stop()


def test_create_modify_delete(vault: Vault, watch: tuple[VaultWatcher, Batches]) -> None:
    _, batches = watch
    (vault.root / "new.md").write_text("hello\n", encoding="utf-8")
    change = next(c for c in batches.wait_for(batches.find("new.md")) if c.path == "new.md")
    assert change.kind == "created"
    assert not change.own
    (vault.root / "notes/a.md").write_text("alpha edited\n", encoding="utf-8")
    batches.wait_for(lambda cs: any(c.path == "notes/a.md" and c.kind == "modified" for c in cs))
    (vault.root / "new.md").unlink()
    batches.wait_for(lambda cs: any(c.path == "new.md" and c.kind == "deleted" for c in cs))


def test_rename_reports_both_ends(vault: Vault, watch: tuple[VaultWatcher, Batches]) -> None:
    _, batches = watch
    os.rename(vault.root / "notes/a.md", vault.root / "notes/b.md")
    changes = batches.wait_for(batches.find("notes/b.md"))
    moved = next(c for c in changes if c.path == "notes/b.md")
    assert moved.kind == "moved"
    assert moved.src_path == "notes/a.md"
    assert set(moved.paths) == {"notes/a.md", "notes/b.md"}


def test_folder_move_is_reported(vault: Vault, watch: tuple[VaultWatcher, Batches]) -> None:
    _, batches = watch
    os.rename(vault.root / "notes", vault.root / "archive")
    changes = batches.wait_for(batches.find("archive"))
    moved = next(c for c in changes if c.path == "archive")
    assert moved.is_dir
    assert moved.src_path == "notes"


def test_burst_arrives_as_one_batch(vault: Vault) -> None:
    batches = Batches()
    # A long quiet period, so a busy test machine cannot split the burst.
    with VaultWatcher(vault, debounce_s=1.5, max_delay_s=60.0) as watcher:
        watcher.start(batches)
        (vault.root / "pull").mkdir()
        for i in range(300):
            (vault.root / f"pull/n{i:03}.md").write_text(f"note {i}\n", encoding="utf-8")
        for i in range(0, 300, 3):  # touched twice: still one change per path
            (vault.root / f"pull/n{i:03}.md").write_text(f"note {i} v2\n", encoding="utf-8")
        batches.wait_for(lambda cs: sum(c.path.startswith("pull/n") for c in cs) == 300)
    with_notes = [b for b in batches.batches if any(c.path.startswith("pull/n") for c in b)]
    assert len(with_notes) == 1
    assert len({c.path for c in with_notes[0]}) == len(with_notes[0])  # coalesced per path


def test_ignored_places_and_other_files(vault: Vault, watch: tuple[VaultWatcher, Batches]) -> None:
    _, batches = watch
    for folder in (".obsidian", ".git", ".trash", "appdata"):
        (vault.root / folder).mkdir()
        (vault.root / folder / "x.md").write_text("ignored\n", encoding="utf-8")
    (vault.root / "image.png").write_bytes(b"\x89PNG")
    (vault.root / ".n.md.123.tmp").write_text("temporary\n", encoding="utf-8")
    (vault.root / "marker.md").write_text("seen\n", encoding="utf-8")  # arrives after the rest
    changes = batches.wait_for(batches.find("marker.md"))
    assert {c.path for c in changes} == {"marker.md"}


def test_own_writes_are_flagged_by_content(
    vault: Vault, watch: tuple[VaultWatcher, Batches]
) -> None:
    _, batches = watch
    vault.write_text("memories/own.md", "written by the app\n", expect=None)
    own = next(c for c in batches.wait_for(batches.find("memories/own.md"))
               if c.path == "memories/own.md")
    assert own.own
    # An external edit of the same file afterwards is not the app's.
    (vault.root / "memories/own.md").write_text("edited in Obsidian\n", encoding="utf-8")
    batches.wait_for(lambda cs: any(c.path == "memories/own.md" and not c.own for c in cs))


def test_moving_into_trash_is_a_delete(vault: Vault, watch: tuple[VaultWatcher, Batches]) -> None:
    _, batches = watch
    (vault.root / ".trash").mkdir()
    os.rename(vault.root / "notes/a.md", vault.root / ".trash/a.md")
    changes = batches.wait_for(batches.find("notes/a.md"))
    assert [c.kind for c in changes if c.path == "notes/a.md"] == ["deleted"]


def test_stop_ends_the_threads_and_restarting_is_refused_while_running(vault: Vault) -> None:
    watcher = VaultWatcher(vault)
    watcher.start(Batches())
    with pytest.raises(RuntimeError):
        watcher.start(Batches())
    watcher.stop()
    assert not watcher.running
    watcher.stop()


def test_merging_rules() -> None:
    created = VaultChange("created", "a.md")
    assert _merge(created, VaultChange("modified", "a.md")) == created
    assert _merge(VaultChange("deleted", "a.md"), created).kind == "modified"
    moved = VaultChange("moved", "b.md", "a.md")
    assert _merge(moved, VaultChange("modified", "b.md")) == moved
    assert _merge(None, created) == created
