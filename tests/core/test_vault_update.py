"""Vault.update: read, change, compare-and-swap write, bounded retries, conflict copy."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kai_desktop.core.vault import atomic
from kai_desktop.core.vault.files import PathOutsideVault, Vault, WriteConflict, content_hash


@pytest.fixture
def vault(vault_dir: Path) -> Vault:
    return Vault(vault_dir)


def test_update_changes_the_text_and_remembers_it(vault: Vault) -> None:
    (vault.root / "n.md").write_text("one\n")
    written = vault.update("n.md", lambda old: (old or "") + "two\n")
    assert written is not None
    assert (vault.root / "n.md").read_text() == "one\ntwo\n"
    assert written.sha256 == content_hash("one\ntwo\n")
    assert vault.is_own_state("n.md", written.sha256)


def test_update_creates_a_missing_file(vault: Vault) -> None:
    seen: list[str | None] = []

    def change(old: str | None) -> str:
        seen.append(old)
        return "new\n"

    vault.update("daily/d.md", change)
    assert seen == [None]
    assert (vault.root / "daily/d.md").read_text() == "new\n"


def test_no_change_writes_nothing(vault: Vault) -> None:
    path = vault.root / "n.md"
    path.write_text("same\n")
    before = path.stat().st_mtime_ns
    assert vault.update("n.md", lambda old: None) is not None
    assert vault.update("n.md", lambda old: old) is not None
    assert vault.update("absent.md", lambda old: None) is None
    assert path.stat().st_mtime_ns == before
    assert not (vault.root / "absent.md").exists()


def test_an_edit_made_meanwhile_is_read_again_and_kept(vault: Vault) -> None:
    path = vault.root / "n.md"
    path.write_text("a\n")
    calls: list[str | None] = []

    def change(old: str | None) -> str:
        calls.append(old)
        if len(calls) == 1:
            path.write_text("a\nby the user\n")  # lands between the read and the write
        return (old or "") + "by the app\n"

    vault.update("n.md", change)
    assert calls == ["a\n", "a\nby the user\n"]
    assert path.read_text() == "a\nby the user\nby the app\n"


def test_a_file_that_keeps_changing_gets_a_conflict_copy(vault: Vault) -> None:
    path = vault.root / "n.md"
    path.write_text("v0\n")
    calls = 0

    def change(old: str | None) -> str:
        nonlocal calls
        calls += 1
        path.write_text(f"user edit {calls}\n")
        return "app version\n"

    with pytest.raises(WriteConflict) as info:
        vault.update("n.md", change, attempts=3)
    assert calls == 3
    assert path.read_text() == "user edit 3\n"
    copy = info.value.conflict_rel
    assert copy is not None
    assert copy.startswith("n (Conflicted copy Kai ")
    assert (vault.root / copy).read_text() == "app version\n"


def test_an_edit_landing_while_the_temp_file_is_synced_is_not_overwritten(
    vault: Vault, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = vault.root / "n.md"
    path.write_text("v1\n")
    vault.read_text("n.md")
    real_fsync = os.fsync
    injected = False

    def fsync_then_edit(fd: int) -> None:
        nonlocal injected
        real_fsync(fd)
        if not injected:
            injected = True
            with path.open("a") as fh:  # an append by another program, exactly now
                fh.write("appended\n")

    monkeypatch.setattr(atomic.os, "fsync", fsync_then_edit)
    with pytest.raises(WriteConflict) as info:
        vault.write_text("n.md", "app version\n")
    assert path.read_text() == "v1\nappended\n"
    assert info.value.conflict_rel is not None
    assert (vault.root / info.value.conflict_rel).read_text() == "app version\n"
    assert [p.name for p in vault.root.iterdir() if p.name.endswith(".tmp")] == []


def test_append_retries_instead_of_failing_on_one_edit(vault: Vault) -> None:
    path = vault.root / "log.md"
    path.write_text("- one\n")
    vault.append_text("log.md", "- two\n")
    path.write_text("- one\n- two\n- typed\n")
    vault.append_text("log.md", "- three\n")
    assert path.read_text() == "- one\n- two\n- typed\n- three\n"


def test_a_conflict_can_be_refused_without_a_copy(vault: Vault) -> None:
    (vault.root / "taken.md").write_text("someone else's\n")
    with pytest.raises(WriteConflict) as info:
        vault.write_text("taken.md", "mine\n", expect=None, keep_copy=False)
    assert info.value.conflict_rel is None
    assert sorted(p.name for p in vault.root.iterdir()) == ["taken.md"]


def test_rel_refuses_a_path_outside(vault: Vault, tmp_path: Path) -> None:
    assert vault.rel(vault.root / "a" / "b.md") == "a/b.md"
    with pytest.raises(PathOutsideVault):
        vault.rel(tmp_path / "elsewhere.md")
