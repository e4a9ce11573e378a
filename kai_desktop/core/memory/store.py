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

import contextlib
import itertools
import logging
import os
import re
import threading
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any, Final, Literal, Protocol

from kai_desktop.core.memory.keys import InvalidKey, is_canonical_stem, key_to_stem, stem_to_key
from kai_desktop.core.vault.files import (
    PathOutsideVault,
    SkippedFile,
    Vault,
    VaultError,
    WriteConflict,
    content_hash,
)
from kai_desktop.core.vault.frontmatter import dump_properties, render_note, split_frontmatter
from kai_desktop.core.vault.layout import MEMORIES_DIR
from kai_desktop.core.vault.walk import IGNORED_DIRS

log = logging.getLogger(__name__)

MAX_KEY_CHARS: Final = 200
DEFAULT_IMPORTANCE: Final = 5
_WRITE_ATTEMPTS: Final = 3
_CONFLICT_NAME = re.compile(r" \(conflict \d{4}-\d{2}-\d{2} \d{6}(?: \d+)?\)$")


class Category(StrEnum):
    GENERAL = "General"
    LEARNING = "Learning"
    ERROR = "Error"
    PREFERENCE = "Preference"


@dataclass(frozen=True)
class Memory:
    """One memory as stored in ``path`` (a vault path under ``memories/``)."""

    key: str
    content: str
    category: Category
    hits: int
    importance: int
    source: str | None
    created: datetime
    updated: datetime
    path: str


class MemoryError(Exception):  # shadows the builtin on purpose: the app's name for it
    """A memory operation that could not be done; the message says why, nothing is lost."""


class MemoryNotFound(MemoryError):
    """No visible memory has that key (never stored, forgotten, or pending deletion)."""


class MemoryDisabled(MemoryError):
    """Memory is turned off: model-facing changes are refused, nothing stored is touched."""


@dataclass(frozen=True)
class NoteProblem:
    """A note under ``memories/`` that is not used as a memory, and why."""

    path: str
    message: str


EventKind = Literal["stored", "updated", "deleted", "restored", "removed", "reloaded"]


@dataclass(frozen=True)
class MemoryEvent:
    kind: EventKind
    key: str | None


class Cancellable(Protocol):
    def cancel(self) -> None: ...


Scheduler = Callable[[float, Callable[[], None]], Cancellable]


class _TimerHandle:
    def __init__(self, timer: threading.Timer) -> None:
        self._timer = timer

    def cancel(self) -> None:
        self._timer.cancel()
        if self._timer is not threading.current_thread() and self._timer.is_alive():
            self._timer.join(timeout=5.0)


def timer_scheduler(delay_s: float, callback: Callable[[], None]) -> Cancellable:
    """Run ``callback`` once after ``delay_s`` on a daemon thread; cancel() stops and joins it."""
    timer = threading.Timer(delay_s, callback)
    timer.daemon = True
    timer.name = "kai-memory-undo-window"
    timer.start()
    return _TimerHandle(timer)


def local_now() -> datetime:
    """The current local time, timezone-aware (the store's default clock)."""
    return datetime.now().astimezone()


def normalize_key(key: str) -> str:
    """The canonical form of a key (NFC, outer whitespace removed), or MemoryError."""
    if not isinstance(key, str):
        raise MemoryError(f"a memory key must be text, not {type(key).__name__}")
    norm = unicodedata.normalize("NFC", key).strip()
    if not norm:
        raise MemoryError("a memory key cannot be empty")
    if len(norm) > MAX_KEY_CHARS:
        raise MemoryError(f"a memory key can have at most {MAX_KEY_CHARS} characters")
    if any(unicodedata.category(ch) in {"Cc", "Cs"} for ch in norm):
        raise MemoryError(f"memory key {norm!r} contains control characters")
    return norm


def parse_category(value: Category | str) -> Category:
    """``value`` as a Category (case-insensitive), or MemoryError naming the valid ones."""
    if isinstance(value, Category):
        return value
    if isinstance(value, str):
        folded = value.strip().casefold()
        for cat in Category:
            if cat.value.casefold() == folded:
                return cat
    names = ", ".join(c.value for c in Category)
    raise MemoryError(f"unknown memory category {value!r}; use one of {names}")


# -- the note format ---------------------------------------------------------------------


@dataclass
class _Record:
    """A note under memories/ as last read or written: a memory, or a problem."""

    rel: str
    sha: str
    memory: Memory | None
    properties: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    problem: str | None = None
    raw: str | None = None  # the YAML of the properties block as it is in the file


def _as_int(value: Any, name: str, low: int, high: int | None) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        bounds = f"{low}–{high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {bounds}, not {value}")
    return value


def _as_datetime(value: Any, name: str) -> datetime:
    if isinstance(value, datetime):
        result = value
    elif isinstance(value, date):
        result = datetime.combine(value, time())
    elif isinstance(value, str):
        try:
            result = datetime.fromisoformat(value.strip())
        except ValueError:
            raise ValueError(f"{name} is not an ISO 8601 date-time: {value!r}") from None
    else:
        raise ValueError(f"{name} is not a date-time: {value!r}")
    if result.tzinfo is None:
        result = result.astimezone()  # Obsidian writes local time without an offset
    return result


def _format_datetime(value: datetime) -> str:
    return value.isoformat(timespec="seconds")


def _key_from_stem(rel: str) -> str:
    stem = unicodedata.normalize("NFC", PurePosixPath(rel).stem)
    return stem_to_key(stem) or stem


def parse_memory_note(rel: str, text: str, mtime: float) -> Memory:
    """The memory held by a note's text; ValueError (with the reason) if it is not one."""
    fm = split_frontmatter(text)
    if fm.error:
        raise ValueError(fm.error)
    return _memory_from_parts(rel, fm.properties, fm.body, mtime)


def _memory_from_parts(rel: str, props: dict[str, Any], body: str, mtime: float) -> Memory:
    raw_key = props.get("key")
    if raw_key is None or (isinstance(raw_key, str) and not raw_key.strip()):
        key = _key_from_stem(rel)
    elif isinstance(raw_key, str | int) and not isinstance(raw_key, bool):
        key = str(raw_key)
    else:
        raise ValueError(f"key must be text, not {raw_key!r}")
    try:
        key = normalize_key(key)
    except MemoryError as exc:
        raise ValueError(str(exc)) from None
    raw_category = props.get("category")
    try:
        category = Category.GENERAL if raw_category is None else parse_category(raw_category)
    except MemoryError as exc:
        raise ValueError(str(exc)) from None
    hits = _as_int(props.get("hits", 1), "hits", 0, None)
    raw_importance = props.get("importance")
    importance = (
        DEFAULT_IMPORTANCE if raw_importance is None
        else _as_int(raw_importance, "importance", 1, 10)
    )
    raw_source = props.get("source")
    source = None if raw_source is None or raw_source == "" else str(raw_source)
    fallback = datetime.fromtimestamp(mtime).astimezone().replace(microsecond=0)
    created = _as_datetime(props["created"], "created") if props.get("created") else fallback
    updated = _as_datetime(props["updated"], "updated") if props.get("updated") else fallback
    return Memory(
        key=key,
        content=body.strip(),
        category=category,
        hits=hits,
        importance=importance,
        source=source,
        created=created,
        updated=updated,
        path=rel,
    )


def _note_text(
    props: dict[str, Any], raw: str | None, memory: Memory, body: str
) -> tuple[str, dict[str, Any]]:
    """The note text for ``memory``.

    Only the properties whose value changes are rewritten; every other line of the
    properties block (the user's own properties, comments, quoting) stays as it was.
    """
    wanted: dict[str, Any] = {
        "key": memory.key,
        "category": memory.category.value,
        "hits": memory.hits,
        "importance": memory.importance,
    }
    if memory.source is not None:
        wanted["source"] = memory.source
    if not props.get("created"):
        wanted["created"] = _format_datetime(memory.created)
    wanted["updated"] = _format_datetime(memory.updated)
    changes = {
        name: value
        for name, value in wanted.items()
        if name not in props or props[name] != value or type(props[name]) is not type(value)
    }
    new = dict(props)
    new.update(changes)
    if raw is not None and raw.strip():
        edited = _edit_properties(raw, changes)
        if edited is not None:
            check = split_frontmatter(f"---\n{edited}\n---\n")
            if check.error is None and check.properties == new:
                return f"---\n{edited}\n---\n{body}", new
    return render_note(new, body), new


_TOP_LEVEL_KEY = re.compile(
    r"^(?P<name>[^\s#:'\"\-?{}\[\],&*!|>%@`][^:#]*?)[ \t]*:(?:[ \t]|$)"
)


def _edit_properties(raw: str, changes: dict[str, Any]) -> str | None:
    """``raw`` YAML with the top-level entries in ``changes`` replaced or added at the end.

    None when the block is not plain enough to edit line by line (the caller re-renders).
    """
    lines = raw.split("\n")
    spans: dict[str, list[tuple[int, int]]] = {}
    i = 0
    while i < len(lines):
        match = _TOP_LEVEL_KEY.match(lines[i])
        if match is None:
            if lines[i].strip() and not lines[i].lstrip().startswith("#"):
                return None  # flow mappings, anchors, odd layouts: leave it to the renderer
            i += 1
            continue
        end = i + 1
        while end < len(lines) and (
            lines[end].startswith((" ", "\t", "- ")) or lines[end] == "-"
        ):
            end += 1
        spans.setdefault(match.group("name"), []).append((i, end))
        i = end
    replaced: dict[int, list[str]] = {}
    dropped: set[int] = set()
    added: list[str] = []
    for name, value in changes.items():
        rendered = dump_properties({name: value}).rstrip("\n").split("\n")
        if name not in spans:
            added.extend(rendered)
            continue
        for n, (start, end) in enumerate(spans[name]):
            dropped.update(range(start, end))
            if n == len(spans[name]) - 1:
                replaced[start] = rendered
    out: list[str] = []
    for n, line in enumerate(lines):
        if n in replaced:
            out.extend(replaced[n])
        elif n not in dropped:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out + added)


def _body_for(content: str) -> str:
    return content + "\n"


def _clean_content(content: str) -> str:
    if not isinstance(content, str):
        raise MemoryError(f"memory content must be text, not {type(content).__name__}")
    cleaned = content.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not cleaned:
        raise MemoryError("memory content cannot be empty")
    if "\x00" in cleaned:
        raise MemoryError("memory content cannot contain NUL characters")
    return cleaned


def _check_importance(importance: int) -> int:
    try:
        return _as_int(importance, "importance", 1, 10)
    except ValueError as exc:
        raise MemoryError(str(exc)) from None


@dataclass
class _Pending:
    memory: Memory
    rel: str
    sha: str
    due: datetime
    token: int
    handle: Cancellable | None = None


# -- the store ---------------------------------------------------------------------------


class MemoryStore:
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
    ) -> None:
        self._vault = vault
        self._undo_window_s = undo_window_s
        self._clock = clock
        self._scheduler: Scheduler = scheduler or timer_scheduler
        self._lock = threading.RLock()
        self._records: dict[str, _Record] = {}
        self._by_key: dict[str, str] = {}
        self._pending: dict[str, _Pending] = {}
        self._loaded = False
        self._enabled = True
        self._subscribers: list[Callable[[MemoryEvent], None]] = []
        self._outbox: list[MemoryEvent] = []
        self._to_cancel: list[Cancellable] = []
        self._tokens = itertools.count(1)

    # -- flags and events ----------------------------------------------------------------
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

    def _visible(self, key: str) -> Memory | None:
        if key in self._pending:
            return None
        rel = self._by_key.get(key)
        if rel is None:
            return None
        return self._records[rel].memory

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
        content = _clean_content(content)
        importance = _check_importance(importance)
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
        content = _clean_content(content)
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
        with self._transaction():
            now = self._now()
            memory = self._rewrite(key, lambda m: replace(m, hits=m.hits + 1, updated=now))
            self._emit("updated", key)
            return memory

    def edit_content(self, key: str, content: str) -> Memory:
        """Replace the content of ``key`` (the key itself never changes)."""
        key = normalize_key(key)
        content = _clean_content(content)
        with self._transaction():
            now = self._now()
            memory = self._rewrite(
                key, lambda m: replace(m, content=content, updated=now), new_body=content
            )
            self._emit("updated", key)
            return memory

    def set_importance(self, key: str, importance: int) -> Memory:
        """Set the importance (1–10) of ``key``."""
        key = normalize_key(key)
        importance = _check_importance(importance)
        with self._transaction():
            now = self._now()
            memory = self._rewrite(
                key, lambda m: replace(m, importance=importance, updated=now)
            )
            self._emit("updated", key)
            return memory

    def forget(self, key: str) -> bool:
        """Remove ``key`` from disk now; False when there is no such memory."""
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
            for _ in range(_WRITE_ATTEMPTS):
                try:
                    rec = self._fresh(key)
                except MemoryNotFound:
                    return False
                try:
                    self._vault.delete(rec.rel, expect=rec.sha)
                except WriteConflict:
                    continue  # edited in between: look again and delete what is there now
                except (OSError, VaultError) as exc:
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
            pending = _Pending(memory, rec.rel, rec.sha, due, token)
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
        try:
            self._vault.delete(pending.rel, expect=pending.sha)
        except WriteConflict:
            log.info("%s changed during its undo window; it is kept", pending.rel)
            self._load_rel(pending.rel)
            self._emit("restored", key)
            return False
        except (OSError, VaultError) as exc:
            log.warning("could not remove %s: %s; it is kept", pending.rel, exc)
            self._emit("restored", key)
            return False
        self._drop_record(pending.rel)
        self._emit("removed", key)
        return True

    # -- reload --------------------------------------------------------------------------
    def reload(self) -> None:
        """Re-read every note under memories/ from disk."""
        with self._lock:
            self._load_all()
            self._emit("reloaded", None)
        self._deliver()

    def reload_path(self, rel: str) -> None:
        """Re-read one vault path after an outside change (created, edited or deleted)."""
        rel = rel.replace("\\", "/").lstrip("/")
        if not _is_memory_path(rel):
            return
        with self._transaction():
            old = self._records.get(rel)
            old_key = old.memory.key if old is not None and old.memory is not None else None
            rec = self._load_rel(rel)
            new_key = rec.memory.key if rec is not None and rec.memory is not None else None
            self._settle_pending()
            self._emit("reloaded", new_key or old_key)

    # -- internals -----------------------------------------------------------------------
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

    def _read_record(self, rel: str) -> _Record | None:
        """Read and parse one note; None when it does not exist."""
        try:
            tf = self._vault.read_text(rel)
        except FileNotFoundError:
            return None
        except SkippedFile as exc:
            return _Record(rel, "", None, problem=f"skipped: {exc.reason}")
        except PathOutsideVault as exc:
            return _Record(rel, "", None, problem=str(exc))
        except OSError as exc:
            return _Record(rel, "", None, problem=f"cannot be read: {exc}")
        fm = split_frontmatter(tf.text)
        if fm.error:
            return _Record(rel, tf.sha256, None, problem=f"broken properties: {fm.error}")
        try:
            memory = _memory_from_parts(rel, fm.properties, fm.body, tf.mtime)
        except ValueError as exc:
            return _Record(rel, tf.sha256, None, problem=f"not a valid memory: {exc}")
        return _Record(rel, tf.sha256, memory, fm.properties, fm.body, raw=fm.raw)

    def _load_rel(self, rel: str) -> _Record | None:
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
            rank = _rank(rel, mem.key)
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

    def _fresh(self, key: str) -> _Record:
        """The note holding ``key``, re-read from disk (picks up outside edits)."""
        for _ in range(_WRITE_ATTEMPTS):
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
        for _ in range(_WRITE_ATTEMPTS):
            rec = self._fresh(key)
            assert rec.memory is not None  # _fresh returns usable records only
            memory = change(rec.memory)
            body = rec.body if new_body is None else _body_for(new_body)
            text, props = _note_text(rec.properties, rec.raw, memory, body)
            self._check_size(rec.rel, text)
            try:
                written = self._vault.write_text(rec.rel, text, expect=rec.sha)
            except WriteConflict as exc:
                if exc.conflict_rel:
                    copies.append((exc.conflict_rel, text))
                continue
            except (OSError, VaultError) as exc:
                raise MemoryError(f"could not write {rec.rel}: {exc}") from exc
            self._discard_copies(copies)
            memory = replace(memory, content=body.strip())
            self._records[rec.rel] = _Record(
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
            text, props = _note_text({}, None, memory, _body_for(content))
            self._check_size(rel, text)
            try:
                written = self._vault.write_text(rel, text, expect=None)
            except WriteConflict as exc:  # created by someone else just now: look at it
                if exc.conflict_rel:
                    self._discard_copies([(exc.conflict_rel, text)])
                continue
            except (OSError, VaultError) as exc:
                raise MemoryError(f"could not write {rel}: {exc}") from exc
            self._records[rel] = _Record(
                rel, written.sha256, memory, props, _body_for(content),
                raw=split_frontmatter(text).raw,
            )
            self._reindex()
            self._emit("stored", key)
            return memory
        raise MemoryError(f"no free file name for memory {key!r} under {MEMORIES_DIR}/")

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


@lru_cache(maxsize=8192)
def _rank(rel: str, key: str) -> tuple[bool, bool, str]:
    """Which of several notes holding one key is used: its own name first, conflict copies last."""
    stem = unicodedata.normalize("NFC", PurePosixPath(rel).stem)
    return (not is_canonical_stem(stem, key), bool(_CONFLICT_NAME.search(stem)), rel)


def _is_memory_path(rel: str) -> bool:
    parts = PurePosixPath(rel).parts
    return (
        len(parts) >= 2
        and parts[0] == MEMORIES_DIR
        and rel.lower().endswith(".md")
        and not any(p.startswith(".") or p in IGNORED_DIRS for p in parts)
    )
