"""The vault's link graph and its layout, owned by one worker thread.

:class:`LinkGraph` is not thread-safe, so every read and change of it runs as a job on a
single-thread :class:`TaskRunner`: the first scan, each batch of changed paths, and link
lookups for the chat pane. Results reach the GUI thread as plain snapshots by signal; the
view never sees the graph object itself.

Signals:
    loaded(object): a :class:`GraphSnapshot` after the first scan and layout.
    updated(object): a :class:`GraphUpdate` after a batch of changes.
    progress(int, int): scan progress (done, total).
    failed(str): the scan or an update failed; the message is for the user.
    layout_failed(str): the layout failed twice in a row (its worker died, overran its
        deadline or raised); the graph waits for :meth:`retry_layout`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from kai_desktop.core.runtime.gc_policy import building_long_lived
from kai_desktop.core.vault.files import SkippedFile, Vault, VaultError, decode_note_bytes
from kai_desktop.qt.graph.graph_layout import (
    LayoutResult,
    Position,
    load_positions,
    save_positions,
)
from kai_desktop.qt.graph.layout_process import LayoutCancelled, LayoutProcess
from kai_desktop.qt.graph.source_links import SourceLinks
from kai_desktop.qt.workers.tasks import TaskRunner

if TYPE_CHECKING:  # imported on the worker when the scan starts
    from kai_desktop.core.vault.link_graph import GraphDelta, LinkGraph

log = logging.getLogger(__name__)

EdgeKey = tuple[str, str]
LAYOUT_RETRIES = 1
"""A failed layout is tried again this many times before the graph shows the failure."""


@dataclass(frozen=True)
class GraphSnapshot:
    nodes: dict[str, str]
    """node id -> kind ("note", "attachment", "unresolved")."""
    edges: dict[EdgeKey, int]
    positions: dict[str, Position]
    layout_seconds: float = 0.0
    layout_mode: str = ""


@dataclass(frozen=True)
class GraphUpdate:
    nodes_removed: list[str] = field(default_factory=list)
    nodes_upserted: dict[str, str] = field(default_factory=dict)
    edges_removed: list[EdgeKey] = field(default_factory=list)
    edges_upserted: dict[EdgeKey, int] = field(default_factory=dict)
    positions: dict[str, Position] = field(default_factory=dict)
    """New positions of added or moved nodes."""

    def __bool__(self) -> bool:
        return bool(
            self.nodes_removed or self.nodes_upserted or self.edges_removed or self.edges_upserted
        )


class _Cancelled(Exception):
    pass


class LayoutError(Exception):
    """The layout failed on its retry as well."""


@dataclass
class _Changes:
    """The deltas of one batch of paths, merged: a later change of a node or link wins."""

    removed: set[str] = field(default_factory=set)
    upserted: dict[str, str] = field(default_factory=dict)
    edges_removed: set[EdgeKey] = field(default_factory=set)
    edges_upserted: dict[EdgeKey, int] = field(default_factory=dict)
    touched: set[str] = field(default_factory=set)
    """Ends of changed links: the nodes a local layout may move."""

    def add(self, delta: GraphDelta) -> None:
        for node_id in delta.nodes_removed:
            self.removed.add(node_id)
            self.upserted.pop(node_id, None)
        for node in delta.nodes_upserted:
            self.upserted[node.id] = node.kind
            self.removed.discard(node.id)
        for pair in delta.edges_removed:
            self.edges_removed.add(pair)
            self.edges_upserted.pop(pair, None)
            self.touched.update(pair)
        for edge in delta.edges_upserted:
            pair = (edge.source, edge.target)
            self.edges_upserted[pair] = edge.count
            self.edges_removed.discard(pair)
            self.touched.update(pair)


class GraphController(QObject):
    loaded = Signal(object)
    updated = Signal(object)
    progress = Signal(int, int)
    failed = Signal(str)
    layout_failed = Signal(str)

    def __init__(
        self,
        vault: Vault,
        layout_path: Path | None,
        parent: QObject | None = None,
        *,
        layout_process: LayoutProcess | None = None,
    ) -> None:
        super().__init__(parent)
        self._vault = vault
        self._layout_path = layout_path
        self._layouts = layout_process or LayoutProcess()
        self._worker = TaskRunner(max_threads=1, parent=self, name="kai-graph")
        self._stop = threading.Event()
        # Owned by the worker thread only:
        self._graph: LinkGraph | None = None
        self._positions: dict[str, Position] = {}
        self._sources = SourceLinks()
        self._layout_broken = False
        """A layout failed: updates wait for a whole new layout (:meth:`retry_layout`)."""
        self.started = False

    # -- GUI-thread API --------------------------------------------------------------------
    def start(self) -> None:
        if self.started:
            return
        self.started = True
        self._worker.submit(self._scan_job, self.loaded.emit, self._failed)

    def apply_paths(self, rels: Iterable[str]) -> None:
        """Re-read these vault paths (created, changed or deleted) and patch the graph."""
        wanted = sorted(set(rels))
        if wanted and self.started:
            self._worker.submit(lambda: self._apply_job(wanted), self._emit_update, self._failed)

    def set_source_links(self, links: Iterable[EdgeKey]) -> None:
        """Memory -> source note links to show along with the wikilinks."""
        wanted = set(links)

        def job() -> GraphUpdate:
            self._sources.wanted = wanted
            return self._apply_job([])

        self._worker.submit(job, self._emit_update, self._failed)

    def relayout(self) -> None:
        """Forget the saved layout and lay the whole graph out again."""
        if self.started:
            self._worker.submit(self._relayout_job, self.loaded.emit, self._failed)

    def retry_layout(self) -> None:
        """After :attr:`layout_failed`: lay the graph out again, keeping known positions
        (or scan again when the first scan never finished)."""
        if self.started:
            self._worker.submit(self._retry_job, self.loaded.emit, self._failed)

    def resolve_link(
        self, target: str, source: str, callback: Callable[[str | None], None]
    ) -> None:
        """Resolve a wikilink target as Obsidian would; ``callback`` gets a vault path."""

        def job() -> str | None:
            if self._graph is None:
                return target if self._vault.resolve(target).exists() else None
            return self._graph.resolver.resolve(target, source)

        self._worker.submit(job, callback, lambda _exc: callback(None))

    def shutdown(self) -> None:
        self._stop.set()
        self._layouts.shutdown()  # ends a layout in progress, so the worker can finish
        self._worker.shutdown()

    def _emit_update(self, update: GraphUpdate) -> None:
        if update or update.positions:
            self.updated.emit(update)

    def _failed(self, exc: BaseException) -> None:
        if isinstance(exc, _Cancelled):
            return
        if isinstance(exc, LayoutError):
            self.layout_failed.emit(str(exc))
            return
        log.warning("graph: %s", exc)
        self.failed.emit(f"Graph: {exc}")

    # -- worker jobs -----------------------------------------------------------------------
    def _scan_job(self) -> GraphSnapshot:
        from kai_desktop.core.vault.scan import iter_scan_vault

        # The link graph stays for the life of the vault: no collection walks it while
        # it is built (each would stop the window), and it is frozen once done.
        with building_long_lived("vault link graph"):
            steps = iter_scan_vault(self._vault)
            while True:
                if self._stop.is_set():
                    raise _Cancelled
                try:
                    step = next(steps)
                except StopIteration as stop:
                    scan = stop.value
                    break
                self.progress.emit(step.done, step.total)
            self._graph = scan.graph
        previous = load_positions(self._layout_path) if self._layout_path else {}
        return self._layout_all(previous)

    def _relayout_job(self) -> GraphSnapshot:
        return self._layout_all({})

    def _retry_job(self) -> GraphSnapshot:
        if self._graph is None:
            return self._scan_job()
        return self._layout_all(dict(self._positions))

    def _compute(
        self,
        nodes: list[str],
        edges: list[EdgeKey],
        previous: dict[str, Position],
        touched: set[str] | None = None,
    ) -> LayoutResult:
        """The layout, tried twice; the second failure leaves the graph waiting for a
        retry (:attr:`layout_failed`)."""
        failures = 0
        while True:
            try:
                result = self._layouts.compute(nodes, edges, previous, touched=touched or ())
            except (LayoutCancelled, _Cancelled):
                raise _Cancelled from None
            except Exception as exc:
                if self._stop.is_set():
                    raise _Cancelled from None
                failures += 1
                if failures > LAYOUT_RETRIES:
                    self._layout_broken = True
                    log.warning("graph layout failed again: %s", exc)
                    raise LayoutError(f"The graph could not be laid out: {exc}") from exc
                log.warning("graph layout failed (%s); trying once more", exc)
                continue
            self._layout_broken = False
            return result

    def _layout_all(self, previous: dict[str, Position]) -> GraphSnapshot:
        graph = self._graph
        assert graph is not None
        nodes: dict[str, str] = {n.id: str(n.kind) for n in graph.nodes()}
        edges = {(e.source, e.target): e.count for e in graph.edges()}
        self._sources.shown = set()
        edges.update(self._sources.refresh(graph, edges)[1])
        result = self._compute(list(nodes), list(edges), previous)
        self._positions = result.positions
        self._save()
        return GraphSnapshot(nodes, edges, dict(result.positions), result.seconds, result.mode)

    def _apply_job(self, rels: list[str]) -> GraphUpdate:
        graph = self._graph
        if graph is None:
            return GraphUpdate()
        changes = _Changes()
        for rel in rels:
            if self._stop.is_set():
                raise _Cancelled
            delta = self._apply_one(graph, rel)
            if delta is not None:
                changes.add(delta)
        for node_id in changes.removed:
            self._positions.pop(node_id, None)
        nodes = [n.id for n in graph.nodes()]
        edges = [(e.source, e.target) for e in graph.edges()]
        gone, added = self._sources.refresh(graph, edges)
        changes.edges_removed.update(gone)
        changes.edges_upserted.update(added)
        for pair in gone | added.keys():
            changes.touched.update(pair)
        edges += sorted(self._sources.shown)
        if self._layout_broken:  # the retry's whole new layout will carry these changes
            return GraphUpdate()
        before = dict(self._positions)
        result = self._compute(nodes, edges, before, changes.touched - changes.removed)
        self._positions = result.positions
        moved = {
            n: p for n, p in result.positions.items() if n not in before or before[n] != p
        }
        if moved or changes.removed:
            self._save()
        return GraphUpdate(
            sorted(changes.removed),
            changes.upserted,
            sorted(changes.edges_removed),
            changes.edges_upserted,
            moved,
        )

    def _apply_one(self, graph: LinkGraph, rel: str) -> GraphDelta | None:
        from kai_desktop.core.vault.link_resolver import is_note_path

        try:
            path = self._vault.resolve(rel)
        except VaultError:
            return None
        if not path.is_file():
            return graph.remove_file(rel) if graph.kind_of(rel) in ("note", "attachment") else None
        if not is_note_path(rel):
            return graph.add_attachment(rel)
        try:
            # Read without remembering the hash: the graph is not a writer, and the vault's
            # compare-and-swap memory belongs to the services that write.
            data, _st = self._vault.read_bytes_checked(rel)
            text = decode_note_bytes(rel, data)
        except SkippedFile as exc:
            return graph.set_unreadable_note(rel, exc.reason)
        except OSError as exc:
            return graph.set_unreadable_note(rel, str(exc))
        return graph.update_note(rel, text)

    def _save(self) -> None:
        if self._layout_path is None:
            return
        try:
            save_positions(self._layout_path, self._positions)
        except OSError as exc:
            log.warning("could not save the graph layout: %s", exc)
