"""A note or memory marked private never reaches an MCP client, by any tool or resource."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from tests.mcp.helpers import call, connect, make_vault, refused

pytestmark = pytest.mark.slow

SECRETS = ("Diary", "blue pot", "Health", "Blood pressure", "pin_code", "4711")


def assert_no_secret(payload: object) -> None:
    if isinstance(payload, dict):
        payload = {k: v for k, v in payload.items() if k != "query"}  # the client's words
    text = json.dumps(payload, default=str)
    for secret in SECRETS:
        assert secret not in text, secret


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_private_notes_are_never_returned(tmp_path: Path, transport: str) -> None:
    vault = make_vault(tmp_path / "vault")

    async def run() -> None:
        async with connect(transport, vault, "--no-index") as client:
            for query in ("garden key blue pot", "blood pressure garden", "shed code 4711"):
                found = await call(client, "search_notes", query=query, limit=50)
                assert_no_secret(found)
            # The public notes on the same words are still found.
            found = await call(client, "search_notes", query="garden", limit=50)
            assert {r["path"] for r in found["results"]} >= {"ideas/Garden.md"}
            assert_no_secret(await call(client, "list_notes"))
            assert_no_secret(await call(client, "recent_changes", limit=200))
            assert_no_secret(await call(client, "list_memories"))
            compost = await call(client, "read_note", path="Compost.md")
            assert compost["backlinks"] == [{"path": "ideas/Garden.md", "line": 3}]
            assert_no_secret(compost)
            for path in ("Diary.md", "Health", "memories/pin_code.md"):
                msg = await refused(client, "read_note", path=path)
                assert "no note" in msg
                msg = await refused(client, "edit_note", path=path, op="append", content="x")
                assert "no note" in msg
                msg = await refused(client, "delete_note", path=path)
                assert "no note" in msg
                with pytest.raises(Exception, match="no note"):
                    await client.read_resource(f"kai://note/{path}")
            link = await call(client, "follow_link", link="[[Diary]]")
            assert link["resolved"] is False
            assert link["path"] is None
            assert "no memory" in await refused(client, "forget", key="pin_code")
            recall = await client.get_prompt("recall", {"topic": "garden key shed code"})
            assert_no_secret(recall.messages[0].content.text)
        # Nothing was changed or deleted on the client's behalf.
        assert (vault / "Diary.md").is_file()
        assert (vault / "memories/pin_code.md").is_file()

    anyio.run(run)


def test_the_tag_name_is_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    vault = make_vault(tmp_path / "vault")
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"private_tag": "secret"}), "utf-8")
    (vault / "Plans.md").write_text("# Plans\n\n#secret surprise party\n", encoding="utf-8")
    monkeypatch.setenv("KAI_CONFIG_DIR", str(config))

    async def run() -> None:
        async with connect("stdio", vault, "--no-index") as client:
            listed = await call(client, "list_notes")
            paths = {n["path"] for n in listed["notes"]}
            assert "Plans.md" not in paths
            assert "Diary.md" in paths  # #private is an ordinary tag now
            # ... but a `private: true` property names the setting's property, not this one
            assert "Health.md" in paths

    anyio.run(run)
