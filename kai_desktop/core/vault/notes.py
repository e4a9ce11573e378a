"""A note parsed the way Obsidian reads it: properties, headings, tags, block ids, links.

The body is scanned by :mod:`kai_desktop.core.vault.markdown_scan`; the properties come
from :mod:`kai_desktop.core.vault.frontmatter`. Every line number is 1-based and counts the
lines of the whole file, front matter included.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from kai_desktop.core.vault.frontmatter import Frontmatter, split_frontmatter
from kai_desktop.core.vault.markdown_scan import (
    Heading,
    MarkdownScan,
    normalize_newlines,
    scan_markdown,
)
from kai_desktop.core.vault.wikilinks import WikiLink, parse_link_inner

# A body without one of these has no link, tag, block id, comment or heading.
_MAYBE_SOMETHING = re.compile(r"\[\[|[#^]|%%|^[ \t>]*(?:=+|-+)[ \t]*$", re.MULTILINE)
_PROPERTY_LINK_RE = re.compile(r"(!?)\[\[([^\[\]\n]+)\]\]")


@dataclass(frozen=True, slots=True)
class ParsedNote:
    """What Kai knows about one note.

    ``title`` is the file name without ``.md`` (Obsidian's note name). ``aliases`` and
    ``tags`` come from the properties (a list or a single string) and, for tags, from
    ``#tag`` in the body, without the ``#``, first spelling kept. ``properties`` are the
    front matter exactly as loaded; ``frontmatter_error`` is set when it is not valid YAML
    (the note is still parsed, with no properties). ``links`` are the body's links in
    document order; ``property_links`` the links written in property values
    (``related: "[[Note]]"``), which Obsidian also counts.
    """

    path: str
    properties: dict[str, Any]
    frontmatter_error: str | None
    title: str
    aliases: list[str]
    tags: list[str]
    headings: list[Heading]
    block_ids: list[str]
    links: list[WikiLink]
    property_links: list[WikiLink] = field(default_factory=list)
    body_line: int = 0

    @property
    def all_links(self) -> list[WikiLink]:
        """Body links and property links together."""
        return [*self.property_links, *self.links]

    def __reduce__(self) -> tuple[type[ParsedNote], tuple[Any, ...]]:
        # Constructor arguments pickle much faster than the default slots state.
        return ParsedNote, (
            self.path,
            self.properties,
            self.frontmatter_error,
            self.title,
            self.aliases,
            self.tags,
            self.headings,
            self.block_ids,
            self.links,
            self.property_links,
            self.body_line,
        )


@dataclass(frozen=True, slots=True)
class ScannedNote:
    """A note parsed, with what it was parsed from: its text (BOM dropped, newlines
    normalised), the front matter split off it, and the scan of the whole body (its
    blocks too, which the search index cuts chunks from)."""

    parsed: ParsedNote
    text: str
    frontmatter: Frontmatter
    scan: MarkdownScan


def parse_note(path: str, text: str) -> ParsedNote:
    """Parse one note. Never raises on bad content: broken YAML is reported in the result."""
    text = normalize_newlines(text.removeprefix("\ufeff"))
    fm = split_frontmatter(text)
    scan = (
        scan_markdown(fm.body, fm.body_line) if _MAYBE_SOMETHING.search(fm.body) else MarkdownScan()
    )
    return _parsed(path, fm, scan)


def scan_note(path: str, text: str) -> ScannedNote:
    """:func:`parse_note`, keeping the body's scan (the body is read once for both)."""
    text = normalize_newlines(text.removeprefix("\ufeff"))
    fm = split_frontmatter(text)
    scan = scan_markdown(fm.body, fm.body_line)
    return ScannedNote(_parsed(path, fm, scan), text, fm, scan)


def _parsed(path: str, fm: Frontmatter, scan: MarkdownScan) -> ParsedNote:
    props = fm.properties
    tags = _dedupe_casefold([*_property_tags(props), *scan.tags])
    return ParsedNote(
        path=path,
        properties=props,
        frontmatter_error=fm.error,
        title=note_title(path),
        aliases=_property_aliases(props),
        tags=tags,
        headings=scan.headings,
        block_ids=scan.block_ids,
        links=scan.links,
        property_links=_property_links(props, fm.raw),
        body_line=fm.body_line,
    )


def note_title(path: str) -> str:
    """Obsidian's name of a note: its file name without the ``.md`` extension."""
    name = PurePosixPath(path).name
    return name[:-3] if name.lower().endswith(".md") else name


# -- properties ----------------------------------------------------------------------------


def _as_strings(value: Any) -> list[str]:
    if value is None:
        return []
    items = value if isinstance(value, list | tuple) else [value]
    return [str(item).strip() for item in items if item is not None and str(item).strip()]


def _property_aliases(props: dict[str, Any]) -> list[str]:
    raw = props.get("aliases", props.get("alias"))
    out: list[str] = []
    for alias in _as_strings(raw):
        if alias not in out:
            out.append(alias)
    return out


def _property_tags(props: dict[str, Any]) -> list[str]:
    raw = props.get("tags", props.get("tag"))
    if isinstance(raw, str):
        # A single string may hold several tags: "a, b" or "a b".
        raw = [part for part in re.split(r"[,\s]+", raw) if part]
    stripped = (tag.lstrip("#").strip() for tag in _as_strings(raw))
    return [tag for tag in stripped if tag]


def _dedupe_casefold(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        key = unicodedata.normalize("NFC", item).casefold()
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _property_links(props: dict[str, Any], raw: str | None) -> list[WikiLink]:
    if not props or raw is None or "[[" not in raw:
        return []
    raw_lines = raw.split("\n")
    links: list[WikiLink] = []
    for value in _walk_strings(props):
        for match in _PROPERTY_LINK_RE.finditer(value):
            line = next((i + 2 for i, text in enumerate(raw_lines) if match.group(0) in text), 1)
            link = parse_link_inner(match.group(2), embed=bool(match.group(1)), line=line)
            if link is not None:
                links.append(link)
    return links


def _walk_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _walk_strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _walk_strings(item)
