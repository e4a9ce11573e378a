"""The memory store seen from the GUI: list models, and store calls run off the GUI thread.

The store is thread-safe and may be changed from anywhere (the model's tools run on the
model thread, the watcher reports external edits). Its events arrive here on any thread
and are handed to the GUI thread (``TaskRunner.to_main``); the snapshot is then read on
the pool and handed to the list models on the GUI thread. Every call that can touch the
disk runs on the pool.

Signals:
    changed(): the models were refreshed from the store.
    deleted(object): a memory was deleted and can be undone (the :class:`Memory`).
    restored(object): an undo brought the memory back.
    saved(object): an edit was written.
    enabled_changed(bool): the memory switch changed.
    error(str): a store call failed; the message is for the user.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Signal

from kai_desktop.core.memory.model import Memory, MemoryEvent
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.layout import MEMORIES_DIR
from kai_desktop.qt.memory.memory_list_model import MemoryListModel
from kai_desktop.qt.workers.tasks import TaskRunner

log = logging.getLogger(__name__)

RECENT_COUNT = 5


class MemoryController(QObject):
    changed = Signal()
    deleted = Signal(object)
    restored = Signal(object)
    saved = Signal(object)
    enabled_changed = Signal(bool)
    error = Signal(str)

    def __init__(
        self,
        store: MemoryStore,
        tasks: TaskRunner,
        *,
        promotion_hits: int = 5,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._tasks = tasks
        self.recent_model = MemoryListModel(promotion_hits, self)
        self.all_model = MemoryListModel(promotion_hits, self)
        self._snapshot: list[Memory] = []
        self._hidden: set[str] = set()  # deleted here, not yet confirmed by the store
        self._refreshing = False
        self._dirty = False
        self._enabled = store.enabled  # from here on the switch in the GUI decides
        self._unsubscribe: Callable[[], None] | None = store.subscribe(self._on_store_event)

    # -- reading -----------------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        return self._enabled

    def count(self) -> int:
        return len(self._visible())

    def memories(self) -> list[Memory]:
        return self._visible()

    def path_of(self, key: str) -> str | None:
        """The vault path of the memory ``key`` as last read, or None."""
        memory = next((m for m in self._visible() if m.key == key), None)
        return memory.path if memory is not None else None

    def refresh(self) -> None:
        """Re-read the store (on the pool) and update the models when it answers."""
        self._refresh()

    def _on_store_event(self, _event: MemoryEvent) -> None:
        self._tasks.to_main(self._refresh)  # any thread: the GUI thread takes it from here

    def _refresh(self) -> None:
        if self._refreshing:
            self._dirty = True
            return
        self._refreshing = True
        self._dirty = False
        store = self._store

        self._tasks.submit(store.all, self._on_snapshot, self._on_refresh_failed)

    def _on_snapshot(self, memories: list[Memory]) -> None:
        self._refreshing = False
        self._snapshot = sorted(memories, key=lambda m: (m.updated, m.key), reverse=True)
        present = {m.key for m in self._snapshot}
        self._hidden &= present
        self._publish()
        if self._dirty:
            self._refresh()

    def _on_refresh_failed(self, exc: BaseException) -> None:
        self._refreshing = False
        self.error.emit(f"Could not read memories: {exc}")
        if self._dirty:
            self._refresh()

    def _visible(self) -> list[Memory]:
        return [m for m in self._snapshot if m.key not in self._hidden]

    def _publish(self) -> None:
        visible = self._visible()
        self.recent_model.set_memories(visible[:RECENT_COUNT])
        self.all_model.set_memories(visible)
        self.changed.emit()

    # -- changing ----------------------------------------------------------------------
    def set_enabled(self, enabled: bool) -> None:
        if enabled == self._enabled:
            return
        self._enabled = enabled
        store = self._store

        def apply() -> bool:
            store.enabled = enabled
            return enabled

        self._tasks.submit(apply, None, self._failed("switch memory"))
        self.enabled_changed.emit(enabled)

    def edit_content(self, key: str, content: str) -> None:
        store = self._store
        self._tasks.submit(
            lambda: store.edit_content(key, content), self.saved.emit, self._failed("save")
        )

    def delete(self, key: str) -> None:
        """Hide the memory at once; the store keeps it restorable for its undo window."""
        self._hidden.add(key)
        self._publish()
        store = self._store

        def failed(exc: BaseException) -> None:
            self._hidden.discard(key)
            self._publish()
            self.error.emit(f"Could not delete {key!r}: {exc}")

        self._tasks.submit(lambda: store.delete(key), self.deleted.emit, failed)

    def undo_delete(self, key: str) -> None:
        store = self._store

        def done(memory: Memory) -> None:
            self._hidden.discard(key)
            self.restored.emit(memory)
            self._refresh()

        self._tasks.submit(lambda: store.undo(key), done, self._failed("undo"))

    def finalize_due(self) -> None:
        """The undo window ended: let the store remove whatever is due, off the GUI thread."""
        store = self._store
        self._tasks.submit(store.finalize_due, None, self._failed("remove"))

    def reload_paths(self, rels: Sequence[str]) -> None:
        """Re-read memory notes changed outside the app (the watcher's batch)."""
        wanted = [r for r in rels if r.startswith(MEMORIES_DIR + "/") and r.endswith(".md")]
        if not wanted:
            return
        store = self._store

        def reload() -> None:
            for rel in wanted:
                store.reload_path(rel)

        self._tasks.submit(reload, lambda _r: self._refresh(), self._failed("reload"))

    def _failed(self, what: str) -> Callable[[BaseException], None]:
        def report(exc: BaseException) -> None:
            log.warning("memory %s failed: %s", what, exc)
            self.error.emit(f"Could not {what}: {exc}")

        return report

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
