"""The indexer's manifest: per note, the hash of its bytes, its size and mtime, and the
hash of each chunk's embedded text. Stored as JSON next to the index, outside the vault."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from kai_desktop.core.retrieval.changes import IndexReport
from kai_desktop.core.retrieval.ports import SearchIndex
from kai_desktop.core.retrieval.records import ChunkRecord
from kai_desktop.core.vault.atomic import atomic_write

log = logging.getLogger(__name__)

MANIFEST_SCHEMA: Final = 1
NO_MANIFEST: Final = "no manifest"
FORMAT_CHANGED: Final = "index format changed"


@dataclass(slots=True)
class NoteEntry:
    sha256: str
    mtime_ns: int
    size: int
    chunks: list[str]


class Manifest:
    """Per-note hashes of what the index holds; stored as JSON next to the index."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = dict(header)
        self.notes: dict[str, NoteEntry] = {}
        self.dirty = False

    @classmethod
    def load(cls, path: Path, header: dict[str, Any]) -> tuple[Manifest, str | None]:
        """The stored manifest, or an empty one and the reason it could not be used."""
        empty = cls(path, header)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return empty, NO_MANIFEST
        except (OSError, ValueError) as exc:
            return empty, f"unreadable manifest ({exc})"
        if not isinstance(raw, dict) or not isinstance(raw.get("notes"), dict):
            return empty, "malformed manifest"
        stored = {k: raw.get(k) for k in header}
        if stored != header:
            diff = ", ".join(f"{k} {stored[k]!r}->{header[k]!r}" for k in header
                             if stored[k] != header[k])
            return empty, f"{FORMAT_CHANGED} ({diff})"
        manifest = cls(path, header)
        try:
            for rel, (sha, mtime_ns, size, chunks) in raw["notes"].items():
                manifest.notes[str(rel)] = NoteEntry(
                    str(sha), int(mtime_ns), int(size), [str(c) for c in chunks]
                )
        except (TypeError, ValueError):
            return empty, "malformed manifest"
        return manifest, None

    def save(self) -> None:
        data = {
            **self.header,
            "notes": {
                rel: [e.sha256, e.mtime_ns, e.size, e.chunks] for rel, e in self.notes.items()
            },
        }
        atomic_write(self.path, json.dumps(data, separators=(",", ":")).encode("utf-8"))
        self.dirty = False

    @classmethod
    def from_records(
        cls, path: Path, header: dict[str, Any], records: Iterable[ChunkRecord]
    ) -> Manifest:
        """A manifest rebuilt from the payloads an index holds (nothing is re-embedded)."""
        found: dict[str, dict[int, ChunkRecord]] = {}
        for record in records:
            found.setdefault(record.path, {})[record.chunk_index] = record
        manifest = cls(path, header)
        for rel, chunks in found.items():
            count = max(max(chunks) + 1, *(r.chunk_count for r in chunks.values()))
            hashes = {r.content_hash for r in chunks.values()}
            # A note caught half-written (mixed hashes, chunks missing) gets no hash, so
            # the sync re-indexes it.
            sha = hashes.pop() if len(hashes) == 1 and len(chunks) == count else ""
            manifest.notes[rel] = NoteEntry(
                sha, -1, -1, [chunks[i].chunk_hash if i in chunks else "" for i in range(count)]
            )
        manifest.dirty = True
        return manifest

    def total_chunks(self) -> int:
        return sum(len(e.chunks) for e in self.notes.values())


def manifest_agreeing_with(
    index: SearchIndex,
    cached: Manifest | None,
    path: Path,
    header: dict[str, Any],
    report: IndexReport,
    *,
    check: bool,
    rebuild: bool,
) -> Manifest:
    """The manifest (``cached``, else the stored one), made to agree with ``index``.

    An index that was reset, or a manifest written for another embedder or layout, means
    starting from scratch (the index is cleared). A manifest that is merely missing,
    unreadable or out of step (a crash between writing the index and saving the manifest)
    is recovered from the payloads in the index: nothing is re-embedded, and every note is
    then compared with the vault by its content hash. ``check`` compares the chunk counts.
    """
    manifest = cached
    reset: str | None = None
    recover: str | None = None
    if manifest is None:
        manifest, problem = Manifest.load(path, header)
        if index.reset_reason is not None:
            reset = index.reset_reason
        elif problem is not None and problem.startswith(FORMAT_CHANGED):
            reset = problem
        elif problem is not None and (problem != NO_MANIFEST or index.count() > 0):
            recover = problem
    if rebuild:
        reset = "rebuild requested"
    if reset is None and recover is None and check:
        stored = index.count()
        expected = manifest.total_chunks()
        if stored != expected:
            recover = f"index holds {stored} chunks, the manifest {expected}"
    if reset is not None:
        log.info("rebuilding the search index: %s", reset)
        report.rebuilt = reset
        index.clear()
        manifest = Manifest(path, header)
        manifest.dirty = True
    elif recover is not None:
        log.info("recovering the index manifest from the index: %s", recover)
        report.recovered = recover
        manifest = Manifest.from_records(path, header, index.records())
    return manifest
