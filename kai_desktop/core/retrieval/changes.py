"""What the indexer is told (vault changes) and what it tells back (progress, a report)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

ChangeKind = Literal["created", "modified", "deleted", "moved"]
Phase = Literal[
    "checking", "scanning", "rebuilding", "indexing", "removing", "embedding", "optimizing",
    "done", "cancelled",
]
"""``rebuilding``/``indexing``: the keyword half (``done``/``total`` count notes); once it
ends every note is keyword-searchable. ``embedding``: the dense half (they count chunks)."""

PHASE_LABELS: dict[str, str] = {
    "checking": "Checking the index",
    "scanning": "Looking for changed notes",
    "rebuilding": "Rebuilding the index: keyword search",
    "indexing": "Indexing notes: keyword search",
    "removing": "Removing deleted notes",
    "embedding": "Embedding notes (keyword search works meanwhile)",
    "optimizing": "Optimising the index",
    "done": "Index up to date",
    "cancelled": "Indexing stopped",
}


def phase_label(phase: str) -> str:
    """What a progress bar says during ``phase``."""
    return PHASE_LABELS.get(phase, phase)



@dataclass(frozen=True, slots=True)
class VaultChange:
    """Something changed at ``path`` (for a move: ``src_path`` -> ``path``).

    ``own`` marks a change whose content is what the app itself last wrote.
    """

    kind: ChangeKind
    path: str
    src_path: str | None = None
    is_dir: bool = False
    own: bool = False

    @property
    def paths(self) -> tuple[str, ...]:
        return (self.path,) if self.src_path is None else (self.src_path, self.path)


@dataclass(frozen=True, slots=True)
class IndexProgress:
    done: int
    total: int
    phase: Phase


@dataclass(slots=True)
class IndexReport:
    """What one run did. ``skipped``: notes not indexed, with why; ``warnings``: notes
    indexed with a problem (properties that could not be read, so only their text counts).
    ``vectors_pending``: chunks left without a dense vector when the run ended (keyword
    search finds them; a later run embeds them)."""

    rebuilt: str | None = None
    recovered: str | None = None
    added: int = 0
    updated: int = 0
    moved: int = 0
    removed: int = 0
    embeddings: int = 0
    reused_vectors: int = 0
    chunks_written: int = 0
    vectors_pending: int = 0
    changed_paths: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[tuple[str, str]] = field(default_factory=list)
    cancelled: bool = False
    seconds: float = 0.0

    def summary(self) -> str:
        parts = [
            f"{self.added} added", f"{self.updated} updated", f"{self.moved} moved",
            f"{self.removed} removed", f"{self.embeddings} embeddings computed",
        ]
        if self.rebuilt:
            parts.insert(0, f"rebuilt ({self.rebuilt})")
        elif self.recovered:
            parts.insert(0, f"manifest recovered ({self.recovered})")
        if self.skipped:
            parts.append(f"{len(self.skipped)} skipped")
        if self.warnings:
            parts.append(f"{len(self.warnings)} with warnings")
        if self.vectors_pending:
            parts.append(f"{self.vectors_pending} chunks wait for their vectors")
        if self.cancelled:
            parts.append("cancelled")
        return ", ".join(parts)
