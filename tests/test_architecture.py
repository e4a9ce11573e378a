"""The rule of direction: core imports nothing of ours, infra never Qt, qt never infra.

Parsed with ``ast`` so the rule holds even for imports inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "kai_desktop"

FORBIDDEN = {
    "core": ("PySide6", "shiboken6", "kai_desktop.infra", "kai_desktop.qt", "kai_desktop.app",
             "kai_desktop.cli"),
    "infra": ("PySide6", "shiboken6", "kai_desktop.qt", "kai_desktop.app", "kai_desktop.cli"),
    "qt": ("kai_desktop.infra", "kai_desktop.cli"),
}


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.append((node.lineno, "." * node.level + (node.module or "")))
            elif node.module:
                found.append((node.lineno, node.module))
                found.extend((node.lineno, f"{node.module}.{a.name}") for a in node.names)
    return found


def violations(layer: str) -> list[str]:
    out = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for lineno, module in imported_modules(path):
            if module.startswith("."):
                out.append(f"{path.relative_to(PACKAGE)}:{lineno} relative import {module}")
            for banned in FORBIDDEN[layer]:
                if module == banned or module.startswith(banned + "."):
                    out.append(f"{path.relative_to(PACKAGE)}:{lineno} imports {module}")
    return out


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_respects_the_rule_of_direction(layer: str) -> None:
    assert (PACKAGE / layer).is_dir()
    assert violations(layer) == []


def test_the_checker_catches_a_violation(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from PySide6.QtCore import QObject\n    from .x import y\n")
    mods = [m for _, m in imported_modules(bad)]
    assert "PySide6.QtCore" in mods
    assert ".x" in mods
