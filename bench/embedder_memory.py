"""The built-in embedder's memory: the packaged graph against its lean form.

Each graph runs in a fresh child process (resident memory is per process) with the app's
session options: open the session, embed one query, then one indexing batch (four chunks
of about 250 tokens, the indexer's 1,024-token budget). Printed per graph: resident MB
after opening, after the query and at the peak; the query's time (median of 20) and the
batch's; the largest difference between the two graphs' vectors (the lean graph's layer
weights are converted once, ahead of time, so its products are the packaged graph's with
its weights folded: within float rounding of the packaged graph run as it is).

    python bench/embedder_memory.py

Last line: ``packaged_query_mb=.. lean_query_mb=.. query_mb_ratio=.. packaged_peak_mb=..
lean_peak_mb=.. peak_ratio=.. packaged_query_ms=.. lean_query_ms=.. packaged_batch_s=..
lean_batch_s=.. max_vector_diff=.. rewrite_peak_mb=.. rewrite_whole_peak_mb=..
rewrite_peak_ratio=..`` (the last three: laying the lean graph out on a first start, with
its weights in a file of their own, against serialising it whole).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUERY = "Where did I say my sister moved to last spring?"
CHUNK = ("The quarterly report covers revenue, the new office in Porto, hiring plans and a "
         "long list of open questions about the budget for next year. ") * 8


def _resident_mb() -> tuple[float, float]:
    fields = {}
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(rest.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


def child(model_path: str, out_path: str) -> None:
    import numpy as np
    import onnxruntime as ort
    from tokenizers import Tokenizer

    from kai_desktop.infra.fastembed.embedder import builtin_sources
    from kai_desktop.infra.fastembed.onnx_session import DISABLED_OPTIMIZERS, session_options

    tokenizer = Tokenizer.from_file(str(builtin_sources()["tokenizer.json"]))
    tokenizer.enable_padding()
    tokenizer.enable_truncation(256)
    session = ort.InferenceSession(model_path, sess_options=session_options(2),
                                   providers=["CPUExecutionProvider"],
                                   disabled_optimizers=list(DISABLED_OPTIMIZERS))
    opened, _ = _resident_mb()

    def run(texts: list[str]) -> Any:
        encoded = tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if any(i.name == "token_type_ids" for i in session.get_inputs()):
            feeds["token_type_ids"] = np.zeros_like(ids)
        return session.run(None, feeds)[0]

    first = run([QUERY])
    after_query, _ = _resident_mb()
    times = []
    for _ in range(20):
        start = time.perf_counter()
        run([QUERY])
        times.append(time.perf_counter() - start)
    start = time.perf_counter()
    batch = run([CHUNK[i:] for i in range(0, 16, 4)])
    batch_s = time.perf_counter() - start
    _, peak = _resident_mb()
    np.save(out_path + ".npy", np.concatenate([first.reshape(-1), batch.reshape(-1)]))
    Path(out_path).write_text(json.dumps({
        "opened": opened, "query": after_query, "peak": peak,
        "query_ms": statistics.median(times) * 1000, "batch_s": batch_s,
    }), encoding="utf-8")


def rewrite_child(how: str, out_path: str) -> None:
    """Lay out the lean graph as the app does (``split``: weights to their own file) or in
    one serialised file (``whole``, the way it was first done); the peak resident MB."""
    import onnx

    from kai_desktop.infra.fastembed.embedder import builtin_sources
    from kai_desktop.infra.fastembed.lean_graph import lean_model, write_lean_model

    source = builtin_sources()["onnx/model.onnx"]
    target = Path(out_path + ".onnx")
    if how == "whole":
        onnx.save(lean_model(onnx.load(str(source))), str(target))
    else:
        write_lean_model(source, target)
    Path(out_path).write_text(json.dumps({"peak": _resident_mb()[1]}), encoding="utf-8")


def rewrite_peak(how: str, work: Path) -> float:
    out = work / f"rewrite-{how}"
    subprocess.run([sys.executable, __file__, "--rewrite-child", how, str(out)], check=True)
    return float(json.loads(out.read_text(encoding="utf-8"))["peak"])


def measure(model_path: Path, work: Path, name: str) -> dict[str, float]:
    out = work / name
    subprocess.run([sys.executable, __file__, "--child", str(model_path), str(out)],
                   check=True)
    result: dict[str, float] = json.loads(out.read_text(encoding="utf-8"))
    return result


def main() -> int:
    import numpy as np

    from kai_desktop.infra.fastembed.embedder import builtin_sources
    from kai_desktop.infra.fastembed.lean_graph import write_lean_model

    work = Path(tempfile.mkdtemp(prefix="kai-embedder-memory-"))
    packaged = builtin_sources()["onnx/model.onnx"]
    lean = work / "lean.onnx"
    write_lean_model(packaged, lean)
    results = {name: measure(path, work, name)
               for name, path in (("packaged", packaged), ("lean", lean))}
    diff = float(np.abs(np.load(work / "packaged.npy") - np.load(work / "lean.npy")).max())
    whole, split = rewrite_peak("whole", work), rewrite_peak("split", work)
    print(f"laying out the lean graph: peak {split:.0f} MB (in one serialised file: "
          f"{whole:.0f} MB)", flush=True)
    for name, r in results.items():
        print(f"{name}: opened {r['opened']:.0f} MB, after a query {r['query']:.0f} MB, "
              f"peak {r['peak']:.0f} MB; query {r['query_ms']:.1f} ms, batch "
              f"{r['batch_s']:.2f} s", flush=True)
    p, lean_r = results["packaged"], results["lean"]
    print(f"packaged_query_mb={p['query']:.0f} lean_query_mb={lean_r['query']:.0f} "
          f"query_mb_ratio={lean_r['query'] / p['query']:.2f} "
          f"packaged_peak_mb={p['peak']:.0f} lean_peak_mb={lean_r['peak']:.0f} "
          f"peak_ratio={lean_r['peak'] / p['peak']:.2f} "
          f"packaged_query_ms={p['query_ms']:.1f} lean_query_ms={lean_r['query_ms']:.1f} "
          f"packaged_batch_s={p['batch_s']:.2f} lean_batch_s={lean_r['batch_s']:.2f} "
          f"max_vector_diff={diff:.1e} rewrite_peak_mb={split:.0f} "
          f"rewrite_whole_peak_mb={whole:.0f} rewrite_peak_ratio={split / whole:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
        raise SystemExit(0)
    if len(sys.argv) == 4 and sys.argv[1] == "--rewrite-child":
        rewrite_child(sys.argv[2], sys.argv[3])
        raise SystemExit(0)
    raise SystemExit(main())
