"""``search_notes`` through ``kai-desktop mcp`` over stdio, against the same search in
process, on a generated vault of 10,000 notes.

The vault (notes with headings, wikilinks and tags, words drawn from a Zipf-like
vocabulary) is indexed once with the real embedder and Qdrant Edge shard; then the same
queries run in process (the tool's own function, index open in this process) and through
the SDK's client to a server subprocess (JSON-RPC over a pipe, pydantic validation and
serialisation both ways). Each figure is steady state: after warm-up queries, and after
the process has compared the vault with the index (its first sync, once per start, runs on
another thread and would share the interpreter with the searches) and built the link graph.
The measured queries are all different, and different from the warm-up ones: nothing is
answered from a cache of earlier queries.

    python bench/mcp.py [--notes 10000] [--queries 200] [--workdir DIR]

``--workdir`` keeps the vault and its index for the next run. Progress goes to stderr;
the last line on stdout is
``notes=N search_p50_ms=.. search_p95_ms=.. in_process_p95_ms=.. in_process_cpu_ms=..
load1=..`` (goal: p95 <= 20 ms); ``in_process_cpu_ms`` is the CPU time per search in
process, which a busy machine inflates less than wall time; ``load1`` is the one-minute
load average when the runs ended.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

# This file is called mcp.py: its own folder must not hide the MCP SDK of that name.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

WARMUP = 20


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def vocabulary(rng: random.Random, size: int = 6000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(letters) for _ in range(rng.randint(3, 9))))
    return sorted(words)


def make_vault(root: Path, notes: int, seed: int = 11) -> list[str]:
    """Write ``notes`` notes under ``root``; returns the vocabulary (for queries)."""
    rng = random.Random(seed)
    words = vocabulary(rng)
    weights = [1 / rank for rank in range(1, len(words) + 1)]
    folders = ["", "projects", "people", "journal", "reading", "projects/garden"]

    def sentence(n: int) -> str:
        return " ".join(rng.choices(words, weights, k=n)).capitalize() + "."

    names = [f"note {i:05d} {words[i % len(words)]}" for i in range(notes)]
    for i, name in enumerate(names):
        folder = root / folders[i % len(folders)]
        folder.mkdir(parents=True, exist_ok=True)
        links = " ".join(f"[[{names[rng.randrange(notes)]}]]" for _ in range(2))
        body = [
            f"---\ntags: [{words[i % 40]}]\n---",
            f"# {name}",
            " ".join(sentence(rng.randint(6, 14)) for _ in range(3)),
            f"## {words[(i * 7) % len(words)]}",
            " ".join(sentence(rng.randint(6, 14)) for _ in range(2)) + f" See {links}.",
        ]
        (folder / f"{name}.md").write_text("\n\n".join(body) + "\n", encoding="utf-8")
    return words


def queries(words: list[str], count: int, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.sample(words[50:3000], rng.randint(2, 4))) for _ in range(count)]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def build_index(vault_dir: Path) -> None:
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.infra.settings_store import SettingsStore, vault_data_dir
    from kai_desktop.mcp.indexing import open_parts

    settings = SettingsStore().load()
    vault = Vault(vault_dir)
    parts = open_parts(vault, settings, vault_data_dir(vault_dir))
    indexer: IncrementalIndexer = parts.indexer
    last = 0.0
    for step in indexer.sync():
        now = time.monotonic()
        if now - last > 5:
            log(f"  indexing: {step.done}/{step.total} {step.phase}")
            last = now
    indexer.close()
    parts.index.close()


def in_process(vault_dir: Path, warm: list[str], texts: list[str]) -> tuple[list[float], float]:
    from kai_desktop.core.settings import Settings
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.infra.settings_store import SettingsStore, vault_data_dir
    from kai_desktop.mcp.context import VaultContext
    from kai_desktop.mcp.search import search_notes

    settings: Settings = SettingsStore().load()
    ctx = VaultContext(Vault(vault_dir), settings, vault_data_dir(vault_dir), watch=False)
    ctx.start()
    try:
        started = time.monotonic()
        assert ctx.wait_index(600), "the index did not open"
        assert ctx.indexed is not None, ctx.index_note
        assert ctx.indexed.wait_synced(600), "the index was not synced with the vault"
        assert ctx.graph.wait(600), "the link graph was not built"
        waited = time.monotonic() - started
        log(f"  in process: graph built and index synced after {waited:.1f} s")
        for text in warm:
            assert search_notes(ctx, text, 10).engine == "hybrid"
        times = []
        cpu_started = time.process_time()
        for text in texts:
            started = time.perf_counter()
            search_notes(ctx, text, 10)
            times.append((time.perf_counter() - started) * 1000)
        cpu_ms = (time.process_time() - cpu_started) * 1000 / len(texts)
        return times, cpu_ms
    finally:
        ctx.close()


def over_stdio(vault_dir: Path, warm: list[str], texts: list[str], first_note: str) -> list[float]:
    import anyio
    from mcp import Client, StdioServerParameters

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "kai_desktop", "mcp", "--vault", str(vault_dir), "--read-only"],
        env=env,
        cwd=str(root),
    )
    times: list[float] = []

    async def run() -> None:
        async with Client(params, mode="legacy", read_timeout_seconds=600) as client:
            started = time.monotonic()
            for text in warm:
                result = await client.call_tool("search_notes", {"query": text})
                assert result.structured_content is not None
                assert result.structured_content["engine"] == "hybrid", result.structured_content
            # The server compares the vault with the index once after it starts (a search
            # meanwhile says the index is being updated): wait until it is done.
            deadline = time.monotonic() + 600
            while result.structured_content.get("note"):
                assert time.monotonic() < deadline, result.structured_content
                await anyio.sleep(0.5)
                result = await client.call_tool("search_notes", {"query": warm[0]})
                assert result.structured_content is not None
            # The link graph is built in the background at start: wait for it too.
            first = await client.call_tool("read_note", {"path": first_note})
            assert not first.is_error, first.content
            log(f"  over stdio: index synced and graph built after "
                f"{time.monotonic() - started:.1f} s")
            for text in texts:
                started = time.perf_counter()
                result = await client.call_tool("search_notes", {"query": text})
                times.append((time.perf_counter() - started) * 1000)
                assert not result.is_error

    anyio.run(run)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--workdir", type=Path, help="keep the vault and index here")
    args = parser.parse_args()
    holder = None if args.workdir else tempfile.TemporaryDirectory(prefix="kai-bench-mcp-")
    work = Path(args.workdir or holder.name)  # type: ignore[union-attr]
    os.environ["KAI_DATA_DIR"] = str(work / "data")
    os.environ["KAI_CONFIG_DIR"] = str(work / "config")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    vault_dir = work / f"vault-{args.notes}"
    words_file = work / f"words-{args.notes}.txt"
    if not words_file.exists():
        log(f"writing {args.notes} notes to {vault_dir}")
        words = make_vault(vault_dir, args.notes)
        words_file.write_text("\n".join(words), encoding="utf-8")
    words = words_file.read_text(encoding="utf-8").split("\n")
    log("bringing the index up to date (real embedder, Qdrant Edge)")
    started = time.monotonic()
    build_index(vault_dir)
    log(f"  done in {time.monotonic() - started:.0f} s")
    every = queries(words, WARMUP + args.queries)
    warm, texts = every[:WARMUP], every[WARMUP:]
    assert len(set(every)) == len(every), "the queries must all differ"
    local, cpu_ms = in_process(vault_dir, warm, texts)
    log(f"in process: p50 {statistics.median(local):.2f} ms, p95 {percentile(local, 0.95):.2f}"
        f", CPU {cpu_ms:.2f} ms per search")
    remote = over_stdio(vault_dir, warm, texts, f"note 00000 {words[0]}.md")
    log(f"over stdio: p50 {statistics.median(remote):.2f} ms, p95 {percentile(remote, 0.95):.2f}")
    if holder is not None:
        holder.cleanup()
    print(
        f"notes={args.notes} search_p50_ms={statistics.median(remote):.2f} "
        f"search_p95_ms={percentile(remote, 0.95):.2f} "
        f"in_process_p95_ms={percentile(local, 0.95):.2f} in_process_cpu_ms={cpu_ms:.2f} "
        f"load1={os.getloadavg()[0]:.2f}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
