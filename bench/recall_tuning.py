"""Choosing the retrieval configuration on the development half of the recall set.

Three stages, each scored by hybrid r10 (then r5) on the development half only:

1. Context: what goes into the keyword text (nothing / the header line / the header and
   the neighbour window) and into the embedded text (title and headings / the header /
   the header and the neighbours): nine indexes, each searched with a coarse fusion grid.
   Keyword-only and dense-only recall are printed per side, so each is measured alone.
2. Fusion on the chosen context: RRF constant, prefetch depth, keyword and name weights,
   and DBSF.
3. The importance and recency weights of the ranking formula.

A tie keeps the app's value of the part being tuned, else the first in grid order
(``--tune`` once chose zero weights because every weight tied). The choice is written to
``bench/recall_tuned.json``; a test holds the app's constants to it.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path

import recall_eval
import recall_set
from recall_eval import CachedEmbedder, Config

from kai_desktop.core.retrieval.chunk_context import ContextOptions
from kai_desktop.core.retrieval.fusion_tuning import FusionParams
from kai_desktop.core.retrieval.records import FusionMethod, ScoreWeights, SearchMode
from kai_desktop.infra.qdrant.edge import EdgeIndex

CHOSEN_FILE = Path(__file__).resolve().parent / "recall_tuned.json"

SIDES = ((False, False), (True, False), (True, True))
"""(header, neighbours) of one side's context."""


def contexts() -> list[ContextOptions]:
    return [
        ContextOptions(in_keywords=kh, neighbours_in_keywords=kn,
                       in_embedding=eh, neighbours_in_embedding=en)
        for (kh, kn), (eh, en) in itertools.product(SIDES, SIDES)
    ]


def coarse_fusions() -> list[FusionParams]:
    rrf = [FusionParams(FusionMethod.RRF, k, depth, kw, nw)
           for k, depth, kw, nw in itertools.product((5, 10, 30), (30, 50), (1.0, 2.0), (0.0, 1.0))]
    dbsf = [FusionParams(FusionMethod.DBSF, 10, depth, 1.0, nw)
            for depth, nw in itertools.product((30, 50), (0.0, 1.0))]
    return rrf + dbsf


def fine_fusions() -> list[FusionParams]:
    rrf = [FusionParams(FusionMethod.RRF, k, depth, kw, nw)
           for k, depth, kw, nw in itertools.product(
               (2, 5, 10, 20, 40, 60), (20, 30, 50, 100, 200), (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0),
               (0.0, 0.5, 1.0))]
    dbsf = [FusionParams(FusionMethod.DBSF, 10, depth, 1.0, nw)
            for depth, nw in itertools.product((20, 30, 50, 100, 200), (0.0, 0.5, 1.0))]
    return rrf + dbsf


def weight_grid() -> list[ScoreWeights]:
    return [ScoreWeights(imp, rec) for imp, rec in itertools.product((0.0, 0.1, 0.2, 0.5),
                                                                     (0.0, 0.1, 0.2, 0.5))]


class _Grid:
    """Scores configurations on the development half; the best keeps ties with the app's."""

    def __init__(self, embedder: CachedEmbedder, dev: list[recall_set.Question]) -> None:
        self.embedder, self.dev = embedder, dev
        self.current = recall_eval.app_config()

    def recall(self, index: EdgeIndex, config: Config,
               mode: SearchMode = SearchMode.HYBRID) -> tuple[float, float]:
        return recall_eval.recall(recall_eval.retriever(self.embedder, index, config),
                                  self.dev, mode)

    def best(self, index: EdgeIndex, configs: list[Config], label: str,
             part: str) -> tuple[tuple[float, float], Config]:
        """The best of ``configs``; a tie goes to the one whose ``part`` (context, fusion
        or weights) is the app's, else to the first."""
        kept = getattr(self.current, part)
        scored = [((*self.recall(index, c), getattr(c, part) == kept), c) for c in configs]
        (r10, r5, _), config = max(scored, key=lambda s: s[0])
        print(f"  {label}: best of {len(scored)} dev r10={r10:.3f} r5={r5:.3f} "
              f"{config.describe()}", flush=True)
        return (r10, r5), config


def tune(root: Path, embedder: CachedEmbedder, dev: list[recall_set.Question]) -> Config:
    """The configuration with the best hybrid recall on ``dev`` (see module docs)."""
    grid = _Grid(embedder, dev)
    print("stage 1: context (keyword side, embedding side), coarse fusion grid")
    by_context = []
    for n, context in enumerate(contexts()):
        with recall_eval.built_index(root, embedder, context, f"ctx{n}") as index:
            start = replace(grid.current, context=context)
            keyword = grid.recall(index, start, SearchMode.KEYWORD)[0]
            dense = grid.recall(index, start, SearchMode.DENSE)[0]
            print(f"  {start.describe().split(' | ')[0]}: dev r10_keyword={keyword:.3f} "
                  f"r10_dense={dense:.3f}", flush=True)
            score, best = grid.best(
                index, [replace(start, fusion=f) for f in coarse_fusions()], "hybrid", "fusion")
            by_context.append((score, best.context == grid.current.context, best))
    _, _, chosen = max(by_context, key=lambda s: (s[0], s[1]))
    with recall_eval.built_index(root, embedder, chosen.context, "chosen") as index:
        print("stage 2: fusion on the chosen context")
        _, chosen = grid.best(
            index, [replace(chosen, fusion=f) for f in fine_fusions()], "fusion", "fusion")
        print("stage 3: importance and recency weights")
        score, chosen = grid.best(
            index, [replace(chosen, weights=w) for w in weight_grid()], "weights", "weights")
    CHOSEN_FILE.write_text(json.dumps(
        {"config": chosen.to_json(), "dev_r10_hybrid": round(score[0], 4),
         "dev_r5_hybrid": round(score[1], 4), "dev_questions": len(dev)}, indent=2) + "\n",
        encoding="utf-8")
    print(f"chosen on dev ({CHOSEN_FILE.name}): {chosen.describe()}")
    return chosen


def recorded_choice() -> Config:
    """The configuration the last ``--tune`` chose."""
    return Config.from_json(json.loads(CHOSEN_FILE.read_text(encoding="utf-8"))["config"])
