"""A :class:`~kai_desktop.core.agent.ports.SandboxRunner` that walks programs in this process.

The language itself is the boundary here (no process isolation, no kill at a deadline
beyond the walker's own clock): for tests, the benchmark's baseline, and hosts where a
worker process cannot be started. The app uses ``infra.sandbox.SandboxClient``.
"""

from __future__ import annotations

from typing import Any

from kai_desktop.core.agent.interpreter import Interpreter
from kai_desktop.core.agent.limits import Limits
from kai_desktop.core.agent.ports import ToolHandler
from kai_desktop.core.agent.results import RunResult


class LocalRunner:
    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.runs = 0
        self._session: str | None = None
        self._variables: dict[str, Any] = {}

    def run(self, code: str, tools: ToolHandler, *, session: str | None = None) -> RunResult:
        self.runs += 1
        if session is None or session != self._session:
            self._variables = {}
        self._session = session

        def gateway(name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
            return tools.call(name, args, kwargs)

        return Interpreter(gateway, self.limits, variables=self._variables).run(code)

    def close(self) -> None:
        return None
