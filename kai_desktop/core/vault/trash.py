"""Deleted notes, kept outside the vault until the user empties them.

A delete first copies the note's exact bytes to ``<trash>/<id>.md`` (fsynced) and appends
a line to ``journal.jsonl``; only then is the note removed from the vault. A crash in
between leaves the note and a spare copy, never neither. :meth:`Trash.restore` writes a
copy back (create-only) and journals that too.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from kai_desktop.core.vault.files import content_hash

JOURNAL: Final = "journal.jsonl"


@dataclass(frozen=True, slots=True)
class TrashEntry:
    id: str
    path: str
    sha256: str
    deleted_at: str
    restored_at: str | None = None


def _fsync_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


class Trash:
    """A journaled folder of deleted notes. Thread-safe within a process."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._lock = threading.Lock()

    def put(self, rel: str, data: bytes) -> TrashEntry:
        """Keep ``data`` (the note's bytes) as a deleted copy of ``rel``."""
        stamp = datetime.now(UTC)
        entry = TrashEntry(
            id=f"{stamp.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:10]}",
            path=rel,
            sha256=content_hash(data),
            deleted_at=stamp.isoformat(timespec="seconds"),
        )
        with self._lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            _fsync_write(self.folder / f"{entry.id}.md", data)
            self._journal({"op": "deleted", **_fields(entry)})
        return entry

    def discard(self, entry_id: str) -> None:
        """Forget a copy whose delete did not happen after all."""
        with self._lock:
            with contextlib.suppress(FileNotFoundError):
                (self.folder / f"{entry_id}.md").unlink()
            self._journal({"op": "void", "id": entry_id})

    def entries(self) -> list[TrashEntry]:
        """Every deleted note still in the trash, newest first."""
        with self._lock:
            return [e for e in self._read_journal().values() if e.restored_at is None][::-1]

    def get(self, entry_id: str) -> tuple[TrashEntry, bytes] | None:
        with self._lock:
            entry = self._read_journal().get(entry_id)
            if entry is None:
                return None
            try:
                data = (self.folder / f"{entry_id}.md").read_bytes()
            except FileNotFoundError:
                return None
            return entry, data

    def mark_restored(self, entry_id: str, rel: str) -> None:
        with self._lock:
            now = datetime.now(UTC).isoformat(timespec="seconds")
            self._journal({"op": "restored", "id": entry_id, "path": rel, "at": now})

    # -- journal ------------------------------------------------------------------------
    def _journal(self, record: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        line = json.dumps(record, ensure_ascii=False) + "\n"
        with open(self.folder / JOURNAL, "a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())

    def _read_journal(self) -> dict[str, TrashEntry]:
        found: dict[str, TrashEntry] = {}
        try:
            lines = (self.folder / JOURNAL).read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return found
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue  # a line torn by a crash: the rest of the journal still counts
            op, entry_id = record.get("op"), str(record.get("id", ""))
            if op == "deleted":
                found[entry_id] = TrashEntry(
                    entry_id, str(record.get("path", "")), str(record.get("sha256", "")),
                    str(record.get("deleted_at", "")),
                )
            elif op == "void":
                found.pop(entry_id, None)
            elif op == "restored" and entry_id in found:
                old = found[entry_id]
                found[entry_id] = TrashEntry(
                    old.id, old.path, old.sha256, old.deleted_at, str(record.get("at", ""))
                )
        return found


def _fields(entry: TrashEntry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "path": entry.path,
        "sha256": entry.sha256,
        "deleted_at": entry.deleted_at,
    }
