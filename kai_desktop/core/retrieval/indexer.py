"""Keeps the search index in step with the vault, touching only what changed.

A run has two halves. The keyword half writes every changed chunk with its text, so
keyword search finds a new vault's notes within seconds; chunks whose embedded text is
unchanged keep their vector, the others are written without one. The dense half then
embeds those (:mod:`kai_desktop.core.retrieval.vectors`), and hybrid search uses each
vector as soon as it is written. The window runs the halves as separate jobs
(``vectors=False``, then :meth:`IncrementalIndexer.fill_vectors`), so an edit never
waits behind a vault being embedded.

A run compares the vault against the manifest
(:mod:`kai_desktop.core.retrieval.manifest`):

* unchanged notes (same size and mtime, or same hash) cost one ``stat`` and nothing else;
* a changed note is re-chunked; chunks whose embedded text is unchanged keep their vector;
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
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import Any

from kai_desktop.core.retrieval.changes import IndexProgress, IndexReport, Phase, VaultChange
from kai_desktop.core.retrieval.kept_texts import KeptTexts
from kai_desktop.core.retrieval.manifest import MANIFEST_SCHEMA, Manifest, manifest_agreeing_with
from kai_desktop.core.retrieval.note_builds import (
    PARALLEL_MIN_NOTES,
    built_notes,
    default_workers,
)
from kai_desktop.core.retrieval.note_records import ChunkFit, NoteOutcome
from kai_desktop.core.retrieval.note_writes import NoteWriter
from kai_desktop.core.retrieval.planning import Todo, plan_run
from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
from kai_desktop.core.retrieval.records import INDEX_LAYOUT_VERSION
from kai_desktop.core.retrieval.token_fit import (
    SPECIAL_TOKENS,
    chunk_fit,
    standalone_tokenizer,
    token_aware,
    token_lengths,
)
from kai_desktop.core.retrieval.vectors import VectorBacklog, fill_vectors
from kai_desktop.core.vault.files import Vault

FOREGROUND_POLL_S = 0.05
"""How often paused embedding looks whether the model has finished."""

Steps = Generator[IndexProgress, None, None]
"""A run: its progress, stopped early by ``close()`` (what was written is kept)."""


class _Cancelled(Exception):
    pass


class IncrementalIndexer(NoteWriter):
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
        batch_chunks: int = 1024,
        embed_batch: int = 16,
        optimize_after: int = 2000,
        save_interval_s: float = 10.0,
        flush_every: int = 8192,
        workers: int | None = None,
        parallel_min_notes: int = PARALLEL_MIN_NOTES,
    ) -> None:
        """``batch_chunks``: chunks written to the index together (each write has a cost
        of its own: 12,000 chunks took about a quarter less CPU in writes of 1,024 than
        of 64, Qdrant Edge 0.9; a stop is still seen between two notes).

        ``embed_batch``: texts sent to the embedder at once; a cancel is seen between two
        such calls, so a large note never holds a stop for longer than one of them.

        ``flush_every``: flush the index after this many points written, deleted or given
        a vector. The embedded index holds the interpreter lock while it flushes, for a
        time that grows with the whole shard, not with what is pending (Qdrant Edge 0.9:
        about 0.2 s for a flush of ten points into 8,000, 0.5 s into 25,000): flushing
        every few hundred points made indexing a large vault quadratic. What is not
        flushed is in the index's write-ahead log, and a run ends with a flush.

        ``workers``: processes that read and cut notes for a run of at least
        ``parallel_min_notes`` notes (or a few megabytes; see
        :mod:`~kai_desktop.core.retrieval.note_builds`); None: one per core (at most
        four); 1: everything in this process.
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
        self.workers = default_workers() if workers is None else workers
        self.parallel_min_notes = parallel_min_notes
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
        self._token_aware = token_aware(embedder)
        self._backlog, self._kept = VectorBacklog(), KeptTexts()
        self.foreground_busy: Callable[[], bool] | None = None
        """Set by the app: True while the model answers. Dense embedding waits for it to
        finish (on a few CPU cores the two would slow each other many times over); the
        keyword half, which keeps search fresh, never waits."""

    # -- public ---------------------------------------------------------------------------
    @property
    def last_report(self) -> IndexReport | None:
        return self._last_report

    def cancel(self) -> None:
        """Ask the running run to stop after its current batch; what was written is kept.
        (A run that starts later is not affected.)"""
        self._cancel.set()

    def sync(self, *, rebuild: bool = False, vectors: bool = True) -> Steps:
        """Compare the whole vault with the index and fix every difference; without
        ``vectors`` only the keyword half runs (see :meth:`fill_vectors`)."""
        return self._run(None, rebuild=rebuild, vectors=vectors)

    def apply_steps(
        self, changes: Sequence[VaultChange], *, vectors: bool = True
    ) -> Steps:
        """Bring the paths named by a watcher batch in step (folders are expanded)."""
        targets: set[str] = set()
        for change in changes:
            targets.update(change.paths)
        return self._run(targets, rebuild=False, vectors=vectors)

    def fill_vectors(self) -> Steps:
        """Embed every chunk stored without a dense vector (phase ``embedding``)."""
        return self._run(set(), rebuild=False, vectors=True)

    @property
    def pending_vectors(self) -> int:
        """Chunks stored without a dense vector, as far as this indexer knows (0 before
        its first run)."""
        with self._lock:
            return len(self._backlog) if self._backlog.loaded else 0

    def count_pending_vectors(self) -> int:
        """Chunks stored without a dense vector (read from the index if no run has yet)."""
        with self._lock:
            if not self._backlog.loaded:
                self._backlog.load(self.index)
            return len(self._backlog)

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

    def close(self, *, flush: bool = True) -> None:
        """Save the manifest; flush what was written since the last flush, unless the caller
        closes the index next (``flush=False``), which flushes. The index stays open."""
        with self._lock:
            if self._manifest is not None and self._manifest.dirty:
                self._manifest.save()
            if flush and self._unflushed:
                self._flush()

    # -- one run ------------------------------------------------------------------------------
    def _run(
        self, targets: set[str] | None, *, rebuild: bool, vectors: bool
    ) -> Steps:
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
                total = 0
                if targets is None or targets:
                    total = yield from self._keyword_steps(manifest, targets, report)
                if vectors:
                    yield from self._vector_steps(report)
                report.vectors_pending = len(self._backlog)
                if self._since_optimize >= self.optimize_after and not report.vectors_pending:
                    yield IndexProgress(total, total, "optimizing")
                    self.index.optimize()
                    self._since_optimize, self._unflushed = 0, self._unflushed + 1
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
                self._stopped(report, started)
                yield IndexProgress(0, 0, "cancelled")
            except GeneratorExit:
                # The consumer stopped iterating: keep what was done.
                report.cancelled = True
                self._stopped(report, started)
                raise

    def _stopped(self, report: IndexReport, started: float) -> None:
        if self._manifest is not None:
            self._save(self._manifest, force=True)
        if self._backlog.loaded:
            report.vectors_pending = len(self._backlog)
        report.seconds = time.monotonic() - started

    def _keyword_steps(
        self, manifest: Manifest, targets: set[str] | None, report: IndexReport
    ) -> Generator[IndexProgress, None, int]:
        """The keyword half: changed notes written (reused vectors or none), gone ones
        removed. Returns the number of notes it looked at."""
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
        self._remove_notes(manifest, gone, report, done)
        return total

    def _vector_steps(self, report: IndexReport) -> Iterator[IndexProgress]:
        """The dense half: every chunk without a vector embedded, batch by batch."""
        total = len(self._backlog)
        yield IndexProgress(0, total, "embedding")
        steps = fill_vectors(
            self._backlog,
            self._texts_of,
            self.index,
            self.embedder,
            check_cancel=self._before_embedding,
            measure=self._measure(),
            embed_batch=self.embed_batch,
        )
        done = 0
        for now_done in steps:
            fresh, done = now_done - done, now_done
            report.embeddings += fresh
            self.embeddings_computed += fresh
            self._since_optimize += fresh
            self._wrote(fresh)
            yield IndexProgress(min(done, total), total, "embedding")

    def _built_notes(self, todo: list[Todo]) -> Generator[NoteOutcome, None, None]:
        fit = self._fit()
        standalone = None
        if fit is not None and self.workers > 1:
            standalone = standalone_tokenizer(self.embedder)
        return built_notes(
            self.vault, todo, self.max_chars, fit, workers=self.workers,
            tokenizer=standalone, stopped=self._cancel.is_set,
            min_notes=self.parallel_min_notes,
        )

    def _fit(self) -> ChunkFit | None:
        aware = self._token_aware
        return None if aware is None else chunk_fit(aware)

    def _measure(self) -> Callable[[list[str]], list[int]] | None:
        """Texts' lengths in the model's tokens, as it reads them (at most its limit)."""
        aware = self._token_aware
        if aware is None:
            return None
        most = aware.max_tokens - SPECIAL_TOKENS
        counts = getattr(aware, "token_counts_many", None)
        return lambda texts: [
            min(n, most) for n in token_lengths(texts, aware.token_spans_many, counts)
        ]

    def _check_cancel(self) -> None:
        if self._cancel.is_set():
            raise _Cancelled

    def _before_embedding(self) -> None:
        """Stop when asked; while the model is answering, wait (a cancel still stops)."""
        self._check_cancel()
        busy = self.foreground_busy
        while busy is not None and busy():
            self._cancel.wait(FOREGROUND_POLL_S)
            self._check_cancel()

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
        if report.rebuilt:
            self._backlog.reset()
        elif not self._backlog.loaded:
            self._backlog.load(self.index)
        return self._manifest

    # -- indexing -------------------------------------------------------------------------------


def drain(steps: Iterator[IndexProgress]) -> None:
    """Run an indexing generator to the end, ignoring its progress."""
    for _ in steps:
        pass
