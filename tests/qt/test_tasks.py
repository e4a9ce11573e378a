"""The thread helper family: jobs on workers, callbacks and ``to_main`` on the GUI thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from kai_desktop.qt.workers.tasks import TaskRunner

WAIT_MS = 5_000


@pytest.fixture
def runner() -> Iterator[TaskRunner]:
    tasks = TaskRunner(max_threads=2, name="kai-test")
    yield tasks
    tasks.shutdown()


def test_the_job_runs_on_a_worker_and_its_result_comes_back_on_the_gui_thread(
    qtbot: QtBot, runner: TaskRunner
) -> None:
    gui = threading.get_ident()
    ran_on: list[int] = []
    delivered_on: list[tuple[int, object]] = []

    def job() -> str:
        ran_on.append(threading.get_ident())
        return "done"

    runner.submit(job, lambda result: delivered_on.append((threading.get_ident(), result)))
    qtbot.waitUntil(lambda: bool(delivered_on), timeout=WAIT_MS)
    assert ran_on != [gui]
    assert delivered_on == [(gui, "done")]
    assert runner.pending_count() == 0


def test_an_exception_reaches_on_error_on_the_gui_thread(
    qtbot: QtBot, runner: TaskRunner
) -> None:
    errors: list[tuple[int, BaseException]] = []

    def job() -> None:
        raise ValueError("bad note")

    runner.submit(job, None, lambda exc: errors.append((threading.get_ident(), exc)))
    qtbot.waitUntil(lambda: bool(errors), timeout=WAIT_MS)
    assert errors[0][0] == threading.get_ident()
    assert str(errors[0][1]) == "bad note"


def test_a_job_submitted_from_another_thread_reports_on_the_runners_thread(
    qtbot: QtBot, runner: TaskRunner
) -> None:
    delivered_on: list[int] = []
    caller = threading.Thread(
        target=lambda: runner.submit(lambda: 1, lambda _r: delivered_on.append(
            threading.get_ident()))
    )
    caller.start()
    caller.join()
    qtbot.waitUntil(lambda: bool(delivered_on), timeout=WAIT_MS)
    assert delivered_on == [threading.get_ident()]


def test_to_main_calls_on_the_gui_thread_later(qtbot: QtBot, runner: TaskRunner) -> None:
    calls: list[tuple[int, str]] = []

    def report(text: str) -> None:
        calls.append((threading.get_ident(), text))

    worker = threading.Thread(target=lambda: runner.to_main(report, "from a worker"))
    worker.start()
    worker.join()
    runner.to_main(report, "from here")
    assert calls == []  # queued, even from the GUI thread itself
    qtbot.waitUntil(lambda: len(calls) == 2, timeout=WAIT_MS)
    gui = threading.get_ident()
    assert calls == [(gui, "from a worker"), (gui, "from here")]


def test_a_cancelled_task_drops_its_result(qtbot: QtBot, runner: TaskRunner) -> None:
    release = threading.Event()
    results: list[object] = []
    handle = runner.submit(lambda: release.wait(5), results.append)
    handle.cancel()
    release.set()
    assert runner.wait_idle(5)
    qtbot.wait(50)
    assert results == []


def test_one_thread_runs_jobs_in_order(qtbot: QtBot) -> None:
    serial = TaskRunner(max_threads=1, name="kai-serial")
    order: list[int] = []
    threads: set[int] = set()

    def job(i: int) -> None:
        threads.add(threading.get_ident())
        order.append(i)

    try:
        for i in range(20):
            serial.submit(lambda i=i: job(i))
        assert serial.wait_idle(5)
    finally:
        serial.shutdown()
    assert order == list(range(20))
    assert len(threads) == 1


def test_after_shutdown_nothing_runs_or_comes_back(qtbot: QtBot) -> None:
    tasks = TaskRunner()
    tasks.shutdown()
    ran: list[str] = []
    handle = tasks.submit(lambda: ran.append("job"), ran.append)
    tasks.to_main(ran.append, "call")
    qtbot.wait(50)
    assert handle.cancelled
    assert ran == []


@pytest.mark.parametrize("fails", [False, True])
def test_a_jobs_callable_is_let_go_on_the_gui_thread_never_on_a_worker(
    qtbot: QtBot, fails: bool
) -> None:
    """A callable may hold the last reference to a widget (a panel's lambda after the
    panel was closed); freeing a widget on a worker thread crashes Qt."""
    freed_on: list[str] = []

    class Tracked:
        def __del__(self) -> None:
            freed_on.append(threading.current_thread().name)

    def job_holding_the_only_reference() -> object:
        held = Tracked()

        def job() -> int:
            assert held is not None
            if fails:
                raise ValueError("no")
            return 1

        return job

    runner = TaskRunner()
    delivered: list[object] = []
    runner.submit(job_holding_the_only_reference(), delivered.append,  # type: ignore[arg-type]
                  lambda exc: delivered.append(type(exc).__name__))
    qtbot.waitUntil(lambda: bool(delivered))
    runner.shutdown()  # the worker has finished and let go of everything it held
    assert freed_on == [threading.main_thread().name]
