"""The memory tools offered to the model: names, argument schemas (validated with
pydantic) and the JSON schemas that constrain a call."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from kai_desktop.core.llm.model import ToolSpec

MEMORY_STORE: Final = "memory_store"


MEMORY_LEARN: Final = "memory_learn"


MEMORY_FORGET: Final = "memory_forget"


MEMORY_REINFORCE: Final = "memory_reinforce"


MEMORY_SEARCH: Final = "memory_search"


PROMOTE_LEARNING: Final = "promote_learning"


SEARCH_LIMIT_MAX: Final = 10


class ToolArguments(BaseModel):
    # Unknown keys are refused: the schema says additionalProperties=false and a small
    # model that invents a key learns which ones exist from the error message.
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


_KEY = Field(
    min_length=1,
    max_length=80,
    description="A short snake_case name for the memory.",
)


class MemoryStoreArgs(ToolArguments):
    key: str = _KEY
    content: str = Field(min_length=1, max_length=2000, description="The fact to remember.")


class MemoryLearnArgs(ToolArguments):
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


class MemoryKeyArgs(ToolArguments):
    key: str = _KEY


class MemorySearchArgs(ToolArguments):
    query: str = Field(min_length=1, max_length=500, description="What to look for.")
    limit: int = Field(
        default=5, ge=1, le=SEARCH_LIMIT_MAX, description="How many results (1-10)."
    )


class PromoteLearningArgs(ToolArguments):
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
    arguments: type[ToolArguments]


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


TOOLS_BY_NAME: Final = {tool.name: tool for tool in _TOOLS}


CHAT_TOOLS: Final = (MEMORY_STORE, MEMORY_LEARN, MEMORY_FORGET, MEMORY_REINFORCE, MEMORY_SEARCH)


HEARTBEAT_TOOLS: Final = (PROMOTE_LEARNING,)


ALL_TOOLS: Final = tuple(TOOLS_BY_NAME)


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
    schema: dict[str, Any] = _compact_schema(TOOLS_BY_NAME[name].arguments.model_json_schema())
    return schema


def tool_spec(name: str) -> ToolSpec:
    tool = TOOLS_BY_NAME[name]
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
