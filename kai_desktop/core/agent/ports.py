"""What agent-file mode needs from the outside: a sandbox, a search, a change journal.

``SandboxRunner`` is implemented by ``infra.sandbox`` (a worker process) and, for tests,
by :class:`~kai_desktop.core.agent.local_runner.LocalRunner`. The Qt layer sees the
sandbox only through this protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kai_desktop.core.agent.results import RunResult
from kai_desktop.core.retrieval.ports import Passage


class ToolHandler(Protocol):
    """Performs the tool calls of a program; raises ToolError with a message for the model."""

    def call(self, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any: ...


class SandboxRunner(Protocol):
    """Runs one program of the agent language; every file access goes through ``tools``.

    ``run`` never raises for anything the program does: failures come back in the
    result's ``error``. Runs with the same ``session`` (the steps of one answer) share
    their variables, as long as the sandbox was not restarted in between; a new session
    starts empty. Thread-safe: one run at a time.
    """

    def run(self, code: str, tools: ToolHandler, *, session: str | None = None) -> RunResult: ...

    def close(self) -> None: ...


class Searcher(Protocol):
    """Search over the vault (``core.retrieval.search.Retriever`` fits)."""

    def search(self, query: str, limit: int = 5) -> Sequence[Passage]: ...
