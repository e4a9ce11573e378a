"""Wikilink syntax and where links are found (Obsidian's rules), incl. property tests."""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from kai_desktop.core.vault import markdown_scan
from kai_desktop.core.vault.notes import parse_note
from kai_desktop.core.vault.wikilinks import (
    WIKILINK_TOKEN,
    WikiLink,
    parse_link_inner,
    wikilink_plugin,
)


def links(text: str) -> list[WikiLink]:
    return parse_note("n.md", text).links


def parts(link: WikiLink) -> tuple[Any, ...]:
    return (link.target, link.heading, link.block_id, link.alias, link.embed)


# -- the syntax of one link ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("[[Note]]", ("Note", (), None, None, False)),
        ("[[Note.md]]", ("Note.md", (), None, None, False)),
        ("[[Note|shown text]]", ("Note", (), None, "shown text", False)),
        ("[[Note#Heading]]", ("Note", ("Heading",), None, None, False)),
        ("[[Note#H1#H2]]", ("Note", ("H1", "H2"), None, None, False)),
        ("[[#Heading]]", ("", ("Heading",), None, None, False)),
        ("[[Note#^block-id]]", ("Note", (), "block-id", None, False)),
        ("[[#^abc]]", ("", (), "abc", None, False)),
        ("![[embed]]", ("embed", (), None, None, True)),
        ("![[image.png|100]]", ("image.png", (), None, "100", True)),
        ("[[Folder/Note]]", ("Folder/Note", (), None, None, False)),
        ("[[Folder/Note#Part|see | here]]", ("Folder/Note", ("Part",), None, "see | here", False)),
        ("[[ Note # Heading | alias ]]", ("Note", ("Heading",), None, "alias", False)),
        ("[[Note|a#b]]", ("Note", (), None, "a#b", False)),
        ("[[Note|]]", ("Note", (), None, None, False)),
        ("[[Note\\|alias]]", ("Note", (), None, "alias", False)),
    ],
)
def test_link_syntax(source: str, expected: tuple[Any, ...]) -> None:
    (link,) = links(source)
    assert parts(link) == expected
    # The canonical spelling parses back to the same link.
    (again,) = links(link.render())
    assert parts(again) == expected


@pytest.mark.parametrize("inner", ["", "  ", "|alias", "#", "# ", "#^", "a\nb"])
def test_not_a_link(inner: str) -> None:
    assert parse_link_inner(inner) is None
    assert links(f"x [[{inner}]] y") == []


def test_anchor_and_same_note() -> None:
    (link,) = links("[[#Top#Sub]]")
    assert link.is_same_note
    assert link.anchor == "#Top#Sub"
    (block,) = links("[[N#^id]]")
    assert not block.is_same_note
    assert block.anchor == "#^id"


def test_innermost_brackets_win_and_unclosed_is_text() -> None:
    assert [x.target for x in links("[[a [[b]] c")] == ["b"]
    assert links("[[never closed") == []
    assert [x.target for x in links("[[a]]] and [[b]]")] == ["a", "b"]


def test_line_numbers_count_the_whole_file() -> None:
    text = "---\ntags: [x]\n---\nfirst [[A]]\n\npara\nmore [[B]]\n- item [[C]]\n"
    assert [(x.target, x.line) for x in links(text)] == [("A", 4), ("B", 7), ("C", 8)]


def test_line_numbers_with_crlf_and_lone_cr() -> None:
    assert [x.line for x in links("a\r\nb [[X]]\r\n")] == [2]
    assert [x.line for x in links("a\rb\r[[X]]")] == [3]


# -- where links are not links -------------------------------------------------------------


def test_links_in_fenced_and_indented_code_are_not_links() -> None:
    text = "```\n[[InFence]]\n```\n\n~~~md\n[[Tilde]]\n~~~\n\n    [[Indented]]\n\n[[Real]]\n"
    assert [x.target for x in links(text)] == ["Real"]


def test_unclosed_fence_runs_to_the_end() -> None:
    assert links("[[A]]\n```\n[[B]]\n") == [WikiLink("A", line=1)]


def test_links_in_inline_code_are_not_links() -> None:
    text = "`[[A]]` and ``x [[B]] y`` but [[C]] and `unclosed [[D]]"
    assert [x.target for x in links(text)] == ["C", "D"]


def test_inline_comment_hides_links() -> None:
    assert [x.target for x in links("a %% [[Hidden]] %% b [[Shown]] %%[[H2]]%%")] == ["Shown"]


def test_multi_line_comment_spans_paragraphs_and_headings() -> None:
    text = "[[A]]\n%%\n[[B]]\n\n# Hidden heading\n\n[[C]]\n%%\n[[D]]\n"
    note = parse_note("n.md", text)
    assert [x.target for x in note.links] == ["A", "D"]
    assert note.headings == []


def test_unclosed_comment_hides_the_rest_of_the_note() -> None:
    assert [x.target for x in links("[[A]] %% start\n\n[[B]]\n\n[[C]]")] == ["A"]


def test_comment_markers_inside_code_do_not_count() -> None:
    text = "`%%` [[A]]\n\n```\n%%\n```\n\n[[B]]\n"
    assert [x.target for x in links(text)] == ["A", "B"]


def test_escaped_pipe_in_a_table_is_the_alias_separator() -> None:
    text = "| a | b |\n|---|---|\n| [[Note\\|alias]] | [[Other#H\\|x]] |\n"
    got = links(text)
    assert [parts(x) for x in got] == [
        ("Note", (), None, "alias", False),
        ("Other", ("H",), None, "x", False),
    ]
    assert [x.line for x in got] == [3, 3]


def test_unescaped_pipe_in_a_table_splits_the_cell() -> None:
    # As in Obsidian, the bare pipe ends the cell, so there is no link.
    text = "| a | b |\n|---|---|\n| [[Note|alias]] | x |\n"
    assert links(text) == []


def test_escaped_brackets_and_html_blocks_are_not_links() -> None:
    assert links("\\[[Note]]") == []
    assert links("<div>\n[[InHtml]]\n</div>\n\n[[Out]]") == [WikiLink("Out", line=5)]


def test_links_in_urls_are_not_links_but_in_link_text_they_are() -> None:
    text = "[label](http://x.org/[[NotALink]]) and <http://y.org/[[Nor]]> [see [[Yes]]](u)"
    assert [x.target for x in links(text)] == ["Yes"]


def test_links_in_headings_lists_and_quotes() -> None:
    text = "# About [[A]]\n\n- [[B]]\n  - ![[C.png|40]]\n\n> quote [[D#^x]]\n"
    assert [(x.target, x.line) for x in links(text)] == [("A", 1), ("B", 3), ("C.png", 4), ("D", 6)]


# -- property tests ------------------------------------------------------------------------

# Characters a note name may hold in Obsidian (no # | [ ] ^ \ and no line breaks), plus
# a few that are special elsewhere in Markdown.
NAME_CHARS = st.characters(
    blacklist_categories=("Cs", "Cc", "Zl", "Zp"),
    blacklist_characters="#|[]^\\%`<>&!",
)
name = st.text(NAME_CHARS, min_size=1, max_size=20).map(str.strip).filter(bool)
path = st.lists(name, min_size=1, max_size=3).map("/".join)
heading_text = name
block_id = st.text("abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=10)
alias = (
    st.text(
        st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="[]\\`"),
        min_size=1,
        max_size=20,
    )
    .map(str.strip)
    .filter(lambda a: a and "%%" not in a and not a.endswith("]"))
)


@st.composite
def wikilinks(draw: st.DrawFn) -> WikiLink:
    target = draw(st.one_of(st.just(""), path))
    heading = tuple(draw(st.lists(heading_text, max_size=3)))
    block = draw(st.one_of(st.none(), block_id))
    if not target and not heading and block is None:
        heading = ("Top",)
    return WikiLink(
        target=target,
        heading=heading,
        block_id=block,
        alias=draw(st.one_of(st.none(), alias)),
        embed=draw(st.booleans()),
    )


PLAIN = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="[]`%\\!<&\r\n#"),
    max_size=30,
)


@settings(deadline=None)
@given(wikilinks(), PLAIN, PLAIN)
@example(WikiLink("Note", ("A", "B"), None, "x", False), "", "")
def test_rendered_links_parse_back_to_the_same_parts(
    link: WikiLink, before: str, after: str
) -> None:
    text = f"{before} {link.render()} {after}"
    got = links(text)
    assert [parts(x) for x in got] == [parts(link)]


@settings(max_examples=50, deadline=None)
@given(st.lists(wikilinks(), min_size=1, max_size=4))
def test_several_links_in_a_table_cell_row(items: list[WikiLink]) -> None:
    cells = " | ".join(x.render().replace("|", "\\|") for x in items)
    text = f"| {' | '.join('h' for _ in items)} |\n|{'---|' * len(items)}\n| {cells} |\n"
    assert [parts(x) for x in links(text)] == [parts(x) for x in items]


@settings(deadline=None)
@given(st.text().filter(lambda t: "[[" not in t))
def test_text_without_double_brackets_has_no_links(text: str) -> None:
    assert links(text) == []


@settings(deadline=None)
@given(
    wikilinks(),
    st.sampled_from(
        [
            "```\n{}\n```",
            "~~~\nx {} y\n~~~",
            "    {}",
            "`{}`",
            "a ``b {} c`` d",
            "%% {} %%",
            "%%\n\n{}\n\n%%",
            "<div>\n{}\n</div>",
        ]
    ),
)
def test_links_inside_code_and_comments_never_count(link: WikiLink, template: str) -> None:
    rendered = link.render()
    if "`" in template and "`" in rendered:
        return
    assert links(template.format(rendered)) == []


# Text made of the characters that matter to links, code, escapes and comments.
MARKDOWN_SOUP = st.lists(
    st.sampled_from(
        [*"[]!|#^%`\\<>&()*_ \nab.-:", "[[", "]]", "%%", "\n\n", "```\n", "&nbsp;", "[b]: u\n\n"]
    ),
    max_size=40,
).map("".join)


def _full_markdown_it_links(text: str) -> list[tuple[Any, ...]]:
    """Wikilinks per markdown-it with every default inline rule (the reference)."""
    md = MarkdownIt("commonmark", {"html": True}).enable("table").use(wikilink_plugin)
    found = []
    for tok in md.parse(text):
        for child in tok.children or []:
            if child.type == WIKILINK_TOKEN:
                found.append(parts(child.meta["link"]))
    return found


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(MARKDOWN_SOUP)
def test_the_trimmed_parser_finds_what_full_markdown_it_finds(text: str) -> None:
    # Comments are Kai's own layer on top; without them both must agree exactly.
    text = text.replace("%", "")
    assert [parts(x) for x in links(text)] == _full_markdown_it_links(text)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(MARKDOWN_SOUP)
@example("[[a]] [b]: u\n\n[b] [[c]]")
@example("[#t]: u\n\n[#t] [[c]]")  # a reference link: only the parser knows
@example("&nbsp;#tag &#91;&#91;x]]")  # entities: only the parser knows
@example("[a](x[[b]]) [#t](u)")  # an inline link: only the parser knows
@example("x ![[a]] [[b|c]] #t ^id")
def test_the_plain_text_shortcut_agrees_with_the_inline_parser(text: str) -> None:
    fast = parse_note("n.md", text)
    with mock.patch.object(markdown_scan, "_NEEDS_INLINE_PARSER", re.compile("")):
        slow = parse_note("n.md", text)
    assert fast == slow
