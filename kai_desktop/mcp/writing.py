"""The write tools: create or replace a note, edit it, delete it to the trash, restore it.

Every write is a compare-and-swap through core's :class:`Vault`: the server checks the
version the client names (``if_version``, the sha256 ``read_note`` gave) against the
file under the vault's write lock, then writes with that hash as the expectation, so an
edit made anywhere else in between is never overwritten. Without ``if_version`` a write
only creates; an edit works on the note as it is now.
"""

from __future__ import annotations

from kai_desktop.core.vault.files import (
    SkippedFile,
    VaultError,
    WriteConflict,
    content_hash,
    decode_note_bytes,
)
from kai_desktop.mcp.context import VaultContext
from kai_desktop.mcp.edits import EditOp, apply_edit
from kai_desktop.mcp.paths import NotFound, Refused, note_path
from kai_desktop.mcp.schemas import DeleteResult, RestoreResult, WriteResult

MAX_NOTE_CHARS = 1_000_000


def _check_size(text: str) -> None:
    if len(text) > MAX_NOTE_CHARS:
        raise Refused(f"a note can have at most {MAX_NOTE_CHARS} characters")


def _current(ctx: VaultContext, rel: str) -> tuple[bytes, str] | None:
    """The note's bytes and hash now, or None when it does not exist."""
    try:
        data, _st = ctx.vault.read_bytes_checked(rel)
    except FileNotFoundError:
        return None
    except SkippedFile as exc:
        raise Refused(f"{rel} is not changed: {exc.reason}") from None
    return data, content_hash(data)


def _stale(rel: str, wanted: str, now: str) -> Refused:
    return Refused(
        f"{rel} changed since version {wanted[:12]}… (it is now {now[:12]}…); nothing was "
        "written. Read it again and apply your change to what it says now."
    )


def _write(ctx: VaultContext, rel: str, text: str, expect: str | None) -> str:
    try:
        written = ctx.vault.write_text(rel, text, expect=expect)
    except WriteConflict as exc:
        where = f"; your text was kept as {exc.conflict_rel}" if exc.conflict_rel else ""
        raise Refused(f"{rel} was changed by another program just now{where}") from None
    except (OSError, VaultError) as exc:
        raise Refused(f"{rel} could not be written: {exc}") from None
    return written.sha256


def write_note(
    ctx: VaultContext, path: str, content: str, if_version: str | None = None
) -> WriteResult:
    rel = note_path(ctx.vault, path)
    _check_size(content)
    with ctx.writing():
        current = _current(ctx, rel)
        if current is None:
            if if_version:
                raise NotFound(f"no note at {rel} to replace; leave out if_version to create it")
            version = _write(ctx, rel, content, None)
            created = True
        else:
            if ctx.private(rel):
                raise Refused(f"a note that is not shared already exists at {rel}")
            if not if_version:
                raise Refused(
                    f"{rel} already exists; read_note gives its version: pass it as "
                    "if_version to replace the note, or use edit_note"
                )
            if if_version != current[1]:
                raise _stale(rel, if_version, current[1])
            version = _write(ctx, rel, content, current[1])
            created = False
    ctx.wrote([rel])
    return WriteResult(path=rel, created=created, version=version)


def edit_note(
    ctx: VaultContext,
    path: str,
    op: EditOp,
    content: str = "",
    *,
    find_text: str | None = None,
    heading: str | None = None,
    expected_replacements: int = 1,
    if_version: str | None = None,
) -> WriteResult:
    rel = note_path(ctx.vault, path)
    with ctx.writing():
        current = _current(ctx, rel)
        if current is None or ctx.private(rel):
            raise NotFound(f"no note at {rel}")
        data, version = current
        if if_version and if_version != version:
            raise _stale(rel, if_version, version)
        try:
            text = decode_note_bytes(rel, data)
        except SkippedFile as exc:
            raise Refused(f"{rel} is not changed: {exc.reason}") from None
        new_text = apply_edit(
            text, op, content, find_text=find_text, heading=heading,
            expected_replacements=expected_replacements,
        )
        _check_size(new_text)
        if new_text == text:
            return WriteResult(path=rel, created=False, version=version, detail="no change")
        new_version = _write(ctx, rel, new_text, version)
    ctx.wrote([rel])
    return WriteResult(path=rel, created=False, version=new_version, detail=op)


def delete_note(ctx: VaultContext, path: str, if_version: str | None = None) -> DeleteResult:
    rel = note_path(ctx.vault, path)
    with ctx.writing():
        current = _current(ctx, rel)
        if current is None or ctx.private(rel):
            raise NotFound(f"no note at {rel}")
        data, version = current
        if if_version and if_version != version:
            raise _stale(rel, if_version, version)
        entry = ctx.trash.put(rel, data)  # kept first: a crash never loses the note
        try:
            ctx.vault.delete(rel, expect=version)
        except WriteConflict:
            ctx.trash.discard(entry.id)
            raise Refused(f"{rel} was changed by another program just now; not deleted") from None
        except (OSError, VaultError) as exc:
            ctx.trash.discard(entry.id)
            raise Refused(f"{rel} could not be deleted: {exc}") from None
    ctx.wrote([rel])
    return DeleteResult(path=rel, trash_id=entry.id)


def restore_note(ctx: VaultContext, trash_id: str, path: str | None = None) -> RestoreResult:
    found = ctx.trash.get(trash_id.strip())
    if found is None:
        raise NotFound(f"nothing in the trash with id {trash_id!r}")
    entry, data = found
    if entry.restored_at is not None:
        raise Refused(f"{trash_id} was already restored (to {entry.path} or elsewhere)")
    rel = note_path(ctx.vault, path or entry.path)
    try:
        text = decode_note_bytes(rel, data)
    except SkippedFile as exc:
        raise Refused(f"the deleted copy cannot be restored: {exc.reason}") from None
    with ctx.writing():
        if _current(ctx, rel) is not None:
            raise Refused(f"{rel} exists again; pass another path to restore the copy there")
        version = _write(ctx, rel, text, None)
        ctx.trash.mark_restored(entry.id, rel)
    ctx.wrote([rel])
    return RestoreResult(path=rel, version=version)
