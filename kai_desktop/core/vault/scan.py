"""Reading a whole vault into a link graph: every note parsed, every problem recorded."""

from __future__ import annotations

import itertools
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from kai_desktop.core.runtime.gc_policy import collection_paused
from kai_desktop.core.vault.files import SkippedFile, Vault, VaultError
from kai_desktop.core.vault.link_graph import LinkGraph, build_link_graph
from kai_desktop.core.vault.link_resolver import is_note_path
from kai_desktop.core.vault.notes import ParsedNote, parse_note
from kai_desktop.core.vault.walk import Skipped


@dataclass(frozen=True, slots=True)
class ScanProgress:
    done: int
    total: int


@dataclass(slots=True)
class VaultScan:
    graph: LinkGraph
    skipped: list[Skipped]


_PARALLEL_MIN_NOTES: Final = 1000  # below this, starting worker processes costs more
_BATCH: Final = 200  # notes per job sent to a worker process
_PROGRESS_EVERY: Final = 256  # notes between two progress reports


def iter_scan_vault(vault: Vault, *, workers: int = 1) -> Generator[ScanProgress, None, VaultScan]:
    """Read and parse every note, then resolve links; yields progress now and then.

    Files that cannot be read (binary, not UTF-8, too large, unreadable) are recorded in
    :attr:`VaultScan.skipped` with the reason; a skipped note is still a node of the graph,
    so links to it resolve. What the vault's walk leaves out with a reason (a symlink loop,
    a link out of the vault) is recorded there too, and is no node. Nothing is ever written.

    With ``workers`` > 1 and a large vault, notes are read and parsed in that many worker
    processes (each through its own read-only :class:`Vault` on the same folder, so the
    hashes this ``vault`` remembers for compare-and-swap writes are left alone). They are
    started with "spawn", which is safe from a program with threads; a frozen application
    must call :func:`multiprocessing.freeze_support` in its entry point.

    Python's cyclic garbage collector is paused while the scan works (see
    :func:`~kai_desktop.core.runtime.gc_policy.collection_paused`: nothing here makes
    reference cycles, and reference counting still frees everything), never while it
    waits at a ``yield``.
    """
    listing = vault.listing()
    files = [f.rel for f in listing.files]
    total = len(files)
    attachments = [rel for rel in files if not is_note_path(rel)]
    note_paths = [rel for rel in files if is_note_path(rel)]
    parsed: list[ParsedNote] = []
    unreadable: dict[str, str] = {}
    skipped: list[Skipped] = list(listing.skipped)
    done = len(attachments)
    if workers > 1 and len(note_paths) >= _PARALLEL_MIN_NOTES:
        results = _parse_in_processes(vault, note_paths, workers)
    else:
        results = (_read_and_parse(vault, rel) for rel in note_paths)
    while True:
        with collection_paused():
            count = 0
            for rel, note, reason in itertools.islice(results, _PROGRESS_EVERY):
                count += 1
                if note is not None:
                    parsed.append(note)
                elif reason is not None:
                    unreadable[rel] = reason
                    skipped.append(Skipped(rel, reason))
        done += count
        if count < _PROGRESS_EVERY:
            break
        yield ScanProgress(done, total)
    with collection_paused():
        graph = build_link_graph(parsed, attachments, unreadable)
    yield ScanProgress(total, total)
    return VaultScan(graph, skipped)


def scan_vault(vault: Vault, *, workers: int = 1) -> VaultScan:
    """:func:`iter_scan_vault` run to the end."""
    gen = iter_scan_vault(vault, workers=workers)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            result: VaultScan = stop.value
            return result


_Result = tuple[str, ParsedNote | None, str | None]  # path, note, why it was skipped


def _parse_in_processes(vault: Vault, paths: list[str], workers: int) -> Iterator[_Result]:
    """Read and parse notes in worker processes; results in the order of ``paths``.

    If the workers cannot start or die (no way to spawn processes, a ``__main__`` that
    is not import-safe), the notes not yet parsed are parsed here instead.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    done = 0
    pool = None
    try:
        pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn")
        )
        root, limit = str(vault.root), vault.max_file_bytes
        jobs = [
            pool.submit(_scan_batch, root, limit, paths[i : i + _BATCH])
            for i in range(0, len(paths), _BATCH)
        ]
        for job in jobs:
            for result in job.result():
                yield result
                done += 1
    except (BrokenProcessPool, OSError):
        yield from (_read_and_parse(vault, rel) for rel in paths[done:])
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _scan_batch(root: str, max_file_bytes: int, paths: list[str]) -> list[_Result]:
    """Runs in a worker process, with its own view of the same vault (it only reads)."""
    vault = Vault(Path(root), max_file_bytes)
    return [_read_and_parse(vault, rel) for rel in paths]


def _read_and_parse(vault: Vault, rel: str) -> _Result:
    text, reason = _read(vault, rel)
    return (rel, None, reason) if text is None else _parse(rel, text)


def _read(vault: Vault, rel: str) -> tuple[str | None, str | None]:
    """A note's text, or None and why (None, None: it vanished since the listing)."""
    try:
        return vault.read_text(rel).text, None
    except SkippedFile as exc:
        return None, exc.reason
    except FileNotFoundError:
        return None, None
    except (OSError, VaultError) as exc:
        return None, f"unreadable ({_describe(exc)})"


def _parse(rel: str, text: str) -> _Result:
    try:
        return rel, parse_note(rel, text), None
    except Exception as exc:  # a third-party parser on arbitrary user text: never crash
        return rel, None, f"could not be parsed ({_describe(exc)})"


def _describe(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
