"""One writer at a time per vault, across processes.

The vault's compare-and-swap check (hash on disk, then rename) is atomic only inside one
process. The window and ``kai-desktop mcp`` are two processes writing the same vault; if
one replaced a note between the other's check and its rename, an acknowledged write
would be lost. :func:`vault_write_lock` closes that gap: an advisory lock every Kai
process takes around a check-and-replace (and around a read-modify-write that must not
be interleaved). Editors that do not take it (Obsidian, sync tools) are still caught by
the hash check and never overwritten.

On POSIX the lock is ``flock`` on the vault folder itself, so nothing is created in the
vault; on Windows it is ``msvcrt.locking`` on ``.kai/write.lock`` (a folder Kai never
indexes). Within a process the lock is re-entrant and shared by all threads: a thread
that holds it may call code that takes it again.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Final

log = logging.getLogger(__name__)

_WINDOWS_LOCK_FILE: Final = (".kai", "write.lock")


class _ProcessLock:
    """A re-entrant lock on one vault: a thread lock, plus the OS lock while held."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._fd: int | None = None

    def acquire(self) -> None:
        self._thread_lock.acquire()
        try:
            if self._depth == 0:
                self._lock_os()
        except BaseException:
            self._thread_lock.release()
            raise
        self._depth += 1

    def release(self) -> None:
        self._depth -= 1
        try:
            if self._depth == 0:
                self._unlock_os()
        finally:
            self._thread_lock.release()

    def _open(self) -> int | None:
        if self._fd is not None:
            return self._fd
        try:
            if sys.platform != "win32":
                self._fd = os.open(self.root, os.O_RDONLY)
            else:
                lock_path = self.root.joinpath(*_WINDOWS_LOCK_FILE)
                lock_path.parent.mkdir(parents=True, exist_ok=True)
                self._fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            # A vault that vanished or cannot hold the lock file: writes still have the
            # in-process lock and the hash check; they fail on their own if the folder is
            # gone.
            log.debug("no inter-process lock for %s: %s", self.root, exc)
            return None
        return self._fd

    def _lock_os(self) -> None:
        fd = self._open()
        if fd is None:
            return
        if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            while True:
                try:
                    msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
                    break
                except OSError:
                    continue  # LK_LOCK gives up after ten seconds; keep waiting
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)

    def _unlock_os(self) -> None:
        fd = self._fd
        if fd is None:
            return
        if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)
        # held only while locked: one descriptor per vault ever opened would add up (a long
        # run that opens many vaults ran out of descriptors for select())
        self._fd = None
        os.close(fd)


_locks: dict[Path, _ProcessLock] = {}
_registry_lock = threading.Lock()


def _lock_for(root: Path) -> _ProcessLock:
    key = Path(root).resolve()
    with _registry_lock:
        lock = _locks.get(key)
        if lock is None:
            lock = _locks[key] = _ProcessLock(key)
        return lock


@contextlib.contextmanager
def vault_write_lock(root: Path) -> Iterator[None]:
    """Hold the vault's write lock (blocking) for the duration of the ``with`` block."""
    lock = _lock_for(root)
    lock.acquire()
    try:
        yield
    finally:
        lock.release()
