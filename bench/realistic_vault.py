"""A generated vault that looks like real documentation and notes: code blocks, tables,
callouts, long lists and prose, plus two hostile notes (100 KB of ``>``, one 4 MB line)."""

from __future__ import annotations

import random
from pathlib import Path

WORDS = (  # noqa: SIM905 - reads better as prose
    "index query vector shard config build release deploy cache token model request "
    "response server client user project meeting deadline budget draft review summary "
    "garden travel invoice passport library function module parameter default error "
    "warning retry timeout thread process memory disk network sync backup restore"
).split()


def _sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 18))).capitalize() + "."


def _code(rng: random.Random) -> str:
    lines = [f"def {rng.choice(WORDS)}_{i}(x: int) -> int:\n    return x * {i}" for i in range(
        rng.randint(3, 12))]
    return "```python\n" + "\n\n".join(lines) + "\n```"


def _table(rng: random.Random) -> str:
    rows = [f"| {rng.choice(WORDS)} | {rng.randint(0, 999)} | {_sentence(rng)} |"
            for _ in range(rng.randint(3, 20))]
    return "| name | value | notes |\n|---|---|---|\n" + "\n".join(rows)


def _callout(rng: random.Random) -> str:
    body = "\n".join(f"> {_sentence(rng)}" for _ in range(rng.randint(1, 5)))
    return f"> [!{rng.choice(['note', 'warning', 'tip'])}] {rng.choice(WORDS).title()}\n{body}"


def _list(rng: random.Random) -> str:
    return "\n".join(f"- {_sentence(rng)}" for _ in range(rng.randint(5, 40)))


def _prose(rng: random.Random) -> str:
    return " ".join(_sentence(rng) for _ in range(rng.randint(3, 10)))


BLOCKS = (_code, _table, _callout, _list, _prose, _prose)


def make_note(rng: random.Random, i: int) -> str:
    parts = [f"# Page {i}", _prose(rng)]
    for s in range(rng.randint(1, 6)):
        parts.append(f"## Section {s}")
        parts.extend(rng.choice(BLOCKS)(rng) for _ in range(rng.randint(1, 4)))
    return "\n\n".join(parts) + "\n"


def write_realistic_vault(root: Path, notes: int, *, hostile: bool = True) -> int:
    """Write the vault; returns the number of notes written."""
    rng = random.Random(12)
    for i in range(notes):
        path = root / f"docs{i % 25}" / f"page{i:05}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(make_note(rng, i), encoding="utf-8")
    if hostile:  # named to come first, so a run cut short has embedded them
        (root / "00-quotes.md").write_text(">" * 100_000, encoding="utf-8")
        line = " ".join(rng.choice(WORDS) for _ in range(4_000_000 // 7))
        (root / "00-one-line.md").write_text(line[:4_000_000], encoding="utf-8")
        notes += 2
    return notes
