"""Where a wikilink leads, by Obsidian's rules.

- ``[[Note]]`` and ``[[Note.md]]`` name the note ``Note.md``; any other file type needs its
  extension (``[[image]]`` never matches ``image.png``);
- matching is case-insensitive (and blind to Unicode normalisation form);
- ``[[Folder/Note]]`` matches a file whose path ends with ``Folder/Note.md``;
  ``[[/Folder/Note]]`` only the one at the vault root; ``[[./x]]`` and ``[[../x]]`` are
  relative to the linking note;
- when several files match, the one in the linking note's own folder wins, then the
  shortest path (fewest folders, then fewest characters, then alphabetical order).

An unresolved link names the file Obsidian would create when it is clicked, with new notes
going to the vault root: the link path (relative ones resolved against the linking note's
folder) plus ``.md`` unless it already ends in ``.md`` or in a known attachment extension
(``[[Missing Note]]`` -> ``Missing Note.md``, ``[[gone.png]]`` -> ``gone.png``).
"""

from __future__ import annotations

import functools
import posixpath
import unicodedata
from collections.abc import Iterable
from typing import Final

ATTACHMENT_EXTENSIONS: Final = frozenset(
    {
        # the file types Obsidian opens itself, plus a few common ones
        "png", "jpg", "jpeg", "gif", "bmp", "svg", "webp", "avif", "tif", "tiff", "ico",
        "mp3", "wav", "m4a", "ogg", "3gp", "flac", "webm", "mp4", "ogv", "mov", "mkv",
        "pdf", "canvas", "base", "txt", "csv", "json", "zip", "docx", "xlsx", "pptx",
    }
)  # fmt: skip


def path_key(path: str) -> str:
    """The case- and normalisation-blind form of a vault path used for matching."""
    if path.isascii():  # (every ASCII string is in NFC already)
        return path.lower()
    return unicodedata.normalize("NFC", path).lower()


def is_note_path(path: str) -> bool:
    return path.lower().endswith(".md")


def _extension(name: str) -> str:
    base = name.rsplit("/", 1)[-1]
    dot = base.rfind(".")
    return base[dot + 1 :].lower() if dot > 0 else ""


def _name_candidates(target: str) -> tuple[str, ...]:
    """The file names a link path may mean, most likely first."""
    ext = _extension(target)
    if ext == "md":
        return (target,)
    if ext:
        # "[[v1.2]]" may be the note "v1.2.md"; "[[a.png]]" the image.
        return (target, target + ".md")
    return (target + ".md",)


def basename_key(key: str) -> str:
    return key.rsplit("/", 1)[-1]


@functools.lru_cache(maxsize=65536)
def link_candidates(target: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Keys of the file names ``target`` may mean, and their base names (cached: the
    same targets recur all over a vault)."""
    target = target.strip()
    if not target:
        return (), ()
    keys = tuple(path_key(name) for name in _name_candidates(target))
    return keys, tuple(basename_key(k) for k in keys)


class LinkResolver:
    """Finds the file a link points to, following Obsidian's rules (see module docs)."""

    def __init__(self, files: Iterable[str] = ()) -> None:
        self._files: dict[str, list[str]] = {}  # key -> actual paths (case variants)
        self._by_name: dict[str, set[str]] = {}  # basename key -> keys
        for path in files:
            self.add(path)

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and path in self._files.get(path_key(path), ())

    def add(self, path: str) -> None:
        key = path_key(path)
        paths = self._files.setdefault(key, [])
        if path not in paths:
            paths.append(path)
            paths.sort()
        self._by_name.setdefault(basename_key(key), set()).add(key)

    def remove(self, path: str) -> None:
        key = path_key(path)
        paths = self._files.get(key)
        if not paths or path not in paths:
            return
        paths.remove(path)
        if not paths:
            del self._files[key]
            names = self._by_name.get(basename_key(key))
            if names is not None:
                names.discard(key)
                if not names:
                    del self._by_name[basename_key(key)]

    def resolve(self, target: str, source: str) -> str | None:
        """The vault path ``target`` (a link path) means when written in ``source``."""
        keys = self.candidate_keys(target)
        return self.resolve_keys(keys, posixpath.dirname(path_key(source))) if keys else None

    @staticmethod
    def candidate_keys(target: str) -> tuple[str, ...]:
        """The keys of the file names a link path may mean, most likely first."""
        return link_candidates(target)[0]

    def resolve_keys(self, keys: tuple[str, ...], source_dir: str) -> str | None:
        """:meth:`resolve` for :meth:`candidate_keys` and the source's folder key."""
        for key in keys:
            found = self._resolve_key(key, source_dir)
            if found is not None:
                return found
        return None

    def _resolve_key(self, key: str, source_dir: str) -> str | None:
        if key.startswith("/"):
            return self._first(key.lstrip("/"))
        if key.startswith(("./", "../")):
            joined = posixpath.normpath(posixpath.join(source_dir, key))
            return None if joined.startswith("..") else self._first(joined)
        keys = self._by_name.get(basename_key(key))
        if not keys:
            return None
        local = f"{source_dir}/{key}" if source_dir else key
        if local in keys:
            return self._first(local)
        if len(keys) == 1:
            (only,) = keys
            return self._first(only) if only == key or only.endswith("/" + key) else None
        suffix = "/" + key
        matches = [k for k in keys if k == key or k.endswith(suffix)]
        if not matches:
            return None
        best = min(matches, key=lambda k: (k.count("/"), len(k), k))
        return self._first(best)

    def _first(self, key: str) -> str | None:
        paths = self._files.get(key)
        return paths[0] if paths else None

    @staticmethod
    def unresolved_id(target: str, source: str) -> str:
        """The path Obsidian would create for an unresolved link (see module docs)."""
        path = target.strip()
        if path.startswith("/"):
            path = path.lstrip("/")
        elif path.startswith(("./", "../")):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(source), path))
            while path.startswith("../"):
                path = path[3:]
        ext = _extension(path)
        if ext == "md" or ext in ATTACHMENT_EXTENSIONS:
            return path
        return path + ".md"
