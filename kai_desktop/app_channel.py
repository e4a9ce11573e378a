"""The window's side of ``kai-desktop mcp``: tool calls that arrive on the window's
channel are done with the window's vault, memory store, trash and search index.

Wired by the composition root. The tools' code (``kai_desktop.mcp``) is imported at the
first call, on the channel's worker thread, so a window nobody calls pays nothing.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import Qt

from kai_desktop.core.runtime.window_channel import encode_error

if TYPE_CHECKING:
    from pathlib import Path

    from kai_desktop.app_parts import SearchParts
    from kai_desktop.core.memory.store import MemoryStore
    from kai_desktop.core.settings import Settings
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.core.vault.trash import Trash
    from kai_desktop.mcp.window_host import WindowHost
    from kai_desktop.qt.workers.index_service import IndexService

CLOSE_WAIT_S: Final = 2.0
"""How long quitting waits for calls in progress (a write is finished, never halved)."""


class ChannelTools:
    """Answers tool calls (any thread); :meth:`close` lets calls in progress end first."""

    def __init__(
        self, vault: Vault, settings: Settings, data_dir: Path, memory: MemoryStore,
        trash: Trash,
    ) -> None:
        self._services = (vault, settings, data_dir, memory, trash)
        self._lock = threading.Condition()
        self._host: WindowHost | None = None
        self._search: tuple[SearchParts, IndexService] | None = None
        self._index_note: str | None = None
        self._active = 0
        self._closed = False

    # -- calls (the channel's worker threads) --------------------------------------------------
    def serve(self, line: bytes) -> bytes:
        with self._lock:
            if self._closed:
                return encode_error("unavailable", "the Kai window is closing")
            self._active += 1
        try:
            return self._host_now().serve(line)
        finally:
            with self._lock:
                self._active -= 1
                self._lock.notify_all()

    def _host_now(self) -> WindowHost:
        with self._lock:
            if self._host is not None:
                return self._host
            from kai_desktop.mcp.window_host import WindowContext, WindowHost

            vault, settings, data_dir, memory, trash = self._services
            self._host = WindowHost(
                WindowContext(vault, settings, data_dir, memory=memory, trash=trash)
            )
            search, note = self._search, self._index_note
        if search is not None:
            self._attach(*search)
        elif note is not None:
            self._host.ctx.attach_index(None, note)
        return self._host

    def apply_settings(self, settings: Settings) -> None:
        """New settings (the private tag among them) hold from the next call."""
        from kai_desktop.core.vault.privacy import PrivateNotes

        with self._lock:
            vault, _old, data_dir, memory, trash = self._services
            self._services = (vault, settings, data_dir, memory, trash)
            host = self._host
        if host is not None:
            host.ctx.settings = settings
            host.ctx.private = PrivateNotes(vault, settings.private_tag)

    # -- the window's index (GUI thread) -------------------------------------------------------
    def index_opened(self, parts: SearchParts, service: IndexService) -> None:
        with self._lock:
            self._search, self._index_note = (parts, service), None
            host = self._host
        if host is not None:
            self._attach(parts, service)

    def index_closed(self, note: str) -> None:
        """The window's index is not open (``note``: why); searches are by keyword."""
        with self._lock:
            self._search, self._index_note = None, note
            host = self._host
        if host is not None:
            host.ctx.attach_index(None, note)

    def _attach(self, parts: SearchParts, service: IndexService) -> None:
        from kai_desktop.mcp.window_host import WindowIndex

        assert self._host is not None
        ctx = self._host.ctx
        index = WindowIndex(parts.indexer, parts.retriever, service.submit)
        direct = Qt.ConnectionType.DirectConnection  # on the indexer's thread, at once
        service.indexed.connect(index.indexed, direct)
        service.indexed.connect(ctx.changed, direct)
        service.finished.connect(lambda _report: index.finished(), direct)
        if not service.is_busy():
            index.finished()  # its first sync ended before the tools were first called
        ctx.attach_index(index)

    def close(self, timeout_s: float = CLOSE_WAIT_S) -> None:
        with self._lock:
            self._closed = True
            self._lock.wait_for(lambda: self._active == 0, min(timeout_s, CLOSE_WAIT_S))
            host = self._host
        if host is not None:
            host.close()

