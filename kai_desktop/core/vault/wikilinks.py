"""Obsidian wikilinks and embeds: the syntax of one link, and a markdown-it inline rule.

Syntax handled (Obsidian's):

- ``[[Note]]`` and ``[[Note.md]]`` (the same note), ``[[Folder/Note]]``;
- ``[[Note|shown text]]``; ``[[Note\\|shown text]]`` (the escaped pipe tables need; it is
  accepted outside tables too, since ``\\`` cannot occur in an Obsidian note name);
- ``[[Note#Heading]]``, ``[[Note#H1#H2]]`` (a heading nested under another),
  ``[[#Heading]]`` (a heading of the linking note itself), ``[[Note#^block-id]]``;
- ``![[embed]]`` and ``![[image.png|100]]`` (for an embed the "alias" is the size or caption).

Which text is code, inline code or plain text is decided by markdown-it-py: the rule below
runs inside its inline parser, so ``[[x]]`` inside a code span or a code block never becomes
a link. Comments (``%% ... %%``) are removed by the note scanner in :mod:`notes`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline

WIKILINK_TOKEN = "wikilink"
"""Type of the markdown-it token the inline rule emits; ``token.meta["link"]`` holds the
:class:`WikiLink` (line 0) and ``token.meta["pos"]`` its offset in the inline source."""


@dataclass(frozen=True, slots=True)
class WikiLink:
    """One wikilink or embed as written.

    ``target`` is the link path as written (trimmed; ``""`` for a link into the same note,
    e.g. ``[[#Heading]]``); ``heading`` the heading path (``[[N#A#B]]`` -> ``("A", "B")``);
    ``block_id`` the id after ``#^``; ``alias`` the text after ``|``; ``line`` the 1-based
    line in the note's file (0 when not known).
    """

    target: str
    heading: tuple[str, ...] = ()
    block_id: str | None = None
    alias: str | None = None
    embed: bool = False
    line: int = 0

    @property
    def is_same_note(self) -> bool:
        """True for ``[[#Heading]]`` / ``[[#^id]]``: an anchor in the linking note."""
        return not self.target

    @property
    def anchor(self) -> str:
        """The part after the target as written: ``"#A#B"``, ``"#^id"`` or ``""``."""
        parts = [f"#{h}" for h in self.heading]
        if self.block_id is not None:
            parts.append(f"#^{self.block_id}")
        return "".join(parts)

    def __reduce__(self) -> tuple[type[WikiLink], tuple[Any, ...]]:
        # Plain constructor arguments pickle about three times faster than the default
        # slots state (notes are parsed in worker processes for large vaults).
        return WikiLink, (
            self.target,
            self.heading,
            self.block_id,
            self.alias,
            self.embed,
            self.line,
        )

    def render(self) -> str:
        """The link in Obsidian syntax (a canonical spelling of what was parsed)."""
        alias = f"|{self.alias}" if self.alias is not None else ""
        bang = "!" if self.embed else ""
        return f"{bang}[[{self.target}{self.anchor}{alias}]]"


def parse_link_inner(inner: str, *, embed: bool = False, line: int = 0) -> WikiLink | None:
    """Parse the text between ``[[`` and ``]]``; None when it is not a usable link."""
    link = _parse_inner(inner, embed)
    if link is None or not line:
        return link
    return WikiLink(link.target, link.heading, link.block_id, link.alias, embed, line)


@functools.lru_cache(maxsize=16384)
def _parse_inner(inner: str, embed: bool) -> WikiLink | None:
    # Cached: the same links recur all over a vault.
    if "\n" in inner or "\r" in inner:
        return None
    alias: str | None = None
    bar = inner.find("|")
    if bar >= 0:
        alias = inner[bar + 1 :].strip() or None
        # "\|" is the pipe a table cell needs escaped; the backslash is not part of the name.
        inner = inner[: bar - 1] if bar > 0 and inner[bar - 1] == "\\" else inner[:bar]
    target, *subpath = inner.split("#")
    target = target.strip()
    parts = [p.strip() for p in subpath]
    parts = [p for p in parts if p]
    block_id: str | None = None
    if parts and parts[-1].startswith("^"):
        block_id = parts.pop()[1:].strip() or None
    heading = tuple(parts)
    if not target and not heading and block_id is None:
        return None
    return WikiLink(target, heading, block_id, alias, embed)


def _wikilink_rule(state: StateInline, silent: bool) -> bool:
    src = state.src
    pos = state.pos
    if src.startswith("[[", pos):
        start, embed = pos + 2, False
    elif src.startswith("![[", pos):
        start, embed = pos + 3, True
    else:
        return False
    end = src.find("]]", start, state.posMax)
    if end < 0:
        return False
    inner = src[start:end]
    if "[[" in inner:
        # "[[a [[b]]": only the innermost pair is a link; let the text rule move on.
        return False
    link = parse_link_inner(inner, embed=embed)
    if link is None:
        return False
    if not silent:
        token = state.push(WIKILINK_TOKEN, "", 0)
        token.content = src[pos : end + 2]
        token.meta = {"link": link, "pos": pos}
    state.pos = end + 2
    return True


def wikilink_plugin(md: MarkdownIt) -> None:
    """Teach ``md`` wikilinks and embeds (before markdown's own links and images)."""
    md.inline.ruler.before("link", WIKILINK_TOKEN, _wikilink_rule)
