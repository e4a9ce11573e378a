"""The leak guard in tests/conftest.py sees what a test leaves running."""

from __future__ import annotations

import threading

from PySide6.QtCore import QRunnable, QThread, QThreadPool, QTimer

from tests.conftest import qt_leaks


def test_an_active_timer_is_a_leak_until_stopped(qapp: object) -> None:
    timer = QTimer()
    timer.setObjectName("leaky")
    timer.start(60_000)
    assert qt_leaks(grace_s=0) == ["QTimer leaky still active (every 60000 ms)"]
    timer.stop()
    assert qt_leaks(grace_s=0) == []


def test_a_single_shot_timer_about_to_fire_gets_its_grace(qapp: object) -> None:
    fired: list[bool] = []
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(lambda: fired.append(True))
    timer.start(20)
    assert qt_leaks(grace_s=5) == []
    assert fired == [True]


def test_a_running_qthread_is_a_leak_until_it_ends(qapp: object) -> None:
    thread = QThread()
    thread.setObjectName("busy")
    thread.start()
    try:
        assert qt_leaks(grace_s=0) == ["QThread busy still running"]
    finally:
        thread.quit()
        assert thread.wait(5000)
    assert qt_leaks(grace_s=0) == []


def test_a_busy_global_pool_is_a_leak(qapp: object) -> None:
    release = threading.Event()
    started = threading.Event()

    class Held(QRunnable):
        def run(self) -> None:
            started.set()
            release.wait(10)

    pool = QThreadPool.globalInstance()
    pool.start(Held())
    assert started.wait(10)
    try:
        assert qt_leaks(grace_s=0) == ["the global QThreadPool still runs 1 task(s)"]
    finally:
        release.set()
        assert pool.waitForDone(5000)
    assert qt_leaks(grace_s=0) == []
