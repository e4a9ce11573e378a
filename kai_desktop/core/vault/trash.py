"""The trash: every note the app deletes or overwrites, kept outside the vault so it can be
put back.

One trash per vault, in its data folder (``<data dir>/trash``), for every way a note goes:
the memory store's forget, delete and overwrite (``/forget``, the model's
``memory_forget``, ``/tidy``, heartbeat promotions, an UPDATE that replaces a value), the
agent's file tools and the MCP server's ``delete_note``.

Before the change, the note's exact bytes are copied to ``<trash>/<id>.md`` (fsynced) and
a small JSON record (path, memory key, reason, hash, time) is appended to
``journal.jsonl``; only then is the note changed. A crash in between leaves the note and
a spare copy, never neither. :func:`restore` writes a copy back and journals that too.
Entries older than :data:`KEEP_DAYS` are purged at start (:meth:`Trash.purge`).
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
import uuid
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final

from kai_desktop.core.vault.atomic import atomic_output
from kai_desktop.core.vault.files import (
    SkippedFile,
    Vault,
    VaultError,
    WriteConflict,
    content_hash,
    decode_note_bytes,
)
from kai_desktop.core.vault.walk import is_temp_name

JOURNAL: Final = "journal.jsonl"
STALE_TEMP_S: Final = 5.0
KEEP_DAYS: Final = 30
"""Entries stay restorable at least this long."""


@dataclass(frozen=True, slots=True)
class TrashEntry:
    id: str
    path: str
    sha256: str
    deleted_at: str
    restored_at: str | None = None
    reason: str = "deleted"
    """Why the note went: "forget", "deleted", "overwritten", "promoted", "tidy", ..."""
    key: str | None = None
    """The memory key, when the note was a memory."""

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.deleted_at)


class RestoreError(Exception):
    """The copy cannot be put back; the message is for the user."""


def _fsync_write(path: Path, data: bytes) -> None:
    with atomic_output(path) as fh:
        fh.write(data)


class Trash:
    """A journaled folder of deleted or overwritten notes. Thread-safe within a process."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._lock = threading.Lock()

    def put(
        self, rel: str, data: bytes, *, reason: str = "deleted", key: str | None = None
    ) -> TrashEntry:
        """Keep ``data`` (the note's bytes) as the old version of ``rel``."""
        stamp = datetime.now(UTC)
        entry = TrashEntry(
            id=f"{stamp.strftime('%Y%m%dT%H%M%S')}-{uuid.uuid4().hex[:10]}",
            path=rel,
            sha256=content_hash(data),
            deleted_at=stamp.isoformat(timespec="seconds"),
            reason=reason,
            key=key,
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
        """Every note still in the trash, newest first."""
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

    def purge(self, keep_days: int = KEEP_DAYS, *, now: datetime | None = None) -> int:
        """At start: remove entries older than ``keep_days`` (and restored ones as old);
        how many. The journal is rewritten atomically; a torn line is dropped with them,
        and temp files a killed write left are swept."""
        cutoff = (now or datetime.now(UTC)) - timedelta(days=keep_days)
        with self._lock:
            self._sweep_temp_files(STALE_TEMP_S)
            entries = self._read_journal()
            old = {i for i, e in entries.items() if _parse_time(e.deleted_at) < cutoff}
            if not old and not self._has_torn_lines():
                return 0
            for entry_id in old:
                with contextlib.suppress(FileNotFoundError):
                    (self.folder / f"{entry_id}.md").unlink()
            kept = [e for i, e in entries.items() if i not in old]
            lines = []
            for e in kept:
                lines.append({"op": "deleted", **_fields(e)})
                if e.restored_at is not None:
                    lines.append({"op": "restored", "id": e.id, "path": e.path,
                                  "at": e.restored_at})
            self._rewrite(lines)
            return len(old)

    # -- journal ------------------------------------------------------------------------
    def _journal(self, record: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        line = json.dumps(record, ensure_ascii=False) + "\n"
        with open(self.folder / JOURNAL, "a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())

    def _rewrite(self, records: list[dict[str, Any]]) -> None:
        data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        _fsync_write(self.folder / JOURNAL, data.encode("utf-8"))

    def _sweep_temp_files(self, older_than_s: float) -> None:
        """Temp files of writes a killed process left here (a live one's is younger)."""
        now = time.time()
        for path in self.folder.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                if is_temp_name(path.name) and now - path.lstat().st_mtime >= older_than_s:
                    path.unlink()

    def _lines(self) -> list[str]:
        try:
            return (self.folder / JOURNAL).read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []

    def _has_torn_lines(self) -> bool:
        for line in self._lines():
            try:
                json.loads(line)
            except ValueError:
                return True
        return False

    def _read_journal(self) -> dict[str, TrashEntry]:
        found: dict[str, TrashEntry] = {}
        for line in self._lines():
            try:
                record = json.loads(line)
            except ValueError:
                continue  # a line torn by a crash: the rest of the journal still counts
            if not isinstance(record, dict):
                continue
            op, entry_id = record.get("op"), str(record.get("id", ""))
            if op == "deleted":
                key = record.get("key")
                found[entry_id] = TrashEntry(
                    entry_id, str(record.get("path", "")), str(record.get("sha256", "")),
                    str(record.get("deleted_at", "")), None,
                    str(record.get("reason") or "deleted"),
                    str(key) if key is not None else None,
                )
            elif op == "void":
                found.pop(entry_id, None)
            elif op == "restored" and entry_id in found:
                old = found[entry_id]
                found[entry_id] = TrashEntry(
                    old.id, old.path, old.sha256, old.deleted_at, str(record.get("at", "")),
                    old.reason, old.key,
                )
        return found


def _parse_time(text: str) -> datetime:
    try:
        stamp = datetime.fromisoformat(text)
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)  # unreadable: as old as can be
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def _fields(entry: TrashEntry) -> dict[str, Any]:
    out = asdict(entry)
    out.pop("restored_at")
    return out


def restore(trash: Trash, vault: Vault, entry_id: str) -> str:
    """Put the copy ``entry_id`` back at its path; the vault path written.

    A path that exists again (an overwritten memory, or a new note of that name) keeps its
    current version too: it goes to the trash first, so a restore never loses anything
    and can itself be undone from the trash.
    """
    found = trash.get(entry_id)
    if found is None:
        raise RestoreError(f"nothing in the trash with id {entry_id!r}")
    entry, data = found
    if entry.restored_at is not None:
        raise RestoreError(f"{entry.path} was already restored")
    try:
        text = decode_note_bytes(entry.path, data)
        try:
            now_bytes, _st = vault.read_bytes_checked(entry.path)
        except FileNotFoundError:
            now_bytes = None
        now_sha = content_hash(now_bytes) if now_bytes is not None else None
        if now_sha == entry.sha256:  # already back as it was
            trash.mark_restored(entry.id, entry.path)
            return entry.path
        if now_bytes is not None:
            trash.put(entry.path, now_bytes, reason="replaced by a restore", key=entry.key)
        vault.write_text(entry.path, text, expect=now_sha, keep_copy=False)
    except SkippedFile as exc:
        raise RestoreError(f"the copy cannot be restored: {exc.reason}") from None
    except WriteConflict:
        raise RestoreError(
            f"{entry.path} changed while it was being restored; try again"
        ) from None
    except (OSError, VaultError) as exc:
        raise RestoreError(f"{entry.path} could not be restored: {exc}") from None
    trash.mark_restored(entry.id, entry.path)
    return entry.path
