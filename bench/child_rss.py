"""Peak RSS of a process's descendants (the indexer's worker processes), for the benches.

``ru_maxrss`` of a process and the children it waited for is the largest of them, not
their sum; a process that cuts notes in worker processes holds their memory too. A
:class:`DescendantPeaks` reads ``VmHWM`` (each process's own high-water mark) from
``/proc/<pid>/status`` of every descendant of a process every tenth of a second, so a
sample taken any time before one ends has its peak (only what it grows in its last tenth
of a second can be missed). A sample costs about a millisecond of CPU and the interpreter
lock of the process it runs in (15 threads to look through in the indexer's): sampled
every 20 ms it took about 5% of the time it measured. Linux only; elsewhere it finds
nothing.
"""

from __future__ import annotations

import threading
from pathlib import Path


class DescendantPeaks:
    """Each descendant's peak RSS and the root's own, sampled while they run."""

    def __init__(self, root: int, every_s: float = 0.1) -> None:
        self.root = root
        self.peaks: dict[int, float] = {}
        self._every = every_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rss-peaks", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._every):
            self.sample()

    def sample(self) -> None:
        for pid in [self.root, *descendants(self.root)]:
            mb = _hwm_mb(pid)
            if mb is not None:
                self.peaks[pid] = max(self.peaks.get(pid, 0.0), mb)

    def root_mb(self) -> float:
        return self.peaks.get(self.root, 0.0)

    def descendants_mb(self) -> float:
        """The sum of every descendant's peak (as if they had all peaked at once)."""
        return sum(mb for pid, mb in self.peaks.items() if pid != self.root)

    def stop(self) -> None:
        self.sample()
        self._stop.set()
        self._thread.join()


def descendants(pid: int) -> list[int]:
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*/children"):
            try:
                kids = [int(p) for p in task.read_text().split()]
            except OSError:
                continue
            found.extend(kids)
            todo.extend(kids)
    return found


def _hwm_mb(pid: int) -> float | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None
