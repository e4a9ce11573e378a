"""The key-value memory store: one Obsidian note per memory under ``memories/``.

A memory note carries its data as properties (``key``, ``category``, ``hits``,
``importance``, ``source``, ``created``, ``updated``) and its content as the body. Any other
property a user adds is kept. Every write goes through :class:`~kai_desktop.core.vault.files.Vault`
as a compare-and-swap: a change starts from the note as it is on disk, so an edit made in
Obsidian in the meantime is built upon, never overwritten.

Deleting is undoable: :meth:`MemoryStore.delete` hides a memory at once and only removes
its note when the undo window ends (or at :meth:`MemoryStore.flush_pending`). Until then the
note is untouched on disk, so :meth:`MemoryStore.undo` restores it byte for byte and a crash
inside the window loses nothing.

Events (``subscribe``): ``stored`` (a new memory), ``updated`` (content, hits, category...),
``deleted`` (hidden, pending removal), ``restored`` (undo, or the note was edited during
the undo window), ``removed`` (gone from disk), ``reloaded`` (re-read after an outside edit;
``key`` is None after a full reload).
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Final

from kai_desktop.core.memory.archive import MemoryArchiving
from kai_desktop.core.memory.keys import InvalidKey, key_to_stem
from kai_desktop.core.memory.model import (
    DEFAULT_IMPORTANCE,
    Category,
    Memory,
    MemoryDisabled,
    MemoryError,
    MemoryNotFound,
    NoteProblem,
    local_now,
    normalize_key,
    parse_category,
)
from kai_desktop.core.memory.note_format import (
    NoteRecord,
    body_for,
    check_importance,
    clean_content,
    note_text,
)
from kai_desktop.core.memory.notes import WRITE_ATTEMPTS
from kai_desktop.core.memory.undo import (
    PendingDelete,
    Scheduler,
    timer_scheduler,
)
from kai_desktop.core.vault.files import (
    Vault,
    VaultError,
    WriteConflict,
)
from kai_desktop.core.vault.frontmatter import split_frontmatter
from kai_desktop.core.vault.layout import MEMORIES_DIR
from kai_desktop.core.vault.trash import Trash

log = logging.getLogger(__name__)

_HISTORY_MAX: Final = 20


# -- the note format ---------------------------------------------------------------------


# -- the store ---------------------------------------------------------------------------


class MemoryStore(MemoryArchiving):
    """Thread-safe store of key-value memories kept as notes in the vault.

    One lock serialises every operation; disk reads and writes inside it are single small
    files. Subscribers are called after the lock is released, on the calling thread (for
    deletions that end by themselves: on the scheduler's thread).
    """

    def __init__(
        self,
        vault: Vault,
        *,
        undo_window_s: float = 4.0,
        clock: Callable[[], datetime] = local_now,
        scheduler: Scheduler | None = None,
        trash: Trash | None = None,
    ) -> None:
        super().__init__(vault, trash)
        self._undo_window_s = undo_window_s
        self._clock = clock
        self._scheduler: Scheduler = scheduler or timer_scheduler
        self._enabled = True
        self._tokens = itertools.count(1)

    # -- flags and events ----------------------------------------------------------------
    @property
    def undo_window_s(self) -> float:
        """How long a deletion can be undone; a change applies to the next deletion."""
        return self._undo_window_s

    @undo_window_s.setter
    def undo_window_s(self, seconds: float) -> None:
        self._undo_window_s = seconds

    @property
    def vault(self) -> Vault:
        return self._vault

    @property
    def enabled(self) -> bool:
        """Off: no memories for the prompt, model-facing changes refused; nothing deleted."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)

    def _instant(self) -> datetime:
        now = self._clock()
        return now if now.tzinfo is not None else now.astimezone()

    def _now(self) -> datetime:
        """The time stamped on notes (whole seconds, so it reads back equal)."""
        return self._instant().replace(microsecond=0)

    def _require_enabled(self, action: str) -> None:
        if not self._enabled:
            raise MemoryDisabled(f"memory is turned off; cannot {action}")

    # -- reading -------------------------------------------------------------------------
    def get(self, key: str) -> Memory | None:
        try:
            key = normalize_key(key)
        except MemoryError:
            return None
        with self._transaction():
            return self._visible(key)

    def all(self) -> list[Memory]:
        """Every visible memory, by key."""
        with self._transaction():
            found = [m for k in self._by_key if (m := self._visible(k)) is not None]
        return sorted(found, key=lambda m: (m.key.casefold(), m.key))

    def recent(self, n: int = 5) -> list[Memory]:
        """The ``n`` most recently updated visible memories, newest first."""
        items = self.all()
        items.sort(key=lambda m: m.updated, reverse=True)
        return items[: max(n, 0)]

    def prompt_memories(self) -> list[Memory]:
        """The memories for the system prompt: none while memory is turned off."""
        return self.all() if self._enabled else []

    def promotion_candidates(self, min_hits: int = 5) -> list[Memory]:
        """Memories with at least ``min_hits`` hits, most hits first; none while turned off."""
        if not self._enabled:
            return []
        items = [m for m in self.all() if m.hits >= min_hits]
        return sorted(items, key=lambda m: (-m.hits, m.key.casefold(), m.key))

    def pending(self) -> list[Memory]:
        """Memories deleted but still inside their undo window, oldest deletion first."""
        with self._transaction():
            return [p.memory for p in sorted(self._pending.values(), key=lambda p: p.token)]

    def problems(self) -> list[NoteProblem]:
        """Notes under memories/ that are not used: broken properties, duplicates, skipped."""
        with self._transaction():
            out = [
                NoteProblem(rec.rel, rec.problem)
                for rec in self._records.values()
                if rec.problem is not None
            ]
            for rec in self._records.values():
                mem = rec.memory
                if mem is not None and self._by_key.get(mem.key) != rec.rel:
                    winner = self._by_key.get(mem.key)
                    out.append(
                        NoteProblem(
                            rec.rel,
                            f"another note holds memory {mem.key!r} ({winner}); "
                            "this one is not used",
                        )
                    )
        return sorted(out, key=lambda p: p.path)

    # -- changing ------------------------------------------------------------------------
    def store(
        self, key: str, content: str, *, importance: int = 5, source: str | None = None
    ) -> Memory:
        """Store a General memory; an existing key gets the new content (and source).

        On an existing key only content, ``updated`` and a given source change: its
        category, hits and importance stay (see :meth:`set_importance`).
        """
        self._require_enabled("store a memory")
        key = normalize_key(key)
        content = clean_content(content)
        importance = check_importance(importance)
        with self._transaction():
            return self._put(
                key,
                content,
                category=Category.GENERAL,
                importance=importance,
                source=source,
                set_category=False,
            )

    def learn(
        self, key: str, content: str, category: Category | str, source: str | None = None
    ) -> Memory:
        """Store a Learning, Error or Preference; an existing key takes the new category."""
        self._require_enabled("learn")
        cat = parse_category(category)
        if cat is Category.GENERAL:
            raise MemoryError(
                "memory_learn takes the categories Learning, Error or Preference; "
                "store a General fact with memory_store(key, content)"
            )
        key = normalize_key(key)
        content = clean_content(content)
        with self._transaction():
            return self._put(
                key,
                content,
                category=cat,
                importance=DEFAULT_IMPORTANCE,
                source=source,
                set_category=True,
            )

    def reinforce(self, key: str) -> Memory:
        """One more hit for ``key`` (hits += 1, updated = now)."""
        self._require_enabled("reinforce a memory")
        key = normalize_key(key)
        return self._updated(key, lambda m, now: replace(m, hits=m.hits + 1, updated=now))

    def edit_content(self, key: str, content: str) -> Memory:
        """Replace the content of ``key`` (the key itself never changes)."""
        key = normalize_key(key)
        content = clean_content(content)
        return self._updated(
            key, lambda m, now: replace(m, content=content, updated=now), new_body=content
        )

    def supersede(
        self, key: str, content: str, *, category: Category | str | None = None,
        source: str | None = None,
    ) -> Memory:
        """Give ``key`` a new current value; the old one goes to its history with the date
        it held until. The memory counts one more hit (the topic came up again)."""
        self._require_enabled("update a memory")
        key = normalize_key(key)
        content = clean_content(content)
        cat = None if category is None else parse_category(category)

        def change(m: Memory, now: datetime) -> Memory:
            old = " ".join(m.content.split())
            history = m.history
            if old and old != " ".join(content.split()):
                history = (*m.history, f"{now.date().isoformat()}: {old}")[-_HISTORY_MAX:]
            return replace(
                m,
                content=content,
                updated=now,
                hits=m.hits + 1,
                history=history,
                category=cat or m.category,
                source=source if source is not None else m.source,
            )

        return self._updated(key, change, new_body=content)

    def set_importance(self, key: str, importance: int) -> Memory:
        """Set the importance (1–10) of ``key``."""
        key = normalize_key(key)
        importance = check_importance(importance)
        return self._updated(key, lambda m, now: replace(m, importance=importance, updated=now))

    def _updated(
        self,
        key: str,
        change: Callable[[Memory, datetime], Memory],
        *,
        new_body: str | None = None,
    ) -> Memory:
        """Apply ``change`` (given the time of the change) to ``key``'s note, then tell the
        subscribers it was updated."""
        with self._transaction():
            now = self._now()
            memory = self._rewrite(key, lambda m: change(m, now), new_body=new_body)
            self._emit("updated", key)
            return memory

    def forget(self, key: str, *, reason: str = "forget") -> bool:
        """Remove ``key`` from disk now (its note goes to the trash, marked ``reason``);
        False when there is no such memory."""
        self._require_enabled("forget a memory")
        try:
            key = normalize_key(key)
        except MemoryError:
            return False
        with self._transaction():
            if key in self._pending:
                return self._finalize(key)
            if self._visible(key) is None:
                return False
            for _ in range(WRITE_ATTEMPTS):
                try:
                    rec = self._fresh(key)
                except MemoryNotFound:
                    return False
                kept = self._keep(rec.rel, rec.sha, reason, key)
                try:
                    self._vault.delete(rec.rel, expect=rec.sha)
                except WriteConflict:
                    self._unkeep(kept)
                    continue  # edited in between: look again and delete what is there now
                except (OSError, VaultError) as exc:
                    self._unkeep(kept)
                    raise MemoryError(f"could not delete {rec.rel}: {exc}") from exc
                self._drop_record(rec.rel)
                self._emit("removed", key)
                return True
            raise MemoryError(
                f"memory {key!r} keeps changing on disk; it was not forgotten, try again"
            )

    def delete(self, key: str) -> Memory:
        """Hide ``key`` at once; its note is removed when the undo window ends."""
        key = normalize_key(key)
        with self._transaction():
            memory = self._visible(key)
            if memory is None:
                raise MemoryNotFound(f"no memory with key {key!r}")
            rec = self._records[memory.path]
            token = next(self._tokens)
            due = self._instant() + timedelta(seconds=self._undo_window_s)
            pending = PendingDelete(memory, rec.rel, rec.sha, due, token)
            self._pending[key] = pending
            pending.handle = self._scheduler(
                self._undo_window_s, lambda: self._window_ended(key, token)
            )
            self._emit("deleted", key)
            return memory

    def undo(self, key: str) -> Memory:
        """Bring back a memory deleted inside its undo window, exactly as it was."""
        key = normalize_key(key)
        with self._transaction():
            pending = self._pending.pop(key, None)
            if pending is None:
                raise MemoryNotFound(f"nothing to undo for {key!r}: it is not pending deletion")
            if pending.handle is not None:
                self._to_cancel.append(pending.handle)
            self._emit("restored", key)
            return self._visible(key) or pending.memory

    def finalize_due(self) -> list[str]:
        """Remove every pending memory whose undo window has ended; returns their keys."""
        with self._transaction():
            now = self._instant()
            due = [k for k, p in self._pending.items() if p.due <= now]
            return [k for k in due if self._finalize(k)]

    def flush_pending(self) -> list[str]:
        """Remove every pending memory now (at quit); returns the keys removed."""
        with self._transaction():
            return [k for k in list(self._pending) if self._finalize(k)]

    def _window_ended(self, key: str, token: int) -> None:
        with self._transaction():
            pending = self._pending.get(key)
            if pending is None or pending.token != token:
                return
            pending.handle = None  # this is the timer itself; nothing to cancel
            self._finalize(key)

    def _finalize(self, key: str) -> bool:
        """Remove a pending memory's note; False (and restored) if it changed meanwhile."""
        pending = self._pending.pop(key)
        if pending.handle is not None:
            self._to_cancel.append(pending.handle)
        kept = self._keep(pending.rel, pending.sha, "deleted", key)
        try:
            self._vault.delete(pending.rel, expect=pending.sha)
        except WriteConflict:
            self._unkeep(kept)
            log.info("%s changed during its undo window; it is kept", pending.rel)
            self._load_rel(pending.rel)
            self._emit("restored", key)
            return False
        except (OSError, VaultError) as exc:
            self._unkeep(kept)
            log.warning("could not remove %s: %s; it is kept", pending.rel, exc)
            self._emit("restored", key)
            return False
        self._drop_record(pending.rel)
        self._emit("removed", key)
        return True

    # -- reload --------------------------------------------------------------------------

    # -- internals -----------------------------------------------------------------------

    def _put(
        self,
        key: str,
        content: str,
        *,
        category: Category,
        importance: int,
        source: str | None,
        set_category: bool,
    ) -> Memory:
        if key in self._pending:
            self._finalize(key)  # a new store after delete starts afresh
        now = self._now()
        if self._visible(key) is not None:

            def change(m: Memory) -> Memory:
                return replace(
                    m,
                    content=content,
                    updated=now,
                    category=category if set_category else m.category,
                    source=source if source is not None else m.source,
                )

            memory = self._rewrite(key, change, new_body=content)
            self._emit("updated", key)
            return memory
        return self._create(
            key,
            content,
            category=category,
            importance=importance,
            source=source,
            set_category=set_category,
            now=now,
        )

    def _create(
        self,
        key: str,
        content: str,
        *,
        category: Category,
        importance: int,
        source: str | None,
        set_category: bool,
        now: datetime,
    ) -> Memory:
        try:
            stem = key_to_stem(key)
        except InvalidKey as exc:
            raise MemoryError(str(exc)) from None
        n = 1
        for _ in range(100):
            rel = f"{MEMORIES_DIR}/{stem}.md" if n == 1 else f"{MEMORIES_DIR}/{stem}~{n}.md"
            if self._vault.exists(rel):
                n += 1  # taken by a note holding another key (or a broken one)
                if rel not in self._records and not self._same_file_known(rel):
                    self._load_rel(rel)  # a note not seen yet; it may hold this very key
                    if self._visible(key) is not None:
                        return self._put(
                            key,
                            content,
                            category=category,
                            importance=importance,
                            source=source,
                            set_category=set_category,
                        )
                continue
            memory = Memory(key, content, category, 1, importance, source, now, now, rel)
            text, props = note_text({}, None, memory, body_for(content))
            self._check_size(rel, text)
            try:
                written = self._vault.write_text(rel, text, expect=None)
            except WriteConflict as exc:  # created by someone else just now: look at it
                if exc.conflict_rel:
                    self._discard_copies([(exc.conflict_rel, text)])
                continue
            except (OSError, VaultError) as exc:
                raise MemoryError(f"could not write {rel}: {exc}") from exc
            self._records[rel] = NoteRecord(
                rel, written.sha256, memory, props, body_for(content),
                raw=split_frontmatter(text).raw,
            )
            self._reindex()
            self._emit("stored", key)
            return memory
        raise MemoryError(f"no free file name for memory {key!r} under {MEMORIES_DIR}/")





