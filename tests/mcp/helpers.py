"""Running ``kai-desktop mcp`` as a subprocess and talking to it with the SDK's client."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

ROOT = Path(__file__).resolve().parents[2]


def server_args(vault: Path, *extra: str) -> list[str]:
    return ["-m", "kai_desktop", "mcp", "--vault", str(vault), *extra]


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)  # the package of this checkout, in every child
    return env


def make_vault(root: Path) -> Path:
    """A small vault: linked notes, a memory, and notes marked private both ways."""
    (root / "ideas").mkdir(parents=True, exist_ok=True)
    (root / "memories").mkdir(exist_ok=True)
    (root / "ideas/Garden.md").write_text(
        "# Garden\n\nTomatoes grow well next to [[Compost]].\n", encoding="utf-8"
    )
    (root / "Compost.md").write_text(
        "---\ntags: [soil]\n---\n# Compost\n\nBrown and green layers.\n\n## Plans\n\n"
        "Build a bin. ^bin\n",
        encoding="utf-8",
    )
    (root / "Diary.md").write_text(
        "# Diary\n\n#private The spare garden key is under the blue pot.\n"
        "See [[Compost]].\n",
        encoding="utf-8",
    )
    (root / "Health.md").write_text(
        "---\nprivate: true\n---\n# Health\n\nBlood pressure notes, garden walks.\n",
        encoding="utf-8",
    )
    (root / "memories/favourite_tool.md").write_text(
        "---\nkey: favourite_tool\ncategory: Preference\nhits: 1\nimportance: 5\n"
        "created: 2026-11-20T09:00:00+00:00\nupdated: 2026-11-20T09:00:00+00:00\n---\n"
        "Prefers a garden fork over a spade.\n",
        encoding="utf-8",
    )
    (root / "memories/pin_code.md").write_text(
        "---\nkey: pin_code\ncategory: General\nhits: 1\nimportance: 5\n"
        "created: 2026-11-20T09:00:00+00:00\nupdated: 2026-11-20T09:00:00+00:00\n"
        "tags: [private]\n---\nThe garden shed code is 4711.\n",
        encoding="utf-8",
    )
    return root


def stdio_client(vault: Path, *extra: str) -> Client:
    params = StdioServerParameters(
        command=sys.executable, args=server_args(vault, *extra), env=child_env(), cwd=str(ROOT)
    )
    return Client(params, mode="legacy", read_timeout_seconds=120)


@contextlib.contextmanager
def http_server(vault: Path, *extra: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """Start ``mcp --http --port 0``; yields its URL and the process."""
    proc = subprocess.Popen(
        [sys.executable, *server_args(vault, "--http", "--port", "0", *extra)],
        cwd=ROOT, env=child_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stderr is not None
        deadline = time.monotonic() + 60
        url = None
        while url is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line and proc.poll() is not None:
                raise AssertionError(f"the server exited with {proc.returncode}")
            found = re.search(r"serving (http://\S+)", line)
            url = found.group(1) if found else None
        assert url is not None, "the server never said where it listens"
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.asynccontextmanager
async def connect(transport: str, vault: Path, *extra: str) -> AsyncIterator[Client]:
    if transport == "stdio":
        async with stdio_client(vault, *extra) as client:
            yield client
        return
    with http_server(vault, *extra) as (url, _proc):
        async with Client(url, mode="legacy", read_timeout_seconds=120) as client:
            yield client


async def call(client: Client, name: str, **arguments: Any) -> dict[str, Any]:
    """Call a tool that must succeed; its structured result."""
    result = await client.call_tool(name, arguments)
    assert isinstance(result, CallToolResult)
    assert not result.is_error, f"{name} failed: {result.content}"
    assert result.structured_content is not None
    return result.structured_content


async def refused(client: Client, name: str, **arguments: Any) -> str:
    """Call a tool that must be refused; the message."""
    result = await client.call_tool(name, arguments)
    assert isinstance(result, CallToolResult)
    assert result.is_error, f"{name} was not refused: {result.structured_content}"
    return " ".join(getattr(block, "text", "") for block in result.content)
