"""Issue 12 #7: quitting never waits long for background work it cannot interrupt (an
embedder or model that is loading, an embedding batch): the app stops waiting within its
budget and says so, and the window's process then ends at once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget

from kai_desktop.app import QUIT_BUDGET_S, KaiApp
from kai_desktop.qt import app_runtime


def test_shutdown_stops_waiting_for_a_pool_job_that_does_not_end(
    make_app: Callable[..., KaiApp],
) -> None:
    kai = make_app(start_background=False)
    release = threading.Event()
    started = threading.Event()

    def loading() -> None:  # like an embedder load: nothing can stop it
        started.set()
        release.wait(60)

    kai.tasks.submit(loading)
    assert started.wait(10)
    try:
        assert kai.shutdown() is False
        assert not release.is_set()  # it returned while the job was still running
        assert kai.shutdown() is False  # (a second call says the same)
    finally:
        release.set()
    assert QUIT_BUDGET_S < 2


def test_shutdown_with_nothing_running_ends_cleanly(make_app: Callable[..., KaiApp]) -> None:
    kai = make_app(start_background=False)
    assert kai.shutdown() is True


class _App:
    def __init__(self, ended: bool) -> None:
        self.window = QWidget()
        self.ended = ended

    def show(self) -> None:
        QTimer.singleShot(0, QApplication.quit)  # the loop runs, then ends at once

    def shutdown(self) -> bool:
        return self.ended


@pytest.mark.parametrize("ended", [True, False])
def test_the_process_ends_at_once_only_when_work_was_left_running(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, ended: bool
) -> None:
    exits: list[int] = []
    monkeypatch.setattr(app_runtime, "end_process_now", exits.append)
    fake = _App(ended)
    qtbot.addWidget(fake.window)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    code = app_runtime.run_window(app, lambda: fake, None, exit_hard=True)  # type: ignore[arg-type,return-value]
    assert code == 0
    assert exits == ([] if ended else [0])
