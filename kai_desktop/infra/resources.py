"""Locate files under ``resources/`` in a checkout, an installed tree or a frozen app."""

from __future__ import annotations

import sys
from pathlib import Path

_DEFAULT_SOUL = "# Soul\n\nI am Kai, a personal assistant that remembers the person I work with.\n"


def resources_dir() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def resource_text(name: str, fallback: str = "") -> str:
    path = resources_dir() / name
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return fallback


def default_soul() -> str:
    return resource_text("Soul.md", _DEFAULT_SOUL)
