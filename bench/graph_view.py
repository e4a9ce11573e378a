"""Graph view at vault scale: layout time off the GUI thread, and frame times.

Builds a synthetic link graph shaped like a real vault (folders of notes that mostly link
inside their folder, a few hubs, some links to notes that do not exist yet), lays it out
on a worker thread exactly as the app does, loads it into the real ``GraphView`` and times
painting a whole frame with everything in view, and a frame zoomed in to read labels.

Last line: ``notes=N edges=E layout_s=.. frame_full_ms=.. frame_zoom_ms=..``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def synthetic_graph(
    notes: int, seed: int = 11
) -> tuple[dict[str, str], dict[tuple[str, str], int]]:
    rng = random.Random(seed)
    folders = max(1, notes // 150)
    ids = [f"area{i % folders}/Note {i}.md" for i in range(notes)]
    by_folder: dict[int, list[str]] = {}
    for i, node in enumerate(ids):
        by_folder.setdefault(i % folders, []).append(node)
    hubs = rng.sample(ids, max(1, notes // 200))
    edges: dict[tuple[str, str], int] = {}
    for i, node in enumerate(ids):
        local = by_folder[i % folders]
        for _ in range(rng.randint(1, 4)):
            target = rng.choice(local) if rng.random() < 0.8 else rng.choice(hubs)
            if target != node:
                edges[(node, target)] = edges.get((node, target), 0) + 1
    nodes = dict.fromkeys(ids, "note")
    for k in range(notes // 50):  # unresolved targets
        missing = f"Idea {k}.md"
        nodes[missing] = "unresolved"
        edges[(rng.choice(ids), missing)] = 1
    return nodes, edges


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=10000)
    parser.add_argument("--frames", type=int, default=15)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from kai_desktop.app import prepare_process

    prepare_process()
    from PySide6.QtWidgets import QApplication

    from kai_desktop.qt.graph.graph_controller import GraphSnapshot
    from kai_desktop.qt.graph.graph_view import GraphView
    from kai_desktop.qt.graph.layout_process import LayoutProcess
    from kai_desktop.qt.widgets.theme import ThemeFollower

    app = QApplication([sys.argv[0]])
    ThemeFollower(app)
    nodes, edges = synthetic_graph(args.notes)
    notes = sum(1 for kind in nodes.values() if kind == "note")
    print(f"graph: {notes} notes, {len(nodes) - notes} unresolved, {len(edges)} edges")

    # Layout from a worker thread, as the graph controller runs it (a large graph goes to
    # the layout process); the GUI thread keeps serving events and we time its gaps.
    result: dict[str, object] = {}
    layouts = LayoutProcess()

    def work() -> None:
        result["layout"] = layouts.compute(list(nodes), list(edges))

    start = time.perf_counter()
    worker = threading.Thread(target=work, name="layout")
    worker.start()
    gui_gap = 0.0
    last = time.perf_counter()
    while worker.is_alive():
        app.processEvents()
        worker.join(0.002)
        now = time.perf_counter()
        gui_gap, last = max(gui_gap, now - last), now
    layout_s = time.perf_counter() - start
    layouts.shutdown()
    layout = result["layout"]
    positions = layout.positions  # type: ignore[attr-defined]
    print(
        f"layout: {layout_s:.2f} s ({layout.mode}, in a separate process, spawn included); "  # type: ignore[attr-defined]
        f"longest GUI-thread gap meanwhile {gui_gap * 1000:.0f} ms"
    )

    view = GraphView()
    view.resize(args.width, args.height)
    view.show()
    start = time.perf_counter()
    scene = view.prepare(GraphSnapshot(nodes, edges, positions))()  # on the pool in the app
    build_s = time.perf_counter() - start
    start = time.perf_counter()
    view.adopt(scene)  # the GUI thread's part
    adopt_ms = (time.perf_counter() - start) * 1000
    view.fit()
    app.processEvents()
    print(f"scene: built in {build_s:.2f} s (worker), adopted in {adopt_ms:.1f} ms (GUI)")

    def frame_ms() -> float:
        """A real paint event of the whole viewport, as the window system asks for it."""
        times = []
        viewport = view.viewport()
        for _ in range(args.frames):
            t0 = time.perf_counter()
            viewport.repaint()
            times.append((time.perf_counter() - t0) * 1000)
        return statistics.median(times)

    full = frame_ms()
    # Zoomed in on the busiest hub, far enough for labels to show.
    hub = max(view.nodes, key=lambda n: len(view.neighbours(n)))
    view.resetTransform()
    view.zoom_by(1.5)  # as the wheel does (the view then keeps the zoom on resize)
    view.centerOn(view.nodes[hub].pos())
    shown = view.nodes_in(view.mapToScene(view.viewport().rect()).boundingRect())
    print(f"zoomed to 1.5 on the busiest note: {len(shown)} notes in view")
    app.processEvents()
    zoom = frame_ms()
    view.close()
    print(
        f"notes={notes} edges={len(edges)} layout_s={layout_s:.2f} "
        f"frame_full_ms={full:.1f} frame_zoom_ms={zoom:.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
