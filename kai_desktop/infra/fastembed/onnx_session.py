"""The ONNX session the embedder runs with: lean on memory by default.

A memory pattern is one arena block per input shape, so with batches of every length it
only grows; the session runs without one. Constant folding dequantises the int8 weights
into floats (about 120 MB more, for a few per cent of speed on two cores), so it is off
unless a caller asks for folded weights (the MCP process, where query latency counts).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

DISABLED_OPTIMIZERS: Final = ("ConstantFolding",)
"""Graph rewrites the session skips: folding dequantises the int8 weights into floats
(about 120 MB more, for a few per cent of speed on two cores)."""


def session_options(threads: int | None) -> Any:
    """The onnxruntime session options the embedder runs with (see the module notes)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    # A memory pattern is one block per input shape, kept in the arena: with batches of
    # every length it only grows. Without it buffers are reused across shapes.
    options.enable_mem_pattern = False
    # Worker threads spin between the operators of a run (a query runs about 300 small
    # ones; waking sleeping threads for each made it about a third slower) and stop the
    # moment the run returns: by default they kept spinning after it, and on two cores
    # that took the CPU from the chat model, whose prompt is evaluated right after the
    # query is embedded (the first token was about a tenth slower).
    options.add_session_config_entry("session.intra_op.allow_spinning", "1")
    options.add_session_config_entry("session.force_spinning_stop", "1")
    options.add_session_config_entry("session.inter_op.allow_spinning", "0")
    if threads is not None:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = threads
    return options


def with_lean_session(embedding: Any, threads: int | None, fold_weights: bool = False) -> Any:
    """``embedding`` (a lazily loaded fastembed ``TextEmbedding``, fastembed 0.9) with its
    ONNX session opened with :func:`session_options` (and, unless ``fold_weights``,
    without :data:`DISABLED_OPTIMIZERS`)."""
    import onnxruntime as ort

    inner = embedding.model
    description = inner.model_description
    if description.additional_files:  # external weights: fastembed links them itself
        inner.load_onnx_model()
        return embedding
    path = Path(inner._model_dir) / description.model_file
    inner.model = ort.InferenceSession(
        str(path),
        sess_options=session_options(threads),
        providers=["CPUExecutionProvider"],
        disabled_optimizers=[] if fold_weights else list(DISABLED_OPTIMIZERS),
    )
    inner._ensure_tokenizer()
    return embedding
