"""The writing side of the indexer: changed notes written as chunks (with the vectors they
already had, or none yet), gone notes removed, and the pacing of flushes and manifest saves.

:class:`NoteWriter` is the base of
:class:`~kai_desktop.core.retrieval.indexer.IncrementalIndexer`, which holds the run's
state; it is kept apart so that each file reads as one job.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING

from kai_desktop.core.retrieval.changes import IndexReport
from kai_desktop.core.retrieval.kept_texts import KeptTexts
from kai_desktop.core.retrieval.manifest import Manifest
from kai_desktop.core.retrieval.note_records import BuiltNote, ChunkFit, NoteOutcome, build_note
from kai_desktop.core.retrieval.planning import Todo
from kai_desktop.core.retrieval.records import IndexPoint, Prepared, point_id
from kai_desktop.core.retrieval.vectors import VectorBacklog, reused_vectors
from kai_desktop.core.runtime.gc_policy import collection_paused
from kai_desktop.core.runtime.heap_trim import release_freed_heap

if TYPE_CHECKING:
    from kai_desktop.core.retrieval.ports import SearchIndex
    from kai_desktop.core.vault.files import Vault


class NoteWriter:
    """Writes notes into the index and keeps the manifest and vector backlog in step."""

    vault: Vault
    index: SearchIndex
    max_chars: int
    batch_chunks: int
    flush_every: int
    save_interval_s: float
    _backlog: VectorBacklog
    _kept: KeptTexts
    _moved_from: set[str]
    _full_run: bool
    _unflushed: int
    _since_optimize: int
    _last_save: float

    def _check_cancel(self) -> None:
        raise NotImplementedError

    def _built_notes(self, todo: list[Todo]) -> Generator[NoteOutcome, None, None]:
        """Each note of ``todo`` read and cut, in order (stops early when cancelled)."""
        raise NotImplementedError

    def _fit(self) -> ChunkFit | None:
        """The fitter of chunks to the model's tokens (None: cut by characters)."""
        raise NotImplementedError

    def _texts_of(self, path: str, waiting: dict[int, str]) -> dict[int, str]:
        """The embedding texts of ``path``'s waiting chunks that are still what the index
        holds: kept from the keyword half, or the note read and cut again."""
        kept = self._kept.take(path, waiting)
        if kept is not None:
            return kept
        built = build_note(self.vault, path, self.max_chars, IndexReport(), self._fit())
        if built is None:
            return {}
        return {
            r.chunk_index: text
            for r, text in built.records
            if waiting.get(r.chunk_index) == r.chunk_hash
        }

    def _index_notes(
        self,
        manifest: Manifest,
        todo: list[Todo],
        gone: list[str],
        report: IndexReport,
        done: int,
    ) -> Iterator[int]:
        reusable, gone_by_hash = _reuse_maps(manifest, todo, gone)

        batch: list[BuiltNote] = []
        pending = 0
        # Closed here, not when collected: it may hold worker processes.
        with contextlib.closing(self._built_notes(todo)) as notes:
            for outcome in notes:
                self._check_cancel()
                built = outcome.report_to(report)
                done += 1
                if built is None:
                    if outcome.path in manifest.notes:
                        gone.append(outcome.path)
                    continue
                old = manifest.notes.get(outcome.path)
                if old is not None:
                    report.updated += 1
                elif gone_by_hash.get(built.entry.sha256):
                    self._moved_from.add(gone_by_hash[built.entry.sha256].pop())
                    report.moved += 1
                else:
                    report.added += 1
                report.changed_paths.append(outcome.path)
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
        # Points and payloads are many small objects, none in a cycle: no collection
        # needs to walk everything alive while they are made.
        with collection_paused():
            self._write_points(manifest, batch, reusable, report)
        # Reading, chunking and writing a batch frees many middle-sized blocks that malloc
        # keeps rather than returns: on a vault of a few huge notes the window kept about
        # 100 MB more than it used. Handing them back takes well under a millisecond.
        release_freed_heap()

    def _write_points(
        self,
        manifest: Manifest,
        batch: list[BuiltNote],
        reusable: dict[str, str],
        report: IndexReport,
    ) -> None:
        records = [pair for built in batch for pair in built.records]
        prepared: list[Prepared | None] = []
        for built in batch:
            prepared.extend(built.prepared or [None] * len(built.records))
        vectors = reused_vectors(records, reusable, self.index)
        report.reused_vectors += sum(v is not None for v in vectors)
        points = [
            IndexPoint(record, vector, ready)
            for (record, _), vector, ready in zip(records, vectors, prepared, strict=True)
        ]
        if points:
            self.index.upsert(points)
        waiting: dict[str, dict[int, str]] = {built.path: {} for built in batch}
        for point in points:
            if point.vector is None:
                waiting[point.record.path][point.record.chunk_index] = point.record.chunk_hash
        for built in batch:
            self._backlog.note_written(built.path, waiting[built.path])
            self._kept.keep(built.path, built.records, waiting[built.path])
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
            self._backlog.note_removed(rel)
            self._kept.forget(rel)
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


def _reuse_maps(
    manifest: Manifest, todo: list[Todo], gone: list[str]
) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Vectors that may be reused (chunk hash -> the point holding it: every chunk of a
    note about to change or go away) and the gone notes by content hash (moves)."""
    reusable: dict[str, str] = {}
    for rel in [*gone, *(t.path for t in todo)]:
        entry = manifest.notes.get(rel)
        if entry is not None:
            for i, chunk_hash in enumerate(entry.chunks):
                reusable.setdefault(chunk_hash, point_id(rel, i))
    gone_by_hash: dict[str, list[str]] = {}
    for rel in gone:
        gone_by_hash.setdefault(manifest.notes[rel].sha256, []).append(rel)
    return reusable, gone_by_hash
