"""Checks every path a program passes to a tool before anything touches the disk.

A path is relative to the memory folder, uses ``/`` between parts and names no hidden
part. Refused, each with a message the model can act on: NUL and control characters,
backslashes (so no ``C:\\``, ``\\\\?\\`` or UNC form), absolute paths, drive letters,
``:`` (alternate data streams), ``..``, Windows device names (``CON``, ``NUL``, ``COM1``…)
and characters Windows reserves, and any path whose real location (symlinks followed) is
not inside the memory folder, checked with ``realpath`` + ``commonpath`` so that a sibling
folder sharing the prefix (``<vault>_evil``) is outside too.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final

from kai_desktop.core.agent.results import ToolError

MAX_PATH_CHARS: Final = 512
_DEVICES: Final = frozenset(
    {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$"}
    | {f"{kind}{n}" for kind in ("COM", "LPT") for n in (*"123456789", "¹", "²", "³")}
)
_DRIVE: Final = re.compile(r"^[A-Za-z]:")
_RESERVED_CHARS: Final = frozenset('<>"|?*')


class PathRefused(ToolError):
    """A path a tool will not touch; the message says why."""


def clean_path(path: object, *, allow_root: bool = False) -> str:
    """The normal form (``a/b.md``) of a tool's path argument, or PathRefused."""
    if not isinstance(path, str):
        raise PathRefused(f"a path must be a string, not {type(path).__name__}")
    shown = repr(path[:80])
    if "\x00" in path:
        raise PathRefused(f"the path {shown} contains a NUL byte")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in path):
        raise PathRefused(f"the path {shown} contains control characters")
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        raise PathRefused(f"the path {shown} holds characters that are not valid text") from None
    if len(path) > MAX_PATH_CHARS:
        raise PathRefused(f"the path is over {MAX_PATH_CHARS} characters long")
    if "\\" in path:
        raise PathRefused(f"the path {shown} contains a backslash; use '/' between folders")
    if path.startswith(("/", "~")):
        raise PathRefused(
            f"the path {shown} is absolute; paths are relative to the memory folder, "
            "like 'user.md' or 'entities/anna.md'"
        )
    if _DRIVE.match(path):
        raise PathRefused(f"the path {shown} names a drive; use a path inside the memory folder")
    if ":" in path:
        raise PathRefused(f"the path {shown} contains ':', which is not allowed")
    parts = [part for part in path.split("/") if part not in ("", ".")]
    for part in parts:
        _check_part(part, shown)
    if not parts and not allow_root:
        raise PathRefused("the path is empty; name a file such as 'user.md'")
    return "/".join(parts)


def _check_part(part: str, shown: str) -> None:
    if part == "..":
        raise PathRefused(f"the path {shown} uses '..'; the memory folder is the top")
    if part.startswith("."):
        raise PathRefused(f"the path {shown} names a hidden file or folder ({part})")
    if part != part.rstrip(" ."):
        raise PathRefused(f"the path {shown} has a part ending in a dot or space")
    if part.split(".", 1)[0].rstrip(" ").upper() in _DEVICES:
        raise PathRefused(f"{part!r} is a reserved device name and cannot be a file name")
    if _RESERVED_CHARS & set(part):
        raise PathRefused(f"the path {shown} contains one of the characters < > \" | ? *")
    if len(part.encode("utf-8")) > 255:
        raise PathRefused(f"a part of the path {shown} is over 255 bytes long")


class MemoryRoot:
    """The memory folder: turns checked relative paths into real locations inside it."""

    def __init__(self, root: Path) -> None:
        self.real = os.path.realpath(root)

    def locate(self, rel: str) -> Path:
        """The location of a clean relative path; PathRefused when it resolves outside."""
        full = os.path.join(self.real, *rel.split("/")) if rel else self.real
        real = os.path.realpath(full)
        if os.path.commonpath([self.real, real]) != self.real:
            raise PathRefused(
                f"the path {rel!r} leads outside the memory folder (through a symlink)"
            )
        return Path(full)

    def check(self, path: object, *, allow_root: bool = False) -> tuple[str, Path]:
        """``clean_path`` and ``locate`` in one: the clean form and the location."""
        rel = clean_path(path, allow_root=allow_root)
        return rel, self.locate(rel)
