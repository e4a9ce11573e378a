"""Issue 12 #5: symlink loops and links out of the vault: one bad file is skipped with its
reason, never more; graph, index, search and the window keep working."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kai_desktop.cli import main
from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout, layout_problems
from kai_desktop.core.vault.scan import scan_vault
from tests.reliability.conftest import EdgeStack

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symlinks need privileges on Windows")

BAD = {
    "loop.md": "symlink loop",
    "ping.md": "symlink loop",
    "pong.md": "symlink loop",
    "gone.md": "broken symlink",
    "out.md": "symlink points outside the vault",
    "memories": "symlink points outside the vault",
}


@pytest.fixture
def troubled(vault_dir: Path, tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("outside secret words\n")
    (vault_dir / "Home.md").write_text("# Home\nSee [[Garden]] and [[loop]].\n")
    (vault_dir / "Garden.md").write_text("# Garden\nTomatoes and basil grow here.\n")
    (vault_dir / "loop.md").symlink_to(vault_dir / "loop.md")
    (vault_dir / "ping.md").symlink_to(vault_dir / "pong.md")
    (vault_dir / "pong.md").symlink_to(vault_dir / "ping.md")
    (vault_dir / "gone.md").symlink_to(vault_dir / "nowhere.md")
    (vault_dir / "out.md").symlink_to(outside / "secret.md")
    (vault_dir / "memories").symlink_to(outside)
    return vault_dir


def test_the_graph_skips_each_bad_link_once_with_its_reason(troubled: Path) -> None:
    scan = scan_vault(Vault(troubled))
    assert {s.path: s.reason for s in scan.skipped} == BAD
    assert len(scan.skipped) == len(BAD)
    assert {n.id for n in scan.graph.nodes() if n.kind == "note"} == {"Home.md", "Garden.md"}
    assert [(e.source, e.target) for e in scan.graph.edges()] == [
        ("Home.md", "Garden.md"), ("Home.md", "loop.md")
    ]


def test_graph_command_exits_cleanly(troubled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["graph", "--vault", str(troubled)]) == 0
    out = capsys.readouterr().out
    assert "Skipped files: 6" in out
    assert "loop.md: symlink loop" in out


def test_index_and_search_work_and_name_the_bad_notes(
    troubled: Path, edge_stack: EdgeStack
) -> None:
    report = edge_stack.indexer.run_sync()
    assert report.added == 2
    assert dict(report.skipped) == {k: v for k, v in BAD.items() if k.endswith(".md")}
    assert edge_stack.indexed_paths() == {"Home.md", "Garden.md"}
    assert edge_stack.retriever().search("tomatoes basil", limit=1)[0].path == "Garden.md"
    # A watcher batch naming the bad files changes nothing and raises nothing.
    again = edge_stack.indexer.apply(
        [VaultChange("created", rel) for rel in ("loop.md", "ping.md", "out.md", "memories")]
    )
    assert again.added == again.removed == 0
    assert edge_stack.indexed_paths() == {"Home.md", "Garden.md"}


def test_a_memories_folder_linked_out_does_not_stop_the_layout(troubled: Path) -> None:
    vault = Vault(troubled)
    created = ensure_vault_layout(vault, "# Soul\n")
    assert "memories/" not in created
    assert {"daily/", "sessions/", "Soul.md"} <= set(created)
    assert layout_problems(vault) == [
        "memories: path 'memories' points outside the vault (symlink); Kai does not use it"
    ]
    assert not (troubled.parent / "outside" / "Soul.md").exists()


@pytest.fixture
def window_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KAI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KAI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("KAI_VAULT_DIR", raising=False)
    return tmp_path


@pytest.mark.qt_log_ignore(r"This plugin does not support")
def test_the_window_opens_on_a_vault_whose_memories_link_out(
    troubled: Path, window_env: Path, qtbot: object
) -> None:
    from kai_desktop.app import KaiApp, Options

    kai = KaiApp(Options(vault=troubled, start_background=False, single_instance=False))
    try:
        assert kai.memory_store.all() == []
        assert not (troubled.parent / "outside" / "Soul.md").exists()
    finally:
        kai.window.close()
        kai.shutdown()
