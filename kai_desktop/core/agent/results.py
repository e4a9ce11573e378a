"""What one program run gives back, and the text the model sees in ``<result>``."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from kai_desktop.core.agent.values import safe_repr

VALUE_CHARS: Final = 2_000
VARIABLES_CHARS: Final = 6_000
RESULT_CHARS: Final = 8_000


class ToolError(Exception):
    """A tool refused or failed; the message goes back to the model as the run's error."""


def render_variables(variables: dict[str, Any]) -> str:
    """The program's variables as a dict literal, each value cut to VALUE_CHARS."""
    parts: list[str] = []
    size = 0
    for name, value in variables.items():
        part = f"{name!r}: {safe_repr(value, VALUE_CHARS)}"
        if size + len(part) > VARIABLES_CHARS:
            parts.append("…")
            break
        parts.append(part)
        size += len(part) + 2
    return "{" + ", ".join(parts) + "}"


@dataclass(frozen=True, slots=True)
class RunResult:
    """The variables (already as text), the printed output and the error, if any."""

    variables: str
    output: str = ""
    error: str | None = None
    tool_calls: int = 0
    steps: int = 0

    @property
    def ok(self) -> bool:
        return self.error is None

    def render(self) -> str:
        """The text inside ``<result>…</result>``, at most RESULT_CHARS long."""
        lines = [self.variables]
        if self.output:
            lines.append("printed:\n" + self.output.rstrip("\n"))
        if self.error:
            lines.append("error: " + self.error)
        text = "\n".join(lines)
        return text if len(text) <= RESULT_CHARS else text[:RESULT_CHARS] + "\n… (cut)"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> RunResult:
        """Rebuild from JSON sent by the worker; anything malformed becomes an error."""
        if not isinstance(data, dict):
            return cls("{}", error="the sandbox sent a malformed result")
        variables, output, error = data.get("variables"), data.get("output"), data.get("error")
        calls, steps = data.get("tool_calls"), data.get("steps")
        if not (
            isinstance(variables, str)
            and isinstance(output, str)
            and (error is None or isinstance(error, str))
            and type(calls) is int
            and type(steps) is int
        ):
            return cls("{}", error="the sandbox sent a malformed result")
        return cls(variables[:RESULT_CHARS], output[:RESULT_CHARS], error, calls, steps)

    @classmethod
    def failure(cls, message: str) -> RunResult:
        return cls("{}", error=message)


def error_message(exc: BaseException) -> str:
    """An exception's message, cut short; built without running repr on program values."""
    if isinstance(exc, KeyError):
        return "key not found"
    try:
        text = str(exc)
    except Exception:
        return ""
    return text[:300]
