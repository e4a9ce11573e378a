"""The edits a client can make, as pure functions of the note's text."""

from __future__ import annotations

import pytest

from kai_desktop.mcp.edits import apply_edit
from kai_desktop.mcp.paths import Refused

NOTE = (
    "---\ntags: [a]\n---\n# Title\n\nintro\n\n## Plans\n\nold plan\n\n```\n# not a heading\n```\n"
    "\n### Detail\n\nkept under Plans\n\n## Done\n\nx\n"
)


def test_append_and_prepend_keep_properties_first() -> None:
    assert apply_edit("a", "append", "b") == "a\nb\n"
    assert apply_edit("", "append", "b") == "b\n"
    assert apply_edit(NOTE, "prepend", "Hi").startswith("---\ntags: [a]\n---\nHi\n# Title")
    assert apply_edit("plain", "prepend", "Hi") == "Hi\nplain"


def test_find_replace_needs_the_expected_count() -> None:
    text = "a b a"
    assert apply_edit(text, "find_replace", "c", find_text="a", expected_replacements=2) == "c b c"
    with pytest.raises(Refused, match="occurs 2 time"):
        apply_edit(text, "find_replace", "c", find_text="a")
    with pytest.raises(Refused, match="occurs 0 time"):
        apply_edit(text, "find_replace", "c", find_text="zzz")
    with pytest.raises(Refused, match="find_text"):
        apply_edit(text, "find_replace", "c", find_text="")


def test_replace_section_up_to_the_next_heading_of_its_level() -> None:
    out = apply_edit(NOTE, "replace_section", "new plan", heading="Plans")
    assert "## Plans\n\nnew plan\n\n## Done\n\nx\n" in out
    assert "old plan" not in out
    assert "### Detail" not in out  # sub-sections go with it
    assert out.startswith("---\ntags: [a]\n---\n# Title\n\nintro\n\n")
    last = apply_edit(NOTE, "replace_section", "done now", heading="## Done")
    assert last.endswith("## Done\n\ndone now\n")


def test_replace_section_refuses_unknown_and_ambiguous_headings() -> None:
    with pytest.raises(Refused, match="no heading"):
        apply_edit(NOTE, "replace_section", "x", heading="not a heading")
    twice = "# A\n\n## X\n\none\n\n# B\n\n## X\n\ntwo\n"
    with pytest.raises(Refused, match="occurs 2 times"):
        apply_edit(twice, "replace_section", "x", heading="X")
    with pytest.raises(Refused, match="no heading"):
        apply_edit(NOTE, "replace_section", "x", heading="### Plans")  # wrong level


def test_line_endings_are_kept() -> None:
    assert apply_edit("a\r\nb\r\n", "append", "c\nd") == "a\r\nb\r\nc\r\nd\r\n"
    with pytest.raises(Refused, match="unknown edit"):
        apply_edit("a", "rename", "b")  # type: ignore[arg-type]
