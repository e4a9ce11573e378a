"""The one vault walk and its rules: hidden things, the data folder, symlinks, odd names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kai_desktop.core.vault import walk as walk_module
from kai_desktop.core.vault.files import PathOutsideVault, Vault
from kai_desktop.core.vault.walk import WalkRules, walk_vault


def _touch(root: Path, *rels: str) -> None:
    for rel in rels:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{rel}\n")


def test_hidden_things_and_the_data_folder_are_not_part_of_the_vault(vault_dir: Path) -> None:
    _touch(
        vault_dir,
        "a.md", "b/c.md", "pic.png", ".hidden.md", ".obsidian/app.json", ".trash/x.md",
        ".git/HEAD", ".kai/state.md", "b/.secret/n.md", "appdata/index.json", "appdata/n.md",
        ".a.md.kai-0a1b.tmp",
    )  # fmt: skip
    vault = Vault(vault_dir, ignore_paths=[vault_dir / "appdata"])
    listing = vault.listing()
    assert [f.rel for f in listing.files] == ["a.md", "pic.png", "b/c.md"]
    assert [f.rel for f in listing.notes] == ["a.md", "b/c.md"]
    assert listing.temp_files == [".a.md.kai-0a1b.tmp"]
    assert listing.skipped == []
    assert vault.rules.excludes("appdata/n.md")
    assert vault.rules.excludes(".obsidian/app.json")
    assert not vault.rules.excludes("b/c.md")


def test_files_carry_size_and_mtime(vault_dir: Path) -> None:
    (vault_dir / "n.md").write_text("12345")
    (found,) = walk_vault(vault_dir.resolve(), WalkRules(100)).files
    st = (vault_dir / "n.md").stat()
    assert (found.rel, found.size, found.mtime_ns) == ("n.md", 5, st.st_mtime_ns)


def test_a_folder_can_be_walked_alone(vault_dir: Path) -> None:
    _touch(vault_dir, "a.md", "memories/x.md", "memories/sub/y.md", "memories/.z.md")
    vault = Vault(vault_dir)
    assert [f.rel for f in vault.listing(under="memories").files] == [
        "memories/x.md", "memories/sub/y.md"
    ]
    assert vault.listing(under="missing").files == []
    with pytest.raises(PathOutsideVault):
        vault.listing(under="../elsewhere")


@pytest.mark.skipif(os.name != "posix", reason="symlinks need privileges on Windows")
def test_symlinks_that_loop_dangle_or_leave_are_skipped_with_their_reason(
    vault_dir: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("secret")
    _touch(vault_dir, "real/n.md", "z.md")
    (vault_dir / "loop.md").symlink_to(vault_dir / "loop.md")
    (vault_dir / "ping.md").symlink_to(vault_dir / "pong.md")
    (vault_dir / "pong.md").symlink_to(vault_dir / "ping.md")
    (vault_dir / "gone.md").symlink_to(vault_dir / "nowhere.md")
    (vault_dir / "out.md").symlink_to(outside / "secret.md")
    (vault_dir / "memories").symlink_to(outside)
    (vault_dir / "alias").symlink_to(vault_dir / "real")
    (vault_dir / "inside.md").symlink_to(vault_dir / "z.md")
    listing = Vault(vault_dir).listing()
    assert [f.rel for f in listing.files] == ["inside.md", "z.md", "real/n.md"]
    assert {s.path: s.reason for s in listing.skipped} == {
        "alias": "symlinked folder (not followed)",
        "gone.md": "broken symlink",
        "loop.md": "symlink loop",
        "memories": "symlink points outside the vault",
        "out.md": "symlink points outside the vault",
        "ping.md": "symlink loop",
        "pong.md": "symlink loop",
    }


@pytest.mark.skipif(os.name != "posix", reason="symlinks need privileges on Windows")
def test_resolving_a_looping_path_is_refused_not_a_crash(vault_dir: Path) -> None:
    (vault_dir / "loop.md").symlink_to(vault_dir / "loop.md")
    with pytest.raises(PathOutsideVault, match="loop"):
        Vault(vault_dir).resolve("loop.md")


def test_an_unreadable_folder_is_skipped_and_the_walk_goes_on(
    vault_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _touch(vault_dir, "a.md", "locked/b.md", "open/c.md")
    real_scandir = os.scandir

    def scandir(path: str | os.PathLike[str]) -> object:
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(walk_module.os, "scandir", scandir)
    listing = Vault(vault_dir).listing()
    assert [f.rel for f in listing.files] == ["a.md", "open/c.md"]
    assert [(s.path, s.reason) for s in listing.skipped] == [
        ("locked", "unreadable (Permission denied)")
    ]


@pytest.mark.skipif(os.name == "nt", reason="a backslash is a separator on Windows")
def test_a_backslash_in_a_file_name_is_an_ordinary_character(vault_dir: Path) -> None:
    (vault_dir / "a\\b.md").write_text("odd name\n")
    vault = Vault(vault_dir)
    assert list(vault.iter_notes()) == ["a\\b.md"]
    assert vault.read_text("a\\b.md").text == "odd name\n"
    with pytest.raises(PathOutsideVault):
        vault.resolve("..\\x.md")
