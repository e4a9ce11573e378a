"""The vault's link graph for the MCP server: built once in the background, then patched
path by path from the change feed. Core's :class:`LinkGraph` is not thread-safe; every
access here holds one lock."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass

from kai_desktop.core.vault.files import SkippedFile, Vault, VaultError, decode_note_bytes
from kai_desktop.core.vault.link_graph import LinkGraph
from kai_desktop.core.vault.link_resolver import LinkResolver, is_note_path
from kai_desktop.core.vault.notes import ParsedNote
from kai_desktop.core.vault.scan import scan_vault
from kai_desktop.core.vault.wikilinks import WikiLink, parse_link_inner


@dataclass(frozen=True, slots=True)
class Backlink:
    source: str
    line: int


@dataclass(frozen=True, slots=True)
class Resolved:
    link: WikiLink
    path: str | None
    missing: str | None


def parse_link_text(text: str) -> WikiLink | None:
    """``[[Note#Heading|alias]]``, ``![[x]]`` or a bare ``Note#Heading``."""
    raw = text.strip()
    embed = raw.startswith("!")
    raw = raw.lstrip("!")
    if raw.startswith("[[") and raw.endswith("]]"):
        raw = raw[2:-2]
    return parse_link_inner(raw, embed=embed)


class GraphView:
    """Thread-safe access to one vault's link graph."""

    def __init__(self, vault: Vault, *, workers: int = 1) -> None:
        self.vault = vault
        self.workers = workers
        self._lock = threading.Lock()
        self._ready = threading.Event()
        self._graph = LinkGraph()
        self.error: str | None = None

    def build(self) -> None:
        """Scan the vault (call once, on a background thread)."""
        try:
            with self._lock:
                self._graph = scan_vault(self.vault, workers=self.workers).graph
        except Exception as exc:  # reported by the tools that need links
            self.error = f"the link graph could not be built ({exc})"
        finally:
            self._ready.set()

    def wait(self, timeout: float) -> bool:
        return self._ready.wait(timeout)

    def refresh(self, paths: Iterable[str]) -> None:
        """Read these files again (new, changed or gone)."""
        with self._lock:
            for rel in paths:
                self._refresh_one(rel)

    def _refresh_one(self, rel: str) -> None:
        graph = self._graph
        try:
            path = self.vault.resolve(rel)
        except VaultError:
            return
        if not path.is_file():
            if graph.kind_of(rel) in ("note", "attachment"):
                graph.remove_file(rel)
            return
        if not is_note_path(rel):
            if graph.kind_of(rel) != "attachment":
                graph.add_attachment(rel)
            return
        try:
            data, _st = self.vault.read_bytes_checked(rel)
            graph.update_note(rel, decode_note_bytes(rel, data))
        except SkippedFile as exc:
            graph.set_unreadable_note(rel, exc.reason)
        except OSError as exc:
            graph.set_unreadable_note(rel, str(exc))

    def paths_under(self, folder: str) -> list[str]:
        """The files the graph knows inside ``folder`` (for a folder moved or deleted)."""
        prefix = folder.rstrip("/") + "/"
        with self._lock:
            graph = self._graph
            known = [*graph.notes, *graph.unreadable_notes, *graph.attachments]
        return [p for p in known if p.startswith(prefix)]

    def note(self, rel: str) -> ParsedNote | None:
        with self._lock:
            return self._graph.note(rel)

    def backlinks(self, rel: str) -> list[Backlink]:
        """Each link into ``rel`` from another note, with its line, by source."""
        with self._lock:
            graph = self._graph
            out: list[Backlink] = []
            for source in graph.backlinks(rel):
                if source == rel:
                    continue
                lines = [r.link.line for r in graph.outgoing(source) if r.target == rel]
                out.extend(Backlink(source, line) for line in sorted(set(lines)))
            return out

    def outgoing(self, rel: str) -> list[str]:
        """The notes and files ``rel`` links to (resolved, each once, in order)."""
        with self._lock:
            targets = [r.target for r in self._graph.outgoing(rel) if r.target]
        return [t for t in dict.fromkeys(targets) if t != rel]

    def resolve(self, link: WikiLink, source: str) -> Resolved:
        """Where ``link`` leads from ``source`` (Obsidian's rules: core's resolver)."""
        if link.is_same_note:
            return Resolved(link, source or None, None)
        with self._lock:
            found = self._graph.resolver.resolve(link.target, source)
        if found is not None:
            return Resolved(link, found, None)
        return Resolved(link, None, LinkResolver.unresolved_id(link.target, source))
