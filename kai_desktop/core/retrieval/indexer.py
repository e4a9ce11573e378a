"""Keeps the search index in step with the vault, touching only what changed.

A manifest (JSON, kept with the index outside the vault) records, per note, the hash of
its bytes, its size and mtime, and the hash of each chunk's embedded text. A run
compares the vault against it:

* unchanged notes (same size and mtime, or same hash) cost one ``stat`` and nothing else;
* a changed note is re-chunked; chunks whose text is unchanged keep their vector;
* a renamed or moved note is matched by its chunk hashes: its points are re-pointed to
  the new path with the vectors they already had, nothing is re-embedded;
* a deleted note's points are removed.

An index that is missing, corrupt, of an older layout or out of step with the manifest
is cleared and rebuilt from the vault. Runs are generators that yield
:class:`IndexProgress` and stop at the next batch after :meth:`IncrementalIndexer.cancel`;
whatever was done is kept, the rest is picked up by the next run.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import math
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal, Protocol

from kai_desktop.core.retrieval.chunking import chunk_note
from kai_desktop.core.retrieval.search import (
    DEFAULT_IMPORTANCE,
    INDEX_LAYOUT_VERSION,
    ChunkRecord,
    Embedder,
    IndexPoint,
    SearchIndex,
    parse_datetime,
    point_id,
)
from kai_desktop.core.vault.files import (
    IGNORED_DIRS,
    PathOutsideVault,
    SkippedFile,
    Vault,
    content_hash,
    decode_note_bytes,
    is_ignored,
)
from kai_desktop.core.vault.notes import parse_note

log = logging.getLogger(__name__)

MANIFEST_SCHEMA: Final = 1
NO_MANIFEST: Final = "no manifest"
FORMAT_CHANGED: Final = "index format changed"
_CHUNK_HASH_CHARS: Final = 24

ChangeKind = Literal["created", "modified", "deleted", "moved"]
Phase = Literal[
    "checking", "scanning", "rebuilding", "indexing", "removing", "optimizing", "done",
    "cancelled",
]


@dataclass(frozen=True, slots=True)
class VaultChange:
    """Something changed at ``path`` (for a move: ``src_path`` -> ``path``).

    ``own`` marks a change whose content is what the app itself last wrote.
    """

    kind: ChangeKind
    path: str
    src_path: str | None = None
    is_dir: bool = False
    own: bool = False

    @property
    def paths(self) -> tuple[str, ...]:
        return (self.path,) if self.src_path is None else (self.src_path, self.path)


@dataclass(frozen=True, slots=True)
class IndexProgress:
    done: int
    total: int
    phase: Phase


@dataclass(slots=True)
class IndexReport:
    """What one run did."""

    rebuilt: str | None = None
    recovered: str | None = None
    added: int = 0
    updated: int = 0
    moved: int = 0
    removed: int = 0
    embeddings: int = 0
    reused_vectors: int = 0
    chunks_written: int = 0
    changed_paths: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    cancelled: bool = False
    seconds: float = 0.0

    def summary(self) -> str:
        parts = [
            f"{self.added} added", f"{self.updated} updated", f"{self.moved} moved",
            f"{self.removed} removed", f"{self.embeddings} embeddings computed",
        ]
        if self.rebuilt:
            parts.insert(0, f"rebuilt ({self.rebuilt})")
        elif self.recovered:
            parts.insert(0, f"manifest recovered ({self.recovered})")
        if self.skipped:
            parts.append(f"{len(self.skipped)} skipped")
        if self.cancelled:
            parts.append("cancelled")
        return ", ".join(parts)


class IndexerPort(Protocol):
    """What the GUI needs from an indexer (see :class:`IncrementalIndexer`)."""

    def sync(self, *, rebuild: bool = False) -> Iterator[IndexProgress]: ...

    def apply_steps(self, changes: Sequence[VaultChange]) -> Iterator[IndexProgress]: ...

    def cancel(self) -> None: ...

    def checkpoint(self) -> None: ...

    @property
    def last_report(self) -> IndexReport | None: ...


class ChangeSource(Protocol):
    """Reports batches of vault changes (the file watcher) on its own thread."""

    def start(self, callback: Callable[[list[VaultChange]], None]) -> None: ...

    def stop(self) -> None: ...


# -- manifest ---------------------------------------------------------------------------------


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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {
            **self.header,
            "notes": {
                rel: [e.sha256, e.mtime_ns, e.size, e.chunks] for rel, e in self.notes.items()
            },
        }
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".manifest.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, separators=(",", ":"))
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        self.dirty = False

    def total_chunks(self) -> int:
        return sum(len(e.chunks) for e in self.notes.values())


# -- note -> chunk records ---------------------------------------------------------------------


def embed_text(title: str, heading_path: Sequence[str], text: str) -> str:
    """The text a chunk is embedded as: the note's title property and headings, then the
    chunk. Nothing of the file's path goes in, so a renamed note keeps its vectors."""
    context = " > ".join(p for p in (title, *heading_path) if p)
    return f"{context}\n{text}" if context else text


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return None if math.isnan(number) or math.isinf(number) else number


def _importance(value: object) -> float:
    """Importance 1–10 from a property, as a 0..1 score (plain notes: the default)."""
    number = _number(value)
    if number is None:
        number = DEFAULT_IMPORTANCE
    return min(10.0, max(1.0, number)) / 10.0


def _hits(value: object) -> int:
    number = _number(value)
    return max(0, int(number)) if number is not None else 0


def note_records(
    path: str, text: str, sha256: str, mtime: float, max_chars: int
) -> list[tuple[ChunkRecord, str]]:
    """The chunk records of one note with the text each is embedded as."""
    parsed = parse_note(path, text)
    props = parsed.properties
    raw_category = props.get("category")
    category = raw_category.strip().lower() if isinstance(raw_category, str) else ""
    updated = parse_datetime(props.get("updated")) or datetime.fromtimestamp(mtime, UTC)
    tags = tuple(sorted({str(t).lstrip("#").lower() for t in parsed.tags if str(t).strip()}))
    title = next(
        (v.strip() for k in ("title", "key") if isinstance(v := props.get(k), str) and v.strip()),
        "",
    )
    out: list[tuple[ChunkRecord, str]] = []
    for chunk in chunk_note(path, text, max_chars=max_chars):
        to_embed = embed_text(title, chunk.heading_path, chunk.text)
        record = ChunkRecord(
            path=path,
            chunk_index=chunk.index,
            heading=" > ".join(chunk.heading_path),
            start_line=chunk.start_line,
            end_line=chunk.end_line,
            text=chunk.text,
            tags=tags,
            category=category or None,
            importance=_importance(props.get("importance")),
            hits=_hits(props.get("hits")),
            updated=updated,
            content_hash=sha256,
            chunk_hash=content_hash(to_embed)[:_CHUNK_HASH_CHARS],
        )
        out.append((record, to_embed))
    return [(dataclasses.replace(r, chunk_count=len(out)), t) for r, t in out]


# -- the indexer -------------------------------------------------------------------------------


@dataclass(slots=True)
class _Todo:
    path: str
    sha256: str


@dataclass(slots=True)
class _Built:
    path: str
    entry: NoteEntry
    records: list[tuple[ChunkRecord, str]]


class _Cancelled(Exception):
    pass


class IncrementalIndexer:
    """Brings a :class:`SearchIndex` in step with a :class:`Vault`.

    ``embeddings_computed`` counts every text sent to the embedder over the indexer's
    life (tests and benchmarks assert on it). Runs are serialised by a lock, so the
    watcher's batches and a full sync may come from different threads.
    """

    def __init__(
        self,
        vault: Vault,
        index: SearchIndex,
        embedder: Embedder,
        manifest_path: Path,
        *,
        max_chars: int = 1200,
        batch_chunks: int = 64,
        optimize_after: int = 2000,
        save_interval_s: float = 10.0,
        flush_every: int = 512,
    ) -> None:
        """``flush_every``: flush the index after this many points written or deleted.
        An embedded index may hold the interpreter lock while it flushes, for a time that
        grows with what is pending (tens of milliseconds per thousand points): small,
        regular flushes keep every other thread, the window's included, from waiting long.
        """
        self.vault = vault
        self.index = index
        self.embedder = embedder
        self.manifest_path = Path(manifest_path)
        self.max_chars = max_chars
        self.batch_chunks = batch_chunks
        self.optimize_after = optimize_after
        self.save_interval_s = save_interval_s
        self.flush_every = flush_every
        self.embeddings_computed = 0
        self._unflushed = 0
        self._manifest: Manifest | None = None
        self._since_optimize = 0
        self._last_save = 0.0
        self._lock = threading.RLock()
        self._cancel = threading.Event()
        self._last_report: IndexReport | None = None
        self._header_cache: dict[str, Any] | None = None
        self._moved_from: set[str] = set()
        self._full_run = False

    # -- public ---------------------------------------------------------------------------
    @property
    def last_report(self) -> IndexReport | None:
        return self._last_report

    def cancel(self) -> None:
        """Ask the running run to stop after its current batch; what was written is kept.
        (A run that starts later is not affected.)"""
        self._cancel.set()

    def sync(self, *, rebuild: bool = False) -> Iterator[IndexProgress]:
        """Compare the whole vault with the index and fix every difference."""
        return self._run(None, rebuild=rebuild)

    def apply_steps(self, changes: Sequence[VaultChange]) -> Iterator[IndexProgress]:
        """Bring the paths named by a watcher batch in step (folders are expanded)."""
        targets: set[str] = set()
        for change in changes:
            targets.update(change.paths)
        return self._run(targets, rebuild=False)

    def apply(self, changes: Sequence[VaultChange]) -> IndexReport:
        """:meth:`apply_steps` run to the end."""
        return self._drain(self.apply_steps(changes))

    def run_sync(self, *, rebuild: bool = False) -> IndexReport:
        """:meth:`sync` run to the end."""
        return self._drain(self.sync(rebuild=rebuild))

    def indexed_paths(self) -> list[str]:
        """The notes the index holds, as the manifest records them."""
        with self._lock:
            manifest = self._manifest
            if manifest is None:
                manifest, _ = Manifest.load(self.manifest_path, self._header())
            return sorted(manifest.notes)

    def _drain(self, steps: Iterator[IndexProgress]) -> IndexReport:
        with self._lock:
            drain(steps)
            assert self._last_report is not None
            return self._last_report

    def checkpoint(self) -> None:
        """Make what was indexed durable: flush the index, save the manifest (if changed).
        Call it when idle; :meth:`close` does it too."""
        with self._lock:
            if self._manifest is not None and self._manifest.dirty:
                self._flush()
                self._manifest.save()

    def close(self) -> None:
        """Save the manifest and flush the index (the index itself stays open)."""
        with self._lock:
            if self._manifest is not None and self._manifest.dirty:
                self._manifest.save()
            self._flush()

    # -- one run ------------------------------------------------------------------------------
    def _run(self, targets: set[str] | None, *, rebuild: bool) -> Iterator[IndexProgress]:
        with self._lock:
            started = time.monotonic()
            report = IndexReport()
            self._last_report = report
            self._moved_from.clear()
            self._full_run = targets is None
            # A cancel that arrived before this run started was meant for an earlier one.
            self._cancel.clear()
            try:
                yield IndexProgress(0, 0, "checking")
                manifest = self._load_manifest(report, check=targets is None, rebuild=rebuild)
                phase: Phase = "rebuilding" if report.rebuilt else "indexing"
                yield IndexProgress(0, 0, "scanning")
                todo, gone = self._plan(manifest, targets, report)
                total = len(todo) + len(gone)
                done = 0
                yield IndexProgress(0, total, phase)
                for step in self._index_notes(manifest, todo, gone, report, done):
                    done = step
                    yield IndexProgress(done, total, phase)
                self._check_cancel()
                yield IndexProgress(done, total, "removing")
                done = self._remove_notes(manifest, gone, report, done)
                if self._since_optimize >= self.optimize_after:
                    yield IndexProgress(done, total, "optimizing")
                    self.index.optimize()
                    self._since_optimize = 0
                # A full sync ends durable. Watcher batches leave the saving to
                # checkpoint() (called when idle) and close(): a save costs tens of
                # milliseconds on a big vault, and should the process die first, the next
                # start recovers the manifest from the index.
                if targets is None:
                    self._save(manifest, force=True)
                report.seconds = time.monotonic() - started
                yield IndexProgress(total, total, "done")
            except _Cancelled:
                report.cancelled = True
                if self._manifest is not None:
                    self._save(self._manifest, force=True)
                report.seconds = time.monotonic() - started
                yield IndexProgress(0, 0, "cancelled")
            except GeneratorExit:
                # The consumer stopped iterating: keep what was done.
                if self._manifest is not None:
                    self._save(self._manifest, force=True)
                report.cancelled = True
                raise

    def _check_cancel(self) -> None:
        if self._cancel.is_set():
            raise _Cancelled

    def _header(self) -> dict[str, Any]:
        if self._header_cache is None:
            self._header_cache = {
                "schema": MANIFEST_SCHEMA,
                "layout": INDEX_LAYOUT_VERSION,
                "embedder": self.embedder.name,
                "dim": self.embedder.dim,
                "max_chars": self.max_chars,
            }
        return self._header_cache

    def _load_manifest(
        self, report: IndexReport, *, check: bool = True, rebuild: bool = False
    ) -> Manifest:
        """The manifest, made to agree with the index.

        An index that was reset, or a manifest written for another embedder or layout,
        means starting from scratch. A manifest that is merely missing, unreadable or
        out of step (a crash between writing the index and saving the manifest) is
        recovered from the payloads in the index: nothing is re-embedded, and every
        note is then compared with the vault by its content hash.
        """
        manifest = self._manifest
        reset: str | None = None
        recover: str | None = None
        if manifest is None:
            manifest, problem = Manifest.load(self.manifest_path, self._header())
            check = True
            if self.index.reset_reason is not None:
                reset = self.index.reset_reason
            elif problem is not None and problem.startswith(FORMAT_CHANGED):
                reset = problem
            elif problem is not None and (problem != NO_MANIFEST or self.index.count() > 0):
                recover = problem
        if rebuild:
            reset = "rebuild requested"
        if reset is None and recover is None and check:
            stored = self.index.count()
            expected = manifest.total_chunks()
            if stored != expected:
                recover = f"index holds {stored} chunks, the manifest {expected}"
        if reset is not None:
            log.info("rebuilding the search index: %s", reset)
            report.rebuilt = reset
            self.index.clear()
            manifest = Manifest(self.manifest_path, self._header())
            manifest.dirty = True
        elif recover is not None:
            log.info("recovering the index manifest from the index: %s", recover)
            report.recovered = recover
            manifest = self._manifest_from_index()
        self._manifest = manifest
        return manifest

    def _manifest_from_index(self) -> Manifest:
        found: dict[str, dict[int, ChunkRecord]] = {}
        for record in self.index.records():
            found.setdefault(record.path, {})[record.chunk_index] = record
        manifest = Manifest(self.manifest_path, self._header())
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

    # -- planning -----------------------------------------------------------------------------
    def _scan_vault(self) -> dict[str, tuple[int, int]]:
        """Every note in the vault with its (mtime_ns, size): one directory walk, one
        ``stat`` per file. Skips what :meth:`Vault.iter_notes` skips."""
        root = self.vault.root
        found: dict[str, tuple[int, int]] = {}
        stack = [(root, "")]
        while stack:
            folder, prefix = stack.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                name = entry.name
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if name not in IGNORED_DIRS:
                            stack.append((Path(entry.path), f"{prefix}{name}/"))
                        continue
                    if not name.lower().endswith(".md"):
                        continue
                    if entry.is_symlink():
                        real = Path(entry.path).resolve()
                        if root not in real.parents:
                            continue
                    st = entry.stat()
                except OSError:
                    continue
                found[prefix + name] = (st.st_mtime_ns, st.st_size)
        return found

    def _candidates(self, manifest: Manifest, targets: set[str]) -> list[str]:
        out: set[str] = set()
        for raw in targets:
            rel = raw.strip("/")
            if not rel:
                continue
            out.add(rel)
            if not rel.lower().endswith(".md"):  # maybe a folder: expand it
                prefix = rel + "/"
                out.update(p for p in manifest.notes if p.startswith(prefix))
                out.update(self._notes_under(rel))
        return sorted(out)

    def _notes_under(self, rel: str) -> list[str]:
        try:
            base = self.vault.resolve(rel)
        except PathOutsideVault:
            return []
        if not base.is_dir() or is_ignored(rel):
            return []
        found: list[str] = []
        for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
            dirnames[:] = [d for d in dirnames if d not in IGNORED_DIRS]
            for name in filenames:
                if name.lower().endswith(".md"):
                    found.append(self.vault.rel(Path(dirpath) / name))
        return found

    def _plan(
        self, manifest: Manifest, targets: set[str] | None, report: IndexReport
    ) -> tuple[list[_Todo], list[str]]:
        todo: list[_Todo] = []
        gone: list[str] = []
        if targets is None:
            on_disk = self._scan_vault()
            candidates = sorted(on_disk.keys() | manifest.notes.keys())
        else:
            on_disk = {}
            candidates = self._candidates(manifest, targets)
        for rel in candidates:
            entry = manifest.notes.get(rel)
            if targets is None:
                stat = on_disk.get(rel)
                state = None if stat is None else self._disk_state(
                    rel, entry, manifest, report, stat
                )
            else:
                state = self._disk_state(rel, entry, manifest, report)
            if state is None:
                if entry is not None:
                    gone.append(rel)
            elif state != "same":
                todo.append(_Todo(rel, state))
        return todo, gone

    def _disk_state(
        self,
        rel: str,
        entry: NoteEntry | None,
        manifest: Manifest,
        report: IndexReport,
        stat: tuple[int, int] | None = None,
    ) -> str | None:
        """None: not an indexable note; "same": unchanged; else the new content hash.

        ``stat`` is the (mtime_ns, size) a full scan already found; without it the file
        is looked up (safely: paths leaving the vault count as absent).
        """
        if not rel.lower().endswith(".md") or is_ignored(rel):
            return None
        if stat is None:
            try:
                path = self.vault.resolve(rel)
                st = path.stat()
            except (PathOutsideVault, OSError):
                return None
            if not path.is_file():
                return None
            stat = (st.st_mtime_ns, st.st_size)
        if entry is not None and (entry.mtime_ns, entry.size) == stat:
            return "same"
        try:
            data, st = self.vault.read_bytes_checked(rel)
            decode_note_bytes(rel, data)
        except SkippedFile as exc:
            report.skipped.append((rel, exc.reason))
            return None
        except (OSError, PathOutsideVault):
            return None
        sha = content_hash(data)
        if entry is not None and entry.sha256 == sha:
            entry.mtime_ns, entry.size = st.st_mtime_ns, st.st_size
            manifest.dirty = True
            return "same"
        return sha

    # -- indexing -------------------------------------------------------------------------------
    def _index_notes(
        self,
        manifest: Manifest,
        todo: list[_Todo],
        gone: list[str],
        report: IndexReport,
        done: int,
    ) -> Iterator[int]:
        # Vectors that may be reused: every chunk of a note about to change or go away.
        reusable: dict[str, str] = {}
        for rel in [*gone, *(t.path for t in todo)]:
            entry = manifest.notes.get(rel)
            if entry is not None:
                for i, chunk_hash in enumerate(entry.chunks):
                    reusable.setdefault(chunk_hash, point_id(rel, i))
        gone_by_hash: dict[str, list[str]] = {}
        for rel in gone:
            gone_by_hash.setdefault(manifest.notes[rel].sha256, []).append(rel)

        batch: list[_Built] = []
        pending = 0
        for item in todo:
            self._check_cancel()
            built = self._build(item, report)
            done += 1
            if built is None:
                if item.path in manifest.notes:
                    gone.append(item.path)
                continue
            old = manifest.notes.get(item.path)
            if old is not None:
                report.updated += 1
            elif gone_by_hash.get(built.entry.sha256):
                self._moved_from.add(gone_by_hash[built.entry.sha256].pop())
                report.moved += 1
            else:
                report.added += 1
            report.changed_paths.append(item.path)
            batch.append(built)
            pending += len(built.records)
            if pending >= self.batch_chunks:
                self._write_batch(manifest, batch, reusable, report)
                batch, pending = [], 0
                yield done
        if batch:
            self._write_batch(manifest, batch, reusable, report)
        yield done

    def _build(self, item: _Todo, report: IndexReport) -> _Built | None:
        try:
            data, st = self.vault.read_bytes_checked(item.path)
            text = decode_note_bytes(item.path, data)
        except SkippedFile as exc:
            report.skipped.append((item.path, exc.reason))
            return None
        except (OSError, PathOutsideVault):
            return None
        sha = content_hash(data)
        try:
            records = note_records(item.path, text, sha, st.st_mtime, self.max_chars)
        except Exception as exc:  # a parser bug must not stop the whole vault
            log.exception("cannot index %s", item.path)
            report.skipped.append((item.path, f"could not be parsed ({exc})"))
            return None
        entry = NoteEntry(sha, st.st_mtime_ns, st.st_size, [r.chunk_hash for r, _ in records])
        return _Built(item.path, entry, records)

    def _write_batch(
        self,
        manifest: Manifest,
        batch: list[_Built],
        reusable: dict[str, str],
        report: IndexReport,
    ) -> None:
        records = [pair for built in batch for pair in built.records]
        wanted = {reusable[r.chunk_hash] for r, _ in records if r.chunk_hash in reusable}
        stored = self.index.fetch(sorted(wanted), with_vectors=True) if wanted else {}
        vectors: list[list[float] | None] = []
        to_embed: list[str] = []
        for record, text in records:
            source = reusable.get(record.chunk_hash)
            point = stored.get(source) if source is not None else None
            # The id may have been overwritten earlier in this run: check it is that text.
            if (
                point is not None
                and point.vector is not None
                and point.record.chunk_hash == record.chunk_hash
            ):
                vectors.append(point.vector)
                report.reused_vectors += 1
            else:
                vectors.append(None)
                to_embed.append(text)
        fresh = iter(self.embedder.embed_documents(to_embed) if to_embed else [])
        self.embeddings_computed += len(to_embed)
        report.embeddings += len(to_embed)
        points: list[IndexPoint] = []
        for (record, _), vector in zip(records, vectors, strict=True):
            points.append(IndexPoint(record, vector if vector is not None else next(fresh)))
        if points:
            self.index.upsert(points)
        stale: list[str] = []
        for built in batch:
            old = manifest.notes.get(built.path)
            if old is not None:
                stale.extend(
                    point_id(built.path, i)
                    for i in range(len(built.entry.chunks), len(old.chunks))
                )
            manifest.notes[built.path] = built.entry
        if stale:
            self.index.delete(stale)
        manifest.dirty = True
        report.chunks_written += len(points)
        self._since_optimize += len(points)
        self._wrote(len(points) + len(stale))
        if self._full_run:  # a long sync keeps its progress now and then
            self._save(manifest)

    def _wrote(self, points: int) -> None:
        """Count points written or deleted; flush once ``flush_every`` have piled up."""
        self._unflushed += points
        if self._unflushed >= self.flush_every:
            self._flush()

    def _flush(self) -> None:
        self.index.flush()
        self._unflushed = 0

    def _remove_notes(
        self, manifest: Manifest, gone: list[str], report: IndexReport, done: int
    ) -> int:
        ids: list[str] = []
        for rel in dict.fromkeys(gone):
            entry = manifest.notes.pop(rel, None)
            if entry is None:
                continue
            ids.extend(point_id(rel, i) for i in range(len(entry.chunks)))
            report.changed_paths.append(rel)
            if rel not in self._moved_from:  # a move counts as moved, not also as removed
                report.removed += 1
            done += 1
        step = max(1, self.flush_every)
        for start in range(0, len(ids), step):
            part = ids[start : start + step]
            self.index.delete(part)
            self._wrote(len(part))
        if ids:
            manifest.dirty = True
        return done

    def _save(self, manifest: Manifest, *, force: bool = False) -> None:
        """Save the manifest when forced or every ``save_interval_s``. Should the process
        die in between, the next start recovers the manifest from the index."""
        if not manifest.dirty:
            return
        now = time.monotonic()
        if force or now - self._last_save >= self.save_interval_s:
            if force:
                self._flush()
            manifest.save()
            self._last_save = now


def drain(steps: Iterator[IndexProgress]) -> None:
    """Run an indexing generator to the end, ignoring its progress."""
    for _ in steps:
        pass
