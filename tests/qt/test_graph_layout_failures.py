"""A lost layout worker never leaves the graph waiting: a worker that is killed, hangs
past its deadline or raises is noticed, tried once more, and then the graph pane shows
the failure with a Retry button that works."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from kai_desktop.qt.graph.graph_controller import GraphController
from kai_desktop.qt.graph.graph_pane import GraphPane
from kai_desktop.qt.graph.layout_process import LayoutFailed, LayoutProcess
from kai_desktop.qt.workers.tasks import TaskRunner
from tests.qt.layout_fakes import ScriptedLayout
from tests.qt.test_graph_view import write_vault

WAIT_MS = 60_000  # generous: a spawned worker starts slowly on a busy machine
NODES = ["a.md", "b.md", "c.md", "d.md"]
EDGES = [("a.md", "b.md"), ("b.md", "c.md")]


class Pane:
    def __init__(self, root: Path, layout: ScriptedLayout, deadline_s: float,
                 tasks: TaskRunner, qtbot: QtBot) -> None:
        vault = write_vault(root / "vault")
        self.process = LayoutProcess(min_nodes=0, deadline_s=deadline_s, layout_fn=layout)
        self.controller = GraphController(
            vault, root / "data" / "layout.json", layout_process=self.process
        )
        self.pane = GraphPane(self.controller, lambda rel: "", tasks)
        qtbot.addWidget(self.pane)
        self.controller.start()

    def retry_shown(self) -> bool:
        return not self.pane.retry_button.isHidden()

    def close(self) -> None:
        self.pane.close()
        self.controller.shutdown()


@pytest.fixture
def make_pane(tmp_path: Path, tasks: TaskRunner, qtbot: QtBot) -> Iterator[object]:
    made: list[Pane] = []

    def make(layout: ScriptedLayout, deadline_s: float = 600.0) -> Pane:
        made.append(Pane(tmp_path, layout, deadline_s, tasks, qtbot))
        return made[-1]

    yield make
    for pane in made:
        pane.close()


def test_a_hanging_layout_is_stopped_retried_once_then_offered_a_retry(tmp_path, make_pane,
                                                                      qtbot):
    layout = ScriptedLayout(tmp_path / "script", "hang")
    graph = make_pane(layout, deadline_s=0.3)
    qtbot.waitUntil(graph.retry_shown, timeout=WAIT_MS)
    calls = layout.calls()
    assert len(calls) == 2, "tried once more, then given up"
    assert calls[0] != calls[1], "the hung worker was replaced by a new one"
    assert not graph.pane.loaded
    assert graph.pane.layout_failed
    assert "could not be laid out" in graph.pane.status.text()
    assert "too long" in graph.pane.status.text()

    layout.set_mode("ok")
    graph.process.deadline_s = 600.0  # a working layout must not race the short deadline
    graph.pane.retry_button.click()
    assert graph.retry_shown() is False
    qtbot.waitUntil(lambda: graph.pane.loaded, timeout=WAIT_MS)
    assert "Compost.md" in graph.pane.view.nodes
    assert not graph.retry_shown()
    assert not graph.pane.layout_failed
    assert len(layout.calls()) == 3


def test_a_killed_worker_is_noticed_at_once_and_the_retry_succeeds(tmp_path, make_pane,
                                                                   qtbot):
    layout = ScriptedLayout(tmp_path / "script", "hang")
    graph = make_pane(layout)  # a deadline far away: only the worker's death can end it
    qtbot.waitUntil(lambda: layout.hanging_pid() is not None, timeout=WAIT_MS)
    layout.set_mode("ok")
    os.kill(layout.hanging_pid(), signal.SIGKILL)
    qtbot.waitUntil(lambda: graph.pane.loaded, timeout=WAIT_MS)
    assert len(layout.calls()) == 2
    assert not graph.retry_shown()
    assert "Weather.md" in graph.pane.view.nodes


def test_a_raising_layout_is_retried_once_then_offered_a_retry(tmp_path, make_pane, qtbot):
    layout = ScriptedLayout(tmp_path / "script", "raise")
    graph = make_pane(layout)
    qtbot.waitUntil(graph.retry_shown, timeout=WAIT_MS)
    calls = layout.calls()
    assert len(calls) == 2
    assert calls[0] == calls[1], "a worker that reports an error stays in use"
    assert "scripted layout failure" in graph.pane.status.text()


def test_changes_while_the_layout_is_broken_arrive_with_the_retry(tmp_path, make_pane,
                                                                  qtbot):
    layout = ScriptedLayout(tmp_path / "script", "raise")
    graph = make_pane(layout)
    qtbot.waitUntil(graph.retry_shown, timeout=WAIT_MS)
    (tmp_path / "vault" / "Later.md").write_text("# Later\n\n[[Lonely]]\n", encoding="utf-8")
    graph.controller.apply_paths(["Later.md"])
    layout.set_mode("ok")
    graph.pane.retry_button.click()
    qtbot.waitUntil(lambda: graph.pane.loaded, timeout=WAIT_MS)
    assert ("Later.md", "Lonely.md") in graph.pane.view.edges


def test_the_layout_process_reports_a_worker_that_dies(tmp_path):
    layout = ScriptedLayout(tmp_path / "script", "die")
    process = LayoutProcess(min_nodes=0, layout_fn=layout)
    try:
        with pytest.raises(LayoutFailed, match="stopped"):
            process.compute(NODES, EDGES)
        assert process.worker_pid is None, "the dead worker was dropped"
        layout.set_mode("ok")
        assert set(process.compute(NODES, EDGES).positions) == set(NODES)
        assert process.worker_pid is not None
    finally:
        process.shutdown()


def test_the_worker_is_stopped_once_when_two_threads_stop_it(tmp_path: Path) -> None:
    """Quit (GUI thread) and a layout that saw the pipe end (pool thread) both stop the
    worker; closing its pipe twice at once raised EBADF at quit."""
    import threading
    import time

    from kai_desktop.qt.graph.layout_process import _Worker

    worker = _Worker(ScriptedLayout(tmp_path / "layout"))
    real_close = worker.conn.close
    closes: list[int] = []

    def slow_close() -> None:
        closes.append(1)
        time.sleep(0.05)  # widens the window in which a second close would race
        real_close()

    worker.conn.close = slow_close  # type: ignore[method-assign]
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def stop() -> None:
        barrier.wait()
        try:
            worker.stop()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=stop) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert errors == []
    assert closes == [1]
    assert not worker.process.is_alive()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # a killed child stays a zombie until it is reaped; that holds no memory
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "zombie" in status.read_text()


def test_an_idle_worker_is_stopped_and_a_later_layout_starts_one_again(tmp_path: Path) -> None:
    import time

    process = LayoutProcess(min_nodes=0, layout_fn=ScriptedLayout(tmp_path / "s"), idle_s=0.3)
    try:
        process.compute(NODES, EDGES)
        first = process.worker_pid
        assert first is not None
        deadline = time.monotonic() + 30
        while process.worker_pid is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert process.worker_pid is None, "the idle worker was kept"
        # the slot is emptied before the worker is killed: wait for the kill
        while not _gone(first) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _gone(first)
        assert set(process.compute(NODES, EDGES).positions) == set(NODES)
        assert process.worker_pid not in (None, first)
    finally:
        process.shutdown()


def test_a_worker_in_use_is_kept_for_the_next_layout(tmp_path: Path) -> None:
    process = LayoutProcess(min_nodes=0, layout_fn=ScriptedLayout(tmp_path / "s"), idle_s=60)
    try:
        process.compute(NODES, EDGES)
        first = process.worker_pid
        process.compute(NODES, EDGES)
        assert process.worker_pid == first
    finally:
        process.shutdown()
