"""A second Kai process writing the same vault through core's writer (for the tests).

``python -m tests.mcp.second_writer VAULT NOTE COUNT``: prints ``ready``, waits for a line
on stdin, then appends COUNT lines ``other <n>`` to NOTE with ``Vault.append_text`` and
prints how many writes were refused. Halfway it waits (up to a minute) until a line of the
other writer (``mcp <n>``) is in the note, so the two writers take turns however the
machine schedules them.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from kai_desktop.core.vault.files import Vault, WriteConflict


def _wait_for_the_other(path: Path, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if "\nmcp " in path.read_text(encoding="utf-8"):
            return
        time.sleep(0.01)


def main() -> int:
    root, note, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    vault = Vault(root)
    print("ready", flush=True)
    sys.stdin.readline()
    refused = 0
    for n in range(count):
        if n == count // 2:
            _wait_for_the_other(root / note)
        try:
            vault.append_text(note, f"other {n}\n")
        except WriteConflict:
            refused += 1
        time.sleep(0.002)
    print(f"refused {refused}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
