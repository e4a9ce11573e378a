"""Who links to what: the link graph's bookkeeping of resolved and unresolved links.

For each source note the table keeps where each of its links leads, the edge counts, and
the base names it watches (adding or removing a file with one of those names may change
where its links lead). Unresolved links are kept by key (case- and normalisation-blind)
with the spellings in use; the node id of an unresolved target is the alphabetically
first spelling.
"""

from __future__ import annotations

import posixpath

from kai_desktop.core.vault.link_resolver import LinkResolver, link_candidates, path_key
from kai_desktop.core.vault.notes import ParsedNote

UNRESOLVED = "\x00"
"""Prefix of a stored target that is an unresolved spelling (or, in edges, its key)."""


class LinkTable:
    """Resolved links, edge counts and unresolved spellings of every source note."""

    def __init__(self) -> None:
        # source -> where each of its links (note.all_links) leads: a vault path, "" for
        # the note itself ([[#Heading]]), or UNRESOLVED + the unresolved spelling.
        self.out: dict[str, list[str]] = {}
        self.edges: dict[str, dict[str, int]] = {}  # source -> target ref -> count
        # unresolved key -> source -> spelling (node id) -> count
        self.unresolved: dict[str, dict[str, dict[str, int]]] = {}
        self._watch: dict[str, set[str]] = {}  # base-name key -> sources watching it
        self._watched_by: dict[str, set[str]] = {}  # source -> base-name keys
        self._display: dict[str, str] = {}  # unresolved key -> node id (cache)

    def watchers(self, name_key: str) -> set[str]:
        """Sources with a link that names a file of this base name."""
        return self._watch.get(name_key, set())

    def display_id(self, key: str) -> str:
        """The node id of the unresolved target ``key``."""
        node_id = self._display.get(key)
        if node_id is None:
            spellings = self.unresolved[key].values()
            node_id = self._display[key] = min(s for counts in spellings for s in counts)
        return node_id

    def target_id(self, ref: str) -> str:
        """The node id an edge reference stands for."""
        return self.display_id(ref[1:]) if ref.startswith(UNRESOLVED) else ref

    def link(self, source: str, note: ParsedNote | None, resolver: LinkResolver) -> None:
        """(Re)resolve every link of ``source`` from scratch (None: it has no links now)."""
        self.unlink(source)
        if note is None:
            return
        targets: list[str] = []
        counts: dict[str, int] = {}
        watched: set[str] = set()
        resolve = resolver.resolve_keys
        source_dir = posixpath.dirname(path_key(source))
        for link in note.all_links:
            if not link.target:
                targets.append("")  # [[#Heading]]: an anchor in this note, no edge
                continue
            keys, names = link_candidates(link.target)
            watched.update(names)
            found = resolve(keys, source_dir)
            if found is not None:
                targets.append(found)
                counts[found] = counts.get(found, 0) + 1
                continue
            missing = LinkResolver.unresolved_id(link.target, source)
            key = path_key(missing)
            targets.append(UNRESOLVED + missing)
            ref = UNRESOLVED + key
            counts[ref] = counts.get(ref, 0) + 1
            spellings = self.unresolved.setdefault(key, {}).setdefault(source, {})
            spellings[missing] = spellings.get(missing, 0) + 1
            self._display.pop(key, None)
        self.out[source] = targets
        if counts:
            self.edges[source] = counts
        self._watched_by[source] = watched
        watch = self._watch
        for name in watched:
            sources = watch.get(name)
            if sources is None:
                watch[name] = {source}
            else:
                sources.add(source)

    def unlink(self, source: str) -> None:
        """Forget every link of ``source``."""
        self.out.pop(source, None)
        counts = self.edges.pop(source, None)
        if counts:
            for ref in counts:
                if ref.startswith(UNRESOLVED):
                    key = ref[1:]
                    self._display.pop(key, None)
                    refs = self.unresolved.get(key)
                    if refs is not None:
                        refs.pop(source, None)
                        if not refs:
                            del self.unresolved[key]
        for key in self._watched_by.pop(source, ()):
            sources = self._watch.get(key)
            if sources is not None:
                sources.discard(source)
                if not sources:
                    del self._watch[key]
