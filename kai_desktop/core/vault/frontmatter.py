"""Obsidian properties: the YAML front matter at the top of a note.

python-frontmatter's own parser raises on any YAML error, cannot report where the body
starts and loads the YAML in one step; Kai needs all three otherwise (a note with broken
properties is reported, never rewritten; chunk line numbers must match the file; aliases
are measured before they are loaded, below), so the split is done here, the YAML itself
is left to PyYAML (its C loader when available), and python-frontmatter is not used.

A few hundred bytes of YAML can name one list a billion times through aliases (PyYAML
builds it as shared objects in no time, but everything that walks the properties would
then walk it a billion times), or a list that contains itself. So the property block is
composed first and its size *as expanded* is measured, with each alias counted in full;
a block over :data:`MAX_PROPERTIES_CHARS`, over :data:`MAX_EXPANDED_SIZE`, nested deeper
than :data:`MAX_DEPTH` or referring to itself is not loaded: the note keeps its text and
gets no properties, with ``error`` saying why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

import yaml

try:  # the C loader is ~10x faster; fall back to pure Python where libyaml is absent
    _Loader: type[Any] = yaml.CSafeLoader
    _Dumper: type[Any] = yaml.CSafeDumper
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader
    _Dumper = yaml.SafeDumper

_FENCE = re.compile(r"^---[ \t]*\r?$")

MAX_PROPERTIES_CHARS: Final = 64 * 1024
"""Largest property block read (characters of YAML)."""
MAX_EXPANDED_SIZE: Final = 256 * 1024
"""Largest property block once aliases are expanded (one per node plus scalar lengths)."""
MAX_DEPTH: Final = 64
"""Deepest nesting of lists and mappings in properties."""


@dataclass(slots=True)
class Frontmatter:
    """A note split into properties and body.

    ``body_line`` is the 0-based line index where the body starts in the original text.
    ``error`` is set (and ``properties`` empty) when a front matter block exists but is
    not a valid YAML mapping; ``raw`` then holds it untouched.
    """

    properties: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    body_line: int = 0
    raw: str | None = None
    error: str | None = None

    @property
    def has_block(self) -> bool:
        return self.raw is not None


def split_frontmatter(text: str) -> Frontmatter:
    """Split ``text`` into properties and body. Never raises on bad YAML."""
    if not text.startswith("---"):
        return Frontmatter(body=text)
    lines = text.split("\n")
    if not _FENCE.match(lines[0]):
        return Frontmatter(body=text)
    for i in range(1, len(lines)):
        if _FENCE.match(lines[i]) or lines[i].rstrip("\r") == "...":
            raw = "\n".join(lines[1:i])
            body = "\n".join(lines[i + 1 :])
            props, error = _load_mapping(raw)
            return Frontmatter(props, body, i + 1, raw, error)
    # An opening fence with no closing one: Obsidian shows it as text, so do we.
    return Frontmatter(body=text)


def _load_mapping(raw: str) -> tuple[dict[str, Any], str | None]:
    if not raw.strip():
        return {}, None
    if len(raw) > MAX_PROPERTIES_CHARS:
        return {}, (
            f"properties too large ({len(raw)} characters, limit {MAX_PROPERTIES_CHARS}); "
            "the note is read as text"
        )
    loader = _Loader(raw)
    try:
        node = loader.get_single_node()
        if node is None:
            return {}, None
        problem = _expansion_problem(node)
        if problem is not None:
            return {}, f"{problem}; the note is read as text"
        data = loader.construct_document(node)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return {}, f"invalid YAML properties{where}: {problem}"
    except RecursionError:
        return {}, "properties nested too deeply; the note is read as text"
    finally:
        loader.dispose()
    if data is None:
        return {}, None
    if not isinstance(data, dict):
        return {}, f"properties must be a mapping, not {type(data).__name__}"
    return {str(k): v for k, v in data.items()}, None


class _OverCap(Exception):
    pass


def _expansion_problem(root: yaml.Node) -> str | None:
    """Why the composed block is too big to load once aliases are expanded, or None.

    Each node's expanded size is computed once (an alias shares its target's node), so this
    takes time in proportion to the YAML text, however large the expansion would be.
    """
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: yaml.Node, depth: int) -> int:
        key = id(node)
        known = sizes.get(key)
        if known is not None:
            return known
        if key in open_nodes:
            raise _OverCap("properties refer to themselves")
        if depth > MAX_DEPTH:
            raise _OverCap(f"properties nested deeper than {MAX_DEPTH} levels")
        if isinstance(node, yaml.ScalarNode):
            total = 1 + len(str(node.value))
        else:
            open_nodes.add(key)
            total = 1
            children = node.value if isinstance(node, yaml.SequenceNode) else [
                item for pair in node.value for item in pair
            ]
            for child in children:
                total += size(child, depth + 1)
                if total > MAX_EXPANDED_SIZE:
                    raise _OverCap(
                        f"properties too large once aliases are expanded "
                        f"(limit {MAX_EXPANDED_SIZE})"
                    )
            open_nodes.discard(key)
        sizes[key] = total
        return total

    try:
        size(root, 0)
    except _OverCap as exc:
        return str(exc)
    return None


def dump_properties(properties: dict[str, Any]) -> str:
    """YAML for ``properties`` in the given key order, Unicode kept readable."""
    if not properties:
        return ""
    out: str = yaml.dump(
        properties,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=10_000,
    )
    return out


def render_note(properties: dict[str, Any], body: str) -> str:
    """A note's full text: a front matter block (when there are properties) then the body."""
    if not properties:
        # A body that itself opens with a fence would be read back as properties:
        # an empty block in front keeps it body text.
        if body.startswith("---") and split_frontmatter(body).has_block:
            return f"---\n---\n{body}"
        return body
    return f"---\n{dump_properties(properties)}---\n{body}"
