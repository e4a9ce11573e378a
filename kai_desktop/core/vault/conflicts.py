"""Conflict copies: one name for them, and keeping one without overwriting anything.

The name is Obsidian's (``name (Conflicted copy <device> YYYYMMDDHHMM).md``, Obsidian Sync
since 1.9.7) with ``Kai`` as the device, so a user who syncs with Obsidian sees one kind of
conflict copy. A second copy within the same minute gets a counter: ``... 202611221840 2)``.
"""

from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Final

from kai_desktop.core.vault.atomic import create_temp, fsync_dir

DEVICE: Final = "Kai"
MAX_COPIES_PER_MINUTE: Final = 1000

CONFLICT_NAME: Final = re.compile(
    r" \((?:Conflicted copy [^()]*? \d{12}(?: \d+)?|conflict \d{4}-\d{2}-\d{2} \d{6}(?: \d+)?)\)$"
)
"""Matches the end of a conflict copy's stem (Obsidian's style, and the older Kai style)."""


@dataclass(frozen=True, slots=True)
class ConflictNotice:
    """A conflict copy was kept. ``foreign`` is True when the copy holds another program's
    edit that landed while Kai saved ``rel``; False when it holds Kai's own version."""

    rel: str
    copy_rel: str
    foreign: bool

    def message(self) -> str:
        if self.foreign:
            return (
                f"{self.rel} was edited by another program while Kai saved it; "
                f"that edit is kept in {self.copy_rel}"
            )
        return f"{self.rel} changed on disk; Kai's version is kept in {self.copy_rel}"


def is_conflict_copy(rel: str) -> bool:
    """True for a conflict copy (ours or Obsidian's), which is never read as a memory."""
    return CONFLICT_NAME.search(PurePosixPath(rel).stem) is not None


def conflict_names(rel: str, when: datetime | None = None) -> list[str]:
    """The names a conflict copy of ``rel`` may take, in order of preference."""
    pure = PurePosixPath(rel)
    stamp = (when or datetime.now()).strftime("%Y%m%d%H%M")
    names = []
    for n in range(1, MAX_COPIES_PER_MINUTE + 1):
        counter = f" {n}" if n > 1 else ""
        name = f"{pure.stem} (Conflicted copy {DEVICE} {stamp}{counter}){pure.suffix}"
        names.append(str(pure.with_name(name)))
    return names


def link_as_copy(root: Path, rel: str, source: Path) -> str | None:
    """Give the file ``source`` (same folder) a free conflict name of ``rel``; never replaces
    a file. Returns the copy's vault path, or None when no name was free or linking failed."""
    for name in conflict_names(rel):
        target = root / name
        try:
            os.link(source, target)
        except FileExistsError:
            continue
        except OSError:
            return None
        fsync_dir(target.parent)
        return name
    return None


def write_copy(root: Path, rel: str, data: bytes) -> str | None:
    """Keep ``data`` as a new conflict copy of ``rel`` (durable, never replacing a file)."""
    path = root / rel
    fd, tmp = create_temp(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        return link_as_copy(root, rel, tmp)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
