"""The realistic half of ``bench/indexing.py``: a generated documentation-like vault (code
blocks, tables, callouts, long lists, prose, plus a 100 KB note of ``>`` and a 4 MB
single-line note) indexed cold as the app and the CLI index it, against raw fastembed on
the same chunk texts with the best batching found.

Each side runs in a process of its own, so that each peak RSS is its own:

* ``index``: the app's indexer (BuiltinEmbedder, Qdrant Edge shard) runs a cold sync.
  ``keyword_ready_s`` is the time from the start until the keyword half is done (every
  note keyword-searchable: checked afterwards that every note has its chunks stored);
  ``tokens_per_s`` is the tokens embedded by the dense half over its wall time (reading
  and cutting notes, tokenising and writing vectors included). ``--embed-seconds`` stops
  the dense half early on a slow machine: then the chunks embedded so far are compared.
  The keyword half cuts notes in worker processes: ``peak_rss_mb`` counts each worker's
  own peak on top of this process's peak during that half (``bench/child_rss.py``), as if
  they had all come at once, or this process's overall peak when that is higher.
* ``raw``: fastembed's ``TextEmbedding`` as it comes (its own session options) embeds the
  same texts, sorted by length and batched under 4,096 padded tokens (the fastest budget
  measured for it here; 2,048 and 8,192 were slower or no faster).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

RAW_BATCH_TOKENS = 4096


def _peak_mb() -> float:
    """This process's peak RSS. Linux's ``ru_maxrss`` keeps the parent's peak across fork
    and exec, so the high-water mark of this process's own memory is read instead."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def index_side(root: Path, data: Path, models: Path, embed_seconds: float, out: Path) -> None:
    from bench.child_rss import DescendantPeaks
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.note_records import note_records
    from kai_desktop.core.retrieval.records import SearchMode
    from kai_desktop.core.retrieval.search import Retriever
    from kai_desktop.core.retrieval.token_fit import chunk_limit, fit_chunks
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
    from kai_desktop.infra.qdrant.edge import EdgeIndex

    vault = Vault(root, max_file_bytes=1 << 30)
    embedder = BuiltinEmbedder(models)
    started, cpu = time.perf_counter(), time.process_time()
    index = EdgeIndex(data / "index", dim=embedder.dim, embedder_name=embedder.name)
    indexer = IncrementalIndexer(vault, index, embedder, data / "manifest.json")
    keyword_ready = embed_started = 0.0
    keyword_cpu = keyword_rss = workers_cpu = 0.0
    children = DescendantPeaks(os.getpid())
    steps = indexer.sync()
    for step in steps:
        now = time.perf_counter()
        if step.phase == "embedding" and not embed_started:
            keyword_ready, keyword_cpu = now - started, time.process_time() - cpu
            # The worker processes that cut notes live during the keyword half only;
            # they count in full, as if they had all peaked with this process.
            children.stop()
            workers_rss = children.descendants_mb()
            keyword_rss = _peak_mb() + workers_rss
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            workers_cpu = usage.ru_utime + usage.ru_stime
            embed_started = now
        if embed_started and now - embed_started > embed_seconds:
            steps.close()
            break
    embed_s = time.perf_counter() - embed_started
    embed_cpu = time.process_time() - cpu - keyword_cpu
    children.stop()
    peak = max(_peak_mb(), keyword_rss)
    # Not timed: every note is in the index (keyword search reaches every stored chunk),
    # and the texts that were embedded.
    stored = {r.path for r in index.records()}
    missing = sorted(set(vault.iter_notes()) - stored)
    hits = Retriever(embedder, index).search("callout warning", limit=5, mode=SearchMode.KEYWORD)
    assert hits, "keyword search found nothing"
    waiting = {(r.path, r.chunk_index) for r in index.without_vectors()}
    limit = chunk_limit(embedder)
    texts: list[str] = []
    for rel in vault.iter_notes():
        text = (root / rel).read_text(encoding="utf-8")
        fit = lambda chunks: fit_chunks(chunks, None, limit, spans_many=embedder.token_spans_many)  # noqa: E731
        texts.extend(t for r, t in note_records(rel, text, "", 0.0, 1200, fit=fit)
                     if (rel, r.chunk_index) not in waiting)
    chunks = index.count()
    indexer.close()
    index.close()
    out.write_text(json.dumps({
        "keyword_ready_s": keyword_ready, "keyword_cpu_s": keyword_cpu,
        "workers_cpu_s": workers_cpu,
        "keyword_rss_mb": keyword_rss, "embed_s": embed_s, "embed_cpu_s": embed_cpu,
        "peak_rss_mb": peak, "texts": texts, "chunks": chunks, "not_found": missing[:20],
        "not_found_count": len(missing),
    }))


def raw_side(models: Path, texts_file: Path, out: Path) -> None:
    from fastembed import TextEmbedding

    from kai_desktop.core.retrieval.token_fit import token_batches
    from kai_desktop.infra.fastembed.embedder import (
        BUILTIN_MODEL,
        BUILTIN_TRAINED_TOKENS,
        _register_builtin,
        assemble_builtin_model,
    )

    texts: list[str] = json.loads(texts_file.read_text())["texts"]
    folder = assemble_builtin_model(models)
    _register_builtin()
    model = TextEmbedding(BUILTIN_MODEL, cache_dir=str(models), specific_model_path=str(folder))
    tokenizer = model.model.tokenizer
    tokenizer.enable_truncation(max_length=BUILTIN_TRAINED_TOKENS)
    list(model.embed(["warm up"] * 4))
    lengths = [len(e.ids) for e in tokenizer.encode_batch(texts)]  # padded batch widths
    started, cpu = time.perf_counter(), time.process_time()
    for batch in token_batches(lengths, RAW_BATCH_TOKENS, area=RAW_BATCH_TOKENS ** 3):
        list(model.embed([texts[i] for i in batch], batch_size=len(batch)))
    out.write_text(json.dumps({
        "raw_s": time.perf_counter() - started, "raw_cpu_s": time.process_time() - cpu,
        "tokens": sum(lengths), "peak_rss_mb": _peak_mb(),
    }))


def run(args: argparse.Namespace, tmp: Path) -> str:
    """Both sides in their own processes; returns the last line."""
    from bench.realistic_vault import write_realistic_vault

    root, data, models = tmp / "vault", tmp / "data", tmp / "models"
    root.mkdir()
    notes = write_realistic_vault(root, args.realistic_notes, hostile=not args.no_hostile)
    me = [sys.executable, str(Path(__file__).resolve())]
    index_out, raw_out = tmp / "index.json", tmp / "raw.json"
    subprocess.run([*me, "index", str(root), str(data), str(models),
                    str(args.embed_seconds), str(index_out)], check=True)
    subprocess.run([*me, "raw", str(models), str(index_out), str(raw_out)], check=True)
    side = json.loads(index_out.read_text())
    raw = json.loads(raw_out.read_text())
    tokens = raw["tokens"]
    done = len(side["texts"])
    print(f"realistic vault: {notes} notes, {side['chunks']} chunks; keyword half "
          f"{side['keyword_ready_s']:.1f} s ({side['keyword_cpu_s']:.1f} s CPU here, "
          f"{side['workers_cpu_s']:.1f} s in workers; peak {side['keyword_rss_mb']:.0f} MB "
          f"with the workers'), notes not found by keyword: "
          f"{side['not_found_count']} {side['not_found']}")
    print(f"dense half: {done} chunks ({tokens} tokens) in {side['embed_s']:.1f} s "
          f"({side['embed_cpu_s']:.1f} s CPU); raw fastembed on the same texts "
          f"{raw['raw_s']:.1f} s ({raw['raw_cpu_s']:.1f} s CPU, peak "
          f"{raw['peak_rss_mb']:.0f} MB); ratio {raw['raw_s'] / side['embed_s']:.2f} by wall "
          f"time, {raw['raw_cpu_s'] / side['embed_cpu_s']:.2f} by CPU time", flush=True)
    return (f"tokens_per_s={tokens / side['embed_s']:.0f} "
            f"raw_tokens_per_s={tokens / raw['raw_s']:.0f} "
            f"peak_rss_mb={side['peak_rss_mb']:.0f} "
            f"keyword_ready_s={side['keyword_ready_s']:.1f}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    if sys.argv[1] == "index":
        index_side(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]),
                   float(sys.argv[5]), Path(sys.argv[6]))
    else:
        raw_side(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
