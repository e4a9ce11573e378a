"""The graph's data as the view draws it: nodes with their style, a grid index, and the
edges cut into tiles of ``QPainterPath``. Plain data (no QObject, no scene item): the
graph pane builds it on a worker with :func:`build_scene` and the view swaps it in."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QPainterPath

from kai_desktop.core.memory.model import Category
from kai_desktop.qt.graph.graph_controller import EdgeKey, GraphSnapshot
from kai_desktop.qt.widgets.theme import (
    ATTACHMENT_COLOR,
    NOTE_COLOR,
    UNRESOLVED_COLOR,
    category_color,
)

CELL = 160.0
"""Grid cell (scene units) of the node index and of the edge tiles."""
MAX_RADIUS = 30.0


@dataclass(frozen=True)
class MemoryStyle:
    category: Category
    hits: int
    key: str


def node_title(node_id: str) -> str:
    name = PurePosixPath(node_id).name
    return name[:-3] if name.lower().endswith(".md") else name


class Node:
    """One node's data; drawn by :class:`NodesItem`, found through the grid."""

    __slots__ = (
        "batch", "color", "id", "kind", "outline", "point", "radius", "title", "visible", "x",
        "y",
    )

    def __init__(self, node_id: str, kind: str, x: float, y: float) -> None:
        self.id = node_id
        self.kind = kind
        self.title = node_title(node_id)
        self.x = x
        self.y = y
        self.point = QPointF(x, y)
        self.radius = 4.0
        self.color = QColor(NOTE_COLOR)
        self.batch: tuple[int, int] = (self.color.rgba(), 4)
        self.outline: QColor | None = None
        self.visible = True

    def move(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        self.point = QPointF(x, y)

    def style(self, radius: float, color: QColor) -> None:
        self.radius = radius
        self.color = color
        self.batch = (color.rgba(), round(radius))

    def pos(self) -> QPointF:
        return QPointF(self.x, self.y)

    def isVisible(self) -> bool:
        return self.visible


def cell_of(x: float, y: float) -> tuple[int, int]:
    return math.floor(x / CELL), math.floor(y / CELL)


def cells_in(rect: QRectF) -> Iterator[tuple[int, int]]:
    x0, y0 = cell_of(rect.left(), rect.top())
    x1, y1 = cell_of(rect.right(), rect.bottom())
    for cx in range(x0, x1 + 1):
        for cy in range(y0, y1 + 1):
            yield cx, cy


Line = tuple[float, float, float, float]


class EdgeTiles:
    """Lines cut into square tiles, one ``QPainterPath`` per tile. Plain data: it can be
    built on a worker thread and handed to :class:`EdgesItem`."""

    def __init__(self) -> None:
        self.lines: dict[EdgeKey, Line] = {}
        self._tile_of: dict[EdgeKey, tuple[int, int]] = {}
        self._members: dict[tuple[int, int], set[EdgeKey]] = defaultdict(set)
        self.paths: dict[tuple[int, int], QPainterPath] = {}
        self.bounds: dict[tuple[int, int], QRectF] = {}
        self.rect = QRectF()

    def patch(self, remove: Iterable[EdgeKey], upsert: Mapping[EdgeKey, Line]) -> bool:
        """Apply changes; True when anything changed."""
        dirty: set[tuple[int, int]] = set()
        for key in remove:
            tile = self._tile_of.pop(key, None)
            if tile is not None:
                self._members[tile].discard(key)
                self.lines.pop(key, None)
                dirty.add(tile)
        for key, line in upsert.items():
            old = self._tile_of.get(key)
            if old is not None:
                self._members[old].discard(key)
                dirty.add(old)
            x1, y1, x2, y2 = line
            tile = cell_of((x1 + x2) / 2, (y1 + y2) / 2)
            self.lines[key] = line
            self._tile_of[key] = tile
            self._members[tile].add(key)
            dirty.add(tile)
        if not dirty:
            return False
        for tile in dirty:
            members = self._members.get(tile)
            if not members:
                self._members.pop(tile, None)
                self.paths.pop(tile, None)
                self.bounds.pop(tile, None)
                continue
            path = QPainterPath()
            for key in members:
                x1, y1, x2, y2 = self.lines[key]
                path.moveTo(x1, y1)
                path.lineTo(x2, y2)
            self.paths[tile] = path
            self.bounds[tile] = path.boundingRect()
        rect = QRectF()
        for box in self.bounds.values():
            rect = rect.united(box)
        self.rect = rect.adjusted(-2, -2, 2, 2)
        return True


@dataclass
class SceneData:
    """Everything :class:`GraphView` draws, built by :func:`build_scene`."""

    nodes: dict[str, Node]
    edges: dict[EdgeKey, int]
    adjacent: dict[str, set[str]]
    grid: dict[tuple[int, int], list[Node]]
    tiles: EdgeTiles


def style_node(node: Node, memory: MemoryStyle | None, degree: int) -> None:
    """Colour and size: memories by category and hits, notes by links."""
    if memory is not None:
        radius = 5.0 + 2.0 * math.sqrt(max(memory.hits, 1))
        color = category_color(memory.category)
        node.title = memory.key
    elif node.kind == "attachment":
        radius, color = 4.0, QColor(ATTACHMENT_COLOR)
    elif node.kind == "unresolved":
        radius, color = 3.5, QColor(UNRESOLVED_COLOR)
    else:
        radius, color = 4.0 + 1.2 * math.sqrt(degree), QColor(NOTE_COLOR)
        node.title = node_title(node.id)
    node.style(min(radius, MAX_RADIUS), color)
    node.outline = None


def is_shown(kind: str, attachments: bool, unresolved: bool) -> bool:
    if kind == "attachment":
        return attachments
    if kind == "unresolved":
        return unresolved
    return True


def edge_line(nodes: Mapping[str, Node], pair: EdgeKey) -> Line | None:
    a, b = nodes.get(pair[0]), nodes.get(pair[1])
    if a is None or b is None or a is b or not a.visible or not b.visible:
        return None
    return (a.x, a.y, b.x, b.y)


def edge_lines(nodes: Mapping[str, Node], edges: Iterable[EdgeKey]) -> dict[EdgeKey, Line]:
    out: dict[EdgeKey, Line] = {}
    for pair in edges:
        line = edge_line(nodes, pair)
        if line is not None:
            out[pair] = line
    return out


def build_scene(
    snapshot: GraphSnapshot,
    memory: Mapping[str, MemoryStyle],
    attachments: bool = True,
    unresolved: bool = True,
) -> SceneData:
    """Nodes, links, the grid index and the edge tiles for a snapshot. Plain data (no
    QObject), so the graph pane builds it on a worker and the GUI thread only swaps it in."""
    nodes: dict[str, Node] = {}
    for node_id, kind in snapshot.nodes.items():
        x, y = snapshot.positions.get(node_id, (0.0, 0.0))
        node = Node(node_id, kind, x, y)
        node.visible = is_shown(kind, attachments, unresolved)
        nodes[node_id] = node
    edges = dict(snapshot.edges)
    adjacent: dict[str, set[str]] = {n: set() for n in nodes}
    for s_id, t_id in edges:
        if s_id in adjacent and t_id in adjacent and s_id != t_id:
            adjacent[s_id].add(t_id)
            adjacent[t_id].add(s_id)
    grid: dict[tuple[int, int], list[Node]] = defaultdict(list)
    for node in nodes.values():
        style_node(node, memory.get(node.id), len(adjacent[node.id]))
        grid[cell_of(node.x, node.y)].append(node)
    tiles = EdgeTiles()
    tiles.patch((), edge_lines(nodes, edges))
    return SceneData(nodes, edges, adjacent, dict(grid), tiles)
