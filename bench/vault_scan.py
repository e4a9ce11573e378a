"""Scan speed of a synthetic vault: reading, parsing and link resolution.

    python bench/vault_scan.py --notes 10000

builds a vault in a temporary folder (notes with properties, headings, lists, tables,
code, comments, block ids and every kind of wikilink; some attachments), then times
``scan_vault`` over it (notes parsed in one process per core unless ``--workers`` says
otherwise; ``--compare-serial`` also times a single process). The last line is
``notes=N scan_s=T notes_per_s=R`` for the best of ``--repeat`` scans.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import resource
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.scan import scan_vault

WORDS = [
    "memory", "vault", "note", "graph", "link", "heading", "model", "local", "query", "index",
    "chunk", "search", "weekly", "project", "meeting", "idea", "draft", "review", "plan",
    "garden", "coffee", "train", "budget", "reading", "habit", "python", "desktop", "window",
    "signal", "thread", "layout", "summary", "context", "token", "embed", "daily",
]  # fmt: skip
HEADINGS = ["Overview", "Details", "Notes", "Open questions", "Log", "References", "Ideas"]
SUBHEADINGS = ["Background", "Next steps", "Decision", "Risks", "Examples"]


def _sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    return " ".join(words).capitalize() + "."


class VaultBuilder:
    def __init__(self, root: Path, notes: int, seed: int) -> None:
        self.root = root
        self.rng = random.Random(seed)
        self.folders = ["", "daily", "projects", "projects/archive", "people", "memories"]
        self.folders += [f"topics/t{i:02d}" for i in range(30)]
        self.paths = [
            f"{self.rng.choice(self.folders)}/note {i:05d}.md".lstrip("/") for i in range(notes)
        ]
        # A few notes share a name in different folders (shortest-path rule at work).
        others = self.folders[1:]
        for k, i in enumerate(range(0, notes, 97)):
            group = k // len(others)
            self.paths[i] = f"{others[k % len(others)]}/shared name {group}.md"
        self.attachments = [f"assets/image {i:04d}.png" for i in range(max(1, notes // 50))]
        self.attachments += [f"assets/doc {i:03d}.pdf" for i in range(max(1, notes // 200))]

    def build(self) -> int:
        made: set[str] = set()
        for rel in self.attachments:
            self._write(rel, b"\x89PNG\r\n\x1a\n\x00" + self.rng.randbytes(200))
        for rel in self.paths:
            if rel in made:
                continue
            made.add(rel)
            self._write(rel, self.note_text().encode("utf-8"))
        return len(made)

    def _write(self, rel: str, data: bytes) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)

    def _link(self) -> str:
        rng = self.rng
        target = Path(rng.choice(self.paths)).stem
        kind = rng.random()
        if kind < 0.35:
            return f"[[{target}]]"
        if kind < 0.50:
            return f"[[{target}|{_sentence(rng, 2)[:-1]}]]"
        if kind < 0.60:
            return f"[[{target}#{rng.choice(HEADINGS)}]]"
        if kind < 0.65:
            return f"[[{target}#{rng.choice(HEADINGS)}#{rng.choice(SUBHEADINGS)}]]"
        if kind < 0.70:
            return f"[[{target}#^b{rng.randrange(3)}]]"
        if kind < 0.75:
            return f"[[#{rng.choice(HEADINGS)}]]"
        if kind < 0.80:
            full = rng.choice(self.paths)[:-3]
            return f"[[{full}]]"
        if kind < 0.85:
            return f"![[{Path(rng.choice(self.attachments)).name}|{rng.choice((100, 300))}]]"
        if kind < 0.88:
            return f"![[{target}]]"
        if kind < 0.93:
            return f"[[Missing {rng.randrange(500)}]]"
        return f"[[{target.upper()}.md]]"

    def _paragraph(self, with_links: bool = True) -> str:
        rng = self.rng
        parts = []
        for _ in range(rng.randint(2, 5)):
            parts.append(_sentence(rng, rng.randint(6, 16)))
            if with_links and rng.random() < 0.5:
                parts.append(self._link())
            if rng.random() < 0.08:
                parts.append(f"#{rng.choice(WORDS)}")
        return " ".join(parts)

    def note_text(self) -> str:
        rng = self.rng
        out: list[str] = []
        if rng.random() < 0.85:
            tags = ", ".join(rng.sample(WORDS, rng.randint(1, 3)))
            out += [
                "---",
                f"tags: [{tags}]",
                f"aliases: [{_sentence(rng, 2)[:-1]}]",
                f"created: 2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                f"importance: {rng.randint(1, 10)}",
                "---",
            ]
        out += [f"# {_sentence(rng, 3)[:-1]}", "", self._paragraph(), ""]
        for h in rng.sample(HEADINGS, rng.randint(2, 4)):
            out += [f"## {h}", "", self._paragraph(), ""]
            roll = rng.random()
            if roll < 0.25:
                out += [f"- {self._paragraph()}" for _ in range(rng.randint(2, 5))] + [""]
            elif roll < 0.35:
                out += ["```python", "x = '[[not a link]]'", "print(x)", "```", ""]
            elif roll < 0.45:
                out += ["| a | b |", "|---|---|", f"| [[{Path(rng.choice(self.paths)).stem}"
                        f"\\|alias]] | `[[code]]` |", ""]  # fmt: skip
            elif roll < 0.52:
                out += [f"Hidden: %% {self._link()} %% shown {self._link()}", ""]
            if rng.random() < 0.4:
                out += [f"### {rng.choice(SUBHEADINGS)}", "", self._paragraph(False), ""]
            if rng.random() < 0.3:
                out += [f"{self._paragraph()} ^b{rng.randrange(3)}", ""]
        return "\n".join(out)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_scans(root: Path, workers: int, repeat: int) -> tuple[float, ScanSummary]:
    best = float("inf")
    best_cpu = float("inf")
    summary = ScanSummary()
    for i in range(max(1, repeat)):
        t0 = time.perf_counter()
        cpu0 = time.process_time()
        children0 = _children_cpu()
        scan = scan_vault(Vault(root), workers=workers)
        elapsed = time.perf_counter() - t0
        best = min(best, elapsed)
        workers_cpu = _children_cpu() - children0
        own_cpu = time.process_time() - cpu0
        best_cpu = min(best_cpu, own_cpu + workers_cpu)
        print(
            f"workers={workers} scan {i + 1}: {elapsed:.2f} s (CPU: this process "
            f"{own_cpu:.2f} s, worker processes {workers_cpu:.2f} s)"
        )
        graph = scan.graph
        summary = ScanSummary(
            len(graph.edges()),
            len(graph.unresolved_targets()),
            len(graph.broken_anchors()),
            len(scan.skipped),
        )
        del scan, graph
    # On a busy machine wall time says more about the neighbours than about the scan:
    # the CPU time spread over the cores it could use is what an idle machine would see.
    # (Small vaults are parsed in this process only: no worker CPU time then.)
    cores = min(max(1, workers), os.cpu_count() or 1) if _children_cpu() > 0 else 1
    notes = len(list(root.rglob("*.md")))
    print(
        f"workers={workers} CPU time {best_cpu:.2f} s: with {cores} free core(s) about "
        f"{notes / (best_cpu / cores):.0f} notes/s"
    )
    return best, summary


@dataclass(frozen=True)
class ScanSummary:
    edges: int = 0
    unresolved_targets: int = 0
    broken_anchors: int = 0
    skipped: int = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notes", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="scans; the best is reported")
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="parsing processes (default: one per core); the last line reports this",
    )
    parser.add_argument("--compare-serial", action="store_true", help="also time workers=1")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one scan")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="kai-bench-vault-") as tmp:
        root = Path(tmp)
        t0 = time.perf_counter()
        builder = VaultBuilder(root, args.notes, args.seed)
        notes = builder.build()
        size = sum(p.stat().st_size for p in root.rglob("*.md"))
        print(
            f"built {notes} notes ({size / notes:.0f} bytes each on average) and "
            f"{len(builder.attachments)} attachments in {time.perf_counter() - t0:.1f} s; "
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
        if args.compare_serial and args.workers != 1:
            serial, _ = timed_scans(root, 1, args.repeat)
            print(f"serial: notes_per_s={notes / serial:.0f}")
        best, summary = timed_scans(root, args.workers, args.repeat)
        print(
            f"edges={summary.edges} unresolved_targets={summary.unresolved_targets} "
            f"broken_anchors={summary.broken_anchors} skipped={summary.skipped}"
        )
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            scan_vault(Vault(root))
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
    print(f"notes={notes} scan_s={best:.3f} notes_per_s={notes / best:.0f}")


if __name__ == "__main__":
    main()
