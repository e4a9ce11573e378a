"""What the graph view shows, as data: nodes, links, who is linked to whom, and the grid
that finds the nodes in a rectangle. :meth:`GraphContent.apply` patches it for a
:class:`GraphUpdate` and says which nodes the drawing must redo; it draws nothing itself.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QRectF

from kai_desktop.qt.graph.graph_controller import EdgeKey, GraphSnapshot, GraphUpdate
from kai_desktop.qt.graph.graph_layout import Position
from kai_desktop.qt.graph.graph_scene import (
    CELL,
    MAX_RADIUS,
    Line,
    Node,
    SceneData,
    cell_of,
    cells_in,
    edge_line,
)

SCENE_MARGIN = 200.0


@dataclass
class Patch:
    """What an update changed: the nodes to restyle and redraw, the links that went."""

    touched: set[str] = field(default_factory=set)
    removed_edges: set[EdgeKey] = field(default_factory=set)
    removed_nodes: set[str] = field(default_factory=set)


class GraphContent:
    def __init__(self) -> None:
        self.nodes: dict[str, Node] = {}
        self.edges: dict[EdgeKey, int] = {}
        self.adjacent: dict[str, set[str]] = {}
        self._grid: dict[tuple[int, int], list[Node]] = {}

    def adopt(self, scene: SceneData) -> None:
        self.nodes = scene.nodes
        self.edges = scene.edges
        self.adjacent = scene.adjacent
        self._grid = scene.grid

    # -- reading -------------------------------------------------------------------------
    def positions(self) -> dict[str, Position]:
        return {n: (node.x, node.y) for n, node in self.nodes.items()}

    def neighbours(self, node_id: str) -> list[str]:
        return sorted(self.adjacent.get(node_id, ()), key=str.casefold)

    def degree(self, node_id: str) -> int:
        return len(self.adjacent.get(node_id, ()))

    def describe(self, node_id: str, title_of: Callable[[str], str]) -> str:
        """The hover text: the title, what it is if not a note, and what it links to."""
        neighbours = [title_of(n) for n in self.neighbours(node_id)]
        shown = ", ".join(neighbours[:8])
        if len(neighbours) > 8:
            shown += f" and {len(neighbours) - 8} more"
        kind = self.nodes[node_id].kind if node_id in self.nodes else "note"
        head = title_of(node_id)
        if kind != "note":
            head += f" ({'not created yet' if kind == 'unresolved' else kind})"
        return f"{head}\n{len(neighbours)} linked: {shown}" if neighbours else f"{head}\nno links"

    def lines_around(
        self, touched: set[str], removed: set[EdgeKey]
    ) -> tuple[set[EdgeKey], dict[EdgeKey, Line]]:
        """The links to draw again (every link of a touched node, where it is now) and
        the links to drop (gone, or with an end hidden)."""
        upsert: dict[EdgeKey, Line] = {}
        drop: set[EdgeKey] = set(removed)
        for node_id in touched:
            for other in self.adjacent.get(node_id, ()):
                for pair in ((node_id, other), (other, node_id)):
                    if pair not in self.edges:
                        continue
                    line = edge_line(self.nodes, pair)
                    if line is None:
                        drop.add(pair)
                    else:
                        upsert[pair] = line
        return drop - upsert.keys(), upsert

    def nodes_in(self, rect: QRectF) -> list[Node]:
        """Visible nodes whose circle meets ``rect`` (scene coordinates)."""
        found: list[Node] = []
        grow = MAX_RADIUS
        for key in cells_in(rect.adjusted(-grow, -grow, grow, grow)):
            for node in self._grid.get(key, ()):
                r = node.radius
                if node.visible and rect.intersects(QRectF(node.x - r, node.y - r, 2 * r, 2 * r)):
                    found.append(node)
        return found

    def scene_rect(self) -> QRectF:
        """The cells that hold nodes, with a margin to pan into."""
        cells = [key for key, bucket in self._grid.items() if bucket]
        if cells:
            xs = [c[0] for c in cells]
            ys = [c[1] for c in cells]
            rect = QRectF(
                min(xs) * CELL, min(ys) * CELL,
                (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL,
            )
        else:
            rect = QRectF(0, 0, 1, 1)
        return rect.adjusted(-SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN)

    def snapshot_with(self, update: GraphUpdate) -> GraphSnapshot:
        """What the graph will be once ``update`` is applied (to rebuild it on a worker
        when an update is too large to patch on the GUI thread)."""
        nodes = {n: node.kind for n, node in self.nodes.items()}
        positions = self.positions()
        edges = dict(self.edges)
        for node_id in update.nodes_removed:
            nodes.pop(node_id, None)
        for pair in update.edges_removed:
            edges.pop(pair, None)
        nodes.update(update.nodes_upserted)
        positions.update(update.positions)
        edges.update(update.edges_upserted)
        edges = {p: c for p, c in edges.items() if p[0] in nodes and p[1] in nodes}
        return GraphSnapshot(nodes, edges, positions)

    # -- changing ------------------------------------------------------------------------
    def apply(self, update: GraphUpdate, is_shown: Callable[[str], bool]) -> Patch:
        """Patch nodes and links for ``update``; ``is_shown(kind)`` says which kinds the
        filters show."""
        patch = Patch(removed_edges=set(update.edges_removed))
        self._remove_nodes(update.nodes_removed, patch)
        self._remove_edges(patch)
        self._upsert_nodes(update, is_shown, patch)
        self._move_nodes(update.positions, patch)
        self._upsert_edges(update.edges_upserted, patch)
        patch.touched &= self.nodes.keys()
        return patch

    def _remove_nodes(self, node_ids: list[str], patch: Patch) -> None:
        for node_id in node_ids:
            node = self.nodes.pop(node_id, None)
            if node is None:
                continue
            patch.removed_nodes.add(node_id)
            self._grid_remove(node)
            for other in self.adjacent.pop(node_id, set()):
                self.adjacent.get(other, set()).discard(node_id)
                patch.touched.add(other)
                patch.removed_edges.update({(node_id, other), (other, node_id)})

    def _remove_edges(self, patch: Patch) -> None:
        for pair in patch.removed_edges:
            if self.edges.pop(pair, None) is not None:
                patch.touched.update(pair)
        for s_id, t_id in patch.removed_edges:
            if (t_id, s_id) not in self.edges:  # a link the other way keeps them adjacent
                self.adjacent.get(s_id, set()).discard(t_id)
                self.adjacent.get(t_id, set()).discard(s_id)

    def _upsert_nodes(
        self, update: GraphUpdate, is_shown: Callable[[str], bool], patch: Patch
    ) -> None:
        for node_id, kind in update.nodes_upserted.items():
            node = self.nodes.get(node_id)
            if node is None:
                x, y = update.positions.get(node_id, (0.0, 0.0))
                node = self.nodes[node_id] = Node(node_id, kind, x, y)
                self.adjacent.setdefault(node_id, set())
                self._grid_add(node)
            node.kind = kind
            node.visible = is_shown(kind)
            patch.touched.add(node_id)

    def _move_nodes(self, positions: dict[str, Position], patch: Patch) -> None:
        for node_id, (x, y) in positions.items():
            node = self.nodes.get(node_id)
            if node is not None and (node.x, node.y) != (x, y):
                self._grid_remove(node)
                node.move(x, y)
                self._grid_add(node)
                patch.touched.add(node_id)

    def _upsert_edges(self, edges: dict[EdgeKey, int], patch: Patch) -> None:
        for (s_id, t_id), count in edges.items():
            if s_id in self.nodes and t_id in self.nodes:
                self.edges[(s_id, t_id)] = count
                if s_id != t_id:
                    self.adjacent.setdefault(s_id, set()).add(t_id)
                    self.adjacent.setdefault(t_id, set()).add(s_id)
                patch.touched.update((s_id, t_id))

    def _grid_add(self, node: Node) -> None:
        self._grid.setdefault(cell_of(node.x, node.y), []).append(node)

    def _grid_remove(self, node: Node) -> None:
        bucket = self._grid.get(cell_of(node.x, node.y))
        if bucket is not None:
            with contextlib.suppress(ValueError):
                bucket.remove(node)


def best_match(
    nodes: dict[str, Node], title_of: Callable[[str], str], text: str
) -> str | None:
    """The best match for ``text`` among visible nodes: exact title or path, then title
    prefix, title substring, path substring; shorter paths first."""
    needle = text.strip().casefold()
    if not needle:
        return None
    ranked: list[tuple[int, int, str]] = []
    for node_id, node in nodes.items():
        if not node.visible:
            continue
        rank = _rank(needle, title_of(node_id).casefold(), node_id.casefold())
        if rank is not None:
            ranked.append((rank, len(node_id), node_id))
    return min(ranked)[2] if ranked else None


def _rank(needle: str, title: str, path: str) -> int | None:
    if needle in (title, path):
        return 0
    if title.startswith(needle):
        return 1
    if needle in title:
        return 2
    if needle in path:
        return 3
    return None
