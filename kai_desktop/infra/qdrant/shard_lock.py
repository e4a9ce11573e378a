"""Who owns an Edge shard: an advisory lock file beside it, held while the index is open.

An embedded shard can be open in one process only. Before it touches the shard, the index
takes this lock without waiting: when another process (the running window) holds it, the
shard is in use, not broken, and nothing of it is moved, cleared or rebuilt. The lock is
the operating system's (``flock`` / ``LockFileEx`` through filelock), so a process that is
killed leaves no stale lock behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from filelock import FileLock, Timeout

from kai_desktop.core.retrieval.ports import IndexInUse

LOCK_FILE: Final = "edge.lock"

# How Qdrant Edge (and the systems under it) word a lock held by another process.
_LOCK_WORDS: Final = (
    "wouldblock",
    "would block",
    "resource temporarily unavailable",
    "locked a portion of the file",
    "being used by another process",
)


def is_lock_error(exc: BaseException) -> bool:
    """True when opening a shard failed because another process holds it."""
    text = str(exc).lower()
    return any(word in text for word in _LOCK_WORDS)


def in_use_message(directory: Path) -> str:
    return (
        f"the search index at {directory} is in use by another Kai process "
        "(the running window); it was left untouched"
    )


class ShardLock:
    """The lock of the index folder ``directory``; :meth:`acquire` never waits."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        # Not thread-local: the index may be opened on one thread and closed on another.
        # No soft fallback: a lock file left by a killed process must not look held.
        self._lock = FileLock(
            self.directory / LOCK_FILE, timeout=0, thread_local=False, fallback_to_soft=False
        )

    def acquire(self) -> None:
        """Take the lock, or raise :class:`IndexInUse` if another process has it."""
        self.directory.mkdir(parents=True, exist_ok=True)
        try:
            self._lock.acquire()
        except Timeout:
            raise IndexInUse(in_use_message(self.directory)) from None

    def release(self) -> None:
        if self._lock.is_locked:
            self._lock.release(force=True)


def index_in_use(directory: Path) -> bool:
    """Whether another process holds the index in ``directory`` now (a snapshot)."""
    if not (Path(directory) / LOCK_FILE).exists():
        return False
    lock = ShardLock(directory)
    try:
        lock.acquire()
    except IndexInUse:
        return True
    lock.release()
    return False
