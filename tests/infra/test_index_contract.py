"""The SearchIndex contract, run against both back ends (Qdrant Edge and qdrant-client's
local mode standing in for a server)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.ports import SearchIndex
from kai_desktop.core.retrieval.records import (
    ChunkRecord,
    IndexPoint,
    IndexQuery,
    ScoreWeights,
    SearchFilters,
    SearchMode,
    point_id,
)
from kai_desktop.infra.qdrant.edge import EdgeIndex
from kai_desktop.infra.qdrant.server import ServerIndex

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
DIM = 4


def make_edge(tmp: Path) -> SearchIndex:
    return EdgeIndex(tmp / "edge", dim=DIM, embedder_name="test")


def make_local(tmp: Path) -> SearchIndex:
    return ServerIndex.connect("kai-test", dim=DIM, embedder_name="test", path=str(tmp / "q"))


@pytest.fixture(scope="module", params=[make_edge, make_local], ids=["edge", "local"])
def backend(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SearchIndex]:
    factory: Callable[[Path], SearchIndex] = request.param
    idx = factory(tmp_path_factory.mktemp("index"))
    yield idx
    idx.close()


@pytest.fixture
def index(backend: SearchIndex) -> SearchIndex:
    """The module's index, emptied (creating a shard per test costs about a second)."""
    backend.delete([point_id(r.path, r.chunk_index) for r in backend.records()])
    assert backend.count() == 0
    return backend


def rec(
    path: str,
    text: str,
    *,
    index: int = 0,
    importance: float = 0.5,
    hours_old: float = 0.0,
    tags: tuple[str, ...] = (),
    category: str | None = None,
) -> ChunkRecord:
    return ChunkRecord(
        path=path, chunk_index=index, heading="H", start_line=1, end_line=2, text=text,
        tags=tags, category=category, importance=importance,
        updated=NOW - timedelta(hours=hours_old), chunk_hash=f"{path}:{index}",
    )


POINTS = [
    IndexPoint(rec("notes/cats.md", "cats purr softly", importance=0.9, hours_old=10,
                   tags=("pets",)), [1.0, 0.0, 0.0, 0.0]),
    IndexPoint(rec("notes/deep/dogs.md", "dogs bark loudly", hours_old=100,
                   tags=("pets",), category="general"), [0.0, 1.0, 0.0, 0.0]),
    IndexPoint(rec("memories/tea.md", "green tea every morning", importance=0.8,
                   category="preference"), [0.0, 0.0, 1.0, 0.0]),
    IndexPoint(rec("car.md", "the car needs new tyres", hours_old=2000), [0.0, 0.0, 0.0, 1.0]),
]


def query(
    text: str,
    vector: list[float] | None,
    mode: SearchMode = SearchMode.HYBRID,
    filters: SearchFilters | None = None,
    weights: ScoreWeights | None = None,
) -> IndexQuery:
    return IndexQuery(
        text=text, vector=vector, mode=mode, filters=filters or SearchFilters(), limit=10,
        candidates=10, weights=weights or ScoreWeights(), now=NOW, rrf_k=10,
    )


def paths(index: SearchIndex, q: IndexQuery) -> list[str]:
    return [s.record.path for s in index.query(q)]


def test_upsert_count_fetch_delete(index: SearchIndex) -> None:
    index.upsert(POINTS)
    assert index.count() == 4
    index.upsert(POINTS[:1])  # same id: replaced, not added
    assert index.count() == 4
    got = index.fetch([point_id("notes/cats.md", 0), point_id("nope.md", 0)], with_vectors=True)
    assert list(got) == [point_id("notes/cats.md", 0)]
    stored = got[point_id("notes/cats.md", 0)]
    assert stored.record == POINTS[0].record
    assert stored.vector == pytest.approx([1.0, 0.0, 0.0, 0.0])
    assert index.fetch([point_id("car.md", 0)])[point_id("car.md", 0)].vector is None
    index.delete([point_id("car.md", 0)])
    assert index.count() == 3
    index.clear()
    assert index.count() == 0


def test_points_without_a_vector_are_found_by_keyword_then_given_one(
    index: SearchIndex,
) -> None:
    """Keyword-first indexing: a chunk is stored before its vector exists."""
    index.upsert([IndexPoint(POINTS[0].record, None), IndexPoint(POINTS[1].record, None),
                  POINTS[2]])
    waiting = sorted(r.path for r in index.without_vectors())
    assert waiting == ["notes/cats.md", "notes/deep/dogs.md"]
    assert paths(index, query("cats", None, SearchMode.KEYWORD)) == ["notes/cats.md"]
    hybrid = paths(index, query("cats", [1.0, 0.0, 0.0, 0.0]))
    assert hybrid[0] == "notes/cats.md"  # by its text alone
    dense = paths(index, query("x", [1.0, 0.0, 0.0, 0.0], SearchMode.DENSE))
    assert dense == ["memories/tea.md"]  # the only point with a vector
    cats = point_id("notes/cats.md", 0)
    assert index.fetch([cats], with_vectors=True)[cats].vector is None

    index.set_vectors({cats: [1.0, 0.0, 0.0, 0.0]})
    assert [r.path for r in index.without_vectors()] == ["notes/deep/dogs.md"]
    stored = index.fetch([cats], with_vectors=True)[cats]
    assert stored.vector == pytest.approx([1.0, 0.0, 0.0, 0.0])
    assert stored.record == POINTS[0].record  # the payload is untouched
    only_similarity = ScoreWeights(0, 0, 1)
    dense = query("x", [1.0, 0.0, 0.0, 0.0], SearchMode.DENSE, weights=only_similarity)
    assert paths(index, dense)[0] == "notes/cats.md"


def test_dense_and_keyword_modes(index: SearchIndex) -> None:
    index.upsert(POINTS)
    only_similarity = ScoreWeights(0, 0, 1)
    dense = query("x", [0.1, 0.9, 0.0, 0.1], SearchMode.DENSE, weights=only_similarity)
    assert paths(index, dense)[0] == "notes/deep/dogs.md"
    assert paths(index, query("green tea", None, SearchMode.KEYWORD)) == ["memories/tea.md"]


def test_hybrid_score_is_the_formula(index: SearchIndex) -> None:
    index.upsert(POINTS)
    weights = ScoreWeights(importance=0.3, recency=0.5, similarity=1.0)
    results = index.query(query("cats", [1.0, 0.0, 0.0, 0.0], weights=weights))
    top = results[0]
    assert top.record.path == "notes/cats.md"
    # First in both rankings: fused similarity 1.0 after normalisation.
    expected = 1.0 + 0.3 * 0.9 + 0.5 * 0.995**10
    assert top.score == pytest.approx(expected, abs=1e-4)
    # Found by the dense search only (rank r): similarity (1/(k+r)) * k / 2.
    others = {s.record.path: s for s in results[1:]}
    car = others["car.md"]
    assert car.score < top.score


def test_importance_and_recency_can_reorder(index: SearchIndex) -> None:
    index.upsert(POINTS)
    vec = [0.5, 0.5, 0.5, 0.5]  # equally close to all
    plain = paths(index, query("", vec, SearchMode.DENSE, weights=ScoreWeights(0, 0, 1)))
    assert len(plain) == 4
    by_importance = paths(index, query("", vec, SearchMode.DENSE, weights=ScoreWeights(10, 0, 0)))
    assert by_importance[0] == "notes/cats.md"
    by_recency = paths(index, query("", vec, SearchMode.DENSE, weights=ScoreWeights(0, 10, 0)))
    assert by_recency[0] == "memories/tea.md"
    assert by_recency[-1] == "car.md"


def test_filters(index: SearchIndex) -> None:
    index.upsert(POINTS)
    vec = [0.5, 0.5, 0.5, 0.5]

    def found(filters: SearchFilters) -> set[str]:
        return set(paths(index, query("", vec, SearchMode.DENSE, filters)))

    assert found(SearchFilters(folder="notes")) == {"notes/cats.md", "notes/deep/dogs.md"}
    assert found(SearchFilters(folder="notes/deep/")) == {"notes/deep/dogs.md"}
    assert found(SearchFilters(tag="#Pets")) == {"notes/cats.md", "notes/deep/dogs.md"}
    assert found(SearchFilters(category="Preference")) == {"memories/tea.md"}
    assert found(SearchFilters(updated_after=NOW - timedelta(hours=50))) == {
        "notes/cats.md", "memories/tea.md"}
    assert found(SearchFilters(updated_before=NOW - timedelta(hours=50))) == {
        "notes/deep/dogs.md", "car.md"}
    assert found(SearchFilters(tag="pets", updated_after=NOW - timedelta(hours=50))) == {
        "notes/cats.md"}


def test_query_without_any_usable_part_finds_nothing(index: SearchIndex) -> None:
    index.upsert(POINTS)
    assert index.query(query("   ", None, SearchMode.KEYWORD)) == []
