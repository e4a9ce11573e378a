"""Notes read and cut into records for the keyword half: here, or in worker processes.

Reading, parsing, chunking and fitting a note to the model's tokens is most of the
keyword half's work, and it needs nothing but the note and the tokenizer. For a large
run (many notes, or many bytes) it is done in worker processes, a few notes per job,
while this process only writes what comes back to the index; a small run stays here, so
an edit never pays for starting processes.

The workers are started with "spawn" (safe from a program with threads; a frozen
application calls :func:`multiprocessing.freeze_support` in its entry point). Each has
its own read-only :class:`Vault` on the same folder and its own copy of the tokenizer (a
:class:`~kai_desktop.core.retrieval.token_fit.TokenAware` that can be pickled: the
embedder's ``standalone_tokenizer()``). Results come back in the order of the notes, so a
run gives the same index either way. A stop asked for while workers run ends them at
once (terminated, not waited for); workers that cannot start or die leave the notes not
yet built to this process.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from kai_desktop.core.retrieval.note_records import ChunkFit, NoteOutcome, read_note
from kai_desktop.core.retrieval.planning import Todo
from kai_desktop.core.retrieval.records import prepare
from kai_desktop.core.retrieval.token_fit import TokenAware, chunk_fit
from kai_desktop.core.runtime.gc_policy import collection_paused
from kai_desktop.core.vault.files import Vault

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

log = logging.getLogger(__name__)

PARALLEL_MIN_NOTES: Final = 400
"""Below this many notes (and :data:`PARALLEL_MIN_BYTES`), a run builds them here:
starting the workers costs about a second of CPU (imports, the tokenizer)."""
PARALLEL_MIN_BYTES: Final = 4 << 20
JOB_NOTES: Final = 32
"""Notes per job: small enough that results come back steadily and few wait in memory."""
JOB_BYTES: Final = 1 << 20
_POLL_S: Final = 0.05
"""How often a stop is looked for while waiting on a worker."""
_JOIN_S: Final = 1.0

_WORKER: dict[str, tuple[Vault, int, ChunkFit | None]] = {}
"""In a worker process: its vault, ``max_chars`` and fitter (set when it starts)."""


def built_notes(
    vault: Vault,
    todo: Sequence[Todo],
    max_chars: int,
    fit: ChunkFit | None,
    *,
    workers: int = 1,
    tokenizer: TokenAware | None = None,
    stopped: Callable[[], bool] = lambda: False,
    min_notes: int = PARALLEL_MIN_NOTES,
    min_bytes: int = PARALLEL_MIN_BYTES,
) -> Generator[NoteOutcome, None, None]:
    """Each note of ``todo`` read and cut (``fit``: to the model's tokens), in order.

    With ``workers`` > 1 and a run of at least ``min_notes`` notes or (two notes or more)
    ``min_bytes`` bytes, the notes are built in that many worker processes, fitted by ``tokenizer``
    (when ``fit`` is given and there is no ``tokenizer``, everything stays here). The
    records of a note built by a worker carry no embedding text (the keyword half needs
    none). When ``stopped()`` turns true the workers are ended and the iteration stops.
    """
    # One note goes to one worker, however large: it is cut here. Notes over the size
    # limit are only skipped.
    size = sum(t.size for t in todo if t.size <= vault.max_file_bytes)
    big = len(todo) >= min_notes or (len(todo) > 1 and size >= min_bytes)
    if workers > 1 and big and (fit is None or tokenizer is not None):
        fitter = None if fit is None else tokenizer
        yield from _in_processes(
            vault, todo, max_chars, tokenizer=fitter, workers=workers, stopped=stopped
        )
    else:
        yield from _here(vault, [t.path for t in todo], max_chars, fit, stopped)


def default_workers(most: int = 4) -> int:
    """One worker per core, at most ``most``."""
    return max(1, min(most, os.cpu_count() or 1))


def jobs_of(todo: Sequence[Todo]) -> list[list[str]]:
    """The notes cut into jobs of at most :data:`JOB_NOTES` notes or :data:`JOB_BYTES`
    bytes (a bigger note goes alone)."""
    jobs: list[list[str]] = []
    current: list[str] = []
    size = 0
    for item in todo:
        if current and (len(current) >= JOB_NOTES or size + item.size > JOB_BYTES):
            jobs.append(current)
            current, size = [], 0
        current.append(item.path)
        size += item.size
    if current:
        jobs.append(current)
    return jobs


def _in_processes(
    vault: Vault,
    todo: Sequence[Todo],
    max_chars: int,
    *,
    tokenizer: TokenAware | None,
    workers: int,
    stopped: Callable[[], bool],
) -> Generator[NoteOutcome, None, None]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    jobs = jobs_of(todo)
    done = 0
    pool: ProcessPoolExecutor | None = None
    finished = broken = False
    try:
        pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(str(vault.root), vault.max_file_bytes, max_chars, tokenizer),
        )
        waiting: deque[tuple[list[str], Future[list[NoteOutcome]]]] = deque()
        queued = 0
        while waiting or queued < len(jobs):
            while queued < len(jobs) and len(waiting) < 2 * workers:
                waiting.append((jobs[queued], pool.submit(_build_job, jobs[queued])))
                queued += 1
            paths, job = waiting.popleft()
            while not job.done():
                if stopped():
                    return
                wait([job], timeout=_POLL_S)
            for outcome in _job_result(job, vault, paths, max_chars, tokenizer):
                yield outcome
                done += 1
        finished = True
    except (BrokenProcessPool, OSError):
        log.warning("worker processes could not start or died; cutting notes here",
                    exc_info=True)
        broken = True
    finally:
        if pool is not None:
            close_pool(pool, wait_for_workers=finished)
    if broken:
        fit = None if tokenizer is None else chunk_fit(tokenizer)
        yield from _here(vault, [t.path for t in todo[done:]], max_chars, fit, stopped)


def _here(
    vault: Vault, paths: list[str], max_chars: int, fit: ChunkFit | None,
    stopped: Callable[[], bool],
) -> Generator[NoteOutcome, None, None]:
    for rel in paths:
        if stopped():
            return
        yield read_note(vault, rel, max_chars, fit)


def _job_result(
    job: Future[list[NoteOutcome]],
    vault: Vault,
    paths: list[str],
    max_chars: int,
    tokenizer: TokenAware | None,
) -> list[NoteOutcome]:
    """What a finished job gave; if it failed as a whole (not one note: read_note reports
    those), its notes cut here."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return job.result()
    except BrokenProcessPool:
        raise
    except Exception:
        log.exception("a worker could not cut %d notes; cutting them here", len(paths))
        fit = None if tokenizer is None else chunk_fit(tokenizer)
        return [read_note(vault, rel, max_chars, fit) for rel in paths]


def close_pool(pool: ProcessPoolExecutor, *, wait_for_workers: bool) -> None:
    """Shut the pool down; unless its work is done, end its workers now (a job on a huge
    note may run for seconds, and a stop must not wait for it).

    A worker ended while it was sending a result leaves half a message in the result pipe,
    and the pool's manager thread then waits for the rest for ever: this process holds the
    pipe's other writing end, so no end of file comes. That thread is joined at exit, so
    the process would never end. Closing that end once the workers are gone lets the
    manager see the end of file, mark the pool broken and finish."""
    if wait_for_workers:
        pool.shutdown(wait=True)
        return
    # Taken before the shutdown, which lets go of them. The dict is the one the pool's
    # manager thread adds a worker it starts to.
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    _terminate(list(processes.values()))
    if results is not None:  # this process never writes results; its workers are gone
        results._writer.close()
    if manager is not None:  # once it has ended, no worker can be starting
        manager.join(_JOIN_S)
    _terminate(list(processes.values()))
    if manager is not None and manager.is_alive():
        log.warning("the note workers' manager thread did not end")


def _terminate(processes: list[Any]) -> None:
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(_JOIN_S)


def _start_worker(root: str, max_file_bytes: int, max_chars: int, tokenizer: Any) -> None:
    """In a worker process: its own view of the vault (it only reads) and fitter."""
    # Each worker is one of several processes on the cores: the tokenizer's own thread
    # pool would only add contention.
    os.environ["TOKENIZERS_PARALLELISM"] = "false"
    fit = None if tokenizer is None else chunk_fit(tokenizer)
    _WORKER["state"] = (Vault(Path(root), max_file_bytes), max_chars, fit)


def _build_job(paths: list[str]) -> list[NoteOutcome]:
    """In a worker process: the notes of one job, without their embedding texts, with
    their points' ids and payloads made (that is work taken off the writing process)."""
    vault, max_chars, fit = _WORKER["state"]
    out: list[NoteOutcome] = []
    with collection_paused():
        for rel in paths:
            outcome = read_note(vault, rel, max_chars, fit)
            built = outcome.built
            if built is not None:
                built.records = [(record, "") for record, _ in built.records]
                built.prepared = [prepare(record) for record, _ in built.records]
            out.append(outcome)
    return out
