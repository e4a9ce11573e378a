"""Hybrid query latency: the embedded Qdrant Edge shard against qdrant-client's local mode.

Synthetic chunks (clustered 384-dimensional unit vectors, text drawn from a skewed
vocabulary, realistic payloads) go into both back ends; then the same hybrid queries
(dense + BM25 prefetches fused as the app fuses them, ``fusion_tuning.TUNED``, then the
importance/recency/similarity formula) run against each. Query embedding is excluded:
the query vectors are precomputed. Latencies are steady state (a first pass over the
queries warms the caches and is printed separately). qdrant-client's local mode is a
brute-force Python engine, so by default it gets a subset (the issue allows it) and
fewer queries; the last line says how many chunks it held. It stands in for a Qdrant
server: the same ``ServerIndex`` code and requests, through qdrant-client. (No Qdrant
server is installable from the package registries this project uses: PyPI, Debian and
npm carry clients only.)

    python bench/retrieval.py --chunks 100000

Last line: ``chunks=N edge_p50_ms=.. edge_p95_ms=.. local_p95_ms=.. speedup=..`` followed by
``local_chunks=M`` when local mode ran on a subset.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kai_desktop.core.retrieval.fusion_tuning import TUNED
from kai_desktop.core.retrieval.ports import SearchIndex
from kai_desktop.core.retrieval.records import ChunkRecord, IndexPoint, IndexQuery, SearchMode

DIM = 384
NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def vocabulary(size: int, rng: np.random.Generator) -> list[str]:
    letters = np.array(list("abcdefghijklmnopqrstuvwxyz"))
    words = set()
    while len(words) < size:
        n = int(rng.integers(3, 10))
        words.add("".join(rng.choice(letters, n)))
    return sorted(words)


class Corpus:
    """Deterministic synthetic chunks, generated in batches to bound memory."""

    def __init__(self, n: int, seed: int = 7) -> None:
        self.n = n
        self.rng = np.random.default_rng(seed)
        self.words = vocabulary(20_000, self.rng)
        ranks = np.arange(1, len(self.words) + 1)
        self.p = (1 / ranks) / (1 / ranks).sum()  # Zipf-like word frequencies
        self.centres = self._unit(self.rng.normal(size=(200, DIM)))

    @staticmethod
    def _unit(x: np.ndarray) -> np.ndarray:
        return x / np.linalg.norm(x, axis=1, keepdims=True)

    def texts(self, rng: np.random.Generator, lengths: np.ndarray) -> list[str]:
        """Texts of the given word counts, words drawn by their Zipf frequency."""
        ids = rng.choice(len(self.words), int(lengths.sum()), p=self.p)
        out, start = [], 0
        for n in lengths:
            out.append(" ".join(self.words[i] for i in ids[start : start + n]))
            start += n
        return out

    def query_text(self, rng: np.random.Generator, words: int) -> str:
        """Content words, as a person types them: frequent but not stop-word frequent."""
        return " ".join(self.words[i] for i in rng.integers(100, 5000, words))

    def vectors(self, rng: np.random.Generator, count: int) -> np.ndarray:
        centre = self.centres[rng.integers(0, len(self.centres), count)]
        return self._unit(centre + 0.35 * rng.normal(size=(count, DIM)))

    def batches(self, limit: int, size: int = 1000) -> Iterator[list[IndexPoint]]:
        rng = np.random.default_rng(11)
        for start in range(0, limit, size):
            count = min(size, limit - start)
            vecs = self.vectors(rng, count)
            texts = self.texts(rng, rng.integers(40, 120, count))
            batch = []
            for j in range(count):
                i = start + j
                note = i // 4
                rec = ChunkRecord(
                    path=f"folder{note % 50}/note{note}.md",
                    chunk_index=i % 4,
                    heading=f"Section {i % 4}",
                    start_line=1 + 10 * (i % 4),
                    end_line=9 + 10 * (i % 4),
                    text=texts[j],
                    tags=(f"tag{note % 30}",),
                    category=("general", "learning", None)[note % 3],
                    importance=float(rng.integers(1, 11)) / 10,
                    hits=int(rng.integers(0, 20)),
                    updated=NOW - timedelta(hours=float(rng.uniform(0, 24 * 365))),
                    content_hash=f"{note:016x}",
                    chunk_hash=f"{i:016x}",
                    chunk_count=4,
                )
                batch.append(IndexPoint(rec, vecs[j].tolist()))
            yield batch

    def queries(self, count: int) -> list[IndexQuery]:
        rng = np.random.default_rng(23)
        vecs = self.vectors(rng, count)
        return [
            IndexQuery(
                text=self.query_text(rng, int(rng.integers(2, 6))),
                vector=vecs[i].tolist(),
                mode=SearchMode.HYBRID,
                limit=10,
                candidates=max(TUNED.candidates, 10),
                now=NOW,
                rrf_k=TUNED.rrf_k,
                fusion=TUNED.method,
                keyword_weight=TUNED.keyword_weight,
            )
            for i in range(count)
        ]


def load(index: SearchIndex, corpus: Corpus, limit: int, label: str) -> float:
    """Upsert the first ``limit`` chunks; returns the seconds spent in upserts alone."""
    spent = 0.0
    for n, batch in enumerate(corpus.batches(limit), 1):
        started = time.perf_counter()
        index.upsert(batch)
        spent += time.perf_counter() - started
        if n % 20 == 0:
            print(f"  {label}: {n * 1000} chunks", file=sys.stderr, flush=True)
    return spent


def latencies(index: SearchIndex, queries: Sequence[IndexQuery], label: str) -> list[float]:
    """Steady-state latencies: a first pass over the queries warms the caches (the
    memory-mapped vectors, graph and payloads); the second pass is measured. The first
    pass is printed too."""
    passes: list[list[float]] = []
    for _ in range(2):
        out = []
        for q in queries:
            started = time.perf_counter()
            hits = index.query(q)
            out.append((time.perf_counter() - started) * 1000)
            assert hits, "a hybrid query found nothing"
        passes.append(out)
    print(f"  {label}: first (cold cache) pass p50 {pct(passes[0], 50):.2f} ms, "
          f"p95 {pct(passes[0], 95):.2f} ms")
    return passes[1]


def disk_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 2**20


def rss_mb() -> float:
    """Resident memory of this process (Linux), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument(
        "--local-chunks", type=int, default=20_000,
        help="chunks for qdrant-client's local mode (a prefix of the same data; 0: all)",
    )
    parser.add_argument("--local-queries", type=int, default=20)
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    args = parser.parse_args()

    from kai_desktop.infra.qdrant.edge import EdgeIndex
    from kai_desktop.infra.qdrant.server import ServerIndex

    corpus = Corpus(args.chunks)
    queries = corpus.queries(args.queries)
    local_n = min(args.chunks, args.local_chunks or args.chunks)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        edge = EdgeIndex(Path(tmp) / "edge", dim=DIM, embedder_name="bench")
        # Edge on the local-mode subset first, for a same-size comparison.
        load_small = load(edge, corpus, local_n, "edge")
        started = time.perf_counter()
        edge.optimize()
        edge_small = latencies(edge, queries, f"edge {local_n}")
        print(f"edge {local_n} chunks: upsert {local_n / load_small:.0f} chunks/s, "
              f"optimize {time.perf_counter() - started:.1f} s, "
              f"p50 {pct(edge_small, 50):.2f} ms, p95 {pct(edge_small, 95):.2f} ms")
        edge.clear()
        rss_before = rss_mb()
        build_started = time.perf_counter()
        load_s = load(edge, corpus, args.chunks, "edge")
        started = time.perf_counter()
        edge.optimize()
        optimize_s = time.perf_counter() - started
        build_s = time.perf_counter() - build_started
        edge_ms = latencies(edge, queries, f"edge {args.chunks}")
        print(f"edge {args.chunks} chunks: build {build_s:.1f} s (data generation included), "
              f"shard on disk {disk_mb(edge.shard_path):.0f} MiB, process memory "
              f"+{rss_mb() - rss_before:.0f} MiB while loaded and queried "
              f"({rss_mb():.0f} MiB in all)")
        print(f"edge {args.chunks} chunks: upsert {args.chunks / load_s:.0f} chunks/s, "
              f"optimize {optimize_s:.1f} s, p50 {pct(edge_ms, 50):.2f} ms, "
              f"p95 {pct(edge_ms, 95):.2f} ms, mean {statistics.fmean(edge_ms):.2f} ms")
        edge.close()

        local = ServerIndex.connect("bench", dim=DIM, embedder_name="bench",
                                    path=str(Path(tmp) / "local"))
        local_load = load(local, corpus, local_n, "local")
        local_ms = latencies(local, queries[: args.local_queries], f"local {local_n}")
        print(f"local mode {local_n} chunks: upsert {local_n / local_load:.0f} chunks/s, "
              f"p50 {pct(local_ms, 50):.1f} ms, p95 {pct(local_ms, 95):.1f} ms; "
              f"same-size speedup (p95) {pct(local_ms, 95) / pct(edge_small, 95):.0f}x")
        local.close()

    speedup = pct(local_ms, 95) / pct(edge_ms, 95)
    line = (
        f"chunks={args.chunks} edge_p50_ms={pct(edge_ms, 50):.2f} "
        f"edge_p95_ms={pct(edge_ms, 95):.2f} local_p95_ms={pct(local_ms, 95):.1f} "
        f"speedup={speedup:.0f}"
    )
    if local_n != args.chunks:
        line += f" local_chunks={local_n}"
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
