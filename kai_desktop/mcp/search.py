"""``search_notes``: hybrid search through core's retriever, or keyword search over the
files when the index cannot be used, with private notes left out either way."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from kai_desktop.core.vault.notes import note_title
from kai_desktop.mcp.context import VaultContext
from kai_desktop.mcp.indexing import IndexUnavailable
from kai_desktop.mcp.paths import Refused, folder_path
from kai_desktop.mcp.schemas import NoteHit, SearchResult

if TYPE_CHECKING:
    from kai_desktop.core.retrieval.search import Retriever

MAX_LIMIT: Final = 50
_SNIPPET_CHARS: Final = 400
# The most hits one search pass asks for while private notes crowd the top.
_MAX_PASS: Final = 2000
# How long a search waits for the index to take in writes queued before it.
_FRESH_WAIT_S: Final = 3.0
# How long a search waits for a new index to be built before it searches by keyword.
_BUILD_WAIT_S: Final = 15.0
# How long the first search waits for the index to open at start-up.
_OPEN_WAIT_S: Final = 10.0


def _snippet(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _SNIPPET_CHARS else text[: _SNIPPET_CHARS - 1] + "…"


def search_notes(
    ctx: VaultContext,
    query: str,
    limit: int = 10,
    folder: str | None = None,
    tag: str | None = None,
) -> SearchResult:
    if not query.strip():
        raise Refused("give a query: the words or question to look for")
    limit = max(1, min(limit, MAX_LIMIT))
    folder_rel = folder_path(ctx.vault, folder)
    ctx.wait_index(_OPEN_WAIT_S)
    indexed = ctx.indexed
    if indexed is not None and indexed.error is None:
        indexed.wait_for(indexed.queued(), _FRESH_WAIT_S)
        try:
            with indexed.using() as parts:
                if not indexed.synced and parts.index.count() == 0:
                    indexed.wait_synced(_BUILD_WAIT_S)  # a new index: a small vault is quick
                if indexed.synced or parts.index.count() > 0:
                    found = _hybrid(
                        ctx, parts.retriever, query, limit=limit, folder=folder_rel, tag=tag
                    )
                    if not indexed.synced:
                        found.note = (
                            "the search index is still being updated; recent changes may "
                            "be missing"
                        )
                    return found
        except IndexUnavailable as exc:
            note = f"{exc}, so this is a keyword search over the files"
        else:
            note = "the search index is still being built, so this is a keyword search"
    elif indexed is not None:
        note = f"the search index could not be updated ({indexed.error}); keyword search"
    else:
        note = ctx.index_note or "the search index is not open; keyword search"
    return _keyword(ctx, query, limit, folder_rel, tag, note=note)


def _hybrid(
    ctx: VaultContext,
    retriever: Retriever,
    query: str,
    *,
    limit: int,
    folder: str,
    tag: str | None,
) -> SearchResult:
    from kai_desktop.core.retrieval.records import SearchFilters

    filters = SearchFilters(folder=folder or None, tag=tag or None)
    # Private notes are dropped after the search: ask for a few more than wanted, and
    # look further down when they took too many places.
    prepared = retriever.build_query(query, limit + 5, filters)
    versions: dict[str, str | None] = {}  # per note (a note may give several hits)

    def shown(rel: str) -> bool:
        if rel not in versions:
            versions[rel] = ctx.shared_version(rel)
        return versions[rel] is not None

    while True:
        hits = retriever.run(prepared)
        shared = list(itertools.islice((h for h in hits if shown(h.path)), limit))
        if len(shared) >= limit or len(hits) < prepared.limit or prepared.limit >= _MAX_PASS:
            break
        more = min(prepared.limit * 4, _MAX_PASS)
        prepared = replace(prepared, limit=more, candidates=max(prepared.candidates, more * 2))
    results = [
        NoteHit(
            path=h.path,
            title=note_title(h.path),
            heading=h.heading,
            start_line=h.start_line,
            end_line=h.end_line,
            snippet=_snippet(h.text),
            score=round(h.score, 6),
            version=versions[h.path] or "",
        )
        for h in shared
    ]
    return SearchResult(query=query, engine="hybrid", results=results)


def _keyword(
    ctx: VaultContext, query: str, limit: int, folder: str, tag: str | None, *, note: str
) -> SearchResult:
    wanted_tag = (tag or "").lstrip("#").casefold()
    if wanted_tag:
        ctx.graph.wait(_OPEN_WAIT_S)  # the tags come from the link graph's parse

    def allowed(rel: str) -> bool:
        if ctx.private(rel):
            return False
        if not wanted_tag:
            return True
        parsed = ctx.graph.note(rel)
        return parsed is not None and any(
            t.casefold() == wanted_tag or t.casefold().startswith(wanted_tag + "/")
            for t in parsed.tags
        )

    hits = ctx.keywords.search(query, limit, folder=folder, allowed=allowed)
    results = [
        NoteHit(
            path=h.path,
            title=note_title(h.path),
            heading="",
            start_line=h.line,
            end_line=h.line,
            snippet=_snippet(h.snippet),
            score=round(h.score, 6),
            version=ctx.version(h.path),
        )
        for h in hits
    ]
    return SearchResult(query=query, engine="keyword", results=results, note=note)
