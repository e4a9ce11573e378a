"""The MCP tools run inside the window: the other half of :mod:`window_link`.

While the window is open on a vault, it owns the search index and writes under its own
write lock, with its own memory store and trash. ``kai-desktop mcp`` then hands each
tool call to the window over its local channel, and :class:`WindowHost` does it here:
the same tool code as in the MCP process, on a context built from the window's services
and searching the window's index (:class:`WindowIndex`). Private notes are held back
exactly as in the MCP process: the caller is an MCP client either way.

Qt-free: the window's channel calls :meth:`WindowHost.serve` on a worker thread.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.runtime.window_channel import (
    ChannelError,
    decode_request,
    encode_error,
    encode_result,
)
from kai_desktop.mcp.context import VaultContext
from kai_desktop.mcp.graph import GraphView
from kai_desktop.mcp.indexing import IndexUnavailable, Parts
from kai_desktop.mcp.paths import NotFound, Refused

if TYPE_CHECKING:
    from kai_desktop.core.memory.store import MemoryStore
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.search import Retriever
    from kai_desktop.core.settings import Settings
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.core.vault.trash import Trash

log = logging.getLogger(__name__)


class WindowIndex:
    """The window's open index, as the tools use it. Writes made through the tools are
    handed to the window's indexer (``submit``); a search waits until they are in."""

    def __init__(
        self,
        indexer: IncrementalIndexer,
        retriever: Retriever,
        submit: Callable[[Sequence[VaultChange]], None],
    ) -> None:
        self._parts = Parts(indexer.index, indexer, retriever)
        self._submit = submit
        self._cond = threading.Condition()
        self._seq = 0
        self._pending: dict[int, set[str]] = {}
        self._synced = False
        self._closed = False
        self.error: str | None = None

    @property
    def synced(self) -> bool:
        with self._cond:
            return self._synced

    def enqueue(self, changes: Sequence[VaultChange]) -> int:
        with self._cond:
            self._seq += 1
            self._pending[self._seq] = {p for c in changes for p in c.paths}
            seq = self._seq
        self._submit(changes)
        return seq

    def queued(self) -> int:
        with self._cond:
            return self._seq

    def indexed(self, paths: Iterable[str]) -> None:
        """The window's indexer took these paths in (any thread)."""
        done = set(paths)
        with self._cond:
            for seq, waiting in list(self._pending.items()):
                if waiting <= done:
                    del self._pending[seq]
                else:
                    waiting.difference_update(done)
            self._cond.notify_all()

    def finished(self) -> None:
        """An indexing job of the window's ended: the index has been compared with the
        vault at least once."""
        with self._cond:
            self._synced = True
            self._cond.notify_all()

    def wait_for(self, seq: int, timeout: float) -> bool:
        with self._cond:
            return self._cond.wait_for(
                lambda: all(s > seq for s in self._pending) or self._closed, timeout
            )

    def wait_synced(self, timeout: float) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self._synced or self._closed, timeout)

    @contextlib.contextmanager
    def using(self) -> Iterator[Parts]:
        with self._cond:
            if self._closed:
                raise IndexUnavailable("the Kai window is opening its search index again")
        yield self._parts

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()


class WindowContext(VaultContext):
    """The tools' context inside the window: the window's vault, memory store and trash;
    its index once attached. No watcher of its own: the window reports changes."""

    def __init__(
        self, vault: Vault, settings: Settings, data_dir: Path, *,
        memory: MemoryStore, trash: Trash,
    ) -> None:
        super().__init__(
            vault, settings, data_dir, use_index=False, watch=False, memory=memory, trash=trash
        )
        self.index_note = "the Kai window has not opened its search index yet; keyword search"
        # Parsed on one thread, as the window's own graph is: no worker processes here.
        self.graph = GraphView(vault, workers=1)

    def _start(self) -> None:
        self.graph.build()

    def attach_index(self, index: WindowIndex | None, note: str | None = None) -> None:
        """The window's index is open (``index``), or it is not (``note`` says why)."""
        old, self.indexed = self.indexed, index
        if old is not None and old is not index:
            old.close()
        if note is not None:
            self.index_note = note
        self._index_ready.set()

    def close(self) -> None:
        # The graph scan is not waited for (it ends on its own); the index is the window's.
        self.indexed = None

    def changed(self, paths: Iterable[str]) -> None:
        """The window saw these paths change (its own writes and everyone else's)."""
        self._refresh(set(paths))

    def wrote(self, paths: Iterable[str]) -> None:
        rels = sorted(set(paths))
        self._refresh(set(rels))
        if self.indexed is not None:
            # Not flagged as the window's own: its views (memory panel, graph) follow.
            self.indexed.enqueue([VaultChange("modified", rel) for rel in rels])


class WindowHost:
    """Answers the channel's tool calls with the window's services (thread-safe)."""

    def __init__(self, ctx: WindowContext) -> None:
        self.ctx = ctx
        self._lock = threading.Lock()
        self._calls: dict[str, Callable[..., Any]] | None = None
        ctx.start()

    def _tools(self) -> dict[str, Callable[..., Any]]:
        with self._lock:
            if self._calls is None:
                # The tools' signatures, checked as the MCP process checked them.
                from pydantic import validate_call

                from kai_desktop.mcp.tools import ALL_TOOLS, ToolFunctions

                tools = ToolFunctions(self.ctx)
                self._calls = {n: validate_call(getattr(tools, n)) for n in ALL_TOOLS}
            return self._calls

    def serve(self, line: bytes) -> bytes:
        """One request line in, one answer line out."""
        from pydantic import ValidationError

        try:
            tool, args = decode_request(line)
        except ChannelError as exc:
            return encode_error("bad_request", str(exc))
        call = self._tools().get(tool)
        if call is None:
            return encode_error("bad_request", f"there is no tool {tool!r}")
        try:
            result = call(**args)
        except NotFound as exc:
            return encode_error("not_found", str(exc))
        except Refused as exc:
            return encode_error("refused", str(exc))
        except ValidationError as exc:
            return encode_error("bad_request", f"{tool}: {exc}")
        except Exception as exc:
            log.exception("the tool %s failed", tool)
            return encode_error("failed", f"{tool} failed in the Kai window: {exc}")
        return encode_result(result.model_dump(mode="json"))

    def close(self) -> None:
        self.ctx.close()
