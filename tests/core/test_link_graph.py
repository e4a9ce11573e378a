"""Link resolution (Obsidian's rules), the graph and its incremental updates."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kai_desktop.core.vault.link_graph import (
    Edge,
    GraphDelta,
    GraphNode,
    LinkGraph,
    build_link_graph,
)
from kai_desktop.core.vault.link_resolver import LinkResolver, path_key
from kai_desktop.core.vault.notes import parse_note


def graph_of(files: dict[str, str]) -> LinkGraph:
    notes = [parse_note(p, t) for p, t in files.items() if p.endswith(".md")]
    return build_link_graph(notes, [p for p in files if not p.endswith(".md")])


# -- resolution ----------------------------------------------------------------------------

FILES = [
    "Note.md",
    "a/Note.md",
    "a/b/Note.md",
    "a/Other.md",
    "x/y/Deep.md",
    "z/y/Deep.md",
    "img/image.png",
    "v1.2.md",
    "docs/report.pdf",
    "Ünïcode.md",
]


@pytest.mark.parametrize(
    ("target", "source", "expected"),
    [
        ("Note", "elsewhere/s.md", "Note.md"),  # shortest path wins
        ("Note.md", "elsewhere/s.md", "Note.md"),  # [[Note]] = [[Note.md]]
        ("note", "elsewhere/s.md", "Note.md"),  # case-insensitive
        ("NOTE.MD", "elsewhere/s.md", "Note.md"),
        ("Note", "a/b/s.md", "a/b/Note.md"),  # own folder first
        ("Note", "a/s.md", "a/Note.md"),
        ("b/Note", "s.md", "a/b/Note.md"),  # folder-qualified: a path suffix
        ("a/Note", "a/b/s.md", "a/Note.md"),
        ("/Note", "a/s.md", "Note.md"),  # from the vault root
        ("/b/Note", "a/s.md", None),
        ("./Note", "a/b/s.md", "a/b/Note.md"),  # relative
        ("../Other", "a/b/s.md", "a/Other.md"),
        ("../../../Note", "a/s.md", None),
        ("Deep", "q.md", "x/y/Deep.md"),  # same depth and length: alphabetical
        ("z/y/Deep", "q.md", "z/y/Deep.md"),
        ("image.png", "s.md", "img/image.png"),
        ("image", "s.md", None),  # non-Markdown files need their extension
        ("IMAGE.PNG", "s.md", "img/image.png"),
        ("report.pdf", "s.md", "docs/report.pdf"),
        ("v1.2", "s.md", "v1.2.md"),
        ("ünïcode", "s.md", "Ünïcode.md"),
        ("Unicode", "s.md", None),
        ("Missing", "s.md", None),
        ("", "s.md", None),
    ],
)
def test_resolver_follows_obsidian_rules(target: str, source: str, expected: str | None) -> None:
    assert LinkResolver(FILES).resolve(target, source) == expected


def test_resolver_is_blind_to_unicode_normalisation() -> None:
    nfd = "Cafe\u0301.md"
    assert LinkResolver([nfd]).resolve("Caf\u00e9", "s.md") == nfd


def test_resolver_add_and_remove() -> None:
    resolver = LinkResolver(["a/Note.md"])
    resolver.add("Note.md")
    assert resolver.resolve("Note", "s.md") == "Note.md"
    resolver.remove("Note.md")
    assert resolver.resolve("Note", "s.md") == "a/Note.md"
    assert "a/Note.md" in resolver
    resolver.remove("a/Note.md")
    assert resolver.resolve("Note", "s.md") is None


@pytest.mark.parametrize(
    ("target", "source", "expected"),
    [
        ("Missing Note", "a/s.md", "Missing Note.md"),
        ("Folder/Missing", "a/s.md", "Folder/Missing.md"),
        ("gone.png", "s.md", "gone.png"),
        ("v2.0", "s.md", "v2.0.md"),
        ("x.md", "s.md", "x.md"),
        ("/Top", "a/s.md", "Top.md"),
        ("../Up", "a/b/s.md", "a/Up.md"),
        ("../../../Far", "a/s.md", "Far.md"),
    ],
)
def test_unresolved_ids_are_the_file_obsidian_would_create(
    target: str, source: str, expected: str
) -> None:
    assert LinkResolver.unresolved_id(target, source) == expected


# -- the graph -----------------------------------------------------------------------------


def test_graph_json_nodes_edges_counts() -> None:
    graph = graph_of(
        {
            "Home.md": "[[A]] [[a]] [[A.md#Top]] ![[pic.png|100]] [[Missing Note]] [[missing note]]"
            " [[#Local]] [[Home]]\n# Local\n",
            "sub/A.md": "# Top\n[[Home|back]]\n",
            "pic.png": "",
            "lonely.pdf": "",
        }
    )
    assert graph.to_json() == {
        "nodes": [
            {"id": "Home.md", "kind": "note"},
            {"id": "Missing Note.md", "kind": "unresolved"},
            {"id": "lonely.pdf", "kind": "attachment"},
            {"id": "pic.png", "kind": "attachment"},
            {"id": "sub/A.md", "kind": "note"},
        ],
        "edges": [
            {"source": "Home.md", "target": "Home.md", "count": 1},
            {"source": "Home.md", "target": "Missing Note.md", "count": 2},
            {"source": "Home.md", "target": "pic.png", "count": 1},
            {"source": "Home.md", "target": "sub/A.md", "count": 3},
            {"source": "sub/A.md", "target": "Home.md", "count": 1},
        ],
    }
    assert graph.unresolved_targets() == {"Missing Note.md": 2}
    assert [(r.source, r.link.target, r.missing) for r in graph.unresolved()] == [
        ("Home.md", "Missing Note", "Missing Note.md"),
        ("Home.md", "missing note", "Missing Note.md"),
    ]
    assert graph.backlinks("Home.md") == ["Home.md", "sub/A.md"]
    assert graph.broken_anchors() == []


def test_property_links_are_edges() -> None:
    graph = graph_of({"m.md": '---\nsource: "[[Origin]]"\n---\n', "Origin.md": ""})
    assert graph.edges() == [Edge("m.md", "Origin.md", 1)]


def test_broken_anchors_are_reported() -> None:
    graph = graph_of(
        {
            "src.md": (
                "[[T#Intro]] [[T#intro]] [[T#Missing]]\n"
                "[[T#Parent#Child]] [[T#Child#Parent]] [[T#Other#Child]]\n"
                "[[T#^blk]] [[T#^nope]] [[#Here]] [[#Gone]] [[doc.pdf#page=2]]\n"
                "[[Nowhere#Heading]] [[T#Key: value]] [[T#Key value]] [[T#bold  words]]\n"
                "# Here\n"
            ),
            "T.md": (
                "# Intro\n## Parent\n### Child\n# Other\ntext ^blk\n## Key: value\n# Child\n"
                "## **Bold** words\n"
            ),
            "doc.pdf": "",
        }
    )
    assert [(b.line, b.target, b.anchor) for b in graph.broken_anchors()] == [
        (1, "T.md", "#Missing"),
        (2, "T.md", "#Child#Parent"),
        (2, "T.md", "#Other#Child"),
        (3, "T.md", "#^nope"),
        (3, "src.md", "#Gone"),
    ]
    messages = [b.message for b in graph.broken_anchors()]
    assert messages[3] == "src.md:3: no block '#^nope' in T.md"
    assert messages[0] == "src.md:1: no heading '#Missing' in T.md"


def test_unreadable_notes_are_nodes_and_link_targets() -> None:
    graph = build_link_graph(
        [parse_note("a.md", "[[Big]] [[Big#Any]]")], unreadable={"Big.md": "too large"}
    )
    assert graph.edges() == [Edge("a.md", "Big.md", 2)]
    assert GraphNode("Big.md", "note") in graph.nodes()
    assert graph.broken_anchors() == []  # its headings are unknown


def test_load_needs_an_empty_graph() -> None:
    graph = graph_of({"a.md": ""})
    with pytest.raises(ValueError, match="empty"):
        graph.load([parse_note("b.md", "")])


def test_attachment_must_not_be_a_note() -> None:
    with pytest.raises(ValueError, match="note"):
        LinkGraph().add_attachment("x.md")


# -- incremental updates -------------------------------------------------------------------


def test_creating_a_missing_note_resolves_links_to_it() -> None:
    graph = graph_of({"a.md": "[[Missing]] [[Missing]]", "b.md": "[[missing]]"})
    delta = graph.update_note("Missing.md", "# Hi\n")
    assert delta.nodes_upserted == [GraphNode("Missing.md", "note")]
    assert delta.nodes_removed == []
    assert delta.edges_removed == []  # same ids: the edges stay, their target changed kind
    assert (
        graph.to_json()
        == graph_of(
            {"a.md": "[[Missing]] [[Missing]]", "b.md": "[[missing]]", "Missing.md": "# Hi\n"}
        ).to_json()
    )


def test_a_closer_note_takes_over_links_and_removal_gives_them_back() -> None:
    graph = graph_of({"a/s.md": "[[Note]]", "Note.md": ""})
    assert graph.edges() == [Edge("a/s.md", "Note.md", 1)]
    delta = graph.update_note("a/Note.md", "")
    assert delta.edges_removed == [("a/s.md", "Note.md")]
    assert delta.edges_upserted == [Edge("a/s.md", "a/Note.md", 1)]
    graph.remove_note("a/Note.md")
    assert graph.edges() == [Edge("a/s.md", "Note.md", 1)]


def test_removing_a_note_makes_links_unresolved() -> None:
    graph = graph_of({"s.md": "[[T]]", "T.md": "[[s]]"})
    delta = graph.remove_note("T.md")
    assert delta.nodes_removed == []
    assert delta.nodes_upserted == [GraphNode("T.md", "unresolved")]
    assert delta.edges_removed == [("T.md", "s.md")]
    assert graph.unresolved_targets() == {"T.md": 1}


def test_unresolved_node_id_follows_the_spellings_in_use() -> None:
    graph = graph_of({"a.md": "[[missing]]", "b.md": "[[Missing]]"})
    assert graph.unresolved_targets() == {"Missing.md": 2}
    delta = graph.remove_note("b.md")
    assert delta.nodes_removed == ["Missing.md", "b.md"]
    assert delta.nodes_upserted == [GraphNode("missing.md", "unresolved")]
    assert Edge("a.md", "missing.md", 1) in delta.edges_upserted


def test_a_new_spelling_can_rename_an_unresolved_node() -> None:
    graph = graph_of({"a.md": "[[missing]]"})
    delta = graph.update_note("b.md", "[[Missing]]")
    assert graph.unresolved_targets() == {"Missing.md": 2}
    assert delta.nodes_removed == ["missing.md"]
    assert GraphNode("Missing.md", "unresolved") in delta.nodes_upserted
    assert Edge("a.md", "Missing.md", 1) in delta.edges_upserted


def test_attachments_come_and_go() -> None:
    graph = graph_of({"n.md": "![[p.png]]"})
    delta = graph.add_attachment("p.png")
    assert delta.nodes_upserted == [GraphNode("p.png", "attachment")]
    assert graph.edges() == [Edge("n.md", "p.png", 1)]
    graph.remove_file("p.png")
    assert graph.unresolved_targets() == {"p.png": 1}
    assert not graph.remove_file("nothing-here.md")


def apply(mirror: dict[str, Any], delta: GraphDelta) -> None:
    nodes: dict[str, str] = mirror["nodes"]
    edges: dict[tuple[str, str], int] = mirror["edges"]
    for node_id in delta.nodes_removed:
        nodes.pop(node_id, None)
        for pair in [p for p in edges if node_id in p]:
            del edges[pair]
    for node in delta.nodes_upserted:
        nodes[node.id] = node.kind
    for pair in delta.edges_removed:
        edges.pop(pair, None)
    for edge in delta.edges_upserted:
        edges[(edge.source, edge.target)] = edge.count


NAMES = ["A", "a", "B", "sub/A", "sub/C", "p.png", "Gone"]
PATHS = ["A.md", "B.md", "sub/A.md", "sub/C.md", "deep/er/A.md", "p.png", "sub/p.png"]
LINK_TEXT = st.lists(
    st.sampled_from([f"[[{n}]]" for n in NAMES] + ["[[A#H]]", "![[p.png]]", "[[#H]]", "# H"]),
    max_size=5,
).map(" ".join)
OPERATION = st.tuples(st.sampled_from(["set", "remove"]), st.sampled_from(PATHS), LINK_TEXT)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(OPERATION, max_size=12))
def test_incremental_updates_match_a_rebuild_and_their_deltas(
    ops: list[tuple[str, str, str]],
) -> None:
    graph = LinkGraph()
    files: dict[str, str] = {}
    mirror: dict[str, Any] = {"nodes": {}, "edges": {}}
    for op, path, text in ops:
        if op == "set":
            files[path] = text
            if path.endswith(".md"):
                delta = graph.update_note(path, text)
            else:
                delta = graph.add_attachment(path)
        else:
            files.pop(path, None)
            delta = graph.remove_file(path)
        apply(mirror, delta)
        rebuilt = graph_of(files)
        assert graph.to_json() == rebuilt.to_json()
        assert mirror["nodes"] == {n.id: n.kind for n in rebuilt.nodes()}
        assert mirror["edges"] == {(e.source, e.target): e.count for e in rebuilt.edges()}
        assert graph.broken_anchors() == rebuilt.broken_anchors()


def test_outgoing_lists_every_link_with_its_target() -> None:
    graph = graph_of({"a.md": "[[#H]] [[b]] [[zz]]\n# H", "b.md": ""})
    assert [(r.link.target, r.target, r.missing) for r in graph.outgoing("a.md")] == [
        ("", "a.md", None),
        ("b", "b.md", None),
        ("zz", None, "zz.md"),
    ]
    assert graph.outgoing("nope.md") == []



@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("Folder/Note.MD", "folder/note.md"),  # ASCII: lower case only
        ("Cafe\u0301.md", "caf\u00e9.md"),  # decomposed accent: composed, then lower case
        ("CAF\u00c9.md", "caf\u00e9.md"),
        ("\u212b.md", "\u00e5.md"),  # the Angstrom sign is NFC "A with ring", lowered
    ],
)
def test_path_keys_are_blind_to_case_and_normalisation(path: str, key: str) -> None:
    assert path_key(path) == key


def test_unresolved_spellings_pick_the_first_and_count_every_link() -> None:
    graph = build_link_graph([
        parse_note("a.md", "[[missing]] [[Missing]] [[missing]]"),
        parse_note("b.md", "[[MISSING]]"),
    ])
    assert graph.unresolved_targets() == {"MISSING.md": 4}
    assert graph.edges() == [Edge("a.md", "MISSING.md", 3), Edge("b.md", "MISSING.md", 1)]
