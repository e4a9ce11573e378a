"""A scripted graph layout for tests: what it does is read from a folder at each call, so
a test can change its behaviour between attempts. It runs in the layout worker process,
so it is a picklable object whose class the worker can import."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from kai_desktop.qt.graph.graph_layout import LayoutResult, compute_layout


class ScriptedLayout:
    """Modes (file ``mode``): ``ok``, ``raise``, ``hang`` (writes its pid to ``hanging``
    and sleeps), ``die`` (the process kills itself). Each call adds its pid to ``calls``."""

    def __init__(self, folder: Path, mode: str = "ok") -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.set_mode(mode)

    def set_mode(self, mode: str) -> None:
        (self.folder / "mode").write_text(mode, encoding="utf-8")

    def calls(self) -> list[int]:
        path = self.folder / "calls"
        return [int(x) for x in path.read_text().split()] if path.exists() else []

    def hanging_pid(self) -> int | None:
        path = self.folder / "hanging"
        text = path.read_text() if path.exists() else ""
        return int(text) if text.strip() else None

    def __call__(self, *args: Any, **kwargs: Any) -> LayoutResult:
        with open(self.folder / "calls", "a", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()}\n")
        mode = (self.folder / "mode").read_text(encoding="utf-8")
        if mode == "raise":
            raise ValueError("scripted layout failure")
        if mode == "hang":
            (self.folder / "hanging").write_text(str(os.getpid()), encoding="utf-8")
            time.sleep(3600)
        if mode == "die":
            os.kill(os.getpid(), signal.SIGKILL)
        return compute_layout(*args, **kwargs)
