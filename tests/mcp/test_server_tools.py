"""Every tool of ``kai-desktop mcp`` through the SDK's own client, over stdio and over
HTTP on 127.0.0.1, with keyword search (the index is tested in test_index_modes.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from kai_desktop.mcp.server import ALL_TOOLS, READ_TOOLS, WRITE_TOOLS
from tests.mcp.helpers import ROOT, call, child_env, connect, make_vault, refused, server_args

pytestmark = pytest.mark.slow


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    return make_vault(tmp_path / "vault")


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_every_tool(vault: Path, transport: str) -> None:
    async def tour() -> None:
        async with connect(transport, vault, "--no-index") as client:
            listed = await client.list_tools()
            tools = {t.name: t for t in listed.tools}
            assert sorted(tools) == sorted(ALL_TOOLS)
            for name, tool in tools.items():
                assert tool.output_schema is not None, name
                assert tool.annotations is not None, name
                assert tool.annotations.read_only_hint is (name in READ_TOOLS), name
            assert tools["delete_note"].annotations.destructive_hint is True
            assert tools["edit_note"].annotations.destructive_hint is True
            assert tools["search_notes"].annotations.destructive_hint is False

            found = await call(client, "search_notes", query="tomatoes compost")
            assert found["engine"] == "keyword"
            assert "--no-index" in found["note"]
            paths = [r["path"] for r in found["results"]]
            assert paths[0] == "ideas/Garden.md"

            note = await call(client, "read_note", path="Compost")
            assert note["path"] == "Compost.md"
            assert note["properties"] == {"tags": ["soil"]}
            assert note["backlinks"] == [{"path": "ideas/Garden.md", "line": 3}]
            assert note["headings"] == ["# Compost", "## Plans"]
            version = note["version"]

            listing = await call(client, "list_notes", depth=1)
            assert [n["path"] for n in listing["notes"]] == ["Compost.md"]
            assert listing["folders"] == ["ideas", "memories"]
            garden = await call(client, "list_notes", folder="ideas", glob="G*")
            assert [n["path"] for n in garden["notes"]] == ["ideas/Garden.md"]

            link = await call(
                client, "follow_link", link="[[Compost#Plans]]", from_path="ideas/Garden.md"
            )
            assert (link["path"], link["heading"], link["line"]) == ("Compost.md", "Plans", 8)
            block = await call(client, "follow_link", link="Compost#^bin")
            assert block["line"] == 10
            missing = await call(client, "follow_link", link="[[Beans]]")
            assert not missing["resolved"]
            assert missing["would_create"] == "Beans.md"

            recent = await call(client, "recent_changes", limit=50)
            assert {c["path"] for c in recent["changes"]} == {
                "Compost.md", "ideas/Garden.md", "memories/favourite_tool.md",
            }

            memories = await call(client, "list_memories")
            assert [m["key"] for m in memories["memories"]] == ["favourite_tool"]
            stored = await call(
                client, "remember", key="dog_name", content="The dog is called Biscuit."
            )
            assert stored["status"] == "stored"
            assert (vault / "memories/dog_name.md").is_file()
            again = await call(
                client, "remember", key="pet", content="The dog is called Biscuit."
            )
            assert again["status"] == "duplicate"
            assert again["memory"]["key"] == "dog_name"
            updated = await call(
                client, "remember", key="dog_name", content="The dog is called Pepper."
            )
            assert updated["status"] == "updated"
            assert "Biscuit" in (vault / "memories/dog_name.md").read_text(encoding="utf-8")
            forgot = await call(client, "forget", key="dog_name")
            assert not (vault / "memories/dog_name.md").exists()

            created = await call(client, "write_note", path="new/Beans.md", content="# Beans\n")
            assert created["created"]
            msg = await refused(client, "write_note", path="new/Beans.md", content="x")
            assert "already exists" in msg
            replaced = await call(
                client, "write_note", path="new/Beans.md", content="# Beans\n\nRunner.\n",
                if_version=created["version"],
            )
            assert not replaced["created"]

            edited = await call(
                client, "edit_note", path="Compost.md", op="replace_section",
                heading="## Plans", content="Buy a bin.", if_version=version,
            )
            text = (vault / "Compost.md").read_text(encoding="utf-8")
            assert "## Plans\n\nBuy a bin.\n" in text
            assert "Build a bin" not in text
            await call(client, "edit_note", path="Compost.md", op="append", content="- leaves")
            await call(client, "edit_note", path="Compost.md", op="prepend", content="Intro.")
            await call(
                client, "edit_note", path="Compost.md", op="find_replace",
                find_text="leaves", content="dry leaves",
            )
            text = (vault / "Compost.md").read_text(encoding="utf-8")
            assert text.startswith("---\ntags: [soil]\n---\nIntro.\n# Compost")
            assert text.endswith("- dry leaves\n")
            assert edited["version"] != version

            deleted = await call(client, "delete_note", path="new/Beans.md")
            assert not (vault / "new/Beans.md").exists()
            back = await call(client, "restore_note", trash_id=deleted["trash_id"])
            assert back["path"] == "new/Beans.md"
            assert "Runner" in (vault / "new/Beans.md").read_text(encoding="utf-8")
            memory_back = await call(client, "restore_note", trash_id=forgot["trash_id"])
            assert memory_back["path"] == "memories/dog_name.md"

            resource = await client.read_resource("kai://note/ideas/Garden.md")
            assert "Tomatoes" in resource.contents[0].text
            prompts = {p.name for p in (await client.list_prompts()).prompts}
            assert prompts == {"recall", "remember"}
            recall = await client.get_prompt("recall", {"topic": "tomatoes"})
            assert "ideas/Garden.md" in recall.messages[0].content.text

    anyio.run(tour)


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_stale_version_and_paths_outside_the_vault_are_refused(
    vault: Path, transport: str
) -> None:
    async def run() -> None:
        async with connect(transport, vault, "--no-index") as client:
            note = await call(client, "read_note", path="Compost.md")
            (vault / "Compost.md").write_text("# Compost\n\nEdited in Obsidian.\n", "utf-8")
            for tool, args in (
                ("write_note", {"content": "mine"}),
                ("edit_note", {"op": "append", "content": "mine"}),
                ("delete_note", {}),
            ):
                msg = await refused(
                    client, tool, path="Compost.md", if_version=note["version"], **args
                )
                assert "changed since version" in msg, tool
            assert (vault / "Compost.md").read_text("utf-8") == "# Compost\n\nEdited in Obsidian.\n"
            assert not list(vault.glob("Compost (conflict*"))

            outside = vault.parent / "outside.md"
            outside.write_text("secret", encoding="utf-8")
            (vault / "link.md").symlink_to(outside)
            for path in ("../outside.md", str(outside), "link.md", ".obsidian/app.md",
                         "C:\\Windows\\x.md"):
                for tool, args in (
                    ("read_note", {}),
                    ("write_note", {"content": "x"}),
                    ("edit_note", {"op": "append", "content": "x"}),
                    ("delete_note", {}),
                ):
                    msg = await refused(client, tool, path=path, **args)
                    assert "vault" in msg or "hidden" in msg, (tool, path, msg)
            assert outside.read_text("utf-8") == "secret"
            msg = await refused(client, "list_notes", folder="..")
            assert "vault" in msg
            with pytest.raises(Exception, match=r"Unknown resource|leaves|outside"):
                await client.read_resource("kai://note/../outside.md")

    anyio.run(run)


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_read_only_registers_no_write_tool(vault: Path, transport: str) -> None:
    async def run() -> None:
        async with connect(transport, vault, "--no-index", "--read-only") as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert names == set(READ_TOOLS)
            result = await client.call_tool("write_note", {"path": "x.md", "content": "x"})
            assert result.is_error
            prompts = {p.name for p in (await client.list_prompts()).prompts}
            assert prompts == {"recall"}
        assert not (vault / "x.md").exists()

    anyio.run(run)


def test_unknown_tools_in_the_allow_list_stop_the_server(vault: Path) -> None:
    done = subprocess.run(
        [sys.executable, *server_args(vault, "--tools", "search_notes,rm_rf")],
        cwd=ROOT, env=child_env(), capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 2
    assert "unknown tool(s): rm_rf" in done.stderr


def test_tools_allow_list(vault: Path) -> None:
    async def run() -> None:
        async with connect(
            "stdio", vault, "--no-index", "--tools", "search_notes,read_note,delete_note"
        ) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert names == {"search_notes", "read_note", "delete_note"}
            prompts = {p.name for p in (await client.list_prompts()).prompts}
            assert prompts == {"recall"}

    anyio.run(run)
    assert set(WRITE_TOOLS).isdisjoint(READ_TOOLS)


def test_the_server_hands_the_interpreter_lock_over_quickly(vault: Path) -> None:
    """A search shares the interpreter with the server's indexing and link-graph threads."""
    import argparse

    from kai_desktop.core.runtime.thread_priority import GIL_SWITCH_INTERVAL_S
    from kai_desktop.mcp import command

    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        args = parser.parse_args(["--vault", str(vault), "--tools", "rm_rf"])
        assert command.run(args) == 2  # stops before serving, after setting up the process
        assert sys.getswitchinterval() == pytest.approx(GIL_SWITCH_INTERVAL_S)
    finally:
        sys.setswitchinterval(before)


def test_a_folder_kai_did_not_create_gets_no_kai_files_over_mcp(tmp_path: Path) -> None:
    from tests.agent.conftest import make_mem_agent_folder, tree_hash

    folder = make_mem_agent_folder(tmp_path / "memory")
    before = tree_hash(folder)

    async def tour() -> None:
        async with connect("stdio", folder, "--no-index") as client:
            msg = await refused(client, "remember", key="home_city", content="Lisbon")
            assert "not created by Kai" in msg
            assert "memories/home_city.md" in msg
            await refused(client, "write_note", path="Soul.md", content="# Soul\n")
            read = await call(client, "follow_link", link="entities/lena_silva.md")
            assert read["resolved"]
            assert read["path"] == "entities/lena_silva.md"
            # The folder's own notes can still be written.
            await call(client, "write_note", path="entities/rex.md", content="# Rex\n")

    anyio.run(tour)
    (folder / "entities" / "rex.md").unlink()
    assert tree_hash(folder) == before
