"""Everything one MCP server process needs about its vault, built from the settings.

The composition root of this front end: the vault (with core's compare-and-swap writer),
the memory store, the privacy check, the link graph, a keyword index, the trash and,
when no other process holds it, the search index. Heavy parts start on a background
thread after the transport is up; a file watcher keeps them current with edits made
elsewhere (the window, Obsidian, sync).
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import SkippedFile, Vault, VaultError, content_hash
from kai_desktop.core.vault.interprocess import vault_write_lock
from kai_desktop.core.vault.layout import MEMORIES_DIR, KaiLayout
from kai_desktop.core.vault.privacy import PrivateNotes
from kai_desktop.core.vault.trash import Trash
from kai_desktop.mcp.graph import GraphView
from kai_desktop.mcp.keyword import KeywordIndex

if TYPE_CHECKING:
    from kai_desktop.core.retrieval.changes import VaultChange
    from kai_desktop.mcp.indexing import IndexHandle
    from kai_desktop.mcp.window_link import WindowLink

log = logging.getLogger(__name__)


class VaultContext:
    """The services behind the tools. Thread-safe: tools run on worker threads."""

    def __init__(
        self,
        vault: Vault,
        settings: Settings,
        data_dir: Path,
        *,
        use_index: bool = True,
        watch: bool = True,
        index_idle_s: float | None = 30.0,
        memory: MemoryStore | None = None,
        trash: Trash | None = None,
    ) -> None:
        self.vault = vault
        self._root = str(vault.root)
        self.settings = settings
        self.data_dir = Path(data_dir)
        self.use_index = use_index
        self.watch = watch
        self.index_idle_s = index_idle_s
        self.private = PrivateNotes(vault, settings.private_tag)
        self.trash = trash or Trash(self.data_dir / "trash")
        self.memory = memory or MemoryStore(
            vault, undo_window_s=settings.undo_window_s, trash=self.trash
        )
        self.graph = GraphView(vault, workers=min(2, os.cpu_count() or 1))
        self.keywords = KeywordIndex(vault)
        self.indexed: IndexHandle | None = None
        # The window open on this vault, which does the tools' work while it runs.
        self.window: WindowLink | None = None
        self.index_note: str | None = (
            None if use_index else "keyword search only (the server was started with --no-index)"
        )
        self._write_gate = threading.Lock()
        self._versions: dict[str, tuple[tuple[int, int], str]] = {}
        self._versions_lock = threading.Lock()
        self._started = False
        self._start_lock = threading.Lock()
        self._index_ready = threading.Event()
        self._watcher: Any = None
        self._thread: threading.Thread | None = None

    @classmethod
    def from_settings(
        cls, vault_arg: str | None, *, use_index: bool = True, watch: bool = True
    ) -> VaultContext:
        from kai_desktop.infra.settings_store import (
            SettingsStore,
            resolve_vault_dir,
            vault_data_dir,
        )

        settings = SettingsStore().load()
        root = resolve_vault_dir(vault_arg, settings)
        if not root.is_dir():
            raise FileNotFoundError(f"no vault folder at {root}")
        from kai_desktop.mcp.window_link import WindowLink

        vault = Vault(root, max_file_bytes=settings.max_file_bytes)
        # A folder Kai did not create gets none of Kai's files from here either.
        KaiLayout(vault, "").watch_only()
        ctx = cls(vault, settings, vault_data_dir(root), use_index=use_index, watch=watch)
        ctx.window = WindowLink.for_vault(root)
        return ctx

    # -- life cycle -------------------------------------------------------------------------
    def start(self) -> None:
        """Build the link graph, open the index and start watching (once; in the
        background). Safe to call again."""
        with self._start_lock:
            if self._started:
                return
            self._started = True
        self._thread = threading.Thread(target=self._start, name="kai-mcp-start", daemon=True)
        self._thread.start()

    def _start(self) -> None:
        try:
            if self.watch:
                self._start_watcher()
            if self.use_index:
                # Before the link graph: on a large vault parsing every note takes longer
                # than a first search waits for the index, which would then be by keyword.
                self._open_index()
        except Exception as exc:  # the tools still answer, from the files
            log.warning("could not start everything: %s", exc)
            self.index_note = f"the search index is unavailable ({exc}); keyword search"
        finally:
            self._index_ready.set()
        self.graph.build()  # its errors are reported by the tools that need links

    def _open_index(self) -> None:
        from kai_desktop.mcp.indexing import IndexedSearch, Opener

        indexed = IndexedSearch(
            Opener(self.vault, self.settings, self.data_dir), idle_close_s=self.index_idle_s
        )
        indexed.start()
        self.indexed = indexed

    def _start_watcher(self) -> None:
        try:
            from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher

            watcher = VaultWatcher(
                self.vault,
                debounce_s=self.settings.watch_debounce_ms / 1000,
                ignore_paths=[self.data_dir],
            )
            watcher.start(self._on_batch)
        except Exception as exc:  # no inotify watches left...: edits elsewhere show late
            log.warning("cannot watch the vault: %s", exc)
            return
        self._watcher = watcher

    def wait_index(self, timeout: float) -> bool:
        """Wait until the index has been opened, or found unusable."""
        return self._index_ready.wait(timeout)

    def close(self) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            watcher.stop()
        indexed, self.indexed = self.indexed, None
        if indexed is not None:
            indexed.close()

    # -- changes ----------------------------------------------------------------------------
    def _on_batch(self, changes: list[VaultChange]) -> None:
        paths = {p for c in changes for p in c.paths}
        self._refresh(paths)
        if self.indexed is not None:
            self.indexed.enqueue(changes)

    def wrote(self, paths: Iterable[str]) -> None:
        """Tell every view about the server's own writes, at once (the watcher would
        only report them after its debounce)."""
        from kai_desktop.core.retrieval.changes import VaultChange

        rels = sorted(set(paths))
        self._refresh(set(rels))
        if self.indexed is not None:
            self.indexed.enqueue([VaultChange("modified", rel, own=True) for rel in rels])

    def _files(self, paths: set[str]) -> set[str]:
        """``paths`` with folders replaced by the files in them, now and before."""
        files: set[str] = set()
        for rel in paths:
            try:
                folder = self.vault.resolve(rel)
            except VaultError:
                continue
            known = {*self.graph.paths_under(rel), *self.keywords.paths_under(rel)}
            if not known and not folder.is_dir():
                files.add(rel)
                continue
            files.update(known)
            if folder.is_dir():
                prefix = rel.rstrip("/") + "/"
                files.update(p for p in self.vault.iter_files() if p.startswith(prefix))
        return files

    def _refresh(self, paths: set[str]) -> None:
        paths = self._files(paths)
        self.graph.refresh(paths)
        self.keywords.refresh(paths)
        for rel in paths:
            if rel.startswith(MEMORIES_DIR + "/") and rel.lower().endswith(".md"):
                try:
                    self.memory.reload_path(rel)
                except Exception as exc:  # a broken memory note is reported by the store
                    log.debug("memory note %s not reloaded: %s", rel, exc)

    def version(self, rel: str) -> str:
        """The sha256 of a note as it is on disk ('' if unreadable), cached by size and
        modification time."""
        st = self._stat(rel)
        return "" if st is None else self._version(rel, st)

    def shared_version(self, rel: str) -> str | None:
        """The version of a note a client may see, or None when it is private: one stat
        of the path serves both answers (a search asks for every hit)."""
        st = self._stat(rel)
        if st is None:
            return ""  # not a note anyone can read: nothing private in it either
        private = self.private.known(rel, st)
        if private is None and self._cached_version(rel, st) is None:
            # Seen for the first time (or changed): one read answers both questions.
            data = self._read(rel)
            if self.private.is_private_data(rel, st, data):
                return None
            return self._keep_version(rel, st, "" if data is None else content_hash(data))
        if private is None and self.private.is_private_stat(rel, st):
            return None
        return None if private else self._version(rel, st)

    def _stat(self, rel: str) -> os.stat_result | None:
        """The note's size and time, only to tell whether it changed since it was last
        looked at. The path is not resolved here (that costs a system call per folder
        level, per hit): every read of the note goes through the vault, which refuses a
        path that leads out of it, and then the note is unreadable, as if missing."""
        if not rel or rel.startswith("/") or "\x00" in rel or ".." in rel.split("/"):
            return None
        try:
            return os.stat(os.path.join(self._root, rel))
        except (OSError, ValueError):
            return None

    def _version(self, rel: str, st: os.stat_result) -> str:
        cached = self._cached_version(rel, st)
        if cached is not None:
            return cached
        try:
            digest = self.vault.disk_hash(rel) or ""
        except (OSError, VaultError):
            return ""
        return self._keep_version(rel, st, digest)

    def _cached_version(self, rel: str, st: os.stat_result) -> str | None:
        with self._versions_lock:
            cached = self._versions.get(rel)
        return cached[1] if cached is not None and cached[0] == _stamp(st) else None

    def _keep_version(self, rel: str, st: os.stat_result, digest: str) -> str:
        if digest:
            with self._versions_lock:
                self._versions[rel] = (_stamp(st), digest)
        return digest

    def _read(self, rel: str) -> bytes | None:
        """The note's bytes, read through the vault (None: unreadable or not a note)."""
        try:
            data, _st = self.vault.read_bytes_checked(rel)
        except (OSError, VaultError, SkippedFile):
            return None
        return data

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """One write at a time from this server, holding the vault's write lock so no
        other Kai process replaces a note between a check and a write here."""
        with self._write_gate, vault_write_lock(self.vault.root):
            yield


def _stamp(st: os.stat_result) -> tuple[int, int]:
    return (st.st_mtime_ns, st.st_size)
