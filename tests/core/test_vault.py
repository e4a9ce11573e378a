from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kai_desktop.core.vault.files import (
    PathOutsideVault,
    SkippedFile,
    Vault,
    WriteConflict,
    content_hash,
)


@pytest.fixture
def vault(vault_dir: Path) -> Vault:
    return Vault(vault_dir, max_file_bytes=1024)


def test_write_then_read_round_trips_and_leaves_no_temp_files(vault: Vault) -> None:
    written = vault.write_text("notes/a.md", "# A\nhello\n", expect=None)
    read = vault.read_text("notes/a.md")
    assert read.text == "# A\nhello\n"
    assert read.sha256 == written.sha256 == content_hash("# A\nhello\n")
    assert sorted(p.name for p in (vault.root / "notes").iterdir()) == ["a.md"]


@pytest.mark.parametrize("bad", ["../x.md", "a/../../x.md", "/etc/passwd", "", "a\x00b.md"])
def test_paths_that_leave_the_vault_are_refused(vault: Vault, bad: str) -> None:
    with pytest.raises(PathOutsideVault):
        vault.resolve(bad)
    with pytest.raises(PathOutsideVault):
        vault.write_text(bad, "x", expect=None)


def test_symlink_pointing_out_is_refused_but_inside_is_fine(vault: Vault, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("secret")
    (vault.root / "link").symlink_to(outside)
    with pytest.raises(PathOutsideVault, match="symlink"):
        vault.read_text("link/secret.md")
    assert "link/secret.md" not in list(vault.iter_files())
    (vault.root / "real").mkdir()
    (vault.root / "real" / "n.md").write_text("ok")
    (vault.root / "alias").symlink_to(vault.root / "real")
    assert vault.read_text("alias/n.md").text == "ok"


def test_binary_non_utf8_and_huge_files_are_skipped_with_a_reason(vault: Vault) -> None:
    (vault.root / "bin.md").write_bytes(b"abc\x00def")
    (vault.root / "latin.md").write_bytes("caf\xe9".encode("latin-1"))
    (vault.root / "big.md").write_text("x" * 2048)
    reasons = {}
    for rel in ("bin.md", "latin.md", "big.md"):
        with pytest.raises(SkippedFile) as info:
            vault.read_text(rel)
        reasons[rel] = info.value.reason
    assert reasons["bin.md"] == "binary file"
    assert reasons["latin.md"].startswith("not UTF-8")
    assert reasons["big.md"].startswith("too large")
    # never rewritten
    assert (vault.root / "bin.md").read_bytes() == b"abc\x00def"


def test_external_edit_between_read_and_write_is_never_lost(vault: Vault) -> None:
    vault.write_text("n.md", "v1\n", expect=None)
    vault.read_text("n.md")
    (vault.root / "n.md").write_text("edited in Obsidian\n")
    with pytest.raises(WriteConflict) as info:
        vault.write_text("n.md", "app version\n")
    assert (vault.root / "n.md").read_text() == "edited in Obsidian\n"
    conflict = info.value.conflict_rel
    assert conflict is not None
    assert conflict.startswith("n (Conflicted copy Kai ")
    assert (vault.root / conflict).read_text() == "app version\n"


def test_writing_a_file_the_app_never_read_is_a_conflict(vault: Vault) -> None:
    (vault.root / "mine.md").write_text("user text")
    with pytest.raises(WriteConflict):
        vault.write_text("mine.md", "app text")
    assert (vault.root / "mine.md").read_text() == "user text"


def test_write_after_read_succeeds_and_remembers_new_hash(vault: Vault) -> None:
    (vault.root / "n.md").write_text("one")
    vault.read_text("n.md")
    vault.write_text("n.md", "two")
    vault.write_text("n.md", "three")
    assert (vault.root / "n.md").read_text() == "three"
    assert vault.is_own_state("n.md", content_hash("three"))
    assert not vault.is_own_state("n.md", content_hash("two"))


def test_append_keeps_external_edits(vault: Vault) -> None:
    vault.append_text("daily/d.md", "- one\n")
    (vault.root / "daily/d.md").write_text("- one\n- typed by the user\n")
    vault.append_text("daily/d.md", "- two\n")
    assert (vault.root / "daily/d.md").read_text() == "- one\n- typed by the user\n- two\n"


def test_delete_refuses_a_file_changed_on_disk(vault: Vault) -> None:
    vault.write_text("n.md", "a", expect=None)
    (vault.root / "n.md").write_text("changed")
    with pytest.raises(WriteConflict):
        vault.delete("n.md")
    assert (vault.root / "n.md").exists()
    vault.read_text("n.md")
    assert vault.delete("n.md") is True
    assert vault.delete("n.md") is False


def test_iter_files_skips_app_and_tool_folders(vault: Vault) -> None:
    for rel in (".obsidian/app.json", ".trash/old.md", ".git/HEAD", "a.md", "sub/b.md"):
        path = vault.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    assert list(vault.iter_files()) == ["a.md", "sub/b.md"]


@settings(max_examples=60, deadline=None)
@given(
    text=st.text(
        st.characters(exclude_categories=["Cs"], exclude_characters="\x00"), max_size=300
    )
)
def test_any_text_round_trips(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    root = tmp_path_factory.mktemp("rt")
    v = Vault(root)
    v.write_text("x.md", text, expect=None)
    got = v.read_text("x.md").text
    assert got == text.removeprefix("\ufeff")
    assert os.listdir(root) == ["x.md"]
