"""Edits a client can make to a note: pure functions from the old text to the new one.

Each keeps the note's line endings and its properties block: ``prepend`` goes after the
properties, a section is found by the headings Kai's parser sees (so a ``#`` line in a
code block is not a heading), and a find/replace must match exactly as often as the
client expects, so an edit never lands somewhere the client did not look.
"""

from __future__ import annotations

from typing import Literal

from kai_desktop.core.vault.anchors import heading_key
from kai_desktop.core.vault.markdown_scan import normalize_newlines
from kai_desktop.core.vault.notes import parse_note
from kai_desktop.mcp.paths import Refused

EditOp = Literal["append", "prepend", "find_replace", "replace_section"]


def _with_newline(text: str) -> str:
    return text if not text or text.endswith("\n") else text + "\n"


def append(text: str, content: str) -> str:
    """``content`` at the end of the note, on a line of its own."""
    return _with_newline(text) + _with_newline(content)


def prepend(text: str, content: str) -> str:
    """``content`` at the start of the body: after the properties block, if any."""
    note = parse_note("note.md", text)
    lines = text.split("\n")
    cut = note.body_line  # the body's first line index (0 without properties)
    head = "\n".join(lines[:cut])
    body = "\n".join(lines[cut:])
    return (head + "\n" if cut else "") + _with_newline(content) + body


def find_replace(text: str, find: str, replacement: str, expected: int = 1) -> str:
    """Replace every occurrence of ``find``; refused unless it occurs ``expected`` times."""
    if not find:
        raise Refused("find_replace needs find_text: the exact text to replace")
    if expected < 1:
        raise Refused("expected_replacements must be at least 1")
    found = text.count(find)
    if found != expected:
        raise Refused(
            f"find_text occurs {found} time(s), not {expected}; nothing was changed "
            "(read the note again, or set expected_replacements to the real count)"
        )
    return text.replace(find, replacement)


def replace_section(text: str, heading: str, content: str) -> str:
    """Replace what is under ``heading`` (up to the next heading of the same or a higher
    level) with ``content``; the heading line itself stays.

    ``heading`` is the heading's text, optionally with its ``#`` marks (``"## Plans"``),
    which then also have to match its level.
    """
    wanted = heading.strip()
    level = len(wanted) - len(wanted.lstrip("#"))
    key = heading_key(wanted.lstrip("#").strip())
    if not key:
        raise Refused("replace_section needs the heading of the section to replace")
    note = parse_note("note.md", text)
    matches = [
        h for h in note.headings
        if heading_key(h.text) == key and level in (0, h.level)
    ]
    if not matches:
        known = ", ".join(repr(h.text) for h in note.headings[:20]) or "none"
        raise Refused(f"no heading {heading!r} in the note (headings: {known})")
    if len(matches) > 1:
        where = ", ".join(str(h.line) for h in matches)
        raise Refused(f"heading {heading!r} occurs {len(matches)} times (lines {where}); "
                      "give its level too, e.g. '## Plans', or use find_replace")
    target = matches[0]
    after = [h for h in note.headings if h.line > target.line and h.level <= target.level]
    lines = text.split("\n")
    head = "\n".join(lines[: target.line]) + "\n"  # up to and with the heading line
    tail = "\n".join(lines[after[0].line - 1 :]) if after else ""
    body = content.strip("\n")
    middle = f"\n{body}\n" if body else ""
    if after:
        middle += "\n"  # a blank line before the next heading
    return head + middle + tail


def apply_edit(
    text: str,
    op: EditOp,
    content: str = "",
    *,
    find_text: str | None = None,
    heading: str | None = None,
    expected_replacements: int = 1,
) -> str:
    """Run one edit on ``text``; line endings are kept as the note has them."""
    crlf = "\r\n" in text
    base = normalize_newlines(text)
    content = normalize_newlines(content)
    if op == "append":
        out = append(base, content)
    elif op == "prepend":
        out = prepend(base, content)
    elif op == "find_replace":
        out = find_replace(base, normalize_newlines(find_text or ""), content,
                           expected_replacements)
    elif op == "replace_section":
        out = replace_section(base, heading or "", content)
    else:
        raise Refused(f"unknown edit op {op!r}; use append, prepend, find_replace or "
                      "replace_section")
    return out.replace("\n", "\r\n") if crlf else out
