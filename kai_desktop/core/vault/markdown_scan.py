"""Markdown scanned the way Obsidian reads it: headings, tags, block ids, links, blocks.

markdown-it-py decides the block structure and what is code; the wikilink inline rule
(:mod:`wikilinks`) finds links. For speed the inline parser runs only on blocks whose text
could hold something Obsidian cares about (``[[``, ``#``, ``%%`` or ``^``); a block with
none of them cannot contain a link, tag, comment or block id.

Comments (``%% ... %%``) are followed in document order across blocks, so a comment may
be inline or span many lines and paragraphs; an unclosed ``%%`` hides the rest of the
note, as in Obsidian. A ``%%`` inside code is not a comment marker. Headings, links, tags
and block ids inside comments are ignored. Links inside HTML blocks are not links (Obsidian
does not track them either).

Every line number is 1-based and counts the lines of the whole file, front matter included.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kai_desktop.core.vault.wikilinks import (
    WIKILINK_TOKEN,
    WikiLink,
    parse_link_inner,
    wikilink_plugin,
)

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

_INLINE_RULES = [
    "text", "escape", "backticks", "link", "image", "autolink", "html_inline", "entity",
    WIKILINK_TOKEN,
]  # fmt: skip
_COMMENT = "%%"
# Characters that may start something other than text or a wikilink in markdown-it's
# inline parser (with the rules enabled below): code spans, escapes, entities, HTML and
# autolinks; inline links and images need "](" or "][" (see _needs_inline_parser).
# Content without any of them skips the inline parser.
_NEEDS_INLINE_PARSER = re.compile(r"[`\\<&]")
# Obsidian tag: '#' at the start or after whitespace, then letters, digits, _ - /
# (at least one of them not a digit).
_TAG_BODY = re.compile(r"[\w/-]+")
_BLOCK_ID_RE = re.compile(r"(?:^|\s)\^([A-Za-z0-9-]+)$")


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading: level 1-6, its text as written, its 1-based line in the file."""

    level: int
    text: str
    line: int

    def __reduce__(self) -> tuple[type[Heading], tuple[int, str, int]]:
        return Heading, (self.level, self.text, self.line)


@dataclass(frozen=True, slots=True)
class Block:
    """A top-level Markdown block with its 1-based inclusive line range in the file.

    ``kind`` is markdown-it's name for it (``paragraph``, ``bullet_list``, ``fence``,
    ``heading``...). ``heading`` is set for a heading that counts (not inside a comment).
    ``breaks`` are the lines inside the block where a nested block starts (list items,
    paragraphs of a quote): good places to cut a block that is too long.
    """

    kind: str
    start: int
    end: int
    heading: Heading | None = None
    breaks: tuple[int, ...] = ()


@dataclass(slots=True)
class MarkdownScan:
    """Everything :func:`scan_markdown` found in a note's body."""

    headings: list[Heading] = field(default_factory=list)
    links: list[WikiLink] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    block_ids: list[str] = field(default_factory=list)
    blocks: list[Block] = field(default_factory=list)


def markdown_parser() -> MarkdownIt:
    """The shared parser: CommonMark + GFM tables + wikilinks; inline runs on demand."""
    return _parser_without(frozenset())


def _parser_for(body: str, *, lean_tables: bool = True) -> MarkdownIt:
    """The shared parser minus the block rules that cannot match anywhere in ``body``;
    with ``lean_tables``, tables give only what the scan reads (:mod:`lean_table`).

    Every block rule is tried at the start of every block; the ones below need a
    character sequence that a typical note lacks (a ``>``, a fence, a ``|``...), and
    without it they can never match, so leaving them out gives the same tokens, faster.
    """
    unused = frozenset(name for name, present in _OPTIONAL_BLOCK_RULES if not present(body))
    return _parser_without(unused, lean_tables)


def _has_setext_underline(body: str) -> bool:
    return _SETEXT_UNDERLINE.search(body) is not None


_SETEXT_UNDERLINE = re.compile(r"^[ \t>]*(?:=+|-+)[ \t]*$", re.MULTILINE)
# Any line that ends in three of the same thematic-break marker, whatever comes before
# (a list marker, a quote): a superset of the lines markdown-it may take for a break.
_THEMATIC_BREAK_END = re.compile(r"([*_-])[ \t]*(?:\1[ \t]*){2,}$", re.MULTILINE)
_OPTIONAL_BLOCK_RULES: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("blockquote", lambda body: ">" in body),
    ("fence", lambda body: "```" in body or "~~~" in body),
    ("table", lambda body: "|" in body),  # a table's header row has a pipe
    ("html_block", lambda body: "<" in body),
    ("reference", lambda body: "]:" in body),
    ("heading", lambda body: "#" in body),
    ("lheading", _has_setext_underline),
    ("hr", lambda body: _THEMATIC_BREAK_END.search(body) is not None),
)


@functools.cache
def _parser_without(unused_block_rules: frozenset[str], lean_tables: bool = False) -> MarkdownIt:
    from markdown_it import MarkdownIt

    from kai_desktop.core.vault.markdown_quiet import quiet_block_rule_traces

    quiet_block_rule_traces()
    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    if unused_block_rules:
        md.block.ruler.disable(sorted(unused_block_rules))
    if lean_tables:
        from kai_desktop.core.vault.lean_table import use_lean_tables

        use_lean_tables(md, could_matter, lambda row: _ROW_MAY_MATTER.search(row) is not None)
    md.use(wikilink_plugin)
    # Inline parsing is done per block by scan_markdown, only where it can matter.
    md.core.ruler.disable(["inline", "text_join"])
    # Only the inline rules that decide what is code, a URL, an escape or a link are
    # needed; emphasis and line breaks change nothing Kai reads. Fewer rules and fewer
    # characters that stop a text run make inline parsing about twice as fast.
    md.inline.ruler.enableOnly(_INLINE_RULES)
    md.inline.ruler2.enableOnly([])
    md.inline.terminator_re = re.compile(r"[!&<\[\\\]`]")
    return md


def normalize_newlines(text: str) -> str:
    """CRLF and lone CR become LF, as markdown-it counts lines."""
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")



def scan_markdown(body: str, line_offset: int = 0) -> MarkdownScan:
    """Scan Markdown ``body`` whose first line is line ``line_offset + 1`` of its file."""
    md = _parser_for(body)
    env: dict[str, Any] = {}
    tokens = md.parse(body, env)
    walker = _Walker(md, env, line_offset)
    walker.walk(tokens)
    return walker.scan


_Item = tuple[str, str, WikiLink | None, int]  # token type, text, link, offset
_ROW_MAY_MATTER = re.compile(r"[\[#%^]")  # a row without these has no cell could_matter takes


def could_matter(content: str) -> bool:
    """Whether inline content may hold a link, tag, comment marker or block id: content
    without ``[[``, ``#``, ``%%`` or ``^`` is not read (outside comments or in them)."""
    return "[[" in content or "#" in content or "%%" in content or "^" in content


def _needs_inline_parser(content: str) -> bool:
    # Two substring tests and a character class: much faster than one alternation.
    return "](" in content or "][" in content or _NEEDS_INLINE_PARSER.search(content) is not None


def _plain_items(content: str) -> list[_Item]:
    """What markdown-it's inline parser gives for ``content`` when it holds no code span,
    escape, entity, HTML, autolink or inline link (see :func:`_needs_inline_parser`):
    text runs and wikilinks only. The same rule finds the links, tried at the same places."""
    items: list[_Item] = []
    text_start = 0
    pos = 0
    while True:
        at = content.find("[[", pos)
        if at < 0:
            break
        start = at - 1 if at > text_start and content[at - 1] == "!" else at
        end = content.find("]]", at + 2)
        if end < 0:
            break
        inner = content[at + 2 : end]
        link = None if "[[" in inner else parse_link_inner(inner, embed=start < at)
        if link is None:
            pos = at + 1
            continue
        if start > text_start:
            items.append(("text", content[text_start:start], None, 0))
        items.append((WIKILINK_TOKEN, "", link, start))
        pos = text_start = end + 2
    if text_start < len(content):
        items.append(("text", content[text_start:], None, 0))
    return items


class _Walker:
    """Walks block tokens in document order, following comments across blocks."""

    def __init__(self, md: MarkdownIt, env: dict[str, Any], line_offset: int) -> None:
        self.md = md
        self.env = env
        self.offset = line_offset + 1  # token maps are 0-based lines of the body
        self.in_comment = False
        self.scan = MarkdownScan()
        # Without reference definitions, "[x]" and "[x][y]" can never be links.
        self.plain_ok = not env.get("references")

    def walk(self, tokens: list[Token]) -> None:
        offset = self.offset
        inline = self._inline
        top: Token | None = None  # the top-level block being walked
        top_start = 0
        breaks: list[int] = []
        top_heading: Heading | None = None
        pending: tuple[int, int, bool, bool] | None = None  # level, line, visible, top
        for tok in tokens:
            if tok.nesting >= 0 and tok.map is not None:
                if tok.level == 0:
                    if top is not None:
                        self._add_block(top, breaks, top_heading)
                    top, top_start, breaks, top_heading = tok, tok.map[0], [], None
                elif tok.map[0] > top_start:
                    line = tok.map[0] + offset
                    if not breaks or breaks[-1] != line:
                        breaks.append(line)
            kind = tok.type
            if kind == "heading_open":
                line = (tok.map[0] if tok.map else 0) + offset
                pending = (int(tok.tag[1:]), line, not self.in_comment, tok.level == 0)
            elif kind == "inline":
                line = (tok.map[0] if tok.map else 0) + offset
                if pending is None:
                    inline(tok, line, block_id_allowed=True)
                    continue
                level, hline, visible, is_top = pending
                pending = None
                inline(tok, line, block_id_allowed=False)
                if visible:
                    heading = Heading(level, tok.content.strip(), hline)
                    self.scan.headings.append(heading)
                    if is_top:
                        top_heading = heading
        if top is not None:
            self._add_block(top, breaks, top_heading)

    def _add_block(self, tok: Token, breaks: list[int], heading: Heading | None) -> None:
        assert tok.map is not None
        start = tok.map[0] + self.offset
        end = max(start, tok.map[1] - 1 + self.offset)
        kind = tok.type.removesuffix("_open")
        # Nested blocks come in document order, after the block's first line.
        self.scan.blocks.append(Block(kind, start, end, heading, tuple(breaks)))

    def _inline(self, tok: Token, line: int, *, block_id_allowed: bool) -> None:
        content = tok.content
        if self.in_comment:
            if _COMMENT not in content:
                return
        elif not could_matter(content):
            return
        if self.plain_ok and not _needs_inline_parser(content):
            items = _plain_items(content)
        else:
            items = self._parsed_items(content)
        boundary = True  # whether the character before the next text is a tag boundary
        last_text: str | None = None  # visible text that ends the block, for a block id
        seen, breaks_seen = 0, 0  # newlines before ``seen``: counted once, not per link
        for kind, text, link, pos in items:
            if kind == "text":
                if self.in_comment or _COMMENT in text:
                    last_text = self._text_with_comments(text, boundary)
                else:
                    if "#" in text:
                        self._find_tags(text, boundary)
                    last_text = text
                boundary = text[-1:].isspace()
                continue
            last_text = None
            if link is not None:
                boundary = False
                if not self.in_comment:
                    if pos < seen:  # (items come in order; recount if one does not)
                        seen, breaks_seen = 0, 0
                    breaks_seen += content.count("\n", seen, pos)
                    seen = pos
                    at = line + breaks_seen
                    self.scan.links.append(
                        WikiLink(
                            link.target, link.heading, link.block_id, link.alias, link.embed, at
                        )
                    )
            elif kind == "text_special":
                boundary = text[-1:].isspace()
            elif kind in ("softbreak", "hardbreak"):
                boundary = True
            elif not kind.endswith("_open"):
                boundary = False
        if block_id_allowed and last_text is not None and "^" in last_text:
            match = _BLOCK_ID_RE.search(last_text.rstrip())
            if match:
                self.scan.block_ids.append(match.group(1))

    def _parsed_items(self, content: str) -> list[_Item]:
        """Inline tokens from markdown-it: it decides code spans, escapes, URLs, links."""
        children: list[Token] = []
        md = self.md
        md.inline.parse(content, md, self.env, children)
        items: list[_Item] = []
        for child in children:
            if child.type == WIKILINK_TOKEN:
                items.append((WIKILINK_TOKEN, "", child.meta["link"], child.meta["pos"]))
            else:
                items.append((child.type, child.content, None, 0))
        return items

    def _text_with_comments(self, text: str, boundary: bool) -> str | None:
        """Handle a text run that opens, closes or lies in a comment: tags are taken from
        the parts outside comments; returns the visible part that ends the run, if any."""
        pos = 0
        while True:
            mark = text.find(_COMMENT, pos)
            if mark < 0:
                if self.in_comment:
                    return None
                self._find_tags(text[pos:], boundary and pos == 0)
                return text[pos:]
            if not self.in_comment:
                self._find_tags(text[pos:mark], boundary and pos == 0)
            self.in_comment = not self.in_comment
            pos = mark + len(_COMMENT)

    def _find_tags(self, text: str, boundary_at_start: bool) -> None:
        """Tags in a visible text run: '#' at a boundary, then tag characters, not only
        digits."""
        tags = self.scan.tags
        at = text.find("#")
        while at >= 0:
            if text[at - 1].isspace() if at else boundary_at_start:
                match = _TAG_BODY.match(text, at + 1)
                if match is not None and not match.group().isdigit():
                    tags.append(match.group())
            at = text.find("#", at + 1)
