"""What the MCP tools return: pydantic models, so every tool has an output schema."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class NoteHit(BaseModel):
    path: str = Field(description="vault-relative path of the note")
    title: str
    heading: str = Field(description="heading of the matching section ('' before any)")
    start_line: int = Field(description="first line of the match (1-based, whole file)")
    end_line: int
    snippet: str
    score: float
    version: str = Field(description="sha256 of the note as it is now (for if_version)")


class SearchResult(BaseModel):
    query: str
    engine: Literal["hybrid", "keyword"] = Field(
        description="hybrid: Kai's search index; keyword: a plain word search over the files"
    )
    results: list[NoteHit]
    note: str | None = Field(default=None, description="why the search fell back, if it did")


class LinkRef(BaseModel):
    path: str
    line: int = Field(description="line of the link in the linking note (0: unknown)")


class NoteContent(BaseModel):
    path: str
    title: str
    content: str = Field(description="the whole file, properties included")
    properties: dict[str, Any]
    tags: list[str]
    headings: list[str]
    outgoing: list[str] = Field(description="notes this note links to (resolved)")
    backlinks: list[LinkRef] = Field(description="notes that link here")
    version: str = Field(description="sha256 of the file; pass it as if_version to change it")
    modified: str


class NoteEntry(BaseModel):
    path: str
    title: str
    size: int
    modified: str


class NoteList(BaseModel):
    folder: str
    notes: list[NoteEntry]
    folders: list[str] = Field(description="sub-folders within the depth asked for")
    truncated: bool


class LinkTarget(BaseModel):
    link: str
    resolved: bool
    path: str | None = Field(description="the note the link leads to, if it exists")
    heading: str | None = None
    line: int | None = Field(default=None, description="line of the heading or block")
    would_create: str | None = Field(
        default=None, description="for a link to nothing: where Obsidian would create it"
    )


class Change(BaseModel):
    path: str
    modified: str
    size: int
    version: str


class RecentChanges(BaseModel):
    changes: list[Change]


class MemoryItem(BaseModel):
    key: str
    content: str
    category: str
    hits: int
    importance: int
    source: str | None
    updated: str
    path: str


class MemoryList(BaseModel):
    memories: list[MemoryItem]
    total: int


class RememberResult(BaseModel):
    status: Literal["stored", "updated", "unchanged", "duplicate"] = Field(
        description="duplicate: the same fact is already stored under another key"
    )
    memory: MemoryItem


class ForgetResult(BaseModel):
    key: str
    forgotten: bool
    trash_id: str | None = Field(description="restore_note(trash_id) brings it back")


class WriteResult(BaseModel):
    path: str
    created: bool
    version: str
    detail: str = ""


class DeleteResult(BaseModel):
    path: str
    trash_id: str = Field(description="restore_note(trash_id) brings the note back")


class RestoreResult(BaseModel):
    path: str
    version: str
