"""The vault's link graph, kept up to date incrementally.

Nodes are notes, attachments and unresolved link targets; links resolve by Obsidian's rules
(:mod:`kai_desktop.core.vault.link_resolver`). Spellings of an unresolved target that
differ only in case are one node; its id is the alphabetically first spelling in use.

Edges: one per distinct source -> target pair, with the number of links (body and property
links, embeds included). Links to a heading of the same note (``[[#Heading]]``) make no edge
but their anchors are checked. A heading or block anchor that does not exist in a resolved
target note is reported as a :class:`BrokenAnchor`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from kai_desktop.core.vault.anchors import Anchors
from kai_desktop.core.vault.link_resolver import (
    LinkResolver,
    basename_key,
    is_note_path,
    path_key,
)
from kai_desktop.core.vault.link_table import UNRESOLVED, LinkTable
from kai_desktop.core.vault.notes import ParsedNote, parse_note
from kai_desktop.core.vault.wikilinks import WikiLink

NodeKind = Literal["note", "attachment", "unresolved"]

@dataclass(frozen=True, slots=True)
class GraphNode:
    id: str
    kind: NodeKind


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    target: str
    count: int


@dataclass(frozen=True, slots=True)
class ResolvedLink:
    """A link of ``source`` and where it leads: ``target`` (a vault path, the source itself
    for ``[[#Heading]]``) or, when unresolved, ``missing`` (the unresolved node id)."""

    source: str
    link: WikiLink
    target: str | None
    missing: str | None = None


@dataclass(frozen=True, slots=True)
class BrokenAnchor:
    """A link whose heading or block anchor does not exist in the note it resolves to."""

    source: str
    line: int
    target: str
    anchor: str
    link: WikiLink

    @property
    def message(self) -> str:
        kind = "block" if self.link.block_id is not None and not self.link.heading else "heading"
        return f"{self.source}:{self.line}: no {kind} {self.anchor!r} in {self.target}"


@dataclass(slots=True)
class GraphDelta:
    """What an incremental update changed, for a view that patches itself.

    Apply in this order: drop ``nodes_removed`` (and their edges), upsert
    ``nodes_upserted`` (a node whose kind changed is upserted, not removed), drop
    ``edges_removed``, upsert ``edges_upserted`` (new edges and changed counts).
    """

    nodes_removed: list[str] = field(default_factory=list)
    nodes_upserted: list[GraphNode] = field(default_factory=list)
    edges_removed: list[tuple[str, str]] = field(default_factory=list)
    edges_upserted: list[Edge] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(
            self.nodes_removed or self.nodes_upserted or self.edges_removed or self.edges_upserted
        )



# -- the graph -----------------------------------------------------------------------------


class LinkGraph:
    """Notes, attachments and the links between them; updated one file at a time.

    Not thread-safe: one owner (the scan, then the graph service) mutates it.
    """

    def __init__(self) -> None:
        self._resolver = LinkResolver()
        self._notes: dict[str, ParsedNote] = {}
        self._unreadable: dict[str, str] = {}  # note path -> why it could not be parsed
        self._attachments: set[str] = set()
        self._links = LinkTable()
        self._anchors: dict[str, Anchors] = {}

    # -- reading ---------------------------------------------------------------------------
    @property
    def resolver(self) -> LinkResolver:
        return self._resolver

    @property
    def notes(self) -> dict[str, ParsedNote]:
        """Parsed notes by path (read-only view by convention)."""
        return self._notes

    @property
    def unreadable_notes(self) -> dict[str, str]:
        """Notes that exist but could not be read or parsed, with the reason."""
        return self._unreadable

    @property
    def attachments(self) -> frozenset[str]:
        return frozenset(self._attachments)

    def note(self, path: str) -> ParsedNote | None:
        return self._notes.get(path)

    def has_note(self, path: str) -> bool:
        return path in self._notes or path in self._unreadable

    def kind_of(self, node_id: str) -> NodeKind | None:
        if node_id in self._notes or node_id in self._unreadable:
            return "note"
        if node_id in self._attachments:
            return "attachment"
        refs = self._links.unresolved.get(path_key(node_id))
        if refs and self._links.display_id(path_key(node_id)) == node_id:
            return "unresolved"
        return None

    def nodes(self) -> list[GraphNode]:
        out = [GraphNode(p, "note") for p in (*self._notes, *self._unreadable)]
        out += [GraphNode(p, "attachment") for p in self._attachments]
        out += [GraphNode(self._links.display_id(k), "unresolved") for k in self._links.unresolved]
        out.sort(key=lambda n: n.id)
        return out

    def edges(self) -> list[Edge]:
        out = [
            Edge(source, self._links.target_id(ref), count)
            for source, counts in self._links.edges.items()
            for ref, count in counts.items()
        ]
        out.sort(key=lambda e: (e.source, e.target))
        return out

    def outgoing(self, path: str) -> list[ResolvedLink]:
        """Every link of ``path`` with where it leads, in document order."""
        note = self._notes.get(path)
        if note is None:
            return []
        return [
            self._resolved(path, link, t)
            for link, t in zip(note.all_links, self._links.out[path], strict=True)
        ]

    def backlinks(self, path: str) -> list[str]:
        """Sources with at least one resolved link to ``path`` (sorted)."""
        return sorted(s for s, counts in self._links.edges.items() if path in counts)

    def unresolved(self) -> list[ResolvedLink]:
        """Every link that resolves to no file, by source then line."""
        out = [
            self._resolved(source, link, t)
            for source, targets in self._links.out.items()
            for link, t in zip(self._notes[source].all_links, targets, strict=True)
            if t.startswith(UNRESOLVED)
        ]
        out.sort(key=lambda r: (r.source, r.link.line))
        return out

    def _resolved(self, source: str, link: WikiLink, stored: str) -> ResolvedLink:
        if not stored:
            return ResolvedLink(source, link, source)
        if stored.startswith(UNRESOLVED):
            # The node's id follows the spellings in use, so look it up now.
            return ResolvedLink(source, link, None, self._links.display_id(path_key(stored[1:])))
        return ResolvedLink(source, link, stored)

    def unresolved_targets(self) -> dict[str, int]:
        """Unresolved node id -> number of links to it."""
        return {
            self._links.display_id(key): sum(sum(c.values()) for c in refs.values())
            for key, refs in sorted(self._links.unresolved.items())
        }

    def broken_anchors(self) -> list[BrokenAnchor]:
        """Links into an existing note whose heading or block does not exist there."""
        out: list[BrokenAnchor] = []
        for source in sorted(self._links.out):
            links = self._notes[source].all_links
            for link, stored in zip(links, self._links.out[source], strict=True):
                if stored.startswith(UNRESOLVED) or (not link.heading and link.block_id is None):
                    continue
                target = stored or source
                anchors = self._anchors_of(target)
                if anchors is None:
                    continue  # an attachment (e.g. "doc.pdf#page=2") or an unreadable note
                ok = (not link.heading or anchors.has_heading_path(link.heading)) and (
                    link.block_id is None or anchors.has_block(link.block_id)
                )
                if not ok:
                    out.append(BrokenAnchor(source, link.line, target, link.anchor, link))
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"nodes": [{"id", "kind"}], "edges": [{"source", "target", "count"}]}``."""
        return {
            "nodes": [{"id": n.id, "kind": n.kind} for n in self.nodes()],
            "edges": [
                {"source": e.source, "target": e.target, "count": e.count} for e in self.edges()
            ],
        }

    # -- building ----------------------------------------------------------------------
    def load(
        self,
        notes: Iterable[ParsedNote],
        attachments: Iterable[str] = (),
        unreadable: dict[str, str] | None = None,
    ) -> None:
        """Fill an empty graph in one pass (faster than one update per file)."""
        if self._notes or self._unreadable or self._attachments:
            raise ValueError("load() needs an empty graph; use update_note() to change one")
        parsed = list(notes)
        for note in parsed:
            self._notes[note.path] = note
            self._resolver.add(note.path)
        for path, reason in (unreadable or {}).items():
            self._unreadable[path] = reason
            self._resolver.add(path)
        for path in attachments:
            self._attachments.add(path)
            self._resolver.add(path)
        for note in parsed:
            self._links.link(note.path, note, self._resolver)

    # -- incremental updates -------------------------------------------------------------
    def update_note(self, path: str, text: str) -> GraphDelta:
        """(Re)parse one note from its text and patch the graph."""
        return self.set_note(parse_note(path, text))

    def set_note(self, note: ParsedNote) -> GraphDelta:
        """Add or replace an already parsed note."""
        path = note.path

        def change() -> None:
            self._unreadable.pop(path, None)
            self._notes[path] = note
            self._anchors.pop(path, None)
            self._resolver.add(path)

        return self._mutate(path, change, note)

    def set_unreadable_note(self, path: str, reason: str) -> GraphDelta:
        """A note that exists but cannot be read: a node without links."""

        def change() -> None:
            self._notes.pop(path, None)
            self._anchors.pop(path, None)
            self._unreadable[path] = reason
            self._resolver.add(path)

        return self._mutate(path, change)

    def add_attachment(self, path: str) -> GraphDelta:
        if is_note_path(path):
            raise ValueError(f"{path} is a note, not an attachment")

        def change() -> None:
            self._attachments.add(path)
            self._resolver.add(path)

        return self._mutate(path, change)

    def remove_note(self, path: str) -> GraphDelta:
        """Remove a note (or any file: attachments too); links to it become unresolved."""
        return self.remove_file(path)

    def remove_file(self, path: str) -> GraphDelta:
        def change() -> None:
            self._notes.pop(path, None)
            self._unreadable.pop(path, None)
            self._attachments.discard(path)
            self._anchors.pop(path, None)
            self._resolver.remove(path)

        return self._mutate(path, change)

    # -- internals ---------------------------------------------------------------------
    def _mutate(
        self, path: str, change: Callable[[], None], new_note: ParsedNote | None = None
    ) -> GraphDelta:
        # Sources whose links may resolve differently once ``path`` comes or goes.
        affected = {path, *self._links.watchers(basename_key(path_key(path)))}
        keys = self._candidate_keys(affected, new_note)
        before_display = {k: self._links.display_id(k) for k in keys if k in self._links.unresolved}
        before_edges = self._edge_snapshot(affected)
        path_before = self.kind_of(path)

        change()
        for source in affected:
            self._links.link(source, self._notes.get(source), self._resolver)

        after_edges = self._edge_snapshot(affected)
        after_display = {k: self._links.display_id(k) for k in keys if k in self._links.unresolved}

        def kind_before(node_id: str) -> NodeKind | None:
            if node_id == path:
                return path_before
            if before_display.get(path_key(node_id)) == node_id:
                return "unresolved"
            now = self.kind_of(node_id)
            return now if now in ("note", "attachment") else None  # other files unchanged

        delta = GraphDelta()
        touched = {path, *before_display.values(), *after_display.values()}
        for node_id in sorted(touched):
            was, now = kind_before(node_id), self.kind_of(node_id)
            if was is not None and now is None:
                delta.nodes_removed.append(node_id)
            elif now is not None and now != was:
                delta.nodes_upserted.append(GraphNode(node_id, now))
        for pair in sorted(before_edges.keys() - after_edges.keys()):
            delta.edges_removed.append(pair)
        for pair, count in sorted(after_edges.items()):
            if before_edges.get(pair) != count:
                delta.edges_upserted.append(Edge(pair[0], pair[1], count))
        for key in sorted(keys):
            old, new = before_display.get(key), after_display.get(key)
            if old is None or new is None or old == new:
                continue
            # The node changed its id: other sources' edges to it move along.
            for source, spellings in sorted(self._links.unresolved[key].items()):
                if source not in affected:
                    delta.edges_removed.append((source, old))
                    delta.edges_upserted.append(Edge(source, new, sum(spellings.values())))
        return delta

    def _candidate_keys(self, sources: set[str], new_note: ParsedNote | None) -> set[str]:
        """Unresolved keys the links of ``sources`` (old and new) could produce."""
        notes = [self._notes.get(s) for s in sources]
        if new_note is not None:
            notes.append(new_note)
        unresolved_id = self._resolver.unresolved_id
        return {
            path_key(unresolved_id(link.target, note.path))
            for note in notes
            if note is not None
            for link in note.all_links
            if not link.is_same_note
        }

    def _edge_snapshot(self, sources: Iterable[str]) -> dict[tuple[str, str], int]:
        return {
            (source, self._links.target_id(ref)): count
            for source in sources
            for ref, count in self._links.edges.get(source, {}).items()
        }

    def _anchors_of(self, path: str) -> Anchors | None:
        anchors = self._anchors.get(path)
        if anchors is None:
            note = self._notes.get(path)
            if note is None:
                return None
            anchors = self._anchors[path] = Anchors(note.headings, note.block_ids)
        return anchors


def build_link_graph(
    notes: Iterable[ParsedNote],
    attachments: Iterable[str] = (),
    unreadable: dict[str, str] | None = None,
) -> LinkGraph:
    """A graph of parsed notes, attachment paths and unreadable notes (path -> reason)."""
    graph = LinkGraph()
    graph.load(notes, attachments, unreadable)
    return graph

