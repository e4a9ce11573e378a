"""Generation speed through the app's model worker against raw llama-cpp-python.

Both sides load the same GGUF with the same threads, context and seed and answer the same
chat prompt greedily, so they produce the same tokens. The app side goes through
``ModelWorker`` (its own thread, queued signals, the GUI thread's event loop receiving each
token); the raw side iterates ``Llama.create_chat_completion(stream=True)`` with the model's
own chat template. Runs alternate (app first, then raw first, ...) so drift on a shared
machine hits both; the rate counts tokens after the first over the time to the last one
(decode speed; prompt evaluation is reported separately).

Last line: ``model=.. app_tok_s=.. raw_tok_s=.. ratio=..`` (ratio: median of the per-round
app/raw ratios).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

PROMPT = [
    {"role": "system", "content": "You are a helpful assistant."},
    {
        "role": "user",
        "content": "Write a long, detailed story about a lighthouse keeper who finds a "
        "message in a bottle. Do not stop early.",
    },
]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, help="a GGUF file (default: the default model)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--n-ctx", type=int, default=1024)
    parser.add_argument("--max-tokens", type=int, default=48)
    parser.add_argument("--rounds", type=int, default=16, help="app/raw pairs")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args(argv)


def run_raw(llm: Any, max_tokens: int) -> tuple[int, float, float]:
    """(tokens, seconds from request to first token, seconds from first to last token)."""
    start = time.perf_counter()
    first = last = 0.0
    count = 0
    for chunk in llm.create_chat_completion(
        messages=PROMPT, max_tokens=max_tokens, temperature=0.0, stream=True
    ):
        if chunk["choices"][0]["delta"].get("content"):
            last = time.perf_counter()
            if count == 0:
                first = last
            count += 1
    return count, first - start, last - first


def run_app(worker: Any, max_tokens: int) -> tuple[int, float, float]:
    from PySide6.QtCore import QEventLoop

    stamps: list[float] = []
    loop = QEventLoop()
    outcome: dict[str, Any] = {}

    def on_token(_rid: int, text: str) -> None:
        if text:
            stamps.append(time.perf_counter())

    def on_end(_rid: int, result: object) -> None:
        outcome["result"] = result
        loop.quit()

    worker.token.connect(on_token)
    worker.finished.connect(on_end)
    worker.failed.connect(on_end)
    try:
        start = time.perf_counter()
        worker.submit(PROMPT, max_tokens=max_tokens, temperature=0.0)
        loop.exec()
    finally:
        worker.token.disconnect(on_token)
        worker.finished.disconnect(on_end)
        worker.failed.disconnect(on_end)
    if isinstance(outcome.get("result"), str):
        raise SystemExit(f"the app's worker failed: {outcome['result']}")
    if not stamps:
        return 0, 0.0, 0.0
    return len(stamps), stamps[0] - start, stamps[-1] - stamps[0]


def rate(tokens: int, span: float) -> float:
    return (tokens - 1) / span if tokens > 1 and span > 0 else 0.0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from llama_cpp import Llama
    from PySide6.QtCore import QCoreApplication

    from kai_desktop.core.llm.model import LoadProgress
    from kai_desktop.infra.llama.chat_model import LlamaChatModel
    from kai_desktop.infra.llama.native_log import quiet_load
    from kai_desktop.infra.models.manager import ModelManager
    from kai_desktop.qt.workers.model_worker import ModelWorker

    path = args.model or ModelManager().install("default").path
    common = {"n_ctx": args.n_ctx, "n_threads": args.threads, "seed": args.seed}
    _app = QCoreApplication.instance() or QCoreApplication([])  # the GUI-side event loop

    def factory(_progress: LoadProgress) -> LlamaChatModel:
        return LlamaChatModel(path, **common)

    worker = ModelWorker(factory)
    with quiet_load():  # llama.cpp's log to logging; verbose=False would close stdout
        raw = Llama(
            model_path=str(path),
            n_threads_batch=args.threads,
            chat_format="chat_template.default",
            verbose=True,
            **common,
        )
    raw.verbose = False
    print(f"model {path.name}, threads {args.threads}, n_ctx {args.n_ctx}, "
          f"max_tokens {args.max_tokens}, rounds {args.rounds}")
    # Warm up both (page in the weights) before timing.
    run_app(worker, 8)
    run_raw(raw, 8)

    app_rates: list[float] = []
    raw_rates: list[float] = []
    ratios: list[float] = []
    try:
        for round_no in range(args.rounds):
            order = ("app", "raw") if round_no % 2 == 0 else ("raw", "app")
            figures: dict[str, tuple[int, float, float]] = {}
            for side in order:
                if side == "app":
                    figures[side] = run_app(worker, args.max_tokens)
                else:
                    figures[side] = run_raw(raw, args.max_tokens)
            a_tok, a_first, a_span = figures["app"]
            r_tok, r_first, r_span = figures["raw"]
            a_rate, r_rate = rate(a_tok, a_span), rate(r_tok, r_span)
            app_rates.append(a_rate)
            raw_rates.append(r_rate)
            if r_rate > 0:
                ratios.append(a_rate / r_rate)
            print(
                f"round {round_no + 1} ({order[0]} first): "
                f"app {a_tok} tok {a_rate:.2f} tok/s (first token {a_first * 1000:.0f} ms) | "
                f"raw {r_tok} tok {r_rate:.2f} tok/s (first token {r_first * 1000:.0f} ms)"
            )
    finally:
        worker.shutdown()
        raw.close()
    app_tok_s = statistics.median(app_rates)
    raw_tok_s = statistics.median(raw_rates)
    ratio = statistics.median(ratios) if ratios else 0.0
    print(
        f"model={path.stem} app_tok_s={app_tok_s:.2f} raw_tok_s={raw_tok_s:.2f} ratio={ratio:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
