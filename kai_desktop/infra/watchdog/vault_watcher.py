"""Watches the vault for changes made outside the app (watchdog).

Events are coalesced per path and delivered as one batch once the vault has been quiet
for ``debounce_s`` (or at the latest ``max_delay_s`` after the first event of a burst),
so a ``git pull`` touching a thousand files arrives as one batch. What the vault's walk
leaves out (:mod:`kai_desktop.core.vault.walk`: hidden folders such as ``.obsidian``,
``.trash``, ``.git``, ``.kai``, the temporary files of atomic writes, the app's data folder)
is skipped here too. Each change is checked against the vault's
memory of what the app itself last wrote (:meth:`Vault.is_own_state`, by content hash):
such changes arrive flagged ``own=True`` so the index still learns them while views do
not reload what the app just wrote.

The batch callback runs on the watcher's own thread.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from watchdog.events import FileSystemEvent, FileSystemEventHandler

from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.vault.files import PathOutsideVault, SkippedFile, Vault
from kai_desktop.core.vault.walk import ignored_under

log = logging.getLogger(__name__)

BatchCallback = Callable[[list[VaultChange]], None]


def _merge(old: VaultChange | None, new: VaultChange) -> VaultChange:
    """The one change that stands for ``old`` followed by ``new`` at the same path."""
    if old is None:
        return new
    if new.kind == "modified" and old.kind in ("created", "moved"):
        return old
    if new.kind in ("created", "modified") and old.kind == "deleted":
        return VaultChange("modified", new.path, is_dir=new.is_dir)
    return new


class VaultWatcher:
    """Debounced, coalescing watcher of one vault; implements ``core.indexer.ChangeSource``."""

    def __init__(
        self,
        vault: Vault,
        *,
        debounce_s: float = 0.25,
        max_delay_s: float = 2.0,
        ignore_paths: Sequence[Path] = (),
    ) -> None:
        self.vault = vault
        self.debounce_s = debounce_s
        self.max_delay_s = max(max_delay_s, debounce_s)
        # The vault's own rules, plus any folder the caller names (the app's data folder).
        extra = ignored_under(vault.root, list(ignore_paths))
        self._rules = dataclasses.replace(vault.rules, ignored=(*vault.rules.ignored, *extra))
        self._cond = threading.Condition()
        self._pending: dict[str, VaultChange] = {}
        self._first_at = 0.0
        self._last_at = 0.0
        self._stopping = False
        self._callback: BatchCallback | None = None
        self._observer: Any = None
        self._thread: threading.Thread | None = None
        self.batches_delivered = 0

    @property
    def running(self) -> bool:
        return self._thread is not None

    # -- lifecycle -------------------------------------------------------------------------
    def start(self, callback: BatchCallback) -> None:
        """Start watching; ``callback`` receives each batch on the watcher's thread."""
        if self._thread is not None:
            raise RuntimeError("the vault watcher is already running")
        from watchdog.observers import Observer

        self._callback = callback
        self._stopping = False
        observer = Observer()
        observer.name = "kai-vault-observer"
        observer.schedule(_Handler(self), str(self.vault.root), recursive=True)
        observer.start()
        self._observer = observer
        self._thread = threading.Thread(
            target=self._deliver_loop, name="kai-vault-watcher", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop watching and wait for the threads; changes not yet delivered are dropped
        (the next full sync finds them)."""
        observer, self._observer = self._observer, None
        if observer is not None:
            observer.stop()
            observer.join()
        with self._cond:
            self._stopping = True
            self._pending.clear()
            self._cond.notify_all()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()

    def __enter__(self) -> VaultWatcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- events ------------------------------------------------------------------------------
    def _rel(self, raw: bytes | str) -> str | None:
        """The vault path of an event path, or None when the app does not care about it."""
        path = Path(os.fsdecode(raw))
        try:
            rel = path.relative_to(self.vault.root).as_posix()
        except ValueError:
            return None
        if rel in ("", ".") or self._rules.excludes(rel):
            return None
        return rel

    def on_event(self, event_type: str, src: bytes | str, dest: bytes | str, is_dir: bool) -> None:
        if event_type in ("opened", "closed_no_write", "attrib"):
            return
        src_rel = self._rel(src)
        changes: list[VaultChange] = []
        if event_type == "moved":
            dest_rel = self._rel(dest) if dest else None
            if not is_dir:
                src_rel = src_rel if src_rel and _is_note(src_rel) else None
                dest_rel = dest_rel if dest_rel and _is_note(dest_rel) else None
            if src_rel and dest_rel:
                changes.append(VaultChange("moved", dest_rel, src_rel, is_dir))
                changes.append(VaultChange("deleted", src_rel, is_dir=is_dir))
            elif dest_rel:  # e.g. the temporary file of an atomic write renamed over a note
                changes.append(VaultChange("modified", dest_rel, is_dir=is_dir))
            elif src_rel:  # moved out of sight (to .trash, out of the vault)
                changes.append(VaultChange("deleted", src_rel, is_dir=is_dir))
        elif src_rel is not None and (is_dir or _is_note(src_rel)):
            if is_dir and event_type == "modified":
                return  # a folder's listing changed: its files report for themselves
            kind = {"created": "created", "deleted": "deleted"}.get(event_type, "modified")
            changes.append(VaultChange(kind, src_rel, is_dir=is_dir))  # type: ignore[arg-type]
        if not changes:
            return
        now = time.monotonic()
        with self._cond:
            if not self._pending:
                self._first_at = now
            self._last_at = now
            for change in changes:
                self._pending[change.path] = _merge(self._pending.get(change.path), change)
            self._cond.notify_all()

    # -- delivery ------------------------------------------------------------------------------
    def _deliver_loop(self) -> None:
        while True:
            with self._cond:
                while not self._stopping:
                    if self._pending:
                        now = time.monotonic()
                        due = min(
                            self._last_at + self.debounce_s, self._first_at + self.max_delay_s
                        )
                        if now >= due:
                            break
                        self._cond.wait(due - now)
                    else:
                        self._cond.wait()
                if self._stopping:
                    return
                batch = list(self._pending.values())
                self._pending.clear()
            self._deliver(batch)

    def _deliver(self, batch: list[VaultChange]) -> None:
        marked = [self._mark_own(change) for change in batch]
        callback = self._callback
        if callback is None:
            return
        try:
            callback(marked)
            self.batches_delivered += 1
        except Exception:
            log.exception("the vault watcher's batch handler failed")

    def _mark_own(self, change: VaultChange) -> VaultChange:
        if change.is_dir:
            return change
        try:
            digest = self.vault.disk_hash(change.path)
        except (OSError, SkippedFile, PathOutsideVault):
            return change
        if self.vault.is_own_state(change.path, digest):
            return VaultChange(change.kind, change.path, change.src_path, change.is_dir, own=True)
        return change


def _is_note(rel: str) -> bool:
    return rel.lower().endswith(".md")


class _Handler(FileSystemEventHandler):
    """Forwards every watchdog event to the watcher."""

    def __init__(self, watcher: VaultWatcher) -> None:
        super().__init__()
        self._watcher = watcher

    def dispatch(self, event: FileSystemEvent) -> None:
        try:
            self._watcher.on_event(
                str(event.event_type),
                event.src_path,
                getattr(event, "dest_path", "") or "",
                bool(event.is_directory),
            )
        except Exception:
            log.exception("cannot handle file event %r", event)
