"""Issue 12 #10 (part): temp files a kill leaves are swept at start and ignored by the
watcher and the indexer; a file name with a backslash is kept in index and graph."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.changes import VaultChange
from kai_desktop.core.vault.atomic import sweep_temp_files
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.scan import scan_vault
from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher
from tests.reliability.conftest import EdgeStack

# Writes the same note forever; killed mid-write it leaves its temp file behind.
WRITER = r"""
import sys, time
from pathlib import Path
from kai_desktop.core.vault import atomic
def slow_fsync(fd):
    print("writing", flush=True)  # the temp file exists now
    time.sleep(30)
atomic.os.fsync = slow_fsync
atomic.atomic_write(Path(sys.argv[1]) / "note.md", b"new text\n")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_writer_leaves_a_temp_file_that_the_start_sweeps(vault_dir: Path) -> None:
    (vault_dir / "note.md").write_text("old text\n")
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(vault_dir)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "writing"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    proc.stdout.close()
    leftovers = [p.name for p in vault_dir.iterdir() if p.name != "note.md"]
    assert len(leftovers) == 1
    assert leftovers[0].startswith(".note.md.kai-")
    vault = Vault(vault_dir)
    assert vault.listing().temp_files == leftovers
    assert sweep_temp_files(vault.root, vault.rules) == leftovers
    assert sorted(p.name for p in vault_dir.iterdir()) == ["note.md"]
    assert (vault_dir / "note.md").read_text() == "old text\n"


def test_the_indexer_never_indexes_a_temp_file(vault_dir: Path, edge_stack: EdgeStack) -> None:
    (vault_dir / "a.md").write_text("apples\n")
    (vault_dir / ".a.md.kai-0badf00d.tmp").write_text("half written apples\n")
    report = edge_stack.indexer.run_sync()
    assert report.added == 1
    assert edge_stack.indexed_paths() == {"a.md"}
    again = edge_stack.indexer.apply([VaultChange("created", ".a.md.kai-0badf00d.tmp")])
    assert again.added == 0
    assert edge_stack.indexed_paths() == {"a.md"}


def test_the_watcher_ignores_temp_files_but_sees_the_rename(vault_dir: Path) -> None:
    vault = Vault(vault_dir)
    batches: list[list[VaultChange]] = []
    got = threading.Event()

    def collect(batch: list[VaultChange]) -> None:
        batches.append(batch)
        got.set()

    with VaultWatcher(vault, debounce_s=0.2) as watcher:
        watcher.start(collect)
        (vault_dir / ".n.md.kai-1234abcd.tmp").write_text("temporary\n")
        vault.write_text("n.md", "written atomically\n", expect=None)
        assert got.wait(20)
        time.sleep(0.5)  # anything else of the burst
    paths = {c.path for batch in batches for c in batch}
    assert paths == {"n.md"}


@pytest.mark.skipif(os.name == "nt", reason="a backslash is a separator on Windows")
def test_a_backslash_in_a_name_reaches_the_graph_and_the_index(
    vault_dir: Path, edge_stack: EdgeStack
) -> None:
    (vault_dir / "C\\D notes.md").write_text("# Odd\nA note on backslashes and [[Plain]].\n")
    (vault_dir / "Plain.md").write_text("# Plain\n")
    scan = scan_vault(Vault(vault_dir))
    assert scan.skipped == []
    assert scan.graph.has_note("C\\D notes.md")
    assert [(e.source, e.target) for e in scan.graph.edges()] == [("C\\D notes.md", "Plain.md")]
    report = edge_stack.indexer.run_sync()
    assert report.added == 2
    assert report.skipped == []
    hits = edge_stack.retriever().search("backslashes", limit=1)
    assert hits[0].path == "C\\D notes.md"
