"""The graph's data, patched without drawing: links, adjacency, matches."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from kai_desktop.qt.graph.graph_content import GraphContent, best_match
from kai_desktop.qt.graph.graph_controller import GraphSnapshot, GraphUpdate
from kai_desktop.qt.graph.graph_scene import build_scene, node_title

SNAPSHOT = GraphSnapshot(
    nodes={"A.md": "note", "B.md": "note", "C.md": "note", "pic.png": "attachment"},
    edges={("A.md", "B.md"): 1, ("B.md", "A.md"): 1, ("B.md", "C.md"): 1, ("C.md", "pic.png"): 1},
    positions={"A.md": (0, 0), "B.md": (50, 0), "C.md": (100, 0), "pic.png": (150, 0)},
)


def content() -> GraphContent:
    made = GraphContent()
    made.adopt(build_scene(SNAPSHOT, {}))
    return made


def shown(kind: str) -> bool:
    return True


def test_a_link_back_keeps_two_notes_adjacent() -> None:
    graph = content()
    patch = graph.apply(GraphUpdate(edges_removed=[("A.md", "B.md")]), shown)
    assert ("A.md", "B.md") not in graph.edges
    assert graph.neighbours("A.md") == ["B.md"]  # B still links to A
    assert patch.touched == {"A.md", "B.md"}


def test_a_removed_note_takes_its_links_and_touches_its_neighbours() -> None:
    graph = content()
    patch = graph.apply(GraphUpdate(nodes_removed=["C.md"]), shown)
    assert "C.md" not in graph.nodes
    assert not any("C.md" in pair for pair in graph.edges)
    assert graph.neighbours("B.md") == ["A.md"]
    assert patch.removed_nodes == {"C.md"}
    assert patch.touched == {"B.md", "pic.png"}
    assert {n.id for n in graph.nodes_in(graph.scene_rect())} == {"A.md", "B.md", "pic.png"}


def test_a_moved_note_is_found_where_it_went() -> None:
    graph = content()
    graph.apply(GraphUpdate(positions={"A.md": (900, 900)}), shown)
    assert [n.id for n in graph.nodes_in(QRectF(890, 890, 20, 20))] == ["A.md"]
    assert graph.nodes_in(QRectF(-10, -10, 20, 20)) == []


def test_links_to_a_hidden_end_are_dropped_from_the_drawing() -> None:
    graph = content()
    graph.nodes["pic.png"].visible = False
    drop, upsert = graph.lines_around({"C.md"}, set())
    assert drop == {("C.md", "pic.png")}
    assert set(upsert) == {("B.md", "C.md")}


def test_matches_rank_exact_then_prefix_then_substring_then_path() -> None:
    graph = content()
    graph.apply(GraphUpdate(nodes_upserted={"notes/Garden plan.md": "note",
                                            "Garden.md": "note", "Old garden.md": "note"}),
                shown)
    assert best_match(graph.nodes, node_title, "garden") == "Garden.md"
    assert best_match(graph.nodes, node_title, "garden p") == "notes/Garden plan.md"
    assert best_match(graph.nodes, node_title, "old") == "Old garden.md"
    assert best_match(graph.nodes, node_title, "notes/") == "notes/Garden plan.md"
    assert best_match(graph.nodes, node_title, "  ") is None
