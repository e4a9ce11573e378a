"""Safe, atomic, compare-and-swap access to the files of a vault.

The vault is the source of truth. Every write goes through a durable temp file and a
rename, so a reader (or a crash) sees either the old or the new version. Every write is
also compare-and-swap: the vault remembers the hash of what the app last read or wrote,
and a write to a file that changed on disk since then is refused with :class:`WriteConflict`
after the app's version has been kept in a sibling ``<name> (Conflicted copy Kai YYYYMMDDHHMM).md``.
:meth:`Vault.update` is the read-change-write loop built on it. The last check and the
replace are as close as POSIX allows (see :mod:`kai_desktop.core.vault.swap`), and a foreign
edit that still lands in the replaced version is kept as a conflict copy and reported to
the listeners (:meth:`Vault.add_conflict_listener`). An external edit is never lost.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Final

from kai_desktop.core.vault.atomic import fsync_dir
from kai_desktop.core.vault.conflicts import ConflictNotice, write_copy
from kai_desktop.core.vault.held import ConflictListener, HeldVersions
from kai_desktop.core.vault.interprocess import vault_write_lock
from kai_desktop.core.vault.swap import create_new, replace_checked
from kai_desktop.core.vault.walk import (
    VaultListing,
    WalkRules,
    ignored_under,
    walk_vault,
)

DEFAULT_MAX_FILE_BYTES: Final = 5 * 1024 * 1024
UPDATE_ATTEMPTS: Final = 3
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


class Vault:
    """A folder of Markdown notes with safe path handling and atomic CAS writes.

    ``ignore_paths`` are folders left out of every walk (the app's data folder, should it
    sit inside the vault). Thread-safe: one lock serialises the app's own writes and the
    remembered hashes. Writes also hold
    :func:`vault_write_lock`, so Kai processes on the same vault (the window,
    ``kai-desktop mcp``) never interleave a hash check with another's replace.
    """

    def __init__(
        self,
        root: Path,
        max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
        *,
        ignore_paths: Sequence[Path] = (),
    ) -> None:
        self.root = Path(root).expanduser().resolve()
        self.max_file_bytes = max_file_bytes
        self.rules = WalkRules(max_file_bytes, ignored_under(self.root, list(ignore_paths)))
        self._known: dict[str, str | None] = {}
        self._lock = threading.RLock()
        self.held = HeldVersions(self.root)
        self.guard: Callable[[str], None] | None = None
        """Asked before every write or delete with the vault path; raises a
        :class:`VaultError` to refuse it (see ``layout.KaiLayout``)."""

    def add_conflict_listener(self, listener: ConflictListener) -> None:
        """``listener`` hears of every conflict copy kept of a foreign edit (any thread)."""
        self.held.add_listener(listener)

    def conflict_notices(self) -> list[ConflictNotice]:
        return self.held.notices()

    def close(self) -> None:
        """Look one last time for late foreign writes to replaced versions (at quit)."""
        self.held.close()

    # -- paths ---------------------------------------------------------------------------
    def resolve(self, rel: str | os.PathLike[str]) -> Path:
        """The absolute path of ``rel``, or :class:`PathOutsideVault` if it leaves the vault.

        A vault path uses ``/``. A ``\\`` is a separator only where the system says so
        (Windows); elsewhere it is an ordinary character of a file name. Either way no part
        may be ``..``.
        """
        raw = os.fspath(rel)
        if not raw or "\x00" in raw:
            raise PathOutsideVault(f"invalid path {raw!r}")
        if raw.startswith(("/", "\\")) or (len(raw) > 1 and raw[1] == ":"):
            raise PathOutsideVault(f"absolute path {raw!r} is not allowed; use a vault path")
        if ".." in PurePosixPath(raw.replace("\\", "/")).parts:
            raise PathOutsideVault(f"path {raw!r} leaves the vault")
        parts = PurePosixPath(raw.replace(os.sep, "/") if os.sep != "/" else raw).parts
        full = self.root.joinpath(*parts)
        try:
            real = full.resolve()
        except (RuntimeError, OSError) as exc:  # 3.11 raises RuntimeError on a loop
            raise PathOutsideVault(f"path {raw!r} is a symlink loop") from exc
        if real != self.root and self.root not in real.parents:
            raise PathOutsideVault(f"path {raw!r} points outside the vault (symlink)")
        return full

    def rel(self, path: Path) -> str:
        """The vault-relative POSIX path of an absolute path inside the vault."""
        path = Path(path)
        try:
            relative = path.relative_to(self.root)
        except ValueError:
            try:
                relative = path.resolve().relative_to(self.root)
            except (ValueError, RuntimeError, OSError) as exc:
                raise PathOutsideVault(f"{path} is not inside the vault") from exc
        return relative.as_posix()

    def exists(self, rel: str) -> bool:
        return self.resolve(rel).is_file()

    # -- reading -------------------------------------------------------------------------
    def read_bytes_checked(self, rel: str) -> tuple[bytes, os.stat_result]:
        """Read a file's bytes, refusing ones over the size limit."""
        path = self.resolve(rel)
        st = path.stat()
        problem = self.rules.size_problem(st.st_size)
        if problem is not None:
            raise SkippedFile(rel, problem)
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
        self,
        rel: str,
        text: str,
        *,
        expect: str | _Remembered | None = REMEMBERED,
        keep_copy: bool = True,
    ) -> TextFile:
        """Atomically replace ``rel`` with ``text`` if it is still as the app last saw it.

        ``expect`` is the hash the file must have on disk (None: it must not exist);
        by default the hash remembered from the last read or write. A file the app has
        never seen must not exist yet. On a mismatch :class:`WriteConflict` is raised and
        the file is untouched; the app's text is kept in a conflict sibling unless
        ``keep_copy`` is False (for a caller that will try again or another name).
        """
        self._check_guard(rel)
        data = text.encode("utf-8")
        with vault_write_lock(self.root), self._lock:
            wanted = self._known.get(rel) if isinstance(expect, _Remembered) else expect
            done = self._replace_if(rel, data, wanted)
            if done is None:
                copy = self._write_conflict_copy(rel, data) if keep_copy else None
                raise WriteConflict(rel, copy)
            return done

    def update(
        self,
        rel: str,
        change: Callable[[str | None], str | None],
        *,
        attempts: int = UPDATE_ATTEMPTS,
    ) -> TextFile | None:
        """Read ``rel``, compute ``change(old_text)`` and write it if the file is still as read.

        ``old_text`` is None when the file does not exist. ``change`` returning None or the
        text unchanged writes nothing (the file as read is returned, None if absent). A file
        edited meanwhile is read again and ``change`` called again, up to ``attempts``
        times; then the app's last version is kept as a conflict copy and
        :class:`WriteConflict` is raised, the file on disk untouched. Other Kai processes
        wait on the vault's write lock for the whole read-change-write, so only an editor
        outside Kai can make it retry.
        """
        self._check_guard(rel)
        with vault_write_lock(self.root), self._lock:
            data = b""
            for _ in range(max(1, attempts)):
                current = self.read_text_or_none(rel)
                old = current.text if current is not None else None
                new = change(old)
                if new is None or new == old:
                    return current
                data = new.encode("utf-8")
                done = self._replace_if(rel, data, current.sha256 if current else None)
                if done is not None:
                    return done
            raise WriteConflict(rel, self._write_conflict_copy(rel, data))

    def append_text(self, rel: str, text: str) -> TextFile:
        """Append ``text`` to ``rel`` (created if missing), keeping whatever is on disk."""

        def appended(old: str | None) -> str:
            base = old or ""
            if base and not base.endswith("\n"):
                base += "\n"
            return base + text

        written = self.update(rel, appended)
        assert written is not None  # appending always writes
        return written

    def delete(self, rel: str, *, expect: str | _Remembered | None = REMEMBERED) -> bool:
        """Delete ``rel`` if it is unchanged since the app saw it. False if already gone."""
        path = self.resolve(rel)
        self._check_guard(rel)
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
            fsync_dir(path.parent)
            return True

    def _check_guard(self, rel: str) -> None:
        guard = self.guard
        if guard is not None:
            guard(rel)

    def _replace_if(self, rel: str, data: bytes, wanted: str | None) -> TextFile | None:
        """Write ``data`` if the file's hash is ``wanted`` (None: absent), checked again right
        before the swap; the new state, or None when the file is not as expected."""
        path = self.resolve(rel)
        digest = content_hash(data)
        self.held.settle()
        if wanted is None:
            written = create_new(path, data)
        else:
            displaced = replace_checked(path, rel, data, wanted)
            written = displaced is not None
            if displaced is not None:
                self.held.hold(displaced)
        if not written and self.disk_hash(rel) != digest:
            return None
        # Written, or someone already wrote exactly this: nothing to keep aside.
        self._known[rel] = digest
        st = path.stat()
        return TextFile(rel, data.decode("utf-8"), digest, st.st_mtime, st.st_size)

    def _write_conflict_copy(self, rel: str, data: bytes) -> str:
        self.resolve(rel)
        copy = write_copy(self.root, rel, data)
        if copy is None:
            raise VaultError(f"could not find a free conflict name for {rel}")
        return copy

    # -- listing -------------------------------------------------------------------------
    def listing(self, under: str = "") -> VaultListing:
        """One walk of the vault (or of its folder ``under``) by the vault's rules."""
        if under:
            self.resolve(under)  # refuses a folder that leaves the vault
        return walk_vault(self.root, self.rules, under)

    def iter_files(self) -> Iterator[str]:
        """Every file in the vault (vault-relative POSIX paths), by the walk's rules."""
        return (f.rel for f in self.listing().files)

    def iter_notes(self) -> Iterator[str]:
        """Every Markdown note in the vault."""
        return (f.rel for f in self.listing().files if f.is_note)
