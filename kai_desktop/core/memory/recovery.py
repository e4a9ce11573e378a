"""What can be put back: memories in the trash (forgotten, deleted, overwritten, promoted,
tidied) and memories the decay archived. One list for the window, one restore."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.files import PathOutsideVault, SkippedFile, VaultError
from kai_desktop.core.vault.frontmatter import split_frontmatter
from kai_desktop.core.vault.layout import ARCHIVE_MEMORIES_DIR
from kai_desktop.core.vault.trash import RestoreError, Trash, restore

PREVIEW_CHARS = 160


@dataclass(frozen=True)
class Recoverable:
    """One item the user may restore."""

    kind: Literal["trash", "archived"]
    id: str
    """The trash entry's id, or the archived note's vault path."""
    path: str
    key: str
    reason: str
    when: datetime
    preview: str


def _preview(text: str) -> tuple[str, str | None]:
    """The body's first characters and the ``key`` property of a note's text."""
    fm = split_frontmatter(text)
    body = " ".join(fm.body.split())
    key = fm.properties.get("key") if not fm.error else None
    cut = body if len(body) <= PREVIEW_CHARS else body[: PREVIEW_CHARS - 1] + "…"
    return cut, str(key) if key is not None else None


class Recovery:
    """The trash and the archive of one vault's memories. Call from a worker thread."""

    def __init__(self, store: MemoryStore, trash: Trash) -> None:
        self.store = store
        self.trash = trash

    def items(self) -> list[Recoverable]:
        """Everything restorable, newest first."""
        found = [*self._trashed(), *self._archived()]
        return sorted(found, key=lambda item: item.when, reverse=True)

    def restore(self, item: Recoverable) -> str:
        """Put ``item`` back; a message for the user. :class:`RestoreError` when it cannot."""
        if item.kind == "archived":
            try:
                memory = self.store.unarchive(item.id)
            except Exception as exc:  # MemoryError and friends: said to the user
                raise RestoreError(str(exc)) from exc
            return f"Restored {memory.key} from the archive."
        rel = restore(self.trash, self.store.vault, item.id)
        self.store.reload_path(rel)
        return f"Restored {item.key or rel}."

    def _trashed(self) -> list[Recoverable]:
        out = []
        for entry in self.trash.entries():
            found = self.trash.get(entry.id)
            text = found[1].decode("utf-8", errors="replace") if found else ""
            preview, key = _preview(text)
            out.append(Recoverable("trash", entry.id, entry.path, entry.key or key or entry.path,
                                   entry.reason, _aware(entry.when), preview))
        return out

    def _archived(self) -> list[Recoverable]:
        vault = self.store.vault
        try:
            folder = vault.resolve(ARCHIVE_MEMORIES_DIR)
            names = sorted(os.listdir(folder))
        except (OSError, PathOutsideVault):
            return []
        out = []
        for name in names:
            rel = f"{ARCHIVE_MEMORIES_DIR}/{name}"
            if name.startswith(".") or not name.endswith(".md"):
                continue
            try:
                text = vault.read_text(rel)
            except (OSError, SkippedFile, VaultError):
                continue
            preview, key = _preview(text.text)
            when = datetime.fromtimestamp(text.mtime, UTC)
            out.append(Recoverable("archived", rel, rel, key or name, "archived", when, preview))
        return out


def _aware(stamp: datetime) -> datetime:
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)
