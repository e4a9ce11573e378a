"""Paths on the command line, as a desktop launcher passes them (``Exec=kai-desktop %F``):
the folder or the notes a user opened with Kai. They choose the vault to open."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

VAULT_MARKERS: Final = (".obsidian", "Soul.md")


def vault_for_paths(paths: Sequence[str]) -> Path | None:
    """The vault the first usable path belongs to: a folder is a vault itself; a note
    opens the nearest folder above it that is an Obsidian or Kai vault. None: nothing
    usable (the usual vault opens). Paths that are neither are reported on stderr."""
    for raw in paths:
        path = Path(raw).expanduser()
        if raw.startswith("file://"):
            from urllib.parse import unquote, urlsplit

            path = Path(unquote(urlsplit(raw).path))
        path = path.resolve()
        if path.is_dir():
            return path
        if path.is_file():
            for folder in path.parents:
                if any((folder / marker).exists() for marker in VAULT_MARKERS):
                    return folder
        print(f"kai-desktop: {raw} is not a vault folder or a note in one; ignored",
              file=sys.stderr)
    return None
