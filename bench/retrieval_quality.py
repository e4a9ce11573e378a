"""Recall of the evidence on the labelled set of bench/recall_set.py, per search mode.

The set's vault is indexed by the app's own indexer (built-in MiniLM, Qdrant Edge shard);
each question runs keyword, dense and hybrid search with the app's query understanding, and
counts as found at k when one of the first k hits covers an evidence line of its note.
Only the test half is the result (``--split dev`` is for tuning). ``search_p95_ms`` is the
hybrid search including the query's embedding.

    python bench/retrieval_quality.py [--split test|dev] [--by-kind] [--tune]
        [--no-keyword-context] [--no-embedding-context] [--no-split] [--no-understanding]

``--tune`` runs a grid of fusion settings on the development half (query vectors cached,
so only the index's own time is spent) and prints the best by r10_hybrid, then r5.

Last line: ``questions=.. r5_keyword=.. r5_dense=.. r5_hybrid=.. r10_keyword=.. r10_dense=..
r10_hybrid=.. search_p95_ms=..``
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_set

from kai_desktop.core.retrieval import chunk_context
from kai_desktop.core.retrieval.fusion_tuning import TUNED, FusionParams
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.records import FusionMethod, ScoreWeights, SearchMode
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
        cache = getattr(retriever.embedder, "cache", None)
        if isinstance(cache, dict):
            cache.clear()  # every mode pays for its query embedding
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


class CachedEmbedder:
    """The embedder with query vectors remembered (a grid asks the same questions often)."""

    def __init__(self, inner: BuiltinEmbedder) -> None:
        self.inner = inner
        self.name, self.dim = inner.name, inner.dim
        self.cache: dict[str, list[float]] = {}

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        if text not in self.cache:
            self.cache[text] = self.inner.embed_query(text)
        return self.cache[text]


def grid() -> list[tuple[FusionParams, ScoreWeights]]:
    out = []
    for method, k, depth, kw, nw in itertools.product(
        (FusionMethod.RRF,), (5, 10, 30, 60), (30, 50, 100), (1.0, 1.5, 2.0), (0.0, 0.5, 1.0),
    ):
        out.append((FusionParams(method, k, depth, kw, nw), ScoreWeights()))
    out += [(FusionParams(FusionMethod.DBSF, 10, d), ScoreWeights()) for d in (30, 50, 100)]
    out += [(TUNED, ScoreWeights(imp, rec)) for imp in (0.0, 0.1, 0.2) for rec in (0.0, 0.1, 0.2)]
    return out


def tune(embedder: CachedEmbedder, index: EdgeIndex, dev: list[recall_set.Question]) -> None:
    results = []
    for params, weights in grid():
        names = params.name_weight > 0
        fusion = params if names else replace(params, name_weight=1.0)
        retriever = Retriever(embedder, index, weights, clock=lambda: NOW, fusion=fusion)
        r5 = r10 = 0
        for q in dev:
            hits = _search(retriever, q.text, names)
            r5 += found(hits, q, 5)
            r10 += found(hits, q, 10)
        results.append((r10 / len(dev), r5 / len(dev), params, weights))
        print(f"  dev r10={r10 / len(dev):.3f} r5={r5 / len(dev):.3f} {params} {weights}",
              flush=True)
    best = max(results, key=lambda r: (r[0], r[1]))
    print(f"best on dev: r10={best[0]:.3f} r5={best[1]:.3f} {best[2]} {best[3]}")


def _search(retriever: Retriever, text: str, names: bool) -> list[Hit]:
    if names:
        return retriever.search(text, limit=10)
    query = replace(retriever.build_query(text, limit=10), names=())
    return retriever.run(query)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("test", "dev"), default="test")
    parser.add_argument("--by-kind", action="store_true")
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    parser.add_argument("--tune", action="store_true")
    parser.add_argument("--no-keyword-context", action="store_true")
    parser.add_argument("--no-embedding-context", action="store_true")
    parser.add_argument("--no-split", action="store_true")
    parser.add_argument("--no-understanding", action="store_true")
    args = parser.parse_args()
    options = chunk_context.ContextOptions(
        in_keywords=not args.no_keyword_context,
        in_embedding=not args.no_embedding_context,
        split_conversations=not args.no_split,
    )
    chunk_context.DEFAULT_OPTIONS = options  # type: ignore[misc]  # ablation only
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        root = Path(tmp)
        everything = recall_set.build(root)
        questions = [q for q in everything if q.split == args.split]
        embedder = CachedEmbedder(BuiltinEmbedder(root / "models"))
        index = EdgeIndex(root / "index", dim=embedder.dim, embedder_name=embedder.name)
        indexer = IncrementalIndexer(Vault(root / "vault"), index, embedder, root / "m.json")
        started = time.perf_counter()
        indexer.run_sync()
        print(f"indexed {index.count()} chunks in {time.perf_counter() - started:.1f} s",
              flush=True)
        if args.tune:
            tune(embedder, index, [q for q in everything if q.split == "dev"])
        embedder.cache.clear()
        retriever = Retriever(embedder, index, ScoreWeights(), clock=lambda: NOW,
                              understand_queries=not args.no_understanding)
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
