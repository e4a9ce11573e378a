"""A stop request reaches llama.cpp while it evaluates the prompt, not only between
tokens: quitting the window while the idle app pre-warms a long prompt waited for the
whole evaluation (seconds on a busy machine; found by bench/hostile_vault.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kai_desktop.core.llm.model import FINISH_STOPPED, DoneEvent, TokenEvent
from kai_desktop.infra.llama.chat_model import LlamaChatModel
from tests.integration.test_llama_model import smollm2_path

pytestmark = pytest.mark.integration

LONG = " ".join(f"Line {n}: the garden needs water on day {n}." for n in range(40))


@pytest.fixture(scope="module")
def smol() -> Iterator[LlamaChatModel]:
    model = LlamaChatModel(smollm2_path(), n_ctx=2048, n_threads=2, n_batch=64, seed=3)
    yield model
    model.close()


class StopAfter:
    """A stop flag that says stop from its ``n``-th question on."""

    def __init__(self, n: int) -> None:
        self.n, self.asked = n, 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.asked >= self.n


def test_a_stop_during_the_prompt_ends_it_there_and_the_next_turn_works(smol):
    messages = [{"role": "user", "content": LONG + " What does the garden need?"}]
    stop = StopAfter(20)  # asked by llama.cpp between graph nodes of the first batch
    events = list(smol.stream(messages, max_tokens=8, stop_flag=stop))
    prompt = len(smol.last_prompt_tokens)
    assert prompt > 5 * 64, "several batches of prompt to evaluate"
    done = events[-1]
    assert isinstance(done, DoneEvent)
    assert done.finish_reason == FINISH_STOPPED
    assert not [e for e in events if isinstance(e, TokenEvent)]
    assert smol.llama.n_tokens < 64, "stopped inside the first batch, not after the prompt"

    short = [{"role": "user", "content": "Say hello."}]
    again = list(smol.stream(short, max_tokens=4, temperature=0.0))
    assert isinstance(again[-1], DoneEvent)
    assert again[-1].finish_reason != FINISH_STOPPED
    assert again[-1].completion_tokens > 0
    assert smol.llama.n_tokens >= len(smol.last_prompt_tokens), "the next prompt is whole"
