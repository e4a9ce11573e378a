"""Parsing a note: properties, aliases, tags, headings, block ids, property links."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import pickle
import re
from typing import Any
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kai_desktop.core.vault import markdown_scan
from kai_desktop.core.vault import notes as notes_module
from kai_desktop.core.vault.markdown_scan import Heading, scan_markdown
from kai_desktop.core.vault.notes import note_title, parse_note


def test_properties_are_kept_verbatim_and_aliases_tags_extracted() -> None:
    text = (
        "---\n"
        "aliases: [Kai, The Assistant]\n"
        "tags: [project, '#memory']\n"
        "created: 2025-01-02\n"
        "hits: 3\n"
        "nested: {a: [1, 2], b: null}\n"
        "---\n"
        "Body with #inline tag.\n"
    )
    note = parse_note("folder/My Note.md", text)
    assert note.properties == {
        "aliases": ["Kai", "The Assistant"],
        "tags": ["project", "#memory"],
        "created": dt.date(2025, 1, 2),
        "hits": 3,
        "nested": {"a": [1, 2], "b": None},
    }
    assert note.aliases == ["Kai", "The Assistant"]
    assert note.tags == ["project", "memory", "inline"]
    assert note.title == "My Note"
    assert note.frontmatter_error is None
    assert note.body_line == 7


@pytest.mark.parametrize(
    ("props", "aliases", "tags"),
    [
        ("aliases: Solo\ntags: single", ["Solo"], ["single"]),
        ("aliases: 'a, b'\ntags: 'one, two three'", ["a, b"], ["one", "two", "three"]),
        ("alias: Old\ntag: legacy", ["Old"], ["legacy"]),
        ("aliases:\ntags:", [], []),
        ("aliases: [x, null, '', x]\ntags: [2024, null, a]", ["x"], ["2024", "a"]),
    ],
)
def test_aliases_and_tags_as_list_or_single_string(
    props: str, aliases: list[str], tags: list[str]
) -> None:
    note = parse_note("n.md", f"---\n{props}\n---\ntext\n")
    assert note.aliases == aliases
    assert note.tags == tags


def test_inline_tags_follow_obsidian_rules() -> None:
    text = (
        "# Heading is not a tag\n"
        "#start of line and mid #word, nested #area/sub-part and #snake_case.\n"
        "not#atag, #123 is a number, #1st is a tag, url http://x.org/#frag\n"
        "`#code` and \\#escaped and &#35;entity\n"
        "\n"
        "```\n#fenced\n```\n"
        "%% #commented %% #after\n"
        "## Section #intitle\n"
        "#Start again (first spelling wins)\n"
    )
    assert parse_note("n.md", text).tags == [
        "start",
        "word",
        "area/sub-part",
        "snake_case",
        "1st",
        "after",
        "intitle",
    ]


def test_broken_frontmatter_is_reported_and_the_note_still_parsed() -> None:
    text = "---\ntitle: [unclosed\n---\n# Body\n[[Link]] #tag\n"
    note = parse_note("n.md", text)
    assert note.frontmatter_error is not None
    assert "YAML" in note.frontmatter_error
    assert note.properties == {}
    assert note.headings == [Heading(1, "Body", 4)]
    assert [x.target for x in note.links] == ["Link"]
    assert note.tags == ["tag"]


def test_frontmatter_that_is_not_a_mapping_is_reported() -> None:
    note = parse_note("n.md", "---\n- a\n- b\n---\nbody\n")
    assert note.frontmatter_error is not None
    assert note.properties == {}


def test_unclosed_frontmatter_is_body_text() -> None:
    note = parse_note("n.md", "---\ntags: [a]\n# Title\n")
    assert note.properties == {}
    assert note.frontmatter_error is None
    assert note.headings == [Heading(1, "Title", 3)]


def test_headings_with_levels_and_file_lines() -> None:
    text = (
        "---\nx: 1\n---\n"
        "# One\n"
        "text\n"
        "## Two ##\n"
        "Setext\n"
        "======\n"
        "```\n# not a heading\n```\n"
        "    # indented code\n"
        "> ### In a quote\n"
        "#NoSpace is a tag\n"
    )
    note = parse_note("n.md", text)
    assert note.headings == [
        Heading(1, "One", 4),
        Heading(2, "Two", 6),
        Heading(1, "Setext", 7),
        Heading(3, "In a quote", 13),
    ]


def test_block_ids() -> None:
    text = (
        "A paragraph. ^para-1\n\n"
        "- item ^item2\n"
        "- other\n\n"
        "Lone line\n\n^standalone\n\n"
        "middle ^notend text\n\n"
        "`code ^incode`\n\n"
        "```\nfenced ^fence\n```\n\n"
        "%% hidden ^hid %%\n\n"
        "no^space\n"
    )
    assert parse_note("n.md", text).block_ids == ["para-1", "item2", "standalone"]


def test_links_in_property_values_are_found() -> None:
    text = '---\nsource: "[[Origin#Part|o]]"\nrelated:\n  - "[[A]]"\n  - "![[pic.png]]"\n---\n'
    note = parse_note("n.md", text)
    assert [(x.target, x.heading, x.alias, x.embed, x.line) for x in note.property_links] == [
        ("Origin", ("Part",), "o", False, 2),
        ("A", (), None, False, 4),
        ("pic.png", (), None, True, 5),
    ]
    assert note.links == []
    assert note.all_links == note.property_links


def test_bom_and_crlf() -> None:
    note = parse_note("n.md", "\ufeff---\r\ntags: [a]\r\n---\r\n# H\r\n")
    assert note.tags == ["a"]
    assert note.headings == [Heading(1, "H", 4)]


@pytest.mark.parametrize(
    ("path", "title"),
    [("a/b/Note.md", "Note"), ("Note.MD", "Note"), ("x.y.md", "x.y"), ("img.png", "img.png")],
)
def test_note_title(path: str, title: str) -> None:
    assert note_title(path) == title


def test_scan_reports_top_level_blocks_with_nested_break_lines() -> None:
    body = "# T\n\n- a\n- b\n  - c\n\n> q1\n>\n> q2\n\npara\n"
    blocks = scan_markdown(body).blocks
    assert [(b.kind, b.start, b.breaks) for b in blocks] == [
        ("heading", 1, ()),
        ("bullet_list", 3, (4, 5)),
        ("blockquote", 7, (9,)),
        ("paragraph", 11, ()),
    ]
    assert blocks[0].heading == Heading(1, "T", 1)


def test_garbage_never_raises() -> None:
    nasty = "\x00[[\x00]]" + "[" * 5000 + ">" * 200 + "- " * 300 + "%%" + "`" * 99 + "\ud800"
    note = parse_note("n.md", nasty)
    assert note.path == "n.md"


SOUP = st.lists(
    st.sampled_from(
        [*"ab #^=-%[]`!| \n", "[[", "]]", "%%", "\n===\n", "\n---\n", "\n   -\n", "# ", "^id"]
    ),
    max_size=30,
).map("".join)


@settings(max_examples=150, deadline=None)
@given(SOUP)
@example("Title\n===\n")
@example("Title\n   --  \n")
@example("> Title\n> ===\n")
@example("   - Title\n     ===\n")
def test_skipping_bodies_with_nothing_to_find_changes_nothing(text: str) -> None:
    quick = parse_note("n.md", text)
    with mock.patch.object(notes_module, "_MAYBE_SOMETHING", re.compile("")):
        full = parse_note("n.md", text)
    assert quick == full


def test_parsed_notes_pickle_exactly() -> None:
    # Large vaults are parsed in worker processes and sent back pickled.
    text = '---\ntags: [a]\nwhen: 2024-01-02\nsrc: "[[S]]"\n---\n# H\n[[A#B|c]] ![[d.png]] #t ^id\n'
    note = parse_note("x/n.md", text)
    assert pickle.loads(pickle.dumps(note)) == note
    for obj in (note, note.headings[0], note.links[0]):
        assert len(obj.__reduce__()[1]) == len(dataclasses.fields(obj))  # no field forgotten


BLOCK_SOUP = st.lists(
    st.sampled_from(
        ["a", "#", "# h", "> ", ">", "```", "~~~", "|", "| a | b |", "|---|---|", "<div>", "<!--",
         "[a]: /u", "[a]", "===", "---", "- ", "1. ", "    ", "\t", "*", " ", "\n", "\n\n", "%%",
         "_", "***", "* * *", "___", "-"]
    ),
    max_size=40,
).map("".join)  # fmt: skip


def _tokens(md: Any, body: str) -> list[tuple[Any, ...]]:
    return [
        (t.type, t.tag, t.map, t.content, t.level, t.nesting, t.markup, t.info)
        for t in md.parse(body, {})
    ]


@settings(max_examples=150, deadline=None)
@given(BLOCK_SOUP)
@example("> q\n\n```\nx\n```\n| a |\n|---|\n<div>\n[a]: /u\n# h\nt\n===\n")
@example("- a\n- * * *\n  b\n> ___\ntext\n\t- - -\n")
def test_leaving_out_block_rules_that_cannot_match_changes_no_token(body: str) -> None:
    full = markdown_scan.markdown_parser()
    assert _tokens(markdown_scan._parser_for(body, lean_tables=False), body) == _tokens(full, body)


def test_scan_note_parses_as_parse_note_does() -> None:
    """The indexer reads a note's body once for its properties and its chunks."""
    from kai_desktop.core.vault.notes import parse_note, scan_note

    for text in (
        "plain words only\n",
        "---\ntags: [a, b]\ntitle: T\n---\n# Head\n\nSee [[Other|alias]] and #tag ^block\n",
        "\ufeff# Title\r\n\r\n> [!note] Callout\r\n> with [[Link]]\r\n",
        "---\nbroken: [yaml\n---\nbody #x\n",
    ):
        scanned = scan_note("n.md", text)
        assert scanned.parsed == parse_note("n.md", text)
        assert "\r" not in scanned.text
        assert not scanned.text.startswith("\ufeff")


TABLE_SOUP = st.lists(
    st.sampled_from(
        ["a", "| a | b |", "|---|---|", "|:-:|", "| [[x]] | #t |", "|", "\\|", "[[a\\|b]]",
         " ^id", "%%", "#", "> ", "- ", "    ", "```", "\n", "\n", "\n\n", "|x|y|z|", "-", ":"]
    ),
    max_size=40,
).map("".join)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(TABLE_SOUP)
@example("| a | [[b]] |\n|---|---|\n| #c | d ^e |\n| f |\n> q\n| g | h |\n")
@example("| a | b |\n|---|---|\n| [[x\\|y]] | %% |\n| c %% #t | [[z]] |\n\nafter [[w]]\n")
@example("- | a | b |\n  |---|---|\n  | #x | y |\n")
# at the limit on filled-in cells:
@example("|a" * 32_769 + "\n" + "|-" * 32_769 + "\n| x |\n| #y |\n| [[z]] |\n")
def test_lean_tables_scan_as_full_tables_do(body: str) -> None:
    """The scan's table rule skips cells and rows that hold nothing it reads; what it finds
    (blocks, rows where a table may be cut, links, tags, block ids) is the same."""
    lean = markdown_scan._parser_for(body)
    full = markdown_scan._parser_for(body, lean_tables=False)
    with mock.patch.object(markdown_scan, "_parser_for", return_value=full):
        expected = markdown_scan.scan_markdown(body, 3)
    with mock.patch.object(markdown_scan, "_parser_for", return_value=lean):
        assert markdown_scan.scan_markdown(body, 3) == expected


def test_a_huge_table_scans_fast_and_small() -> None:
    """3,000 columns by 300 rows: markdown-it's rule makes 2.7 million tokens (13 s,
    860 MB); the lean rule makes one per row."""
    from kai_desktop.core.vault import lean_table

    body = "|" + "a|" * 3000 + "\n" + ("|" + "-|" * 3000 + "\n") * 300
    tokens = markdown_scan._parser_for(body).parse(body)
    assert len(tokens) < 3 * 302
    scan = markdown_scan.scan_markdown(body)
    blocks = [(b.kind, b.start, b.end, len(b.breaks)) for b in scan.blocks]
    assert blocks == [("table", 1, 301, 299)]
    assert lean_table.cell_count("|" + "a|" * 3000) == 3000


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="|\\a ", max_size=30).map(str.strip))
def test_cells_are_counted_as_they_are_split(row: str) -> None:
    from kai_desktop.core.vault import lean_table

    assert lean_table.cell_count(row) == len(lean_table._cells(row))


def test_markdown_it_block_rules_trace_nothing(caplog: pytest.LogCaptureFixture) -> None:
    """Their per-rule debug traces cost a fifth of a parse: they are made no-ops."""
    caplog.set_level(logging.DEBUG, logger="markdown_it")
    scan = markdown_scan.scan_markdown("# Title\n\n- a\n- b\n\n> quote\n\ntext [[Link]]\n")
    assert [h.text for h in scan.headings] == ["Title"]
    assert not [r for r in caplog.records if r.name.startswith("markdown_it")]
    logging.getLogger("markdown_it.rules_block.list").warning("still heard")
    assert [r.getMessage() for r in caplog.records] == ["still heard"]
