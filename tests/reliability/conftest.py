"""Shared pieces of the reliability tests: a real Edge index stack over a real vault."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.qdrant.edge import EdgeIndex
from tests.core.test_retrieval_fakes import WordEmbedder


@dataclass
class EdgeStack:
    vault: Vault
    index: EdgeIndex
    embedder: WordEmbedder
    indexer: IncrementalIndexer

    def retriever(self) -> Retriever:
        return Retriever(self.embedder, self.index)

    def indexed_paths(self) -> set[str]:
        return {r.path for r in self.index.records()}


@pytest.fixture
def edge_stack(vault_dir: Path, tmp_path: Path) -> Iterator[EdgeStack]:
    """The real Qdrant Edge shard and a fake embedder (the boundary) over ``vault_dir``."""
    vault = Vault(vault_dir, max_file_bytes=1 << 20)
    embedder = WordEmbedder()
    index = EdgeIndex(tmp_path / "index", dim=embedder.dim, embedder_name=embedder.name)
    indexer = IncrementalIndexer(vault, index, embedder, tmp_path / "index" / "manifest.json")
    yield EdgeStack(vault, index, embedder, indexer)
    indexer.close()
    index.close()
