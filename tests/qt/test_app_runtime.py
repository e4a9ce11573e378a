"""The GUI process around the window: first paint, Ctrl+C, the single-instance lock."""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from kai_desktop.qt.app_runtime import (
    FIRST_PAINT_TIMER_NAME,
    GC_TIMER_NAME,
    SIGNAL_PUMP_TIMER_NAME,
    AfterFirstPaint,
    close_on_signals,
    collect_garbage_here,
    prepare_process,
    run_window,
)
from kai_desktop.qt.workers.single_instance import SingleInstance


def test_prepare_process_shortens_the_interpreter_switch_interval() -> None:
    before = sys.getswitchinterval()
    try:
        prepare_process()
        assert sys.getswitchinterval() == pytest.approx(0.001)
    finally:
        sys.setswitchinterval(before)


def test_background_work_starts_after_the_first_paint(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    started: list[bool] = []
    after = AfterFirstPaint(widget, lambda: started.append(True), delay_ms=10)
    timer = after.findChild(QTimer, FIRST_PAINT_TIMER_NAME)
    assert timer is not None
    assert not timer.isActive()  # nothing before the window paints
    with qtbot.waitExposed(widget):
        widget.show()
    qtbot.waitUntil(lambda: started == [True], timeout=5000)
    widget.update()
    qtbot.wait(50)
    assert started == [True]  # once


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_closes_the_window_as_quit_does(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    saved = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signals = close_on_signals(window)
    try:
        assert signals.pump.objectName() == SIGNAL_PUMP_TIMER_NAME
        assert signals.pump.isActive()
        os.kill(os.getpid(), signal.SIGINT)
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    finally:
        signals.stop()
        restored = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
        signal.signal(signal.SIGINT, saved[0])
        signal.signal(signal.SIGTERM, saved[1])
    # Once the loop has ended, the handlers are the ones from before: a signal during
    # the shutdown (or long after) never reaches a window that is gone.
    assert restored == saved
    assert not signals.pump.isActive()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_signal_after_the_window_is_deleted_does_nothing(qtbot: QtBot) -> None:
    window = QMainWindow()
    saved = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signals = close_on_signals(window)
    try:
        window.deleteLater()
        qtbot.waitUntil(lambda: not isValid(window), timeout=5000)
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler)
        handler(signal.SIGTERM, None)  # no "Internal C++ object already deleted"
    finally:
        signals.stop()
        signal.signal(signal.SIGINT, saved[0])
        signal.signal(signal.SIGTERM, saved[1])


def test_a_second_launch_on_an_open_vault_builds_nothing(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = SingleInstance(tmp_path / "vault")
    assert first.acquire()
    built: list[bool] = []

    def build() -> object:
        built.append(True)
        raise AssertionError("a second window was built")

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        with qtbot.waitSignal(first.activate_requested, timeout=5000):
            code = run_window(app, build, tmp_path / "vault")  # type: ignore[arg-type]
    finally:
        first.release()
    assert code == 0
    assert built == []
    assert "already open" in capsys.readouterr().err


def test_a_vault_that_cannot_open_exits_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def build() -> object:
        raise OSError("vault folder is read-only")

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert run_window(app, build, None) == 1  # type: ignore[arg-type]
    assert "read-only" in capsys.readouterr().err


def test_a_window_left_in_a_cycle_is_destroyed_on_the_gui_thread_by_the_collector(
    qtbot: QtBot,
) -> None:
    destroyed_on: list[str] = []
    collector = collect_garbage_here(interval_ms=10)
    try:
        assert collector.objectName() == GC_TIMER_NAME
        assert collector.isActive()
        widget = QWidget()
        holder = QObject(widget)
        holder.destroyed.connect(lambda: destroyed_on.append(threading.current_thread().name))
        widget.cycle = widget  # type: ignore[attr-defined]  # kept alive by itself alone
        del widget, holder
        ballast = [[] for _ in range(gc.get_threshold()[0] + 10)]
        qtbot.waitUntil(lambda: destroyed_on != [], timeout=5000)
        assert destroyed_on == [threading.main_thread().name]
        del ballast
    finally:
        collector.stop()
