"""While the window owns a vault, the MCP server's tools are done by the window: its index
answers searches, its vault writes under its write lock, its memory store and trash keep
what changed. The real window (real vault, Qdrant Edge, fastembed, watcher) serves the
SDK's own client; when the window goes, the server does the work itself."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from kai_desktop.app import KaiApp
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.interprocess import vault_write_lock
from kai_desktop.mcp.context import VaultContext
from kai_desktop.mcp.server import build_server
from kai_desktop.mcp.window_link import WindowLink
from kai_desktop.qt.workers.single_instance import SingleInstance
from tests.mcp.helpers import ROOT, call, child_env, make_vault, refused, server_args

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="the link speaks to POSIX sockets"),
]

BEANS = "Runner beans climb the trellis by midsummer.\n"


def _in_client(qtbot: Any, work: Callable[[], Awaitable[Any]], timeout_s: float = 120) -> Any:
    """Run an async client session on a thread while the window's event loop runs here."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = anyio.run(work)
        except BaseException as exc:
            out["error"] = exc

    thread = threading.Thread(target=run, name="mcp-client")
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=int(timeout_s * 1000))
    if "error" in out:
        raise out["error"]
    return out.get("value")


@pytest.fixture
def window(app_env: Path, make_app: Callable[..., KaiApp], qtbot: Any) -> Iterator[KaiApp]:
    """The window on a small vault with its index open and synced, serving its channel."""
    vault = make_vault(app_env / "vault")
    kai = make_app(
        vault=vault, data_dir=app_env / "window-data",  # its trash is not the server's
        start_model=False, start_heartbeat=False, save_settings=False,
    )
    instance = SingleInstance(vault)
    assert instance.acquire()
    instance.serve(kai.serve_channel)
    kai.show()
    qtbot.waitUntil(
        lambda: kai.index_service is not None and not kai.index_service.is_busy(),
        timeout=120_000,
    )
    kai.instance = instance  # type: ignore[attr-defined]
    yield kai
    instance.release()


def _server_ctx(vault: Path, data: Path) -> VaultContext:
    """The MCP server's own context: no index of its own (alone it could only search
    the files by keyword), its own data folder (its own trash)."""
    ctx = VaultContext(Vault(vault), Settings(), data, use_index=False, watch=False)
    ctx.window = WindowLink(vault)
    return ctx


def test_the_window_does_the_tools_work(window: KaiApp, app_env: Path, qtbot: Any) -> None:
    kai, vault = window, window.vault_dir
    ctx = _server_ctx(vault, app_env / "mcp-data")
    server = build_server(ctx)
    lock_held = threading.Event()
    results: dict[str, Any] = {}

    async def session() -> None:
        async with Client(server) as client:
            found = await call(client, "search_notes", query="tomatoes compost")
            results["first"] = found
            written = await call(client, "write_note", path="Beans", content=BEANS)
            results["written"] = written
            results["after_write"] = await call(client, "search_notes", query="trellis midsummer")
            private = await call(client, "search_notes", query="spare key blue pot")
            results["private_search"] = private
            results["private_read"] = await refused(client, "read_note", path="Health")
            results["memories"] = await call(client, "list_memories")
            results["remembered"] = await call(
                client, "remember", key="favourite_bean", content="Likes runner beans best."
            )
            results["deleted"] = await call(client, "delete_note", path="Compost")
            lock_held.wait(30)
            results["edited"] = await call(
                client, "edit_note", path="Beans", op="append", content="Water daily.\n"
            )

    out: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: out.update(v=_run(session)), name="mcp-client")
    thread.start()
    qtbot.waitUntil(lambda: "deleted" in results or not thread.is_alive(), timeout=120_000)
    with vault_write_lock(vault):  # the window process's lock, held on its GUI thread
        lock_held.set()
        qtbot.wait(300)
        # The edit is done in the window, so it waits for the window's own lock.
        assert "edited" not in results
        assert thread.is_alive()
        assert (vault / "Beans.md").read_text(encoding="utf-8") == BEANS
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=60_000)
    ctx.close()
    assert out.get("v") is None, out.get("v")
    _searched_in_the_window(kai, results)
    _written_by_the_window(kai, ctx, results, qtbot)


def _searched_in_the_window(kai: KaiApp, results: dict[str, Any]) -> None:
    # Searches come from the window's index, not the server's keyword fallback.
    assert results["first"]["engine"] == "hybrid"
    assert results["first"]["results"][0]["path"] == "ideas/Garden.md"
    assert results["after_write"]["engine"] == "hybrid"
    assert results["after_write"]["results"][0]["path"] == "Beans.md"
    assert kai.index_parts is not None
    window_hits = kai.index_parts.retriever.search("trellis midsummer", 3, None)
    assert window_hits[0].path == "Beans.md"
    # Private notes stay out on this path too.
    shown = [r["path"] for r in results["private_search"]["results"]]
    assert "Diary.md" not in shown
    assert "Health.md" not in shown
    assert "no note" in results["private_read"]
    assert [m["key"] for m in results["memories"]["memories"]] == ["favourite_tool"]


def _written_by_the_window(
    kai: KaiApp, ctx: VaultContext, results: dict[str, Any], qtbot: Any
) -> None:
    vault = kai.vault_dir
    # The window's vault knows the note as the edit over the channel left it.
    assert results["written"]["created"]
    assert kai.vault.known_hash("Beans.md") == results["edited"]["version"]
    assert "Water daily." in (vault / "Beans.md").read_text(encoding="utf-8")
    # The window's memory store holds the new memory, and its panel shows it.
    assert results["remembered"]["status"] == "stored"
    assert kai.memory_store.get("favourite_bean") is not None
    model = kai.memory.recent_model
    qtbot.waitUntil(
        lambda: any(model.memory_at(i).key == "favourite_bean" for i in range(model.rowCount())),
        timeout=10_000,
    )
    # The delete is journaled in the window's trash, not the server's.
    trash_id = results["deleted"]["trash_id"]
    assert kai.trash.get(trash_id) is not None
    assert ctx.trash.get(trash_id) is None
    assert not (vault / "Compost.md").exists()


def _run(session: Callable[[], Awaitable[None]]) -> BaseException | None:
    try:
        anyio.run(session)
    except BaseException as exc:
        return exc
    return None


def test_without_the_window_the_server_does_the_work_itself(
    window: KaiApp, app_env: Path, qtbot: Any
) -> None:
    ctx = _server_ctx(window.vault_dir, app_env / "mcp-data")
    server = build_server(ctx)

    async def search() -> dict[str, Any]:
        async with Client(server) as client:
            return await call(client, "search_notes", query="tomatoes compost")

    try:
        assert _in_client(qtbot, search)["engine"] == "hybrid"
        window.instance.release()  # type: ignore[attr-defined]
        alone = _in_client(qtbot, search)
    finally:
        ctx.close()
    assert alone["engine"] == "keyword"
    assert alone["results"][0]["path"] == "ideas/Garden.md"


def test_the_mcp_command_goes_through_the_window(window: KaiApp, qtbot: Any) -> None:
    """The real ``kai-desktop mcp`` process over stdio: started with --no-index, it could
    only search by keyword itself; through the window it searches the window's index."""
    vault = window.vault_dir
    params = StdioServerParameters(
        command=sys.executable, args=server_args(vault, "--no-index"), env=child_env(),
        cwd=str(ROOT),
    )

    async def session() -> tuple[dict[str, Any], dict[str, Any]]:
        async with Client(params, mode="legacy", read_timeout_seconds=120) as client:
            await call(client, "write_note", path="Peas", content="Sugar snap peas.\n")
            found = await call(client, "search_notes", query="sugar snap peas")
            deleted = await call(client, "delete_note", path="Peas")
            return found, deleted

    found, deleted = _in_client(qtbot, session)
    assert found["engine"] == "hybrid"
    assert found["results"][0]["path"] == "Peas.md"
    # Kept in the window's trash (its own data folder), where the server alone could not.
    assert window.trash.get(deleted["trash_id"]) is not None


def test_the_window_holds_back_what_its_current_private_tag_marks(tmp_path: Path) -> None:
    """Without an index yet, by keyword; and a new private tag holds from the next call."""
    from kai_desktop.app_channel import ChannelTools
    from kai_desktop.core.memory.store import MemoryStore
    from kai_desktop.core.runtime.window_channel import decode_answer, encode_request
    from kai_desktop.core.vault.trash import Trash

    root = make_vault(tmp_path / "vault")
    (root / "Plans.md").write_text("# Plans\n\n#secret Tomatoes under glass.\n", "utf-8")
    vault, trash = Vault(root), Trash(tmp_path / "trash")
    tools = ChannelTools(vault, Settings(), tmp_path, MemoryStore(vault, trash=trash), trash)
    tools.index_closed("no index in this test")

    def ask(tool: str, **args: Any) -> dict[str, Any]:
        return decode_answer(tools.serve(encode_request(tool, args)).rstrip(b"\n"))

    try:
        found = ask("search_notes", query="tomatoes")["result"]
        assert found["engine"] == "keyword"
        assert found["note"] == "no index in this test"
        assert "Plans.md" in [r["path"] for r in found["results"]]
        assert ask("read_note", path="Plans")["result"]["path"] == "Plans.md"
        tools.apply_settings(Settings(private_tag="secret"))
        assert ask("read_note", path="Plans")["kind"] == "not_found"
        paths = [r["path"] for r in ask("search_notes", query="tomatoes")["result"]["results"]]
        assert "Plans.md" not in paths
        assert "ideas/Garden.md" in paths
        assert ask("search_notes", query="")["kind"] == "refused"
        assert ask("search_notes", query="x", limit=0)["kind"] == "bad_request"
        assert ask("no_such_tool")["kind"] == "bad_request"
    finally:
        tools.close()
    # A closing window takes no more calls: the server does them itself.
    assert ask("search_notes", query="tomatoes")["kind"] == "unavailable"
