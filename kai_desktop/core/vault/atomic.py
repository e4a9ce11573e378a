"""The one atomic writer, and the sweep of what a killed writer leaves behind.

Written here rather than taken from a library: the one that did this (atomicwrites) is no
longer maintained, and the temporary file must carry a name the vault walk recognises
(``.<name>.kai-<random>.tmp``), so that the watcher and the indexer ignore it and a start
after a crash can sweep it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from kai_desktop.core.vault.walk import WalkRules, temp_name_for, walk_vault


@contextlib.contextmanager
def atomic_output(path: Path) -> Iterator[BinaryIO]:
    """A binary file whose content replaces ``path`` atomically when the block ends.

    The bytes go to ``.<name>.kai-<random>.tmp`` in the same folder (created like any new
    file, so the umask applies; an existing file's permissions are kept), which is fsynced,
    renamed over ``path``, and the folder is fsynced so the rename itself survives a crash.
    If the block raises, the temp file is removed and ``path`` is untouched.
    """
    fd, tmp = create_temp(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)


def atomic_write(path: Path, data: bytes, *, check: Callable[[], bool] | None = None) -> bool:
    """Replace ``path`` with ``data`` atomically (see :func:`atomic_output`).

    ``check`` runs once the temp file is durable, right before the rename: when it returns
    False nothing is replaced, the temp file is removed, and False is returned.
    """
    fd, tmp = create_temp(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if check is not None and not check():
            tmp.unlink(missing_ok=True)
            return False
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)
    return True


def create_temp(path: Path) -> tuple[int, Path]:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = None
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = path.with_name(temp_name_for(path.name, secrets.token_hex(4)))
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        if mode is not None and hasattr(os, "fchmod"):
            with contextlib.suppress(OSError):
                os.fchmod(fd, mode)
        return fd, tmp


def fsync_dir(path: Path) -> None:
    """Make a rename or delete in folder ``path`` durable (POSIX; elsewhere a no-op)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)




def sweep_temp_files(root: Path, rules: WalkRules, *, older_than_s: float = 0.0) -> list[str]:
    """Remove the temporary files of atomic writes that a killed process left in the vault.

    Call it at start, before anything writes (a live write's temp file lasts milliseconds,
    but ``older_than_s`` spares any younger than that). Returns the vault paths removed.
    """
    removed: list[str] = []
    now = time.time()
    for rel in walk_vault(root, rules).temp_files:
        path = root / rel
        try:
            if now - path.lstat().st_mtime < older_than_s:
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(rel)
    return removed
