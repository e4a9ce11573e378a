"""The embedder's lean graph: same vectors as the packaged graph, built once, and the
packaged graph used as it is when the rewrite cannot apply."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kai_desktop.infra.fastembed import lean_graph
from kai_desktop.infra.fastembed.embedder import assemble_builtin_model, builtin_sources
from kai_desktop.infra.fastembed.lean_graph import LeanGraphError, lean_model, write_lean_model
from kai_desktop.infra.fastembed.onnx_session import DISABLED_OPTIMIZERS, session_options

TEXTS = ["Where does my sister live?",
         "The user drinks mint tea every morning. " * 12,
         "Ein ganz anderer Satz, mit Umlauten: Müller, Größe."]


def _packaged() -> Path:
    return builtin_sources()["onnx/model.onnx"]


def _vectors(model_path: Path, disabled: tuple[str, ...] = DISABLED_OPTIMIZERS) -> np.ndarray:
    import onnxruntime as ort
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(builtin_sources()["tokenizer.json"]))
    tokenizer.enable_padding()
    tokenizer.enable_truncation(256)
    encoded = tokenizer.encode_batch(TEXTS)
    ids = np.array([e.ids for e in encoded], dtype=np.int64)
    mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
    session = ort.InferenceSession(str(model_path), sess_options=session_options(1),
                                   providers=["CPUExecutionProvider"],
                                   disabled_optimizers=list(disabled))
    feeds = {"input_ids": ids, "attention_mask": mask}
    if any(i.name == "token_type_ids" for i in session.get_inputs()):
        feeds["token_type_ids"] = np.zeros_like(ids)
    out: Any = session.run(None, feeds)[0]
    return np.asarray(out)


def test_the_lean_graph_gives_the_packaged_graphs_outputs_exactly(tmp_path: Path) -> None:
    lean = tmp_path / "lean.onnx"
    write_lean_model(_packaged(), lean)
    # the same vectors as the packaged graph with its weights folded (the MCP process)
    assert np.array_equal(_vectors(lean), _vectors(_packaged(), disabled=()))
    # and, within float rounding, as the packaged graph converting at every run
    unfolded = _vectors(_packaged())
    assert np.abs(_vectors(lean) - unfolded).max() < 1e-4


def test_the_lean_graph_keeps_layer_weights_as_floats_and_the_table_as_int8(
    tmp_path: Path,
) -> None:
    import onnx

    lean = tmp_path / "lean.onnx"
    write_lean_model(_packaged(), lean)
    model = onnx.load(str(lean))
    nodes = list(model.graph.node)
    kinds = {init.name: init.data_type for init in model.graph.initializer}
    matmuls = [n for n in nodes if n.op_type == "MatMul" and n.input[1] in kinds]
    assert len(matmuls) >= 36  # six layers of six weights, each a float constant
    assert all(kinds[n.input[1]] == onnx.TensorProto.FLOAT for n in matmuls)
    int8 = {name for name, kind in kinds.items() if kind == onnx.TensorProto.INT8}
    assert not [n for n in nodes if n.op_type == "Cast" and n.input[0] in int8
                and "word_embeddings" not in n.input[0]
                and "position_embeddings" not in n.input[0]]  # no conversion left per run
    assert len(int8) == 2  # the two embedding tables; the layers' int8 copies are gone
    table = next(n for n in nodes if n.op_type == "Gather" and "word_embeddings" in n.input[0])
    assert table.input[0].endswith("_q")  # int8 rows picked before any conversion


def test_the_weights_are_written_beside_the_graph_not_inside_it(tmp_path: Path) -> None:
    lean = tmp_path / "lean.onnx"
    (tmp_path / "lean.onnx.data").write_bytes(b"left from an interrupted rewrite")
    write_lean_model(_packaged(), lean)
    weights = lean_graph.weights_file(lean)
    assert lean.stat().st_size < 1_000_000  # the graph alone
    assert weights.stat().st_size > 40_000_000  # the float layer weights and the tables
    before = weights.stat().st_size
    write_lean_model(_packaged(), lean)  # written again, not appended to
    assert weights.stat().st_size == before
    assert np.array_equal(_vectors(lean), _vectors(_packaged(), disabled=()))


def test_a_graph_of_another_shape_is_refused() -> None:
    import onnx
    from onnx import TensorProto, helper

    graph = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["y"])], "plain",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])],
    )
    with pytest.raises(LeanGraphError):
        lean_model(helper.make_model(graph))
    assert onnx  # the library the rewrite relies on is installed


def test_the_lean_graph_is_built_once_and_rebuilt_for_a_new_source(tmp_path: Path) -> None:
    folder = assemble_builtin_model(tmp_path)
    graph = folder / "onnx/model.onnx"
    assert not graph.is_symlink()
    first = graph.stat().st_mtime_ns
    assemble_builtin_model(tmp_path)
    assert graph.stat().st_mtime_ns == first  # kept: made from the same file
    (folder / "onnx/model.onnx.source").write_text("0 elsewhere 1 1\n", encoding="utf-8")
    assemble_builtin_model(tmp_path)
    assert graph.stat().st_mtime_ns != first


def test_when_the_rewrite_cannot_apply_the_packaged_graph_is_linked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refuse(_source: Path, _target: Path) -> None:
        raise LeanGraphError("a graph of another shape")

    monkeypatch.setattr(lean_graph, "write_lean_model", refuse)
    with caplog.at_level(logging.WARNING):
        folder = assemble_builtin_model(tmp_path)
    graph = folder / "onnx/model.onnx"
    assert graph.resolve() == _packaged().resolve() or (
        graph.stat().st_size == _packaged().stat().st_size)
    assert "packaged embedding graph" in caplog.text
    assert not (folder / "onnx/model.onnx.source").exists()


def test_the_memory_the_rewrite_freed_is_given_back_once_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    released: list[bool] = []
    monkeypatch.setattr(lean_graph, "release_freed_heap", lambda: released.append(True))
    assemble_builtin_model(tmp_path)
    assert released == [True]
    assemble_builtin_model(tmp_path)  # already in place: nothing rewritten, nothing freed
    assert released == [True]


def test_freed_heap_memory_leaves_the_process(tmp_path: Path) -> None:
    """On Linux with glibc, memory freed by many middle-sized allocations is handed back
    (not a measure of time: resident memory before and after, in a child process)."""
    import subprocess
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("glibc's malloc_trim is Linux-only")
    code = (
        "from kai_desktop.core.runtime.heap_trim import release_freed_heap\n"
        "def rss():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmRSS'):\n"
        "            return int(line.split()[1]) // 1024\n"
        "before = rss()\n"
        "blocks = [bytearray(64 * 1024) for _ in range(3000)]\n"  # ~190 MB on the heap
        "for b in blocks[::2]: b[0] = 1\n"
        "del blocks\n"
        "held = rss()\n"
        "print(release_freed_heap(), held - before, rss() - before)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2]).stdout.split()
    if out[0] != "True":
        pytest.skip("not glibc")
    assert int(out[2]) < 40
