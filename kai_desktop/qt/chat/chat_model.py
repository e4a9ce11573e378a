"""The conversation as a list model: one row per user message, answer, tool call or notice.

Streaming appends text to the last answer and emits ``dataChanged`` for that row only, so
a view re-renders one message per token, never the whole history.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import IntEnum, StrEnum
from typing import Any

from PySide6.QtCore import QAbstractListModel, QByteArray, QModelIndex, QPersistentModelIndex, Qt

ModelIndex = QModelIndex | QPersistentModelIndex


class Kind(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"
    NOTICE = "notice"


@dataclass(frozen=True)
class SourceRef:
    """A note an answer used: shown under it, clickable to open the note at the line."""

    path: str
    label: str
    line: int | None = None
    is_memory: bool = False


@dataclass(frozen=True)
class ChatItem:
    kind: Kind
    text: str = ""
    streaming: bool = False
    error: str | None = None
    tool_name: str = ""
    tool_arguments: str = ""
    tool_result: str | None = None
    sources: tuple[SourceRef, ...] = field(default_factory=tuple)
    finish_reason: str | None = None
    steps: tuple[Any, ...] = ()
    """Agent-file mode: the :class:`~kai_desktop.core.agent.loop.AgentStep` values of the
    answer, shown folded under it."""
    changes: tuple[Any, ...] = ()
    """Agent-file mode: the :class:`~kai_desktop.core.agent.journal.FileChange` values of
    the files the answer's steps changed, which the user can undo together."""
    undo_state: str = ""
    """"" (can be undone), "running", "done" or "failed"."""
    undo_message: str = ""


class ChatRole(IntEnum):
    ITEM = Qt.ItemDataRole.UserRole + 1
    KIND = Qt.ItemDataRole.UserRole + 2
    TEXT = Qt.ItemDataRole.UserRole + 3
    STREAMING = Qt.ItemDataRole.UserRole + 4


class ChatListModel(QAbstractListModel):
    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._items: list[ChatItem] = []

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._items)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._items):
            return None
        item = self._items[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, ChatRole.TEXT):
            return item.text
        if role == ChatRole.ITEM:
            return item
        if role == ChatRole.KIND:
            return str(item.kind)
        if role == ChatRole.STREAMING:
            return item.streaming
        return None

    def roleNames(self) -> dict[int, QByteArray]:
        return {int(role): QByteArray(role.name.lower().encode()) for role in ChatRole}

    # -- editing -------------------------------------------------------------------------
    def items(self) -> list[ChatItem]:
        return list(self._items)

    def item(self, row: int) -> ChatItem:
        return self._items[row]

    def append(self, item: ChatItem) -> int:
        row = len(self._items)
        self.beginInsertRows(QModelIndex(), row, row)
        self._items.append(item)
        self.endInsertRows()
        return row

    def insert(self, row: int, item: ChatItem) -> None:
        self.beginInsertRows(QModelIndex(), row, row)
        self._items.insert(row, item)
        self.endInsertRows()

    def update(self, row: int, **changes: Any) -> None:
        self._items[row] = replace(self._items[row], **changes)
        idx = self.index(row)
        self.dataChanged.emit(idx, idx, [])

    def append_text(self, row: int, text: str) -> None:
        item = self._items[row]
        self._items[row] = replace(item, text=item.text + text)
        idx = self.index(row)
        self.dataChanged.emit(idx, idx, [ChatRole.TEXT])

    def clear(self) -> None:
        if not self._items:
            return
        self.beginResetModel()
        self._items.clear()
        self.endResetModel()
