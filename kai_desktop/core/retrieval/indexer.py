"""Keeps the search index in step with the vault, touching only what changed.

A run compares the vault against the manifest
(:mod:`kai_desktop.core.retrieval.manifest`):

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

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from kai_desktop.core.retrieval.changes import IndexProgress, IndexReport, Phase, VaultChange
from kai_desktop.core.retrieval.manifest import MANIFEST_SCHEMA, Manifest, manifest_agreeing_with
from kai_desktop.core.retrieval.note_records import BuiltNote, ChunkFit, build_note
from kai_desktop.core.retrieval.planning import Todo, plan_run
from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
from kai_desktop.core.retrieval.records import INDEX_LAYOUT_VERSION, IndexPoint, point_id
from kai_desktop.core.retrieval.token_fit import TokenAware, chunk_limit, fit_chunks
from kai_desktop.core.retrieval.vectors import vectors_for
from kai_desktop.core.vault.files import Vault


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
        embed_batch: int = 16,
        optimize_after: int = 2000,
        save_interval_s: float = 10.0,
        flush_every: int = 512,
    ) -> None:
        """``batch_chunks``: chunks written to the index together. ``embed_batch``: texts
        sent to the embedder at once; a cancel is seen between two such calls, so a large
        note never holds a stop for longer than one of them.

        ``flush_every``: flush the index after this many points written or deleted.
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
        self.embed_batch = embed_batch
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
        self._token_aware = _token_aware(embedder)

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
                todo, gone = plan_run(self.vault, manifest, targets, report)
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

    def _fit(self) -> ChunkFit | None:
        aware = self._token_aware
        if aware is None:
            return None
        limit = chunk_limit(aware)
        return lambda chunks: fit_chunks(chunks, aware.token_spans, limit)

    def _measure(self) -> Callable[[str], int] | None:
        aware = self._token_aware
        return None if aware is None else (lambda text: len(aware.token_spans(text)))

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
                "chunks_fit_tokens": self._token_aware is not None,
            }
        return self._header_cache

    def _load_manifest(
        self, report: IndexReport, *, check: bool = True, rebuild: bool = False
    ) -> Manifest:
        if self._manifest is None:
            check = True
        self._manifest = manifest_agreeing_with(
            self.index,
            self._manifest,
            self.manifest_path,
            self._header(),
            report,
            check=check,
            rebuild=rebuild,
        )
        return self._manifest

    # -- indexing -------------------------------------------------------------------------------
    def _index_notes(
        self,
        manifest: Manifest,
        todo: list[Todo],
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

        batch: list[BuiltNote] = []
        pending = 0
        for item in todo:
            self._check_cancel()
            built = build_note(self.vault, item.path, self.max_chars, report, self._fit())
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

    def _write_batch(
        self,
        manifest: Manifest,
        batch: list[BuiltNote],
        reusable: dict[str, str],
        report: IndexReport,
    ) -> None:
        records = [pair for built in batch for pair in built.records]
        got = vectors_for(
            records,
            reusable,
            self.index,
            self.embedder,
            embed_batch=self.embed_batch,
            check_cancel=self._check_cancel,
            measure=self._measure(),
        )
        self.embeddings_computed += got.embedded
        report.embeddings += got.embedded
        report.reused_vectors += got.reused
        points = [
            IndexPoint(record, vector)
            for (record, _), vector in zip(records, got.vectors, strict=True)
        ]
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


def _token_aware(embedder: Embedder) -> TokenAware | None:
    """The embedder when it can tokenise (checked on its class: asking the instance would
    load the model)."""
    kind = type(embedder)
    if callable(getattr(kind, "token_spans", None)) and hasattr(kind, "max_tokens"):
        return embedder  # type: ignore[return-value]
    return None


def drain(steps: Iterator[IndexProgress]) -> None:
    """Run an indexing generator to the end, ignoring its progress."""
    for _ in steps:
        pass
