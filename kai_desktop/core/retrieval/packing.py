"""Two-pass packing of retrieved chunks under a token budget.

Breadth first: the best chunk of each distinct note, in rank order, while it fits.
Then depth: the chunks next to those (±1, then ±2, ...), best note first. Nothing is
ever added past the budget; a chunk that does not fit is skipped, a smaller one may still.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from kai_desktop.core.retrieval.search import Hit

ITEM_OVERHEAD_TOKENS: Final = 8
"""Tokens charged per chunk for the citation line the prompt puts above it."""


def neighbour_positions(ranked: Sequence[Hit], neighbours: int) -> list[tuple[str, int]]:
    """(path, chunk index) of the chunks around each note's best hit, for fetching."""
    best = _best_per_note(ranked)
    wanted: list[tuple[str, int]] = []
    for hit in best:
        for offset in range(1, neighbours + 1):
            for idx in (hit.chunk_index - offset, hit.chunk_index + offset):
                if idx >= 0:
                    wanted.append((hit.path, idx))
    return wanted


def pack_context(
    ranked: Sequence[Hit],
    neighbour_hits: Mapping[tuple[str, int], Hit],
    token_budget: int,
    count_tokens: Callable[[str], int],
    *,
    neighbours: int = 2,
    item_overhead: int = ITEM_OVERHEAD_TOKENS,
) -> list[Hit]:
    """Choose chunks for the prompt; see the module docstring for the order of choice."""
    used = 0
    chosen: dict[tuple[str, int], Hit] = {}
    anchors: list[Hit] = []  # the note's chunk chosen in the breadth pass, best note first

    def take(hit: Hit) -> bool:
        nonlocal used
        cost = count_tokens(hit.text) + item_overhead
        if used + cost > token_budget:
            return False
        used += cost
        chosen[(hit.path, hit.chunk_index)] = hit
        return True

    for hit in ranked:  # breadth
        if any(a.path == hit.path for a in anchors):
            continue
        if take(hit):
            anchors.append(hit)

    for offset in range(1, neighbours + 1):  # depth, ring by ring
        for anchor in anchors:
            for idx in (anchor.chunk_index - offset, anchor.chunk_index + offset):
                key = (anchor.path, idx)
                if key in chosen:
                    continue
                extra = neighbour_hits.get(key)
                if extra is None:
                    continue
                take(
                    dataclasses.replace(
                        extra,
                        score=anchor.score,
                        score_parts={**anchor.score_parts, "neighbour": float(offset)},
                    )
                )

    rank = {a.path: i for i, a in enumerate(anchors)}
    return sorted(chosen.values(), key=lambda h: (rank[h.path], h.chunk_index))


def _best_per_note(ranked: Sequence[Hit]) -> list[Hit]:
    seen: set[str] = set()
    best: list[Hit] = []
    for hit in ranked:
        if hit.path not in seen:
            seen.add(hit.path)
            best.append(hit)
    return best
