"""The chat model port: what every back end (llama.cpp, OpenAI-compatible server) offers.

A model streams :data:`StreamEvent` values for one request: any number of
:class:`TokenEvent`, at most one :class:`ToolCallEvent`, and always one final
:class:`DoneEvent` (unless it raises :class:`ModelError`). ``stop_flag`` is polled after
every token; when it returns True the stream ends at once with ``finish_reason="stopped"``.

:class:`ScriptedChatModel` is the fake used by unit tests across the code base.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

ChatMessage = dict[str, Any]
"""One OpenAI-style message: ``{"role": ..., "content": ..., "tool_calls"?: ..., ...}``."""

ToolChoice = str | dict[str, Any]
"""``"auto"``, ``"none"``, ``"required"``, a tool name, or the OpenAI dict form
``{"type": "function", "function": {"name": ...}}``."""

FinishReason = Literal["stop", "length", "tool_calls", "stopped"]
"""``stopped``: the caller's stop flag ended the stream."""

FINISH_STOPPED: FinishReason = "stopped"


class ModelError(Exception):
    """A model could not be loaded or could not answer; the message is for the user."""


class ModelLoadError(ModelError):
    """The model file is missing, corrupt or cannot be loaded."""


@dataclass(frozen=True)
class ToolSpec:
    """A function the model may call; ``parameters`` is a JSON schema (an object)."""

    name: str
    description: str
    parameters: dict[str, Any]

    def to_openai(self) -> dict[str, Any]:
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            },
        }


@dataclass(frozen=True)
class ToolCall:
    """One call the model asked for; ``arguments`` is the raw JSON text (not validated)."""

    id: str
    name: str
    arguments: str

    def to_openai(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": self.arguments},
        }


@dataclass(frozen=True)
class TokenEvent:
    text: str


@dataclass(frozen=True)
class ToolCallEvent:
    calls: list[ToolCall]


@dataclass(frozen=True)
class DoneEvent:
    """End of a stream. ``cached_tokens``: prompt tokens reused from the prompt cache."""

    finish_reason: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0


StreamEvent = TokenEvent | ToolCallEvent | DoneEvent


@runtime_checkable
class ChatModel(Protocol):
    """A chat model. ``stream`` runs on the caller's thread and may block per token."""

    @property
    def name(self) -> str: ...

    @property
    def context_size(self) -> int: ...

    @property
    def is_local(self) -> bool: ...

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
    ) -> Iterator[StreamEvent]: ...

    def count_tokens(self, text: str) -> int: ...


LoadProgress = Callable[[str, float | None], None]
"""Loading status: a message for the user and a fraction in [0, 1] (None: unknown)."""

ModelFactory = Callable[[LoadProgress], ChatModel]
"""Builds a ready model, reporting progress; raises :class:`ModelError` with a clear message.
Called on the model's worker thread, so it may take seconds (assembling, loading)."""


# -- helpers shared by back ends and callers --------------------------------------------


def preserving_cache(model: ChatModel) -> contextlib.AbstractContextManager[object]:
    """The model's own way to run a side request without evicting the chat's prompt cache
    (the embedded model saves and restores its state), or nothing for other models."""
    keeper = getattr(model, "preserving_cache", None)
    return keeper() if callable(keeper) else contextlib.nullcontext()


def tool_choice_name(tool_choice: ToolChoice | None) -> str | None:
    """The forced tool's name, or None for auto/none/required/absent."""
    if tool_choice is None:
        return None
    if isinstance(tool_choice, dict):
        function = tool_choice.get("function")
        if isinstance(function, dict) and isinstance(function.get("name"), str):
            return str(function["name"])
        return None
    if tool_choice in ("auto", "none", "required"):
        return None
    return tool_choice


def assistant_message(text: str, calls: Sequence[ToolCall] = ()) -> ChatMessage:
    """The assistant turn to append to the history after a stream."""
    message: ChatMessage = {"role": "assistant", "content": text}
    if calls:
        message["tool_calls"] = [call.to_openai() for call in calls]
    return message


def tool_result_message(call: ToolCall, content: str) -> ChatMessage:
    return {"role": "tool", "tool_call_id": call.id, "name": call.name, "content": content}


@dataclass(frozen=True)
class Completion:
    """A whole stream collected: the text, any tool calls and the final event."""

    text: str
    tool_calls: list[ToolCall]
    done: DoneEvent


def collect(events: Iterable[StreamEvent]) -> Completion:
    """Drain a stream (for non-interactive calls such as extraction)."""
    parts: list[str] = []
    calls: list[ToolCall] = []
    done = DoneEvent(finish_reason="stop")
    for event in events:
        if isinstance(event, TokenEvent):
            parts.append(event.text)
        elif isinstance(event, ToolCallEvent):
            calls.extend(event.calls)
        else:
            done = event
    return Completion("".join(parts), calls, done)


def complete(model: ChatModel, messages: Sequence[ChatMessage], **options: Any) -> Completion:
    """``collect(model.stream(messages, **options))``."""
    return collect(model.stream(messages, **options))


# -- the scripted fake ------------------------------------------------------------------

ScriptItem = str | ToolCall | list[ToolCall] | BaseException
"""A token, a tool call (consecutive ones form one event), or an exception to raise."""


@dataclass(frozen=True)
class RecordedRequest:
    """What a :class:`ScriptedChatModel` was asked, for assertions in tests."""

    messages: list[ChatMessage]
    tools: list[ToolSpec] | None
    tool_choice: ToolChoice | None
    json_schema: dict[str, Any] | None
    max_tokens: int
    temperature: float


@dataclass
class ScriptedChatModel:
    """A fake :class:`ChatModel` that plays one scripted turn per ``stream`` call.

    Each turn is a sequence of items: strings are streamed as tokens, ``ToolCall`` items
    (or lists of them) are emitted as one :class:`ToolCallEvent`, and an exception is
    raised where it stands. A turn that is a plain string is split into word tokens.
    After the last turn, ``stream`` raises :class:`ModelError` unless ``repeat_last``.

    ``stop_flag`` is checked after every token. ``before_token(turn_index, token_index)``
    runs before each token (tests use it to pause or to set the stop flag). The requests
    are recorded in ``requests``.
    """

    turns: list[Sequence[ScriptItem] | str] = field(default_factory=list)
    name: str = "scripted"
    context_size: int = 4096
    is_local: bool = True
    repeat_last: bool = False
    token_delay_s: float = 0.0
    before_token: Callable[[int, int], None] | None = None
    requests: list[RecordedRequest] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._ids = itertools.count(1)

    def add_turn(self, turn: Sequence[ScriptItem] | str) -> None:
        with self._lock:
            self.turns.append(turn)

    @property
    def calls(self) -> int:
        return len(self.requests)

    def count_tokens(self, text: str) -> int:
        """Roughly four characters per token, like small BPE vocabularies."""
        return (len(text) + 3) // 4

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
        with self._lock:
            index = len(self.requests)
            self.requests.append(
                RecordedRequest(
                    messages=[dict(m) for m in messages],
                    tools=list(tools) if tools is not None else None,
                    tool_choice=tool_choice,
                    json_schema=json_schema,
                    max_tokens=max_tokens,
                    temperature=temperature,
                )
            )
            if index < len(self.turns):
                turn = self.turns[index]
            elif self.repeat_last and self.turns:
                turn = self.turns[-1]
            else:
                raise ModelError(f"scripted model has no turn {index + 1}")
        prompt_tokens = sum(self.count_tokens(str(m.get("content") or "")) for m in messages)
        return self._play(index, turn, prompt_tokens, max_tokens, stop_flag)

    def _play(
        self,
        turn_index: int,
        turn: Sequence[ScriptItem] | str,
        prompt_tokens: int,
        max_tokens: int,
        stop_flag: Callable[[], bool] | None,
    ) -> Iterator[StreamEvent]:
        items = _split_words(turn) if isinstance(turn, str) else list(turn)
        produced = 0
        pending: list[ToolCall] = []
        any_calls = False
        for item in items:
            if isinstance(item, ToolCall):
                pending.append(self._with_id(item))
                continue
            if isinstance(item, list):
                pending.extend(self._with_id(call) for call in item)
                continue
            if pending:
                yield ToolCallEvent(pending)
                any_calls, pending = True, []
            if isinstance(item, BaseException):
                raise item
            if produced >= max_tokens:
                yield DoneEvent("length", prompt_tokens, produced)
                return
            if self.before_token is not None:
                self.before_token(turn_index, produced)
            if self.token_delay_s > 0:
                time.sleep(self.token_delay_s)
            produced += 1
            yield TokenEvent(item)
            if stop_flag is not None and stop_flag():
                yield DoneEvent(FINISH_STOPPED, prompt_tokens, produced)
                return
        if pending:
            yield ToolCallEvent(pending)
            any_calls = True
        yield DoneEvent("tool_calls" if any_calls else "stop", prompt_tokens, produced)

    def _with_id(self, call: ToolCall) -> ToolCall:
        if call.id:
            return call
        return ToolCall(f"call_{next(self._ids)}", call.name, call.arguments)


def _split_words(text: str) -> list[ScriptItem]:
    """``"a b"`` -> ``["a", " b"]``: tokens that join back to the text."""
    words: list[ScriptItem] = []
    start = 0
    for i in range(1, len(text)):
        if text[i] == " " and text[i - 1] != " ":
            words.append(text[start:i])
            start = i
    if text:
        words.append(text[start:])
    return words
