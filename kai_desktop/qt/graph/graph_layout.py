"""Force-directed layout of the vault graph: computed off the GUI thread, kept between runs.

Why igraph: its Fruchterman–Reingold layout is C code with a grid approximation for the
repulsive forces, lays out 10,000 notes in one to two seconds on two cores, ships as a
binary wheel, and accepts starting positions and per-node bounds. networkx's spring layout
is NumPy-bound and about ten times slower at that size; a Barnes–Hut implementation of our
own would be more code to keep correct.

Two modes:

- **full**: no saved layout (or most nodes are new): a fresh layout, scaled so a typical
  edge is :data:`EDGE_PX` long.
- **incremental**: a few notes were added or their links changed. Only the neighbourhood
  moves: new nodes start next to the centroid of their placed neighbours (or on the rim when
  they have none), changed nodes and their neighbours may drift a little, everything else
  stays exactly where it was. The layout runs on that small subgraph with the rest pinned,
  so it is fast whatever the size of the vault, and the picture the user knows stays put.

Positions are scene coordinates, saved as JSON in the vault's data folder (outside the
vault). This module has no Qt in it; the graph controller runs it on a worker thread.

igraph holds the interpreter lock while it lays a graph out, which would freeze the GUI
thread for the whole run (seconds for a large vault) even though the layout runs on
another thread. Layouts of large graphs therefore run in a separate process
(:class:`~kai_desktop.qt.graph.layout_process.LayoutProcess`), unless they only touch a
small subgraph.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

Position = tuple[float, float]
NODE_SPACING = 34.0
"""After a full layout the drawing is scaled so each node has about this much room."""
UNIT_PX = 1.5 * NODE_SPACING
"""One layout unit in scene units for incremental updates (about one node's room)."""
FULL_ITERATIONS = 500
LOCAL_ITERATIONS = 150
FRESH_UNITS = 3.0
"""How far (in layout units) a new node may travel from where it was seeded."""
TOUCHED_UNITS = 1.5
"""How far a node whose links changed may move in an update."""
NUDGE_UNITS = 0.6
"""How far a neighbour of a new or changed node may move in an update."""
FULL_WHEN_NEW_FRACTION = 0.3
LAYOUT_VERSION = 1
_RNG_LOCK = threading.Lock()


@dataclass(frozen=True)
class LayoutResult:
    positions: dict[str, Position]
    mode: Literal["full", "incremental", "kept"]
    seconds: float
    moved: int
    """How many nodes got a new position (all of them for a full layout)."""


def _jitter(node_id: str, salt: str = "") -> tuple[float, float]:
    """A deterministic pseudo-random pair in [-1, 1) for ``node_id``."""
    digest = hashlib.blake2b(f"{salt}{node_id}".encode(), digest_size=8).digest()
    a = int.from_bytes(digest[:4], "little") / 2**32
    b = int.from_bytes(digest[4:], "little") / 2**32
    return 2 * a - 1, 2 * b - 1


def _adjacency(nodes: Iterable[str], edges: Iterable[tuple[str, str]]) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {n: set() for n in nodes}
    for s, t in edges:
        if s != t and s in adj and t in adj:
            adj[s].add(t)
            adj[t].add(s)
    return adj


def compute_layout(
    nodes: Sequence[str],
    edges: Sequence[tuple[str, str]],
    previous: Mapping[str, Position] | None = None,
    *,
    touched: Iterable[str] = (),
    iterations: int = FULL_ITERATIONS,
) -> LayoutResult:
    """Positions for every node in ``nodes``; see the module docstring for the modes."""
    start = time.perf_counter()
    previous = previous or {}
    node_list = list(dict.fromkeys(nodes))
    placed = {n: previous[n] for n in node_list if n in previous}
    fresh = [n for n in node_list if n not in placed]
    touched_set = {n for n in touched if n in placed}
    if not node_list:
        return LayoutResult({}, "kept", 0.0, 0)
    if not fresh and not touched_set:
        return LayoutResult(placed, "kept", time.perf_counter() - start, 0)
    adj = _adjacency(node_list, edges)
    if len(fresh) > FULL_WHEN_NEW_FRACTION * len(node_list) or len(placed) < 3:
        positions = _full_layout(node_list, adj, iterations)
        return LayoutResult(positions, "full", time.perf_counter() - start, len(positions))
    positions, moved = _incremental_layout(placed, fresh, touched_set, adj)
    return LayoutResult(positions, "incremental", time.perf_counter() - start, moved)


def _full_layout(
    nodes: list[str], adj: dict[str, set[str]], iterations: int
) -> dict[str, Position]:
    import igraph

    index = {n: i for i, n in enumerate(nodes)}
    pairs = sorted(
        {(min(index[a], index[b]), max(index[a], index[b])) for a in adj for b in adj[a]}
    )
    graph = igraph.Graph(n=len(nodes), edges=pairs)
    # A deterministic start (igraph would draw a random one): the same vault lays out the same.
    half = math.sqrt(len(nodes)) / 2  # igraph's own start area; smaller ones run slower
    seed = [[half * _jitter(n)[0], half * _jitter(n)[1]] for n in nodes]
    with _seeded_igraph(igraph):
        layout = graph.layout_fruchterman_reingold(seed=seed, niter=iterations, grid="auto")
    coords: list[list[float]] = [list(c) for c in layout.coords]
    cx = statistics.fmean(c[0] for c in coords)
    cy = statistics.fmean(c[1] for c in coords)
    # Scale by density, not by edge length: a tangled vault still gets room per node.
    rms = math.sqrt(statistics.fmean((c[0] - cx) ** 2 + (c[1] - cy) ** 2 for c in coords))
    target = NODE_SPACING * math.sqrt(len(nodes)) / 2
    scale = target / rms if rms > 1e-9 else 1.0
    return {
        n: ((c[0] - cx) * scale, (c[1] - cy) * scale)
        for n, c in zip(nodes, coords, strict=True)
    }


def _incremental_layout(
    placed: dict[str, Position],
    fresh: list[str],
    touched: set[str],
    adj: dict[str, set[str]],
) -> tuple[dict[str, Position], int]:
    import igraph

    unit = UNIT_PX
    start: dict[str, Position] = {n: (x / unit, y / unit) for n, (x, y) in placed.items()}
    # Seed new nodes: near placed neighbours, else on the rim of the drawing.
    radius = max((math.hypot(x, y) for x, y in start.values()), default=1.0)
    pending = list(fresh)
    for _ in range(3):  # neighbours seeded in one round help the next
        rest: list[str] = []
        for n in pending:
            known = [start[m] for m in adj[n] if m in start]
            if known:
                jx, jy = _jitter(n)
                cx = statistics.fmean(p[0] for p in known)
                cy = statistics.fmean(p[1] for p in known)
                start[n] = (cx + 0.5 * jx, cy + 0.5 * jy)
            else:
                rest.append(n)
        pending = rest
    for n in pending:
        angle = math.pi * (_jitter(n, "angle")[0] + 1)
        r = radius + 1.0 + 0.5 * (_jitter(n, "r")[0] + 1)
        start[n] = (r * math.cos(angle), r * math.sin(angle))

    fresh_set = set(fresh)
    movable = fresh_set | touched
    nudged = {m for n in movable for m in adj[n]} - movable
    local = movable | nudged | {m for n in nudged for m in adj[n]}
    local_nodes = sorted(local)
    index = {n: i for i, n in enumerate(local_nodes)}
    pairs = sorted(
        {
            (min(index[a], index[b]), max(index[a], index[b]))
            for a in local_nodes
            for b in adj[a]
            if b in index and a != b
        }
    )
    minx, maxx, miny, maxy = [], [], [], []
    for n in local_nodes:
        x, y = start[n]
        reach = (
            FRESH_UNITS
            if n in fresh_set
            else TOUCHED_UNITS
            if n in touched
            else NUDGE_UNITS
            if n in nudged
            else 0.0
        )
        bounds = (x - reach, x + reach, y - reach, y + reach)
        minx.append(bounds[0])
        maxx.append(bounds[1])
        miny.append(bounds[2])
        maxy.append(bounds[3])
    graph = igraph.Graph(n=len(local_nodes), edges=pairs)
    with _seeded_igraph(igraph):
        layout = graph.layout_fruchterman_reingold(
            seed=[list(start[n]) for n in local_nodes],
            niter=LOCAL_ITERATIONS,
            start_temp=1.0,
            minx=minx,
            maxx=maxx,
            miny=miny,
            maxy=maxy,
            grid="nogrid" if len(local_nodes) < 1000 else "grid",
        )
    out = dict(placed)
    moved = 0
    for n, (x, y) in zip(local_nodes, layout.coords, strict=True):
        new = (x * unit, y * unit)
        if n not in placed or math.dist(new, placed[n]) > 1e-6:
            moved += 1
        out[n] = new
    for n in fresh:  # every fresh node is in local_nodes; kept for clarity
        out.setdefault(n, (start[n][0] * unit, start[n][1] * unit))
    return out, moved


class _seeded_igraph:
    """igraph draws from a global generator; give it a fixed one for one layout, so the
    same vault always lays out the same, and put the default back afterwards."""

    def __init__(self, igraph: Any) -> None:
        self._igraph = igraph

    def __enter__(self) -> None:
        _RNG_LOCK.acquire()
        self._igraph.set_random_number_generator(random.Random(LAYOUT_VERSION))

    def __exit__(self, *_exc: object) -> None:
        self._igraph.set_random_number_generator(random)
        _RNG_LOCK.release()


def needs_full_layout(
    nodes: Sequence[str], previous: Mapping[str, Position] | None
) -> bool:
    """Whether :func:`compute_layout` would lay the whole graph out afresh."""
    previous = previous or {}
    placed = sum(1 for n in dict.fromkeys(nodes) if n in previous)
    fresh = len(set(nodes)) - placed
    return bool(nodes) and (fresh > FULL_WHEN_NEW_FRACTION * len(set(nodes)) or placed < 3)


# -- persistence ----------------------------------------------------------------------------


def load_positions(path: Path) -> dict[str, Position]:
    """Saved positions, or an empty mapping when the file is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != LAYOUT_VERSION:
        return {}
    raw = data.get("positions")
    if not isinstance(raw, dict):
        return {}
    out: dict[str, Position] = {}
    for key, value in raw.items():
        if (
            isinstance(key, str)
            and isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int | float) and math.isfinite(v) for v in value)
        ):
            out[key] = (float(value[0]), float(value[1]))
    return out


def save_positions(path: Path, positions: Mapping[str, Position]) -> None:
    """Write atomically (the layout is derived data: losing it only costs a re-layout)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "version": LAYOUT_VERSION,
        "positions": {k: [round(x, 2), round(y, 2)] for k, (x, y) in positions.items()},
    }
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".layout.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(payload, fh, separators=(",", ":"))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
