"""The tool functions, bound to one context: what each tool does and, in their
signatures, the schemas of their arguments. :mod:`server` registers them with the MCP
SDK; the window (:mod:`window_host`) calls the same functions when it does the work."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Final, Literal

from pydantic import Field

from kai_desktop.mcp import memories, reading, search, writing
from kai_desktop.mcp.context import VaultContext
from kai_desktop.mcp.schemas import (
    DeleteResult,
    ForgetResult,
    LinkTarget,
    MemoryList,
    NoteContent,
    NoteList,
    RecentChanges,
    RememberResult,
    RestoreResult,
    SearchResult,
    WriteResult,
)

READ_TOOLS: Final = (
    "search_notes", "read_note", "list_notes", "follow_link", "recent_changes",
    "list_memories",
)  # fmt: skip
WRITE_TOOLS: Final = (
    "remember", "forget", "write_note", "edit_note", "delete_note", "restore_note",
)  # fmt: skip
ALL_TOOLS: Final = READ_TOOLS + WRITE_TOOLS


NotePath = Annotated[
    str, Field(description="note path relative to the vault, e.g. 'ideas/Garden.md'")
]
Version = Annotated[
    str | None,
    Field(description="the note's version (sha256) as read_note or search_notes gave it"),
]


@dataclass
class ToolFunctions:
    """The tool functions, bound to one context (their signatures are the schemas)."""

    ctx: VaultContext

    def search_notes(
        self,
        *,
        query: Annotated[str, Field(description="words or a question")],
        limit: Annotated[int, Field(ge=1, le=search.MAX_LIMIT)] = 10,
        folder: Annotated[str | None, Field(description="only this folder")] = None,
        tag: Annotated[str | None, Field(description="only notes with this tag")] = None,
    ) -> SearchResult:
        """Search the vault (meaning and keywords). Results name the note, the heading
        and lines of the match, a snippet, and the note's current version."""
        return search.search_notes(self.ctx, query, limit, folder, tag)

    def read_note(self, path: NotePath) -> NoteContent:
        """Read a note: its text, properties, tags, headings, links in and out, and its
        version (pass it as if_version to change the note)."""
        return reading.read_note(self.ctx, path)

    def list_notes(
        self,
        *,
        folder: Annotated[str | None, Field(description="folder; empty: the vault")] = None,
        depth: Annotated[int | None, Field(ge=1, description="folder levels to go down")] = None,
        glob: Annotated[str | None, Field(description="e.g. '*.md' or 'daily/2026-*'")] = None,
        limit: Annotated[int, Field(ge=1, le=reading.MAX_LIST)] = 200,
    ) -> NoteList:
        """List notes in a folder (and its sub-folders, down to depth)."""
        return reading.list_notes(self.ctx, folder, depth, glob, limit)

    def follow_link(
        self,
        link: Annotated[str, Field(description="[[Note]], [[Note#Heading]], [[Note#^block]]")],
        from_path: Annotated[
            str | None, Field(description="the note the link is written in")
        ] = None,
    ) -> LinkTarget:
        """Find the note a wikilink leads to, with Obsidian's rules."""
        return reading.follow_link(self.ctx, link, from_path)

    def recent_changes(
        self,
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
        folder: Annotated[str | None, Field(description="only this folder")] = None,
    ) -> RecentChanges:
        """The notes changed most recently, newest first."""
        return reading.recent_changes(self.ctx, limit, folder)

    def list_memories(
        self,
        category: Annotated[
            str | None, Field(description="General, Learning, Error or Preference")
        ] = None,
        limit: Annotated[int, Field(ge=1, le=memories.MAX_MEMORIES)] = 100,
    ) -> MemoryList:
        """Kai's key-value memories, most recently updated first."""
        return memories.list_memories(self.ctx, category, limit)

    def remember(
        self,
        *,
        key: Annotated[str, Field(description="short snake_case key, e.g. favourite_editor")],
        content: Annotated[str, Field(description="the fact, one or two sentences")],
        category: Annotated[
            Literal["General", "Learning", "Error", "Preference"], Field()
        ] = "General",
        source: Annotated[str | None, Field(description="where it comes from")] = None,
    ) -> RememberResult:
        """Store a memory. An existing key is updated (its old value kept in its
        history); the same fact under another key is not stored twice."""
        return memories.remember(self.ctx, key, content, category, source)

    def forget(self, key: Annotated[str, Field(description="the memory's key")]) -> ForgetResult:
        """Forget a memory (its note goes to the trash; restore_note brings it back)."""
        return memories.forget(self.ctx, key)

    def write_note(self, path: NotePath, content: str, if_version: Version = None) -> WriteResult:
        """Create a note. To replace an existing note, pass the version read_note gave as
        if_version; a note changed since is never overwritten."""
        return writing.write_note(self.ctx, path, content, if_version)

    def edit_note(
        self,
        *,
        path: NotePath,
        op: Literal["append", "prepend", "find_replace", "replace_section"],
        content: Annotated[str, Field(description="text to add, or the replacement")] = "",
        find_text: Annotated[str | None, Field(description="for find_replace")] = None,
        heading: Annotated[
            str | None, Field(description="for replace_section, e.g. '## Plans'")
        ] = None,
        expected_replacements: Annotated[int, Field(ge=1)] = 1,
        if_version: Version = None,
    ) -> WriteResult:
        """Edit a note in place: append, prepend (after the properties), find/replace
        (refused unless find_text occurs exactly expected_replacements times) or replace
        the text under a heading."""
        return writing.edit_note(
            self.ctx, path, op, content, find_text=find_text, heading=heading,
            expected_replacements=expected_replacements, if_version=if_version,
        )

    def delete_note(self, path: NotePath, if_version: Version = None) -> DeleteResult:
        """Delete a note. It is kept in Kai's trash, outside the vault; restore_note with
        the returned trash_id brings it back."""
        return writing.delete_note(self.ctx, path, if_version)

    def restore_note(
        self,
        trash_id: Annotated[str, Field(description="from delete_note or forget")],
        path: Annotated[str | None, Field(description="restore elsewhere")] = None,
    ) -> RestoreResult:
        """Bring a deleted note (or forgotten memory) back from the trash."""
        return writing.restore_note(self.ctx, trash_id, path)
