"""A list model over memories, kept in step with the store by a keyed diff.

The model holds a plain list of frozen :class:`Memory` values. ``set_memories`` compares
the new list with the current one by key and emits the smallest set of row removals,
moves, inserts and ``dataChanged`` signals, so views keep their selection and scroll
position when one memory changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from kai_desktop.core.memory.model import Category, Memory

ModelIndex = QModelIndex | QPersistentModelIndex


class MemoryRole(IntEnum):
    MEMORY = Qt.ItemDataRole.UserRole + 1
    KEY = Qt.ItemDataRole.UserRole + 2
    CONTENT = Qt.ItemDataRole.UserRole + 3
    CATEGORY = Qt.ItemDataRole.UserRole + 4
    HITS = Qt.ItemDataRole.UserRole + 5
    UPDATED = Qt.ItemDataRole.UserRole + 6
    CANDIDATE = Qt.ItemDataRole.UserRole + 7
    PATH = Qt.ItemDataRole.UserRole + 8


_ROLE_VALUES: dict[int, Callable[[Memory], Any]] = {
    int(Qt.ItemDataRole.DisplayRole): lambda m: m.key,
    int(Qt.ItemDataRole.ToolTipRole): lambda m: m.content,
    MemoryRole.MEMORY: lambda m: m,
    MemoryRole.KEY: lambda m: m.key,
    MemoryRole.CONTENT: lambda m: m.content,
    MemoryRole.CATEGORY: lambda m: str(m.category),
    MemoryRole.HITS: lambda m: m.hits,
    MemoryRole.UPDATED: lambda m: m.updated,
    MemoryRole.PATH: lambda m: m.path,
}


class MemoryListModel(QAbstractListModel):
    """Rows are memories in the order given to :meth:`set_memories`."""

    def __init__(self, promotion_hits: int = 5, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[Memory] = []
        self._promotion_hits = promotion_hits

    # -- Qt model API ----------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        memory = self._rows[index.row()]
        if role == MemoryRole.CANDIDATE:
            return memory.hits >= self._promotion_hits
        value = _ROLE_VALUES.get(int(role))
        return value(memory) if value is not None else None

    def roleNames(self) -> dict[int, QByteArray]:
        return {int(role): QByteArray(role.name.lower().encode()) for role in MemoryRole}

    # -- content -----------------------------------------------------------------------
    def memories(self) -> list[Memory]:
        return list(self._rows)

    def memory_at(self, row: int) -> Memory:
        return self._rows[row]

    def row_of(self, key: str) -> int:
        for row, memory in enumerate(self._rows):
            if memory.key == key:
                return row
        return -1

    def set_memories(self, memories: Sequence[Memory]) -> None:
        """Make the rows equal to ``memories`` with minimal row signals."""
        new = list(memories)
        new_keys = {m.key for m in new}
        # 1. removals, bottom up so row numbers stay valid
        for row in range(len(self._rows) - 1, -1, -1):
            if self._rows[row].key not in new_keys:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._rows[row]
                self.endRemoveRows()
        # 2. walk the target order: keep, move up, or insert
        for target_row, memory in enumerate(new):
            current = self.row_of(memory.key)
            if current == -1:
                self.beginInsertRows(QModelIndex(), target_row, target_row)
                self._rows.insert(target_row, memory)
                self.endInsertRows()
                continue
            if current != target_row:
                # current > target_row always: everything above target_row is settled
                self.beginMoveRows(QModelIndex(), current, current, QModelIndex(), target_row)
                self._rows.insert(target_row, self._rows.pop(current))
                self.endMoveRows()
            if self._rows[target_row] != memory:
                self._rows[target_row] = memory
                idx = self.index(target_row)
                self.dataChanged.emit(idx, idx, [])


class MemoryFilterModel(QSortFilterProxyModel):
    """Search text (key or content, case-insensitive) and an optional category."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._category: Category | None = None

    def set_search(self, text: str) -> None:
        self.beginFilterChange()
        self._text = text.strip().casefold()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_category(self, category: Category | None) -> None:
        self.beginFilterChange()
        self._category = category
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, _source_parent: ModelIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, MemoryListModel):
            return True
        memory = model.memory_at(source_row)
        if self._category is not None and memory.category != self._category:
            return False
        if not self._text:
            return True
        return self._text in memory.key.casefold() or self._text in memory.content.casefold()
