"""Heading-aware chunks of a note, for the search index.

A note is cut at every heading (headings inside comments, quotes or lists do not count):
each section becomes one chunk when it fits in ``max_chars``. A longer section is packed
greedily from whole top-level blocks (paragraphs, lists, code blocks, tables); a block
that alone is too long is cut where a nested block starts (a list item, a quoted
paragraph), then between lines, and a single line longer than ``max_chars`` into pieces
(cut at a space when there is one). A heading with nothing under it but a deeper heading
is kept with that subsection rather than left as a chunk of its own.

A chunk's text is the exact text of its lines in the file (a piece of a line for an
over-long line), and its line numbers are 1-based, inclusive, counted in the whole file
(front matter included; the front matter itself is never part of a chunk). The same text
always gives the same chunks.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from kai_desktop.core.vault.frontmatter import split_frontmatter
from kai_desktop.core.vault.markdown_scan import (
    Block,
    Heading,
    MarkdownScan,
    normalize_newlines,
    scan_markdown,
)


@dataclass(frozen=True, slots=True)
class Chunk:
    path: str
    index: int
    heading_path: tuple[str, ...]
    start_line: int
    end_line: int
    text: str


@dataclass(slots=True)
class _Section:
    heading_path: tuple[str, ...]
    blocks: list[Block]
    heading_only: bool


class _Lines:
    """The file's lines with O(1) text length of any line range."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self._prefix = [0]
        for line in self.lines:
            self._prefix.append(self._prefix[-1] + len(line))

    def size(self, start: int, end: int) -> int:
        """Length of lines ``start..end`` (1-based, inclusive) joined by newlines."""
        return self._prefix[end] - self._prefix[start - 1] + (end - start)

    def text(self, start: int, end: int) -> str:
        return "\n".join(self.lines[start - 1 : end])

    def last_non_blank(self, start: int, end: int) -> int:
        while end > start and not self.lines[end - 1].strip():
            end -= 1
        return end


def chunk_note(path: str, text: str, max_chars: int = 1200) -> list[Chunk]:
    """Split a note into chunks of at most ``max_chars`` characters (see module docs)."""
    text = normalize_newlines(text.removeprefix("\ufeff"))
    fm = split_frontmatter(text)
    return chunk_scanned(path, text, scan_markdown(fm.body, fm.body_line), max_chars)


def chunk_scanned(path: str, text: str, scan: MarkdownScan, max_chars: int = 1200) -> list[Chunk]:
    """:func:`chunk_note` for a note already scanned (:func:`~kai_desktop.core.vault.notes.
    scan_note`): ``text`` with newlines normalised, ``scan`` of its body."""
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    lines = _Lines(text)
    chunks: list[Chunk] = []
    for section in _merge_heading_only(_sections(scan.blocks)):
        units = [(b.start, lines.last_non_blank(b.start, b.end), b.breaks) for b in section.blocks]
        for start, end, piece in _pack(units, lines, max_chars):
            body = piece if piece is not None else lines.text(start, end)
            chunks.append(Chunk(path, len(chunks), section.heading_path, start, end, body))
    return chunks


def _sections(blocks: list[Block]) -> list[_Section]:
    sections: list[_Section] = []
    stack: list[Heading] = []
    current = _Section((), [], heading_only=False)
    for block in blocks:
        heading = block.heading
        if heading is None:
            current.blocks.append(block)
            current.heading_only = False
            continue
        if current.blocks:
            sections.append(current)
        while stack and stack[-1].level >= heading.level:
            stack.pop()
        stack.append(heading)
        current = _Section(tuple(h.text for h in stack), [block], heading_only=True)
    if current.blocks:
        sections.append(current)
    return sections


def _merge_heading_only(sections: list[_Section]) -> list[_Section]:
    """Fold a bare heading into the subsection that follows it."""
    out: list[_Section] = []
    carry: list[Block] = []
    for i, section in enumerate(sections):
        nxt = sections[i + 1] if i + 1 < len(sections) else None
        is_parent = (
            nxt is not None
            and len(nxt.heading_path) > len(section.heading_path)
            and nxt.heading_path[: len(section.heading_path)] == section.heading_path
        )
        if section.heading_only and is_parent:
            carry.extend(section.blocks)
            continue
        if carry:
            section = _Section(section.heading_path, [*carry, *section.blocks], False)  # noqa: PLW2901
            carry = []
        out.append(section)
    return out


_Unit = tuple[int, int, tuple[int, ...]]  # start, end, nested break lines
_Piece = tuple[int, int, str | None]  # start, end, text when it is part of one line


def _pack(units: list[_Unit], lines: _Lines, max_chars: int) -> list[_Piece]:
    """Greedily join consecutive units into ranges of at most ``max_chars``."""
    out: list[_Piece] = []
    cur: tuple[int, int] | None = None
    for start, end, piece in _atoms(units, lines, max_chars):
        if piece is None and cur is not None and lines.size(cur[0], end) <= max_chars:
            cur = (cur[0], end)
            continue
        if cur is not None:
            out.append((cur[0], cur[1], None))
            cur = None
        if piece is None:
            cur = (start, end)
        else:
            out.append((start, end, piece))
    if cur is not None:
        out.append((cur[0], cur[1], None))
    return out


def _atoms(units: list[_Unit], lines: _Lines, max_chars: int) -> list[_Piece]:
    """The units, with each one longer than ``max_chars`` cut into parts that fit:
    at nested blocks, else between lines, else inside its one line."""
    out: list[_Piece] = []
    for start, end, breaks in units:
        if lines.size(start, end) <= max_chars:
            out.append((start, end, None))
            continue
        inner = [b for b in breaks if start < b <= end]
        if inner:
            subunits: list[_Unit] = []
            for a, b in pairwise([start, *inner, end + 1]):
                last = lines.last_non_blank(a, b - 1)
                if lines.lines[a - 1].strip() or last > a:
                    subunits.append((a, last, ()))
            out.extend(_atoms(subunits, lines, max_chars))
        elif end > start:
            per_line: list[_Unit] = [
                (n, n, ()) for n in range(start, end + 1) if lines.lines[n - 1].strip()
            ]
            out.extend(_atoms(per_line, lines, max_chars))
        else:
            out.extend((start, start, p) for p in _cut_line(lines.lines[start - 1], max_chars))
    return out


def _cut_line(line: str, max_chars: int) -> list[str]:
    """Pieces of at most ``max_chars`` whose concatenation is ``line``."""
    pieces: list[str] = []
    pos = 0
    while len(line) - pos > max_chars:
        window = line[pos : pos + max_chars]
        cut = window.rfind(" ")
        size = cut + 1 if cut >= max_chars // 2 else max_chars
        pieces.append(line[pos : pos + size])
        pos += size
    pieces.append(line[pos:])
    return pieces
