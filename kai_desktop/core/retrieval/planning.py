"""What a run must do: which notes changed since the manifest, which are gone."""

from __future__ import annotations

from dataclasses import dataclass

from kai_desktop.core.retrieval.changes import IndexReport
from kai_desktop.core.retrieval.manifest import Manifest, NoteEntry
from kai_desktop.core.vault.files import (
    PathOutsideVault,
    SkippedFile,
    Vault,
    content_hash,
    decode_note_bytes,
)


@dataclass(slots=True)
class Todo:
    """A note to (re)index: the hash of its content ("" for a note the index does not
    have: it is read once, when it is indexed) and its size in bytes."""

    path: str
    sha256: str
    size: int = 0


def _scan_vault(vault: Vault, report: IndexReport) -> dict[str, tuple[int, int]]:
    """Every note in the vault with its (mtime_ns, size): the vault's one walk. Notes the
    walk had to skip (a symlink loop, a link out of the vault) are reported with why."""
    listing = vault.listing()
    report.skipped.extend(
        (s.path, s.reason) for s in listing.skipped if s.path.lower().endswith(".md")
    )
    return {f.rel: (f.mtime_ns, f.size) for f in listing.notes}


def _candidates(vault: Vault, manifest: Manifest, targets: set[str]) -> list[str]:
    out: set[str] = set()
    for raw in targets:
        rel = raw.strip("/")
        if not rel:
            continue
        out.add(rel)
        if not rel.lower().endswith(".md"):  # maybe a folder: expand it
            prefix = rel + "/"
            out.update(p for p in manifest.notes if p.startswith(prefix))
            out.update(_notes_under(vault, rel))
    return sorted(out)


def _notes_under(vault: Vault, rel: str) -> list[str]:
    if vault.rules.excludes(rel):
        return []
    try:
        return [f.rel for f in vault.listing(under=rel).notes]
    except PathOutsideVault:
        return []


def plan_run(
    vault: Vault, manifest: Manifest, targets: set[str] | None, report: IndexReport
) -> tuple[list[Todo], list[str]]:
    """The notes to (re)index and the notes gone, for the whole vault (``targets`` None)
    or for the paths a watcher named (folders are expanded)."""
    todo: list[Todo] = []
    gone: list[str] = []
    if targets is None:
        on_disk = _scan_vault(vault, report)
        candidates = sorted(on_disk.keys() | manifest.notes.keys())
    else:
        on_disk = {}
        candidates = _candidates(vault, manifest, targets)
    for rel in candidates:
        entry = manifest.notes.get(rel)
        if targets is None:
            stat = on_disk.get(rel)
            state = (
                None
                if stat is None
                else _disk_state(vault, rel, entry, manifest, report, stat=stat)
            )
        else:
            state = _disk_state(vault, rel, entry, manifest, report)
        if state is None:
            if entry is not None:
                gone.append(rel)
        elif state[0] != "same":
            todo.append(Todo(rel, *state))
    return todo, gone


def _disk_state(
    vault: Vault,
    rel: str,
    entry: NoteEntry | None,
    manifest: Manifest,
    report: IndexReport,
    *,
    stat: tuple[int, int] | None = None,
) -> tuple[str, int] | None:
    """None: not an indexable note; else ("same", size) when unchanged, ("", size) for a
    note the index does not have (it is not read here: indexing reads it, and reports
    it if it must be skipped), or the new content hash and the size.

    ``stat`` is the (mtime_ns, size) a full scan already found; without it the file
    is looked up (safely: paths leaving the vault count as absent).
    """
    if not rel.lower().endswith(".md") or vault.rules.excludes(rel):
        return None
    if stat is None:
        try:
            path = vault.resolve(rel)
            st = path.stat()
        except (PathOutsideVault, OSError):
            return None
        if not path.is_file():
            return None
        stat = (st.st_mtime_ns, st.st_size)
    if entry is None:
        return "", stat[1]
    if (entry.mtime_ns, entry.size) == stat:
        return "same", stat[1]
    try:
        data, st = vault.read_bytes_checked(rel)
        decode_note_bytes(rel, data)
    except SkippedFile as exc:
        report.skipped.append((rel, exc.reason))
        return None
    except (OSError, PathOutsideVault):
        return None
    sha = content_hash(data)
    if entry.sha256 == sha:
        entry.mtime_ns, entry.size = st.st_mtime_ns, st.st_size
        manifest.dirty = True
        return "same", st.st_size
    return sha, st.st_size
