"""The sandbox worker: runs agent programs, sends every tool call to the app as JSON.

Started by :class:`~kai_desktop.infra.sandbox.client.SandboxClient` as
``python -I -S -c BOOTSTRAP <package parent> <config JSON>`` with an empty environment,
no inherited descriptors but its three pipes, in its own session. Before it reads any
program it denies itself every file and TCP access (Landlock, on Linux), forbids new
privileges, and sets rlimits: no core files, no file writes (RLIMIT_FSIZE 0), a memory
cap (RLIMIT_AS), no new processes (RLIMIT_NPROC 0, for non-root users), few
descriptors, and a CPU budget per run (RLIMIT_CPU; past it the kernel ends the process).

Wire format, one JSON object per line, ASCII only, never pickle:
app -> worker ``{"op": "run", "id": n, "code": "...", "session": "..."}``,
``{"op": "reply", "ok": true, "value": ...}`` or
``{"op": "reply", "ok": false, "error": "..."}``, ``{"op": "quit"}``;
worker -> app ``{"op": "ready", ...}``, ``{"op": "call", "tool": "...", "args": [...],
"kwargs": {...}}``, ``{"op": "done", "id": n, "result": {...}}``.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import sys
from typing import Any, BinaryIO, Final

from kai_desktop.core.agent.interpreter import Interpreter
from kai_desktop.core.agent.limits import Limits
from kai_desktop.core.agent.results import ToolError
from kai_desktop.infra.sandbox.landlock import restrict_all

MAX_LINE: Final = 8 * 1024 * 1024
BOOTSTRAP: Final = (
    "import sys; sys.path.insert(0, sys.argv[1]); "
    "from kai_desktop.infra.sandbox.worker import main; main()"
)


class _Channel:
    def __init__(self, inp: BinaryIO, out: BinaryIO) -> None:
        self._in = inp
        self._out = out

    def send(self, message: dict[str, Any]) -> None:
        self._out.write(json.dumps(message, ensure_ascii=True).encode("ascii") + b"\n")
        self._out.flush()

    def receive(self) -> dict[str, Any] | None:
        line = self._in.readline(MAX_LINE + 1)
        if not line or len(line) > MAX_LINE:
            return None
        try:
            message = json.loads(line)
        except ValueError:
            return None
        return message if isinstance(message, dict) else None


def harden(config: dict[str, Any]) -> dict[str, Any]:
    """Apply Landlock and the rlimits; report what took effect."""
    landlock = restrict_all() if config.get("landlock", True) else 0
    memory = int(config.get("memory_bytes", 512 * 1024 * 1024))
    limits = [
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_FSIZE, 0),
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_NOFILE, 16),
        (resource.RLIMIT_NPROC, 0),
    ]
    applied = []
    for which, value in limits:
        try:
            resource.setrlimit(which, (value, value))
            applied.append(which)
        except (ValueError, OSError):
            continue
    cpu_hard = int(config.get("cpu_total_s", 3600))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_hard, cpu_hard))
    return {"landlock_abi": landlock, "rlimits": len(applied) + 1}


def _cpu_used() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _set_cpu_budget(seconds: float) -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = min(int(_cpu_used() + seconds) + 1, hard)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def serve(channel: _Channel, limits: Limits, cpu_per_run_s: float) -> None:
    """Answer run requests until the app closes the pipe or says quit."""

    def call_tool(name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        channel.send({"op": "call", "tool": name, "args": args, "kwargs": kwargs})
        reply = channel.receive()
        if reply is None or reply.get("op") != "reply":
            sys.exit(3)  # the app is gone or confused: nothing sensible is left to do
        if reply.get("ok") is True:
            return reply.get("value")
        raise ToolError(str(reply.get("error", "the tool failed"))[:2000])

    session: object = None
    variables: dict[str, Any] = {}
    while True:
        message = channel.receive()
        if message is None or message.get("op") == "quit":
            return
        if message.get("op") != "run":
            channel.send({"op": "error", "error": "unknown request"})
            continue
        code = message.get("code")
        if message.get("session") is None or message.get("session") != session:
            variables = {}
        session = message.get("session")
        _set_cpu_budget(cpu_per_run_s)
        interpreter = Interpreter(call_tool, limits, variables=variables)
        result = interpreter.run(code if isinstance(code, str) else "")
        channel.send({"op": "done", "id": message.get("id"), "result": result.to_json()})


def main() -> None:
    config_text = sys.argv[2] if len(sys.argv) > 2 else "{}"
    try:
        config = json.loads(config_text)
    except ValueError:
        config = {}
    if not isinstance(config, dict):
        config = {}
    limits = Limits.from_json(config.get("limits"))
    channel = _Channel(sys.stdin.buffer, sys.stdout.buffer)
    status = harden(config)
    channel.send({"op": "ready", "pid": os.getpid(), **status})
    serve(channel, limits, float(config.get("cpu_per_run_s", 10.0)))
