from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kai_desktop.core.retrieval.packing import pack_context
from kai_desktop.core.retrieval.ports import Embedder, SearchIndex
from kai_desktop.core.retrieval.records import (
    ChunkRecord,
    IndexPoint,
    IndexQuery,
    ScoreWeights,
    SearchFilters,
    SearchMode,
    folder_chain,
    format_datetime,
    parse_datetime,
    point_id,
    recency,
    score_parts,
)
from kai_desktop.core.retrieval.search import Hit, Retriever
from kai_desktop.core.settings import Settings
from tests.core.test_retrieval_fakes import MemoryIndex, WordEmbedder, record

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def test_point_ids_are_stable_and_distinct_per_path_and_position() -> None:
    assert point_id("a.md", 0) == point_id("a.md", 0)
    ids = {point_id(p, i) for p in ("a.md", "b.md", "a/b.md") for i in range(3)}
    assert len(ids) == 9


def test_folder_chain_lists_every_enclosing_folder() -> None:
    assert folder_chain("note.md") == []
    assert folder_chain("a/b/c.md") == ["a", "a/b"]


def test_datetimes_round_trip_through_payload_form() -> None:
    value = datetime(2026, 5, 1, 8, 30, tzinfo=UTC)
    assert format_datetime(value) == "2026-05-01T08:30:00Z"
    assert parse_datetime("2026-05-01T08:30:00Z") == value
    assert parse_datetime(value) == value
    assert parse_datetime("not a date") is None
    assert parse_datetime(None) is None
    assert parse_datetime(datetime(2026, 5, 1).date()) is not None


def test_payload_round_trip_keeps_every_field() -> None:
    rec = ChunkRecord(
        path="memories/x.md",
        chunk_index=2,
        heading="A > B",
        start_line=3,
        end_line=9,
        text="hello",
        tags=("t1", "t2"),
        category="learning",
        importance=0.8,
        hits=4,
        updated=datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC),
        content_hash="abc",
        chunk_hash="def",
    )
    payload = rec.to_payload()
    assert payload["folder"] == ["memories"]
    assert ChunkRecord.from_payload(payload) == rec


def test_a_payload_holds_only_fields_with_a_value_and_one_string_for_the_rest() -> None:
    """Each payload value costs the engine a conversion of its own: what nothing filters
    on or ranks by travels as one string, and empty fields are left out."""
    rec = ChunkRecord(path="top.md", chunk_index=0, heading="", start_line=1, end_line=2,
                      text="words", updated=datetime(2026, 1, 2, tzinfo=UTC))
    payload = rec.to_payload()
    assert sorted(payload) == ["importance", "meta", "path", "text", "updated"]
    assert ChunkRecord.from_payload(payload) == rec


@pytest.mark.parametrize(
    "meta", [None, "not json", "[1, 2]", '{"a": 1}', '["a","b","c","d","e","f",1,2,3]']
)
def test_a_payload_with_a_broken_meta_field_still_reads(meta: object) -> None:
    """A payload written by another program (or an older layout) never stops a search."""
    back = ChunkRecord.from_payload({"path": "a.md", "text": "hello world", "meta": meta})
    assert (back.path, back.text) == ("a.md", "hello world")
    assert (back.chunk_index, back.chunk_count, back.heading) == (0, 1, "")


def test_score_parts_add_up_to_the_score() -> None:
    rec = record("a.md", importance=0.7, updated=NOW - timedelta(hours=10))
    query = IndexQuery(text="x", vector=None, now=NOW, weights=ScoreWeights(0.3, 0.5, 1.0))
    parts = score_parts(rec, 1.5, query)
    assert parts["importance"] == pytest.approx(0.21)
    assert parts["recency"] == pytest.approx(0.5 * 0.995**10)
    assert sum(parts.values()) == pytest.approx(1.5)


def test_recency_never_exceeds_one_for_future_timestamps() -> None:
    assert recency(NOW + timedelta(hours=5), NOW) == 1.0
    assert recency(NOW - timedelta(hours=24 * 7), NOW) == pytest.approx(0.995**168)


def test_weights_come_from_settings() -> None:
    settings = Settings(weight_importance=0.5, weight_recency=0.25, weight_similarity=2.0)
    assert ScoreWeights.from_settings(settings) == ScoreWeights(0.5, 0.25, 2.0)


def test_fakes_satisfy_the_protocols() -> None:
    assert isinstance(WordEmbedder(), Embedder)
    assert isinstance(MemoryIndex(), SearchIndex)


# -- packing --------------------------------------------------------------------------------


def _hit(path: str, idx: int, text: str, score: float = 1.0) -> Hit:
    return Hit(path, "", idx * 10 + 1, idx * 10 + 5, text, score, {"similarity": score}, idx)


def _tokens(text: str) -> int:
    return len(text.split())


def test_packing_takes_one_chunk_per_note_before_any_neighbour() -> None:
    ranked = [
        _hit("a.md", 3, "a3 " * 10, 3.0),
        _hit("a.md", 4, "a4 " * 10, 2.9),
        _hit("b.md", 0, "b0 " * 10, 2.0),
    ]
    neighbours = {
        ("a.md", 2): _hit("a.md", 2, "a2 " * 10),
        ("a.md", 4): ranked[1],
        ("b.md", 1): _hit("b.md", 1, "b1 " * 10),
    }
    # Room for three chunks (10 tokens + no overhead each): a3, b0, then a's neighbour a2.
    packed = pack_context(ranked, neighbours, 30, _tokens, item_overhead=0)
    assert [(h.path, h.chunk_index) for h in packed] == [("a.md", 2), ("a.md", 3), ("b.md", 0)]
    assert packed[0].score == 3.0  # a neighbour carries its note's score
    assert packed[0].score_parts["neighbour"] == 1.0


def test_packing_skips_a_chunk_too_big_but_keeps_smaller_ones() -> None:
    ranked = [_hit("big.md", 0, "w " * 500, 5.0), _hit("small.md", 0, "w " * 5, 1.0)]
    packed = pack_context(ranked, {}, 50, _tokens, item_overhead=0)
    assert [h.path for h in packed] == ["small.md"]


def test_packing_with_no_budget_returns_nothing() -> None:
    assert pack_context([_hit("a.md", 0, "x")], {}, 0, _tokens) == []


@given(
    sizes=st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=12),
    budget=st.integers(min_value=0, max_value=200),
)
def test_packing_never_exceeds_the_budget(sizes: list[int], budget: int) -> None:
    ranked = [_hit(f"n{i % 4}.md", i, "w " * size) for i, size in enumerate(sizes)]
    neighbours = {
        (h.path, h.chunk_index + 1): _hit(h.path, h.chunk_index + 1, "w " * 7) for h in ranked
    }
    packed = pack_context(ranked, neighbours, budget, _tokens, item_overhead=3)
    assert sum(_tokens(h.text) + 3 for h in packed) <= budget
    assert len({(h.path, h.chunk_index) for h in packed}) == len(packed)


# -- retriever over the in-memory fake -----------------------------------------------------------


def _retriever(points: list[ChunkRecord]) -> tuple[Retriever, MemoryIndex]:
    embedder = WordEmbedder()
    index = MemoryIndex()
    index.upsert([IndexPoint(r, embedder.embed_query(r.text)) for r in points])
    return Retriever(embedder, index, clock=lambda: NOW), index


def test_search_returns_citable_hits_best_first() -> None:
    retriever, _ = _retriever(
        [
            record("pets.md", 0, "my dog rex loves the park", updated=NOW),
            record("work.md", 0, "quarterly report deadline friday", updated=NOW),
        ]
    )
    hits = retriever.search("where does rex go", limit=2)
    assert hits[0].path == "pets.md"
    assert (hits[0].start_line, hits[0].end_line) == (1, 5)
    assert set(hits[0].score_parts) == {"importance", "recency", "similarity"}
    assert hits[0].score == pytest.approx(sum(hits[0].score_parts.values()))


def test_blank_query_or_zero_limit_finds_nothing() -> None:
    retriever, _ = _retriever([record("a.md", 0, "anything")])
    assert retriever.search("   ") == []
    assert retriever.search("anything", limit=0) == []


def test_importance_and_recency_break_ties_between_equal_matches() -> None:
    retriever, _ = _retriever(
        [
            record(
                "old.md",
                0,
                "tea preference green",
                importance=0.5,
                updated=NOW - timedelta(days=60),
            ),
            record("new.md", 0, "tea preference green", importance=0.9, updated=NOW),
        ]
    )
    hits = retriever.search("tea preference", limit=2)
    assert [h.path for h in hits] == ["new.md", "old.md"]
    assert hits[0].score_parts["importance"] > hits[1].score_parts["importance"]
    assert hits[0].score_parts["recency"] > hits[1].score_parts["recency"]


def test_filters_restrict_results() -> None:
    retriever, _ = _retriever(
        [
            record(
                "memories/a.md",
                0,
                "coffee",
                tags=("drinks",),
                category="preference",
                updated=NOW - timedelta(days=1),
            ),
            record("notes/b.md", 0, "coffee", updated=NOW - timedelta(days=30)),
        ]
    )
    by_folder = retriever.search("coffee", filters=SearchFilters(folder="memories"))
    assert [h.path for h in by_folder] == ["memories/a.md"]
    assert [h.path for h in retriever.search("coffee", filters=SearchFilters(tag="#Drinks"))] == [
        "memories/a.md"
    ]
    assert [
        h.path
        for h in retriever.search(
            "coffee", filters=SearchFilters(updated_before=NOW - timedelta(days=7))
        )
    ] == ["notes/b.md"]


def test_keyword_and_dense_modes_run_alone() -> None:
    retriever, _ = _retriever([record("a.md", 0, "alpha beta"), record("b.md", 0, "gamma")])
    assert [h.path for h in retriever.search("alpha", mode=SearchMode.KEYWORD)] == ["a.md"]
    assert retriever.search("gamma", mode=SearchMode.DENSE)[0].path == "b.md"


def test_context_adds_neighbouring_chunks_of_the_top_note() -> None:
    retriever, _ = _retriever(
        [
            record("guide.md", 0, "introduction to sourdough baking"),
            record("guide.md", 1, "sourdough starter feeding schedule flour water"),
            record("guide.md", 2, "shaping the loaf"),
            record("other.md", 0, "unrelated gardening notes"),
        ]
    )
    packed = retriever.context("sourdough starter feeding", token_budget=200)
    assert [(h.path, h.chunk_index) for h in packed][:3] == [
        ("guide.md", 0),
        ("guide.md", 1),
        ("guide.md", 2),
    ]


def test_context_respects_a_tight_budget() -> None:
    retriever, _ = _retriever([record("a.md", i, "word " * 40) for i in range(5)])
    packed = retriever.context("word", token_budget=70)
    assert len(packed) == 1
    assert retriever.context("word", token_budget=0) == []


def test_filters_match_payload_values_as_stored() -> None:
    from kai_desktop.core.retrieval.records import SearchFilters

    filters = SearchFilters(folder="/projects/garden/", tag="#Soil", category="Preference")
    assert filters.exact_matches() == {
        "folder": "projects/garden", "tags": "soil", "category": "preference",
    }
    assert SearchFilters(folder="/", tag="#").exact_matches() == {}  # nothing left: no filter
