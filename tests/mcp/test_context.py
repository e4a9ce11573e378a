"""The server's views follow edits made elsewhere (the window, Obsidian, sync): new words
are found, links and memories change, folders move, private notes appear and vanish."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.mcp import memories, reading, search
from kai_desktop.mcp.context import VaultContext
from tests.mcp.helpers import make_vault


@pytest.fixture
def ctx(tmp_path: Path) -> Iterator[VaultContext]:
    vault = Vault(make_vault(tmp_path / "vault"))
    context = VaultContext(
        vault, Settings(watch_debounce_ms=50), tmp_path / "data", use_index=False
    )
    context.start()
    assert context.graph.wait(30)
    yield context
    context.close()


def eventually(check: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the change never showed"
        time.sleep(0.05)


def paths_found(ctx: VaultContext, query: str) -> list[str]:
    return [h.path for h in search.search_notes(ctx, query, 20).results]


def test_edits_elsewhere_reach_search_links_and_memories(ctx: VaultContext) -> None:
    root = ctx.vault.root
    assert "ideas/Garden.md" in paths_found(ctx, "garden")
    (root / "Beans.md").write_text("# Beans\n\nRunner beans beside [[Compost]].\n", "utf-8")
    eventually(lambda: "Beans.md" in paths_found(ctx, "runner beans"))
    eventually(lambda: any(
        b.path == "Beans.md" for b in reading.read_note(ctx, "Compost.md").backlinks
    ))
    (root / "memories/boots.md").write_text(
        "---\nkey: boots\ncategory: General\n---\nWears size 44 boots.\n", "utf-8"
    )
    eventually(lambda: "boots" in [m.key for m in memories.list_memories(ctx).memories])
    (root / "Beans.md").write_text("# Beans\n\n#private not for sharing\n", "utf-8")
    eventually(lambda: "Beans.md" not in paths_found(ctx, "beans sharing"))


def test_a_moved_folder_moves_in_every_view(ctx: VaultContext) -> None:
    root = ctx.vault.root
    (root / "ideas").rename(root / "archive")
    eventually(lambda: "archive/Garden.md" in paths_found(ctx, "tomatoes"))
    assert "ideas/Garden.md" not in paths_found(ctx, "tomatoes")
    eventually(lambda: [
        b.path for b in reading.read_note(ctx, "Compost.md").backlinks
    ] == ["archive/Garden.md"])


def test_a_folder_brought_in_from_outside_is_read(ctx: VaultContext, tmp_path: Path) -> None:
    outside = tmp_path / "unpacked"
    outside.mkdir()
    (outside / "Peas.md").write_text("# Peas\n\nSugar snap peas on the fence.\n", "utf-8")
    outside.rename(ctx.vault.root / "veg")
    eventually(lambda: "veg/Peas.md" in paths_found(ctx, "sugar snap peas"))
    shutil_target = ctx.vault.root / "veg"
    (shutil_target / "Peas.md").unlink()
    shutil_target.rmdir()
    eventually(lambda: "veg/Peas.md" not in paths_found(ctx, "sugar snap peas"))


def test_a_search_hit_is_shown_with_its_version_unless_private(tmp_path: Path) -> None:
    import os

    vault = Vault(make_vault(tmp_path / "vault"))
    ctx = VaultContext(vault, Settings(), tmp_path / "data", use_index=False, watch=False)
    assert ctx.shared_version("Compost.md") == ctx.version("Compost.md") != ""
    assert ctx.shared_version("Diary.md") is None
    assert ctx.shared_version("Health.md") is None
    assert ctx.shared_version("missing.md") == ""
    assert ctx.shared_version("../outside.md") == ""
    note = vault.root / "Compost.md"
    note.write_text("# Compost\n\n#private now\n", encoding="utf-8")
    os.utime(note, ns=(1, 10**18))  # a new stamp even on a coarse clock
    assert ctx.shared_version("Compost.md") is None


def test_a_new_hit_is_read_once_and_a_symlink_out_is_never_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from kai_desktop.core.vault.files import content_hash

    vault = Vault(make_vault(tmp_path / "vault"))
    ctx = VaultContext(vault, Settings(), tmp_path / "data", use_index=False, watch=False)
    reads: list[str] = []
    real = vault.read_bytes_checked

    def counting(rel: str) -> tuple[bytes, os.stat_result]:
        reads.append(rel)
        return real(rel)

    monkeypatch.setattr(vault, "read_bytes_checked", counting)
    expected = content_hash((vault.root / "Compost.md").read_bytes())
    assert ctx.shared_version("Compost.md") == expected
    assert ctx.shared_version("Diary.md") is None
    assert reads == ["Compost.md", "Diary.md"]  # one read each answers both questions
    assert ctx.shared_version("Compost.md") == expected
    assert ctx.shared_version("Diary.md") is None
    assert len(reads) == 2  # then neither is read again until it changes
    outside = tmp_path / "secret.md"
    outside.write_text("# Secret\n\nKept outside the vault.\n", encoding="utf-8")
    (vault.root / "Link.md").symlink_to(outside)
    assert ctx.shared_version("Link.md") == ""  # the vault refuses to read it
    assert ctx.version("Link.md") == ""


def test_a_keyword_search_by_tag_waits_for_the_tags(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kai_desktop.mcp.graph import GraphView

    build = GraphView.build

    def slow_build(self: GraphView) -> None:
        time.sleep(0.5)  # a large vault: parsing every note takes a while
        build(self)

    monkeypatch.setattr(GraphView, "build", slow_build)
    vault = Vault(make_vault(tmp_path / "vault"))
    ctx = VaultContext(vault, Settings(), tmp_path / "data", use_index=False, watch=False)
    ctx.start()
    try:
        found = search.search_notes(ctx, "layers", 5, tag="soil")
        assert [h.path for h in found.results] == ["Compost.md"]
    finally:
        ctx.close()
