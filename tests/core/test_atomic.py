"""The one atomic writer: order of operations, temp-file names, permissions, the sweep."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from kai_desktop.core.vault import atomic
from kai_desktop.core.vault.atomic import atomic_output, atomic_write, sweep_temp_files
from kai_desktop.core.vault.walk import WalkRules, is_temp_name


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_write_replaces_the_file_and_leaves_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "n.md"
    assert atomic_write(target, b"one")
    assert atomic_write(target, b"two")
    assert target.read_bytes() == b"two"
    assert _names(target.parent) == ["n.md"]


def test_the_temp_file_sits_beside_the_target_with_the_kai_name(tmp_path: Path) -> None:
    target = tmp_path / "n.md"
    seen: list[str] = []

    def look() -> bool:
        seen.extend(p.name for p in tmp_path.iterdir() if p.name != "n.md")
        return True

    atomic_write(target, b"x", check=look)
    assert len(seen) == 1
    assert seen[0].startswith(".n.md.kai-")
    assert seen[0].endswith(".tmp")
    assert is_temp_name(seen[0])


def test_fsync_of_the_data_comes_before_the_rename_and_the_folder_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        kind = "dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"
        calls.append(f"fsync {kind}")
        real_fsync(fd)

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        calls.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    monkeypatch.setattr(atomic.os, "replace", replace)
    atomic_write(tmp_path / "n.md", b"data")
    expected = ["fsync file", "replace", "fsync dir"] if os.name == "posix" else [
        "fsync file", "replace"
    ]
    assert calls == expected


def test_a_failing_check_replaces_nothing(tmp_path: Path) -> None:
    target = tmp_path / "n.md"
    target.write_bytes(b"old")
    assert atomic_write(target, b"new", check=lambda: False) is False
    assert target.read_bytes() == b"old"
    assert _names(tmp_path) == ["n.md"]


def test_an_error_inside_the_block_leaves_the_target_alone(tmp_path: Path) -> None:
    target = tmp_path / "model.gguf"
    target.write_bytes(b"old")

    def write_then_fail() -> None:
        with atomic_output(target) as out:
            out.write(b"half of the new")
            raise ValueError("checksum")

    with pytest.raises(ValueError, match="checksum"):
        write_then_fail()
    assert target.read_bytes() == b"old"
    assert _names(tmp_path) == ["model.gguf"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_permissions_follow_the_umask_and_an_existing_file_keeps_its_own(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        fresh = tmp_path / "fresh.md"
        atomic_write(fresh, b"x")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        kept = tmp_path / "kept.md"
        kept.write_bytes(b"x")
        kept.chmod(0o600)
        atomic_write(kept, b"y")
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    finally:
        os.umask(old)


def test_sweep_removes_only_the_writers_leftovers(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    leftovers = [".a.md.kai-1f2e3d4c.tmp", "d/.b.md.kai-00aa.tmp"]
    kept = ["a.md", ".hidden.md", ".other.tmp", "d/.b.md.123.tmp", "x.kai-1.tmp"]
    for rel in leftovers + kept:
        (tmp_path / rel).write_text("x")
    removed = sweep_temp_files(tmp_path.resolve(), WalkRules(1 << 20))
    assert sorted(removed) == sorted(leftovers)
    for rel in kept:
        assert (tmp_path / rel).exists()


def test_sweep_spares_a_temp_file_younger_than_asked(tmp_path: Path) -> None:
    young = tmp_path / ".n.md.kai-abcd.tmp"
    old = tmp_path / ".m.md.kai-abcd.tmp"
    young.write_text("x")
    old.write_text("x")
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    assert sweep_temp_files(tmp_path.resolve(), WalkRules(1 << 20), older_than_s=60) == [
        ".m.md.kai-abcd.tmp"
    ]
    assert young.exists()
