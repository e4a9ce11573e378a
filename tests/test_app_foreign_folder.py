"""A mem-agent memory folder opened by the real app: nothing is added or rewritten in it
(every file hashed before and after), while the graph, search and agent mode work on it;
Kai's own files go in only once the user clicks "Set up Kai's files here"."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from kai_desktop.app import KaiApp
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.qt.chat.chat_model import Kind
from tests.agent.conftest import make_mem_agent_folder, tree_hash
from tests.test_app_agent_mode import RoutedModel, send

READING_SCRIPT = [
    "<think>Follow the sister's link, and look her up.</think>\n<python>\n"
    "lena = go_to_link(\"[[entities/lena_silva.md]]\")\n"
    "hits = search(\"sister architect\", 3)\n"
    "paths = [h[\"path\"] for h in hits]\n</python>",
    "<think>Found it.</think>\n<reply>Your sister Lena lives in Porto.</reply>",
]


def file_hashes(root: Path) -> dict[str, str]:
    """Each file's hash; a file gone between listing and reading (the temporary file of a
    write the app is making right then, renamed into place) is not one of them."""
    hashes = {}
    for p in sorted(root.rglob("*")):
        try:
            if p.is_file():
                hashes[p.relative_to(root).as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest()
        except FileNotFoundError:
            continue
    return hashes


@pytest.mark.integration
def test_a_mem_agent_folder_opens_as_it_is_and_everything_reads_it(
    app_env: Path, make_app: Callable[..., KaiApp], qtbot: Any
) -> None:
    vault = make_mem_agent_folder(app_env / "vault")
    before_files, before_tree = file_hashes(vault), tree_hash(vault)
    model = RoutedModel()
    model.agent = ScriptedChatModel(list(READING_SCRIPT))
    kai = make_app(
        vault=vault, model_factory=lambda _p: model, start_heartbeat=False, save_settings=False
    )
    kai.show()
    assert kai.folder_setup is not None
    assert kai.folder_setup.banner.isVisible()
    qtbot.waitUntil(kai.chat.is_ready, timeout=20_000)
    status = kai.window.status
    qtbot.waitUntil(
        lambda: kai.index_service is not None and "up to date" in status.index_label.text(),
        timeout=180_000,
    )
    # The graph: the entities are nodes, and [[entities/x.md]] links are edges.
    view = kai.graph_pane.view
    qtbot.waitUntil(lambda: "entities/lena_silva.md" in view.nodes, timeout=30_000)
    assert {("user.md", "entities/lena_silva.md"), ("user.md", "entities/tidewater_labs.md")
            } <= set(view.edges)
    # Search over the real index.
    assert kai.index_parts is not None
    hits = kai.index_parts.retriever.search("sister architect Porto", limit=3)
    assert "entities/lena_silva.md" in [h.path for h in hits]
    # A plain chat message: its capture waits (nothing of Kai's is written here).
    with qtbot.waitSignal(kai.chat.answered, timeout=20_000):
        send(kai, qtbot, "I live in Lisbon and my dog is called Rex.")
    keeper = kai.memory_jobs.keeper
    assert keeper is not None
    qtbot.waitUntil(lambda: kai.memory_jobs._capture_id is None, timeout=10_000)
    assert [text for _seq, text in keeper.pending()] == [
        "I live in Lisbon and my dog is called Rex."]
    # Agent mode: the link and the search tool reach the entity files.
    send(kai, qtbot, "/experimental")
    assert kai.chat.agent_mode
    with qtbot.waitSignal(kai.chat.answered, timeout=30_000) as answered:
        send(kai, qtbot, "Where does my sister live?")
    answer = answered.args[0]
    assert answer.text == "Your sister Lena lives in Porto."
    assert answer.steps[0].ok
    assert "living_location: Porto" in answer.steps[0].result
    assert "'entities/lena_silva.md'" in answer.steps[0].result
    # The conversation ends (a new chat): no extraction, no session note here.
    with qtbot.waitSignal(kai.memory_jobs.ended, timeout=20_000):
        kai.chat.new_chat()
    kai.window.close()
    kai.shutdown()
    assert file_hashes(vault) == before_files
    assert tree_hash(vault) == before_tree


def test_kai_files_go_in_on_the_users_consent_and_the_waiting_capture_runs(
    app_env: Path, make_app: Callable[..., KaiApp], qtbot: Any
) -> None:
    vault = make_mem_agent_folder(app_env / "vault")
    before = file_hashes(vault)
    kai = make_app(
        vault=vault, model_factory=lambda _p: RoutedModel(), start_index=False,
        start_heartbeat=False, save_settings=False,
    )
    kai.show()
    qtbot.waitUntil(kai.chat.is_ready, timeout=20_000)
    with qtbot.waitSignal(kai.chat.answered, timeout=20_000):
        send(kai, qtbot, "I live in Lyon.")
    qtbot.waitUntil(lambda: kai.memory_jobs._capture_id is None, timeout=10_000)
    assert kai.memory_store.all() == []
    assert file_hashes(vault) == before
    setup = kai.folder_setup
    assert setup is not None
    with qtbot.waitSignal(setup.done, timeout=10_000):
        qtbot.mouseClick(setup.banner.button, Qt.MouseButton.LeftButton)
    assert not setup.banner.isVisible()
    assert (vault / "Soul.md").is_file()
    assert (vault / "memories").is_dir()
    notices = [i.text for i in kai.chat.model.items() if i.kind == Kind.NOTICE]
    assert notices[-1].startswith("Kai's files were set up in this folder (")
    qtbot.waitUntil(lambda: kai.memory_store.get("home_city") is not None, timeout=20_000)
    after = file_hashes(vault)
    assert {rel: after[rel] for rel in before} == before  # the folder's own files: as they were



