"""A short crash loop: SIGKILL at random points of write storms through the app's vault
writer, memory store and trash loses no acknowledged write and tears no note."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_few_kills_lose_and_tear_nothing() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "crash_loop.py"), "--runs", "4", "--seed", "3"],
        capture_output=True, text=True, timeout=300, check=False, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    last = done.stdout.strip().splitlines()[-1]
    fields = dict(part.split("=") for part in last.split())
    assert fields["runs"] == "4"
    assert int(fields["acked"]) > 0, "the storms wrote something before each kill"
    assert (fields["lost"], fields["torn"], fields["leftover_tmp"]) == ("0", "0", "0"), last
