from __future__ import annotations

import json
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.ports import IndexInUse, RetrievalError
from kai_desktop.core.retrieval.records import IndexPoint, IndexQuery, SearchMode, point_id
from kai_desktop.infra.qdrant.backends import open_index
from kai_desktop.infra.qdrant.edge import LAYOUT_FILE, SHARD_DIR, EdgeIndex
from kai_desktop.infra.qdrant.shard_lock import index_in_use, is_lock_error
from tests.infra.test_index_contract import POINTS, rec


def _open(directory: Path, embedder: str = "test") -> EdgeIndex:
    return EdgeIndex(directory, dim=4, embedder_name=embedder)


def test_data_survives_reopening(tmp_path: Path) -> None:
    with _open(tmp_path) as index:
        assert index.reset_reason is None  # a first start is not a reset
        index.upsert(POINTS)
    with _open(tmp_path) as index:
        assert index.reset_reason is None
        assert index.count() == 4
        assert {r.path for r in index.records()} == {p.record.path for p in POINTS}


def test_corrupt_shard_is_replaced_by_an_empty_one(tmp_path: Path) -> None:
    with _open(tmp_path) as index:
        index.upsert(POINTS)
    (tmp_path / SHARD_DIR / "edge_config.json").write_text("garbage", encoding="utf-8")
    with _open(tmp_path) as index:
        assert index.reset_reason is not None
        assert "unreadable" in index.reset_reason
        assert index.count() == 0
        index.upsert(POINTS[:1])
        assert index.count() == 1
    assert (tmp_path / (SHARD_DIR + ".broken")).is_dir()  # kept aside, not deleted


def test_shard_of_another_embedder_or_layout_is_replaced(tmp_path: Path) -> None:
    with _open(tmp_path) as index:
        index.upsert(POINTS)
    with _open(tmp_path, embedder="another-model") as index:
        assert index.reset_reason is not None
        assert index.count() == 0
    layout = json.loads((tmp_path / LAYOUT_FILE).read_text(encoding="utf-8"))
    layout["layout"] = 0
    (tmp_path / LAYOUT_FILE).write_text(json.dumps(layout), encoding="utf-8")
    with _open(tmp_path, embedder="another-model") as index:
        assert index.reset_reason == "index of an older layout or another embedder"


def test_missing_shard_is_reported(tmp_path: Path) -> None:
    with _open(tmp_path) as index:
        index.upsert(POINTS)
    import shutil

    shutil.rmtree(tmp_path / SHARD_DIR)
    with _open(tmp_path) as index:
        assert index.reset_reason == "index missing"


def test_optimize_keeps_results(tmp_path: Path) -> None:
    with _open(tmp_path) as index:
        points = [
            IndexPoint(rec(f"n{i}.md", f"note {i} words"), [float(i % 3), 1.0, float(i % 5), 0.5])
            for i in range(300)
        ]
        index.upsert(points)
        q = IndexQuery(text="note", vector=[1.0, 1.0, 1.0, 0.5], mode=SearchMode.DENSE, limit=5)
        before = [s.record.path for s in index.query(q)]
        index.optimize()
        assert index.count() == 300
        assert len(index.query(q)) == 5
        assert len(before) == 5


def test_search_thread_count_can_be_set(tmp_path: Path) -> None:
    with EdgeIndex(tmp_path, dim=4, embedder_name="test", search_threads=1) as index:
        index.upsert(POINTS)
    with EdgeIndex(tmp_path, dim=4, embedder_name="test", search_threads=1) as index:
        assert index.reset_reason is None
        assert index.count() == 4


def test_closed_index_refuses_work(tmp_path: Path) -> None:
    index = _open(tmp_path)
    index.close()
    with pytest.raises(RetrievalError):
        index.count()
    index.close()  # closing twice is harmless


def test_open_index_picks_the_embedded_shard_by_default(tmp_path: Path) -> None:
    index, manifest = open_index(tmp_path, dim=4, embedder_name="test")
    try:
        assert isinstance(index, EdgeIndex)
        assert manifest.parent == tmp_path / "index"
        assert index.fetch([point_id("none.md", 0)]) == {}
    finally:
        index.close()


def test_one_owner_at_a_time_and_close_hands_it_back(tmp_path: Path) -> None:
    first = _open(tmp_path)
    with pytest.raises(IndexInUse):
        _open(tmp_path)
    assert index_in_use(tmp_path)
    first.close()
    assert not index_in_use(tmp_path)
    with _open(tmp_path) as second:
        assert second.reset_reason is None


@pytest.mark.parametrize(
    ("message", "held"),
    [
        ("Service runtime error: failed to open WAL: Can't init WAL: Kind(WouldBlock)", True),
        ("Resource temporarily unavailable (os error 11)", True),
        ("Failed to deserialize config: expected value at line 1 column 1", False),
    ],
)
def test_lock_errors_are_told_from_corruption(message: str, held: bool) -> None:
    assert is_lock_error(Exception(message)) is held
