"""The memory tools offered to the model: specs, parsing, validation and execution.

Arguments are declared once, as pydantic models: the JSON schema the model sees (and the
schema a constrained decoder enforces) is generated from the same class that validates
the call, so the two can never drift apart, and pydantic's error locations turn into
messages a small model can act on. Nothing here raises at the model: a malformed,
unknown or failing call becomes an error text returned as the tool result.

Small local models rarely fill ``tool_calls`` unless the call is forced; they write the
call as JSON in the answer, bare, inside a ```json fence or inside ``<tool_call>`` tags.
:func:`calls_from_content` reads all of those forms.
"""

from __future__ import annotations

import ast
import difflib
import json
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from kai_desktop.core.llm.model import ToolCall, ToolSpec
from kai_desktop.core.memory.extraction import grounded
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.retrieval.ports import Passage

MEMORY_STORE: Final = "memory_store"
MEMORY_LEARN: Final = "memory_learn"
MEMORY_FORGET: Final = "memory_forget"
MEMORY_REINFORCE: Final = "memory_reinforce"
MEMORY_SEARCH: Final = "memory_search"
PROMOTE_LEARNING: Final = "promote_learning"

SEARCH_LIMIT_MAX: Final = 10
_RESULT_TEXT_CHARS: Final = 600


# -- argument models ----------------------------------------------------------------------


class _Arguments(BaseModel):
    # Unknown keys are refused: the schema says additionalProperties=false and a small
    # model that invents a key learns which ones exist from the error message.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


_KEY = Field(
    min_length=1,
    max_length=80,
    description="A short snake_case name for the memory.",
)


class MemoryStoreArgs(_Arguments):
    key: str = _KEY
    content: str = Field(min_length=1, max_length=2000, description="The fact to remember.")


class MemoryLearnArgs(_Arguments):
    key: str = _KEY
    content: str = Field(min_length=1, max_length=2000, description="What was learned.")
    category: Literal["Learning", "Error", "Preference"] = Field(
        description="Learning (a lesson), Error (a problem and its fix) or Preference."
    )
    source: str | None = Field(
        default=None, max_length=200, description="Where it came from (optional)."
    )

    @model_validator(mode="before")
    @classmethod
    def _category_spelling(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("category"), str):
            raw = data["category"].strip()
            if raw.lower() == "general":
                raise ValueError(
                    "category General is not accepted by memory_learn; "
                    "use memory_store(key, content) for general facts"
                )
            data = {**data, "category": raw[:1].upper() + raw[1:].lower()}
        return data


class MemoryKeyArgs(_Arguments):
    key: str = _KEY


class MemorySearchArgs(_Arguments):
    query: str = Field(min_length=1, max_length=500, description="What to look for.")
    limit: int = Field(
        default=5, ge=1, le=SEARCH_LIMIT_MAX, description="How many results (1-10)."
    )


class PromoteLearningArgs(_Arguments):
    memory_key: str = Field(min_length=1, max_length=80, description="The memory's key.")
    soul_addition: str = Field(
        min_length=3,
        max_length=400,
        description="One sentence in the first person that makes the memory part of who "
        "I am, e.g. 'I keep answers short because the user prefers brevity.'",
    )


@dataclass(frozen=True)
class _Tool:
    name: str
    description: str
    arguments: type[_Arguments]


_TOOLS: Final[tuple[_Tool, ...]] = (
    _Tool(
        MEMORY_STORE,
        "Remember a fact about the user or their world. An existing key is updated.",
        MemoryStoreArgs,
    ),
    _Tool(
        MEMORY_LEARN,
        "Remember a learning, an error with its resolution, or a user preference.",
        MemoryLearnArgs,
    ),
    _Tool(MEMORY_FORGET, "Forget the memory with this key.", MemoryKeyArgs),
    _Tool(
        MEMORY_REINFORCE,
        "Mark a memory as confirmed again.",
        MemoryKeyArgs,
    ),
    _Tool(
        MEMORY_SEARCH,
        "Search the user's notes and memories.",
        MemorySearchArgs,
    ),
    _Tool(
        PROMOTE_LEARNING,
        "Make a well-proven memory permanent by adding a sentence to the persona.",
        PromoteLearningArgs,
    ),
)
_BY_NAME: Final = {tool.name: tool for tool in _TOOLS}
CHAT_TOOLS: Final = (MEMORY_STORE, MEMORY_LEARN, MEMORY_FORGET, MEMORY_REINFORCE, MEMORY_SEARCH)
HEARTBEAT_TOOLS: Final = (PROMOTE_LEARNING,)
ALL_TOOLS: Final = tuple(_BY_NAME)


def _compact_schema(node: Any) -> Any:
    """Pydantic's schema without titles and length caps, ``X | None`` flattened to ``X``.

    Titles only cost prompt tokens; an optional field is simply left out by the model.
    Length caps stay in validation only: llama.cpp turns ``maxLength`` into one nested
    grammar rule per character, which fails to compile for long fields.
    """
    if isinstance(node, list):
        return [_compact_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("title", "maxLength"):
            continue
        if key == "anyOf" and isinstance(value, list):
            kept = [v for v in value if not (isinstance(v, dict) and v.get("type") == "null")]
            if len(kept) == 1 and isinstance(kept[0], dict):
                out.update(_compact_schema(kept[0]))
                continue
        if key == "default" and value is None:
            continue
        out[key] = _compact_schema(value)
    return out


def arguments_schema(name: str) -> dict[str, Any]:
    """The JSON schema of a tool's arguments (an object)."""
    schema: dict[str, Any] = _compact_schema(_BY_NAME[name].arguments.model_json_schema())
    return schema


def tool_spec(name: str) -> ToolSpec:
    tool = _BY_NAME[name]
    return ToolSpec(tool.name, tool.description, arguments_schema(name))


def call_schema(names: Sequence[str]) -> dict[str, Any]:
    """A schema for ``{"name": ..., "arguments": {...}}`` over ``names``.

    For constrained decoding when the model must produce one call and may choose which.
    """
    options = [
        {
            "type": "object",
            "properties": {"name": {"const": name}, "arguments": arguments_schema(name)},
            "required": ["name", "arguments"],
            "additionalProperties": False,
        }
        for name in names
    ]
    return options[0] if len(options) == 1 else {"anyOf": options}


# -- parsing ------------------------------------------------------------------------------

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
    if name in _BY_NAME:
        # {"name": "memory_store", "key": ..., "content": ...}: arguments inlined.
        return name, {k: v for k, v in value.items() if k not in _NAME_KEYS}
    return None


def _nested_call(value: dict[str, Any]) -> tuple[str, Any] | None:
    """Repairs the shapes small models give a call whose name is not where it belongs:
    ``{"name": "<anything>", "arguments": {"memory_store": {...}}}`` and
    ``{"memory_store": {...}}`` become ``("memory_store", {...})``."""
    name = next((value[k] for k in _NAME_KEYS if isinstance(value.get(k), str)), None)
    if name in _BY_NAME:
        return None
    inner = next((value[k] for k in _ARGUMENT_KEYS if isinstance(value.get(k), dict)), value)
    tools = [k for k in inner if k in _BY_NAME]
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


# -- execution ----------------------------------------------------------------------------


@dataclass(frozen=True)
class NoteRef:
    """A passage of a note that went into a prompt (for citations)."""

    path: str
    heading: str
    start_line: int
    end_line: int


@dataclass(frozen=True)
class ToolResult:
    """The outcome of one call; ``content`` is what the model reads back."""

    call: ToolCall
    ok: bool
    content: str
    memory_keys: tuple[str, ...] = ()
    notes: tuple[NoteRef, ...] = ()


class SearchHit(Passage, Protocol):
    """A retrieved passage with its score: what ``memory_search`` reports."""

    @property
    def score(self) -> float: ...


class Searcher(Protocol):
    """What ``memory_search`` needs from the retriever."""

    def search(self, query: str, limit: int = 5) -> Sequence[Any]: ...


Promoter = Callable[[str, str], str]
"""``(memory_key, soul_addition) -> message``: runs a promotion inside a heartbeat run."""


def heading_text(heading: Any) -> str:
    """A hit's heading as one string (retrieval may give a heading path)."""
    if heading is None:
        return ""
    if isinstance(heading, str):
        return heading
    if isinstance(heading, Iterable):
        return " > ".join(str(part) for part in heading)
    return str(heading)


def _format_errors(name: str, exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(p) for p in error.get("loc", ())) or "arguments"
        message = str(error.get("msg", "invalid"))
        if error.get("type") == "extra_forbidden":
            message = "unknown argument"
        parts.append(f"{where}: {message}")
    allowed = ", ".join(_BY_NAME[name].arguments.model_fields)
    return f"Error: invalid arguments for {name}: {'; '.join(parts)}. Arguments: {allowed}."


@dataclass
class ToolBox:
    """Executes the memory tools against the store and the retriever.

    ``specs()`` is what the model is offered: nothing while memory is off, the chat tools
    otherwise; ``promote_learning`` only when a heartbeat run asks for it.
    """

    memory: MemoryStore
    searcher: Searcher | None = None
    source: str | None = "chat"

    @property
    def enabled(self) -> bool:
        return self.memory.enabled

    def names(self, *, heartbeat: bool = False) -> tuple[str, ...]:
        if not self.memory.enabled:
            return ()
        if heartbeat:
            return HEARTBEAT_TOOLS
        if self.searcher is None:
            return tuple(n for n in CHAT_TOOLS if n != MEMORY_SEARCH)
        return CHAT_TOOLS

    def specs(self, *, heartbeat: bool = False) -> list[ToolSpec]:
        return [tool_spec(name) for name in self.names(heartbeat=heartbeat)]

    def validate(self, call: ToolCall, *, heartbeat: bool = False) -> _Arguments | str:
        """The validated arguments, or the error text for the model."""
        name = call.name.strip()
        offered = self.names(heartbeat=heartbeat)
        if name not in _BY_NAME:
            listed = ", ".join(offered) or "none (memory is off)"
            return f"Error: unknown tool {name!r}. Available tools: {listed}."
        if not self.memory.enabled:
            return "Error: memory is turned off; no memory tool can run and nothing was stored."
        if name == PROMOTE_LEARNING and not heartbeat:
            return "Error: promote_learning is available only during a heartbeat run."
        if name not in offered:
            return f"Error: {name} is not available here. Available tools: {', '.join(offered)}."
        raw = call.arguments.strip() or "{}"
        try:
            value = _loads_lenient(raw)
            if isinstance(value, str):  # arguments encoded twice
                value = _loads_lenient(value)
        except (json.JSONDecodeError, TypeError) as exc:
            return f"Error: the arguments of {name} are not valid JSON ({exc})."
        if not isinstance(value, dict):
            return f"Error: the arguments of {name} must be a JSON object."
        try:
            return _BY_NAME[name].arguments.model_validate(value)
        except ValidationError as exc:
            return _format_errors(name, exc)

    def execute(
        self,
        call: ToolCall,
        *,
        heartbeat: bool = False,
        promoter: Promoter | None = None,
        said: str | None = None,
    ) -> ToolResult:
        """Run one call; never raises (errors are returned to the model).

        ``said``: what the user said in the conversation. When given, ``memory_store``
        only keeps content grounded in it, which stops a small model from storing text
        it copied from its own instructions.
        """
        checked = self.validate(call, heartbeat=heartbeat or promoter is not None)
        if isinstance(checked, str):
            return ToolResult(call, False, checked)
        if (
            said is not None
            and isinstance(checked, MemoryStoreArgs)
            and not grounded(checked.content, said)
        ):
            return ToolResult(
                call,
                False,
                f"Error: {checked.content!r} is not something the user said. Store the "
                "user's own fact as the content, or answer without storing.",
            )
        try:
            return self._run(call, checked, promoter)
        except Exception as exc:  # the model hears about it; the turn goes on
            return ToolResult(call, False, f"Error: {call.name} failed: {exc}")

    def _run(self, call: ToolCall, args: _Arguments, promoter: Promoter | None) -> ToolResult:
        if isinstance(args, MemoryStoreArgs):
            memory = self.memory.store(args.key, args.content, source=self.source)
            return ToolResult(call, True, f"Stored memory {memory.key}.", (memory.key,))
        if isinstance(args, MemoryLearnArgs):
            memory = self.memory.learn(
                args.key, args.content, Category(args.category), source=args.source
            )
            return ToolResult(
                call, True, f"Stored {memory.category.value} memory {memory.key}.", (memory.key,)
            )
        if isinstance(args, MemoryKeyArgs) and call.name.strip() == MEMORY_FORGET:
            if self.memory.forget(args.key):
                return ToolResult(call, True, f"Forgot memory {args.key}.", (args.key,))
            return ToolResult(call, False, self._missing(args.key))
        if isinstance(args, MemoryKeyArgs):
            if self.memory.get(args.key) is None:
                return ToolResult(call, False, self._missing(args.key))
            memory = self.memory.reinforce(args.key)
            return ToolResult(
                call, True, f"Reinforced {memory.key} (hits {memory.hits}).", (memory.key,)
            )
        if isinstance(args, MemorySearchArgs):
            return self._search(call, args)
        if isinstance(args, PromoteLearningArgs):
            if promoter is None:
                return ToolResult(
                    call, False, "Error: promote_learning is available only during a heartbeat run."
                )
            return ToolResult(
                call, True, promoter(args.memory_key, args.soul_addition), (args.memory_key,)
            )
        return ToolResult(call, False, f"Error: {call.name} cannot run here.")  # pragma: no cover

    def _missing(self, key: str) -> str:
        keys = [m.key for m in self.memory.all()]
        close = difflib.get_close_matches(key, keys, n=3, cutoff=0.6)
        hint = f" Did you mean: {', '.join(close)}?" if close else ""
        return f"Error: there is no memory with key {key!r}.{hint}"

    def _search(self, call: ToolCall, args: MemorySearchArgs) -> ToolResult:
        if self.searcher is None:
            return ToolResult(call, False, "Error: search is not available (no index yet).")
        hits = list(self.searcher.search(args.query, limit=args.limit))
        if not hits:
            return ToolResult(call, True, f"No results for {args.query!r}.")
        lines = []
        notes = []
        for n, hit in enumerate(hits, 1):
            heading = heading_text(getattr(hit, "heading", ""))
            ref = NoteRef(str(hit.path), heading, int(hit.start_line), int(hit.end_line))
            notes.append(ref)
            where = f"{ref.path}" + (f" > {heading}" if heading else "")
            text = " ".join(str(hit.text).split())[:_RESULT_TEXT_CHARS]
            lines.append(f"[{n}] {where} (lines {ref.start_line}-{ref.end_line}): {text}")
        return ToolResult(call, True, "\n".join(lines), (), tuple(notes))
