"""Hostile vaults for ``bench/hostile_vault.py``: one folder per case, each a Kai vault
(tier files and folders in place, so a window that opens it has nothing to create) with
a few ordinary notes and the trouble the case is named for."""

from __future__ import annotations

import os
import random
import unicodedata
from collections.abc import Callable
from pathlib import Path

SOUL = "# Soul\n\nI am Kai.\n"


def _write(path: Path, data: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")


def base_vault(root: Path) -> None:
    for folder in ("memories", "daily", "sessions", "feedback"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    _write(root / "Soul.md", SOUL)
    _write(root / "Memory.md", "# Memory\n\nPermanent facts.\n")
    _write(root / "Procedural.md", "# Procedural\n\nRules.\n")
    _write(root / "Garden.md", "# Garden\n\nTomatoes near [[Compost]]. A hostile test.\n")
    _write(root / "Compost.md", "# Compost\n\nFeeds the [[Garden]].\n")
    _write(root / "memories/tea.md",
           "---\nkey: tea\ncategory: Preference\nhits: 2\n---\nThe user drinks green tea.\n")


def alias_bomb(root: Path, _outside: Path) -> None:
    levels = ["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
    for n, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[n]
        levels.append(f"{name}: &{name} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},"
                      f"*{prev},*{prev},*{prev}]")
    bomb = "\n".join(levels)
    _write(root / "bomb.md", f"---\n{bomb}\ntags: *i\naliases: *i\n---\n# Bomb\n\nBody.\n")
    _write(root / "memories/bomb.md", f"---\nkey: bomb\n{bomb}\nsource: *i\n---\nA value.\n")


def symlink_loops(root: Path, _outside: Path) -> None:
    (root / "loop").mkdir()
    os.symlink("..", root / "loop" / "up")
    os.symlink("self", root / "self")  # a link to itself
    os.symlink("b.md", root / "a.md")
    os.symlink("a.md", root / "b.md")
    os.symlink("deep/deeper", root / "deep")


def symlink_escapes(root: Path, outside: Path) -> None:
    _write(outside / "secret.md", "# Secret\n\nOutside the vault.\n")
    _write(outside / "mems/stolen.md", "---\nkey: stolen\n---\nNot a vault memory.\n")
    os.symlink(outside / "secret.md", root / "secret.md")
    os.symlink(outside, root / "elsewhere")
    os.symlink("/", root / "rootfs")
    os.rename(root / "memories", root / "memories-real")
    os.symlink(outside / "mems", root / "memories")


def odd_names(root: Path, _outside: Path) -> None:
    names = [
        "back\\slash.md", "tab\tname.md", "new\nline.md", " leading space.md",
        "trailing space .md", "hash#tag.md", "pipe|bar.md", "caret^block.md",
        "[[brackets]].md", "emoji 🌱.md", "UPPER.MD", "dots...md", "-dash.md",
        "x" * 240 + ".md", "quote\"s.md", "colon:name.md", "percent%20.md",
    ]
    for name in names:
        _write(root / "odd" / name, f"# {name!r}\n\nLinks to [[Garden]] and [[{name[:-3]}]].\n")
    for form in ("NFC", "NFD"):
        _write(root / "odd" / unicodedata.normalize(form, "café.md"), f"# café {form}\n")
    _write(root / "odd/Garden.md", "# Another Garden\n\nSame name, other folder.\n")


def binary_files(root: Path, _outside: Path) -> None:
    rng = random.Random(5)
    _write(root / "random.md", bytes(rng.randrange(256) for _ in range(200_000)))
    _write(root / "nul.md", b"# Nul\n\x00\x00\x00" * 1000)
    _write(root / "latin1.md", "# Caf\xe9 cr\xe8me\n".encode("latin-1") * 100)
    noise = bytes(rng.randrange(256) for _ in range(50_000))
    _write(root / "image.md", b"\x89PNG\r\n\x1a\n" + noise)
    _write(root / "utf16.md", "# UTF-16 note\n\nText.\n".encode("utf-16"))
    _write(root / "picture.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 1000)


def huge_notes(root: Path, _outside: Path) -> None:
    _write(root / "one-line.md", "word " * 800_000)  # 4 MB on one line
    _write(root / "over-limit.md", "x" * (6 * 1024 * 1024))  # above the 5 MB note limit
    _write(root / "many-links.md", "".join(f"[[note {n}]] " for n in range(40_000)))
    _write(root / "long-lines.md", ("a" * 10_000 + "\n") * 200)


def deep_nesting(root: Path, _outside: Path) -> None:
    folder = root
    for n in range(120):
        folder = folder / f"d{n}"
    _write(folder / "bottom.md", "# Bottom\n\n[[Garden]]\n")
    _write(root / "quotes.md", "".join(">" * n + " level\n" for n in range(1, 2000)))
    _write(root / "lists.md", "".join("  " * n + "- item\n" for n in range(1000)))
    _write(root / "brackets.md", "[" * 20_000 + "x" + "]" * 20_000)
    _write(root / "headings.md", "".join(f"{'#' * (1 + n % 6)} H{n}\n" for n in range(20_000)))


def punctuation_floods(root: Path, _outside: Path) -> None:
    for name, char in (("gt", ">"), ("open", "["), ("star", "*"), ("tick", "`"),
                       ("pipe", "|"), ("dollar", "$"), ("hash", "#"), ("dash", "-")):
        _write(root / f"flood-{name}.md", char * 100_000)
    _write(root / "table.md", "|" + "a|" * 3000 + "\n" + ("|" + "-|" * 3000 + "\n") * 300)


def broken_properties(root: Path, _outside: Path) -> None:
    notes = {
        "unclosed.md": "---\ntitle: never closed\n# Body\n",
        "tabs.md": "---\ntitle:\tx\n\tbad: indent\n---\nBody\n",
        "not-yaml.md": "---\n: : : [\n---\nBody\n",
        "list.md": "---\n- a\n- b\n---\nBody\n",
        "python-tag.md": "---\nx: !!python/object/apply:os.system ['echo hi']\n---\nBody\n",
        "dupes.md": "---\ntags: a\ntags: b\n---\nBody\n",
        "huge-prop.md": "---\nnote: " + "y" * 500_000 + "\n---\nBody\n",
        "deep-prop.md": "---\nx: " + "[" * 5000 + "]" * 5000 + "\n---\nBody\n",
        "memories/broken.md": "---\nkey: [unclosed\nhits: many\n---\nValue\n",
        "memories/wrong-types.md": "---\nkey: 12\nhits: -5\nimportance: 99\ncreated: yesterday\n"
                                   "category: Nonsense\n---\nValue\n",
        "memories/empty.md": "",
        "bom.md": "\ufeff---\ntitle: bom\n---\nBody\n",
    }
    for rel, text in notes.items():
        _write(root / rel, text)


CASES: dict[str, Callable[[Path, Path], None]] = {
    "alias_bomb": alias_bomb,
    "symlink_loops": symlink_loops,
    "symlink_escapes": symlink_escapes,
    "odd_names": odd_names,
    "binary": binary_files,
    "huge": huge_notes,
    "deep_nesting": deep_nesting,
    "punctuation_floods": punctuation_floods,
    "broken_properties": broken_properties,
}


def make_case(name: str, root: Path, outside: Path) -> None:
    """Build the vault of case ``name`` at ``root``; ``outside`` is a folder beside it
    that escaping links point into."""
    base_vault(root)
    outside.mkdir(parents=True, exist_ok=True)
    CASES[name](root, outside)
