"""The vault graph: notes as nodes, resolved links as edges, memories coloured by category.

Drawing stays cheap for vaults of ten thousand notes because the scene holds four items,
not one per node:

- the edges are cut into square tiles, each one ``QPainterPath``; a frame strokes only the
  tiles it shows;
- the nodes are drawn by one item: zoomed out, where a node is a pixel or two, as batches of
  points (one cached ``QPolygonF`` per colour and size); zoomed in, as circles, only those
  in view, found through a grid index;
- labels are one item that draws the titles in view and fades them out as the view zooms
  out (level of detail);
- the edges of the hovered or selected note are drawn on top in the accent colour.

Hit tests (hover, click) use the same grid index. The data itself (nodes, links, the
grid) is :class:`~kai_desktop.qt.graph.graph_content.GraphContent`; the view styles,
draws, selects, zooms and pans.

GraphView signals:
    node_selected(str): a node was clicked (or found by search); "" when cleared.
    node_activated(str): a node was double-clicked.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPalette,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QToolTip, QWidget

from kai_desktop.qt.graph.graph_content import GraphContent, best_match
from kai_desktop.qt.graph.graph_controller import EdgeKey, GraphSnapshot, GraphUpdate
from kai_desktop.qt.graph.graph_items import EdgesItem, LabelsItem, NodesItem
from kai_desktop.qt.graph.graph_layout import Position
from kai_desktop.qt.graph.graph_scene import (
    Line,
    MemoryStyle,
    Node,
    SceneData,
    build_scene,
    edge_line,
    edge_lines,
    is_shown,
    node_title,
    style_node,
)
from kai_desktop.qt.widgets.theme import HIGHLIGHT_COLOR, mix

ZOOM_STEP = 1.25
MIN_SCALE = 0.01
MAX_SCALE = 8.0
FIT_MAX_SCALE = 1.5
EDGE_INK = 0.3
"""How much of the text colour goes into the edge colour."""



class GraphView(QGraphicsView):
    node_selected = Signal(str)
    node_activated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("graphView")
        self._scene = QGraphicsScene(self)
        self._scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setScene(self._scene)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Vault graph")
        # Panning is by dragging, as in Obsidian; scroll bars would only take room.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        self.content = GraphContent()
        self._memory: dict[str, MemoryStyle] = {}
        self.show_attachments = True
        self.show_unresolved = True
        self.selected_id = ""
        self.highlighted_id = ""
        self._hover_id = ""
        self.user_zoomed = False
        self.edges_item = EdgesItem(QColor(128, 128, 128, 90))
        self.focus_edges_item = EdgesItem(QColor(HIGHLIGHT_COLOR), 1.6)
        self.focus_edges_item.setZValue(0.5)
        self.nodes_item = NodesItem(self)
        self.labels_item = LabelsItem(self)
        for item in (self.edges_item, self.focus_edges_item, self.nodes_item, self.labels_item):
            self._scene.addItem(item)
        self._apply_palette()

    # -- content ---------------------------------------------------------------------------
    @property
    def nodes(self) -> dict[str, Node]:
        return self.content.nodes

    @property
    def edges(self) -> dict[EdgeKey, int]:
        return self.content.edges

    def set_snapshot(self, snapshot: GraphSnapshot) -> None:
        """Load a whole graph now (the pane prepares it on a worker and calls adopt)."""
        self.adopt(self.prepare(snapshot)())

    def prepare(self, snapshot: GraphSnapshot) -> Callable[[], SceneData]:
        """A job that builds the scene data for ``snapshot`` (safe to run on a worker)."""
        memory = dict(self._memory)
        attachments, unresolved = self.show_attachments, self.show_unresolved
        return lambda: build_scene(snapshot, memory, attachments, unresolved)

    def adopt(self, scene: SceneData) -> None:
        """Show prepared scene data: a few assignments on the GUI thread."""
        self.content.adopt(scene)
        if self.selected_id not in self.nodes:
            self.selected_id = ""
        if self.highlighted_id not in self.nodes:
            self.highlighted_id = ""
        for node_id in (self.selected_id, self.highlighted_id):
            if node_id:
                self._restyle(self.nodes[node_id])
        self.nodes_item.invalidate()
        self.edges_item.set_tiles(scene.tiles)
        self._refresh_focus_edges()
        self._update_scene_rect()

    def snapshot_with(self, update: GraphUpdate) -> GraphSnapshot:
        """What the graph will be once ``update`` is applied (see ``GraphContent``)."""
        return self.content.snapshot_with(update)

    def apply_update(self, update: GraphUpdate) -> None:
        """Patch nodes, links and drawing for what changed; the rest is left alone."""
        patch = self.content.apply(update, self._is_shown)
        if self.selected_id in patch.removed_nodes:
            self.select("")
        if self.highlighted_id in patch.removed_nodes:
            self.highlighted_id = ""
        restyle = set(patch.touched)
        for node_id in patch.touched:
            restyle.update(self.content.adjacent.get(node_id, ()))
        for node_id in restyle:
            self._restyle(self.nodes[node_id])
        self.nodes_item.invalidate()
        drop, upsert = self.content.lines_around(patch.touched, patch.removed_edges)
        self.edges_item.patch(drop, upsert)
        self._refresh_focus_edges()
        self._update_scene_rect()

    def _line(self, pair: EdgeKey) -> Line | None:
        return edge_line(self.nodes, pair)

    def set_memory_styles(self, styles: Mapping[str, MemoryStyle]) -> None:
        """Memory notes by vault path: coloured by category, sized by hits."""
        self._memory = dict(styles)
        self._restyle_all()

    def set_filters(self, *, attachments: bool, unresolved: bool) -> None:
        self.show_attachments = attachments
        self.show_unresolved = unresolved
        for node in self.nodes.values():
            node.visible = self._is_shown(node.kind)
        self.nodes_item.invalidate()
        self._refresh_edges()

    def positions(self) -> dict[str, Position]:
        return self.content.positions()

    def visible_node_ids(self) -> list[str]:
        return [n for n, node in self.nodes.items() if node.visible]

    def neighbours(self, node_id: str) -> list[str]:
        return self.content.neighbours(node_id)

    def title_of(self, node_id: str) -> str:
        style = self._memory.get(node_id)
        return style.key if style is not None else node_title(node_id)

    def nodes_in(self, rect: QRectF) -> list[Node]:
        """Visible nodes whose circle meets ``rect`` (scene coordinates)."""
        return self.content.nodes_in(rect)

    def marked_nodes(self) -> list[Node]:
        return [self.nodes[n] for n in (self.highlighted_id, self.selected_id) if n in self.nodes]

    def _is_shown(self, kind: str) -> bool:
        return is_shown(kind, self.show_attachments, self.show_unresolved)

    def _restyle_all(self) -> None:
        for node in self.nodes.values():
            self._restyle(node)
        self.nodes_item.invalidate()

    def _restyle(self, node: Node) -> None:
        style_node(node, self._memory.get(node.id), self.content.degree(node.id))
        if node.id == self.selected_id:
            node.outline = self.palette().color(QPalette.ColorRole.Highlight)
        elif node.id == self.highlighted_id:
            node.outline = QColor(HIGHLIGHT_COLOR)
        else:
            node.outline = None

    def _refresh_edges(self) -> None:
        self.edges_item.set_lines(edge_lines(self.nodes, self.edges))
        self._refresh_focus_edges()

    def _refresh_focus_edges(self) -> None:
        focus = self._hover_id or self.selected_id
        lines: dict[EdgeKey, Line] = {}
        if focus in self.nodes:
            for other in self.content.adjacent.get(focus, ()):
                line = self._line((focus, other))
                if line is not None:
                    lines[(focus, other)] = line
        self.focus_edges_item.set_lines(lines)

    def _update_scene_rect(self) -> None:
        rect = self.content.scene_rect()
        for item in (self.nodes_item, self.labels_item):
            item.set_rect(rect)
        self._scene.setSceneRect(rect)

    def _apply_palette(self) -> None:
        palette = self.palette()
        self.setBackgroundBrush(palette.color(QPalette.ColorRole.Base))
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        self.labels_item.color = text
        # An opaque mix of text and background: translucent lines are much slower to draw.
        self.edges_item.color = mix(base, text, EDGE_INK)

    # -- selection and search ----------------------------------------------------------------
    def select(self, node_id: str) -> None:
        previous = self.selected_id
        self.selected_id = node_id if node_id in self.nodes else ""
        for changed in {previous, self.selected_id} - {""}:
            if changed in self.nodes:
                self._restyle(self.nodes[changed])
        self.nodes_item.update()
        self._refresh_focus_edges()
        self.node_selected.emit(self.selected_id)

    def find_node(self, text: str) -> str | None:
        """The best match for ``text`` among visible nodes: exact title, prefix, substring."""
        return best_match(self.nodes, self.title_of, text)

    def search(self, text: str) -> str | None:
        """Highlight and centre the best match, and select it; None when nothing matches."""
        found = self.find_node(text)
        previous = self.highlighted_id
        self.highlighted_id = found or ""
        if previous in self.nodes:
            self._restyle(self.nodes[previous])
        if found is None:
            self.nodes_item.update()
            return None
        self._restyle(self.nodes[found])
        self.centerOn(self.nodes[found].pos())
        self.select(found)
        return found

    def titles(self) -> list[str]:
        return sorted({self.title_of(n) for n in self.nodes}, key=str.casefold)

    # -- zoom and pan ------------------------------------------------------------------------
    def zoom_by(self, factor: float) -> None:
        self.user_zoomed = True
        current = self.transform().m11()
        factor = max(MIN_SCALE / current, min(MAX_SCALE / current, factor))
        self.scale(factor, factor)

    def zoom_level(self) -> float:
        return float(self.transform().m11())

    def fit(self) -> None:
        shown = [n for n in self.nodes.values() if n.visible]
        if not shown:
            return
        xs = [n.x for n in shown]
        ys = [n.y for n in shown]
        rect = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        self.fitInView(rect.adjusted(-60, -60, 60, 60), Qt.AspectRatioMode.KeepAspectRatio)
        if self.transform().m11() > FIT_MAX_SCALE:  # a small vault: don't blow it up
            self.resetTransform()
            self.scale(FIT_MAX_SCALE, FIT_MAX_SCALE)
            self.centerOn(rect.center())
        self.user_zoomed = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self.user_zoomed and self.nodes:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(ZOOM_STEP**steps)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(ZOOM_STEP)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(1 / ZOOM_STEP)
        elif key in (Qt.Key.Key_0, Qt.Key.Key_F):
            self.fit()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.selected_id:
            self.node_activated.emit(self.selected_id)
        elif key == Qt.Key.Key_Escape and self.selected_id:
            self.select("")
        else:
            super().keyPressEvent(event)

    # -- mouse -------------------------------------------------------------------------------
    def node_at(self, view_pos: QPointF) -> Node | None:
        """The node under a viewport point, with a few pixels of slack for tiny nodes."""
        scene = self.mapToScene(view_pos.toPoint())
        slack = 4.0 / max(self.transform().m11(), 1e-6)
        probe = QRectF(scene.x() - slack, scene.y() - slack, 2 * slack, 2 * slack)
        best: tuple[float, Node] | None = None
        for node in self.nodes_in(probe):
            distance = math.hypot(node.x - scene.x(), node.y - scene.y())
            if distance <= node.radius + slack and (best is None or distance < best[0]):
                best = (distance, node)
        return best[1] if best else None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        node = self.node_at(event.position())
        if node is not None and event.button() == Qt.MouseButton.LeftButton:
            self.select(node.id)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        node = self.node_at(event.position())
        if node is not None:
            self.node_activated.emit(node.id)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        node = self.node_at(event.position())
        hover = node.id if node is not None else ""
        if hover == self._hover_id:
            return
        self._hover_id = hover
        self._refresh_focus_edges()
        if node is None:
            QToolTip.hideText()
            return
        QToolTip.showText(event.globalPosition().toPoint(), self.hover_text(hover), self)

    def hover_text(self, node_id: str) -> str:
        return self.content.describe(node_id, self.title_of)
