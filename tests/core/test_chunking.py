"""Heading-aware chunking: sections, line ranges, size limits, determinism."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kai_desktop.core.retrieval.chunking import Chunk, chunk_note
from kai_desktop.core.vault.frontmatter import split_frontmatter

NOTE = """---
tags: [a]
title: t
---
Intro line.

# Alpha
Alpha text.

## Beta
Beta one.

Beta two.

# Gamma
```
# not a heading
```
%% # hidden heading %%
> # quoted heading
"""


def summary(chunks: list[Chunk]) -> list[tuple[tuple[str, ...], int, int]]:
    return [(c.heading_path, c.start_line, c.end_line) for c in chunks]


def test_split_at_headings_with_heading_paths_and_file_lines() -> None:
    chunks = chunk_note("n.md", NOTE)
    assert summary(chunks) == [
        ((), 5, 5),
        (("Alpha",), 7, 8),
        (("Alpha", "Beta"), 10, 13),
        (("Gamma",), 15, 20),
    ]
    assert [c.index for c in chunks] == [0, 1, 2, 3]
    assert all(c.path == "n.md" for c in chunks)
    assert chunks[2].text == "## Beta\nBeta one.\n\nBeta two."
    lines = NOTE.split("\n")
    for chunk in chunks:
        assert chunk.text == "\n".join(lines[chunk.start_line - 1 : chunk.end_line])


def test_front_matter_is_never_part_of_a_chunk() -> None:
    chunks = chunk_note("n.md", "---\na: 1\n---\n")
    assert chunks == []
    assert chunk_note("n.md", "") == []
    assert chunk_note("n.md", "\n\n  \n") == []


def test_broken_front_matter_is_still_excluded() -> None:
    chunks = chunk_note("n.md", "---\na: [\n---\nbody\n")
    assert summary(chunks) == [((), 4, 4)]


def test_a_bare_heading_joins_its_first_subsection() -> None:
    text = "# Top\n## Sub\ntext\n## Empty\n# Last\n"
    assert summary(chunk_note("n.md", text)) == [
        (("Top", "Sub"), 1, 3),
        (("Top", "Empty"), 4, 4),
        (("Last",), 5, 5),
    ]


def test_long_sections_split_at_paragraph_boundaries() -> None:
    paragraphs = [f"Paragraph {i} " + "word " * 20 for i in range(6)]
    text = "# Long\n\n" + "\n\n".join(paragraphs) + "\n"
    chunks = chunk_note("n.md", text, max_chars=250)
    assert all(len(c.text) <= 250 for c in chunks)
    assert all(c.heading_path == ("Long",) for c in chunks)
    assert chunks[0].text.startswith("# Long\n\nParagraph 0")
    # Every chunk is made of whole paragraphs.
    for chunk in chunks:
        body = chunk.text.removeprefix("# Long\n\n")
        assert all(p.strip() in paragraphs[int(p.split()[1])] for p in body.split("\n\n"))
    # Greedy packing: two paragraphs (about 113 characters each) fit in every chunk.
    assert [c.text.count("Paragraph") for c in chunks] == [2, 2, 2]


def test_long_lists_split_between_items_and_code_between_lines() -> None:
    items = "\n".join(f"- item {i} " + "x" * 40 for i in range(10))
    code = "```\n" + "\n".join(f"line {i} " + "y" * 40 for i in range(10)) + "\n```"
    text = f"{items}\n\n{code}\n"
    chunks = chunk_note("n.md", text, max_chars=120)
    lines = text.split("\n")
    for chunk in chunks:
        assert len(chunk.text) <= 120
        assert chunk.text == "\n".join(lines[chunk.start_line - 1 : chunk.end_line])
        assert chunk.text.startswith(("- item", "line", "```"))


def test_an_over_long_line_is_cut_into_pieces() -> None:
    line = " ".join(f"w{i:03d}" for i in range(100))
    chunks = chunk_note("n.md", f"# H\n{line}\n", max_chars=50)
    pieces = [c for c in chunks if c.start_line == 2]
    assert all(c.end_line == 2 for c in pieces)
    assert "".join(c.text for c in pieces) == line
    assert all(len(c.text) <= 50 for c in chunks)


def test_max_chars_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_chars"):
        chunk_note("n.md", "x", max_chars=0)


def test_crlf_text_gives_clean_chunks() -> None:
    chunks = chunk_note("n.md", "# A\r\none\r\n# B\r\ntwo\r\n")
    assert [(c.text, c.start_line) for c in chunks] == [("# A\none", 1), ("# B\ntwo", 3)]


# -- properties ----------------------------------------------------------------------------

LINE = st.one_of(
    st.sampled_from(
        ["", "# H1", "## H2", "### H3", "- item", "  - nested", "> quote", "```", "%%", "---"]
    ),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=80),
)
NOTE_TEXT = st.lists(LINE, max_size=40).map("\n".join)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(NOTE_TEXT, st.integers(min_value=1, max_value=300))
def test_chunk_invariants(text: str, max_chars: int) -> None:
    chunks = chunk_note("p.md", text, max_chars=max_chars)
    assert chunks == chunk_note("p.md", text, max_chars=max_chars)  # deterministic
    lines = text.split("\n")
    previous_end = 0
    for i, chunk in enumerate(chunks):
        assert chunk.index == i
        assert 1 <= chunk.start_line <= chunk.end_line <= len(lines)
        assert len(chunk.text) <= max_chars
        exact = "\n".join(lines[chunk.start_line - 1 : chunk.end_line])
        if chunk.text != exact:  # a piece of one over-long line
            assert chunk.start_line == chunk.end_line
            assert chunk.text in exact
            assert chunk.start_line >= previous_end
        else:
            assert chunk.start_line > previous_end
        previous_end = chunk.end_line


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(NOTE_TEXT)
def test_every_body_line_with_text_is_in_some_chunk(text: str) -> None:
    # Reference definitions produce no block; keep them out of the generated text.
    lines = text.split("\n")
    covered = set()
    for chunk in chunk_note("p.md", text):
        covered.update(range(chunk.start_line, chunk.end_line + 1))
    first_body_line = split_frontmatter(text).body_line + 1
    for number, line in enumerate(lines, 1):
        if number >= first_body_line and line.strip() and not line.lstrip().startswith("["):
            assert number in covered, (number, line)
