"""Issue 12 #1: an index held by another process (the window) is in use, not corrupt: it is
never moved or cleared; the CLI says so, and ``search`` answers by keywords from the files."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kai_desktop.cli import main
from kai_desktop.core.retrieval.ports import IndexInUse
from kai_desktop.infra.qdrant import shard_lock
from kai_desktop.infra.qdrant.edge import LAYOUT_FILE, SHARD_DIR, EdgeIndex
from kai_desktop.infra.settings_store import vault_data_dir
from tests.infra.test_index_contract import POINTS

# Plays the window: opens the shard, writes, waits, writes again, closes cleanly.
HOLDER = r"""
import sys
from pathlib import Path
from kai_desktop.infra.qdrant.edge import LAYOUT_FILE, SHARD_DIR, EdgeIndex
from tests.infra.test_index_contract import POINTS
index = EdgeIndex(Path(sys.argv[1]), dim=4, embedder_name="test")
index.upsert(POINTS[:2])
index.flush()
print("holding", flush=True)
sys.stdin.readline()
index.upsert(POINTS[2:])
index.close()
print("closed", flush=True)
"""


class Holder:
    def __init__(self, directory: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(directory)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == "holding"

    def finish(self) -> str:
        out, _ = self.proc.communicate("go\n", timeout=60)
        assert self.proc.returncode == 0
        return out.strip()


@pytest.fixture
def holder_of(tmp_path: Path) -> Iterator[list[Holder]]:
    made: list[Holder] = []
    yield made
    for holder in made:
        if holder.proc.poll() is None:
            holder.proc.kill()
            holder.proc.wait()


def _tree(directory: Path) -> list[str]:
    return sorted(str(p.relative_to(directory)) for p in directory.rglob("*"))


def test_a_held_shard_raises_in_use_and_is_left_alone(
    tmp_path: Path, holder_of: list[Holder]
) -> None:
    directory = tmp_path / "index"
    holder = Holder(directory)
    holder_of.append(holder)
    before = _tree(directory)
    with pytest.raises(IndexInUse, match="in use"):
        EdgeIndex(directory, dim=4, embedder_name="test")
    with pytest.raises(IndexInUse):  # a different embedder must not discard it either
        EdgeIndex(directory, dim=8, embedder_name="another")
    assert _tree(directory) == before
    assert holder.finish() == "closed"  # the owner's later writes and its close work
    with EdgeIndex(directory, dim=4, embedder_name="test") as index:
        assert index.reset_reason is None
        assert index.count() == len(POINTS)


def test_edges_own_lock_error_is_in_use_not_corruption(
    tmp_path: Path, holder_of: list[Holder], monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / "index"
    holder_of.append(Holder(directory))
    # As if the other process did not take our lock: the shard's own lock answers. (Edge's
    # failed load can still damage the holder's payload index files, which is why the
    # lock file is taken before the shard is touched at all.)
    monkeypatch.setattr(shard_lock.ShardLock, "acquire", lambda self: None)
    layout = (directory / LAYOUT_FILE).read_bytes()
    with pytest.raises(IndexInUse):
        EdgeIndex(directory, dim=4, embedder_name="test")
    assert (directory / SHARD_DIR).is_dir()  # not moved aside, not rebuilt
    assert not (directory / (SHARD_DIR + ".broken")).exists()
    assert (directory / LAYOUT_FILE).read_bytes() == layout


@pytest.fixture
def vault(vault_dir: Path) -> Path:
    (vault_dir / "Garden.md").write_text("# Garden\nTomatoes and basil in the garden.\n")
    (vault_dir / "Trip.md").write_text("# Trip\nA flight to Lisbon in March.\n")
    return vault_dir


def test_cli_search_falls_back_to_keywords_and_index_says_in_use(
    vault: Path, holder_of: list[Holder], capsys: pytest.CaptureFixture[str]
) -> None:
    directory = vault_data_dir(vault) / "index"
    holder = Holder(directory)
    holder_of.append(holder)
    before = _tree(directory)

    assert main(["search", "--vault", str(vault), "tomatoes", "--json"]) == 0
    captured = capsys.readouterr()
    assert "in use by the running Kai window" in captured.err
    assert "keyword-only" in captured.err
    hits = json.loads(captured.out)
    assert [h["path"] for h in hits] == ["Garden.md"]

    assert main(["index", "--vault", str(vault)]) == 3
    assert "in use by the running Kai window" in capsys.readouterr().err

    assert _tree(directory) == before
    assert holder.finish() == "closed"
    with EdgeIndex(directory, dim=4, embedder_name="test") as index:
        assert index.count() == len(POINTS)
