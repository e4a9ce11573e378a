"""The one walk over a vault and the one set of rules for what belongs to it.

What is part of the vault, for the link graph, the index, the memory store and the watcher
alike:

- nothing whose name starts with a dot: Obsidian's own folders (``.obsidian``, ``.trash``),
  ``.git``, the app's ``.kai`` folder, other hidden files, and the temporary files of atomic
  writes (``.<name>.kai-<random>.tmp``, listed apart so they can be swept);
- nothing inside the folders the rules name (the app's data folder, should it sit in the
  vault);
- a symlinked file only when it resolves to a file inside the vault; a symlink that loops,
  dangles or points out is skipped with that reason, and so is a symlinked folder (never
  followed, so no loop can make the walk endless);
- a file or folder that cannot be read is skipped with the reason, and the walk goes on.

Files over the size limit are listed with their size; reading them is refused
(:meth:`Vault.read_bytes_checked`), so each consumer can say why.
"""

from __future__ import annotations

import errno
import os
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Final

IGNORED_DIRS: Final = frozenset({".obsidian", ".trash", ".git", ".kai"})
"""Folders Obsidian and the app keep in a vault (hidden, like every dot-name)."""

TEMP_MARK: Final = ".kai-"
_TEMP_NAME = re.compile(r"^\..+\.kai-[A-Za-z0-9_-]+\.tmp$")


def temp_name_for(name: str, token: str) -> str:
    """The name of an atomic write's temporary file for the file ``name``."""
    return f".{name}{TEMP_MARK}{token}.tmp"


def is_temp_name(name: str) -> bool:
    """True for the name of an atomic write's temporary file."""
    return _TEMP_NAME.match(name) is not None


def is_hidden_name(name: str) -> bool:
    return name.startswith(".")


@dataclass(frozen=True, slots=True)
class WalkRules:
    """What belongs to the vault (see the module docs).

    ``ignored`` are vault paths of folders left out (the app's data folder inside the vault).
    """

    max_file_bytes: int
    ignored: tuple[str, ...] = ()

    def excludes(self, rel: str) -> bool:
        """True when the vault path ``rel`` (a file or a folder) is not part of the vault."""
        if rel in ("", "."):
            return False
        if any(is_hidden_name(part) for part in PurePosixPath(rel).parts):
            return True
        return any(rel == p or rel.startswith(p + "/") for p in self.ignored)

    def size_problem(self, size: int) -> str | None:
        """Why a file of ``size`` bytes is not read, or None."""
        if size > self.max_file_bytes:
            return f"too large ({size} bytes, limit {self.max_file_bytes})"
        return None


def ignored_under(root: Path, paths: tuple[Path, ...] | list[Path]) -> tuple[str, ...]:
    """The vault paths of those ``paths`` that lie inside ``root`` (others cannot matter)."""
    out: list[str] = []
    for path in paths:
        try:
            rel = Path(path).expanduser().resolve().relative_to(root).as_posix()
        except (ValueError, OSError, RuntimeError):
            continue
        if rel not in ("", "."):
            out.append(rel)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class VaultFile:
    """A file of the vault: its vault path, size and modification time (ns)."""

    rel: str
    size: int
    mtime_ns: int

    @property
    def is_note(self) -> bool:
        return self.rel.lower().endswith(".md")


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file (or folder) left out of a walk or a scan, and why."""

    path: str
    reason: str


@dataclass(slots=True)
class VaultListing:
    """What one walk found: the files, what was skipped and why, and leftover temp files."""

    files: list[VaultFile] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    temp_files: list[str] = field(default_factory=list)

    @property
    def notes(self) -> list[VaultFile]:
        return [f for f in self.files if f.is_note]


def walk_vault(root: Path, rules: WalkRules, under: str = "") -> VaultListing:
    """Every file of the vault at ``root`` (or of its folder ``under``), by the rules.

    Files come in a stable order: a folder's files by name, then its sub-folders by name.
    ``root`` must be resolved; ``under`` is a vault path already checked to stay inside.
    """
    listing = VaultListing()
    start = root.joinpath(*PurePosixPath(under).parts) if under else root
    prefix = f"{under.strip('/')}/" if under.strip("/") else ""
    if rules.excludes(prefix.rstrip("/")):
        return listing
    _walk_folder(root, rules, start, prefix, listing)
    return listing


def _walk_folder(
    root: Path, rules: WalkRules, folder: Path, prefix: str, listing: VaultListing
) -> None:
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except FileNotFoundError:
        return
    except OSError as exc:
        listing.skipped.append(Skipped(prefix.rstrip("/") or ".", _unreadable(exc)))
        return
    folders: list[tuple[Path, str]] = []
    for entry in entries:
        name = entry.name
        rel = prefix + name
        if is_hidden_name(name):
            if is_temp_name(name):
                listing.temp_files.append(rel)
            continue
        if rules.excludes(rel):
            continue
        try:
            if entry.is_symlink():
                _symlink(root, rel, Path(entry.path), listing)
            elif entry.is_dir(follow_symlinks=False):
                folders.append((Path(entry.path), rel + "/"))
            elif entry.is_file(follow_symlinks=False):
                st = entry.stat(follow_symlinks=False)
                listing.files.append(VaultFile(rel, st.st_size, st.st_mtime_ns))
        except OSError as exc:
            listing.skipped.append(Skipped(rel, _unreadable(exc)))
    for path, sub in folders:
        _walk_folder(root, rules, path, sub, listing)


def _symlink(root: Path, rel: str, path: Path, listing: VaultListing) -> None:
    """List a symlinked file that stays in the vault; skip any other link with the reason."""
    try:
        real = path.resolve(strict=True)
    except RuntimeError:  # Python 3.11 reports a loop this way
        listing.skipped.append(Skipped(rel, "symlink loop"))
        return
    except FileNotFoundError:
        listing.skipped.append(Skipped(rel, "broken symlink"))
        return
    except OSError as exc:
        reason = "symlink loop" if exc.errno == errno.ELOOP else _unreadable(exc)
        listing.skipped.append(Skipped(rel, reason))
        return
    if real != root and root not in real.parents:
        listing.skipped.append(Skipped(rel, "symlink points outside the vault"))
        return
    if real.is_dir():
        listing.skipped.append(Skipped(rel, "symlinked folder (not followed)"))
        return
    st = real.stat()
    listing.files.append(VaultFile(rel, st.st_size, st.st_mtime_ns))


def _unreadable(exc: OSError) -> str:
    return f"unreadable ({exc.strerror or exc})"
