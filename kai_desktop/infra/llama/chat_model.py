"""The embedded chat model: a GGUF file run by llama.cpp (llama-cpp-python).

Prompts are rendered with the GGUF's own chat template, tokenized, and completed with
``Llama.create_completion``, which keeps the KV cache of the previous request and evaluates
only what follows the longest shared prefix: with the stable parts of the prompt first,
a follow-up turn costs little more than its new tokens. ``DoneEvent.cached_tokens`` reports
how many prompt tokens were reused.

Tool calls: with ``tool_choice`` "auto" the tools are shown to the model through its
template and its answer is streamed as text (small models write the call as JSON in the
content). A forced tool (its name, or the OpenAI dict) or ``"required"`` decodes under a
grammar built from the tool's JSON schema, so the call is always valid JSON, and comes out
as a :class:`ToolCallEvent`. ``json_schema`` constrains a plain answer the same way.

One stream at a time per instance (the model worker guarantees it); ``count_tokens`` only
reads the vocabulary and may be called from any thread.
"""

from __future__ import annotations

import contextlib
import json
import logging
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from kai_desktop.core.llm.model import (
    FINISH_STOPPED,
    ChatMessage,
    DoneEvent,
    ModelError,
    ModelLoadError,
    StreamEvent,
    TokenEvent,
    ToolCall,
    ToolCallEvent,
    ToolChoice,
    ToolSpec,
    tool_choice_name,
)
from kai_desktop.infra.llama.abort import PromptAbort
from kai_desktop.infra.llama.context_state import ContextState
from kai_desktop.infra.llama.loading import load_llama
from kai_desktop.infra.models.model_files import check_gguf

log = logging.getLogger(__name__)

# Used only when a GGUF carries no chat template of its own.
_FALLBACK_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] or '' }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


class LlamaChatModel:
    """A :class:`~kai_desktop.core.llm.model.ChatModel` backed by a local GGUF file."""

    def __init__(
        self,
        model_path: Path | str,
        *,
        n_ctx: int = 4096,
        n_threads: int = 2,
        n_batch: int = 512,
        seed: int | None = None,
        name: str | None = None,
        repeat_penalty: float = 1.1,
        quantized_kv: bool = True,
    ) -> None:
        """``repeat_penalty`` 1.1 (llama-cpp-python's chat default) keeps small models from
        looping. ``quantized_kv`` keeps the KV cache in 8 bits (q8_0, with flash attention,
        which llama.cpp needs for a quantized V cache): about half the cache's memory (the
        small model's 4,096-token cache 94 -> 50 MB) for no measurable loss; a model that
        cannot run that way is loaded with the default 16-bit cache."""
        path = check_gguf(Path(model_path))
        try:
            from llama_cpp import Llama
            from llama_cpp.llama_chat_format import Jinja2ChatFormatter
        except ImportError as exc:
            raise ModelLoadError(
                "llama-cpp-python is not installed, so the embedded model cannot run "
                f"({exc}); choose an OpenAI-compatible server in the model settings"
            ) from exc
        options: dict[str, Any] = {
            "model_path": str(path),
            "n_ctx": n_ctx,
            "n_threads": n_threads,
            "n_threads_batch": n_threads,
            "n_batch": min(n_batch, n_ctx),
            "verbose": True,  # False would point fds 1 and 2 at /dev/null (native_log)
        }
        if seed is not None:
            options["seed"] = seed
        self._llama: Any = load_llama(Llama, options, path, quantized_kv)
        self._abort = PromptAbort(self._llama)
        self._path = path
        self._repeat_penalty = repeat_penalty
        self._name = name or path.stem
        self._n_ctx = int(self._llama.n_ctx())
        metadata: dict[str, str] = dict(self._llama.metadata or {})
        template = metadata.get("tokenizer.chat_template") or _FALLBACK_TEMPLATE
        eos_id = int(self._llama.token_eos())
        bos_id = int(self._llama.token_bos())
        self._eos_id = eos_id
        self._formatter: Any = Jinja2ChatFormatter(
            template=template,
            eos_token=self._token_text(eos_id),
            bos_token=self._token_text(bos_id),
            stop_token_ids=[eos_id] if eos_id >= 0 else None,
        )
        self.last_prompt_tokens: list[int] = []
        """The tokens of the latest prompt (tests and benchmarks look at them)."""

    # -- ChatModel ------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._name

    @property
    def context_size(self) -> int:
        return self._n_ctx

    @property
    def is_local(self) -> bool:
        return True

    @property
    def path(self) -> Path:
        return self._path

    @property
    def llama(self) -> Any:
        """The underlying ``llama_cpp.Llama`` (benchmarks and tests)."""
        return self._llama

    def count_tokens(self, text: str) -> int:
        if not text:
            return 0
        if self._llama is None:
            raise ModelError("The model has been closed")
        return len(self._llama.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    @contextlib.contextmanager
    def preserving_cache(self) -> Iterator[None]:
        """Run a side request (memory capture) without losing the chat's KV cache: the
        context's state is saved before and restored after, so the next chat turn still
        evaluates only its new tokens."""
        if self._llama is None:
            raise ModelError("The model has been closed")
        state = ContextState(self._llama)  # not save_state: see context_state
        try:
            yield
        finally:
            if self._llama is not None:
                state.restore(self._llama)

    def close(self) -> None:
        llama, self._llama = self._llama, None
        if llama is not None:
            llama.close()

    def stream(
        self,
        messages: Sequence[ChatMessage],
        *,
        tools: list[ToolSpec] | None = None,
        tool_choice: ToolChoice | None = None,
        json_schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.7,
        stop_flag: Callable[[], bool] | None = None,
    ) -> Iterator[StreamEvent]:
        if self._llama is None:
            raise ModelError("The model has been closed")
        return self._stream(
            list(messages),
            tools=tools or None,
            tool_choice=tool_choice,
            json_schema=json_schema,
            max_tokens=max_tokens,
            temperature=temperature,
            stop_flag=stop_flag,
        )

    # -- internals ----------------------------------------------------------------------

    def _token_text(self, token_id: int) -> str:
        if token_id < 0:
            return ""
        return str(self._llama._model.token_get_text(token_id))

    def render(
        self,
        messages: Sequence[ChatMessage],
        tools: list[ToolSpec] | None = None,
        tool_choice: ToolChoice | None = None,
    ) -> tuple[list[int], Any]:
        """The prompt tokens for ``messages`` and the template's stop settings."""
        tool_dicts = [t.to_openai() for t in tools] if tools else None
        try:
            result = self._formatter(
                messages=template_messages(messages), tools=tool_dicts, tool_choice=tool_choice
            )
        except Exception as exc:
            raise ModelError(f"The model's chat template failed on these messages: {exc}") from exc
        tokens = self._llama.tokenize(
            result.prompt.encode("utf-8"), add_bos=not result.added_special, special=True
        )
        return list(tokens), result

    def reusable_prefix(self, prompt: Sequence[int]) -> int:
        """How many prompt tokens llama.cpp can keep from the current KV cache."""
        cached = self._llama._input_ids[: self._llama.n_tokens].tolist()
        shared = 0
        for a, b in zip(cached, prompt, strict=False):
            if a != b:
                break
            shared += 1
        # A fully cached prompt still re-evaluates its last token to get fresh logits.
        return shared - 1 if shared == len(prompt) and shared > 0 else shared

    def _stream(
        self,
        messages: list[ChatMessage],
        *,
        tools: list[ToolSpec] | None,
        tool_choice: ToolChoice | None,
        json_schema: dict[str, Any] | None,
        max_tokens: int,
        temperature: float,
        stop_flag: Callable[[], bool] | None,
    ) -> Iterator[StreamEvent]:
        mode, forced, grammar_schema = _decoding_plan(tools, tool_choice, json_schema)
        shown_tools = tools if mode != "plain" or tool_choice != "none" else None
        template_choice: Any = None
        if forced is not None:
            template_choice = {"type": "function", "function": {"name": forced.name}}
        elif mode == "required":
            template_choice = "required"
        prompt, rendered = self.render(messages, shown_tools, template_choice)
        if len(prompt) >= self._n_ctx:
            raise ModelError(
                f"The prompt has {len(prompt)} tokens, more than the model's context of "
                f"{self._n_ctx}; shorten the conversation or raise the context size"
            )
        grammar = self._grammar(grammar_schema) if grammar_schema is not None else None
        cached = self.reusable_prefix(prompt)
        self.last_prompt_tokens = prompt

        from llama_cpp import StoppingCriteriaList

        sampled = 0
        template_stop = rendered.stopping_criteria

        def on_token(ids: Any, logits: Any) -> bool:
            nonlocal sampled
            sampled += 1
            self._abort.disarm()  # the prompt is evaluated: token steps are short
            if stop_flag is not None and stop_flag():
                return True
            return bool(template_stop is not None and template_stop(ids, logits))

        chunks = self._abort.watch(self._llama.create_completion(
            prompt=prompt,
            max_tokens=max(1, max_tokens),
            temperature=temperature,
            repeat_penalty=self._repeat_penalty,
            stream=True,
            stop=_stop_strings(rendered.stop),
            stopping_criteria=StoppingCriteriaList([on_token]),
            grammar=grammar,
        ), stop_flag)
        collected: list[str] = []
        finish, stopped = "stop", False
        try:
            for chunk in chunks:
                choice = chunk["choices"][0]
                text = choice.get("text") or ""
                if text:
                    if mode == "plain":
                        yield TokenEvent(text)
                    else:
                        collected.append(text)
                if choice.get("finish_reason"):
                    finish = str(choice["finish_reason"])
                if stop_flag is not None and stop_flag():
                    stopped = True
                    break
        except ValueError as exc:
            raise ModelError(f"llama.cpp could not complete the prompt: {exc}") from exc
        finally:
            chunks.close()  # (also ends the prompt watch)
        # The end-of-turn token is sampled but is not part of the answer.
        eot = 1 if finish == "stop" and not stopped else 0
        completion = min(max_tokens, max(0, sampled - eot))
        if stopped or (stop_flag is not None and stop_flag()):
            yield DoneEvent(FINISH_STOPPED, len(prompt), completion, cached)
            return
        if mode != "plain":
            text = "".join(collected)
            yield ToolCallEvent([_to_call(text, forced)])
            finish = "tool_calls" if finish == "stop" else finish
        yield DoneEvent(finish, len(prompt), completion, cached)

    def _grammar(self, schema: dict[str, Any]) -> Any:
        from llama_cpp.llama_grammar import JSON_GBNF, LlamaGrammar

        try:
            return LlamaGrammar.from_json_schema(json.dumps(schema), verbose=False)
        except Exception as exc:  # a schema feature the converter lacks: any JSON then
            log.info("schema not convertible to a grammar (%s); using plain JSON", exc)
            return LlamaGrammar.from_string(JSON_GBNF, verbose=False)


def template_messages(messages: Sequence[ChatMessage]) -> list[ChatMessage]:
    """``messages`` as chat templates expect them: tool-call arguments as objects.

    The OpenAI wire format carries ``function.arguments`` as JSON text, but the templates
    of tool-trained models (Qwen, Llama 3) write it with ``| tojson``, which would quote
    the text a second time and show the model its own past calls as escaped strings.
    Arguments that are not valid JSON stay text, so the model sees what it wrote.
    """
    out: list[ChatMessage] = []
    for message in messages:
        calls = message.get("tool_calls")
        if not calls:
            out.append(message)
            continue
        converted = []
        for call in calls:
            function = dict(call.get("function") or {})
            arguments = function.get("arguments")
            if isinstance(arguments, str):
                with contextlib.suppress(ValueError):
                    function["arguments"] = json.loads(arguments)
            converted.append({**call, "function": function})
        out.append({**message, "tool_calls": converted})
    return out


def _stop_strings(stop: str | list[str] | None) -> list[str]:
    """The template's stop strings; an empty one would end every answer at once."""
    items = [stop] if isinstance(stop, str) else list(stop or [])
    return [item for item in items if item]


def _decoding_plan(
    tools: list[ToolSpec] | None,
    tool_choice: ToolChoice | None,
    json_schema: dict[str, Any] | None,
) -> tuple[str, ToolSpec | None, dict[str, Any] | None]:
    """(mode, forced tool, grammar schema); mode is "plain", "forced" or "required".

    Calls decode as ``{"name": ..., "arguments": {...}}``, the shape chat templates of
    tool-trained models ask for: small models fill the arguments better that way than
    when made to write the bare arguments object.
    """
    wanted = tool_choice_name(tool_choice)
    if tools and wanted is not None:
        for tool in tools:
            if tool.name == wanted:
                return "forced", tool, _call_schema(tool)
        raise ModelError(f"tool_choice names {wanted!r}, which is not among the tools offered")
    if wanted is not None:
        raise ModelError(f"tool_choice names {wanted!r} but no tools were offered")
    if tools and tool_choice == "required":
        if len(tools) == 1:
            return "forced", tools[0], _call_schema(tools[0])
        return "required", None, {"anyOf": [_call_schema(tool) for tool in tools]}
    return "plain", None, json_schema


def _call_schema(tool: ToolSpec) -> dict[str, Any]:
    arguments = tool.parameters or {"type": "object", "properties": {}}
    return {
        "type": "object",
        "properties": {"name": {"const": tool.name}, "arguments": arguments},
        "required": ["name", "arguments"],
    }


def _to_call(text: str, forced: ToolSpec | None) -> ToolCall:
    """The call in ``{"name": ..., "arguments": ...}`` text; the raw text if it is cut off."""
    call_id = f"call_{uuid.uuid4().hex[:12]}"
    fallback_name = forced.name if forced is not None else ""
    try:
        data = json.loads(text)
    except ValueError:
        return ToolCall(call_id, fallback_name, text.strip())
    if not isinstance(data, dict):
        return ToolCall(call_id, fallback_name, text.strip())
    name = str(data.get("name") or fallback_name)
    return ToolCall(call_id, name, json.dumps(data.get("arguments", {}), ensure_ascii=False))
