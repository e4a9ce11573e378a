"""Recall of the evidence on the labelled set of bench/recall_set.py, per search mode.

The set's vault is indexed by the app's own indexer (built-in MiniLM, Qdrant Edge shard);
each question runs keyword, dense and hybrid search with the app's query understanding, and
counts as found at k when one of the first k hits covers an evidence line of its note.
Only the test half is the result (``--split dev`` is for tuning). ``search_p95_ms`` is the
hybrid search including the query's embedding.

    python bench/retrieval_quality.py [--split test|dev] [--by-kind]

Last line: ``questions=.. r5_keyword=.. r5_dense=.. r5_hybrid=.. r10_keyword=.. r10_dense=..
r10_hybrid=.. search_p95_ms=..``
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_set

from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.records import ScoreWeights, SearchMode
from kai_desktop.core.retrieval.search import Hit, Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.qdrant.edge import EdgeIndex

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
MODES = (SearchMode.KEYWORD, SearchMode.DENSE, SearchMode.HYBRID)


def found(hits: list[Hit], q: recall_set.Question, k: int) -> bool:
    return any(
        h.path == q.path and any(h.start_line <= line <= h.end_line for line in q.lines)
        for h in hits[:k]
    )


def evaluate(
    retriever: Retriever, questions: list[recall_set.Question], by_kind: bool
) -> tuple[dict[str, float], list[float]]:
    scores: dict[str, float] = {}
    kinds: dict[tuple[str, str], list[bool]] = {}
    latency: list[float] = []
    for mode in MODES:
        r5 = r10 = 0
        for q in questions:
            started = time.perf_counter()
            hits = retriever.search(q.text, limit=10, mode=mode)
            if mode is SearchMode.HYBRID:
                latency.append((time.perf_counter() - started) * 1000)
            r5 += found(hits, q, 5)
            r10 += found(hits, q, 10)
            kinds.setdefault((mode.value, q.kind), []).append(found(hits, q, 10))
        scores[f"r5_{mode.value}"] = r5 / len(questions)
        scores[f"r10_{mode.value}"] = r10 / len(questions)
    if by_kind:
        for (mode_name, kind), values in sorted(kinds.items()):
            print(f"  r10 {mode_name:8s} {kind:10s} {sum(values) / len(values):.3f} "
                  f"(n={len(values)})")
    return scores, latency


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("test", "dev"), default="test")
    parser.add_argument("--by-kind", action="store_true")
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        root = Path(tmp)
        questions = [q for q in recall_set.build(root) if q.split == args.split]
        embedder = BuiltinEmbedder(root / "models")
        index = EdgeIndex(root / "index", dim=embedder.dim, embedder_name=embedder.name)
        indexer = IncrementalIndexer(Vault(root / "vault"), index, embedder, root / "m.json")
        started = time.perf_counter()
        indexer.run_sync()
        print(f"indexed {index.count()} chunks in {time.perf_counter() - started:.1f} s",
              flush=True)
        retriever = Retriever(embedder, index, ScoreWeights(), clock=lambda: NOW)
        retriever.search("warm up", limit=10)
        scores, latency = evaluate(retriever, questions, args.by_kind)
        index.close()
    kinds = {k: sum(q.kind == k for q in questions) for k in ("literal", "paraphrase", "time")}
    print(f"split={args.split} " + json.dumps(kinds))
    p95 = float(np.percentile(np.array(latency), 95))
    print(f"questions={len(questions)} "
          + " ".join(f"{k}={scores[k]:.3f}" for k in (
              "r5_keyword", "r5_dense", "r5_hybrid", "r10_keyword", "r10_dense", "r10_hybrid"))
          + f" search_p95_ms={p95:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
