"""Links from memory notes to the notes they came from, drawn and laid out like wikilinks.

A memory's ``source`` property names a vault note when it came from one (a session note);
a memory captured from the chat ("capture") or extracted after it came from the day's
conversation, so it links to the daily note of the day it was created, when that exists.
The links are kept by the graph's worker thread and only shown while both ends are notes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from kai_desktop.core.memory.model import Memory
from kai_desktop.core.vault.layout import DAILY_DIR

if TYPE_CHECKING:
    from kai_desktop.core.vault.link_graph import LinkGraph

EdgeKey = tuple[str, str]


def source_note(memory: Memory) -> str:
    """The vault path of the note ``memory`` came from (it may not exist)."""
    source = (memory.source or "").strip()
    if source.startswith("[[") and source.endswith("]]"):
        source = source[2:-2].split("|", 1)[0]
    if source and ("/" in source or source.endswith(".md")):
        return source if source.endswith(".md") else f"{source}.md"
    return f"{DAILY_DIR}/{memory.created.date().isoformat()}.md"


def memory_source_links(memories: Sequence[Memory]) -> set[EdgeKey]:
    return {(m.path, source_note(m)) for m in memories if m.path}


class SourceLinks:
    """The wanted links and those shown; owned by the graph's worker thread."""

    def __init__(self) -> None:
        self.wanted: set[EdgeKey] = set()
        self.shown: set[EdgeKey] = set()

    def refresh(
        self, graph: LinkGraph, real: Iterable[EdgeKey]
    ) -> tuple[set[EdgeKey], dict[EdgeKey, int]]:
        """Links to remove and to add now: a link shows while both ends are notes and no
        wikilink already joins them."""
        taken = set(real)
        now = {
            pair for pair in self.wanted
            if pair not in taken
            and graph.kind_of(pair[0]) == "note" and graph.kind_of(pair[1]) == "note"
        }
        removed, added = self.shown - now, now - self.shown
        self.shown = now
        return removed, dict.fromkeys(added, 1)
