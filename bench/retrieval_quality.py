"""Recall of the evidence on the labelled set of bench/recall_set.py, per search mode.

The set's vault is indexed by the app's own indexer (built-in MiniLM, Qdrant Edge shard);
each question runs keyword, dense and hybrid search with the app's query understanding, and
counts as found at k when one of the first k hits covers an evidence line of its note.
The configuration (context, fusion, weights) is the app's, printed first; it was chosen on
the development half (``--tune``, see bench/recall_tuning.py), so the development half is
printed for reference and only the test half, the last line, is the result.
``search_p95_ms`` is the hybrid search including the query's embedding.

    python bench/retrieval_quality.py [--tune] [--by-kind] [--no-understanding] [--dev-only]
        [--recorded]

``--tune`` chooses the configuration again on the development half (query and chunk
vectors cached, so mostly the index's own time is spent), records it in
bench/recall_tuned.json and then scores that choice; the app's constants must then be set
to it (tests/test_recall_config.py checks that they are).

Last line: ``questions=.. r5_keyword=.. r5_dense=.. r5_hybrid=.. r10_keyword=.. r10_dense=..
r10_hybrid=.. search_p95_ms=..``
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_eval
import recall_set
import recall_tuning
from recall_eval import MODES, CachedEmbedder, found

from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder

KINDS = ("literal", "paraphrase", "time")


def evaluate(
    retriever: Retriever, embedder: CachedEmbedder, questions: list[recall_set.Question],
    by_kind: bool,
) -> tuple[dict[str, float], list[float]]:
    """Recall per mode, and the hybrid latencies with every query embedded afresh."""
    scores: dict[str, float] = {}
    kinds: dict[tuple[str, str], list[bool]] = {}
    latency: list[float] = []
    for mode in MODES:
        embedder.forget_queries()  # every mode pays for its query embedding
        r5 = r10 = 0
        for q in questions:
            started = time.perf_counter()
            hits = retriever.search(q.text, limit=10, mode=mode)
            latency.append((time.perf_counter() - started) * 1000)
            r5 += found(hits, q, 5)
            r10 += found(hits, q, 10)
            kinds.setdefault((mode.value, q.kind), []).append(found(hits, q, 10))
        scores[f"r5_{mode.value}"] = r5 / len(questions)
        scores[f"r10_{mode.value}"] = r10 / len(questions)
        if mode is not MODES[-1]:
            latency.clear()
    if by_kind:
        for (mode_name, kind), values in sorted(kinds.items()):
            print(f"  r10 {mode_name:8s} {kind:10s} {sum(values) / len(values):.3f} "
                  f"(n={len(values)})")
    return scores, latency


def line(questions: int, scores: dict[str, float], p95: float) -> str:
    return (f"questions={questions} "
            + " ".join(f"{k}={scores[k]:.3f}" for k in (
                "r5_keyword", "r5_dense", "r5_hybrid", "r10_keyword", "r10_dense", "r10_hybrid"))
            + f" search_p95_ms={p95:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tune", action="store_true")
    parser.add_argument("--by-kind", action="store_true")
    parser.add_argument("--no-understanding", action="store_true",
                        help="no dates or names read from the question (ablation)")
    parser.add_argument("--recorded", action="store_true",
                        help="score the configuration in bench/recall_tuned.json, not the app's")
    parser.add_argument("--dev-only", action="store_true",
                        help="score the development half alone (for analysis while tuning)")
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        root = Path(tmp)
        everything = recall_set.build(root)
        halves = {s: [q for q in everything if q.split == s] for s in ("dev", "test")}
        embedder = CachedEmbedder(BuiltinEmbedder(root / "models"))
        if args.tune:
            config = recall_tuning.tune(root, embedder, halves["dev"])
        elif args.recorded:
            config = recall_tuning.recorded_choice()
        else:
            config = recall_eval.app_config()
        whose = "chosen now" if args.tune else "recorded" if args.recorded else "the app's"
        print(f"configuration ({whose}): "
              f"{config.describe()}", flush=True)
        with recall_eval.built_index(root, embedder, config.context, "final") as index:
            retriever = Retriever(embedder, index, config.weights, clock=lambda: recall_eval.NOW,
                                  fusion=config.fusion,
                                  understand_queries=not args.no_understanding)
            embedder.inner.embed_query("warm up")
            results = {}
            for split in ("dev",) if args.dev_only else ("dev", "test"):
                print(f"{split} half " + json.dumps(
                    {k: sum(q.kind == k for q in halves[split]) for k in KINDS}), flush=True)
                results[split] = evaluate(retriever, embedder, halves[split], args.by_kind)
    dev_scores, dev_latency = results["dev"]
    print("dev (chose the configuration): " + line(
        len(halves["dev"]), dev_scores, float(np.percentile(np.array(dev_latency), 95))))
    if args.dev_only:
        return 0
    scores, latency = results["test"]
    print(line(len(halves["test"]), scores, float(np.percentile(np.array(latency), 95))),
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
