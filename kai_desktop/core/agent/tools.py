"""The memory tools a program may call, performed by the app after checking each call.

Every path goes through :class:`~kai_desktop.core.agent.paths.MemoryRoot`; writes go
through the vault's atomic compare-and-swap writer (an external edit made since the
tool read the file is never overwritten) and are recorded in a
:class:`~kai_desktop.core.agent.journal.ChangeJournal` first; sizes are held to
:class:`Quotas`. Failures raise :class:`ToolError` with a message for the model.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from kai_desktop.core.agent.journal import ChangeJournal
from kai_desktop.core.agent.paths import MemoryRoot
from kai_desktop.core.agent.ports import Searcher
from kai_desktop.core.agent.prompt import USER_FILE, folder_context
from kai_desktop.core.agent.results import ToolError
from kai_desktop.core.vault.files import (
    SkippedFile,
    Vault,
    VaultError,
    WriteConflict,
    content_hash,
    decode_note_bytes,
)
from kai_desktop.core.vault.link_resolver import LinkResolver
from kai_desktop.core.vault.walk import IGNORED_DIRS

MB: Final = 1024 * 1024
LIST_LIMIT: Final = 300
SNIPPET_CHARS: Final = 600
_LINK: Final = re.compile(r"^\s*!?\[\[(.*?)\]\]\s*$", re.S)


@dataclass(frozen=True, slots=True)
class Quotas:
    """Largest file, largest folder (its own files) and largest memory folder, in bytes."""

    file_bytes: int = 1 * MB
    folder_bytes: int = 10 * MB
    vault_bytes: int = 100 * MB


@dataclass(frozen=True, slots=True)
class _Spec:
    params: tuple[str, ...]
    defaults: dict[str, Any]


_SPECS: Final[dict[str, _Spec]] = {
    "create_file": _Spec(("file_path", "content"), {"content": ""}),
    "update_file": _Spec(
        ("file_path", "old_content", "new_content", "expected_count"), {"expected_count": 1}
    ),
    "read_file": _Spec(("file_path",), {}),
    "delete_file": _Spec(("file_path",), {}),
    "list_files": _Spec(("dir_path",), {"dir_path": ""}),
    "check_if_file_exists": _Spec(("file_path",), {}),
    "check_if_dir_exists": _Spec(("dir_path",), {}),
    "create_dir": _Spec(("dir_path",), {}),
    "get_size": _Spec(("file_or_dir_path",), {"file_or_dir_path": ""}),
    "go_to_link": _Spec(("link_string",), {}),
    "search": _Spec(("query", "limit"), {"limit": 5}),
}
TOOL_SIGNATURES: Final = {
    name: f"{name}({', '.join(spec.params)})" for name, spec in _SPECS.items()
}


def bind_arguments(name: str, args: list[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """Match a call's arguments to the tool's parameters, as Python would."""
    spec = _SPECS.get(name)
    if spec is None:
        raise ToolError(f"there is no tool named {name}")
    if len(args) > len(spec.params):
        raise ToolError(f"{name}() takes at most {len(spec.params)} arguments")
    bound = dict(zip(spec.params, args, strict=False))
    for key, value in kwargs.items():
        if key not in spec.params:
            raise ToolError(f"{name}() has no argument {key!r}; it is {TOOL_SIGNATURES[name]}")
        if key in bound:
            raise ToolError(f"{name}() got {key!r} twice")
        bound[key] = value
    for param in spec.params:
        if param not in bound:
            if param not in spec.defaults:
                raise ToolError(f"{name}() is missing {param!r}; it is {TOOL_SIGNATURES[name]}")
            bound[param] = spec.defaults[param]
    return bound


class MemoryTools:
    """The tool surface over one vault (a :class:`~kai_desktop.core.agent.ports.ToolHandler`).

    Thread-safe as far as the vault is; meant to be called from one run at a time.
    """

    def __init__(
        self,
        vault: Vault,
        journal: ChangeJournal,
        *,
        searcher: Searcher | None = None,
        quotas: Quotas | None = None,
        on_change: Callable[[str, str], None] | None = None,
    ) -> None:
        self.vault = vault
        self.journal = journal
        self.searcher = searcher
        self.quotas = quotas or Quotas()
        self.root = MemoryRoot(vault.root)
        self._on_change = on_change
        self.hidden: Callable[[str], bool] | None = None
        """Paths the model may not see or change (private notes, for a remote model)."""

    def call(self, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        bound = bind_arguments(name, args, kwargs)
        try:
            result = getattr(self, f"_tool_{name}")(**bound)
        except ToolError:
            raise
        except SkippedFile as exc:
            raise ToolError(f"{exc.rel} cannot be read ({exc.reason})") from None
        except IsADirectoryError:
            raise ToolError("that path is a folder, not a file") from None
        except FileNotFoundError as exc:
            raise ToolError(f"no such file or folder: {_rel_of(exc, self.root.real)}") from None
        except (VaultError, OSError) as exc:
            raise ToolError(f"{name}() failed: {exc}") from None
        return result

    def overview(self) -> str:
        """The folder as the system prompt shows it: its files and ``user.md``."""
        user: str | None = None
        with contextlib.suppress(ToolError):
            user = str(self.call("read_file", [USER_FILE], {}))
        paths = [p for p in self.vault.iter_files() if not self._is_hidden(p)]
        return folder_context(paths, user)

    def _is_hidden(self, rel: str) -> bool:
        return self.hidden is not None and self.hidden(rel)

    def _check_visible(self, rel: str) -> None:
        if self._is_hidden(rel):
            raise ToolError(f"{rel} is private: it is not shown to this model")

    # -- reading -------------------------------------------------------------------------
    def _tool_read_file(self, file_path: object) -> str:
        rel, full = self.root.check(file_path)
        self._check_visible(rel)
        if full.is_dir():
            raise ToolError(f"{rel} is a folder; use list_files({rel!r})")
        if not full.is_file():
            raise ToolError(f"{rel} does not exist")
        size = full.stat().st_size
        if size > self.quotas.file_bytes:
            raise ToolError(f"{rel} is {size} bytes, over the {self.quotas.file_bytes} limit")
        return self.vault.read_text(rel).text

    def _tool_check_if_file_exists(self, file_path: object) -> bool:
        _rel, full = self.root.check(file_path)
        return full.is_file()

    def _tool_check_if_dir_exists(self, dir_path: object) -> bool:
        _rel, full = self.root.check(dir_path, allow_root=True)
        return full.is_dir()

    def _tool_get_size(self, file_or_dir_path: object) -> int:
        _rel, full = self.root.check(file_or_dir_path, allow_root=True)
        if full.is_file():
            return full.stat().st_size
        if full.is_dir():
            return sum(size for _path, size in self._files_under(full))
        raise ToolError(f"{file_or_dir_path} does not exist")

    def _tool_list_files(self, dir_path: object) -> str:
        rel, full = self.root.check(dir_path, allow_root=True)
        if not full.is_dir():
            raise ToolError(f"{rel or '.'} is not a folder")
        lines: list[str] = [f"{rel}/" if rel else "./"]
        self._tree(full, 1, lines)
        if len(lines) > LIST_LIMIT:
            lines = [*lines[:LIST_LIMIT], f"… ({len(lines) - LIST_LIMIT} more)"]
        return "\n".join(lines)

    def _tree(self, folder: Path, depth: int, lines: list[str]) -> None:
        if len(lines) > LIST_LIMIT or depth > 12:
            return
        try:
            entries = sorted(os.scandir(folder), key=lambda e: (not e.is_dir(), e.name.lower()))
        except OSError:
            return
        for entry in entries:
            if entry.name.startswith(".") or entry.name in IGNORED_DIRS:
                continue
            is_dir = entry.is_dir(follow_symlinks=False)
            if not is_dir and self._is_hidden(os.path.relpath(entry.path, self.root.real)):
                continue
            lines.append("  " * depth + entry.name + ("/" if is_dir else ""))
            if is_dir:
                self._tree(Path(entry.path), depth + 1, lines)

    def _tool_go_to_link(self, link_string: object) -> str:
        if not isinstance(link_string, str) or not link_string.strip():
            raise ToolError("go_to_link() needs a link such as '[[entities/anna.md]]'")
        match = _LINK.match(link_string)
        target = match.group(1) if match else link_string.strip()
        target = target.split("|", 1)[0].split("#", 1)[0].split("^", 1)[0].strip()
        if not target:
            raise ToolError(f"{link_string!r} names no note")
        resolver = LinkResolver(self.vault.iter_files())
        found = resolver.resolve(target, "")
        if found is None:
            raise ToolError(f"no note matches [[{target}]]")
        return str(self._tool_read_file(found))

    def _tool_search(self, query: object, limit: object) -> list[dict[str, Any]]:
        if self.searcher is None:
            raise ToolError("search is not available: the search index is not ready")
        if not isinstance(query, str) or type(limit) is not int:
            raise ToolError("search() needs a query string and an integer limit")
        hits = [h for h in self.searcher.search(query, max(1, min(limit, 20)))
                if not self._is_hidden(h.path)]  # fmt: skip
        return [
            {"path": h.path, "heading": h.heading, "line": h.start_line,
             "text": h.text[:SNIPPET_CHARS]}
            for h in hits
        ]  # fmt: skip

    # -- writing -------------------------------------------------------------------------
    def _tool_create_dir(self, dir_path: object) -> bool:
        rel, full = self.root.check(dir_path)
        if full.is_file():
            raise ToolError(f"{rel} is a file")
        full.mkdir(parents=True, exist_ok=True)
        self.root.locate(rel)  # a symlink swapped in meanwhile still fails here
        return True

    def _tool_create_file(self, file_path: object, content: object) -> bool:
        rel, full = self.root.check(file_path)
        text = _text_arg("content", content)
        if full.exists():
            raise ToolError(
                f"{rel} already exists; read it and use update_file() to change it"
            )
        data = text.encode("utf-8")
        self._check_quotas(rel, full, old_size=0, new_size=len(data))
        change = self.journal.keep("create", rel, None)
        try:
            written = self.vault.write_text(rel, text, expect=None)
        except WriteConflict as exc:
            self.journal.drop(change)
            self._remove_conflict_copy(exc, text)
            raise ToolError(f"{rel} was created elsewhere just now; nothing written") from None
        self.journal.done(change, written.sha256)
        self._changed("create", rel)
        return True

    def _tool_update_file(
        self, file_path: object, old_content: object, new_content: object, expected_count: object
    ) -> bool:
        rel, full = self.root.check(file_path)
        old, new = _text_arg("old_content", old_content), _text_arg("new_content", new_content)
        if type(expected_count) is not int or expected_count < 1:
            raise ToolError("expected_count must be a whole number of 1 or more")
        self._check_visible(rel)
        if not full.is_file():
            raise ToolError(f"{rel} does not exist; use create_file() for a new file")
        raw = full.read_bytes()
        current = decode_note_bytes(rel, raw)
        if old:
            found = current.count(old)
            if found != expected_count:
                raise ToolError(
                    f"old_content was found {found} times in {rel}, expected {expected_count}; "
                    "nothing was changed (read the file and copy the exact text)"
                )
            updated = current.replace(old, new)
        else:
            updated = current + ("" if not current or current.endswith("\n") else "\n") + new
        data = updated.encode("utf-8")
        self._check_quotas(rel, full, old_size=len(raw), new_size=len(data))
        change = self.journal.keep("update", rel, raw)
        try:
            written = self.vault.write_text(rel, updated, expect=content_hash(raw))
        except WriteConflict as exc:
            self.journal.drop(change)
            self._remove_conflict_copy(exc, updated)
            raise ToolError(
                f"{rel} changed on disk while it was being updated; nothing was written, "
                "read it again"
            ) from None
        self.journal.done(change, written.sha256)
        self._changed("update", rel)
        return True

    def _tool_delete_file(self, file_path: object) -> bool:
        rel, full = self.root.check(file_path)
        self._check_visible(rel)
        if full.is_dir():
            raise ToolError(f"{rel} is a folder; only files can be deleted")
        if not full.is_file():
            raise ToolError(f"{rel} does not exist")
        raw = full.read_bytes()
        change = self.journal.keep("delete", rel, raw)
        try:
            self.vault.delete(rel, expect=content_hash(raw))
        except WriteConflict:
            self.journal.drop(change)
            raise ToolError(f"{rel} changed on disk just now; it was not deleted") from None
        self.journal.done(change, None)
        self._changed("delete", rel)
        return True

    # -- helpers -------------------------------------------------------------------------
    def _check_quotas(self, rel: str, full: Path, *, old_size: int, new_size: int) -> None:
        q = self.quotas
        if new_size > q.file_bytes:
            raise ToolError(f"{rel} would be {new_size} bytes, over the {q.file_bytes} limit")
        growth = new_size - old_size
        if growth <= 0:
            return
        folder = full.parent
        own = sum(e.stat(follow_symlinks=False).st_size for e in _scan_files(folder))
        if own + growth > q.folder_bytes:
            raise ToolError(f"the folder of {rel} would hold over {q.folder_bytes} bytes")
        total = sum(size for _path, size in self._files_under(Path(self.root.real)))
        if total + growth > q.vault_bytes:
            raise ToolError(f"the memory folder would hold over {q.vault_bytes} bytes")

    def _files_under(self, folder: Path) -> Iterator[tuple[str, int]]:
        for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
            dirnames[:] = [d for d in dirnames if d not in IGNORED_DIRS]
            for name in filenames:
                with contextlib.suppress(OSError):
                    yield name, os.lstat(os.path.join(dirpath, name)).st_size

    def _remove_conflict_copy(self, exc: WriteConflict, text: str) -> None:
        if exc.conflict_rel:
            with contextlib.suppress(OSError, VaultError):
                self.vault.delete(exc.conflict_rel, expect=content_hash(text))

    def _changed(self, action: str, rel: str) -> None:
        if self._on_change is not None:
            self._on_change(action, rel)


def _scan_files(folder: Path) -> list[os.DirEntry[str]]:
    try:
        return [e for e in os.scandir(folder) if e.is_file(follow_symlinks=False)]
    except OSError:
        return []


def _text_arg(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise ToolError(f"{name} must be a string, not {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ToolError(f"{name} holds characters that are not valid text") from None
    return value


def _rel_of(exc: FileNotFoundError, root: str) -> str:
    name = str(exc.filename or "")
    return os.path.relpath(name, root) if name.startswith(root) else "(unknown)"
