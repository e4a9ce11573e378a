"""Note paths from clients: relative to the vault, Markdown, and never leaving it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kai_desktop.core.vault.files import Vault
from kai_desktop.mcp.paths import Refused, folder_path, note_path


@pytest.fixture
def vault(tmp_path: Path) -> Vault:
    root = tmp_path / "vault"
    root.mkdir()
    (tmp_path / "outside").mkdir()
    (root / "out").symlink_to(tmp_path / "outside")
    return Vault(root)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Garden", "Garden.md"),
        ("ideas/Garden.md", "ideas/Garden.md"),
        ("./ideas/Garden.MD", "ideas/Garden.MD"),
        ("ideas\\Garden", "ideas/Garden.md"),
        ("notes/v1.2", "notes/v1.2.md"),
    ],
)
def test_accepted(vault: Vault, raw: str, expected: str) -> None:
    assert note_path(vault, raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "", "  ", "../x.md", "a/../../x.md", "/etc/passwd", "C:\\x.md", "\\\\?\\C:\\x.md",
        "out/x.md", ".obsidian/app.md", ".trash/x.md", ".hidden.md", "a\x00b.md", "pic.png",
        "bad:name.md", "trailing. /x.md",
    ],
)
def test_refused(vault: Vault, raw: str) -> None:
    with pytest.raises(Refused):
        note_path(vault, raw)


def test_folders(vault: Vault) -> None:
    assert folder_path(vault, None) == ""
    assert folder_path(vault, "/ideas/") == "ideas"
    for raw in ("..", "out", ".git"):
        with pytest.raises(Refused):
            folder_path(vault, raw)
