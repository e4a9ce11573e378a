"""What a memory is: its category, fields, errors and change events, and key rules."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final, Literal

MAX_KEY_CHARS: Final = 200


DEFAULT_IMPORTANCE: Final = 5


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
    history: tuple[str, ...] = ()
    """Earlier values, oldest first, each as ``YYYY-MM-DD: value`` (the date it was
    replaced)."""


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
