"""How long Qdrant Edge calls keep other Python threads waiting (the interpreter lock).

A ticker thread sleeps 0.5 ms in a loop and records the gaps between its wake-ups; the
longest gap while a call runs is how long any other thread, the window's included, could
not run Python. The baseline is the ticker's longest gap while the main thread only
sleeps, measured in the same run. Points are 384-dimensional with note-sized text, as the
indexer writes them. Two ways of flushing ``--points`` points are compared: once at the
end (what the indexer did before) and every ``--flush-every`` points (what it does now).

    python bench/index_lock_hold.py --points 2048

Last line: ``points=.. flush_once_ms=.. flush_every_max_ms=.. upsert64_max_ms=..
baseline_ms=.. ratio=..`` where ``ratio`` is flush_once_ms / flush_every_max_ms.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

WORDS = [
    "garden", "tomato", "basil", "compost", "soil", "rain", "kitchen", "tile", "oven",
    "budget", "friend",
]


class Ticker:
    def __init__(self) -> None:
        self.gaps: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        last = time.perf_counter()
        while not self._stop.is_set():
            time.sleep(0.0005)
            now = time.perf_counter()
            self.gaps.append(now - last)
            last = now

    def __enter__(self) -> Ticker:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def longest_during(self, work: Callable[[], object]) -> float:
        """The longest gap (ms) while ``work`` runs, including the gap it ends in."""
        time.sleep(0.005)
        self.gaps.clear()
        work()
        time.sleep(0.005)
        return max(self.gaps) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=2048)
    parser.add_argument("--flush-every", type=int, default=512)
    args = parser.parse_args()

    from kai_desktop.core.retrieval.records import ChunkRecord, IndexPoint
    from kai_desktop.infra.qdrant.edge import EdgeIndex

    sys.setswitchinterval(0.001)  # as the app sets it
    rng = random.Random(1)

    def batch(start: int, n: int = 64) -> list[IndexPoint]:
        return [
            IndexPoint(
                ChunkRecord(f"n{start + i}.md", 0, "", 1, 5,
                            " ".join(rng.choice(WORDS) for _ in range(80))),
                [rng.random() for _ in range(384)],
            )
            for i in range(n)
        ]

    batches = [batch(i * 64) for i in range(max(1, args.points // 64))]
    with Ticker() as ticker:
        baseline = ticker.longest_during(lambda: time.sleep(0.3))

        once = EdgeIndex(Path(tempfile.mkdtemp()), dim=384, embedder_name="bench")
        upsert_max = 0.0
        for b in batches:
            upsert_max = max(upsert_max, ticker.longest_during(lambda b=b: once.upsert(b)))
        flush_once = ticker.longest_during(once.flush)
        once.close()

        stepped = EdgeIndex(Path(tempfile.mkdtemp()), dim=384, embedder_name="bench")
        pending = 0
        flush_max = 0.0
        for b in batches:
            stepped.upsert(b)
            pending += len(b)
            if pending >= args.flush_every:
                flush_max = max(flush_max, ticker.longest_during(stepped.flush))
                pending = 0
        if pending:
            flush_max = max(flush_max, ticker.longest_during(stepped.flush))
        stepped.close()

    points = len(batches) * 64
    print(f"{points} points in batches of 64: longest wait during an upsert {upsert_max:.1f} ms")
    print(f"one flush at the end: {flush_once:.1f} ms; a flush every {args.flush_every}: "
          f"at most {flush_max:.1f} ms; idle ticker: {baseline:.1f} ms")
    print(f"points={points} flush_once_ms={flush_once:.1f} flush_every_max_ms={flush_max:.1f} "
          f"upsert64_max_ms={upsert_max:.1f} baseline_ms={baseline:.1f} "
          f"ratio={flush_once / max(flush_max, 1e-9):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
