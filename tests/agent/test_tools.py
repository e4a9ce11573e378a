"""The memory tools: what each does, quotas, compare-and-swap against outside edits, undo."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from kai_desktop.core.agent.journal import TrashJournal, UndoError
from kai_desktop.core.agent.paths import PathRefused, clean_path
from kai_desktop.core.agent.results import ToolError
from kai_desktop.core.agent.tools import MemoryTools, Quotas, bind_arguments
from kai_desktop.core.vault.files import Vault
from tests.agent.conftest import LENA_MD, USER_MD, tree_hash


def call(tools: MemoryTools, name: str, *args: object, **kwargs: object) -> object:
    return tools.call(name, list(args), dict(kwargs))


def test_read_list_exists_size(tools: MemoryTools, memory_dir: Path) -> None:
    assert call(tools, "read_file", "user.md") == USER_MD
    assert call(tools, "read_file", file_path="./entities//lena_silva.md") == LENA_MD
    assert call(tools, "check_if_file_exists", "user.md") is True
    assert call(tools, "check_if_file_exists", "entities") is False
    assert call(tools, "check_if_dir_exists", "entities") is True
    assert call(tools, "get_size", "user.md") == len(USER_MD.encode())
    total = sum(p.stat().st_size for p in memory_dir.rglob("*") if p.is_file())
    assert call(tools, "get_size") == total
    assert call(tools, "list_files") == (
        "./\n  entities/\n    lena_silva.md\n    tidewater_labs.md\n  user.md"
    )
    assert call(tools, "list_files", "entities").startswith("entities/\n  lena_silva.md")


def test_go_to_link_uses_the_vaults_link_rules(tools: MemoryTools) -> None:
    assert call(tools, "go_to_link", "[[entities/lena_silva.md]]") == LENA_MD
    assert call(tools, "go_to_link", "[[lena_silva|my sister]]") == LENA_MD
    assert call(tools, "go_to_link", "[[Entities/Lena_Silva#job]]") == LENA_MD
    assert call(tools, "go_to_link", "entities/lena_silva.md") == LENA_MD
    with pytest.raises(ToolError, match=r"no note matches \[\[entities/nobody.md\]\]"):
        call(tools, "go_to_link", "[[entities/nobody.md]]")


def test_create_update_delete_are_journalled_and_undoable(
    tools: MemoryTools, memory_dir: Path, journal: TrashJournal
) -> None:
    before = tree_hash(memory_dir)
    assert call(tools, "create_file", "entities/rui.md", "# Rui\n- friend\n") is True
    assert call(tools, "update_file", "user.md", "- user_age: 34", "- user_age: 35") is True
    assert "- user_age: 35" in (memory_dir / "user.md").read_text()
    assert call(tools, "update_file", "user.md", "", "- pet: cat") is True
    assert (memory_dir / "user.md").read_text().endswith("- pet: cat")
    assert call(tools, "delete_file", "entities/lena_silva.md") is True
    assert not (memory_dir / "entities" / "lena_silva.md").exists()
    changes = journal.entries()
    assert [(c.action, c.rel) for c in changes] == [
        ("create", "entities/rui.md"),
        ("update", "user.md"),
        ("update", "user.md"),
        ("delete", "entities/lena_silva.md"),
    ]
    assert not str(journal.folder).startswith(str(memory_dir))
    for change in reversed(changes):
        journal.undo(change, tools.vault)
    assert tree_hash(memory_dir) == before


def test_undo_never_overwrites_a_later_edit(
    tools: MemoryTools, memory_dir: Path, journal: TrashJournal
) -> None:
    call(tools, "update_file", "user.md", "Lisbon", "Coimbra")
    (memory_dir / "user.md").write_text("edited in Obsidian\n")
    with pytest.raises(UndoError, match="changed after"):
        journal.undo(journal.entries()[-1], tools.vault)
    assert (memory_dir / "user.md").read_text() == "edited in Obsidian\n"


def test_update_needs_the_expected_number_of_matches(tools: MemoryTools) -> None:
    with pytest.raises(ToolError, match="found 0 times"):
        call(tools, "update_file", "user.md", "no such text", "x")
    with pytest.raises(ToolError, match=r"found 2 times in user\.md, expected 1"):
        call(tools, "update_file", "user.md", "user_", "person_")
    assert call(tools, "update_file", "user.md", "user_", "person_", expected_count=2) is True
    assert "person_name" in call(tools, "read_file", "user.md")  # type: ignore[operator]


def test_create_refuses_an_existing_file(tools: MemoryTools, memory_dir: Path) -> None:
    with pytest.raises(ToolError, match="already exists"):
        call(tools, "create_file", "user.md", "overwritten")
    assert (memory_dir / "user.md").read_text() == USER_MD


def test_an_outside_edit_between_read_and_write_is_never_overwritten(
    memory_dir: Path, journal: TrashJournal, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = Vault(memory_dir)
    tools = MemoryTools(vault, journal)
    real_write = vault.write_text

    def edit_first(rel: str, text: str, **kwargs: object) -> object:
        (memory_dir / rel).write_text("typed in Obsidian meanwhile\n")
        return real_write(rel, text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(vault, "write_text", edit_first)
    with pytest.raises(ToolError, match="changed on disk"):
        call(tools, "update_file", "user.md", "Lisbon", "Faro")
    assert (memory_dir / "user.md").read_text() == "typed in Obsidian meanwhile\n"
    assert sorted(p.name for p in memory_dir.iterdir()) == ["entities", "user.md"]
    assert journal.entries() == []


def test_quotas(memory_dir: Path, journal: TrashJournal) -> None:
    tools = MemoryTools(
        Vault(memory_dir), journal, quotas=Quotas(file_bytes=100, folder_bytes=700,
                                                  vault_bytes=1000)
    )  # fmt: skip
    with pytest.raises(ToolError, match="over the 100 limit"):
        call(tools, "create_file", "big.md", "x" * 101)
    root_files = sum(p.stat().st_size for p in memory_dir.iterdir() if p.is_file())
    for n in range((700 - root_files) // 100):
        call(tools, "create_file", f"a{n}.md", "x" * 100)
    with pytest.raises(ToolError, match=r"folder of b\.md would hold over 700"):
        call(tools, "create_file", "b.md", "x" * 100)
    total = sum(p.stat().st_size for p in memory_dir.rglob("*") if p.is_file())
    for n in range((1000 - total) // 90):
        call(tools, "create_file", f"other/c{n}.md", "x" * 90)
    with pytest.raises(ToolError, match="memory folder would hold over 1000"):
        call(tools, "create_file", "other/d.md", "x" * 90)


def test_reading_a_file_over_the_file_quota_is_refused(
    memory_dir: Path, journal: TrashJournal
) -> None:
    (memory_dir / "huge.md").write_text("x" * 2000)
    tools = MemoryTools(Vault(memory_dir), journal, quotas=Quotas(file_bytes=1000))
    with pytest.raises(ToolError, match="2000 bytes, over the 1000 limit"):
        call(tools, "read_file", "huge.md")


@dataclass(frozen=True)
class FakeHit:
    path: str
    heading: str
    start_line: int
    end_line: int
    text: str


class FakeSearcher:
    def __init__(self) -> None:
        self.queries: list[tuple[str, int]] = []

    def search(self, query: str, limit: int = 5) -> Sequence[FakeHit]:
        self.queries.append((query, limit))
        return [FakeHit("entities/lena_silva.md", "Lena Silva", 1, 4, "y" * 1000)]


def test_search_goes_through_the_searcher(memory_dir: Path, journal: TrashJournal) -> None:
    searcher = FakeSearcher()
    tools = MemoryTools(Vault(memory_dir), journal, searcher=searcher)
    hits = call(tools, "search", "sister", limit=50)
    assert searcher.queries == [("sister", 20)]
    assert hits == [{"path": "entities/lena_silva.md", "heading": "Lena Silva", "line": 1,
                     "text": "y" * 600}]  # fmt: skip
    with pytest.raises(ToolError, match="search is not available"):
        call(MemoryTools(Vault(memory_dir), journal), "search", "x")


def test_arguments_are_bound_like_python(tools: MemoryTools) -> None:
    assert bind_arguments("update_file", ["a", "b"], {"new_content": "c"}) == {
        "file_path": "a", "old_content": "b", "new_content": "c", "expected_count": 1,
    }  # fmt: skip
    with pytest.raises(ToolError, match="missing 'new_content'"):
        bind_arguments("update_file", ["a", "b"], {})
    with pytest.raises(ToolError, match="got 'file_path' twice"):
        bind_arguments("read_file", ["a"], {"file_path": "b"})
    with pytest.raises(ToolError, match="no tool named"):
        bind_arguments("rm_rf", [], {})


@pytest.mark.parametrize(
    "path",
    ["", "..", "a/../b", "/abs", "~/x", "C:x", "c:/x", "a\\b", "\\\\?\\C:\\x", "a:b", "CON",
     "con.md", "x/Nul.txt", "LPT1", "COM9.md", "a\x00b", "a\nb", ".git/config", "x/.obsidian",
     "trailing.", "space ", "a|b", "q?.md", "x" * 600, "\ud800.md"],
)  # fmt: skip
def test_clean_path_refuses(path: str) -> None:
    with pytest.raises(PathRefused):
        clean_path(path)


@pytest.mark.parametrize(
    ("path", "clean"),
    [("user.md", "user.md"), ("./entities//x.md", "entities/x.md"), ("a b/c d.md", "a b/c d.md"),
     ("consul.md", "consul.md"), ("notes/connie.md", "notes/connie.md")],
)  # fmt: skip
def test_clean_path_accepts(path: str, clean: str) -> None:
    assert clean_path(path) == clean


def test_the_mode_is_a_setting_that_survives_a_restart(tmp_path: Path) -> None:
    from kai_desktop.core.settings import Settings
    from kai_desktop.infra.settings_store import SettingsStore

    assert (Settings().agent_mode, Settings().agent_max_turns) == (False, 6)
    store = SettingsStore(tmp_path / "settings.json")
    store.save(Settings(agent_mode=True, agent_max_turns=4))
    again = SettingsStore(tmp_path / "settings.json").load()
    assert (again.agent_mode, again.agent_max_turns) == (True, 4)


def test_experimental_command_reports_the_switch(tmp_path: Path) -> None:
    from kai_desktop.core.chat.commands import CommandRunner
    from kai_desktop.core.chat.session import ChatSession
    from kai_desktop.core.memory.store import MemoryStore
    from kai_desktop.core.memory.tiers import Tiers

    vault = Vault(tmp_path / "v")
    vault.root.mkdir()
    session = ChatSession(memory=MemoryStore(vault), tiers=Tiers(vault))
    seen: list[bool] = []
    runner = CommandRunner(session, on_experimental=seen.append)
    runner.run("/experimental")
    runner.run("/experimental")
    assert seen == [True, False]
