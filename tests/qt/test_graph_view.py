"""The vault graph view and its layout: search, selection, hover, filters, live updates."""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from kai_desktop.core.memory.model import Category
from kai_desktop.core.runtime import gc_policy
from kai_desktop.core.vault.files import Vault
from kai_desktop.qt.graph.graph_controller import GraphController
from kai_desktop.qt.graph.graph_layout import (
    NUDGE_UNITS,
    TOUCHED_UNITS,
    UNIT_PX,
    compute_layout,
    load_positions,
    save_positions,
)
from kai_desktop.qt.graph.graph_pane import GraphPane
from kai_desktop.qt.graph.graph_scene import MemoryStyle
from kai_desktop.qt.workers.tasks import TaskRunner

NOTES = {
    "projects/Garden.md": "# Garden\n\nTomatoes near [[Compost]]. See [[Weather]].\n",
    "Compost.md": "# Compost\n\nFeeds the [[Garden]]. ![[heap.png]]\n",
    "Weather.md": "# Weather\n\nRain helps the [[Garden]].\n",
    "Lonely.md": "# Lonely\n\nNo links here.\n",
    "memories/tea.md": "---\nkey: tea\ncategory: Preference\nhits: 6\n---\nGreen tea\n",
}


def write_vault(root: Path) -> Vault:
    for rel, text in NOTES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "heap.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00")
    return Vault(root)


class Graph:
    def __init__(self, root: Path, tasks: TaskRunner, qtbot: QtBot) -> None:
        self.vault = write_vault(root / "vault")
        self.layout_path = root / "data" / "layout.json"
        self.tasks = tasks
        self.controller = GraphController(self.vault, self.layout_path)
        self.pane = GraphPane(self.controller, self._read, self.tasks)
        qtbot.addWidget(self.pane)
        self.pane.resize(700, 700)
        self.pane.show()
        self.view = self.pane.view
        self.controller.start()
        qtbot.waitUntil(lambda: self.pane.loaded, timeout=20_000)

    def _read(self, rel: str) -> str:
        return (self.vault.root / rel).read_text(encoding="utf-8")

    def viewport_point(self, node_id: str) -> QPoint:
        return self.view.mapFromScene(self.view.nodes[node_id].pos())

    def close(self) -> None:
        self.pane.close()
        self.controller.shutdown()


@pytest.fixture
def graph(tmp_path: Path, tasks: TaskRunner, qtbot: QtBot) -> Iterator[Graph]:
    g = Graph(tmp_path, tasks, qtbot)
    yield g
    g.close()


def test_notes_are_nodes_and_resolved_links_are_edges(graph):
    view = graph.view
    assert {"projects/Garden.md", "Compost.md", "Weather.md", "Lonely.md", "heap.png"} <= set(
        view.nodes
    )
    assert ("projects/Garden.md", "Compost.md") in view.edges
    assert ("Compost.md", "projects/Garden.md") in view.edges
    assert ("Compost.md", "heap.png") in view.edges
    assert view.nodes["heap.png"].kind == "attachment"
    assert view.neighbours("Lonely.md") == []
    assert graph.layout_path.exists(), "the layout is kept for the next run"
    # The scanned link graph stays: it was frozen out of cycle collection once built.
    walked = {id(o) for o in gc.get_objects()}
    assert id(graph.controller._graph) not in walked
    assert gc_policy._builders == 0  # and collection is no longer paused


def test_search_highlights_centres_and_previews_a_note(graph, qtbot):
    pane, view = graph.pane, graph.view
    view.zoom_by(2.0)
    pane.search.setFocus()
    qtbot.keyClicks(pane.search, "weath")
    with qtbot.waitSignal(view.node_selected, timeout=5000) as selected:
        qtbot.keyClick(pane.search, Qt.Key.Key_Return)
    assert selected.args == ["Weather.md"]
    assert view.highlighted_id == "Weather.md"
    centre = view.viewport().rect().center()
    point = graph.viewport_point("Weather.md")
    assert abs(point.x() - centre.x()) <= 2
    assert abs(point.y() - centre.y()) <= 2
    assert pane.preview.title.text() == "Weather"
    qtbot.waitUntil(lambda: "Rain helps" in pane.preview.body.toPlainText(), timeout=5000)

    pane.search.clear()
    qtbot.keyClicks(pane.search, "no such note")
    qtbot.keyClick(pane.search, Qt.Key.Key_Return)
    assert "No note matches" in pane.status.text()


def test_click_selects_and_double_click_opens(graph, qtbot):
    view = graph.view
    point = graph.viewport_point("Compost.md")
    with qtbot.waitSignal(view.node_selected, timeout=5000) as selected:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert selected.args == ["Compost.md"]
    assert graph.pane.preview.path == "Compost.md"
    with qtbot.waitSignal(graph.pane.open_note, timeout=5000) as opened:
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert opened.args == ["Compost.md", 0]


def test_hover_names_the_neighbours(graph):
    text = graph.view.hover_text("projects/Garden.md")
    assert text.startswith("Garden")
    assert "Compost" in text
    assert "Weather" in text


def test_zoom_keys_and_filters(graph, qtbot):
    view = graph.view
    view.setFocus()
    before = view.zoom_level()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.zoom_level() > before
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.zoom_level() < before

    edges_before = view.edges_item.line_count()
    qtbot.mouseClick(graph.pane.attachments, Qt.MouseButton.LeftButton)
    assert not view.nodes["heap.png"].isVisible()
    assert view.edges_item.line_count() == edges_before - 1
    assert view.find_node("heap") is None


def test_memory_notes_are_coloured_by_category_and_sized_by_hits(graph):
    view = graph.view
    plain = view.nodes["memories/tea.md"].radius
    graph.pane.view.set_memory_styles(
        {"memories/tea.md": MemoryStyle(Category.PREFERENCE, 9, "tea")}
    )
    item = view.nodes["memories/tea.md"]
    assert item.radius > plain
    assert item.color.name().lower() == "#b366d9"
    assert view.title_of("memories/tea.md") == "tea"


def test_a_new_note_appears_near_its_neighbour_and_the_rest_stays(graph, qtbot):
    before = graph.view.positions()
    (graph.vault.root / "Rain.md").write_text("# Rain\n\nSee [[Weather]].\n", encoding="utf-8")
    with qtbot.waitSignal(graph.controller.updated, timeout=10_000):
        graph.controller.apply_paths(["Rain.md"])
    after = graph.view.positions()
    assert "Rain.md" in after
    assert ("Rain.md", "Weather.md") in graph.view.edges
    near = math.dist(after["Rain.md"], after["Weather.md"])
    far = max(math.dist(after["Rain.md"], p) for n, p in after.items() if n != "Rain.md")
    assert near < far
    # Weather gained a link (may drift a little), its neighbour Garden may be nudged,
    # everything else stays exactly where it was.
    reach = {"Weather.md": TOUCHED_UNITS, "projects/Garden.md": NUDGE_UNITS}
    for node, pos in before.items():
        limit = reach.get(node, 0.0) * UNIT_PX * math.sqrt(2) + 1e-6
        assert math.dist(pos, after[node]) <= limit, node

    # the patched drawing holds exactly the links a full rebuild would draw
    visible = [p for p in graph.view.edges if all(graph.view.nodes[n].isVisible() for n in p)]
    assert graph.view.edges_item.line_count() == len(visible)

    (graph.vault.root / "Rain.md").unlink()
    with qtbot.waitSignal(graph.controller.updated, timeout=10_000):
        graph.controller.apply_paths(["Rain.md"])
    assert "Rain.md" not in graph.view.nodes
    assert ("Rain.md", "Weather.md") not in graph.view.edges
    assert graph.view.edges_item.line_count() == len(graph.view.edges)


# -- the layout on its own ----------------------------------------------------------------


def _ring(n: int) -> tuple[list[str], list[tuple[str, str]]]:
    nodes = [f"n{i}.md" for i in range(n)]
    return nodes, [(nodes[i], nodes[(i + 1) % n]) for i in range(n)]


def test_full_layout_is_deterministic_and_spread_out():
    nodes, edges = _ring(40)
    first = compute_layout(nodes, edges)
    second = compute_layout(nodes, edges)
    assert first.mode == "full"
    assert first.positions == second.positions
    xs = [p[0] for p in first.positions.values()]
    assert max(xs) - min(xs) > 100
    assert min(
        math.dist(first.positions[a], first.positions[b]) for a in nodes for b in nodes if a < b
    ) > 1.0


def test_incremental_layout_moves_only_the_neighbourhood():
    nodes, edges = _ring(40)
    base = compute_layout(nodes, edges).positions
    result = compute_layout([*nodes, "new.md"], [*edges, ("new.md", "n0.md")], base)
    assert result.mode == "incremental"
    moved = {n for n in nodes if math.dist(base[n], result.positions[n]) > 1e-6}
    assert moved <= {"n0.md"}
    assert math.dist(result.positions["new.md"], result.positions["n0.md"]) < 6 * UNIT_PX
    unchanged = compute_layout([*nodes, "new.md"], edges, result.positions)
    assert unchanged.mode == "kept"


def test_positions_round_trip_and_a_broken_file_is_ignored(tmp_path):
    path = tmp_path / "layout.json"
    save_positions(path, {"a.md": (1.0, 2.5), "b.md": (-3.0, 4.0)})
    assert load_positions(path) == {"a.md": (1.0, 2.5), "b.md": (-3.0, 4.0)}
    path.write_text("{not json", encoding="utf-8")
    assert load_positions(path) == {}


def test_large_layouts_run_in_a_separate_process():
    """igraph holds the interpreter lock while it works: large layouts must not run in
    this process, or the GUI thread would stop for the whole layout."""
    from kai_desktop.qt.graph.layout_process import LayoutProcess

    nodes, edges = _ring(60)
    process = LayoutProcess(min_nodes=50)
    try:
        result = process.compute(nodes, edges)
        assert result.mode == "full"
        assert process.worker_pid is not None  # the worker process was started and used
        assert result.positions == compute_layout(nodes, edges).positions
        small = LayoutProcess(min_nodes=100)
        assert small.compute(nodes, edges).mode == "full"
        assert small.worker_pid is None  # small graphs stay in-thread
    finally:
        process.shutdown()


def test_a_large_batch_of_changes_is_rebuilt_off_the_gui_thread(graph, qtbot):
    from kai_desktop.qt.graph.graph_pane import PATCH_LIMIT

    rels = []
    for i in range(PATCH_LIMIT + 20):
        rel = f"bulk/Bulk {i}.md"
        path = graph.vault.root / rel
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"# Bulk {i}\n\n[[Bulk {(i + 1) % (PATCH_LIMIT + 20)}]]\n", "utf-8")
        rels.append(rel)
    rebuilt: list[object] = []
    original = graph.view.adopt
    graph.view.adopt = lambda scene: (rebuilt.append(scene), original(scene))  # type: ignore[method-assign]
    graph.controller.apply_paths(rels)
    qtbot.waitUntil(lambda: all(r in graph.view.nodes for r in rels), timeout=20_000)
    assert rebuilt, "the change was rebuilt on the pool and swapped in"
    assert ("bulk/Bulk 0.md", "bulk/Bulk 1.md") in graph.view.edges
    assert "projects/Garden.md" in graph.view.nodes
