"""A note turned into the chunk records the index stores, with the text each is embedded as."""

from __future__ import annotations

import dataclasses
import logging
import math
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final

from kai_desktop.core.retrieval import chunk_context
from kai_desktop.core.retrieval.changes import IndexReport
from kai_desktop.core.retrieval.chunking import Chunk, chunk_scanned
from kai_desktop.core.retrieval.manifest import NoteEntry
from kai_desktop.core.retrieval.records import (
    DEFAULT_IMPORTANCE,
    ChunkRecord,
    Prepared,
    parse_datetime,
)
from kai_desktop.core.vault.files import (
    PathOutsideVault,
    SkippedFile,
    Vault,
    content_hash,
    decode_note_bytes,
)
from kai_desktop.core.vault.notes import scan_note

log = logging.getLogger(__name__)

_CHUNK_HASH_CHARS: Final = 24

ChunkFit = Callable[[list[Chunk]], list[Chunk]]


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return None if math.isnan(number) or math.isinf(number) else number


def _importance(value: object) -> float:
    """Importance 1–10 from a property, as a 0..1 score (plain notes: the default)."""
    number = _number(value)
    if number is None:
        number = DEFAULT_IMPORTANCE
    return min(10.0, max(1.0, number)) / 10.0


def _hits(value: object) -> int:
    number = _number(value)
    return max(0, int(number)) if number is not None else 0


def note_records(
    path: str,
    text: str,
    sha256: str,
    mtime: float,
    max_chars: int,
    *,
    warnings: list[str] | None = None,
    context: chunk_context.ContextOptions | None = None,
    fit: ChunkFit | None = None,
) -> list[tuple[ChunkRecord, str]]:
    """The chunk records of one note with the text each is embedded as. A note whose
    properties cannot be read is indexed by its text alone; why goes to ``warnings``.
    ``fit`` cuts the chunks further to the embedding model's length (in its tokens)."""
    scanned = scan_note(path, text)
    parsed = scanned.parsed
    if parsed.frontmatter_error is not None and warnings is not None:
        warnings.append(parsed.frontmatter_error)
    props = parsed.properties
    raw_category = props.get("category")
    category = raw_category.strip().lower() if isinstance(raw_category, str) else ""
    updated = parse_datetime(props.get("updated")) or datetime.fromtimestamp(mtime, UTC)
    tags = tuple(sorted({str(t).lstrip("#").lower() for t in parsed.tags if str(t).strip()}))
    title = next(
        (v.strip() for k in ("title", "key") if isinstance(v := props.get(k), str) and v.strip()),
        "",
    )
    options = chunk_context.DEFAULT_OPTIONS if context is None else context
    chunks = chunk_scanned(path, scanned.text, scanned.scan, max_chars=max_chars)
    if options.split_conversations:
        chunks = chunk_context.split_turns(path, chunks, max_chars)
    if fit is not None:
        chunks = fit(chunks)  # within the embedding model's length, in its own tokens
    date = chunk_context.note_date(path, props)
    out: list[tuple[ChunkRecord, str]] = []
    for chunk, ctx in zip(chunks, chunk_context.contexts(chunks, title, date, options),
                          strict=True):
        to_embed = chunk_context.embedding_text(ctx, chunk.text, options)
        record = ChunkRecord(
            path=path,
            chunk_index=chunk.index,
            heading=" > ".join(chunk.heading_path),
            start_line=chunk.start_line,
            end_line=chunk.end_line,
            text=chunk.text,
            tags=tags,
            category=category or None,
            importance=_importance(props.get("importance")),
            hits=_hits(props.get("hits")),
            updated=updated,
            content_hash=sha256,
            chunk_hash=content_hash(to_embed)[:_CHUNK_HASH_CHARS],
            chunk_count=len(chunks),
            context=chunk_context.keyword_context(ctx, options),
            date=date,
        )
        out.append((record, to_embed))
    return out


@dataclass(slots=True)
class BuiltNote:
    """A note read and cut into records, with the manifest entry it will have."""

    path: str
    entry: NoteEntry
    records: list[tuple[ChunkRecord, str]]
    prepared: list[Prepared] | None = None
    """Each record's point id and payload, when made already (by a worker process)."""


@dataclass(slots=True)
class NoteOutcome:
    """What reading one note gave: the built note, or why it was left out; what was
    wrong with it but did not stop it; the trace of a parser failure, to be logged."""

    path: str
    built: BuiltNote | None
    skipped: str | None = None
    warnings: list[str] = dataclasses.field(default_factory=list)
    failure: str | None = None

    def report_to(self, report: IndexReport) -> BuiltNote | None:
        """Log and record the problems in ``report``; the built note, if any."""
        if self.failure is not None:
            log.error("cannot index %s\n%s", self.path, self.failure)
        if self.skipped is not None:
            report.skipped.append((self.path, self.skipped))
        for warning in self.warnings:
            log.warning("%s: %s", self.path, warning)
            report.warnings.append((self.path, warning))
        return self.built


def read_note(vault: Vault, rel: str, max_chars: int, fit: ChunkFit | None = None) -> NoteOutcome:
    """Read and chunk one note; never raises for a note that cannot be (see
    :class:`NoteOutcome`). Safe to run in any process: it reports nothing itself."""
    try:
        data, st = vault.read_bytes_checked(rel)
        text = decode_note_bytes(rel, data)
    except SkippedFile as exc:
        return NoteOutcome(rel, None, exc.reason)
    except (OSError, PathOutsideVault):
        return NoteOutcome(rel, None)
    sha = content_hash(data)
    warnings: list[str] = []
    try:
        records = note_records(
            rel, text, sha, st.st_mtime, max_chars, warnings=warnings, fit=fit
        )
    except Exception as exc:  # a parser bug must not stop the whole vault
        return NoteOutcome(rel, None, f"could not be parsed ({exc})",
                           failure=traceback.format_exc())
    entry = NoteEntry(sha, st.st_mtime_ns, st.st_size, [r.chunk_hash for r, _ in records])
    return NoteOutcome(rel, BuiltNote(rel, entry, records), warnings=warnings)


def build_note(
    vault: Vault, rel: str, max_chars: int, report: IndexReport, fit: ChunkFit | None = None
) -> BuiltNote | None:
    """Read and chunk one note; None (and the reason in ``report``) when it cannot be."""
    return read_note(vault, rel, max_chars, fit).report_to(report)
