"""The graph follows the memories the app writes itself.

The file watcher does not report the app's own memory writes as outside edits, so the
memory controller's changes are the graph's route for them: memory notes are coloured by
category and sized by hits, linked to the notes they came from, and the notes of new,
edited and deleted memories are read again.
"""

from __future__ import annotations

from kai_desktop.qt.graph.graph_controller import GraphController
from kai_desktop.qt.graph.graph_pane import GraphPane
from kai_desktop.qt.graph.source_links import memory_source_links
from kai_desktop.qt.memory.memory_controller import MemoryController


class GraphMemorySync:
    def __init__(
        self, memory: MemoryController, graph: GraphController, pane: GraphPane
    ) -> None:
        self._memory = memory
        self._graph = graph
        self._pane = pane
        self._paths: set[str] = set()
        self._leaving: set[str] = set()
        memory.changed.connect(self._on_memories_changed)

    def _on_memories_changed(self) -> None:
        memories = self._memory.memories()
        self._pane.set_memories(memories)
        self._graph.set_source_links(memory_source_links(memories))
        paths = {m.path for m in memories}
        nodes = self._pane.view.nodes
        # A deleted memory leaves the list at once but its note only when the undo window
        # ends (the store says so with another change): look again until the node is gone.
        self._leaving = {
            p for p in self._leaving | (self._paths - paths) if p in nodes and p not in paths
        }
        changed = (paths - self._paths) | self._leaving | (paths - nodes.keys())
        self._paths = paths
        if changed and self._graph.started:
            self._graph.apply_paths(changed)
