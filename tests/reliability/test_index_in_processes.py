"""A large run reads and cuts notes in worker processes and only writes here: the index it
gives is the one a run in this process gives; a stop ends the workers at once; a bad note
is skipped with its reason; a small run starts no process."""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import struct
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from kai_desktop.core.retrieval.changes import IndexReport
from kai_desktop.core.retrieval.indexer import IncrementalIndexer, drain
from kai_desktop.core.retrieval.note_builds import built_notes, close_pool
from kai_desktop.core.retrieval.planning import Todo
from kai_desktop.core.retrieval.records import ChunkRecord, SearchMode, point_id
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.fastembed.embedder import BuiltinEmbedder
from kai_desktop.infra.fastembed.tokenizer_file import TokenizerFile
from kai_desktop.infra.qdrant.edge import EdgeIndex

WORDS = ("garden", "compost", "tomato", "invoice", "passport", "meeting", "deadline", "shard",
         "token", "lisbon")


def _write_vault(root: Path, notes: int) -> None:
    for i in range(notes):
        words = " ".join(WORDS[(i + k) % len(WORDS)] for k in range(40))
        body = (f"# Note {i}\n\n{words} topic{i % 9}.\n\n## Details\n\n- item {i}\n- {words}\n\n"
                f"> quoted {i} {'again ' * (i % 4)}\n")
        folder = root / f"folder{i % 5}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"note{i:03}.md").write_text(body, encoding="utf-8")
    (root / "props.md").write_text(
        "---\ntitle: Properties\ncategory: Preference\nimportance: 8\ntags: [tea]\n"
        "updated: 2026-03-01T10:00:00Z\n---\nThe user drinks green tea.\n", encoding="utf-8")
    (root / "broken-props.md").write_text("---\nkey: [unclosed\n---\nBody text here.\n",
                                          encoding="utf-8")
    # Over the model's length in tokens: cut by the tokenizer, in a worker too.
    (root / "long-line.md").write_text("word " * 3000 + "\n", encoding="utf-8")
    (root / "flood.md").write_text(">" * 5000 + "\n", encoding="utf-8")
    (root / "binary.md").write_bytes(b"\x00\x01\x02 not text \xff\xfe")
    (root / "latin1.md").write_bytes("caf\xe9 au lait".encode("latin-1"))


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> BuiltinEmbedder:
    return BuiltinEmbedder(tmp_path_factory.mktemp("models"))  # its tokenizer, no model


def _index(root: Path, data: Path, embedder: BuiltinEmbedder, **kwargs: int
           ) -> tuple[IncrementalIndexer, EdgeIndex, list[int]]:
    """A cold keyword half; returns the indexer, its index and the number of worker
    processes alive at each progress step."""
    index = EdgeIndex(data / "index", dim=embedder.dim, embedder_name=embedder.name)
    # Small write batches: progress (and the look at the processes) comes often.
    indexer = IncrementalIndexer(Vault(root), index, embedder, data / "manifest.json",
                                 batch_chunks=8, **kwargs)
    alive = [len(multiprocessing.active_children()) for _ in indexer.sync(vectors=False)]
    return indexer, index, alive


def _stored(index: EdgeIndex) -> dict[str, ChunkRecord]:
    ids = [point_id(r.path, r.chunk_index) for r in index.records()]
    return {pid: point.record for pid, point in index.fetch(ids).items()}


def _keyword_hits(index: EdgeIndex, embedder: BuiltinEmbedder, query: str) -> set[tuple]:
    """The chunks keyword search finds (as a set: the scores are ranks, and the engine
    ranks chunks of equal relevance in no fixed order, even between two equal runs)."""
    hits = Retriever(embedder, index).search(query, limit=300, mode=SearchMode.KEYWORD)
    return {(h.path, h.start_line, h.text) for h in hits}


def _problems(report: IndexReport) -> tuple[list, list]:
    return sorted(report.skipped), sorted(report.warnings)


def test_processes_give_the_same_index_as_this_process(
    tmp_path: Path, embedder: BuiltinEmbedder
) -> None:
    root = tmp_path / "vault"
    _write_vault(root, 60)
    here, here_index, here_alive = _index(root, tmp_path / "here", embedder, workers=1)
    there, there_index, there_alive = _index(root, tmp_path / "there", embedder, workers=2,
                                             parallel_min_notes=1)
    try:
        assert max(here_alive) == 0
        assert max(there_alive) == 2  # the notes were built in two worker processes
        assert there_alive[-1] == 0  # and they are gone once the keyword half is done
        stored = _stored(there_index)
        assert stored == _stored(here_index)
        assert len(stored) > 60
        assert any(r.path == "long-line.md" and r.chunk_index > 0 for r in stored.values())
        for query in ("topic3", "green tea", "quoted again", "word"):
            hits = _keyword_hits(there_index, embedder, query)
            assert hits
            assert hits == _keyword_hits(here_index, embedder, query)
        assert _problems(there.last_report) == _problems(here.last_report)  # type: ignore[arg-type]
        skipped = dict(there.last_report.skipped)  # type: ignore[union-attr]
        assert set(skipped) == {"binary.md", "latin1.md"}
        assert all(skipped.values())  # each with its reason
        assert [p for p, _ in there.last_report.warnings] == ["broken-props.md"]  # type: ignore[union-attr]
        assert there.indexed_paths() == here.indexed_paths()
        assert there.count_pending_vectors() == here.count_pending_vectors() == len(stored)
    finally:
        for indexer, index in ((here, here_index), (there, there_index)):
            indexer.close()
            index.close()


def test_an_edit_after_a_run_in_processes_reindexes_only_that_note(
    tmp_path: Path, embedder: BuiltinEmbedder
) -> None:
    root = tmp_path / "vault"
    _write_vault(root, 30)
    indexer, index, _ = _index(root, tmp_path / "data", embedder, workers=2,
                               parallel_min_notes=1)
    try:
        (root / "folder1" / "note001.md").write_text("# Edited\n\nzephyrword here.\n")
        drain(indexer.sync(vectors=False))
        report = indexer.last_report
        assert report is not None
        assert report.updated == 1
        assert report.added == report.removed == 0
        assert {h[0] for h in _keyword_hits(index, embedder, "zephyrword")} == {
            "folder1/note001.md"}
    finally:
        indexer.close()
        index.close()


def test_a_small_run_starts_no_process(tmp_path: Path, embedder: BuiltinEmbedder) -> None:
    root = tmp_path / "vault"
    _write_vault(root, 20)
    indexer, index, alive = _index(root, tmp_path / "data", embedder, workers=2)
    try:
        assert max(alive) == 0
        assert len(indexer.indexed_paths()) == 24
    finally:
        indexer.close()
        index.close()


def test_a_cancel_ends_the_workers_at_once_and_keeps_what_was_written(
    tmp_path: Path, embedder: BuiltinEmbedder
) -> None:
    root = tmp_path / "vault"
    _write_vault(root, 200)
    # Notes that keep a worker busy for a long while after the cancel.
    for n in range(4):
        (root / f"huge{n}.md").write_text(("- item\n  > " * 40_000) + "\n", encoding="utf-8")
    index = EdgeIndex(tmp_path / "index", dim=embedder.dim, embedder_name=embedder.name)
    indexer = IncrementalIndexer(Vault(root), index, embedder, tmp_path / "manifest.json",
                                 workers=2, parallel_min_notes=1, batch_chunks=8)
    workers: list[multiprocessing.Process] = []
    phases: list[str] = []
    try:
        for step in indexer.sync(vectors=False):
            phases.append(step.phase)
            if step.phase == "indexing" and step.done and not workers:
                workers = multiprocessing.active_children()
                indexer.cancel()
        report = indexer.last_report
        assert report is not None
        assert report.cancelled
        assert phases[-1] == "cancelled"
        assert len(workers) == 2
        assert multiprocessing.active_children() == []
        # Ended, not waited for: each was terminated by the stop.
        assert [w.exitcode for w in workers] == [-signal.SIGTERM] * 2
        assert 0 < len(indexer.indexed_paths()) < 208  # what was written is kept
    finally:
        indexer.close()
        index.close()

    index = EdgeIndex(tmp_path / "index", dim=embedder.dim, embedder_name=embedder.name)
    again = IncrementalIndexer(Vault(root), index, embedder, tmp_path / "manifest.json",
                               workers=1)
    try:
        for _ in again.sync(vectors=False):
            pass
        assert len(again.indexed_paths()) == 208  # the next run does the rest
    finally:
        again.close()
        index.close()


def test_the_standalone_tokenizer_travels_to_another_process_as_its_file(
    embedder: BuiltinEmbedder,
) -> None:
    standalone = embedder.standalone_tokenizer()
    assert standalone is not None
    texts = ["plain words", "naïve café 日本語", ">" * 300, "a\x0bb"]
    assert standalone.token_spans_many(texts) == embedder.token_spans_many(texts)
    copy = pickle.loads(pickle.dumps(standalone))
    assert len(pickle.dumps(standalone)) < 1000  # the path and the length, no tokenizer
    assert copy.max_tokens == embedder.max_tokens
    assert copy.token_spans_many(texts) == embedder.token_spans_many(texts)
    assert copy.token_counts_many(texts) == embedder.token_counts_many(texts)
    assert copy.token_words("two words") == embedder.token_words("two words")


class _StaysHome(TokenizerFile):
    """The model's tokenizer, which cannot be unpickled in another process (as if the
    worker could not load it): the worker dies as it starts."""

    def __setstate__(self, state: dict) -> None:
        raise RuntimeError("no tokenizer here")


class _EmbedderWithAStayingTokenizer(BuiltinEmbedder):
    def standalone_tokenizer(self) -> TokenizerFile | None:
        real = super().standalone_tokenizer()
        assert real is not None
        return _StaysHome(real.path, real.max_tokens)


def test_workers_that_cannot_start_leave_the_notes_to_this_process(
    tmp_path: Path, embedder: BuiltinEmbedder
) -> None:
    root = tmp_path / "vault"
    _write_vault(root, 40)
    here, here_index, _ = _index(root, tmp_path / "here", embedder, workers=1)
    broken = _EmbedderWithAStayingTokenizer(tmp_path / "models")
    there, there_index, _ = _index(root, tmp_path / "there", broken, workers=2,
                                   parallel_min_notes=1)
    try:
        report = there.last_report
        assert report is not None
        assert not report.cancelled
        assert _stored(there_index) == _stored(here_index)
        assert _problems(report) == _problems(here.last_report)  # type: ignore[arg-type]
        assert multiprocessing.active_children() == []
    finally:
        for indexer, index in ((here, here_index), (there, there_index)):
            indexer.close()
            index.close()


def test_only_a_run_of_many_notes_or_bytes_goes_to_processes(tmp_path: Path) -> None:
    root = tmp_path / "vault"
    _write_vault(root, 3)
    vault = Vault(root)
    paths = ["folder0/note000.md", "folder1/note001.md", "folder2/note002.md"]

    def processes_seen(todo: list[Todo]) -> int:
        seen = 0
        for outcome in built_notes(vault, todo, 1200, None, workers=2, min_notes=3):
            assert outcome.built is not None
            seen = max(seen, len(multiprocessing.active_children()))
        return seen

    assert processes_seen([Todo(p, "", 100) for p in paths]) > 0  # enough notes
    assert processes_seen([Todo(p, "", 100) for p in paths[:2]]) == 0
    assert processes_seen([Todo(p, "", 3 << 20) for p in paths[:2]]) > 0  # enough bytes
    assert processes_seen([Todo(paths[0], "", 9 << 19)]) == 0  # one note: one process
    # Notes over the size limit are only skipped: they do not count.
    assert vault.max_file_bytes < 6 << 20
    assert processes_seen([Todo(p, "", 6 << 20) for p in paths[:2]]) == 0
    assert multiprocessing.active_children() == []


def _send_half_a_result(marker: str) -> None:
    """In a worker: start a result message as the pool's worker loop does (its length,
    then its bytes) but send only a few bytes, as a worker ended mid-send leaves it."""
    frame = sys._getframe()
    while "result_queue" not in frame.f_locals:
        assert frame.f_back is not None
        frame = frame.f_back
    writer = frame.f_locals["result_queue"]._writer
    writer._send(struct.pack("!i", 1 << 20) + b"half")
    Path(marker).write_text("sent", encoding="utf-8")
    time.sleep(120)


def test_a_worker_ended_mid_result_does_not_leave_the_pool_hanging(tmp_path: Path) -> None:
    # A pool whose manager thread waits for the rest of a half-sent result is joined at
    # the interpreter's exit, which then never comes.
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    marker = tmp_path / "sent"
    pool.submit(_send_half_a_result, str(marker))
    manager = pool._executor_manager_thread  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert marker.exists()
    time.sleep(0.2)  # the manager is now reading the half message
    close_pool(pool, wait_for_workers=False)
    manager.join(10)
    assert not manager.is_alive()
    assert multiprocessing.active_children() == []
