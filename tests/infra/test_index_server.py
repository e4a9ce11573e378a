"""The server back end, against qdrant-client's local mode (same API as a server)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kai_desktop.core.retrieval.ports import RetrievalError
from kai_desktop.core.retrieval.records import IndexQuery, ScoreWeights, SearchFilters, SearchMode
from kai_desktop.infra.qdrant.backends import open_index
from kai_desktop.infra.qdrant.edge import EdgeIndex
from kai_desktop.infra.qdrant.server import ServerIndex, build_server_request
from tests.infra.test_index_contract import NOW, POINTS


def _connect(path: Path, embedder: str = "test", dim: int = 4) -> ServerIndex:
    return ServerIndex.connect("kai-test", dim=dim, embedder_name=embedder, path=str(path))


def test_collection_persists_in_local_mode(tmp_path: Path) -> None:
    index = _connect(tmp_path)
    index.upsert(POINTS)
    index.close()
    index = _connect(tmp_path)
    try:
        assert index.reset_reason is None
        assert index.count() == 4
    finally:
        index.close()


@pytest.mark.parametrize(("embedder", "dim"), [("another-model", 4), ("test", 8)])
def test_collection_for_another_embedder_is_recreated(
    tmp_path: Path, embedder: str, dim: int
) -> None:
    index = _connect(tmp_path)
    index.upsert(POINTS)
    index.close()
    index = _connect(tmp_path, embedder=embedder, dim=dim)
    try:
        assert index.reset_reason is not None
        assert index.count() == 0
    finally:
        index.close()


def test_in_memory_mode_and_closing() -> None:
    index = ServerIndex.connect("kai-mem", dim=4, embedder_name="test")
    index.upsert(POINTS)
    assert index.count() == 4
    index.close()
    index.close()


@pytest.mark.filterwarnings("ignore:Failed to obtain server version")
def test_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(RetrievalError, match="Qdrant"):
        ServerIndex.connect(
            "kai-x", dim=4, embedder_name="t", url="http://127.0.0.1:9", timeout_s=1
        )


def test_request_uses_rrf_prefetches_and_the_formula() -> None:
    q = IndexQuery(text="tea", vector=[1.0, 0, 0, 0], filters=SearchFilters(tag="x"), now=NOW)
    request = build_server_request(q)
    assert request is not None
    (fused,) = request["prefetch"]
    assert len(fused.prefetch) == 2
    assert fused.query.rrf.k == q.rrf_k
    assert request["query"].formula.sum[0].mult[1] == "$score"
    assert request["query_filter"].must[0].key == "tags"
    assert build_server_request(
        IndexQuery(text=" ", vector=None, mode=SearchMode.KEYWORD)) is None


def test_same_ranking_as_the_embedded_engine(tmp_path: Path) -> None:
    edge = EdgeIndex(tmp_path / "edge", dim=4, embedder_name="test")
    local = _connect(tmp_path / "local")
    try:
        edge.upsert(POINTS)
        local.upsert(POINTS)
        # Vectors with distinct cosines to every point: no ties for the engines to order.
        for text, vector in (("purr", [0.9, 0.3, 0.2, 0.1]), ("tyres", [0.1, 0.2, 0.3, 0.9]),
                             ("morning", [0.3, 0.2, 0.6, 0.1])):
            q = IndexQuery(text=text, vector=vector, limit=4, now=NOW,
                           weights=ScoreWeights(0.2, 0.2, 1.0))
            edge_hits = edge.query(q)
            local_hits = local.query(q)
            assert [h.record.path for h in edge_hits] == [h.record.path for h in local_hits]
            for a, b in zip(edge_hits, local_hits, strict=True):
                assert a.score == pytest.approx(b.score, abs=1e-3)
    finally:
        edge.close()
        local.close()


def test_open_index_with_a_url_uses_the_server_back_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, object] = {}
    real_connect = ServerIndex.connect

    def fake_connect(name: str, **kwargs: object) -> ServerIndex:
        seen.update(kwargs, name=name)
        return real_connect(name, dim=4, embedder_name="test")

    monkeypatch.setattr(ServerIndex, "connect", staticmethod(fake_connect))
    index, manifest = open_index(
        tmp_path / "vault-abc", dim=4, embedder_name="test", qdrant_url="http://qdrant:6333",
        api_key="secret",
    )
    try:
        assert isinstance(index, ServerIndex)
        assert seen["name"] == "kai-vault-abc"
        assert seen["url"] == "http://qdrant:6333"
        assert seen["api_key"] == "secret"
        assert manifest.name.startswith("manifest-server-")
    finally:
        index.close()
