"""The memory notes as last read or written: the cache of records, loading and scanning
``memories/``, compare-and-swap rewrites, and the change events. The public operations
live on :class:`~kai_desktop.core.memory.store.MemoryStore`, which builds on this."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Final

from kai_desktop.core.memory.model import (
    EventKind,
    Memory,
    MemoryError,
    MemoryEvent,
    MemoryNotFound,
)
from kai_desktop.core.memory.note_format import (
    NoteRecord,
    body_for,
    is_memory_path,
    memory_from_parts,
    note_text,
    rank_path,
)
from kai_desktop.core.memory.undo import (
    Cancellable,
    PendingDelete,
)
from kai_desktop.core.vault.files import (
    PathOutsideVault,
    SkippedFile,
    Vault,
    VaultError,
    WriteConflict,
    content_hash,
)
from kai_desktop.core.vault.frontmatter import split_frontmatter
from kai_desktop.core.vault.layout import MEMORIES_DIR
from kai_desktop.core.vault.trash import Trash, TrashEntry
from kai_desktop.core.vault.walk import IGNORED_DIRS

log = logging.getLogger(__name__)
WRITE_ATTEMPTS: Final = 3


class MemoryNotes:
    """The file side of the memory store; one re-entrant lock guards all of it."""

    def __init__(self, vault: Vault, trash: Trash | None = None) -> None:
        self._vault = vault
        self._trash = trash
        self._lock = threading.RLock()
        self._records: dict[str, NoteRecord] = {}
        self._by_key: dict[str, str] = {}
        self._pending: dict[str, PendingDelete] = {}
        self._loaded = False
        self._subscribers: list[Callable[[MemoryEvent], None]] = []
        self._outbox: list[MemoryEvent] = []
        self._to_cancel: list[Cancellable] = []

    def _finalize(self, key: str) -> bool:
        raise NotImplementedError

    def subscribe(self, callback: Callable[[MemoryEvent], None]) -> Callable[[], None]:
        """Call ``callback`` for every :class:`MemoryEvent`; returns the unsubscribe function."""
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock, contextlib.suppress(ValueError):
                self._subscribers.remove(callback)

        return unsubscribe

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        try:
            with self._lock:
                self._ensure_loaded()
                yield
        finally:
            self._deliver()  # events of a half-done operation are still published

    def _deliver(self) -> None:
        with self._lock:
            events, self._outbox = self._outbox, []
            handles, self._to_cancel = self._to_cancel, []
            subscribers = list(self._subscribers)
        for handle in handles:
            try:
                handle.cancel()
            except Exception:  # a scheduler's cancel must not break the store
                log.exception("cancelling an undo timer failed")
        for event in events:
            for callback in subscribers:
                try:
                    callback(event)
                except Exception:
                    log.exception("memory event subscriber failed on %s", event)

    def _emit(self, kind: EventKind, key: str | None) -> None:
        self._outbox.append(MemoryEvent(kind, key))

    def _visible(self, key: str) -> Memory | None:
        if key in self._pending:
            return None
        rel = self._by_key.get(key)
        if rel is None:
            return None
        return self._records[rel].memory

    def reload(self) -> None:
        """Re-read every note under memories/ from disk."""
        with self._lock:
            self._load_all()
            self._emit("reloaded", None)
        self._deliver()

    def reload_path(self, rel: str) -> None:
        """Re-read one vault path after an outside change (created, edited or deleted)."""
        rel = rel.replace("\\", "/").lstrip("/")
        if not is_memory_path(rel):
            return
        with self._transaction():
            old = self._records.get(rel)
            old_key = old.memory.key if old is not None and old.memory is not None else None
            rec = self._load_rel(rel)
            new_key = rec.memory.key if rec is not None and rec.memory is not None else None
            self._settle_pending()
            self._emit("reloaded", new_key or old_key)

    def _ensure_loaded(self) -> None:
        if not self._loaded:
            self._load_all()

    def _load_all(self) -> None:
        self._records = {}
        for rel in self._scan():
            rec = self._read_record(rel)
            if rec is not None:
                self._records[rel] = rec
        self._loaded = True
        self._reindex()
        self._settle_pending()

    def _scan(self) -> list[str]:
        try:
            base = self._vault.resolve(MEMORIES_DIR)
        except PathOutsideVault as exc:
            log.warning("memories are not read: %s", exc)
            return []
        if not base.is_dir():
            return []
        found: list[str] = []
        for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
            dirnames[:] = sorted(
                d for d in dirnames if d not in IGNORED_DIRS and not d.startswith(".")
            )
            for name in sorted(filenames):
                if name.startswith(".") or not name.lower().endswith(".md"):
                    continue
                found.append(self._vault.rel(Path(dirpath) / name))
        return found

    def _read_record(self, rel: str) -> NoteRecord | None:
        """Read and parse one note; None when it does not exist."""
        try:
            tf = self._vault.read_text(rel)
        except FileNotFoundError:
            return None
        except SkippedFile as exc:
            return NoteRecord(rel, "", None, problem=f"skipped: {exc.reason}")
        except PathOutsideVault as exc:
            return NoteRecord(rel, "", None, problem=str(exc))
        except OSError as exc:
            return NoteRecord(rel, "", None, problem=f"cannot be read: {exc}")
        fm = split_frontmatter(tf.text)
        if fm.error:
            return NoteRecord(rel, tf.sha256, None, problem=f"broken properties: {fm.error}")
        try:
            memory = memory_from_parts(rel, fm.properties, fm.body, tf.mtime)
        except ValueError as exc:
            return NoteRecord(rel, tf.sha256, None, problem=f"not a valid memory: {exc}")
        return NoteRecord(rel, tf.sha256, memory, fm.properties, fm.body, raw=fm.raw)

    def _load_rel(self, rel: str) -> NoteRecord | None:
        rec = self._read_record(rel)
        if rec is None:
            self._records.pop(rel, None)
        else:
            self._records[rel] = rec
        self._reindex()
        return rec

    def _drop_record(self, rel: str) -> None:
        self._records.pop(rel, None)
        self._reindex()

    def _reindex(self) -> None:
        """Pick, for every key, the note that holds it (duplicates become problems)."""
        best: dict[str, tuple[tuple[bool, bool, str], str]] = {}
        for rel, rec in self._records.items():
            mem = rec.memory
            if mem is None:
                continue
            rank = rank_path(rel, mem.key)
            if mem.key not in best or rank < best[mem.key][0]:
                best[mem.key] = (rank, rel)
        self._by_key = {key: rel for key, (_, rel) in best.items()}

    def _settle_pending(self) -> None:
        """Pending deletions whose note vanished are done; edited ones are given back."""
        for key, pending in list(self._pending.items()):
            rec = self._records.get(pending.rel)
            if rec is None:
                del self._pending[key]
                if pending.handle is not None:
                    self._to_cancel.append(pending.handle)
                self._emit("removed", key)
            elif rec.sha != pending.sha or self._by_key.get(key) != pending.rel:
                del self._pending[key]
                if pending.handle is not None:
                    self._to_cancel.append(pending.handle)
                self._emit("restored", key)

    def _fresh(self, key: str) -> NoteRecord:
        """The note holding ``key``, re-read from disk (picks up outside edits)."""
        for _ in range(WRITE_ATTEMPTS):
            rel = None if key in self._pending else self._by_key.get(key)
            if rel is None:
                raise MemoryNotFound(f"no memory with key {key!r}")
            rec = self._load_rel(rel)
            if rec is not None and rec.problem is not None:
                raise MemoryError(
                    f"{rel} cannot be changed: {rec.problem}. Fix the note; it was left as is."
                )
            if rec is not None and self._by_key.get(key) == rel:
                return rec
        raise MemoryNotFound(f"no memory with key {key!r}")

    def _rewrite(
        self, key: str, change: Callable[[Memory], Memory], *, new_body: str | None = None
    ) -> Memory:
        """Apply ``change`` to the note of ``key`` as it is on disk now, compare-and-swap."""
        copies: list[tuple[str, str]] = []
        for _ in range(WRITE_ATTEMPTS):
            rec = self._fresh(key)
            assert rec.memory is not None  # _fresh returns usable records only
            memory = change(rec.memory)
            body = rec.body if new_body is None else body_for(new_body)
            text, props = note_text(rec.properties, rec.raw, memory, body)
            self._check_size(rec.rel, text)
            replaced = body.strip() != rec.body.strip()
            old = self._keep(rec.rel, rec.sha, "overwritten", key) if replaced else None
            try:
                written = self._vault.write_text(rec.rel, text, expect=rec.sha)
            except WriteConflict as exc:
                self._unkeep(old)
                if exc.conflict_rel:
                    copies.append((exc.conflict_rel, text))
                continue
            except (OSError, VaultError) as exc:
                self._unkeep(old)
                raise MemoryError(f"could not write {rec.rel}: {exc}") from exc
            self._discard_copies(copies)
            memory = replace(memory, content=body.strip())
            self._records[rec.rel] = NoteRecord(
                rec.rel, written.sha256, memory, props, body, raw=split_frontmatter(text).raw
            )
            self._reindex()
            return memory
        kept = copies[-1][0] if copies else None
        self._discard_copies(copies[:-1])
        where = f"; the app's version was saved as {kept}" if kept else ""
        raise MemoryError(
            f"memory {key!r} kept changing on disk while it was being saved{where}. "
            "The note's current text was left as it is."
        )

    def _keep(self, rel: str, sha: str, reason: str, key: str) -> TrashEntry | None:
        """Before a note is removed or its value replaced: its bytes go to the trash.
        Nothing is kept when the note is no longer the version about to change (the
        change will then fail on its compare-and-swap)."""
        if self._trash is None:
            return None
        try:
            data, _st = self._vault.read_bytes_checked(rel)
        except (OSError, VaultError):
            return None
        if content_hash(data) != sha:
            return None
        return self._trash.put(rel, data, reason=reason, key=key)

    def _unkeep(self, entry: TrashEntry | None) -> None:
        """The change did not happen after all: drop the copy kept for it."""
        if entry is not None and self._trash is not None:
            self._trash.discard(entry.id)

    def _same_file_known(self, rel: str) -> bool:
        folded = rel.casefold()
        return any(r.casefold() == folded for r in self._records)

    def _check_size(self, rel: str, text: str) -> None:
        size = len(text.encode("utf-8"))
        if size > self._vault.max_file_bytes:
            raise MemoryError(
                f"{rel} would be {size} bytes, over the {self._vault.max_file_bytes}-byte "
                "limit for notes; shorten the content"
            )

    def _discard_copies(self, copies: list[tuple[str, str]]) -> None:
        """Remove conflict copies the vault made of a version that was then saved anyway."""
        for rel, text in copies:
            try:
                self._vault.delete(rel, expect=content_hash(text))
            except (OSError, VaultError):
                log.info("left the conflict copy %s in place", rel)
                continue
            self._records.pop(rel, None)
        if copies:
            self._reindex()
