"""Another program edits the memory notes Kai keeps writing: is any edit lost without a copy?

Kai (this process) reinforces a memory in a tight loop through the real ``MemoryStore`` and
``Vault``, while a second process edits the same note ``--edits`` times in each of three
ways: in place (open, truncate, write), rename-over (temp file + rename, as most editors
save) and append. Every external edit adds a unique marker line. An edit is lost when its
marker is neither in the final note nor in any conflict copy.

    python bench/conflicts.py --edits 1000

One line per mode, then ``lost_inplace=0 lost_atomic=0 lost_append=0 conflict_copies=..``.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kai_desktop.core.memory.model import MemoryError
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.conflicts import is_conflict_copy
from kai_desktop.core.vault.files import Vault

MODES = ("inplace", "atomic", "append")


def edit_once(path: Path, mode: str, marker: str) -> None:
    """One external edit of ``path`` that adds the line ``marker``."""
    line = f"\n{marker}\n"
    if mode == "append":
        with path.open("a", encoding="utf-8") as fh:
            fh.write(line)
        return
    text = path.read_text(encoding="utf-8") + line
    if mode == "inplace":
        with path.open("r+", encoding="utf-8") as fh:
            fh.truncate(0)
            fh.write(text)
        return
    tmp = path.with_name(f".{path.name}.editor~")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def editor_main(path: Path, mode: str, edits: int, seed: int) -> None:
    rng = random.Random(seed)
    for n in range(edits):
        edit_once(path, mode, f"ext-{mode}-{n}")
        time.sleep(rng.uniform(0, 0.002))


def run_mode(root: Path, mode: str, edits: int) -> tuple[int, int, int]:
    """(lost, conflict copies, Kai's writes) for one mode in a fresh vault."""
    vault = Vault(root / mode)
    store = MemoryStore(vault)
    store.store(f"note_{mode}", "A note both Kai and another program edit.")
    rel = f"memories/note_{mode}.md"
    path = vault.resolve(rel)
    stop = threading.Event()
    writes = [0]

    def kai() -> None:
        while not stop.is_set():
            try:
                store.reinforce(f"note_{mode}")
                writes[0] += 1
            except MemoryError:
                pass  # gave up after retries: the note on disk was left as it is

    thread = threading.Thread(target=kai, name="kai-writer")
    thread.start()
    editor = subprocess.run(
        [sys.executable, __file__, "--editor", str(path), "--mode", mode, "--edits", str(edits)],
        check=False,
    )
    stop.set()
    thread.join()
    vault.close()
    if editor.returncode != 0:
        raise SystemExit(f"the editor process failed in mode {mode}")
    texts = [path.read_text(encoding="utf-8")]
    copies = [p for p in path.parent.iterdir() if is_conflict_copy(p.name)]
    texts += [p.read_text(encoding="utf-8") for p in copies]
    seen = "\n".join(texts).splitlines()
    found = {line for line in seen if line.startswith(f"ext-{mode}-")}
    lost = sum(1 for n in range(edits) if f"ext-{mode}-{n}" not in found)
    return lost, len(copies), writes[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--editor", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--mode", choices=MODES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.editor is not None:
        editor_main(args.editor, args.mode, args.edits, seed=os.getpid())
        return
    lost: dict[str, int] = {}
    total_copies = 0
    with tempfile.TemporaryDirectory(prefix="kai-conflicts-") as tmp:
        for mode in MODES:
            started = time.perf_counter()
            lost[mode], copies, writes = run_mode(Path(tmp), mode, args.edits)
            total_copies += copies
            print(
                f"mode={mode} edits={args.edits} kai_writes={writes} lost={lost[mode]} "
                f"conflict_copies={copies} seconds={time.perf_counter() - started:.1f}",
                flush=True,
            )
    print(
        f"lost_inplace={lost['inplace']} lost_atomic={lost['atomic']} "
        f"lost_append={lost['append']} conflict_copies={total_copies}",
        flush=True,
    )


if __name__ == "__main__":
    main()
