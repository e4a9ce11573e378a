"""The worker process: how it is started, its limits, and how the app replaces it."""

from __future__ import annotations

import ast
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kai_desktop.core.agent.limits import Limits
from kai_desktop.core.agent.results import ToolError
from kai_desktop.infra.sandbox.client import SandboxClient

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
SANDBOX = Path(__file__).resolve().parents[2] / "kai_desktop" / "infra" / "sandbox"


class EchoTools:
    def __init__(self) -> None:
        self.calls: list[tuple[str, list[Any], dict[str, Any]]] = []

    def call(self, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
        self.calls.append((name, args, kwargs))
        if name == "read_file":
            return f"text of {args[0]}"
        raise ToolError(f"{name} refused")


def test_worker_is_isolated(sandbox: SandboxClient) -> None:
    pid = sandbox.pid
    assert pid is not None
    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    assert cmdline[1:4] == [b"-I", b"-S", b"-c"]
    assert Path(f"/proc/{pid}/environ").read_bytes() == b""
    assert sorted(os.listdir(f"/proc/{pid}/fd")) == ["0", "1", "2"]
    limits = Path(f"/proc/{pid}/limits").read_text()
    assert "Max file size             0" in limits
    assert "Max core file size        0" in limits
    assert "Max open files            16" in limits
    assert "Max address space         536870912" in limits
    assert os.getsid(pid) == pid  # its own session: killed as a group
    assert sandbox.ready_info["rlimits"] >= 5


def test_landlock_denies_files_when_the_kernel_has_it(sandbox: SandboxClient) -> None:
    abi = sandbox.ready_info["landlock_abi"]
    if not abi:
        pytest.skip("this kernel has no Landlock")
    status = Path(f"/proc/{sandbox.pid}/status").read_text()
    assert "NoNewPrivs:\t1" in status


def test_tool_calls_go_to_the_app(sandbox: SandboxClient) -> None:
    tools = EchoTools()
    result = sandbox.run("a = read_file('user.md')\nb = len(a)", tools)
    assert result.ok
    assert tools.calls == [("read_file", ["user.md"], {})]
    assert "'a': 'text of user.md', 'b': 15" in result.variables
    failed = sandbox.run("delete_file('user.md')", tools)
    assert failed.error == "line 1: delete_file() failed: delete_file refused"


def test_the_app_kills_and_restarts_a_worker_past_its_deadline() -> None:
    client = SandboxClient(Limits(deadline_s=60, max_steps=10**12), kill_after_s=1.0)
    try:
        client.start()
        first = client.pid
        started = time.monotonic()
        code = "x = 0\nfor i in range(1000000):\n    for j in range(1000000):\n        x += 1"
        result = client.run(code, EchoTools())
        assert time.monotonic() - started < 5
        assert result.error is not None
        assert "deadline" in result.error
        assert client.restarts == 1
        assert client.pid != first
        assert client.run("y = 2", EchoTools()).variables == "{'y': 2}"
        assert client.last_start_ms < 1000
    finally:
        client.close()


def test_the_cpu_rlimit_ends_a_runaway_worker() -> None:
    client = SandboxClient(
        Limits(deadline_s=60, max_steps=10**12), kill_after_s=30.0, cpu_per_run_s=0.5
    )
    try:
        code = "x = 0\nfor i in range(1000000):\n    for j in range(1000000):\n        x += 1"
        result = client.run(code, EchoTools())
        assert result.error is not None
        assert "CPU time" in result.error
        assert client.run("y = 2", EchoTools()).ok
    finally:
        client.close()


def test_the_memory_rlimit_holds() -> None:
    client = SandboxClient(Limits(max_alloc=10**10), memory_bytes=96 * 1024 * 1024)
    try:
        code = "x = 'a' * 900000\nys = [x + str(i) for i in range(200)]"
        result = client.run(code, EchoTools())
        assert result.error is not None
        assert "memory" in result.error
        assert client.run("y = 2", EchoTools()).ok
    finally:
        client.close()


def fake_worker(tmp_path: Path, payload: str) -> str:
    """An executable that says ready, reads the run request and answers ``payload``."""
    data = tmp_path / "payload.bin"
    data.write_bytes(payload.encode("latin-1"))
    script = tmp_path / "fake-python"
    script.write_text(
        "#!/bin/sh\n"
        "echo '{\"op\": \"ready\"}'\n"
        "read line\n"
        f"cat '{data}'\n"
        "sleep 5\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ("\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x01x\x94K\x01s.\n", "malformed"),
        ('{"op": "done", "id": 1, "result": {"variables": {"x": 1}, "output": "",'
         ' "error": null, "tool_calls": 0, "steps": 1}}\n', "malformed result"),
        ("[1, 2]\n", "malformed"),
        ("[" * 100_000 + "]" * 100_000 + "\n", "malformed"),
        ('{"op": "call", "tool": "read_file", "args": [{"__class__": 1}], "kwargs": {}}\n'
         '{"op": "surprise"}\n', "malformed"),
        ("x" * (9 * 1024 * 1024), "over-long"),
        ("", "stopped"),
    ],
    ids=["pickle", "non-text-variables", "not-an-object", "deep-json", "bad-call", "long-line",
         "silent-exit"],
)  # fmt: skip
def test_a_misbehaving_worker_is_replaced(tmp_path: Path, payload: str, expected: str) -> None:
    tools = EchoTools()
    client = SandboxClient(python=fake_worker(tmp_path, payload), kill_after_s=3.0)
    try:
        result = client.run("x = 1", tools)
        assert result.error is not None
        assert expected in result.error
        assert tools.calls == []
    finally:
        client.close()


def test_no_pickle_anywhere_in_the_sandbox() -> None:
    for path in SANDBOX.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not names & {"pickle", "marshal", "shelve", "dill", "cloudpickle"}, path


def test_the_language_modules_import_only_the_standard_library() -> None:
    """The worker runs with -S: no site-packages, so these may use the stdlib only."""
    core = SANDBOX.parents[1] / "core" / "agent"
    for name in ("limits", "language", "values", "calls", "results", "interpreter"):
        tree = ast.parse((core / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                top = node.module.split(".")[0]
                assert top in sys.stdlib_module_names or node.module.startswith(
                    "kai_desktop.core.agent."
                ), (name, node.module)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] in sys.stdlib_module_names, (name, alias)


def test_the_worker_answers_when_its_pipes_are_numbered_past_1023() -> None:
    """A long-running window can hold more than 1,024 descriptors; ``select.select`` fails
    on a pipe numbered past that ("filedescriptor out of range in select()")."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1400:
        if hard != resource.RLIM_INFINITY and hard < 1400:
            pytest.skip("this system allows too few open files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (1400, hard))
    filler: list[int] = []
    try:
        while not filler or filler[-1] < 1100:
            filler.append(os.open(os.devnull, os.O_RDONLY))
        client = SandboxClient()
        try:
            client.start()
            result = client.run("a = read_file('user.md')", EchoTools())
        finally:
            client.close()
    finally:
        for fd in filler:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert result.ok, result.error
    assert "'a': 'text of user.md'" in result.variables
