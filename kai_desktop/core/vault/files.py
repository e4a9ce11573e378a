"""Safe, atomic, compare-and-swap access to the files of a vault.

The vault is the source of truth. Every write goes to a temporary file in the same
folder, is fsynced and renamed over the target, so a reader (or a crash) sees either
the old or the new version. Every write is also compare-and-swap: the vault remembers
the hash of what the app last read or wrote, and a write to a file that changed on disk
since then is refused with :class:`WriteConflict` after the app's version has been kept
in a sibling ``<name> (conflict <timestamp>).md``. An external edit is never overwritten.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Final

from kai_desktop.core.vault.interprocess import vault_write_lock

DEFAULT_MAX_FILE_BYTES: Final = 5 * 1024 * 1024
IGNORED_DIRS: Final = frozenset({".obsidian", ".trash", ".git", ".kai"})
_BINARY_SNIFF_BYTES: Final = 8192


class VaultError(Exception):
    """Base class of every error the vault raises."""


class PathOutsideVault(VaultError):
    """A path that would leave the vault (``..``, absolute, or a symlink pointing out)."""


class SkippedFile(VaultError):
    """A file that is not read as a note; ``reason`` says why (binary, not UTF-8, too big)."""

    def __init__(self, rel: str, reason: str) -> None:
        super().__init__(f"{rel}: skipped ({reason})")
        self.rel = rel
        self.reason = reason


class WriteConflict(VaultError):
    """The file changed on disk since the app read it; the app's text was kept aside."""

    def __init__(self, rel: str, conflict_rel: str | None) -> None:
        where = f"; the app's version was saved as {conflict_rel}" if conflict_rel else ""
        super().__init__(f"{rel} changed on disk since it was read{where}")
        self.rel = rel
        self.conflict_rel = conflict_rel


class _Remembered:
    def __repr__(self) -> str:
        return "REMEMBERED"


REMEMBERED: Final = _Remembered()
"""Sentinel for ``expect``: compare against the hash the vault remembers for the file."""


def content_hash(data: bytes | str) -> str:
    """The sha256 hex digest used everywhere a file's content is compared."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True, slots=True)
class TextFile:
    """A note's text as read (or written) together with the hash of its bytes."""

    rel: str
    text: str
    sha256: str
    mtime: float
    size: int


def decode_note_bytes(rel: str, data: bytes) -> str:
    """Decode a file's bytes as UTF-8 text or raise :class:`SkippedFile` with the reason."""
    if b"\x00" in data[:_BINARY_SNIFF_BYTES]:
        raise SkippedFile(rel, "binary file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SkippedFile(rel, f"not UTF-8 (byte {exc.start})") from exc
    return text.removeprefix("\ufeff")


def is_ignored(rel: str) -> bool:
    """True for paths inside folders the app never indexes (.obsidian, .trash, .git, .kai)."""
    return any(part in IGNORED_DIRS for part in PurePosixPath(rel).parts)


class Vault:
    """A folder of Markdown notes with safe path handling and atomic CAS writes.

    Thread-safe: one lock serialises the app's own writes and the remembered hashes.
    Writes also hold :func:`vault_write_lock`, so Kai processes on the same vault (the
    window, ``kai-desktop mcp``) never interleave a hash check with another's replace.
    """

    def __init__(self, root: Path, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES) -> None:
        self.root = Path(root).expanduser().resolve()
        self.max_file_bytes = max_file_bytes
        self._known: dict[str, str | None] = {}
        self._lock = threading.RLock()

    # -- paths ---------------------------------------------------------------------------
    def resolve(self, rel: str | os.PathLike[str]) -> Path:
        """The absolute path of ``rel``, or :class:`PathOutsideVault` if it leaves the vault."""
        raw = os.fspath(rel)
        if not raw or "\x00" in raw:
            raise PathOutsideVault(f"invalid path {raw!r}")
        candidate = PurePosixPath(raw.replace("\\", "/"))
        if candidate.is_absolute() or raw.startswith(("/", "\\")) or (
            len(raw) > 1 and raw[1] == ":"
        ):
            raise PathOutsideVault(f"absolute path {raw!r} is not allowed; use a vault path")
        if ".." in candidate.parts:
            raise PathOutsideVault(f"path {raw!r} leaves the vault")
        full = self.root.joinpath(*candidate.parts)
        real = full.resolve()
        if real != self.root and self.root not in real.parents:
            raise PathOutsideVault(f"path {raw!r} points outside the vault (symlink)")
        return full

    def rel(self, path: Path) -> str:
        """The vault-relative POSIX path of an absolute path inside the vault."""
        path = Path(path)
        try:
            relative = path.relative_to(self.root)
        except ValueError:
            relative = path.resolve().relative_to(self.root)
        return relative.as_posix()

    def exists(self, rel: str) -> bool:
        return self.resolve(rel).is_file()

    # -- reading -------------------------------------------------------------------------
    def read_bytes_checked(self, rel: str) -> tuple[bytes, os.stat_result]:
        """Read a file's bytes, refusing ones over the size limit."""
        path = self.resolve(rel)
        st = path.stat()
        if st.st_size > self.max_file_bytes:
            raise SkippedFile(
                rel, f"too large ({st.st_size} bytes, limit {self.max_file_bytes})"
            )
        return path.read_bytes(), st

    def read_text(self, rel: str) -> TextFile:
        """Read a note and remember its hash for later compare-and-swap writes."""
        data, st = self.read_bytes_checked(rel)
        text = decode_note_bytes(rel, data)
        digest = content_hash(data)
        with self._lock:
            self._known[rel] = digest
        return TextFile(rel, text, digest, st.st_mtime, st.st_size)

    def read_text_or_none(self, rel: str) -> TextFile | None:
        """Like :meth:`read_text` but None when the file does not exist (remembered too)."""
        try:
            return self.read_text(rel)
        except FileNotFoundError:
            with self._lock:
                self._known[rel] = None
            return None

    def disk_hash(self, rel: str) -> str | None:
        """The hash of the file as it is on disk now, or None when it does not exist."""
        try:
            data, _ = self.read_bytes_checked(rel)
        except FileNotFoundError:
            return None
        return content_hash(data)

    def known_hash(self, rel: str) -> str | None:
        """The hash the app last read or wrote for ``rel`` (None: unknown or absent)."""
        with self._lock:
            return self._known.get(rel)

    def is_own_state(self, rel: str, sha256: str | None) -> bool:
        """True when ``sha256`` is what the app itself last read or wrote (for the watcher)."""
        with self._lock:
            return rel in self._known and self._known[rel] == sha256

    def forget(self, rel: str) -> None:
        with self._lock:
            self._known.pop(rel, None)

    # -- writing -------------------------------------------------------------------------
    def write_text(
        self, rel: str, text: str, *, expect: str | _Remembered | None = REMEMBERED
    ) -> TextFile:
        """Atomically replace ``rel`` with ``text`` if it is still as the app last saw it.

        ``expect`` is the hash the file must have on disk (None: it must not exist);
        by default the hash remembered from the last read or write. A file the app has
        never seen must not exist yet. On a mismatch the app's text is written to a
        conflict sibling and :class:`WriteConflict` is raised; the file is untouched.
        """
        path = self.resolve(rel)
        data = text.encode("utf-8")
        with vault_write_lock(self.root), self._lock:
            wanted = self._known.get(rel) if isinstance(expect, _Remembered) else expect
            on_disk = self.disk_hash(rel) if path.exists() else None
            if on_disk != wanted:
                if on_disk == content_hash(data):
                    # Someone already wrote exactly this: nothing to keep aside.
                    self._known[rel] = on_disk
                    st = path.stat()
                    return TextFile(rel, text, on_disk, st.st_mtime, st.st_size)
                conflict_rel = self._write_conflict_copy(rel, data)
                raise WriteConflict(rel, conflict_rel)
            self._atomic_write(path, data)
            digest = content_hash(data)
            self._known[rel] = digest
            st = path.stat()
            return TextFile(rel, text, digest, st.st_mtime, st.st_size)

    def append_text(self, rel: str, text: str) -> TextFile:
        """Append ``text`` to ``rel`` (created if missing), keeping whatever is on disk.

        Appends read the current content first, so they never lose an external edit.
        """
        with vault_write_lock(self.root), self._lock:
            current = self.read_text_or_none(rel)
            base = current.text if current else ""
            if base and not base.endswith("\n"):
                base += "\n"
            expect = current.sha256 if current else None
            return self.write_text(rel, base + text, expect=expect)

    def delete(self, rel: str, *, expect: str | _Remembered | None = REMEMBERED) -> bool:
        """Delete ``rel`` if it is unchanged since the app saw it. False if already gone."""
        path = self.resolve(rel)
        with vault_write_lock(self.root), self._lock:
            wanted = self._known.get(rel) if isinstance(expect, _Remembered) else expect
            on_disk = self.disk_hash(rel)
            if on_disk is None:
                self._known.pop(rel, None)
                return False
            if on_disk != wanted:
                raise WriteConflict(rel, None)
            path.unlink()
            self._known[rel] = None
            _fsync_dir(path.parent)
            return True

    def _write_conflict_copy(self, rel: str, data: bytes) -> str:
        pure = PurePosixPath(rel)
        stamp = datetime.now().strftime("%Y-%m-%d %H%M%S")
        for n in range(1000):
            suffix = f" {n}" if n else ""
            name = f"{pure.stem} (conflict {stamp}{suffix}){pure.suffix}"
            conflict_rel = str(pure.with_name(name))
            target = self.resolve(conflict_rel)
            if not target.exists():
                self._atomic_write(target, data)
                return conflict_rel
        raise VaultError(f"could not find a free conflict name for {rel}")

    @staticmethod
    def _atomic_write(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _fsync_dir(path.parent)

    # -- listing -------------------------------------------------------------------------
    def iter_files(self) -> Iterator[str]:
        """Every file in the vault (vault-relative POSIX paths), skipping ignored folders
        and temporary files; symlinks that point outside the vault are skipped."""
        for dirpath, dirnames, filenames in os.walk(self.root, followlinks=False):
            dirnames[:] = sorted(d for d in dirnames if d not in IGNORED_DIRS)
            base = Path(dirpath)
            for name in sorted(filenames):
                if name.startswith(".") and name.endswith(".tmp"):
                    continue
                full = base / name
                if full.is_symlink():
                    real = full.resolve()
                    if self.root not in real.parents:
                        continue
                yield full.relative_to(self.root).as_posix()

    def iter_notes(self) -> Iterator[str]:
        """Every Markdown note in the vault."""
        return (rel for rel in self.iter_files() if rel.lower().endswith(".md"))



def _fsync_dir(path: Path) -> None:
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
