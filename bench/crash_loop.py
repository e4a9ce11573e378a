"""SIGKILL at random points of write storms: does every acknowledged write survive?

Each run starts a child process that opens the vault as the app does (the leftover sweep
of a start, then the real ``Vault`` writer, ``MemoryStore`` and ``Trash`` the window
builds; not the window itself, whose Qt loop adds nothing to what reaches the disk) and
writes as fast as it can: new memories, values replaced (``store`` over a key and
``supersede``, which put the old note in the trash), hits (``reinforce``), ``forget``,
and lines appended to a plain note. Before each write the child prints what it is about
to do; after the write returns it prints an acknowledgement. The parent kills it with
SIGKILL at a random moment and checks the vault:

- lost: a key or line whose last acknowledged state is not on disk (the write in flight
  at the kill may or may not have landed: both are fine);
- torn: a memory note that does not parse, or a note with a partial line;
- leftover_tmp: temp files still there after the next start's sweep (counted once, at the
  end, after the sweep a start does).

    python bench/crash_loop.py --runs 200

Last line: ``runs=.. acked=.. lost=0 torn=0 leftover_tmp=0``.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KEYS = [f"fact_{n:02d}" for n in range(16)]
LOG_NOTE = "notes/log.md"
SWEEP_AGE_S = 5.0  # the app's start sweeps temp files older than this

CHILD = r"""
import json, random, sys
from pathlib import Path
from kai_desktop.app_parts import sweep_leftovers
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.trash import Trash

root, data, run, seed = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
keys = json.loads(sys.argv[5])
vault = Vault(root)
sweep_leftovers(vault)
trash = Trash(data / "trash")
trash.purge()
store = MemoryStore(vault, trash=trash)
store.all()
rng = random.Random(seed)
out = sys.stdout
print(json.dumps({"ready": True}), flush=True)
n = 0
while True:
    n += 1
    key = rng.choice(keys)
    op = rng.choice(["store", "store", "supersede", "reinforce", "forget", "append"])
    value = f"{key} holds run {run} write {n}"
    exists = store.get(key) is not None
    if op in ("supersede", "reinforce") and not exists:
        op = "store"
    if op == "forget" and not exists:
        op = "append"
    if op == "append":
        key, value = "log", f"run {run} line {n}"
    if op == "reinforce":
        value = store.get(key).content
    print(json.dumps({"begin": n, "op": op, "key": key, "value": value}), flush=True)
    if op == "store":
        store.store(key, value)
    elif op == "supersede":
        store.supersede(key, value)
    elif op == "reinforce":
        store.reinforce(key)
    elif op == "forget":
        store.forget(key)
    else:
        vault.append_text("notes/log.md", value + "\n")
    print(json.dumps({"ack": n}), flush=True)
"""


@dataclass
class Expected:
    """What the acknowledged writes left: each key's content (None: forgotten), the log."""

    memories: dict[str, str | None] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)


@dataclass
class RunResult:
    acked: int
    lost: list[str]
    torn: list[str]


def run_once(root: Path, data: Path, run: int, *, rng: random.Random,
             expected: Expected, max_delay_s: float) -> RunResult:
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(root), str(data), str(run), str(rng.randrange(1 << 30)),
         json.dumps(KEYS)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    if b"ready" not in first:
        proc.kill()
        proc.wait()
        raise SystemExit(f"the writer did not start: {first!r}")
    time.sleep(rng.uniform(0.0, max_delay_s))
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    lines = proc.stdout.read().decode("utf-8", errors="replace").splitlines()
    proc.stdout.close()
    begun: dict[int, dict[str, str]] = {}
    acked = 0
    in_flight: dict[str, str] | None = None
    for line in lines:
        try:
            event = json.loads(line)
        except ValueError:
            continue  # a line cut by the kill
        if "begin" in event:
            begun[event["begin"]] = event
            in_flight = event
        elif "ack" in event and event["ack"] in begun:
            done = begun[event["ack"]]
            acked += 1
            in_flight = None
            if done["op"] == "append":
                expected.log.append(done["value"])
            elif done["op"] == "forget":
                expected.memories[done["key"]] = None
            else:
                expected.memories[done["key"]] = done["value"]
    lost, torn = check(root, expected, in_flight)
    if in_flight is not None:  # it may have landed: carry on from what is on disk
        adopt(root, expected, in_flight)
    return RunResult(acked, lost, torn)


def on_disk(root: Path) -> tuple[dict[str, str], list[str], list[str]]:
    """The memories (key -> content), the log's lines and the torn notes, as a fresh start
    reads them."""
    from kai_desktop.core.memory.store import MemoryStore
    from kai_desktop.core.vault.files import Vault

    store = MemoryStore(Vault(root))
    memories = {m.key: m.content for m in store.all()}
    torn = [f"{p.path}: {p.problem}" for p in store.problems()]
    log_path = root / LOG_NOTE
    text = log_path.read_text(encoding="utf-8") if log_path.exists() else ""
    if text and not text.endswith("\n"):
        torn.append(f"{LOG_NOTE}: a partial last line")
    return memories, text.splitlines(), torn


def check(root: Path, expected: Expected, in_flight: dict[str, str] | None
          ) -> tuple[list[str], list[str]]:
    memories, log, torn = on_disk(root)
    lost = []
    for key, want in expected.memories.items():
        have = memories.get(key)
        if have == want:
            continue
        flight = in_flight is not None and in_flight["key"] == key
        if flight and in_flight is not None and (
            have == in_flight["value"] or (in_flight["op"] == "forget" and have is None)
        ):
            continue
        lost.append(f"{key}: expected {want!r}, found {have!r}")
    acked_log = expected.log
    tail_ok = log[: len(acked_log)] == acked_log
    extra = log[len(acked_log):]
    allowed_extra = [in_flight["value"]] if in_flight and in_flight["op"] == "append" else []
    if not tail_ok or extra not in ([], allowed_extra):
        lost.append(f"{LOG_NOTE}: {len(acked_log)} acknowledged lines, {len(log)} on disk")
    return lost, torn


def adopt(root: Path, expected: Expected, in_flight: dict[str, str]) -> None:
    memories, log, _torn = on_disk(root)
    if in_flight["op"] == "append":
        expected.log = log
    else:
        expected.memories[in_flight["key"]] = memories.get(in_flight["key"])


def leftover_temp_files(root: Path, data: Path) -> list[str]:
    """After the sweep the next start does (temp files older than the sweep's age)."""
    from kai_desktop.app_parts import sweep_leftovers
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.core.vault.trash import Trash

    before = [p for base in (root, data) for p in base.rglob("*.tmp")]
    print(f"temp files left by the kills before the next start's sweep: {len(before)}")
    time.sleep(SWEEP_AGE_S + 0.5)
    sweep_leftovers(Vault(root))
    Trash(data / "trash").purge()
    return [str(p) for base in (root, data) for p in base.rglob("*.tmp")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-delay", type=float, default=0.4,
                        help="longest wait before the kill, seconds")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    expected = Expected()
    acked = lost = torn = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kai-crash-") as tmp:
        root, data = Path(tmp) / "vault", Path(tmp) / "data"
        (root / "memories").mkdir(parents=True)
        data.mkdir()
        for run in range(1, args.runs + 1):
            result = run_once(root, data, run, rng=rng, expected=expected,
                              max_delay_s=args.max_delay)
            acked += result.acked
            lost += len(result.lost)
            torn += len(result.torn)
            for problem in result.lost + result.torn:
                print(f"run {run}: {problem}")
            if run % 20 == 0 or run == args.runs:
                print(f"{run} runs, {acked} acknowledged writes, {lost} lost, {torn} torn "
                      f"({time.perf_counter() - started:.0f} s)", flush=True)
        leftovers = leftover_temp_files(root, data)
        for path in leftovers:
            print(f"leftover: {path}")
        trashed = len(list((data / "trash").glob("*.md")))
    print(f"trash holds {trashed} old versions from forget and overwrite")
    print(f"runs={args.runs} acked={acked} lost={lost} torn={torn} "
          f"leftover_tmp={len(leftovers)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
