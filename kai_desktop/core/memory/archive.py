"""Decay archives, never deletes: a memory unused for long moves, as it is, from
``memories/`` to ``archive/memories/`` in the vault. There it is out of the prompt and of
the store, still indexed and searchable as any note, and it can be moved back
(:meth:`MemoryArchiving.unarchive`). The heartbeat does the moving
(:func:`archive_stale`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from kai_desktop.core.memory.model import Memory, MemoryError, MemoryNotFound, normalize_key
from kai_desktop.core.memory.notes import WRITE_ATTEMPTS, MemoryNotes
from kai_desktop.core.vault.files import VaultError, WriteConflict, content_hash, decode_note_bytes
from kai_desktop.core.vault.layout import ARCHIVE_MEMORIES_DIR, MEMORIES_DIR


def stale(memories: list[Memory], days: int, now: datetime) -> list[Memory]:
    """The memories not updated for ``days`` days (none when ``days`` is 0)."""
    if days <= 0:
        return []
    cutoff = now - timedelta(days=days)
    return [m for m in memories if m.updated < cutoff]


class MemoryArchiving(MemoryNotes):
    """The archive side of the memory store."""

    def _now(self) -> datetime:
        raise NotImplementedError

    def archive(self, key: str) -> str:
        """Move ``key``'s note (its text, properties and all) to ``archive/memories/``: out of
        the prompt and the store, still in the vault. Returns the archived path."""
        key = normalize_key(key)
        with self._transaction():
            for _ in range(WRITE_ATTEMPTS):
                rec = self._fresh(key)
                moved = self._move(rec.rel, rec.sha, ARCHIVE_MEMORIES_DIR)
                if moved is not None:
                    self._drop_record(rec.rel)
                    self._emit("removed", key)
                    return moved
            raise MemoryError(f"memory {key!r} keeps changing on disk; it was not archived")

    def unarchive(self, rel: str) -> Memory:
        """Move an archived memory note back to ``memories/``; it counts as updated now,
        so the next decay does not take it again."""
        sha = self._vault.disk_hash(rel)
        if sha is None or not rel.startswith(ARCHIVE_MEMORIES_DIR + "/"):
            raise MemoryNotFound(f"no archived memory at {rel}")
        with self._transaction():
            back = self._move(rel, sha, MEMORIES_DIR)
            if back is None:
                raise MemoryError(f"{rel} changed while it was being restored; try again")
            rec = self._load_rel(back)
            if rec is None or rec.memory is None:
                raise MemoryError(f"{back} was restored but is not a usable memory")
            memory = self._rewrite(rec.memory.key, lambda m: replace(m, updated=self._now()))
            self._emit("stored", memory.key)
            return memory

    def _move(self, rel: str, sha: str, folder: str) -> str | None:
        """Copy ``rel`` (if its hash is still ``sha``) to a free name in ``folder``, then
        remove it; the new path, or None when the note changed meanwhile."""
        try:
            data, _st = self._vault.read_bytes_checked(rel)
            if content_hash(data) != sha:
                return None
            text = decode_note_bytes(rel, data)
            name = rel.rsplit("/", 1)[-1]
            stem, dot, ext = name.rpartition(".")
            for n in range(1, 100):
                target = f"{folder}/{name}" if n == 1 else f"{folder}/{stem}~{n}{dot}{ext}"
                if not self._vault.exists(target):
                    break
            self._vault.write_text(target, text, expect=None, keep_copy=False)
            try:
                self._vault.delete(rel, expect=sha)
            except WriteConflict:
                self._vault.delete(target, expect=content_hash(data))
                return None
        except WriteConflict:
            return None
        except (OSError, VaultError) as exc:
            raise MemoryError(f"could not move {rel} to {folder}/: {exc}") from exc
        return target


def archive_stale(store: MemoryArchiving, memories: list[Memory], days: int,
                  now: datetime) -> list[str]:
    """Archive every memory of ``memories`` unused for ``days`` days; the archived paths.
    A note that cannot be moved now (changing, unreadable) is left for the next time."""
    moved = []
    for memory in stale(memories, days, now):
        try:
            moved.append(store.archive(memory.key))
        except MemoryError:
            continue
    return moved
