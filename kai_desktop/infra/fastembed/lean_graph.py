"""The built-in embedder's ONNX graph, rewritten so a query costs no weight conversion and
the word-embedding table never sits in memory as floats.

The packaged all-MiniLM-L6-v2 stores each weight as int8 plus a scale, and turns it back
into floats inside the graph (``Cast`` then ``Mul``) on every run, all conversions first:
onnxruntime holds every float copy at once (the word-embedding table alone is 47 MB of
floats, of which a query needs a handful of rows), and a short query spends most of its
time converting the 10.6 million weights of the layers, not multiplying by them.

The rewrite changes no arithmetic, only when and where the conversion happens:

* the word-embedding ``Gather`` picks the int8 rows first, then converts just those rows and
  multiplies them by their gathered per-row scale (the same products, element by element);
* each ``MatMul`` weight is converted once, here, and stored as floats (42 MB resident, in
  place of the 11 MB of int8 it replaces): a query then runs in about a third of the time.
  The products are the ones onnxruntime computes (an int8 cast to float is exact, and one
  float32 multiplication rounds the same in numpy as in the graph).

Outputs are bit-identical to the packaged graph (tested). Done with the ``onnx`` package's
protobuf model; a graph of another shape is left alone (``LeanGraphError``) and the
packaged file is used as it is. The float weights are written to a file of their own
beside the graph (``weights_file``), so the rewrite never serialises them all at once.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from pathlib import Path
from typing import Any, Final

from kai_desktop.core.runtime.heap_trim import release_freed_heap

log = logging.getLogger(__name__)

LEAN_GRAPH_VERSION: Final = 3
"""Bumped when the rewrite changes; a cached lean file of another version is rebuilt."""


class LeanGraphError(Exception):
    """The graph is not of the shape the rewrite knows; use the packaged file."""


def _consumers(nodes: list[Any]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for node in nodes:
        for name in node.input:
            out.setdefault(name, []).append(node)
    return out


def _converted_weights(nodes: list[Any], initializers: set[str],
                       consumers: dict[str, list[Any]]) -> list[tuple[Any, Any]]:
    """The ``(Cast, Mul)`` pairs that turn an int8 initializer into a float weight."""
    pairs = []
    for cast in nodes:
        if cast.op_type != "Cast" or cast.input[0] not in initializers:
            continue
        users = consumers.get(cast.output[0], [])
        if len(users) != 1 or users[0].op_type != "Mul":
            raise LeanGraphError(f"{cast.name or cast.output[0]}: a Cast not followed by a Mul")
        pairs.append((cast, users[0]))
    return pairs


def _add_float_weight(model: Any, int8: str, scale: str, name: str) -> None:
    """Add the initializer ``name``: the int8 weight ``int8`` converted and scaled as the
    graph would (an int8 cast to float is exact; one float32 product rounds alike
    everywhere). It is made in the graph itself, one weight at a time, so the float
    weights are never held twice (a list of them copied in at the end doubled the
    rewrite's memory)."""
    import numpy as np
    from onnx import numpy_helper

    found = {init.name: init for init in model.graph.initializer if init.name in (int8, scale)}
    if len(found) != 2:
        raise LeanGraphError(f"{int8}: its scale is not a constant")
    weight = numpy_helper.to_array(found[int8]).astype(np.float32)
    factor = numpy_helper.to_array(found[scale]).astype(np.float32)
    np.multiply(weight, factor, out=weight, dtype=np.float32)
    model.graph.initializer.add().CopyFrom(numpy_helper.from_array(weight, name))


def _rewritten_uses(model: Any, cast: Any, mul: Any, users: list[Any]) -> dict[int, list[Any]]:
    """The nodes that replace each user of one converted weight (by ``id`` of the user); the
    float initializers they read are added to the graph."""
    from onnx import helper

    int8 = cast.input[0]
    scale = next(name for name in mul.input if name != cast.output[0])
    replaced: dict[int, list[Any]] = {}
    for user in users:
        out = user.output[0]
        if user.op_type == "Gather" and user.input[0] == mul.output[0]:
            ids = user.input[1]
            replaced[id(user)] = [
                helper.make_node("Gather", [int8, ids], [f"{out}_int8"]),
                helper.make_node("Cast", [f"{out}_int8"], [f"{out}_float"], to=1),
                helper.make_node("Gather", [scale, ids], [f"{out}_scale"]),
                helper.make_node("Mul", [f"{out}_float", f"{out}_scale"], [out]),
            ]
        elif user.op_type == "MatMul" and user.input[1] == mul.output[0]:
            _add_float_weight(model, int8, scale, f"{out}_weight")
            replaced[id(user)] = [
                helper.make_node("MatMul", [user.input[0], f"{out}_weight"], [out]),
            ]
        else:
            raise LeanGraphError(f"a converted weight feeds {user.op_type}")
    return replaced


def _drop_unread(graph: Any) -> None:
    """Remove the initializers no node reads any more (the int8 weights now kept as floats)."""
    read = {name for node in graph.node for name in node.input}
    # removed in place: copying the kept ones into a new list held every weight twice
    for i in reversed(range(len(graph.initializer))):
        if graph.initializer[i].name not in read:
            del graph.initializer[i]


def lean_model(model: Any, *, check: bool = True) -> Any:
    """``model`` (an ``onnx.ModelProto``) with its weight conversions done once (layers) or
    moved to their use (the embedding tables); ``check`` runs onnx's checker on it (which
    serialises the whole model once more in memory)."""
    import onnx

    graph = model.graph
    nodes = list(graph.node)
    initializers = {init.name for init in graph.initializer}
    consumers = _consumers(nodes)
    pairs = _converted_weights(nodes, initializers, consumers)
    if not pairs:
        raise LeanGraphError("no int8 weights converted inside the graph")
    dropped: set[int] = set()
    replaced: dict[int, list[Any]] = {}
    for cast, mul in pairs:
        replaced.update(_rewritten_uses(model, cast, mul, consumers.get(mul.output[0], [])))
        dropped.update((id(cast), id(mul)))
    ordered = [new for node in nodes if id(node) not in dropped
               for new in replaced.get(id(node), [node])]
    del graph.node[:]
    graph.node.extend(ordered)
    _drop_unread(graph)
    if check:
        onnx.checker.check_model(model)
    return model


def write_lean_model(source: Path, target: Path) -> None:
    """Write the lean form of the ONNX file ``source`` to ``target`` (atomically)."""
    import onnx

    try:
        model = onnx.load(str(source))
    except Exception as exc:  # a damaged file: protobuf raises its own errors
        raise LeanGraphError(f"cannot read {source.name}: {exc}") from exc
    lean = lean_model(model, check=False)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = weights_file(target)
    with contextlib.suppress(FileNotFoundError):
        data.unlink()  # onnx appends to a weights file that is there
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        # The weights go to their own file one tensor at a time: serialising the whole
        # model at once held it twice more in memory (about 100 MB at the peak).
        onnx.save(lean, tmp, save_as_external_data=True, all_tensors_to_one_file=True,
                  location=data.name, size_threshold=1024)
        del lean, model  # checked from the file, with the model's memory given back first
        onnx.checker.check_model(tmp)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def weights_file(graph: Path) -> Path:
    """The file beside the lean graph ``graph`` that holds its weights."""
    return graph.with_name(graph.name + ".data")


def _stamp(src: Path) -> str:
    info = src.stat()
    return f"{LEAN_GRAPH_VERSION} {src} {info.st_size} {info.st_mtime_ns}\n"


def place_lean_graph(src: Path, dst: Path) -> bool:
    """Write the lean form of the packaged graph (``lean_graph``) at ``dst``, unless one
    made from the same file is already there; False when it cannot be made (the packaged
    file is then linked as it is)."""
    stamp_file = dst.with_name(dst.name + ".source")
    stamp = _stamp(src)
    with contextlib.suppress(OSError):
        if (not dst.is_symlink() and dst.is_file() and weights_file(dst).is_file()
                and stamp_file.read_text("utf-8") == stamp):
            return True
    try:
        if dst.is_symlink():
            dst.unlink()
        write_lean_model(src, dst)
        stamp_file.write_text(stamp, encoding="utf-8")
        release_freed_heap()  # the rewrite's memory, kept by malloc otherwise
    except (ImportError, LeanGraphError, OSError) as exc:
        log.warning("Using the packaged embedding graph as it is (%s)", exc)
        with contextlib.suppress(FileNotFoundError):
            stamp_file.unlink()
        return False
    return True
