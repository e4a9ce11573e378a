"""Issue 12 #6: the settings that keep indexing's memory low are the ones in use (the
configuration is tested here; the peak itself is measured by bench/indexing.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.token_fit import (
    DEFAULT_BATCH_AREA,
    DEFAULT_BATCH_TOKENS,
    SPECIAL_TOKENS,
    token_batches,
)
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.fastembed.onnx_session import session_options
from tests.core.test_retrieval_fakes import MemoryIndex, WordEmbedder

_WORD = re.compile(r"\S+")


class TokenWordEmbedder(WordEmbedder):
    """A fake embedder that tokenises by words (so the indexer batches by tokens) and
    records the batches it is given."""

    max_tokens = 512

    def __init__(self) -> None:
        super().__init__()
        self.batches: list[list[str]] = []

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        return [m.span() for m in _WORD.finditer(text)]

    def token_spans_many(self, texts: list[str]) -> list[list[tuple[int, int]]]:
        return [self.token_spans(t) for t in texts]

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.batches.append(list(texts))
        return super().embed_documents(texts)


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The keyword arguments of each ONNX session opened during the test."""
    import onnxruntime

    calls: list[dict[str, Any]] = []
    real = onnxruntime.InferenceSession

    def recording(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(onnxruntime, "InferenceSession", recording)
    return calls


def test_onnx_session_keeps_int8_weights_and_no_memory_pattern_per_shape(
    tmp_path: Path, opened: list[dict[str, Any]]
) -> None:
    assert session_options(None).enable_mem_pattern is False
    embedder = BuiltinEmbedder(tmp_path)
    embedder.load()
    session = embedder._model.model.model  # the session fastembed runs
    assert session.get_session_options().enable_mem_pattern is False
    # ONNX threads spin within a run only: the chat model needs both cores right after a
    # query, so the spinning stops the moment the run returns.
    config = session.get_session_options().get_session_config_entry
    assert config("session.intra_op.allow_spinning") == "1"
    assert config("session.force_spinning_stop") == "1"
    assert config("session.inter_op.allow_spinning") == "0"
    assert len(opened) == 1  # fastembed opened none of its own
    assert "ConstantFolding" in opened[0]["disabled_optimizers"]
    assert len(embedder.embed_documents(["a text", "another"])) == 2


def test_a_query_serving_embedder_folds_its_weights_and_embeds_the_same(
    tmp_path: Path, opened: list[dict[str, Any]]
) -> None:
    from kai_desktop.core.settings import Settings
    from kai_desktop.mcp.indexing import Opener

    lean = BuiltinEmbedder(tmp_path).embed_query("tomatoes next to the compost")
    folded = BuiltinEmbedder(tmp_path, fold_weights=True).embed_query(
        "tomatoes next to the compost"
    )
    assert "ConstantFolding" in opened[0]["disabled_optimizers"]
    assert opened[1]["disabled_optimizers"] == []
    assert sum(a * b for a, b in zip(lean, folded, strict=True)) == pytest.approx(1.0, abs=1e-4)
    # The MCP server embeds mostly queries: it folds.
    server = Opener(Vault(tmp_path), Settings(), tmp_path)._make_embedder()
    assert isinstance(server, BuiltinEmbedder)
    assert server.fold_weights


def test_keyword_half_reads_the_tokenizer_without_loading_the_model(
    vault_dir: Path, tmp_path: Path
) -> None:
    (vault_dir / "a.md").write_text("# A\n\n" + "Words of a long paragraph. " * 200)
    embedder = BuiltinEmbedder(tmp_path / "models")
    indexer = IncrementalIndexer(Vault(vault_dir), MemoryIndex(), embedder, tmp_path / "m.json")
    for _ in indexer.sync(vectors=False):
        pass
    assert indexer.pending_vectors > 1  # cut by the model's tokenizer, in its 256 tokens
    assert not embedder.is_loaded  # its ONNX session (about 160 MB) is not open yet


def test_embedding_batches_stay_under_the_token_budget(vault_dir: Path, tmp_path: Path) -> None:
    assert DEFAULT_BATCH_TOKENS <= 1024
    for i in range(30):  # texts of many lengths
        (vault_dir / f"n{i}.md").write_text(f"# N{i}\n\n" + "word " * (5 + 12 * i) + "\n")
    embedder = TokenWordEmbedder()
    indexer = IncrementalIndexer(Vault(vault_dir), MemoryIndex(), embedder, tmp_path / "m.json")
    indexer.run_sync()
    assert sum(len(b) for b in embedder.batches) == indexer.embeddings_computed > 30
    for batch in embedder.batches:
        widths = [min(len(embedder.token_spans(t)), embedder.max_tokens - SPECIAL_TOKENS)
                  + SPECIAL_TOKENS for t in batch]
        assert len(batch) * max(widths) <= DEFAULT_BATCH_TOKENS or len(batch) == 1
        assert len(batch) * max(widths) ** 2 <= DEFAULT_BATCH_AREA or len(batch) == 1
    assert len(embedder.batches) > 1


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        line = next(x for x in status if x.startswith("VmRSS"))
    return int(line.split()[1]) / 1024


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_embedding_long_chunks_keeps_the_onnx_arena_small(tmp_path: Path) -> None:
    # onnxruntime's arena keeps the largest run's memory for good; four 256-token chunks
    # per run kept about 96 MB, one per run about 26 MB
    embedder = BuiltinEmbedder(tmp_path)
    embedder.embed_documents(["warm up"])
    texts = ["word " * 254] * 8
    lengths = [len(s) + SPECIAL_TOKENS for s in embedder.token_spans_many(texts)]
    before = _rss_mb()
    for batch in token_batches(lengths):
        embedder.embed_documents([texts[i] for i in batch])
    assert _rss_mb() - before < 60


def test_each_written_and_embedded_batch_hands_freed_heap_back(
    vault_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kai_desktop.core.retrieval import note_writes, vectors

    released: list[str] = []
    monkeypatch.setattr(note_writes, "release_freed_heap", lambda: released.append("written"))
    monkeypatch.setattr(vectors, "release_freed_heap", lambda: released.append("embedded"))
    for i in range(30):
        (vault_dir / f"n{i}.md").write_text(f"# N{i}\n\n" + "word " * (5 + 12 * i) + "\n")
    embedder = TokenWordEmbedder()
    indexer = IncrementalIndexer(Vault(vault_dir), MemoryIndex(), embedder, tmp_path / "m.json")
    indexer.run_sync()
    assert released.count("embedded") == len(embedder.batches) > 1
    assert released.count("written") >= 1
