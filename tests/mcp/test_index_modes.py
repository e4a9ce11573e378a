"""Search through the index when this process may open it; keyword search with a clear
note when another process holds it; and the other process's shard is never touched."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.qdrant.edge import SHARD_DIR, EdgeIndex
from kai_desktop.infra.settings_store import vault_data_dir
from kai_desktop.mcp.indexing import (
    GuestEdgeIndex,
    IndexedSearch,
    IndexUnavailable,
    Parts,
    shard_in_use,
)
from tests.core.test_retrieval_fakes import WordEmbedder
from tests.mcp.helpers import call, connect, make_vault


def eventually(check: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def test_the_index_is_let_go_when_idle_and_taken_again_when_free(tmp_path: Path) -> None:
    vault = Vault(make_vault(tmp_path / "vault"))
    index_dir = tmp_path / "index"
    embedder = WordEmbedder()

    def opener() -> Parts:
        if shard_in_use(index_dir):
            raise IndexUnavailable("the search index is in use by the Kai window")
        index = GuestEdgeIndex(index_dir, dim=embedder.dim, embedder_name=embedder.name)
        indexer = IncrementalIndexer(vault, index, embedder, index_dir / "manifest.json")
        return Parts(index, indexer, Retriever(embedder, index))

    indexed = IndexedSearch(opener, idle_close_s=0.3)
    indexed.start()
    try:
        eventually(lambda: indexed.synced)
        assert indexed.search("tomatoes", 3, None)[0].path == "ideas/Garden.md"
        eventually(lambda: not indexed.is_open and not shard_in_use(index_dir))
        window = EdgeIndex(index_dir, dim=embedder.dim, embedder_name=embedder.name)
        try:
            with pytest.raises(IndexUnavailable, match="in use"):
                indexed.search("tomatoes", 3, None)
            (vault.root / "Beans.md").write_text("# Beans\n\nRunner beans.\n", "utf-8")
            seq = indexed.enqueue([VaultChange("created", "Beans.md")])
            assert indexed.wait_for(seq, 5)  # kept for the next open, not lost
        finally:
            window.close()
        assert indexed.search("runner beans", 3, None)[0].path == "Beans.md"
        assert indexed.is_open
    finally:
        indexed.close()
    assert not shard_in_use(index_dir)


def test_a_guest_never_moves_a_shard_aside(tmp_path: Path) -> None:
    owner = EdgeIndex(tmp_path, dim=4, embedder_name="test")
    try:
        assert shard_in_use(tmp_path)
        with pytest.raises(IndexUnavailable):
            GuestEdgeIndex(tmp_path, dim=4, embedder_name="test")  # held: cannot load
    finally:
        owner.close()
    assert not shard_in_use(tmp_path)
    with pytest.raises(IndexUnavailable, match="older layout or another embedder"):
        GuestEdgeIndex(tmp_path, dim=8, embedder_name="other")
    assert (tmp_path / SHARD_DIR).is_dir()
    assert not (tmp_path / (SHARD_DIR + ".broken")).exists()
    guest = GuestEdgeIndex(tmp_path, dim=4, embedder_name="test")
    guest.close()


@pytest.mark.integration
def test_hybrid_search_sees_the_servers_own_writes(tmp_path: Path) -> None:
    vault = make_vault(tmp_path / "vault")

    async def run() -> None:
        async with connect("stdio", vault) as client:
            found = await call(client, "search_notes", query="where do tomatoes grow?")
            assert found["engine"] == "hybrid"
            assert found["note"] is None
            assert found["results"][0]["path"] == "ideas/Garden.md"
            found = await call(client, "search_notes", query="garden key blood pressure")
            assert {r["path"] for r in found["results"]}.isdisjoint({"Diary.md", "Health.md"})
            await call(client, "write_note", path="Beans.md", content="# Beans\n\nRunner beans "
                       "climb the trellis by the shed.\n")
            found = await call(client, "search_notes", query="runner beans trellis")
            assert found["results"][0]["path"] == "Beans.md"
            tagged = await call(client, "search_notes", query="layers", tag="soil")
            assert {r["path"] for r in tagged["results"]} == {"Compost.md"}

    anyio.run(run)


@pytest.mark.integration
def test_keyword_search_while_another_process_holds_the_index(tmp_path: Path) -> None:
    vault = make_vault(tmp_path / "vault")
    index_dir = vault_data_dir(vault) / "index"
    holder = EdgeIndex(index_dir, dim=4, embedder_name="held elsewhere")
    marker = sorted(p.name for p in (index_dir / SHARD_DIR).iterdir())

    async def run() -> None:
        async with connect("stdio", vault) as client:
            found = await call(client, "search_notes", query="tomatoes")
            assert found["engine"] == "keyword"
            assert "in use by the Kai window" in found["note"]
            assert found["results"][0]["path"] == "ideas/Garden.md"

    try:
        anyio.run(run)
        assert sorted(p.name for p in (index_dir / SHARD_DIR).iterdir()) == marker
        assert holder.count() == 0  # still open and usable by its owner
    finally:
        holder.close()
    assert not (index_dir / (SHARD_DIR + ".broken")).exists()


def test_private_notes_that_rank_first_do_not_crowd_out_the_rest(tmp_path: Path) -> None:
    from kai_desktop.core.settings import Settings
    from kai_desktop.mcp.context import VaultContext
    from kai_desktop.mcp.search import _hybrid
    from tests.core.test_retrieval_fakes import MemoryIndex

    root = make_vault(tmp_path / "vault")
    for n in range(30):
        (root / f"secret{n}.md").write_text(f"#private garden garden garden {n}\n", "utf-8")
    vault = Vault(root)
    embedder, index = WordEmbedder(), MemoryIndex()
    IncrementalIndexer(vault, index, embedder, tmp_path / "manifest.json").run_sync()
    ctx = VaultContext(vault, Settings(), tmp_path / "data", use_index=False, watch=False)
    found = _hybrid(ctx, Retriever(embedder, index), "garden", limit=2, folder="", tag=None)
    paths = [r.path for r in found.results]
    assert len(paths) == 2
    assert not any(p.startswith("secret") for p in paths)
    assert "ideas/Garden.md" in paths
    assert found.results[0].version == ctx.version(paths[0]) != ""


def test_a_first_search_need_not_wait_for_the_link_graph(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a large vault the link graph takes longer to build than a search waits for the
    index: the index is opened first, so the first search is already hybrid."""
    import threading

    from kai_desktop.core.settings import Settings
    from kai_desktop.mcp import indexing
    from kai_desktop.mcp.context import VaultContext
    from kai_desktop.mcp.graph import GraphView
    from kai_desktop.mcp.search import search_notes
    from tests.core.test_retrieval_fakes import MemoryIndex

    vault = Vault(make_vault(tmp_path / "vault"))
    built = threading.Event()
    monkeypatch.setattr(GraphView, "build", lambda self: built.wait(30))

    def opener(*_args: object) -> Callable[[], Parts]:
        def open_parts() -> Parts:
            embedder, index = WordEmbedder(), MemoryIndex()
            indexer = IncrementalIndexer(vault, index, embedder, tmp_path / "manifest.json")
            return Parts(index, indexer, Retriever(embedder, index))

        return open_parts

    monkeypatch.setattr(indexing, "Opener", opener)
    ctx = VaultContext(vault, Settings(), tmp_path / "data", watch=False)
    ctx.start()
    try:
        assert ctx.indexed is None or ctx.indexed.wait_synced(10)
        found = search_notes(ctx, "tomatoes compost", 5)
        assert not built.is_set()  # the graph is still being built
        assert found.engine == "hybrid"
        assert "ideas/Garden.md" in {r.path for r in found.results}
    finally:
        built.set()
        ctx.close()
