"""The review inbox: changes that wait for the user's consent, kept across restarts.

Holds contradictions (an old memory and a new statement on the same topic) and model
writes that would replace or delete a memory without being asked. Each item shows as a
diff with accept and reject. The inbox is app state, not vault content: it lives in the
vault's data folder as JSON, written atomically.
"""

from __future__ import annotations

import contextlib
import json
import threading
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from kai_desktop.core.memory.model import MemoryError
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.atomic import atomic_write

ItemKind = Literal["contradiction", "replace", "delete"]


@dataclass(frozen=True)
class InboxItem:
    id: str
    kind: ItemKind
    key: str
    old: str
    new: str
    new_key: str
    created: str
    why: str = ""

    @property
    def title(self) -> str:
        if self.kind == "delete":
            return f"Forget {self.key}?"
        if self.kind == "replace":
            return f"Replace {self.key}?"
        return f"{self.key}: which is true now?"

    def diff(self) -> str:
        """The change as unified-diff-like lines (old first, the new value preselected)."""
        lines = [f"- {self.old}"]
        if self.kind != "delete":
            lines.append(f"+ {self.new}")
        return "\n".join(lines)


class ReviewInbox:
    """A persistent list of :class:`InboxItem`; thread-safe; subscribers hear changes."""

    def __init__(self, path: Path | None) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._items: list[InboxItem] = self._load()
        self._subscribers: list[Callable[[], None]] = []

    def _load(self) -> list[InboxItem]:
        if self._path is None or not self._path.exists():
            return []
        try:
            raw = json.loads(self._path.read_text(encoding="utf-8"))
            return [InboxItem(**item) for item in raw.get("items", [])]
        except (OSError, ValueError, TypeError):
            broken = self._path.with_suffix(f".broken-{datetime.now():%Y%m%d%H%M%S}.json")
            with contextlib.suppress(OSError):
                self._path.replace(broken)
            return []

    def _save(self) -> None:
        if self._path is None:
            return
        self._path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({"items": [asdict(i) for i in self._items]}, indent=1)
        atomic_write(self._path, data.encode("utf-8"))

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._subscribers.append(callback)

    def _changed(self) -> None:
        self._save()
        for callback in list(self._subscribers):
            callback()

    def items(self) -> list[InboxItem]:
        with self._lock:
            return list(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def add(self, kind: ItemKind, key: str, old: str, new: str, *, new_key: str = "",
            why: str = "") -> InboxItem:
        """Queue a change; the same pending change is never queued twice."""
        with self._lock:
            for item in self._items:
                if (item.kind, item.key, item.new) == (kind, key, new):
                    return item
            item = InboxItem(uuid.uuid4().hex[:12], kind, key, old, new, new_key or key,
                             datetime.now().astimezone().isoformat(timespec="seconds"), why)
            self._items.append(item)
        self._changed()
        return item

    def add_contradiction(self, key: str, old: str, new_key: str, new: str) -> InboxItem:
        return self.add("contradiction", key, old, new, new_key=new_key,
                        why="a new statement may contradict this memory")

    def _pop(self, item_id: str) -> InboxItem:
        with self._lock:
            for i, item in enumerate(self._items):
                if item.id == item_id:
                    return self._items.pop(i)
        raise KeyError(item_id)

    def accept(self, item_id: str, memory: MemoryStore) -> InboxItem:
        """Apply the change (the new value wins; the old goes to history)."""
        item = self._pop(item_id)
        try:
            if item.kind == "delete":
                memory.delete(item.key)
            elif memory.get(item.key) is not None:
                memory.supersede(item.key, item.new)
            else:
                memory.store(item.new_key, item.new)
        except MemoryError:
            with self._lock:
                self._items.insert(0, item)
            raise
        self._changed()
        return item

    def reject(self, item_id: str) -> InboxItem:
        """Drop the change; the memory stays as it is."""
        item = self._pop(item_id)
        self._changed()
        return item

    def to_json(self) -> list[dict[str, Any]]:
        return [asdict(i) for i in self.items()]
