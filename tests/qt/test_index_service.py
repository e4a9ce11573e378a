from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from kai_desktop.core.retrieval.changes import IndexProgress, IndexReport, VaultChange
from kai_desktop.core.retrieval.indexer import IncrementalIndexer
from kai_desktop.core.retrieval.search import Retriever
from kai_desktop.core.vault.files import Vault
from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher
from kai_desktop.qt.workers.index_service import CHECKPOINT_TIMER_NAME, IndexService
from tests.core.test_retrieval_fakes import MemoryIndex, WordEmbedder

TIMEOUT_MS = 20_000


class FakeIndexer:
    """Records what it is asked to do and on which thread; can be held mid-job."""

    def __init__(self) -> None:
        self.syncs = 0
        self.applied: list[list[VaultChange]] = []
        self.threads: set[int] = set()
        self.cancelled = 0
        self.hold = threading.Event()
        self.hold.set()
        self.started = threading.Event()
        self.fail = False
        self.checkpoints = 0
        self._report: IndexReport | None = None

    @property
    def last_report(self) -> IndexReport | None:
        return self._report

    def _steps(self, changed: list[str]) -> Iterator[IndexProgress]:
        self.threads.add(threading.get_ident())
        self.started.set()
        self._report = IndexReport(changed_paths=changed)
        yield IndexProgress(0, 2, "indexing")
        assert self.hold.wait(10)
        if self.fail:
            raise RuntimeError("disk on fire")
        yield IndexProgress(2, 2, "done")

    def sync(self, *, rebuild: bool = False, vectors: bool = True) -> Iterator[IndexProgress]:
        self.syncs += 1
        return self._steps(["found.md"])

    def apply_steps(
        self, changes: Sequence[VaultChange], *, vectors: bool = True
    ) -> Iterator[IndexProgress]:
        self.applied.append(list(changes))
        return self._steps([c.path for c in changes])

    def fill_vectors(self) -> Iterator[IndexProgress]:
        raise AssertionError("this indexer leaves no vector pending")

    def cancel(self) -> None:
        self.cancelled += 1
        self.hold.set()

    def checkpoint(self) -> None:
        self.checkpoints += 1


class FakeWatcher:
    def __init__(self) -> None:
        self.callback: Callable[[list[VaultChange]], None] | None = None
        self.stopped = False
        self.started_on: int | None = None
        self.fail = False

    def start(self, callback: Callable[[list[VaultChange]], None]) -> None:
        self.started_on = threading.get_ident()
        if self.fail:
            raise OSError("inotify watch limit reached")
        self.callback = callback

    def stop(self) -> None:
        self.stopped = True

    def emit(self, changes: list[VaultChange]) -> None:
        assert self.callback is not None
        # From a foreign thread, as watchdog does.
        thread = threading.Thread(target=self.callback, args=(changes,))
        thread.start()
        thread.join()


@pytest.fixture
def fakes(qtbot: QtBot) -> Iterator[tuple[IndexService, FakeIndexer, FakeWatcher]]:
    indexer = FakeIndexer()
    watcher = FakeWatcher()
    service = IndexService(indexer, watcher)
    yield service, indexer, watcher
    service.shutdown()


def test_start_syncs_off_the_gui_thread(
    qtbot: QtBot, fakes: tuple[IndexService, FakeIndexer, FakeWatcher]
) -> None:
    service, indexer, watcher = fakes
    progress: list[tuple[int, int, str]] = []
    service.progress.connect(lambda d, t, p: progress.append((d, t, p)))
    with qtbot.waitSignal(service.finished, timeout=TIMEOUT_MS) as finished:
        service.start()
    assert isinstance(finished.args[0], IndexReport)
    assert indexer.syncs == 1
    assert threading.get_ident() not in indexer.threads
    assert watcher.callback is not None
    # Setting up the OS watches walks the vault: not on the GUI thread either.
    assert watcher.started_on in indexer.threads
    qtbot.waitUntil(lambda: progress[-1:] == [(2, 2, "done")], timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: not service.is_busy(), timeout=TIMEOUT_MS)


def test_changed_lists_only_changes_made_outside_the_app(
    qtbot: QtBot, fakes: tuple[IndexService, FakeIndexer, FakeWatcher]
) -> None:
    service, indexer, watcher = fakes
    with qtbot.waitSignal(service.finished, timeout=TIMEOUT_MS):
        service.start()
    batch = [
        VaultChange("modified", "edited.md"),
        VaultChange("moved", "new.md", "old.md"),
        VaultChange("modified", "memories/own.md", own=True),
    ]
    with qtbot.waitSignal(
        service.changed, timeout=TIMEOUT_MS, check_params_cb=lambda p: "found.md" not in p
    ) as changed:
        watcher.emit(batch)
    assert changed.args[0] == ["edited.md", "new.md", "old.md"]
    assert indexer.applied == [batch]  # the index still learns the app's own write


def test_indexed_lists_every_change_including_the_apps_own(
    qtbot: QtBot, fakes: tuple[IndexService, FakeIndexer, FakeWatcher]
) -> None:
    service, _indexer, watcher = fakes
    with qtbot.waitSignal(service.indexed, timeout=TIMEOUT_MS) as first:
        service.start()
    assert first.args[0] == ["found.md"]  # what the sync found
    external: list[list[str]] = []
    service.changed.connect(external.append)
    with qtbot.waitSignal(service.indexed, timeout=TIMEOUT_MS) as indexed:
        watcher.emit([VaultChange("created", "journal/2026-11-22.md", own=True)])
    assert indexed.args[0] == ["journal/2026-11-22.md"]
    assert external == []  # nothing changed outside the app


def test_a_watcher_that_cannot_start_is_reported_and_indexing_goes_on(qtbot: QtBot) -> None:
    indexer, watcher = FakeIndexer(), FakeWatcher()
    watcher.fail = True
    service = IndexService(indexer, watcher)
    try:
        with qtbot.waitSignal(service.failed, timeout=TIMEOUT_MS) as failed:
            service.start()
        assert "outside Kai" in failed.args[0]
        assert "watch limit" in failed.args[0]
        qtbot.waitUntil(lambda: indexer.syncs == 1, timeout=TIMEOUT_MS)
    finally:
        service.shutdown()


def test_batches_arriving_while_busy_are_merged(
    qtbot: QtBot, fakes: tuple[IndexService, FakeIndexer, FakeWatcher]
) -> None:
    service, indexer, watcher = fakes
    indexer.hold.clear()
    service.start()
    assert indexer.started.wait(10)
    for name in ("a.md", "b.md", "c.md"):
        watcher.emit([VaultChange("modified", name)])
    with qtbot.waitSignal(
        service.changed, timeout=TIMEOUT_MS, check_params_cb=lambda p: "found.md" not in p
    ) as changed:
        indexer.hold.set()
    assert changed.args[0] == ["a.md", "b.md", "c.md"]
    assert len(indexer.applied) == 1


def test_a_failing_job_is_reported_and_the_worker_goes_on(
    qtbot: QtBot, fakes: tuple[IndexService, FakeIndexer, FakeWatcher]
) -> None:
    service, indexer, watcher = fakes
    indexer.fail = True
    with qtbot.waitSignal(service.failed, timeout=TIMEOUT_MS) as failed:
        service.start()
    assert "disk on fire" in failed.args[0]
    indexer.fail = False
    with qtbot.waitSignal(
        service.changed, timeout=TIMEOUT_MS, check_params_cb=lambda p: p == ["x.md"]
    ):
        watcher.emit([VaultChange("created", "x.md")])


def test_cancel_drops_queued_work_and_stops_the_running_job(
    qtbot: QtBot, fakes: tuple[IndexService, FakeIndexer, FakeWatcher]
) -> None:
    service, indexer, watcher = fakes
    indexer.hold.clear()
    service.start()
    assert indexer.started.wait(10)
    watcher.emit([VaultChange("modified", "queued.md")])
    service.cancel()
    assert indexer.cancelled == 1
    qtbot.waitUntil(lambda: not service.is_busy(), timeout=TIMEOUT_MS)
    assert indexer.applied == []


def test_shutdown_stops_the_watcher_and_the_worker(qtbot: QtBot) -> None:
    indexer, watcher = FakeIndexer(), FakeWatcher()
    service = IndexService(indexer, watcher)
    indexer.hold.clear()
    service.start()
    assert indexer.started.wait(10)
    service.shutdown()  # cancels the held job and joins the worker thread
    assert watcher.stopped
    service.submit([VaultChange("modified", "late.md")])  # ignored after shutdown
    assert indexer.applied == []


def _top_path(retriever: Retriever, query: str) -> str | None:
    hits = retriever.search(query, limit=1)
    return hits[0].path if hits else None


def test_external_edit_reaches_search_through_the_real_watcher(
    qtbot: QtBot, vault_dir: Path, tmp_path: Path
) -> None:
    (vault_dir / "a.md").write_text("apples and pears\n", encoding="utf-8")
    vault = Vault(vault_dir)
    embedder, index = WordEmbedder(), MemoryIndex()
    indexer = IncrementalIndexer(vault, index, embedder, tmp_path / "manifest.json")
    service = IndexService(indexer, VaultWatcher(vault, debounce_s=0.2))
    retriever = Retriever(embedder, index)
    try:
        # Waited for by their results, not by signal blockers: the worker's thread emits
        # again after a blocker has gone (the watcher's batch), and the late call into the
        # freed blocker can crash the test process.
        service.start()
        qtbot.waitUntil(lambda: _top_path(retriever, "apples") == "a.md", timeout=TIMEOUT_MS)
        (vault_dir / "b.md").write_text("zucchini harvest\n", encoding="utf-8")
        qtbot.waitUntil(lambda: _top_path(retriever, "zucchini") == "b.md", timeout=TIMEOUT_MS)
        assert retriever.search("zucchini", limit=1)[0].path == "b.md"
    finally:
        service.shutdown()


def test_idle_worker_checkpoints_once(qtbot: QtBot) -> None:
    indexer, watcher = FakeIndexer(), FakeWatcher()
    service = IndexService(indexer, watcher, checkpoint_delay_s=0.05)
    timer = service.findChild(QTimer, CHECKPOINT_TIMER_NAME)
    assert timer is not None
    assert timer.isSingleShot()
    try:
        with qtbot.waitSignal(service.finished, timeout=TIMEOUT_MS):
            service.start()
        qtbot.waitUntil(lambda: indexer.checkpoints == 1, timeout=TIMEOUT_MS)
        with qtbot.waitSignal(service.finished, timeout=TIMEOUT_MS):
            watcher.emit([VaultChange("modified", "a.md")])
        qtbot.waitUntil(lambda: indexer.checkpoints == 2, timeout=TIMEOUT_MS)
    finally:
        service.shutdown()
    assert indexer.checkpoints == 3  # and one more at shutdown
