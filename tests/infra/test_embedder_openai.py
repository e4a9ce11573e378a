from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from kai_desktop.core.retrieval.ports import Embedder, EmbedderUnavailable, RetrievalError
from kai_desktop.infra.openai_compat.embedder import OpenAIEmbedder


class FakeEmbeddings:
    def __init__(self, dim: int = 3, fail: bool = False) -> None:
        self.dim = dim
        self.fail = fail
        self.calls: list[list[str]] = []

    def create(self, *, model: str, input: list[str]) -> Any:
        self.calls.append(list(input))
        if self.fail:
            raise ConnectionError("refused")
        # Answer out of order, as servers may: the client must sort by index.
        rows = [SimpleNamespace(index=i, embedding=[float(len(t))] * self.dim)
                for i, t in enumerate(input)]
        return SimpleNamespace(data=list(reversed(rows)))


def _embedder(fake: FakeEmbeddings, **kwargs: Any) -> OpenAIEmbedder:
    client = SimpleNamespace(embeddings=fake)
    return OpenAIEmbedder(base_url="http://localhost:1/v1", model="m", client=client, **kwargs)


def test_embeds_in_batches_and_keeps_order() -> None:
    fake = FakeEmbeddings()
    embedder = _embedder(fake, batch_size=2, dim=3)
    assert isinstance(embedder, Embedder)
    vectors = embedder.embed_documents(["a", "bb", "ccc"])
    assert vectors == [[1.0] * 3, [2.0] * 3, [3.0] * 3]
    assert fake.calls == [["a", "bb"], ["ccc"]]


def test_dim_is_probed_once_when_not_given() -> None:
    fake = FakeEmbeddings(dim=5)
    embedder = _embedder(fake)
    assert embedder.dim == 5
    assert embedder.dim == 5
    assert len(fake.calls) == 1
    assert _embedder(FakeEmbeddings(), dim=7).dim == 7


def test_server_failure_is_a_retrieval_error() -> None:
    with pytest.raises(RetrievalError, match="localhost"):
        _embedder(FakeEmbeddings(fail=True)).embed_query("x")


def test_a_model_name_is_required() -> None:
    with pytest.raises(EmbedderUnavailable):
        OpenAIEmbedder(base_url="http://x/v1", model="")
