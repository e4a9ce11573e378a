"""Issue 12 #4: a YAML alias bomb or huge properties never hang a note's reader; the note is
read as text with a warning."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.frontmatter import MAX_PROPERTIES_CHARS, split_frontmatter
from kai_desktop.core.vault.notes import parse_note
from kai_desktop.core.vault.scan import scan_vault
from tests.reliability.conftest import EdgeStack

LAUGHS = "\n".join(
    [
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *(
            f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]"
            for a, b in zip("abcdefgh", "bcdefghi", strict=True)
        ),
        "tags: *i",  # what a reader walks: tags, aliases, links written in properties
        "aliases: *i",
        'related: ["[[Guests]]", *i]',
    ]
)
BOMB_NOTE = f"---\n{LAUGHS}\n---\n# Party\nA note about [[Guests]] and laughter.\n"


def test_a_billion_laughs_note_parses_in_well_under_a_second() -> None:
    started = time.perf_counter()
    note = parse_note("bomb.md", BOMB_NOTE)
    assert time.perf_counter() - started < 0.5
    assert note.properties == {}
    assert note.frontmatter_error is not None
    assert "aliases" in note.frontmatter_error
    assert "read as text" in note.frontmatter_error
    assert [link.target for link in note.links] == ["Guests"]  # the body still counts


@pytest.mark.parametrize(
    ("properties", "why"),
    [
        ("me: &me [*me]", "refer to themselves"),
        ("deep: " + "[" * 80 + "]" * 80, "nested"),
        ("big: |\n" + "  x\n" * (MAX_PROPERTIES_CHARS // 4 + 10), "too large"),
    ],
)
def test_self_reference_depth_and_size_are_capped(properties: str, why: str) -> None:
    started = time.perf_counter()
    fm = split_frontmatter(f"---\n{properties}\n---\nbody\n")
    assert time.perf_counter() - started < 0.5
    assert fm.properties == {}
    assert fm.error is not None
    assert why in fm.error
    assert fm.body == "body\n"


def test_ordinary_aliases_still_load() -> None:
    fm = split_frontmatter("---\nbase: &b {lang: en}\nmine: *b\ntags: [a, b]\n---\n")
    assert fm.error is None
    assert fm.properties == {"base": {"lang": "en"}, "mine": {"lang": "en"}, "tags": ["a", "b"]}


def test_the_graph_scan_of_a_vault_with_a_bomb_finishes_fast(vault_dir: Path) -> None:
    (vault_dir / "bomb.md").write_text(BOMB_NOTE, encoding="utf-8")
    (vault_dir / "Guests.md").write_text("# Guests\n", encoding="utf-8")
    started = time.perf_counter()
    scan = scan_vault(Vault(vault_dir))
    assert time.perf_counter() - started < 1.0
    assert [(e.source, e.target) for e in scan.graph.edges()] == [("bomb.md", "Guests.md")]


def test_the_indexer_indexes_a_bomb_as_text_with_a_warning(
    vault_dir: Path, edge_stack: EdgeStack
) -> None:
    (vault_dir / "bomb.md").write_text(BOMB_NOTE, encoding="utf-8")
    started = time.perf_counter()
    report = edge_stack.indexer.run_sync()
    assert time.perf_counter() - started < 2.0
    assert report.added == 1
    assert report.skipped == []
    assert [(path, "aliases" in why) for path, why in report.warnings] == [("bomb.md", True)]
    hits = edge_stack.retriever().search("laughter guests", limit=1)
    assert hits[0].path == "bomb.md"
    assert "lol" not in hits[0].text  # the properties are not expanded into the index


def test_links_in_one_long_paragraph_keep_their_lines() -> None:
    """Issue 12 (hostile vaults): a paragraph of tens of thousands of links had each link's
    line counted from the paragraph's start (quadratic: 27 s for 40,000 links); the lines
    are counted once, in order, and stay right."""
    from kai_desktop.core.vault.markdown_scan import scan_markdown

    lines = ["# Links", ""] + [" ".join(f"[[n{r}-{c}]]" for c in range(500)) for r in range(40)]
    scan = scan_markdown("\n".join(lines) + "\n")
    assert [(link.target, link.line) for link in scan.links] == [
        (f"n{r}-{c}", r + 3) for r in range(40) for c in range(500)
    ]
