"""Every change an agent makes to a memory file is recorded so it can be undone.

:class:`ChangeJournal` is the small interface the tools write through; the app's undo
journal can implement it. :class:`TrashJournal` is the file-backed one: before an update
or a delete, the file's old bytes go to the vault's one trash
(:class:`~kai_desktop.core.vault.trash.Trash`, where the window lists and restores them
with every other deleted note), and a JSON line is appended to ``changes.jsonl``. ``undo``
puts the old content back through the vault's compare-and-swap writer, and only while
the file is still exactly as the agent left it, so an undo never overwrites a later edit
either.
"""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal, Protocol

from kai_desktop.core.vault.files import Vault, VaultError, WriteConflict, content_hash
from kai_desktop.core.vault.trash import Trash

Action = Literal["create", "update", "delete"]


@dataclass(frozen=True, slots=True)
class FileChange:
    """One agent change: the file, its hashes before and after, where the old bytes are."""

    id: str
    action: Action
    rel: str
    before_sha: str | None
    after_sha: str | None
    saved: str | None
    when: str

    def describe(self) -> str:
        verb = {"create": "created", "update": "updated", "delete": "deleted"}[self.action]
        return f"{verb} {self.rel}"


class UndoError(Exception):
    """The change cannot be undone (the file changed since, or the copy is gone)."""


class ChangeJournal(Protocol):
    """Keeps what is needed to undo an agent change. ``keep`` runs before the change."""

    def keep(self, action: Action, rel: str, before: bytes | None) -> FileChange: ...

    def done(self, change: FileChange, after_sha: str | None) -> FileChange: ...

    def drop(self, change: FileChange) -> None: ...


class TrashJournal:
    """A :class:`ChangeJournal` in a folder outside the vault, keeping old versions in
    ``trash`` (by default one in ``folder``). Thread-safe."""

    def __init__(self, folder: Path, trash: Trash | None = None) -> None:
        self.folder = Path(folder)
        self.trash = trash or Trash(self.folder)
        self._lock = threading.Lock()
        self._listeners: list[Callable[[FileChange], None]] = []

    def add_listener(self, listener: Callable[[FileChange], None]) -> None:
        """``listener`` hears of every change once it is recorded."""
        self._listeners.append(listener)

    @property
    def journal_path(self) -> Path:
        return self.folder / "changes.jsonl"

    def keep(self, action: Action, rel: str, before: bytes | None) -> FileChange:
        change_id = f"{datetime.now():%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:8]}"
        saved = None
        if before is not None:
            saved = self.trash.put(rel, before, reason=f"agent {action}").id
        return FileChange(
            id=change_id,
            action=action,
            rel=rel,
            before_sha=content_hash(before) if before is not None else None,
            after_sha=None,
            saved=saved,
            when=datetime.now().astimezone().isoformat(timespec="seconds"),
        )

    def done(self, change: FileChange, after_sha: str | None) -> FileChange:
        finished = FileChange(**{**asdict(change), "after_sha": after_sha})
        line = json.dumps(asdict(finished), ensure_ascii=False)
        with self._lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(self.journal_path, "a", encoding="utf-8") as fh:
                fh.write(line + "\n")
                fh.flush()
                os.fsync(fh.fileno())
        for listener in self._listeners:
            listener(finished)
        return finished

    def drop(self, change: FileChange) -> None:
        if change.saved:
            self.trash.discard(change.saved)

    def entries(self) -> list[FileChange]:
        """Every recorded change, oldest first (unreadable lines are skipped)."""
        try:
            lines = self.journal_path.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []
        out = []
        for line in lines:
            try:
                out.append(FileChange(**json.loads(line)))
            except (ValueError, TypeError):
                continue
        return out

    def undo(self, change: FileChange, vault: Vault) -> str:
        """Put back what the file was before ``change``; a message for the user."""
        on_disk = vault.disk_hash(change.rel)
        if on_disk != change.after_sha:
            raise UndoError(f"{change.rel} changed after the agent's edit; nothing was undone")
        try:
            if change.action == "create":
                vault.delete(change.rel, expect=change.after_sha)
                return f"Removed {change.rel}, which the agent had created."
            found = self.trash.get(change.saved) if change.saved else None
            if found is None:
                raise UndoError(f"no copy of {change.rel} was kept")
            old = found[1]
            vault.write_text(change.rel, old.decode("utf-8"), expect=change.after_sha)
        except (WriteConflict, FileNotFoundError, UnicodeDecodeError) as exc:
            raise UndoError(f"could not undo the change to {change.rel}: {exc}") from exc
        except VaultError as exc:
            raise UndoError(str(exc)) from exc
        return f"Restored {change.rel} as it was before the agent's change."


@dataclass(frozen=True, slots=True)
class UndoReport:
    """What undoing a turn's changes did: one message per change put back, and why any
    could not be."""

    restored: tuple[str, ...]
    failed: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.failed

    def summary(self) -> str:
        if not self.failed:
            return "Undone: " + " ".join(self.restored)
        return " ".join((*self.restored, *self.failed))


class TurnChanges:
    """Collects the changes a :class:`TrashJournal` records during the current agent turn,
    so the window can undo a turn's changes together. Thread-safe."""

    def __init__(self, journal: TrashJournal) -> None:
        self.journal = journal
        self._lock = threading.Lock()
        self._current: list[FileChange] = []
        journal.add_listener(self._recorded)

    def _recorded(self, change: FileChange) -> None:
        with self._lock:
            self._current.append(change)

    def start_turn(self) -> None:
        with self._lock:
            self._current.clear()

    def take(self) -> tuple[FileChange, ...]:
        """The changes made since :meth:`start_turn`, oldest first."""
        with self._lock:
            taken, self._current = tuple(self._current), []
        return taken

    def undo(self, changes: Sequence[FileChange], vault: Vault) -> UndoReport:
        """Undo ``changes``, newest first; a file edited since the agent's change is left
        as it is and said in the report (so is every earlier change to it)."""
        restored: list[str] = []
        failed: list[str] = []
        blocked: set[str] = set()
        for change in reversed(changes):
            if change.rel in blocked:
                failed.append(f"{change.rel}: an earlier change could not be undone either")
                continue
            try:
                restored.append(self.journal.undo(change, vault))
            except UndoError as exc:
                blocked.add(change.rel)
                failed.append(str(exc))
        return UndoReport(tuple(restored), tuple(failed))
