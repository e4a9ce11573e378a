"""The app side of the sandbox: starts the worker, answers its tool calls, enforces the deadline.

:class:`SandboxClient` implements :class:`~kai_desktop.core.agent.ports.SandboxRunner`.
Each run has a wall-clock deadline (the limits' ``deadline_s`` plus a grace period);
past it, or when the worker dies, sends something malformed or an over-long line, the
worker is killed and a fresh one started, and the run ends with a message for the model.
Only JSON crosses the pipes; values from the worker are checked for type before use and
never formatted with ``repr``. POSIX only (pipes are polled with ``select``).
"""

from __future__ import annotations

import json
import logging
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Final

import kai_desktop
from kai_desktop.core.agent.limits import Limits
from kai_desktop.core.agent.ports import ToolHandler
from kai_desktop.core.agent.results import RunResult, ToolError
from kai_desktop.infra.sandbox.worker import BOOTSTRAP, MAX_LINE

log = logging.getLogger(__name__)

GRACE_S: Final = 1.0
START_TIMEOUT_S: Final = 15.0
RECYCLE_AFTER_RUNS: Final = 500
_SCALARS: Final = (str, int, float, bool, type(None))


class SandboxUnavailable(Exception):
    """The worker could not be started; the message says why."""


class _Broken(Exception):
    """The worker must be replaced; the message is for the model."""


class _Lines:
    """Reads newline-ended lines from a pipe with a deadline and a length cap."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()

    def read(self, deadline: float) -> bytes | None:
        while True:
            newline = self.buffer.find(b"\n")
            if newline >= 0:
                line = bytes(self.buffer[:newline])
                del self.buffer[: newline + 1]
                return line
            if len(self.buffer) > MAX_LINE:
                raise _Broken("the sandbox sent an over-long message and was restarted")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            if not _ready(self.fd, selectors.EVENT_READ, remaining):
                raise TimeoutError
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk


def _ready(fd: int, event: int, timeout: float) -> bool:
    """Whether ``fd`` is ready for ``event`` within ``timeout`` seconds. A selector, not
    ``select.select``: that one fails on a descriptor numbered 1024 or more, which a long-
    running window can reach."""
    with selectors.DefaultSelector() as selector:
        selector.register(fd, event)
        return bool(selector.select(timeout))


class SandboxClient:
    """Runs agent programs in a worker process (see module docs). Thread-safe."""

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        memory_bytes: int = 512 * 1024 * 1024,
        cpu_per_run_s: float = 10.0,
        landlock: bool = True,
        python: str | None = None,
        kill_after_s: float | None = None,
    ) -> None:
        """``kill_after_s``: wall time of a run before the worker is killed (default: the
        limits' deadline plus a second, so the walker's own clock normally ends it first)."""
        self.limits = limits or Limits()
        self.kill_after_s = kill_after_s or self.limits.deadline_s + GRACE_S
        self._config = {
            "limits": self.limits.to_json(),
            "memory_bytes": memory_bytes,
            "cpu_per_run_s": cpu_per_run_s,
            "landlock": landlock,
        }
        self._python = python or sys.executable
        self._lock = threading.RLock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: _Lines | None = None
        self._runs = 0
        self._next_id = 0
        self.restarts = 0
        self.last_start_ms = 0.0
        self.ready_info: dict[str, Any] = {}

    # -- lifecycle -----------------------------------------------------------------------
    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def start(self) -> None:
        """Start the worker now (otherwise the first run does); SandboxUnavailable if not."""
        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                self._spawn()

    def _spawn(self) -> None:
        if os.name != "posix":
            raise SandboxUnavailable("the sandbox worker needs a POSIX system")
        started = time.perf_counter()
        package_parent = str(Path(kai_desktop.__file__).resolve().parent.parent)
        try:
            proc = subprocess.Popen(
                [self._python, "-I", "-S", "-c", BOOTSTRAP, package_parent,
                 json.dumps(self._config)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env={},
                cwd="/",
                close_fds=True,
                start_new_session=True,
                bufsize=0,
            )  # fmt: skip
        except OSError as exc:
            raise SandboxUnavailable(f"the sandbox worker could not start: {exc}") from exc
        self._proc = proc
        assert proc.stdout is not None
        assert proc.stdin is not None
        os.set_blocking(proc.stdin.fileno(), False)
        self._lines = _Lines(proc.stdout.fileno())
        try:
            ready = self._receive(time.monotonic() + START_TIMEOUT_S)
        except (TimeoutError, _Broken):
            ready = None
        if ready is None or ready.get("op") != "ready":
            self._kill()
            raise SandboxUnavailable("the sandbox worker did not start")
        self.ready_info = ready
        self._runs = 0
        self.last_start_ms = (time.perf_counter() - started) * 1000

    def restart(self) -> None:
        with self._lock:
            self._kill()
            self.restarts += 1
            self._spawn()

    def close(self) -> None:
        with self._lock:
            proc = self._proc
            if proc is None:
                return
            if proc.poll() is None:
                try:
                    self._send({"op": "quit"}, time.monotonic() + 1.0)
                    proc.wait(timeout=1.0)
                except (OSError, TimeoutError, _Broken, subprocess.TimeoutExpired):
                    pass
            self._kill()

    def _kill(self) -> None:
        proc, self._proc, self._lines = self._proc, None, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                proc.kill()
        proc.wait()
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None:
                pipe.close()

    # -- running -------------------------------------------------------------------------
    def run(self, code: str, tools: ToolHandler, *, session: str | None = None) -> RunResult:
        with self._lock:
            try:
                if self._proc is None or self._proc.poll() is not None:
                    self._spawn()
                if self._runs >= RECYCLE_AFTER_RUNS:
                    self.restart()
            except SandboxUnavailable as exc:
                return RunResult.failure(str(exc))
            self._runs += 1
            self._next_id += 1
            deadline = time.monotonic() + self.kill_after_s
            try:
                return self._drive(self._next_id, code, tools, deadline, session)
            except TimeoutError:
                message = (
                    f"the program ran past its {self.kill_after_s:g} s deadline and was "
                    "stopped; the sandbox was restarted"
                )
            except _Broken as exc:
                message = str(exc)
            self._replace()
            return RunResult.failure(message)

    def _replace(self) -> None:
        try:
            self.restart()
        except SandboxUnavailable:
            log.warning("the sandbox worker could not be restarted")

    def _drive(
        self, run_id: int, code: str, tools: ToolHandler, deadline: float, session: str | None
    ) -> RunResult:
        request = {"op": "run", "id": run_id, "code": code, "session": session}
        self._send(request, deadline)
        calls = 0
        while True:
            message = self._receive(deadline)
            if message is None:
                raise _Broken(self._death_message())
            op = message.get("op")
            if op == "done" and message.get("id") == run_id:
                return RunResult.from_json(message.get("result"))
            if op != "call":
                raise _Broken("the sandbox sent a malformed message and was restarted")
            calls += 1
            self._send(self._perform(message, tools, calls), deadline)

    def _perform(self, message: dict[str, Any], tools: ToolHandler, calls: int) -> dict[str, Any]:
        name, args, kwargs = message.get("tool"), message.get("args"), message.get("kwargs")
        if not (
            isinstance(name, str)
            and isinstance(args, list)
            and isinstance(kwargs, dict)
            and all(type(v) in _SCALARS for v in (*args, *kwargs.values()))
        ):
            return {"op": "reply", "ok": False, "error": "malformed tool call"}
        if calls > self.limits.max_tool_calls:
            limit = self.limits.max_tool_calls
            return {"op": "reply", "ok": False, "error": f"over {limit} tool calls in one run"}
        try:
            value = tools.call(name, args, kwargs)
            reply = {"op": "reply", "ok": True, "value": value}
            json.dumps(reply, ensure_ascii=True)
        except ToolError as exc:
            return {"op": "reply", "ok": False, "error": str(exc)}
        except Exception:
            log.exception("agent tool %s failed", name)
            return {"op": "reply", "ok": False, "error": f"{name}() failed inside the app"}
        return reply

    def _death_message(self) -> str:
        proc = self._proc
        code = proc.wait(timeout=5) if proc is not None else None
        if code is not None and code < 0:
            if code == -signal.SIGXCPU:
                return "the program used up its CPU time; the sandbox was restarted"
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"the sandbox stopped ({name}); it was restarted"
        return "the sandbox stopped (probably out of memory); it was restarted"

    # -- wire ----------------------------------------------------------------------------
    def _send(self, message: dict[str, Any], deadline: float | None = None) -> None:
        """Write one line, waiting at most until ``deadline`` for the pipe to take it."""
        proc = self._proc
        if proc is None or proc.stdin is None:
            raise _Broken("the sandbox is not running")
        data = memoryview(json.dumps(message, ensure_ascii=True).encode("ascii") + b"\n")
        fd = proc.stdin.fileno()
        limit = deadline if deadline is not None else time.monotonic() + START_TIMEOUT_S
        while data:
            remaining = limit - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            if not _ready(fd, selectors.EVENT_WRITE, remaining):
                raise TimeoutError
            try:
                written = os.write(fd, data[: 1 << 16])
            except BlockingIOError:
                continue
            except OSError:
                raise _Broken(self._death_message()) from None
            data = data[written:]

    def _receive(self, deadline: float) -> dict[str, Any] | None:
        if self._lines is None:
            return None
        line = self._lines.read(deadline)
        if line is None:
            return None
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            raise _Broken("the sandbox sent a malformed message and was restarted") from None
        if not isinstance(message, dict):
            raise _Broken("the sandbox sent a malformed message and was restarted")
        return message
