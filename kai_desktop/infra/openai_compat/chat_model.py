"""A :class:`~kai_desktop.core.llm.model.ChatModel` on any OpenAI-compatible server.

Ollama, LM Studio, llama-server, vLLM and the like: base URL and model name come from the
settings; the API key is kept in the system keyring (``keyring``). Where no keyring back end
exists, the key lives in memory for this run only (or comes from ``KAI_OPENAI_API_KEY``).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from kai_desktop.core.llm.model import (
    FINISH_STOPPED,
    ChatMessage,
    DoneEvent,
    ModelError,
    StreamEvent,
    TokenEvent,
    ToolCall,
    ToolCallEvent,
    ToolChoice,
    ToolSpec,
    tool_choice_name,
)

log = logging.getLogger(__name__)

KEYRING_SERVICE = "kai-desktop"
API_KEY_ENV = "KAI_OPENAI_API_KEY"
NO_KEY = "not-needed"  # local servers ignore the key, but the client insists on one

_session_keys: dict[str, str] = {}
_session_lock = threading.Lock()


# -- API keys ---------------------------------------------------------------------------


@dataclass(frozen=True)
class KeyStorage:
    """Where a saved key went: ``persistent`` False means it lasts until the app quits."""

    persistent: bool
    message: str


def _keyring_username(base_url: str) -> str:
    return base_url.rstrip("/")


def save_api_key(base_url: str, api_key: str) -> KeyStorage:
    """Keep the key for ``base_url`` in the system keyring (or in memory if there is none)."""
    user = _keyring_username(base_url)
    with _session_lock:
        _session_keys[user] = api_key
    try:
        import keyring
        import keyring.errors

        keyring.set_password(KEYRING_SERVICE, user, api_key)
    except Exception as exc:  # any keyring back end failure: fall back, never crash
        log.info("no usable keyring (%s); keeping the API key in memory", exc)
        return KeyStorage(
            False,
            "No system keyring is available: the API key is kept only until Kai quits "
            f"(or set {API_KEY_ENV}).",
        )
    return KeyStorage(True, "The API key is saved in the system keyring.")


def keyring_usable() -> bool:
    """True when a system keyring back end can keep secrets (not the "fail" one)."""
    try:
        import keyring
        from keyring.backends import fail

        return not isinstance(keyring.get_keyring(), fail.Keyring)
    except Exception:
        return False


def load_api_key(base_url: str) -> str | None:
    """The key for ``base_url``: environment, then this run's memory, then the keyring."""
    env_key = os.environ.get(API_KEY_ENV)
    if env_key:
        return env_key
    user = _keyring_username(base_url)
    with _session_lock:
        if user in _session_keys:
            return _session_keys[user]
    try:
        import keyring

        value = keyring.get_password(KEYRING_SERVICE, user)
    except Exception as exc:
        log.info("no usable keyring (%s)", exc)
        return None
    return value if value else None


def delete_api_key(base_url: str) -> None:
    user = _keyring_username(base_url)
    with _session_lock:
        _session_keys.pop(user, None)
    try:
        import keyring
        import keyring.errors

        keyring.delete_password(KEYRING_SERVICE, user)
    except Exception as exc:
        log.info("could not delete the API key from the keyring: %s", exc)


# -- the model --------------------------------------------------------------------------


@dataclass
class _PendingCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


class OpenAIChatModel:
    """Streams chat completions from an OpenAI-compatible ``/chat/completions`` endpoint."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        context_size: int = 8192,
        is_local: bool = False,
        timeout: float = 120.0,
        max_retries: int = 1,
    ) -> None:
        if not model.strip():
            raise ModelError(f"No model name set for the server at {base_url}")
        from openai import OpenAI

        self._client = OpenAI(
            base_url=base_url,
            api_key=api_key or NO_KEY,
            timeout=timeout,
            max_retries=max_retries,
        )
        self._base_url = base_url
        self._model = model
        self._context_size = context_size
        self._is_local = is_local
        self._usage_option = True

    @property
    def name(self) -> str:
        return self._model

    @property
    def context_size(self) -> int:
        return self._context_size

    @property
    def is_local(self) -> bool:
        return self._is_local

    def count_tokens(self, text: str) -> int:
        """An estimate (about four characters per token): servers expose no tokenizer."""
        return (len(text) + 3) // 4

    def close(self) -> None:
        self._client.close()

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
        request: dict[str, Any] = {
            "model": self._model,
            "messages": list(messages),
            "max_tokens": max_tokens,
            "temperature": temperature,
            "stream": True,
        }
        if tools:
            request["tools"] = [tool.to_openai() for tool in tools]
            if tool_choice is not None:
                request["tool_choice"] = _openai_tool_choice(tool_choice)
        if json_schema is not None:
            request["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "response", "schema": json_schema, "strict": True},
            }
        return self._events(request, stop_flag)

    def _open(self, request: dict[str, Any]) -> Any:
        import openai

        sent = dict(request)
        if self._usage_option:
            sent["stream_options"] = {"include_usage": True}
        try:
            return self._client.chat.completions.create(**sent)
        except openai.BadRequestError as exc:
            if self._usage_option and "stream_options" in str(exc):
                # Some servers reject the usage option; ask once more without it.
                self._usage_option = False
                return self._open(request)
            raise ModelError(f"The server rejected the request: {_error_text(exc)}") from exc
        except openai.AuthenticationError as exc:
            raise ModelError(
                f"The server at {self._base_url} refused the API key ({_error_text(exc)})"
            ) from exc
        except openai.NotFoundError as exc:
            raise ModelError(
                f"Model {self._model!r} or its endpoint was not found at {self._base_url} "
                f"({_error_text(exc)})"
            ) from exc
        except openai.APIConnectionError as exc:
            raise ModelError(
                f"Cannot reach the model server at {self._base_url}: is it running? ({exc})"
            ) from exc
        except openai.APIStatusError as exc:
            raise ModelError(
                f"The server answered {exc.status_code}: {_error_text(exc)}"
            ) from exc

    def _events(
        self, request: dict[str, Any], stop_flag: Callable[[], bool] | None
    ) -> Iterator[StreamEvent]:
        import openai

        response = self._open(request)
        pending: dict[int, _PendingCall] = {}
        finish = "stop"
        prompt_tokens = completion_tokens = cached_tokens = 0
        produced = 0
        try:
            for chunk in response:
                usage = getattr(chunk, "usage", None)
                if usage is not None:
                    prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0)
                    completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0)
                    details = getattr(usage, "prompt_tokens_details", None)
                    cached_tokens = int(getattr(details, "cached_tokens", 0) or 0)
                for choice in getattr(chunk, "choices", None) or []:
                    delta = choice.delta
                    for call_delta in getattr(delta, "tool_calls", None) or []:
                        _merge_call(pending, call_delta)
                    text = getattr(delta, "content", None)
                    if text:
                        produced += 1
                        yield TokenEvent(text)
                        if stop_flag is not None and stop_flag():
                            yield DoneEvent(FINISH_STOPPED, prompt_tokens, produced, cached_tokens)
                            return
                    if choice.finish_reason:
                        finish = str(choice.finish_reason)
        except openai.APIError as exc:
            raise ModelError(f"The model server broke off the answer: {exc}") from exc
        finally:
            response.close()
        if pending:
            calls = [
                ToolCall(p.id or f"call_{i}", p.name, "".join(p.arguments) or "{}")
                for i, p in sorted(pending.items())
            ]
            yield ToolCallEvent(calls)
            if finish == "stop":
                finish = "tool_calls"
        yield DoneEvent(finish, prompt_tokens, completion_tokens or produced, cached_tokens)


def _merge_call(pending: dict[int, _PendingCall], delta: Any) -> None:
    index = int(getattr(delta, "index", 0) or 0)
    call = pending.setdefault(index, _PendingCall())
    if getattr(delta, "id", None):
        call.id = str(delta.id)
    function = getattr(delta, "function", None)
    if function is not None:
        if getattr(function, "name", None):
            call.name = str(function.name)
        if getattr(function, "arguments", None):
            call.arguments.append(str(function.arguments))


def _openai_tool_choice(tool_choice: ToolChoice) -> Any:
    forced = tool_choice_name(tool_choice)
    if forced is not None:
        return {"type": "function", "function": {"name": forced}}
    return tool_choice


def _error_text(exc: Exception) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])
        if isinstance(error, str):
            return error
    return str(exc)
