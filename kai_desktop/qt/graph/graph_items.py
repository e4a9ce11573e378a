"""The scene items of the graph view: tiled edges, all nodes, labels (see graph_view)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from kai_desktop.qt.graph.graph_controller import EdgeKey
from kai_desktop.qt.graph.graph_scene import EdgeTiles, Line

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from kai_desktop.qt.graph.graph_view import GraphView

LABEL_MIN_LOD = 0.45
LABEL_FULL_LOD = 0.9
LABEL_PX = 11.0
POINT_MODE_PX = 2.5
"""Below this on-screen radius nodes are drawn as points."""
AA_MAX_TILES = 24
"""Edges are antialiased only when at most this many tiles are drawn."""
POINT_MAX_PX = 3.5
"""Point batches wider than this on screen are drawn as circles instead."""


class _SceneItem(QGraphicsItem):
    """Base: an item covering a rectangle that the view sets."""

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._rect = QRectF(rect)

    def boundingRect(self) -> QRectF:
        return self._rect


class EdgesItem(_SceneItem):
    """Paints an :class:`EdgeTiles`: a frame strokes only the tiles in view."""

    def __init__(self, color: QColor, width: float = 0.0) -> None:
        super().__init__()
        self.color = color
        self.width = width  # 0: a cosmetic hairline
        self.tiles = EdgeTiles()
        self.setZValue(0)

    def set_tiles(self, tiles: EdgeTiles) -> None:
        self.tiles = tiles
        self.set_rect(tiles.rect)
        self.update()

    def set_lines(self, lines: Mapping[EdgeKey, Line]) -> None:
        tiles = EdgeTiles()
        tiles.patch((), lines)
        self.set_tiles(tiles)

    def patch(self, remove: Iterable[EdgeKey], upsert: Mapping[EdgeKey, Line]) -> None:
        if self.tiles.patch(remove, upsert):
            self.set_rect(self.tiles.rect)
            self.update()

    def line_count(self) -> int:
        return len(self.tiles.lines)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        _widget: QWidget | None = None,
    ) -> None:
        tiles = self.tiles
        if not tiles.paths:
            return
        pen = QPen(self.color, self.width)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        exposed = option.exposedRect
        shown = [p for t, p in tiles.paths.items() if tiles.bounds[t].intersects(exposed)]
        # Antialiased lines cost several times more to draw: only for a few tiles, zoomed in.
        painter.setRenderHint(
            QPainter.RenderHint.Antialiasing, lod > 0.3 and len(shown) <= AA_MAX_TILES
        )
        for path in shown:
            painter.drawPath(path)


class NodesItem(_SceneItem):
    """Every node: batches of points when small on screen, circles when zoomed in."""

    def __init__(self, view: GraphView) -> None:
        super().__init__()
        self._view = view
        self._batches: list[tuple[QColor, float, QPolygonF]] | None = None
        self.setZValue(1)

    def invalidate(self) -> None:
        self._batches = None
        self.update()

    def _point_batches(self) -> list[tuple[QColor, float, QPolygonF]]:
        if self._batches is None:
            groups: dict[tuple[int, int], list[QPointF]] = defaultdict(list)
            colors: dict[tuple[int, int], QColor] = {}
            for node in self._view.nodes.values():
                if node.visible:
                    groups[node.batch].append(node.point)
                    colors[node.batch] = node.color
            self._batches = [
                (colors[key], float(key[1]), QPolygonF(points)) for key, points in groups.items()
            ]
        return self._batches

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        _widget: QWidget | None = None,
    ) -> None:
        view = self._view
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if 4.0 * lod < POINT_MODE_PX:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            for color, radius, points in self._point_batches():
                size = 2 * radius * lod
                if size <= POINT_MAX_PX:
                    # Square caps: Qt's fast path; at this size a square reads as a dot.
                    pen = QPen(color, max(1.5, size))
                    pen.setCosmetic(True)
                    pen.setCapStyle(Qt.PenCapStyle.SquareCap)
                    painter.setPen(pen)
                    painter.drawPoints(points)
                else:  # the few big nodes (hubs, memories with many hits) stay round
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(QBrush(color))
                    for i in range(points.size()):
                        c = points.at(i)
                        painter.drawEllipse(c, radius, radius)
            marked = [n for n in view.marked_nodes() if n.visible]
        else:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.setPen(Qt.PenStyle.NoPen)
            marked = []
            current = -1
            for node in view.nodes_in(option.exposedRect):
                if node.outline is not None:
                    marked.append(node)
                    continue
                rgba = node.color.rgba()
                if rgba != current:
                    painter.setBrush(QBrush(node.color))
                    current = rgba
                r = node.radius
                painter.drawEllipse(QRectF(node.x - r, node.y - r, 2 * r, 2 * r))
        for node in marked:  # selected and found nodes on top, with their ring
            assert node.outline is not None
            pen = QPen(node.outline, 3.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(QBrush(node.color))
            r = max(node.radius, 3.0 / max(lod, 1e-6))
            painter.drawEllipse(QRectF(node.x - r, node.y - r, 2 * r, 2 * r))


class LabelsItem(_SceneItem):
    """Titles of the nodes in view, faded in as the view zooms in."""

    def __init__(self, view: GraphView) -> None:
        super().__init__()
        self._view = view
        self.setZValue(2)
        self.font = QFont()
        self.font.setPixelSize(int(LABEL_PX))
        self.color = QColor("#222222")

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        _widget: QWidget | None = None,
    ) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        if lod < LABEL_MIN_LOD:
            return
        alpha = min(1.0, (lod - LABEL_MIN_LOD) / (LABEL_FULL_LOD - LABEL_MIN_LOD))
        color = QColor(self.color)
        color.setAlphaF(alpha)
        painter.setFont(self.font)
        painter.setPen(color)
        # Zoomed in past 1:1 the labels keep their screen size instead of growing.
        shrink = 1.0 / max(lod, 1.0)
        box = QRectF(-120, 0, 240, LABEL_PX + 4)
        align = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        for node in self._view.nodes_in(option.exposedRect.adjusted(0, -40, 0, 0)):
            painter.save()
            painter.translate(node.x, node.y + node.radius + 1)
            painter.scale(shrink, shrink)
            painter.drawText(box, align, node.title)
            painter.restore()
