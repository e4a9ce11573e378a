"""Indexing throughput, restart cost and edit-to-search latency on a synthetic vault.

1. cold index of N notes (embedded model, Qdrant Edge shard) against raw fastembed on the
   same chunk texts in the same run: ``cold_ratio`` = raw time / cold index time;
2. restart with no change: a fresh shard handle and indexer, one sync; the embeddings it
   computed and the seconds until the index is in step (the model is not loaded: nothing
   needs embedding, and the app loads it in the background);
3. one external edit to searchable, 50 times: write a note with a new word, wait for the
   file watcher (settings' default debounce), the indexer and a search to find it.

4. a realistic vault (``--realistic-notes``, default 2,000: code blocks, tables, callouts,
   long lists and prose, plus a 100 KB note of ``>`` and a 4 MB single-line note): indexed
   cold, keyword half first, against raw fastembed on the same chunk texts with the best
   batching found; each in its own process (see ``bench/indexing_realistic.py``).

    python bench/indexing.py --notes 10000
    python bench/indexing.py --skip-synthetic --realistic-notes 2000 --embed-seconds 300

Last lines: ``notes=N cold_ratio=.. restart_reembeds=.. restart_ready_s=..
edit_to_search_p95_ms=..``
then ``tokens_per_s=.. raw_tokens_per_s=.. peak_rss_mb=.. keyword_ready_s=..``
"""

from __future__ import annotations

import argparse
import queue
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.note_records import note_records
from kai_desktop.core.retrieval.records import SearchMode
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.qdrant.edge import EdgeIndex
from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher

WORDS = (  # noqa: SIM905 - reads better as prose
    "the user asked about a project meeting on monday and we agreed to move the deadline "
    "because the budget review took longer than planned next steps include writing a short "
    "summary for the team sharing the draft with anna and booking a room for the workshop "
    "she prefers green tea in the morning and a walk after lunch the garden needs water "
    "tomatoes were planted in may the compost heap is turned every two weeks the laptop "
    "was slow because the disk was full so we cleared the cache and restarted the sync "
    "service travel plans for lisbon include a flight in march and a hotel near the river "
    "remember to renew the passport call the bank about the card and send the invoice"
).split()


def make_note(rng: random.Random, i: int) -> str:
    def sentence() -> str:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 16))).capitalize() + "."

    body = " ".join(sentence() for _ in range(rng.randint(4, 7)))
    if i % 10 == 0:  # some memories with properties
        return (f"---\nkey: memory-{i}\ncategory: General\nimportance: {rng.randint(1, 10)}\n"
                f"hits: 1\nupdated: 2026-11-01T10:00:00Z\n---\n{body}\n")
    if i % 3 == 0:
        return f"# Note {i}\n\n## Context\n{body}\n\n## Follow-up\n{sentence()} #work\n"
    return f"# Note {i}\n\n{body}\n"


def write_vault(root: Path, n: int) -> None:
    rng = random.Random(42)
    for i in range(n):
        path = root / f"folder{i % 40}" / f"note{i:05}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(make_note(rng, i), encoding="utf-8")


def restart_in_new_process(root: Path, data: Path, models: Path) -> float:
    """Wall time of a whole new process that opens the index and syncs (imports included)."""
    code = (
        "import sys, time; t = time.perf_counter(); "
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r}); "
        "from pathlib import Path; "
        "from kai_desktop.core.retrieval.indexer import IncrementalIndexer; "
        "from kai_desktop.core.vault.files import Vault; "
        "from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder; "
        "from kai_desktop.infra.qdrant.edge import EdgeIndex; "
        f"e = BuiltinEmbedder(Path({str(models)!r})); "
        f"ix = EdgeIndex(Path({str(data / 'index')!r}), dim=e.dim, embedder_name=e.name); "
        f"i = IncrementalIndexer(Vault(Path({str(root)!r})), ix, e, "
        f"Path({str(data / 'manifest.json')!r})); "
        "r = i.run_sync(); ix.close(); "
        "print(time.perf_counter() - t, i.embeddings_computed)"
    )
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    total = time.perf_counter() - started
    inner, embedded = out.stdout.split()
    print(f"restart in a new process: {total:.2f} s wall ({float(inner):.2f} s after interpreter "
          f"start), {embedded} embeddings")
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--edits", type=int, default=50)
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    parser.add_argument("--realistic-notes", type=int, default=2000)
    parser.add_argument("--no-hostile", action="store_true", help="leave out the two huge notes")
    parser.add_argument("--embed-seconds", type=float, default=float("inf"),
                        help="stop the realistic vault's dense half after this long (the "
                        "chunks embedded by then are compared with raw fastembed)")
    parser.add_argument("--skip-synthetic", action="store_true", help="only the realistic vault")
    args = parser.parse_args()
    if not args.skip_synthetic:
        synthetic(args)
    realistic(args)
    return 0


def realistic(args: argparse.Namespace) -> None:
    from bench.indexing_realistic import run

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        line = run(args, Path(tmp))
    print(line, flush=True)


def synthetic(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        root, data, models = Path(tmp) / "vault", Path(tmp) / "data", Path(tmp) / "models"
        root.mkdir()
        write_vault(root, args.notes)
        vault = Vault(root)
        embedder = BuiltinEmbedder(models)
        started = time.perf_counter()
        embedder.load()
        embedder.embed_documents(["warm up"] * 8)
        print(f"model load {time.perf_counter() - started:.2f} s")

        # The texts the indexer will embed, prepared outside the timing.
        texts: list[str] = []
        for rel in vault.iter_notes():
            text = (root / rel).read_text(encoding="utf-8")
            texts.extend(t for _, t in note_records(rel, text, "", 0.0, 1200))
        started, cpu = time.perf_counter(), time.process_time()
        for start in range(0, len(texts), 64):  # the indexer's batch size
            embedder.embed_documents(texts[start : start + 64])
        raw_s = time.perf_counter() - started
        raw_cpu = time.process_time() - cpu
        print(f"raw fastembed: {len(texts)} chunks in {raw_s:.1f} s "
              f"({len(texts) / raw_s:.0f} chunks/s, {raw_cpu:.0f} s CPU)")

        index = EdgeIndex(data / "index", dim=embedder.dim, embedder_name=embedder.name)
        indexer = IncrementalIndexer(vault, index, embedder, data / "manifest.json")
        started, cpu = time.perf_counter(), time.process_time()
        report = indexer.run_sync()
        cold_s = time.perf_counter() - started
        cold_cpu = time.process_time() - cpu
        assert indexer.embeddings_computed == len(texts), (indexer.embeddings_computed, len(texts))
        cold_ratio = raw_s / cold_s
        print(f"cold index: {args.notes} notes, {report.chunks_written} chunks in {cold_s:.1f} s "
              f"({args.notes / cold_s:.0f} notes/s, {cold_cpu:.0f} s CPU); ratio to raw "
              f"{cold_ratio:.3f} by wall time, {raw_cpu / cold_cpu:.3f} by CPU time")
        indexer.close()
        index.close()

        # Restart with no change, in this process (fresh shard handle, fresh indexer).
        started = time.perf_counter()
        index = EdgeIndex(data / "index", dim=embedder.dim, embedder_name=embedder.name)
        indexer = IncrementalIndexer(vault, index, embedder, data / "manifest.json")
        report = indexer.run_sync()
        restart_s = time.perf_counter() - started
        restart_reembeds = indexer.embeddings_computed
        print(f"restart: {restart_s:.2f} s, {restart_reembeds} embeddings, "
              f"{'rebuilt' if report.rebuilt else 'no rebuild'}")
        index.close()
        restart_in_new_process(root, data, models)

        # Edit -> watcher -> indexer -> searchable.
        index = EdgeIndex(data / "index", dim=embedder.dim, embedder_name=embedder.name)
        indexer = IncrementalIndexer(vault, index, embedder, data / "manifest.json")
        indexer.run_sync()
        retriever = Retriever(embedder, index)
        batches: queue.Queue[list[VaultChange] | None] = queue.Queue()

        def work() -> None:  # what the Qt index service does, without Qt
            while True:
                try:
                    batch = batches.get(timeout=5)
                except queue.Empty:
                    indexer.checkpoint()
                    continue
                if batch is None:
                    return
                indexer.apply(batch)

        worker = threading.Thread(target=work, name="bench-indexer")
        worker.start()
        debounce = Settings().watch_debounce_ms / 1000
        watcher = VaultWatcher(vault, debounce_s=debounce)
        watcher.start(batches.put)
        rng = random.Random(7)
        latencies: list[float] = []
        try:
            for n in range(args.edits):
                rel = f"folder{n % 40}/note{rng.randrange(args.notes):05}.md"
                word = f"zephyrword{n}x"
                query = retriever.build_query(f"{word} meeting", limit=5, mode=SearchMode.HYBRID)
                started = time.perf_counter()
                (root / rel).write_text(f"# Edited\nThe {word} appears in this meeting note.\n",
                                        encoding="utf-8")
                deadline = started + 10
                while time.perf_counter() < deadline:
                    if any(h.path == rel and word in h.text for h in retriever.run(query)):
                        break
                    time.sleep(0.01)  # a search costs a few ms of CPU: do not hog a core
                else:
                    raise AssertionError(f"edit {n} never became searchable")
                latencies.append((time.perf_counter() - started) * 1000)
                time.sleep(debounce * 1.5)  # let the watcher go quiet between edits
        finally:
            watcher.stop()
            batches.put(None)
            worker.join()
            indexer.close()
            index.close()
        p95 = float(np.percentile(latencies, 95))
        p50 = float(np.percentile(latencies, 50))
        print(f"edit to search over {len(latencies)} edits: p50 {p50:.0f} ms, p95 {p95:.0f} ms, "
              f"max {max(latencies):.0f} ms (debounce {debounce * 1000:.0f} ms)")

    print(f"notes={args.notes} cold_ratio={cold_ratio:.2f} restart_reembeds={restart_reembeds} "
          f"restart_ready_s={restart_s:.2f} edit_to_search_p95_ms={p95:.0f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
