"""The vault's link graph, resolved with Obsidian's rules, and kept up to date incrementally.

Resolution (:class:`LinkResolver`):

- ``[[Note]]`` and ``[[Note.md]]`` name the note ``Note.md``; any other file type needs its
  extension (``[[image]]`` never matches ``image.png``);
- matching is case-insensitive (and blind to Unicode normalisation form);
- ``[[Folder/Note]]`` matches a file whose path ends with ``Folder/Note.md``;
  ``[[/Folder/Note]]`` only the one at the vault root; ``[[./x]]`` and ``[[../x]]`` are
  relative to the linking note;
- when several files match, the one in the linking note's own folder wins, then the
  shortest path (fewest folders, then fewest characters, then alphabetical order).

Unresolved links become nodes of kind ``"unresolved"`` whose id is the file Obsidian would
create when the link is clicked, with new notes going to the vault root: the link path
(relative ones resolved against the linking note's folder) plus ``.md`` unless it already
ends in ``.md`` or in a known attachment extension (``[[Missing Note]]`` ->
``Missing Note.md``, ``[[gone.png]]`` -> ``gone.png``). Spellings that differ only in case
are one node; its id is the alphabetically first spelling in use.

Edges: one per distinct source -> target pair, with the number of links (body and property
links, embeds included). Links to a heading of the same note (``[[#Heading]]``) make no edge
but their anchors are checked. A heading or block anchor that does not exist in a resolved
target note is reported as a :class:`BrokenAnchor`.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import posixpath
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from kai_desktop.core.vault.files import SkippedFile, Vault, VaultError
from kai_desktop.core.vault.notes import Heading, ParsedNote, parse_note
from kai_desktop.core.vault.wikilinks import WikiLink

NodeKind = Literal["note", "attachment", "unresolved"]

ATTACHMENT_EXTENSIONS: Final = frozenset(
    {
        # the file types Obsidian opens itself, plus a few common ones
        "png", "jpg", "jpeg", "gif", "bmp", "svg", "webp", "avif", "tif", "tiff", "ico",
        "mp3", "wav", "m4a", "ogg", "3gp", "flac", "webm", "mp4", "ogv", "mov", "mkv",
        "pdf", "canvas", "base", "txt", "csv", "json", "zip", "docx", "xlsx", "pptx",
    }
)  # fmt: skip

_UNRESOLVED: Final = "\x00"  # prefix of an edge target that is an unresolved key


def path_key(path: str) -> str:
    """The case- and normalisation-blind form of a vault path used for matching."""
    return unicodedata.normalize("NFC", path).lower()


def is_note_path(path: str) -> bool:
    return path.lower().endswith(".md")


def _extension(name: str) -> str:
    base = name.rsplit("/", 1)[-1]
    dot = base.rfind(".")
    return base[dot + 1 :].lower() if dot > 0 else ""


def _name_candidates(target: str) -> tuple[str, ...]:
    """The file names a link path may mean, most likely first."""
    ext = _extension(target)
    if ext == "md":
        return (target,)
    if ext:
        # "[[v1.2]]" may be the note "v1.2.md"; "[[a.png]]" the image.
        return (target, target + ".md")
    return (target + ".md",)


def _basename(key: str) -> str:
    return key.rsplit("/", 1)[-1]


@functools.lru_cache(maxsize=65536)
def _candidates(target: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Keys of the file names ``target`` may mean, and their base names (cached: the
    same targets recur all over a vault)."""
    target = target.strip()
    if not target:
        return (), ()
    keys = tuple(path_key(name) for name in _name_candidates(target))
    return keys, tuple(_basename(k) for k in keys)


class LinkResolver:
    """Finds the file a link points to, following Obsidian's rules (see module docs)."""

    def __init__(self, files: Iterable[str] = ()) -> None:
        self._files: dict[str, list[str]] = {}  # key -> actual paths (case variants)
        self._by_name: dict[str, set[str]] = {}  # basename key -> keys
        for path in files:
            self.add(path)

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and path in self._files.get(path_key(path), ())

    def add(self, path: str) -> None:
        key = path_key(path)
        paths = self._files.setdefault(key, [])
        if path not in paths:
            paths.append(path)
            paths.sort()
        self._by_name.setdefault(_basename(key), set()).add(key)

    def remove(self, path: str) -> None:
        key = path_key(path)
        paths = self._files.get(key)
        if not paths or path not in paths:
            return
        paths.remove(path)
        if not paths:
            del self._files[key]
            names = self._by_name.get(_basename(key))
            if names is not None:
                names.discard(key)
                if not names:
                    del self._by_name[_basename(key)]

    def resolve(self, target: str, source: str) -> str | None:
        """The vault path ``target`` (a link path) means when written in ``source``."""
        keys = self.candidate_keys(target)
        return self.resolve_keys(keys, posixpath.dirname(path_key(source))) if keys else None

    @staticmethod
    def candidate_keys(target: str) -> tuple[str, ...]:
        """The keys of the file names a link path may mean, most likely first."""
        return _candidates(target)[0]

    def resolve_keys(self, keys: tuple[str, ...], source_dir: str) -> str | None:
        """:meth:`resolve` for :meth:`candidate_keys` and the source's folder key."""
        for key in keys:
            found = self._resolve_key(key, source_dir)
            if found is not None:
                return found
        return None

    def _resolve_key(self, key: str, source_dir: str) -> str | None:
        if key.startswith("/"):
            return self._first(key.lstrip("/"))
        if key.startswith(("./", "../")):
            joined = posixpath.normpath(posixpath.join(source_dir, key))
            return None if joined.startswith("..") else self._first(joined)
        keys = self._by_name.get(_basename(key))
        if not keys:
            return None
        local = f"{source_dir}/{key}" if source_dir else key
        if local in keys:
            return self._first(local)
        if len(keys) == 1:
            (only,) = keys
            return self._first(only) if only == key or only.endswith("/" + key) else None
        suffix = "/" + key
        matches = [k for k in keys if k == key or k.endswith(suffix)]
        if not matches:
            return None
        best = min(matches, key=lambda k: (k.count("/"), len(k), k))
        return self._first(best)

    def _first(self, key: str) -> str | None:
        paths = self._files.get(key)
        return paths[0] if paths else None

    @staticmethod
    def unresolved_id(target: str, source: str) -> str:
        """The path Obsidian would create for an unresolved link (see module docs)."""
        path = target.strip()
        if path.startswith("/"):
            path = path.lstrip("/")
        elif path.startswith(("./", "../")):
            path = posixpath.normpath(posixpath.join(posixpath.dirname(source), path))
            while path.startswith("../"):
                path = path[3:]
        ext = _extension(path)
        if ext == "md" or ext in ATTACHMENT_EXTENSIONS:
            return path
        return path + ".md"


# -- graph records -------------------------------------------------------------------------


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


# -- anchors -------------------------------------------------------------------------------

_HEADING_NOISE = re.compile(r"[#^\[\]|:\\%*_`~=]+")


def heading_key(text: str) -> str:
    """Headings match links case-insensitively, ignoring characters a link cannot hold
    (``# ^ [ ] | : \\ %``, which Obsidian drops from heading links), Markdown emphasis
    marks and runs of spaces: a lenient match, so that no working link is reported."""
    lowered = unicodedata.normalize("NFC", text).lower()
    return " ".join(_HEADING_NOISE.sub(" ", lowered).split())


class _Anchors:
    __slots__ = ("blocks", "headings")

    def __init__(self, headings: list[Heading], block_ids: list[str]) -> None:
        self.headings = [(h.level, heading_key(h.text)) for h in headings]
        self.blocks = {b.lower() for b in block_ids}

    def has_block(self, block_id: str) -> bool:
        return block_id.lower() in self.blocks

    def has_heading_path(self, path: tuple[str, ...]) -> bool:
        keys = [heading_key(p) for p in path]
        return any(
            key == keys[0] and self._descend(i, keys[1:])
            for i, (_, key) in enumerate(self.headings)
        )

    def _descend(self, parent: int, rest: list[str]) -> bool:
        """Whether ``rest`` is a chain of headings nested inside heading ``parent``."""
        if not rest:
            return True
        level = self.headings[parent][0]
        for i in range(parent + 1, len(self.headings)):
            sub_level, key = self.headings[i]
            if sub_level <= level:
                return False
            if key == rest[0] and self._descend(i, rest[1:]):
                return True
        return False


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
        # source -> where each of its links (note.all_links) leads: a vault path, "" for
        # the note itself ([[#Heading]]), or _UNRESOLVED + the unresolved spelling.
        self._out: dict[str, list[str]] = {}
        self._edges: dict[str, dict[str, int]] = {}  # source -> target ref -> count
        self._watch: dict[str, set[str]] = {}  # base-name key -> sources watching it
        self._watched_by: dict[str, set[str]] = {}  # source -> base-name keys
        # unresolved key -> source -> spelling (node id) -> count
        self._unresolved: dict[str, dict[str, Counter[str]]] = {}
        self._display: dict[str, str] = {}  # unresolved key -> node id (cache)
        self._anchors: dict[str, _Anchors] = {}

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
        refs = self._unresolved.get(path_key(node_id))
        if refs and self._display_id(path_key(node_id)) == node_id:
            return "unresolved"
        return None

    def nodes(self) -> list[GraphNode]:
        out = [GraphNode(p, "note") for p in (*self._notes, *self._unreadable)]
        out += [GraphNode(p, "attachment") for p in self._attachments]
        out += [GraphNode(self._display_id(k), "unresolved") for k in self._unresolved]
        out.sort(key=lambda n: n.id)
        return out

    def edges(self) -> list[Edge]:
        out = [
            Edge(source, self._target_id(ref), count)
            for source, counts in self._edges.items()
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
            for link, t in zip(note.all_links, self._out[path], strict=True)
        ]

    def backlinks(self, path: str) -> list[str]:
        """Sources with at least one resolved link to ``path`` (sorted)."""
        return sorted(s for s, counts in self._edges.items() if path in counts)

    def unresolved(self) -> list[ResolvedLink]:
        """Every link that resolves to no file, by source then line."""
        out = [
            self._resolved(source, link, t)
            for source, targets in self._out.items()
            for link, t in zip(self._notes[source].all_links, targets, strict=True)
            if t.startswith(_UNRESOLVED)
        ]
        out.sort(key=lambda r: (r.source, r.link.line))
        return out

    def _resolved(self, source: str, link: WikiLink, stored: str) -> ResolvedLink:
        if not stored:
            return ResolvedLink(source, link, source)
        if stored.startswith(_UNRESOLVED):
            # The node's id follows the spellings in use, so look it up now.
            return ResolvedLink(source, link, None, self._display_id(path_key(stored[1:])))
        return ResolvedLink(source, link, stored)

    def unresolved_targets(self) -> dict[str, int]:
        """Unresolved node id -> number of links to it."""
        return {
            self._display_id(key): sum(sum(c.values()) for c in refs.values())
            for key, refs in sorted(self._unresolved.items())
        }

    def broken_anchors(self) -> list[BrokenAnchor]:
        """Links into an existing note whose heading or block does not exist there."""
        out: list[BrokenAnchor] = []
        for source in sorted(self._out):
            links = self._notes[source].all_links
            for link, stored in zip(links, self._out[source], strict=True):
                if stored.startswith(_UNRESOLVED) or (not link.heading and link.block_id is None):
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
            self._link_source(note.path)

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
        affected = {path, *self._watch.get(_basename(path_key(path)), ())}
        keys = self._candidate_keys(affected, new_note)
        before_display = {k: self._display_id(k) for k in keys if k in self._unresolved}
        before_edges = self._edge_snapshot(affected)
        path_before = self.kind_of(path)

        change()
        for source in affected:
            self._link_source(source)

        after_edges = self._edge_snapshot(affected)
        after_display = {k: self._display_id(k) for k in keys if k in self._unresolved}

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
            for source, spellings in sorted(self._unresolved[key].items()):
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
            (source, self._target_id(ref)): count
            for source in sources
            for ref, count in self._edges.get(source, {}).items()
        }

    def _link_source(self, source: str) -> None:
        """(Re)resolve every link of ``source`` from scratch."""
        self._unlink_source(source)
        note = self._notes.get(source)
        if note is None:
            return
        targets: list[str] = []
        counts: dict[str, int] = {}
        watched: set[str] = set()
        resolve = self._resolver.resolve_keys
        source_dir = posixpath.dirname(path_key(source))
        for link in note.all_links:
            if not link.target:
                targets.append("")  # [[#Heading]]: an anchor in this note, no edge
                continue
            keys, names = _candidates(link.target)
            # Adding or removing a file with one of these names may change the answer.
            watched.update(names)
            found = resolve(keys, source_dir)
            if found is not None:
                targets.append(found)
                counts[found] = counts.get(found, 0) + 1
                continue
            missing = LinkResolver.unresolved_id(link.target, source)
            key = path_key(missing)
            targets.append(_UNRESOLVED + missing)
            ref = _UNRESOLVED + key
            counts[ref] = counts.get(ref, 0) + 1
            spellings = self._unresolved.setdefault(key, {}).setdefault(source, Counter())
            spellings[missing] += 1
            self._display.pop(key, None)
        self._out[source] = targets
        if counts:
            self._edges[source] = counts
        self._watched_by[source] = watched
        watch = self._watch
        for name in watched:
            sources = watch.get(name)
            if sources is None:
                watch[name] = {source}
            else:
                sources.add(source)

    def _unlink_source(self, source: str) -> None:
        self._out.pop(source, None)
        counts = self._edges.pop(source, None)
        if counts:
            for ref in counts:
                if ref.startswith(_UNRESOLVED):
                    key = ref[1:]
                    self._display.pop(key, None)
                    refs = self._unresolved.get(key)
                    if refs is not None:
                        refs.pop(source, None)
                        if not refs:
                            del self._unresolved[key]
        for key in self._watched_by.pop(source, ()):
            sources = self._watch.get(key)
            if sources is not None:
                sources.discard(source)
                if not sources:
                    del self._watch[key]

    def _display_id(self, key: str) -> str:
        node_id = self._display.get(key)
        if node_id is None:
            spellings = self._unresolved[key].values()
            node_id = self._display[key] = min(s for counts in spellings for s in counts)
        return node_id

    def _target_id(self, ref: str) -> str:
        return self._display_id(ref[1:]) if ref.startswith(_UNRESOLVED) else ref

    def _anchors_of(self, path: str) -> _Anchors | None:
        anchors = self._anchors.get(path)
        if anchors is None:
            note = self._notes.get(path)
            if note is None:
                return None
            anchors = self._anchors[path] = _Anchors(note.headings, note.block_ids)
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


# -- scanning a vault ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file the scan did not parse, and why."""

    path: str
    reason: str


@dataclass(frozen=True, slots=True)
class ScanProgress:
    done: int
    total: int


@dataclass(slots=True)
class VaultScan:
    graph: LinkGraph
    skipped: list[Skipped]


_PARALLEL_MIN_NOTES: Final = 1000  # below this, starting worker processes costs more
_BATCH: Final = 200  # notes per job sent to a worker process
_PROGRESS_EVERY: Final = 256  # notes between two progress reports


def iter_scan_vault(vault: Vault, *, workers: int = 1) -> Generator[ScanProgress, None, VaultScan]:
    """Read and parse every note, then resolve links; yields progress now and then.

    Files that cannot be read (binary, not UTF-8, too large, unreadable) are recorded in
    :attr:`VaultScan.skipped` with the reason; a skipped note is still a node of the graph,
    so links to it resolve. Nothing is ever written.

    With ``workers`` > 1 and a large vault, notes are read and parsed in that many worker
    processes (each through its own read-only :class:`Vault` on the same folder, so the
    hashes this ``vault`` remembers for compare-and-swap writes are left alone). They are
    started with "spawn", which is safe from a program with threads; a frozen application
    must call :func:`multiprocessing.freeze_support` in its entry point.

    Python's cyclic garbage collector is paused while the scan works (see
    :func:`_gc_paused`), never while it waits at a ``yield``.
    """
    files = list(vault.iter_files())
    total = len(files)
    attachments = [rel for rel in files if not is_note_path(rel)]
    note_paths = [rel for rel in files if is_note_path(rel)]
    parsed: list[ParsedNote] = []
    unreadable: dict[str, str] = {}
    skipped: list[Skipped] = []
    done = len(attachments)
    if workers > 1 and len(note_paths) >= _PARALLEL_MIN_NOTES:
        results = _parse_in_processes(vault, note_paths, workers)
    else:
        results = (_read_and_parse(vault, rel) for rel in note_paths)
    while True:
        with _gc_paused():
            count = 0
            for rel, note, reason in itertools.islice(results, _PROGRESS_EVERY):
                count += 1
                if note is not None:
                    parsed.append(note)
                elif reason is not None:
                    unreadable[rel] = reason
                    skipped.append(Skipped(rel, reason))
        done += count
        if count < _PROGRESS_EVERY:
            break
        yield ScanProgress(done, total)
    with _gc_paused():
        graph = build_link_graph(parsed, attachments, unreadable)
    yield ScanProgress(total, total)
    return VaultScan(graph, skipped)


def scan_vault(vault: Vault, *, workers: int = 1) -> VaultScan:
    """:func:`iter_scan_vault` run to the end."""
    gen = iter_scan_vault(vault, workers=workers)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            result: VaultScan = stop.value
            return result


_Result = tuple[str, ParsedNote | None, str | None]  # path, note, why it was skipped


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a scan builds its many long-lived objects.

    A scan allocates hundreds of thousands of objects that all survive; the collector
    would traverse them again and again (measured: a third of the graph building time).
    Nothing here makes reference cycles, and plain reference counting still frees
    everything, so only cyclic garbage made meanwhile elsewhere waits for the next pass.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _parse_in_processes(vault: Vault, paths: list[str], workers: int) -> Iterator[_Result]:
    """Read and parse notes in worker processes; results in the order of ``paths``.

    If the workers cannot start or die (no way to spawn processes, a ``__main__`` that
    is not import-safe), the notes not yet parsed are parsed here instead.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    done = 0
    pool = None
    try:
        pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn")
        )
        root, limit = str(vault.root), vault.max_file_bytes
        jobs = [
            pool.submit(_scan_batch, root, limit, paths[i : i + _BATCH])
            for i in range(0, len(paths), _BATCH)
        ]
        for job in jobs:
            for result in job.result():
                yield result
                done += 1
    except (BrokenProcessPool, OSError):
        yield from (_read_and_parse(vault, rel) for rel in paths[done:])
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _scan_batch(root: str, max_file_bytes: int, paths: list[str]) -> list[_Result]:
    """Runs in a worker process, with its own view of the same vault (it only reads)."""
    vault = Vault(Path(root), max_file_bytes)
    return [_read_and_parse(vault, rel) for rel in paths]


def _read_and_parse(vault: Vault, rel: str) -> _Result:
    text, reason = _read(vault, rel)
    return (rel, None, reason) if text is None else _parse(rel, text)


def _read(vault: Vault, rel: str) -> tuple[str | None, str | None]:
    """A note's text, or None and why (None, None: it vanished since the listing)."""
    try:
        return vault.read_text(rel).text, None
    except SkippedFile as exc:
        return None, exc.reason
    except FileNotFoundError:
        return None, None
    except (OSError, VaultError) as exc:
        return None, f"unreadable ({_describe(exc)})"


def _parse(rel: str, text: str) -> _Result:
    try:
        return rel, parse_note(rel, text), None
    except Exception as exc:  # a third-party parser on arbitrary user text: never crash
        return rel, None, f"could not be parsed ({_describe(exc)})"


def _describe(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
