"""External edits that land while Kai replaces a note are kept, never lost (issue 12 #2)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.vault import swap
from kai_desktop.core.vault.conflicts import ConflictNotice, conflict_names, is_conflict_copy
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.held import HeldVersions

ROOT = Path(__file__).resolve().parents[2]


def copies(vault: Vault) -> list[Path]:
    return sorted(p for p in vault.root.rglob("*.md") if is_conflict_copy(p.name))


def heard(vault: Vault) -> list[ConflictNotice]:
    notices: list[ConflictNotice] = []
    vault.add_conflict_listener(notices.append)
    return notices


def test_a_rename_over_between_check_and_swap_is_kept_as_a_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = Vault(tmp_path)
    vault.write_text("n.md", "first\n", expect=None)
    notices = heard(vault)
    real_exchange = swap.exchange

    def editor_saves_then_exchange(a: Path, b: Path) -> bool:
        other = b.with_name("editor.tmp")
        other.write_text("the editor's save\n", encoding="utf-8")
        os.replace(other, b)  # lands after Kai's last check, before the swap
        return real_exchange(a, b)

    monkeypatch.setattr(swap, "exchange", editor_saves_then_exchange)
    vault.write_text("n.md", "Kai's version\n")
    vault.close()
    kept = copies(vault)
    assert [p.read_text(encoding="utf-8") for p in kept] == ["the editor's save\n"]
    assert [n.copy_rel for n in notices] == [kept[0].name]
    assert notices[0].foreign


@pytest.mark.parametrize("mode", ["r+", "a"])
def test_a_write_into_the_replaced_file_is_kept_as_a_copy(tmp_path: Path, mode: str) -> None:
    vault = Vault(tmp_path)
    vault.write_text("n.md", "first\n", expect=None)
    notices = heard(vault)
    with (tmp_path / "n.md").open(mode, encoding="utf-8") as editor:  # opened before Kai saves
        vault.write_text("n.md", "Kai's version\n")
        editor.seek(0, os.SEEK_END)
        editor.write("late line\n")
    vault.close()
    assert (tmp_path / "n.md").read_text(encoding="utf-8") == "Kai's version\n"
    kept = copies(vault)
    assert len(kept) == 1
    assert "late line" in kept[0].read_text(encoding="utf-8")
    assert len(notices) == 1
    assert notices[0].rel == "n.md"


def test_an_untouched_replaced_version_leaves_nothing_behind(tmp_path: Path) -> None:
    vault = Vault(tmp_path)
    vault.held.close()
    # A grace far longer than the test: the version is still held when it is counted,
    # however slow the machine (closing the vault lets it go at once).
    vault.held = HeldVersions(vault.root, grace_s=600.0)
    vault.write_text("n.md", "first\n", expect=None)
    vault.write_text("n.md", "second\n")
    assert vault.held.pending() == 1
    vault.close()
    assert vault.held.pending() == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["n.md"]
    assert vault.conflict_notices() == []


def test_conflict_copies_have_the_obsidian_name() -> None:
    name = conflict_names("memories/k.md")[0]
    assert name.startswith("memories/k (Conflicted copy Kai ")
    assert name.endswith(").md")
    stamp = name.rsplit(" ", 1)[1].removesuffix(").md")
    assert len(stamp) == 12
    assert stamp.isdigit()
    assert is_conflict_copy(name)
    assert is_conflict_copy("k (Conflicted copy Laptop 202601011200).md")
    assert is_conflict_copy(conflict_names("k.md")[3])
    assert not is_conflict_copy("k.md")
    assert not is_conflict_copy("Conflicted copy notes.md")


def test_the_conflicts_bench_loses_nothing() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "conflicts.py"), "--edits", "150"],
        check=True, capture_output=True, text=True, timeout=120,
    ).stdout.strip().splitlines()
    assert len(out) == 4
    assert out[-1].startswith("lost_inplace=0 lost_atomic=0 lost_append=0 conflict_copies=")


def test_the_window_says_when_a_foreign_edit_was_kept(make_app, qtbot, app_env: Path) -> None:
    kai = make_app(start_background=False)
    kai.vault.write_text("n.md", "first\n", expect=None)
    with (kai.vault.root / "n.md").open("a", encoding="utf-8") as editor:
        kai.vault.write_text("n.md", "Kai's version\n")
        editor.write("late line\n")

    def said() -> bool:
        return any("n.md was edited by another program" in i.text for i in kai.chat.model.items())

    qtbot.waitUntil(said, timeout=5000)


def test_temp_files_of_a_killed_write_are_swept_when_the_window_starts(
    make_app, app_env: Path
) -> None:
    vault = app_env / "vault"
    (vault / "memories").mkdir(parents=True)
    stale = vault / "memories" / ".k.md.kai-0badf00d.tmp"
    stale.write_text("half a note", encoding="utf-8")
    os.utime(stale, (1_000_000, 1_000_000))
    make_app(start_background=False)
    assert not stale.exists()


def test_a_version_being_looked_at_still_counts_as_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = Vault(tmp_path)
    vault.held.close()
    held = vault.held = HeldVersions(vault.root, grace_s=600.0)
    vault.write_text("n.md", "first\n", expect=None)
    looking, go_on = threading.Event(), threading.Event()
    settle_one = HeldVersions._settle_one

    def slow_look(self: HeldVersions, version: Any, *, final: bool) -> bool:
        if threading.current_thread().name == "vault-held-versions":
            looking.set()
            go_on.wait(10)
        return settle_one(self, version, final=final)

    monkeypatch.setattr(HeldVersions, "_settle_one", slow_look)
    vault.write_text("n.md", "second\n")
    assert looking.wait(10)  # the watcher has taken the version out to look at it
    assert held.pending() == 1
    go_on.set()
    vault.close()
    assert held.pending() == 0
