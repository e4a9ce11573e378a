"""Memory of one capture side request on the default model: the app's state saving
against llama-cpp-python's ``save_state``/``load_state``.

Capture runs a short request on the chat's own context after every reply, with the chat's
state saved before and put back after (``LlamaChatModel.preserving_cache``). Each way of
saving runs in a fresh child process (resident memory is per process; the old way leaves
pages resident for good): load the default Qwen2.5 0.5B model, answer a chat prompt of
about 900 tokens (a system prompt with memories, as the app's is), reset the peak
(``/proc/self/clear_refs``), run the side request inside the saved state, and read the
peak and what stays resident. Printed per way: MB before, the side request's peak over
that, and what it left resident over that.

    python bench/side_request_memory.py

Last line: ``library_peak_mb=.. app_peak_mb=.. peak_ratio=.. library_kept_mb=..
app_kept_mb=.. kept_ratio=..`` (ratios: the app's over the library's).
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _status(name: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(name + ":"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {name} in /proc/self/status")


@contextlib.contextmanager
def _library_state(llama: Any) -> Iterator[None]:
    state = llama.save_state()
    try:
        yield
    finally:
        llama.load_state(state)


def _child(way: str) -> dict[str, float]:
    from kai_desktop.core.llm.model import collect
    from kai_desktop.infra.llama.chat_model import LlamaChatModel
    from kai_desktop.infra.models.catalogue import models_dir
    from kai_desktop.infra.models.manager import ModelManager

    path = ModelManager(models_dir()).install("default").path
    model = LlamaChatModel(path, seed=7)
    memories = " ".join(f"The user's fact number {i} is that they like item {i}."
                        for i in range(60))
    chat = [{"role": "system", "content": "You are Kai, a helpful assistant. " + memories},
            {"role": "user", "content": "What do I like?"}]
    collect(model.stream(chat, max_tokens=8, temperature=0))
    Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from here
    before = _status("VmRSS")
    saved = model.preserving_cache() if way == "app" else _library_state(model.llama)
    with saved:
        side = [{"role": "user", "content": "Is 'I live in Leeds' a fact? Answer yes or no."}]
        collect(model.stream(side, max_tokens=4, temperature=0))
    out = {"tokens": float(model.llama.n_tokens), "before_mb": before,
           "peak_mb": _status("VmHWM") - before, "kept_mb": _status("VmRSS") - before}
    model.close()
    return out


def _run(way: str) -> dict[str, float]:
    done = subprocess.run([sys.executable, __file__, "--child", way], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        print(json.dumps(_child(sys.argv[2])))
        return
    library, app = _run("library"), _run("app")
    for way, got in (("library save_state", library), ("app ContextState", app)):
        print(f"{way}: {got['tokens']:.0f} tokens in context, {got['before_mb']:.0f} MB before, "
              f"peak +{got['peak_mb']:.0f} MB, kept +{got['kept_mb']:.0f} MB")
    print(f"library_peak_mb={library['peak_mb']:.0f} app_peak_mb={app['peak_mb']:.0f} "
          f"peak_ratio={app['peak_mb'] / library['peak_mb']:.3f} "
          f"library_kept_mb={library['kept_mb']:.0f} app_kept_mb={app['kept_mb']:.0f} "
          f"kept_ratio={app['kept_mb'] / max(library['kept_mb'], 1.0):.3f}")


if __name__ == "__main__":
    main()
