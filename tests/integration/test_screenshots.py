"""The screenshot script runs the real window under Xvfb and saves every picture."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

EXPECTED = [
    "01-chat.png",
    "02-memory-panel.png",
    "03-show-all.png",
    "04-edit-sheet.png",
    "05-undo-snackbar.png",
    "06-graph.png",
    "07-settings.png",
    "08-edit-history.png",
    "09-review-inbox.png",
    "10-budget-meter.png",
    "11-citation-at-line.png",
    "12-graph-memory-links.png",
    "13-settings-api-key.png",
    "14-agent-mode.png",
    "15-agent-undo.png",
    "16-folder-setup.png",
]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses xvfb-run")


def _distinct_colours(image: QImage, step: int = 7) -> int:
    colours = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            colours.add(image.pixel(x, y))
    return len(colours)


def test_screenshots_under_xvfb(qapp: object, tmp_path: Path) -> None:
    xvfb_run = shutil.which("xvfb-run")
    assert xvfb_run, "xvfb-run is missing: packaging/install.sh installs the xvfb package"
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}  # a real X server
    out = tmp_path / "shots"
    done = subprocess.run(
        [xvfb_run, "-a", sys.executable, "-m", "kai_desktop.screenshots", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=400,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    listed = json.loads(done.stdout.strip().splitlines()[-1])["screenshots"]
    assert [Path(p).name for p in listed] == EXPECTED
    for name in EXPECTED:
        image = QImage(str(out / name))
        assert not image.isNull(), name
        assert image.width() >= 300, name
        assert image.height() >= 200, name
        assert _distinct_colours(image) > 20, f"{name} looks blank"
    window = QImage(str(out / "01-chat.png"))
    assert (window.width(), window.height()) == (1280, 800)  # the whole window, on screen
