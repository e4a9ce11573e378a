"""The chunks waiting for a dense vector are read from the index only when a run needs
them: a search that changes nothing asks the index how many there are (issue 12)."""

from __future__ import annotations

from pathlib import Path

from kai_desktop.core.retrieval.indexer import IncrementalIndexer, drain
from kai_desktop.core.vault.files import Vault
from tests.core.test_retrieval_fakes import MemoryIndex, WordEmbedder


def _vault(tmp_path: Path) -> Vault:
    root = tmp_path / "vault"
    root.mkdir()
    for name in ("a", "b", "c"):
        (root / f"{name}.md").write_text(f"# {name}\n{name} words here\n", encoding="utf-8")
    return Vault(root)


def test_a_run_that_changes_nothing_counts_the_backlog_without_reading_it(
    tmp_path: Path,
) -> None:
    vault, index = _vault(tmp_path), MemoryIndex()
    first = IncrementalIndexer(vault, index, WordEmbedder(), tmp_path / "m.json")
    drain(first.sync(vectors=False))  # keyword half only: three chunks wait
    first.close()

    again = IncrementalIndexer(vault, index, WordEmbedder(), tmp_path / "m.json")
    reads = index.backlog_reads
    drain(again.sync(vectors=False))
    assert again.count_pending_vectors() == 3
    assert again.last_report is not None
    assert again.last_report.vectors_pending == 3
    assert index.backlog_reads == reads  # counted, never read

    drain(again.fill_vectors())  # the dense half reads it, and empties it
    assert index.backlog_reads == reads + 1
    assert again.count_pending_vectors() == 0
    assert index.count_without_vectors() == 0


def test_a_changed_note_read_after_a_deferred_backlog_keeps_it_exact(tmp_path: Path) -> None:
    vault, index = _vault(tmp_path), MemoryIndex()
    first = IncrementalIndexer(vault, index, WordEmbedder(), tmp_path / "m.json")
    drain(first.sync(vectors=False))
    first.close()

    (vault.root / "a.md").write_text("# a\nnew words\n\n# more\nand a second part\n",
                                     encoding="utf-8")
    (vault.root / "b.md").unlink()
    again = IncrementalIndexer(vault, index, WordEmbedder(), tmp_path / "m.json")
    drain(again.sync(vectors=False))
    assert again.count_pending_vectors() == index.count_without_vectors() == 3
    drain(again.fill_vectors())
    assert again.count_pending_vectors() == 0
    assert index.count_without_vectors() == 0


def test_closing_flushes_only_what_was_written_since_the_last_flush(tmp_path: Path) -> None:
    from kai_desktop.core.retrieval.changes import VaultChange

    vault, index = _vault(tmp_path), MemoryIndex()
    indexer = IncrementalIndexer(vault, index, WordEmbedder(), tmp_path / "m.json")
    indexer.run_sync()
    indexer.close()
    flushes = index.flushes
    indexer.close()  # nothing written since
    assert index.flushes == flushes

    (vault.root / "a.md").write_text("# a\nchanged\n", encoding="utf-8")
    indexer.apply([VaultChange("modified", "a.md")])  # a watcher batch does not flush
    assert index.unflushed > 0
    indexer.close()
    assert index.flushes == flushes + 1
    assert index.unflushed == 0
