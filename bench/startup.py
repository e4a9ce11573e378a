"""Time from process start to the main window shown, and the memory used then.

Each run starts a fresh Python process that opens the real window on a demo vault (no
model loaded yet: the model, the index and the graph start after the window is shown) and
reports the moment of the window's first paint. The parent measures from just before it
starts the process, so interpreter start-up and every import are included. A first,
uncounted run fills the byte-code cache, as an installed app would have it.

Last line: ``window_shown_s=<median> rss_mb=<median>``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def child(vault: str) -> int:
    """Runs in the measured process."""
    sys.path.insert(0, str(ROOT))
    from kai_desktop.app import prepare_process

    prepare_process()
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from kai_desktop.app import KaiApp, Options

    app = QApplication([sys.argv[0]])
    kai = KaiApp(Options(vault=vault, single_instance=False, save_settings=False))

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and watched is kai.window:
                kai.window.removeEventFilter(self)
                print(json.dumps({"shown": time.time(), "rss_mb": _rss_mb()}), flush=True)
                QTimer.singleShot(0, app.quit)
            return False

    watcher = FirstPaint()
    kai.window.installEventFilter(watcher)
    kai.show()
    app.exec()
    kai.window.close()
    kai.shutdown()
    return 0


def _demo_vault(root: Path, notes: int) -> None:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(notes):
        (root / f"Note {i}.md").write_text(
            f"# Note {i}\n\nSee [[Note {(i * 7) % notes}]] and [[Note {(i + 1) % notes}]].\n",
            encoding="utf-8",
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--notes", type=int, default=200, help="notes in the demo vault")
    parser.add_argument("--child", metavar="VAULT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child)

    work = Path(tempfile.mkdtemp(prefix="kai-startup-"))
    vault = work / "vault"
    _demo_vault(vault, args.notes)
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["KAI_DATA_DIR"] = str(work / "data")
    env["KAI_CONFIG_DIR"] = str(work / "config")
    env["HF_HUB_OFFLINE"] = "1"
    # As installed: byte code is cached (here in a private folder, the tree stays clean).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    shown: list[float] = []
    rss: list[float] = []
    for run in range(-1, args.runs):  # run -1 warms the byte-code cache, not counted
        start = time.time()
        proc = subprocess.run(
            [sys.executable, __file__, "--child", str(vault)],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
        if proc.returncode != 0 or not lines:
            print(proc.stdout, proc.stderr, file=sys.stderr)
            raise SystemExit(f"run {run + 1} failed (exit {proc.returncode})")
        data = json.loads(lines[-1])
        if run < 0:
            continue
        shown.append(data["shown"] - start)
        rss.append(data["rss_mb"])
        print(f"run {run + 1}: window shown after {shown[-1]:.3f} s, RSS {rss[-1]:.0f} MB")
    print(f"window_shown_s={statistics.median(shown):.2f} rss_mb={statistics.median(rss):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
