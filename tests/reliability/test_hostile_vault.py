"""A short run of the hostile-vault bench: the CLI's index, graph and search and the
window on generated hostile vaults neither hang nor crash nor change a file, and the
window quits when asked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.integration
@pytest.mark.skipif(sys.platform == "win32", reason="symlinks and SIGTERM are POSIX here")
def test_hostile_vaults_neither_hang_nor_crash_nor_change_files(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "hostile_vault.py"),
         "--only", "alias_bomb,symlink_escapes", "--keep", str(tmp_path)],
        capture_output=True, text=True, timeout=600, check=False, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    last = done.stdout.strip().splitlines()[-1]
    fields = dict(part.split("=") for part in last.split())
    assert fields["cases"] == "2"
    assert (fields["hung"], fields["crashed"], fields["files_changed"]) == ("0", "0", "0"), (
        done.stdout
    )
    assert fields["max_quit_s"] != "nan", "the window was open and quit when asked"
    assert (tmp_path / "symlink_escapes" / "outside" / "secret.md").read_text(
        encoding="utf-8") == "# Secret\n\nOutside the vault.\n"
