"""Open a vault note outside the app: Obsidian when the vault is an Obsidian vault, else
the system's editor for Markdown files."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices


def obsidian_uri(vault_root: Path, rel: str) -> QUrl:
    """``obsidian://open?path=...``: Obsidian finds the vault from the absolute path."""
    full = (vault_root / rel).as_posix()
    return QUrl(f"obsidian://open?path={quote(full, safe='')}", QUrl.ParsingMode.StrictMode)


def open_in_editor(vault_root: Path, rel: str, line: int | None = None) -> bool:
    """Open ``rel``; ``line`` is a hint (Obsidian's URI cannot jump to a line).

    Returns False when nothing could open it.
    """
    del line
    if (vault_root / ".obsidian").is_dir() and QDesktopServices.openUrl(
        obsidian_uri(vault_root, rel)
    ):
        return True
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(vault_root / rel)))
