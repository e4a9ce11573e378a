"""A memory folder laid out the mem-agent way opens as it is: graph, tools and agent mode
work on it and nothing is added to it or rewritten."""

from __future__ import annotations

from pathlib import Path

from kai_desktop.core.agent.journal import TrashJournal
from kai_desktop.core.agent.local_runner import LocalRunner
from kai_desktop.core.agent.loop import AgentLoop
from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.scan import scan_vault
from kai_desktop.infra.sandbox.client import SandboxClient
from tests.agent.conftest import tree_hash


def test_links_resolve_in_the_graph(memory_dir: Path) -> None:
    before = tree_hash(memory_dir)
    graph = scan_vault(Vault(memory_dir)).graph
    assert graph.backlinks("entities/lena_silva.md") == ["user.md"]
    assert {e.target for e in graph.edges() if e.source == "user.md"} == {
        "entities/lena_silva.md", "entities/tidewater_labs.md"}
    assert graph.unresolved() == []
    assert tree_hash(memory_dir) == before


def test_reading_agent_turns_change_nothing(
    sandbox: SandboxClient, memory_dir: Path, tmp_path: Path
) -> None:
    before = tree_hash(memory_dir)
    tools = MemoryTools(Vault(memory_dir), TrashJournal(tmp_path / "trash"))
    model = ScriptedChatModel([
        "<think>Start at user.md.</think><python>user = read_file('user.md')\n"
        "tree = list_files()\nhas = check_if_file_exists('entities/lena_silva.md')</python>",
        "<think>Follow the link.</think><python>lena = go_to_link('[[entities/lena_silva.md]]')"
        "\nwhere = lena.split('living_location: ')[1].split()[0]</python>",
        "<think>Found it.</think><reply>Your sister Lena lives in Porto.</reply>",
    ])  # fmt: skip
    for runner in (LocalRunner(), sandbox):
        answer = AgentLoop(runner, tools).run(model, "Where does my sister live?")
        assert answer.reply == "Your sister Lena lives in Porto."
        assert "'where': 'Porto'" in answer.steps[1].result
        model = ScriptedChatModel(model.turns)
    assert tree_hash(memory_dir) == before
    assert not (tmp_path / "trash").exists()
