"""The checked replace: closing, as far as POSIX allows, the window between the last hash
check of a file and its replacement, and keeping whatever another program still writes in it.

A plain ``os.replace`` after a hash check loses a foreign edit that lands in between: a
rename-over is unlinked, and an in-place write or append that opened the old file goes to an
inode nobody can see any more. Here:

1. The new bytes go to a temp file, which is fsynced first.
2. The old file is opened and hashed through that descriptor immediately before the swap.
3. On Linux the two names are exchanged atomically (``renameat2(RENAME_EXCHANGE)``), so the
   temp name ends up holding exactly the inode that was replaced: a foreign rename-over that
   landed after the check is found there instead of being destroyed. Elsewhere the old inode
   is snapshotted with a hard link just before ``os.replace``.
4. The replaced inode stays linked and open for a grace period (:class:`HeldVersions`):
   an in-place write or a late append from a program that opened it before the swap changes
   it, and is then kept as a conflict copy and reported.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import hashlib
import os
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from kai_desktop.core.vault.atomic import create_temp, fsync_dir
from kai_desktop.core.vault.walk import temp_name_for

_AT_FDCWD: Final = -100
_RENAME_EXCHANGE: Final = 2
_READ_CHUNK: Final = 1 << 20


def _load_renameat2() -> object | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        func = libc.renameat2
    except (OSError, AttributeError):
        return None
    func.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    func.restype = ctypes.c_int
    return func


_renameat2 = _load_renameat2()


def exchange(a: Path, b: Path) -> bool:
    """Swap the files named ``a`` and ``b`` atomically; False where the system cannot."""
    if _renameat2 is None:
        return False
    rc = _renameat2(  # type: ignore[operator]
        _AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE
    )
    return bool(rc == 0)


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def hash_fd(fd: int) -> str:
    """The sha256 of everything in the open file ``fd`` (read from offset 0)."""
    digest = hashlib.sha256()
    offset = 0
    while chunk := os.pread(fd, _READ_CHUNK, offset):
        digest.update(chunk)
        offset += len(chunk)
    return digest.hexdigest()


@dataclass(slots=True)
class Displaced:
    """The version a checked replace took out of ``rel``, open as ``fd``; ``ino`` and
    ``sha256`` are what was checked just before the swap. ``link`` is the name the swap left
    on the inode that was actually replaced, until :meth:`drop_link`."""

    rel: str
    link: Path | None
    fd: int
    ino: int
    sha256: str
    deadline: float = 0.0

    def swapped_foreign(self) -> bool:
        """True when another program put its own file in place between check and swap (the
        inode replaced is not the one checked): ``link`` then holds that program's file."""
        if self.link is None:
            return False
        try:
            return os.lstat(self.link).st_ino != self.ino
        except OSError:
            return False

    def drop_link(self) -> None:
        if self.link is not None:
            self.link.unlink(missing_ok=True)
            self.link = None

    def written_since(self) -> bytes | None:
        """The content of this version when another program wrote into it after it was
        checked (an in-place write, a late append), else None."""
        if hash_fd(self.fd) == self.sha256:
            return None
        return read_fd(self.fd)

    def release(self) -> None:
        with contextlib.suppress(OSError):
            self.drop_link()
        with contextlib.suppress(OSError):
            os.close(self.fd)


def read_fd(fd: int) -> bytes:
    parts = []
    offset = 0
    while chunk := os.pread(fd, _READ_CHUNK, offset):
        parts.append(chunk)
        offset += len(chunk)
    return b"".join(parts)


def create_new(path: Path, data: bytes) -> bool:
    """Create ``path`` with ``data`` only if it does not exist (durable); False if it does."""
    tmp = _durable_temp(path, data)
    try:
        os.link(tmp, path)
    except FileExistsError:
        return False
    finally:
        tmp.unlink(missing_ok=True)
    fsync_dir(path.parent)
    return True


def replace_checked(path: Path, rel: str, data: bytes, wanted: str) -> Displaced | None:
    """Replace ``path`` with ``data`` if its content still hashes to ``wanted`` right before
    the swap. Returns the displaced version (the caller watches it, then releases it), or
    None when the file was not as expected (or is gone) and nothing was replaced."""
    tmp = _durable_temp(path, data)
    try:
        old_fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        tmp.unlink(missing_ok=True)
        return None
    try:
        ino = os.fstat(old_fd).st_ino
        if hash_fd(old_fd) != wanted:
            raise _NotAsExpected
        if exchange(tmp, path):
            link = tmp
        else:
            link = path.with_name(temp_name_for(path.name, secrets.token_hex(4)))
            os.link(path, link)
            os.replace(tmp, path)
    except BaseException as exc:
        os.close(old_fd)
        tmp.unlink(missing_ok=True)
        if isinstance(exc, _NotAsExpected):
            return None
        raise
    fsync_dir(path.parent)
    return Displaced(rel, link, old_fd, ino, wanted)


class _NotAsExpected(Exception):
    pass


def _durable_temp(path: Path, data: bytes) -> Path:
    fd, tmp = create_temp(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp
