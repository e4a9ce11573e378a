"""The memory tools, through core's :class:`MemoryStore` and its rules: keys, the four
categories, one note per key, and nothing stored twice (the same fact under another key
is reported, not stored again). A private memory is invisible here."""

from __future__ import annotations

from typing import Final, Literal

from kai_desktop.core.memory.model import Category, Memory, MemoryError, parse_category
from kai_desktop.core.memory.text_match import find_duplicate, normalise_key, normalise_text
from kai_desktop.mcp.context import VaultContext
from kai_desktop.mcp.paths import NotFound, Refused
from kai_desktop.mcp.schemas import ForgetResult, MemoryItem, MemoryList, RememberResult

MAX_MEMORIES: Final = 500


def memory_item(memory: Memory) -> MemoryItem:
    return MemoryItem(
        key=memory.key,
        content=memory.content,
        category=memory.category.value,
        hits=memory.hits,
        importance=memory.importance,
        source=memory.source,
        updated=memory.updated.isoformat(timespec="seconds"),
        path=memory.path,
    )


def shared_memories(ctx: VaultContext) -> list[Memory]:
    return [m for m in ctx.memory.all() if not ctx.private(m.path)]


def list_memories(
    ctx: VaultContext, category: str | None = None, limit: int = 100
) -> MemoryList:
    try:
        wanted = parse_category(category) if category else None
    except MemoryError as exc:
        raise Refused(str(exc)) from None
    memories = [m for m in shared_memories(ctx) if wanted is None or m.category is wanted]
    memories.sort(key=lambda m: m.updated, reverse=True)
    limit = max(1, min(limit, MAX_MEMORIES))
    return MemoryList(memories=[memory_item(m) for m in memories[:limit]], total=len(memories))


def remember(
    ctx: VaultContext,
    key: str,
    content: str,
    category: str = "General",
    source: str | None = None,
) -> RememberResult:
    status: Literal["stored", "updated", "unchanged", "duplicate"]
    try:
        cat = parse_category(category)
        with ctx.writing():
            existing = ctx.memory.all()
            same = _by_key(existing, key)
            if same is None:
                dup = find_duplicate(content, existing)
                if dup is not None:
                    if ctx.private(dup.path):
                        raise Refused("this is already stored in a memory that is not shared")
                    # The fact is known under another key: it is not stored twice.
                    return RememberResult(status="duplicate", memory=memory_item(dup))
            elif ctx.private(same.path):
                raise Refused(f"memory {same.key!r} exists and is not shared")
            if same is None:
                if cat is Category.GENERAL:
                    memory = ctx.memory.store(key, content, source=source)
                else:
                    memory = ctx.memory.learn(key, content, cat, source)
                status = "stored"
            elif normalise_text(same.content) == normalise_text(content) and (
                cat is same.category or cat is Category.GENERAL
            ):
                return RememberResult(status="unchanged", memory=memory_item(same))
            else:
                memory = ctx.memory.supersede(
                    same.key, content,
                    category=None if cat is Category.GENERAL else cat, source=source,
                )
                status = "updated"
    except MemoryError as exc:
        raise Refused(str(exc)) from None
    ctx.wrote([memory.path])
    return RememberResult(status=status, memory=memory_item(memory))


def _by_key(memories: list[Memory], key: str) -> Memory | None:
    """The memory stored under ``key``, compared loosely (case, spaces, underscores)."""
    wanted = normalise_key(key)
    exact = next((m for m in memories if m.key == key.strip()), None)
    if exact is not None or not wanted:
        return exact
    return next((m for m in memories if normalise_key(m.key) == wanted), None)


def forget(ctx: VaultContext, key: str) -> ForgetResult:
    try:
        with ctx.writing():
            memory = _by_key(ctx.memory.all(), key)
            if memory is None or ctx.private(memory.path):
                raise NotFound(f"no memory with key {key!r}")
            # The store keeps the note in the trash before it removes it.
            if not ctx.memory.forget(memory.key):
                raise NotFound(f"no memory with key {key!r}")
            entry = next(e for e in ctx.trash.entries() if e.path == memory.path)
    except MemoryError as exc:
        raise Refused(str(exc)) from None
    ctx.wrote([memory.path])
    return ForgetResult(key=memory.key, forgotten=True, trash_id=entry.id)
