"""Reading tool calls out of an answer's text: tagged, fenced or bare JSON, lenient about
the shapes small models write, strict about what counts as a call."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Final

from kai_desktop.core.llm.model import ToolCall
from kai_desktop.core.memory.tool_specs import ALL_TOOLS, TOOLS_BY_NAME

_FENCE = re.compile(r"```[ \t]*(?:json|JSON|tool_call)?[ \t]*\n?(.*?)(?:```|\Z)", re.DOTALL)


_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|\Z)", re.DOTALL)


_TRAILING_COMMA = re.compile(r",\s*([}\]])")


_ARGUMENT_KEYS: Final = ("arguments", "parameters", "args", "input")


_NAME_KEYS: Final = ("name", "tool", "tool_name", "function")


@dataclass(frozen=True)
class ContentCalls:
    """What :func:`calls_from_content` found in an answer's text.

    ``calls``: the calls decoded (arguments re-encoded as JSON text). ``problems``: calls
    the model clearly attempted but that could not be read, as ``(tool name or "", why)``.
    ``prose``: the text with the call snippets removed.
    """

    calls: list[ToolCall]
    problems: list[tuple[str, str]]
    prose: str

    @property
    def attempted(self) -> bool:
        return bool(self.calls or self.problems)


def _loads_lenient(text: str) -> Any:
    """``json.loads``, then with trailing commas removed, then (for text with no double
    quotes at all, like ``{'key': 'a'}``) Python-literal syntax."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as first:
        try:
            return json.loads(_TRAILING_COMMA.sub(r"\1", text))
        except json.JSONDecodeError:
            pass
        if '"' in text:
            # Python would join adjacent strings ("a" "b") and hide a broken call.
            raise first from None
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            raise first from None


def _as_call(value: Any) -> tuple[str, Any] | None:
    """``(name, arguments)`` when ``value`` has the shape of a call, else None."""
    if not isinstance(value, dict):
        return None
    function = value.get("function")
    if isinstance(function, dict):
        return _as_call(function)
    nested = _nested_call(value)
    if nested is not None:
        return nested
    name = next((value[k] for k in _NAME_KEYS if isinstance(value.get(k), str)), None)
    if name is None:
        return None
    for key in _ARGUMENT_KEYS:
        if key in value:
            return name, value[key]
    if name in TOOLS_BY_NAME:
        # {"name": "memory_store", "key": ..., "content": ...}: arguments inlined.
        return name, {k: v for k, v in value.items() if k not in _NAME_KEYS}
    return None


def _nested_call(value: dict[str, Any]) -> tuple[str, Any] | None:
    """Repairs the shapes small models give a call whose name is not where it belongs:
    ``{"name": "<anything>", "arguments": {"memory_store": {...}}}`` and
    ``{"memory_store": {...}}`` become ``("memory_store", {...})``."""
    name = next((value[k] for k in _NAME_KEYS if isinstance(value.get(k), str)), None)
    if name in TOOLS_BY_NAME:
        return None
    inner = next((value[k] for k in _ARGUMENT_KEYS if isinstance(value.get(k), dict)), value)
    tools = [k for k in inner if k in TOOLS_BY_NAME]
    if len(tools) == 1 and isinstance(inner[tools[0]], dict) and len(inner) == 1:
        return tools[0], inner[tools[0]]
    return None


def _calls_in(value: Any) -> list[tuple[str, Any]] | None:
    if isinstance(value, dict) and isinstance(value.get("tool_calls"), list):
        value = value["tool_calls"]
    items = value if isinstance(value, list) else [value]
    found = [_as_call(item) for item in items]
    calls = [c for c in found if c is not None]
    return calls or None


def _encode_arguments(arguments: Any) -> str:
    if isinstance(arguments, str):
        return arguments
    return json.dumps(arguments, ensure_ascii=False)


def _snippets(text: str) -> list[tuple[int, int, str]]:
    """Spans of text that may hold a call: tagged, fenced, or bare JSON objects."""
    spans: list[tuple[int, int, str]] = []
    for pattern in (_TAGGED, _FENCE):
        for match in pattern.finditer(text):
            if not any(s <= match.start() < e for s, e, _ in spans):
                spans.append((match.start(), match.end(), match.group(1).strip()))
    if spans:
        return sorted(spans)
    decoder = json.JSONDecoder()
    i = 0
    while (i := _next_open(text, i)) >= 0:
        try:
            _, end = decoder.raw_decode(text, i)
        except json.JSONDecodeError:
            # An object that never closes (cut off, or malformed): take the rest.
            rest = text[i:].strip()
            if _mentions_tool(rest):
                spans.append((i, len(text), rest))
                break
            i += 1
            continue
        spans.append((i, end, text[i:end]))
        i = end
    return spans


def _next_open(text: str, start: int) -> int:
    positions = [p for p in (text.find("{", start), text.find("[{", start)) if p >= 0]
    return min(positions) if positions else -1


def _mentions_tool(text: str, names: Collection[str] = ALL_TOOLS) -> str | None:
    for name in names:
        if re.search(rf"\b{re.escape(name)}\b", text):
            return name
    return None


def calls_from_content(text: str, known: Collection[str] = ALL_TOOLS) -> ContentCalls:
    """Read tool calls written as JSON in an answer's text.

    A JSON object counts as a call when it has a name and arguments
    (``{"name": ..., "arguments": {...}}`` and the usual variants), or names a known tool
    with its arguments inlined. JSON that mentions a known tool but cannot be decoded is
    reported in ``problems``, so the model hears what went wrong instead of the user
    seeing a broken call.
    """
    calls: list[ToolCall] = []
    problems: list[tuple[str, str]] = []
    removed: list[tuple[int, int]] = []
    for start, end, snippet in _snippets(text):
        if not snippet:
            continue
        try:
            value = _loads_lenient(snippet)
        except (json.JSONDecodeError, TypeError) as exc:
            name = _mentions_tool(snippet, known)
            if name is not None:
                problems.append((name, f"the call is not valid JSON ({exc})"))
                removed.append((start, end))
            continue
        found = _calls_in(value)
        if not found:
            continue
        for name, arguments in found:
            calls.append(ToolCall("", name, _encode_arguments(arguments)))
        removed.append((start, end))
    prose_parts: list[str] = []
    last = 0
    for start, end in removed:
        prose_parts.append(text[last:start])
        last = end
    prose_parts.append(text[last:])
    return ContentCalls(calls, problems, "".join(prose_parts).strip())


def content_may_hold_call(text: str) -> bool:
    """A cheap early check on a streaming answer: could this text be (or start) a call?"""
    stripped = text.lstrip()
    return stripped.startswith(("{", "[{", "```", "<tool_call>")) or "<tool_call>" in text
