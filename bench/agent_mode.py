"""Agent-file mode: sandbox round trip per tool call, and how fast a worker starts.

A tool call's round trip is the worker sending the call as JSON, the app checking the path
and reading the file, and the answer going back: measured as the time of a program of N
``read_file`` calls minus an empty program, divided by N. Worker start is from spawning
``python -I -S`` to its "ready" line (Landlock and rlimits applied).

    python bench/agent_mode.py [--runs 30] [--calls 50] [--starts 10]

Last line: ``calls=.. call_p50_ms=.. call_p95_ms=.. worker_start_ms=..`` (start: median).
Goals: call p95 <= 5 ms, worker start <= 300 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kai_desktop.core.agent.journal import TrashJournal
from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.sandbox.client import SandboxClient


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def make_folder(root: Path) -> MemoryTools:
    (root / "entities").mkdir(parents=True)
    (root / "user.md").write_text("# User\n- user_name: Ana\n" + "- fact: x\n" * 50)
    for n in range(20):
        (root / "entities" / f"e{n}.md").write_text(f"# Entity {n}\n- kind: test\n")
    return MemoryTools(Vault(root), TrashJournal(root.parent / "trash"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--calls", type=int, default=50, help="tool calls per program")
    parser.add_argument("--starts", type=int, default=10)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        tools = make_folder(Path(tmp) / "memory")
        client = SandboxClient()
        starts: list[float] = []
        for _ in range(args.starts):
            client.restart()
            starts.append(client.last_start_ms)
        empty = "x = 0"
        calls = (
            f"for i in range({args.calls}):\n"
            "    t = read_file('entities/e' + str(i % 20) + '.md')"
        )
        per_call: list[float] = []
        for _ in range(3):
            client.run(calls, tools)
        for _ in range(args.runs):
            began = time.perf_counter()
            base = client.run(empty, tools)
            base_ms = (time.perf_counter() - began) * 1000
            began = time.perf_counter()
            result = client.run(calls, tools)
            total_ms = (time.perf_counter() - began) * 1000
            if not (base.ok and result.ok and result.tool_calls == args.calls):
                raise SystemExit(f"benchmark program failed: {result.error or base.error}")
            per_call.append(max(total_ms - base_ms, 0.0) / args.calls)
        client.close()

    p50, p95 = percentile(per_call, 50), percentile(per_call, 95)
    start = statistics.median(starts)
    print(f"worker start: min {min(starts):.1f} ms, median {start:.1f} ms, "
          f"max {max(starts):.1f} ms")  # fmt: skip
    print(f"per tool call over {args.runs} programs of {args.calls} read_file calls: "
          f"p50 {p50:.3f} ms, p95 {p95:.3f} ms")  # fmt: skip
    print(f"goals: call p95 <= 5 ms ({'met' if p95 <= 5 else 'MISSED'}), "
          f"worker start <= 300 ms ({'met' if start <= 300 else 'MISSED'})")  # fmt: skip
    print(
        f"calls={args.runs * args.calls} call_p50_ms={p50:.3f} call_p95_ms={p95:.3f} "
        f"worker_start_ms={start:.1f}",
        flush=True,
    )


if __name__ == "__main__":
    main()
