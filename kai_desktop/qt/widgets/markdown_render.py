"""Markdown to the HTML subset Qt's rich text understands, with wikilinks as links.

Raw HTML in the source is escaped, never rendered: model output and notes are data.
A wikilink ``[[Note#Heading|shown]]`` becomes ``<a href="kai-note:Note#Heading">shown</a>``;
the chat pane resolves that target with Obsidian's rules when it is clicked.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

NOTE_SCHEME = "kai-note"
_TASK_OPEN = '<input class="task-list-item-checkbox" disabled="disabled" type="checkbox">'
_TASK_DONE = (
    '<input class="task-list-item-checkbox" checked="checked" disabled="disabled" '
    'type="checkbox">'
)


def note_href(target: str, anchor: str = "") -> str:
    return f"{NOTE_SCHEME}:{quote(target, safe='/')}{quote(anchor, safe='#^')}"


def parse_note_href(href: str) -> tuple[str, str] | None:
    """``kai-note:Folder/Note#Heading`` -> ``("Folder/Note", "#Heading")``; None otherwise."""
    if not href.startswith(NOTE_SCHEME + ":"):
        return None
    rest = href[len(NOTE_SCHEME) + 1 :]
    target, sep, anchor = rest.partition("#")
    return unquote(target), (sep + unquote(anchor)) if sep else ""


def _render_wikilink(
    _renderer: Any, tokens: Sequence[Token], idx: int, _options: Any, _env: Any
) -> str:
    link = tokens[idx].meta["link"]
    shown = link.alias if link.alias and not link.embed else None
    if shown is None:
        shown = link.target or link.anchor.lstrip("#")
        if link.heading and link.target:
            shown = f"{link.target} › {' › '.join(link.heading)}"
    href = html.escape(note_href(link.target, link.anchor), quote=True)
    prefix = "↳ " if link.embed else ""
    return f'<a href="{href}">{prefix}{html.escape(shown)}</a>'


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    # Imported on first use: the window opens before any Markdown is rendered.
    from markdown_it import MarkdownIt
    from mdit_py_plugins.tasklists import tasklists_plugin

    from kai_desktop.core.vault.wikilinks import WIKILINK_TOKEN, wikilink_plugin

    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "breaks": True})
    md.enable(["table", "strikethrough"])
    md.use(wikilink_plugin)
    md.use(tasklists_plugin)
    md.add_render_rule(WIKILINK_TOKEN, _render_wikilink)
    return md


def render_markdown(text: str) -> str:
    """HTML for ``text``; never raises (unparseable input is shown as plain text)."""
    try:
        rendered = str(_parser().render(text))
    except Exception:
        return f"<p>{html.escape(text)}</p>"
    # Qt's rich text has no form controls: show task boxes as characters.
    return rendered.replace(_TASK_DONE, "☑ ").replace(_TASK_OPEN, "☐ ")


def escape(text: str) -> str:
    return html.escape(text, quote=True)
