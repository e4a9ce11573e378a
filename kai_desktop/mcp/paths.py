"""Note paths as clients give them: vault-relative, Markdown only, never leaving the vault."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Final

from kai_desktop.core.vault.files import PathOutsideVault, Vault
from kai_desktop.core.vault.link_resolver import ATTACHMENT_EXTENSIONS
from kai_desktop.core.vault.walk import IGNORED_DIRS

_BAD_CHARS: Final = frozenset('<>:"|?*')


class Refused(Exception):
    """A request the server will not carry out; the message says why (shown to the client)."""


class NotFound(Refused):
    """No such note (or memory) that this client may see."""


def note_path(vault: Vault, raw: str) -> str:
    """The vault path of note ``raw``: ``.md`` added when missing, checked to stay inside.

    Refused: empty paths, absolute paths, ``..``, symlinks out of the vault, Kai's and
    Obsidian's own folders (``.obsidian``, ``.trash``, ``.git``, ``.kai``), names other
    devices cannot hold, and files that are not Markdown.
    """
    text = (raw or "").strip().replace("\\", "/")
    if not text:
        raise Refused("give a note path relative to the vault, e.g. 'projects/Garden.md'")
    if text.startswith("./"):
        text = text[2:]
    pure = PurePosixPath(text)
    suffix = pure.suffix.lower()
    if suffix != ".md":
        if suffix[1:] in ATTACHMENT_EXTENSIONS:
            raise Refused(f"{raw!r} is not a Markdown note; only .md notes can be used")
        text += ".md"  # "v1.2" is the note "v1.2.md", as in Obsidian
        pure = PurePosixPath(text)
    try:
        vault.resolve(text)
    except PathOutsideVault as exc:
        raise Refused(f"{exc}; paths are relative to the vault and stay inside it") from None
    if _hidden(PurePosixPath(text)) or _hidden(pure):
        raise Refused(f"{raw!r} is in a hidden folder or file that Kai does not share")
    for part in pure.parts:
        if part != part.strip() or part.endswith(".") or _BAD_CHARS & set(part):
            raise Refused(f"{raw!r}: the name {part!r} is not portable (no <>:\"|?*, no "
                          "leading or trailing space, no trailing dot)")
    return pure.as_posix()


def folder_path(vault: Vault, raw: str | None) -> str:
    """A vault folder ('' for the root), checked like :func:`note_path`."""
    text = (raw or "").strip().replace("\\", "/").strip("/")
    if text in ("", "."):
        return ""
    try:
        vault.resolve(text)
    except PathOutsideVault as exc:
        raise Refused(f"{exc}; folders are relative to the vault") from None
    if _hidden(PurePosixPath(text)):
        raise Refused(f"{raw!r} is a hidden folder that Kai does not share")
    return PurePosixPath(text).as_posix()


def _hidden(path: PurePosixPath) -> bool:
    """Inside a folder Kai never shares (.obsidian, .trash, .git, .kai) or any dot-name."""
    return any(part in IGNORED_DIRS or part.startswith(".") for part in path.parts)
