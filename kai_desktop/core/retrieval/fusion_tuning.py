"""How the rankings are fused, as chosen on the development half of the recall set
(bench/retrieval_quality.py ``--tune``); the test half reports the result.

Fused by weighted RRF: the dense ranking, the BM25 ranking and, when the question names
someone, the dense ranking of the chunks that mention the name.
"""

from __future__ import annotations

from dataclasses import dataclass

from kai_desktop.core.retrieval.records import DEFAULT_RRF_K, FusionMethod


@dataclass(frozen=True, slots=True)
class FusionParams:
    """Fusion method, RRF constant and source weights, and the depth of each prefetch."""

    method: FusionMethod = FusionMethod.RRF
    rrf_k: int = DEFAULT_RRF_K
    candidates: int = 50
    keyword_weight: float = 1.0
    name_weight: float = 1.0


TUNED: FusionParams = FusionParams(rrf_k=5, candidates=30, keyword_weight=2.0, name_weight=1.0)
"""The values chosen on the development half (see module docs): the best r10 of a grid of
k 5-60, depth 30-100, keyword weight 1-2, name weight 0-1 and DBSF (DBSF was 0.05 lower;
the importance and recency weights changed nothing on this set)."""
