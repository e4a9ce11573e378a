"""The chunks waiting for a dense vector are read from the index only when a run needs
them: a search that changes nothing asks the index how many there are (issue 12)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.indexer import IncrementalIndexer, drain
from kai_desktop.core.retrieval.vectors import VectorBacklog, fill_vectors
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


def test_the_dense_half_embeds_the_texts_the_keyword_half_cut_without_reading_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kai_desktop.core.retrieval import note_writes

    vault = _vault(tmp_path)
    (vault.root / "long.md").write_text(
        "".join(f"# Part {n}\nwords of part {n}\n\n" for n in range(30)), encoding="utf-8")
    index, again = MemoryIndex(), MemoryIndex()
    indexer = IncrementalIndexer(vault, index, WordEmbedder(), tmp_path / "m.json")
    drain(indexer.sync(vectors=False))
    reads: list[str] = []
    real = note_writes.build_note
    monkeypatch.setattr(note_writes, "build_note",
                        lambda *a, **k: reads.append(a[1]) or real(*a, **k))
    drain(indexer.fill_vectors())
    assert reads == []
    assert index.count_without_vectors() == 0

    # An indexer that reads the notes again gives every chunk the same vector.
    rereading = IncrementalIndexer(vault, again, WordEmbedder(), tmp_path / "m2.json")
    drain(rereading.sync(vectors=False))
    rereading._kept.clear()
    drain(rereading.fill_vectors())
    assert sorted(reads) == ["a.md", "b.md", "c.md", "long.md"]
    assert {k: p.vector for k, p in index.points.items()} == {
        k: p.vector for k, p in again.points.items()}


def test_a_kept_text_is_used_only_for_the_hash_it_was_written_with() -> None:
    from kai_desktop.core.retrieval.kept_texts import KeptTexts
    from kai_desktop.core.retrieval.records import ChunkRecord

    kept = KeptTexts()
    record = ChunkRecord("n.md", 0, "", 1, 1, "text", chunk_hash="h1")
    kept.keep("n.md", [(record, "embedded text")], {0: "h1"})
    assert kept.take("n.md", {0: "h2"}) is None  # waiting with another text: read again
    kept.keep("n.md", [(record, "embedded text")], {0: "h1"})
    assert kept.take("n.md", {0: "h1"}) == {0: "embedded text"}
    assert kept.take("n.md", {0: "h1"}) is None  # used once
    kept.keep("n.md", [(record, "")], {0: "h1"})  # cut in a worker: no text
    assert kept.take("n.md", {0: "h1"}) is None


def test_a_stop_asked_for_while_a_note_is_read_again_measures_nothing() -> None:
    backlog = VectorBacklog()
    backlog.reset()
    backlog.note_written("a.md", {0: "h0", 1: "h1"})
    backlog.note_written("b.md", {0: "h2"})
    stopped = threading.Event()
    measured: list[list[str]] = []

    def texts_of(path: str, waiting: dict[int, str]) -> dict[int, str]:
        stopped.set()  # the time limit runs out while the note is read and cut again
        return {i: f"{path} chunk {i}" for i in waiting}

    def check_cancel() -> None:
        if stopped.is_set():
            raise _Stop

    def measure(texts: list[str]) -> list[int]:
        measured.append(texts)
        return [len(t) for t in texts]

    embedder = WordEmbedder()
    with pytest.raises(_Stop):
        list(fill_vectors(backlog, texts_of, MemoryIndex(), embedder,
                          check_cancel=check_cancel, measure=measure))
    assert measured == []
    assert embedder.embedded == 0
    assert len(backlog) == 3  # all still waiting for the next run


class _Stop(Exception):
    pass
