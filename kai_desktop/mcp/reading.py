"""The read-only tools: read a note, list notes, follow a link, recent changes.

A private note is treated as if it did not exist: it is never listed, read, linked to or
named as a backlink.
"""

from __future__ import annotations

import fnmatch
import os
from datetime import UTC, date, datetime
from pathlib import PurePosixPath
from typing import Any, Final

from kai_desktop.core.vault.anchors import heading_key
from kai_desktop.core.vault.files import SkippedFile, content_hash, decode_note_bytes
from kai_desktop.core.vault.notes import note_title, parse_note
from kai_desktop.mcp.context import VaultContext
from kai_desktop.mcp.graph import parse_link_text
from kai_desktop.mcp.paths import NotFound, Refused, folder_path, note_path
from kai_desktop.mcp.schemas import (
    Change,
    LinkRef,
    LinkTarget,
    NoteContent,
    NoteEntry,
    NoteList,
    RecentChanges,
)

MAX_LIST: Final = 1000
_GRAPH_WAIT_S: Final = 30.0


def iso_time(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds")


def jsonable(value: Any) -> Any:
    """Property values as JSON: dates become ISO text, other odd types their string."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set):
        return [jsonable(v) for v in value]
    if isinstance(value, datetime | date):
        return value.isoformat()
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def read_shared(ctx: VaultContext, raw_path: str) -> tuple[str, bytes, os.stat_result]:
    """A note's path, bytes and stat, if it exists and may be shared (else NotFound)."""
    rel = note_path(ctx.vault, raw_path)
    try:
        data, st = ctx.vault.read_bytes_checked(rel)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        raise NotFound(f"no note at {rel}") from None
    except SkippedFile as exc:
        raise Refused(f"{rel} cannot be read as a note ({exc.reason})") from None
    if ctx.private(rel):
        raise NotFound(f"no note at {rel}")
    return rel, data, st


def read_note(ctx: VaultContext, path: str) -> NoteContent:
    rel, data, st = read_shared(ctx, path)
    try:
        text = decode_note_bytes(rel, data)
    except SkippedFile as exc:
        raise Refused(f"{rel} cannot be read as a note ({exc.reason})") from None
    note = parse_note(rel, text)
    ctx.graph.wait(_GRAPH_WAIT_S)
    backlinks = [
        LinkRef(path=b.source, line=b.line)
        for b in ctx.graph.backlinks(rel)
        if not ctx.private(b.source)
    ]
    outgoing = [t for t in ctx.graph.outgoing(rel) if not ctx.private(t)]
    return NoteContent(
        path=rel,
        title=note.title,
        content=text,
        properties=jsonable(note.properties),
        tags=note.tags,
        headings=[f"{'#' * h.level} {h.text}" for h in note.headings],
        outgoing=outgoing,
        backlinks=backlinks,
        version=content_hash(data),
        modified=iso_time(st.st_mtime),
    )


def list_notes(
    ctx: VaultContext,
    folder: str | None = None,
    depth: int | None = None,
    glob: str | None = None,
    limit: int = 200,
) -> NoteList:
    base = folder_path(ctx.vault, folder)
    if base and not ctx.vault.resolve(base).is_dir():
        raise NotFound(f"no folder {base}")
    if depth is not None and depth < 1:
        raise Refused("depth counts folder levels from the folder asked for: 1 or more")
    limit = max(1, min(limit, MAX_LIST))
    prefix = base + "/" if base else ""
    entries: list[NoteEntry] = []
    folders: set[str] = set()
    truncated = False
    for rel in ctx.vault.iter_notes():
        if prefix and not rel.startswith(prefix):
            continue
        inner = PurePosixPath(rel[len(prefix):])
        if depth is not None and len(inner.parts) > depth:
            folders.add(prefix + "/".join(inner.parts[:depth]))
            continue
        if len(inner.parts) > 1:
            folders.add(prefix + "/".join(inner.parts[:-1]))
        if glob and not (fnmatch.fnmatch(rel, glob) or fnmatch.fnmatch(inner.name, glob)):
            continue
        if ctx.private(rel):
            continue
        if len(entries) >= limit:
            truncated = True
            break
        st = ctx.vault.resolve(rel).stat()
        entries.append(
            NoteEntry(path=rel, title=note_title(rel), size=st.st_size,
                      modified=iso_time(st.st_mtime))
        )
    return NoteList(folder=base, notes=entries, folders=sorted(folders), truncated=truncated)


def follow_link(ctx: VaultContext, link: str, from_path: str | None = None) -> LinkTarget:
    parsed = parse_link_text(link)
    if parsed is None:
        raise Refused(f"{link!r} is not a link; write it as [[Note]], [[Note#Heading]] or Note")
    source = note_path(ctx.vault, from_path) if from_path else ""
    if source and ctx.private(source):
        raise NotFound(f"no note at {source}")
    if parsed.is_same_note and not source:
        raise Refused("a link to a heading of the same note needs from_path")
    ctx.graph.wait(_GRAPH_WAIT_S)
    resolved = ctx.graph.resolve(parsed, source)
    if resolved.path is None or ctx.private(resolved.path):
        return LinkTarget(link=link, resolved=False, path=None,
                          would_create=resolved.missing)
    heading, line = _anchor_line(ctx, resolved.path, parsed.heading, parsed.block_id)
    return LinkTarget(link=link, resolved=True, path=resolved.path, heading=heading, line=line)


def _anchor_line(
    ctx: VaultContext, rel: str, headings: tuple[str, ...], block_id: str | None
) -> tuple[str | None, int | None]:
    if not headings and block_id is None:
        return None, None
    note = ctx.graph.note(rel)
    if note is None:
        return None, None
    if headings:
        key = heading_key(headings[-1])
        for h in note.headings:
            if heading_key(h.text) == key:
                return h.text, h.line
        return None, None
    try:
        text = ctx.vault.read_bytes_checked(rel)[0].decode("utf-8", "replace")
    except (OSError, SkippedFile):
        return None, None
    for n, line in enumerate(text.splitlines(), 1):
        if line.rstrip().endswith(f"^{block_id}"):
            return f"^{block_id}", n
    return None, None


def recent_changes(
    ctx: VaultContext, limit: int = 20, folder: str | None = None
) -> RecentChanges:
    base = folder_path(ctx.vault, folder)
    prefix = base + "/" if base else ""
    limit = max(1, min(limit, 200))
    stamped: list[tuple[float, str, int]] = []
    for rel in ctx.vault.iter_notes():
        if prefix and not rel.startswith(prefix):
            continue
        try:
            st = ctx.vault.resolve(rel).stat()
        except OSError:
            continue
        stamped.append((st.st_mtime, rel, st.st_size))
    stamped.sort(reverse=True)
    changes: list[Change] = []
    for mtime, rel, size in stamped:
        if ctx.private(rel):
            continue
        try:
            data, _st = ctx.vault.read_bytes_checked(rel)
        except (OSError, SkippedFile):
            continue
        changes.append(Change(path=rel, modified=iso_time(mtime), size=size,
                              version=content_hash(data)))
        if len(changes) >= limit:
            break
    return RecentChanges(changes=changes)
