"""The README's Architecture section names what is really there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def architecture_tree() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Architecture", 1)[1]
    return section.split("```", 2)[1]


def test_every_folder_and_module_in_the_tree_exists() -> None:
    parents: list[tuple[int, Path]] = []
    named: list[Path] = []
    for line in architecture_tree().splitlines():
        match = re.match(r"^( *)(\S+)", line)
        if match is None:
            continue
        indent = len(match.group(1))
        while parents and parents[-1][0] >= indent:
            parents.pop()
        base = parents[-1][1] if parents else ROOT
        for name in re.findall(r"(?:^|  )([\w.]+/|[\w.]+\.py)(?=\s|$)", line.strip()):
            path = base / name.rstrip("/")
            named.append(path)
            if name.endswith("/"):
                parents.append((indent, path))
    assert len(named) > 30
    missing = [str(p.relative_to(ROOT)) for p in named if not p.exists()]
    assert missing == []


def test_every_package_of_ours_is_in_the_tree() -> None:
    tree = architecture_tree()
    packages = {
        p.parent.name for p in (ROOT / "kai_desktop").glob("*/*/__init__.py")
    } | {p.parent.name for p in (ROOT / "kai_desktop").glob("*/__init__.py")}
    assert {name for name in packages if f"{name}/" not in tree} == set()
