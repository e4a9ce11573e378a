"""A memory as a note: reading its properties and body, and writing them back while
keeping every line of the properties block the user wrote."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime, time
from functools import lru_cache
from pathlib import PurePosixPath
from typing import Any

from kai_desktop.core.memory.keys import is_canonical_stem, stem_to_key
from kai_desktop.core.memory.model import (
    DEFAULT_IMPORTANCE,
    Category,
    Memory,
    MemoryError,
    normalize_key,
    parse_category,
)
from kai_desktop.core.vault.conflicts import CONFLICT_NAME
from kai_desktop.core.vault.frontmatter import dump_properties, render_note, split_frontmatter
from kai_desktop.core.vault.layout import MEMORIES_DIR
from kai_desktop.core.vault.walk import IGNORED_DIRS


@dataclass
class NoteRecord:
    """A note under memories/ as last read or written: a memory, or a problem."""

    rel: str
    sha: str
    memory: Memory | None
    properties: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    problem: str | None = None
    raw: str | None = None  # the YAML of the properties block as it is in the file


def as_int(value: Any, name: str, low: int, high: int | None) -> int:
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


def as_datetime(value: Any, name: str) -> datetime:
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


def format_datetime(value: datetime) -> str:
    return value.isoformat(timespec="seconds")


def key_from_stem(rel: str) -> str:
    stem = unicodedata.normalize("NFC", PurePosixPath(rel).stem)
    return stem_to_key(stem) or stem


def parse_memory_note(rel: str, text: str, mtime: float) -> Memory:
    """The memory held by a note's text; ValueError (with the reason) if it is not one."""
    fm = split_frontmatter(text)
    if fm.error:
        raise ValueError(fm.error)
    return memory_from_parts(rel, fm.properties, fm.body, mtime)


def memory_from_parts(rel: str, props: dict[str, Any], body: str, mtime: float) -> Memory:
    raw_key = props.get("key")
    if raw_key is None or (isinstance(raw_key, str) and not raw_key.strip()):
        key = key_from_stem(rel)
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
    hits = as_int(props.get("hits", 1), "hits", 0, None)
    raw_importance = props.get("importance")
    importance = (
        DEFAULT_IMPORTANCE if raw_importance is None
        else as_int(raw_importance, "importance", 1, 10)
    )
    raw_source = props.get("source")
    source = None if raw_source is None or raw_source == "" else str(raw_source)
    fallback = datetime.fromtimestamp(mtime).astimezone().replace(microsecond=0)
    created = as_datetime(props["created"], "created") if props.get("created") else fallback
    updated = as_datetime(props["updated"], "updated") if props.get("updated") else fallback
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
        history=as_history(props.get("history")),
    )


def as_history(value: Any) -> tuple[str, ...]:
    """The ``history`` property as text entries (a single text or a list of them)."""
    if value is None or value == "":
        return ()
    items = value if isinstance(value, list) else [value]
    return tuple(" ".join(str(item).split()) for item in items if str(item).strip())


def note_text(
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
    if memory.history:
        wanted["history"] = list(memory.history)
    if not props.get("created"):
        wanted["created"] = format_datetime(memory.created)
    wanted["updated"] = format_datetime(memory.updated)
    changes = {
        name: value
        for name, value in wanted.items()
        if name not in props or props[name] != value or type(props[name]) is not type(value)
    }
    new = dict(props)
    new.update(changes)
    if raw is not None and raw.strip():
        edited = edit_properties(raw, changes)
        if edited is not None:
            check = split_frontmatter(f"---\n{edited}\n---\n")
            if check.error is None and check.properties == new:
                return f"---\n{edited}\n---\n{body}", new
    return render_note(new, body), new


TOP_LEVEL_KEY = re.compile(
    r"^(?P<name>[^\s#:'\"\-?{}\[\],&*!|>%@`][^:#]*?)[ \t]*:(?:[ \t]|$)"
)


def edit_properties(raw: str, changes: dict[str, Any]) -> str | None:
    """``raw`` YAML with the top-level entries in ``changes`` replaced or added at the end.

    None when the block is not plain enough to edit line by line (the caller re-renders).
    """
    lines = raw.split("\n")
    spans: dict[str, list[tuple[int, int]]] = {}
    i = 0
    while i < len(lines):
        match = TOP_LEVEL_KEY.match(lines[i])
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


def body_for(content: str) -> str:
    return content + "\n"


def clean_content(content: str) -> str:
    if not isinstance(content, str):
        raise MemoryError(f"memory content must be text, not {type(content).__name__}")
    cleaned = content.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not cleaned:
        raise MemoryError("memory content cannot be empty")
    if "\x00" in cleaned:
        raise MemoryError("memory content cannot contain NUL characters")
    return cleaned


def check_importance(importance: int) -> int:
    try:
        return as_int(importance, "importance", 1, 10)
    except ValueError as exc:
        raise MemoryError(str(exc)) from None


@lru_cache(maxsize=8192)
def rank_path(rel: str, key: str) -> tuple[bool, bool, str]:
    """Which of several notes holding one key is used: its own name first, conflict copies last."""
    stem = unicodedata.normalize("NFC", PurePosixPath(rel).stem)
    return (not is_canonical_stem(stem, key), bool(CONFLICT_NAME.search(stem)), rel)


def is_memory_path(rel: str) -> bool:
    parts = PurePosixPath(rel).parts
    return (
        len(parts) >= 2
        and parts[0] == MEMORIES_DIR
        and rel.lower().endswith(".md")
        and not any(p.startswith(".") or p in IGNORED_DIRS for p in parts)
    )
