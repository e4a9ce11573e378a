"""Front matter round trips: render_note then split_frontmatter gives back what went in."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kai_desktop.core.vault.frontmatter import dump_properties, render_note, split_frontmatter

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
KEY = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=15)
SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63),
    st.floats(allow_nan=False),
    TEXT,
    st.dates(),
    st.datetimes(timezones=st.just(dt.UTC)),
)
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEY, inner, max_size=4)),
    max_leaves=10,
)
PROPERTIES = st.dictionaries(KEY, VALUE, min_size=1, max_size=6)
BODY = st.text(st.characters(blacklist_categories=("Cs",)), max_size=200)


def same(a: Any, b: Any) -> bool:
    """Equality that treats -0.0 like 0.0 and compares key order of mappings too."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isinf(a) and a == b)
    return type(a) is type(b) and a == b


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(PROPERTIES, BODY)
@example({"tags": ["a", "b"], "aliases": "x"}, "# Body\n")
@example({"yes": "no", "on": "off", "null": "~", "n": "0x1F", "d": "2024-01-01"}, "")
@example({"multi": "line one\nline two\n", "colon": "a: b", "hash": "#tag"}, "---\n")
@example({"k": "..."}, "...\n")
def test_render_then_split_round_trips(properties: dict[str, Any], body: str) -> None:
    text = render_note(properties, body)
    fm = split_frontmatter(text)
    assert fm.error is None
    assert same(fm.properties, properties), (fm.properties, properties)
    assert fm.body == body
    assert text.split("\n")[fm.body_line :] == body.split("\n")


@settings(deadline=None)
@given(st.one_of(BODY, BODY.map(lambda b: "---\n" + b), BODY.map(lambda b: f"---\na: 1\n---\n{b}")))
@example("---\nfoo: 1\n---\ntext\n")
@example("---")
def test_a_note_without_properties_keeps_its_body(body: str) -> None:
    fm = split_frontmatter(render_note({}, body))
    assert (fm.properties, fm.body, fm.error) == ({}, body, None)
    if not body.startswith("---"):
        assert (fm.body_line, fm.raw) == (0, None)


@settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(PROPERTIES, BODY)
def test_split_never_raises_and_dump_is_stable(properties: dict[str, Any], body: str) -> None:
    text = render_note(properties, body)
    # Damage the YAML: the note must still split, with the error reported.
    broken = text.replace("---\n", "---\n: [\n", 1)
    fm = split_frontmatter(broken)
    assert fm.error is not None
    assert fm.properties == {}
    assert fm.body == body
    assert dump_properties(split_frontmatter(text).properties) == dump_properties(properties)


def test_crlf_fences_and_body_line() -> None:
    fm = split_frontmatter("---\r\na: 1\r\nb: [x, y]\r\n---\r\nbody\r\n")
    assert fm.properties == {"a": 1, "b": ["x", "y"]}
    assert fm.body == "body\r\n"
    assert fm.body_line == 4


def test_a_body_that_looks_like_front_matter_survives_without_properties() -> None:
    body = "---\nfoo: 1\n---\ntext\n"
    fm = split_frontmatter(render_note({}, body))
    assert (fm.properties, fm.body) == ({}, body)
