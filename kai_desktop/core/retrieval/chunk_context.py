"""What a chunk is indexed with besides its own text: the context a reader would need.

A turn such as "Yes, she went there last Tuesday" names no who, when or where; the note
does. A chunk can be indexed with its note's title, heading path and date, the speakers
of a conversation chunk and a short window of its neighbours, in the keyword (BM25) text,
in the embedded text, or both (:class:`ContextOptions`). The note on disk is never
changed: the context lives in the index only, and a hit still cites and shows the
chunk's own lines. The note's date always goes to the ``date`` field, for filters.

Which context goes where was measured on the recall set's development half (each side
alone, bench/recall_tuning.py): the date and speaker line in the embedded text lowered
dense recall (r10 0.947 to 0.833), the neighbour window lowered it further (0.604), and
any context in the keyword text lowered hybrid recall, so :data:`DEFAULT_OPTIONS` embeds
the title and headings with the chunk and keeps the keyword text to the chunk's own.

Conversation notes (``**user:** ...`` / ``**assistant:** ...`` turns, as session notes
store them) and daily notes (one list item per entry) are cut finer: one exchange, or one
entry, per chunk, so a hit points at the turn that holds the evidence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Final

from kai_desktop.core.retrieval.chunking import Chunk
from kai_desktop.core.retrieval.records import parse_datetime
from kai_desktop.core.vault.layout import DAILY_DIR, SESSIONS_DIR

_SPEAKER: Final = re.compile(r"^\*\*([^*\n]{1,40}):\*\*\s")
_DAILY_NAME: Final = re.compile(rf"^{DAILY_DIR}/(\d{{4}}-\d{{2}}-\d{{2}})\.md$")
_SESSION_NAME: Final = re.compile(rf"^{SESSIONS_DIR}/(\d{{4}}-\d{{2}}-\d{{2}})-(\d{{2}})(\d{{2}})-")
_ENTRY: Final = re.compile(r"^[-*+] \S")
_DATE_PROPERTIES: Final = ("date", "created")


@dataclass(frozen=True, slots=True)
class ContextOptions:
    """Which context goes where (the retrieval bench measures each part). The defaults
    of the fields put all of it in; :data:`DEFAULT_OPTIONS` is what the app indexes."""

    in_keywords: bool = True
    """The header line (title, headings, date, speakers) in the keyword text."""
    neighbours_in_keywords: bool = True
    in_embedding: bool = True
    """The header line in the embedded text (title and headings go in either way)."""
    neighbours_in_embedding: bool = False
    neighbour_chars: int = 160
    split_conversations: bool = True


DEFAULT_OPTIONS: Final = ContextOptions(
    in_keywords=False, neighbours_in_keywords=False, in_embedding=False,
    neighbours_in_embedding=False,
)
"""The context the app indexes, chosen on the development half of the recall set
(bench/recall_tuned.json; see module docs): title and headings in the embedded text."""


@dataclass(frozen=True, slots=True)
class ChunkContext:
    """The context of one chunk (see module docs)."""

    title: str = ""
    heading_path: tuple[str, ...] = ()
    date: datetime | None = None
    speakers: tuple[str, ...] = ()
    before: str = ""
    after: str = ""

    def header(self) -> str:
        """One line: title and headings, the date spelled out, the speakers."""
        parts = [" > ".join(p for p in (self.title, *self.heading_path) if p)]
        if self.date is not None:
            parts.append(self.date.strftime("%A %d %B %Y").replace(" 0", " "))
        if self.speakers:
            parts.append("speakers: " + ", ".join(self.speakers))
        return " | ".join(p for p in parts if p)

    def text(self, neighbours: bool) -> str:
        """The header line and, when asked, the neighbour window."""
        lines = [self.header()]
        if neighbours:
            lines += [f"before: {self.before}" if self.before else "",
                      f"after: {self.after}" if self.after else ""]
        return "\n".join(line for line in lines if line)


def note_date(path: str, properties: Mapping[str, object]) -> datetime | None:
    """The day a note is about: its ``date`` or ``created`` property, else the date in a
    daily note's name (``daily/YYYY-MM-DD.md``) or a session note's name
    (``sessions/YYYY-MM-DD-HHMM-...``). Naive values are taken as UTC."""
    for key in _DATE_PROPERTIES:
        value = properties.get(key)
        if isinstance(value, str) and value.strip():
            value = value.strip()
        parsed = _as_utc(value)
        if parsed is not None:
            return parsed
    if match := _DAILY_NAME.match(path):
        return _as_utc(match.group(1))
    if match := _SESSION_NAME.match(path):
        return _as_utc(f"{match.group(1)}T{match.group(2)}:{match.group(3)}:00")
    return None


def _as_utc(value: object) -> datetime | None:
    if isinstance(value, str) and "T" not in value and "+" not in value and ":" not in value:
        try:  # a plain date: midday UTC, so no time zone moves it to another day
            return datetime.fromisoformat(value).replace(hour=12, tzinfo=UTC)
        except ValueError:
            return None
    if isinstance(value, datetime) and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    if isinstance(value, str):
        try:
            parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)
    return parse_datetime(value)


def speakers(text: str) -> tuple[str, ...]:
    """The speakers of a conversation chunk, in order of first turn."""
    seen: dict[str, None] = {}
    for line in text.split("\n"):
        if match := _SPEAKER.match(line):
            seen.setdefault(match.group(1).strip(), None)
    return tuple(seen)


def split_turns(path: str, chunks: Sequence[Chunk], max_chars: int | None = None) -> list[Chunk]:
    """Chunks of conversation and daily notes cut to one exchange or entry each (others
    unchanged), renumbered in order. An exchange starts where the speaker who opened the
    conversation speaks again; a daily entry at each top-level list item.

    The chunker may have cut a long transcript between a question and its answer: text
    before the first turn of a chunk goes back to the exchange it continues (when the
    two together fit in ``max_chars``); before the first turn of a section (headings,
    a preamble) it stays with that turn."""
    is_daily = bool(_DAILY_NAME.match(path))
    opener = next((s[0] for c in chunks if (s := speakers(c.text))), None)
    if opener is None and not is_daily:
        return list(chunks)
    out: list[Chunk] = []
    continues = False  # out[-1] is an exchange that a following head may continue
    pending: Chunk | None = None  # a section's preamble, waiting for its first turn
    for piece, starts in (
        (replace(chunk, start_line=a, end_line=b, text=body), starts)
        for chunk in chunks
        for a, b, body, starts in _cut(chunk, opener, is_daily)
    ):
        if pending is not None:
            if starts and _fits(pending, piece, max_chars):
                piece = _joined(pending, piece)  # noqa: PLW2901
            else:
                out.append(pending)
            pending = None
        if starts:
            out.append(piece)
            continues = True
        elif continues and not piece.text.startswith("#") and _fits(out[-1], piece, max_chars):
            out[-1] = _joined(out[-1], piece)
        else:
            pending, continues = piece, False
    if pending is not None:
        out.append(pending)
    return [replace(c, index=i) for i, c in enumerate(out)]


def _whole_lines(chunk: Chunk) -> bool:
    return chunk.text.count("\n") == chunk.end_line - chunk.start_line


def _fits(first: Chunk, second: Chunk, max_chars: int | None) -> bool:
    """Whether two pieces of one section can be one chunk (only blank lines between)."""
    if first.heading_path != second.heading_path or first.end_line >= second.start_line:
        return False
    if not (_whole_lines(first) and _whole_lines(second)):
        return False
    size = len(first.text) + (second.start_line - first.end_line) + len(second.text)
    return max_chars is None or size <= max_chars


def _joined(first: Chunk, second: Chunk) -> Chunk:
    gap = "\n" * (second.start_line - first.end_line)
    return replace(first, end_line=second.end_line, text=first.text + gap + second.text)


def _starts_unit(line: str, opener: str | None, is_daily: bool) -> bool:
    if is_daily:
        return bool(_ENTRY.match(line))
    match = _SPEAKER.match(line)
    return match is not None and match.group(1).strip() == opener


def _cut(chunk: Chunk, opener: str | None, is_daily: bool) -> list[tuple[int, int, str, bool]]:
    """The chunk cut before each turn of ``opener`` (or daily entry): (start, end, text,
    whether it starts with such a turn). A piece of one long line is left whole."""
    lines = chunk.text.split("\n")
    if len(lines) != chunk.end_line - chunk.start_line + 1:
        return [(chunk.start_line, chunk.end_line, chunk.text, True)]
    cuts = [i for i, line in enumerate(lines) if _starts_unit(line, opener, is_daily)]
    bounds = sorted({0, *cuts})
    out = []
    for a, b in zip(bounds, [*bounds[1:], len(lines)], strict=True):
        part = lines[a:b]
        while part and not part[-1].strip():
            part.pop()
        if part:
            out.append((chunk.start_line + a, chunk.start_line + a + len(part) - 1,
                        "\n".join(part), a in cuts))
    return out


def _window(text: str, chars: int, *, tail: bool) -> str:
    flat = " ".join(text.split())
    if len(flat) <= chars:
        return flat
    if tail:
        cut = flat[-chars:]
        return cut[cut.find(" ") + 1 :]
    cut = flat[:chars]
    return cut[: cut.rfind(" ")] if " " in cut else cut


def contexts(
    chunks: Sequence[Chunk],
    title: str,
    date: datetime | None,
    options: ContextOptions = DEFAULT_OPTIONS,
) -> list[ChunkContext]:
    """The context of each chunk of one note (neighbours are the chunks next to it)."""
    n = options.neighbour_chars
    out = []
    for i, chunk in enumerate(chunks):
        before = _window(chunks[i - 1].text, n, tail=True) if i and n else ""
        after = _window(chunks[i + 1].text, n // 2, tail=False) if i + 1 < len(chunks) and n else ""
        out.append(ChunkContext(title, chunk.heading_path, date, speakers(chunk.text),
                                before, after))
    return out


def keyword_context(context: ChunkContext, options: ContextOptions = DEFAULT_OPTIONS) -> str:
    """The context indexed for keyword search alongside the chunk text."""
    if not options.in_keywords:
        return ""
    return context.text(neighbours=options.neighbours_in_keywords)


def embedding_text(
    context: ChunkContext, text: str, options: ContextOptions = DEFAULT_OPTIONS
) -> str:
    """The text a chunk is embedded as. Nothing of the file's path goes in, so a renamed
    note keeps its vectors (a date taken from the name excepted)."""
    if not options.in_embedding:
        head = " > ".join(p for p in (context.title, *context.heading_path) if p)
        return f"{head}\n{text}" if head else text
    window = ""
    if options.neighbours_in_embedding:
        window = context.text(neighbours=True).removeprefix(context.header()).strip()
    return "\n".join(p for p in (context.header(), text, window) if p)
