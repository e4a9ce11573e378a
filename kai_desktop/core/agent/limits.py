"""Size, step and time limits of one sandboxed program run."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Limits:
    """What one program may use. Every limit fails the program with a clear message."""

    max_source_chars: int = 20_000
    max_ast_nodes: int = 4_000
    max_ast_depth: int = 40
    max_steps: int = 200_000
    max_str: int = 1_000_000
    """Longest string a program may build (characters)."""
    max_items: int = 100_000
    """Most elements of one list, tuple or dict."""
    max_range: int = 1_000_000
    max_int_bits: int = 4_096
    max_alloc: int = 20_000_000
    """Characters and elements a program may create in total over its run."""
    max_output: int = 20_000
    max_tool_calls: int = 100
    deadline_s: float = 5.0
    """Wall time of one run, tool calls included; past it the worker is killed."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Limits:
        """Build from a JSON object, ignoring unknown keys and values of the wrong type."""
        if not isinstance(data, dict):
            return cls()
        known: dict[str, Any] = {}
        for field in fields(cls):
            value = data.get(field.name)
            default = getattr(cls(), field.name)
            if isinstance(value, type(default)) and not isinstance(value, bool):
                known[field.name] = value
            elif isinstance(default, float) and isinstance(value, int):
                known[field.name] = float(value)
        return cls(**known)
