"""100 concurrent writes from the MCP server while another Kai process writes the same
note: every write lands, none is lost, no conflict copy appears."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from tests.mcp.helpers import ROOT, call, child_env, connect, make_vault

pytestmark = pytest.mark.slow

COUNT = 100


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_concurrent_writes_from_two_processes_lose_nothing(
    tmp_path: Path, transport: str
) -> None:
    vault = make_vault(tmp_path / "vault")
    (vault / "shared.md").write_text("# Shared\n", encoding="utf-8")
    other = subprocess.Popen(
        [sys.executable, "-m", "tests.mcp.second_writer", str(vault), "shared.md", str(COUNT)],
        cwd=ROOT, env=child_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    assert other.stdout is not None
    assert other.stdin is not None
    assert other.stdout.readline().strip() == "ready"
    failures: list[str] = []

    async def run() -> None:
        async with connect(transport, vault, "--no-index") as client:

            async def one(n: int) -> None:
                result = await client.call_tool(
                    "edit_note", {"path": "shared.md", "op": "append", "content": f"mcp {n}"}
                )
                if result.is_error:
                    failures.append(str(result.content))

            async def created(n: int) -> None:
                await call(client, "write_note", path=f"many/n{n}.md", content=f"# {n}\n")

            other.stdin.write("go\n")
            other.stdin.flush()
            async with anyio.create_task_group() as group:
                for n in range(COUNT):
                    group.start_soon(one, n)
                    group.start_soon(created, n)

    try:
        anyio.run(run)
        out, _ = other.communicate(timeout=120)
    finally:
        if other.poll() is None:
            other.kill()
    assert failures == []
    assert out.strip() == "refused 0"
    lines = (vault / "shared.md").read_text(encoding="utf-8").splitlines()[1:]
    assert sorted(lines) == sorted(
        [f"mcp {n}" for n in range(COUNT)] + [f"other {n}" for n in range(COUNT)]
    )
    # The two writers really took turns (not one after the other).
    switches = sum(1 for a, b in itertools.pairwise(lines) if a[:3] != b[:3])
    assert switches >= 2
    assert len(list((vault / "many").glob("*.md"))) == COUNT
    assert not list(vault.rglob("*conflict*"))
