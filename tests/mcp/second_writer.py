"""A second Kai process writing the same vault through core's writer (for the tests).

``python -m tests.mcp.second_writer VAULT NOTE COUNT``: prints ``ready``, waits for a line
on stdin, then appends COUNT lines ``other <n>`` to NOTE with ``Vault.append_text`` and
prints how many writes were refused.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from kai_desktop.core.vault.files import Vault, WriteConflict


def main() -> int:
    root, note, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    vault = Vault(root)
    print("ready", flush=True)
    sys.stdin.readline()
    refused = 0
    for n in range(count):
        try:
            vault.append_text(note, f"other {n}\n")
        except WriteConflict:
            refused += 1
        time.sleep(0.002)
    print(f"refused {refused}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
