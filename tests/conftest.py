"""Test environment: offscreen Qt, no hub access, private config/data dirs, no leaks."""

from __future__ import annotations

import gc
import os
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(autouse=True, scope="session")
def _private_app_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Settings and derived data of the tests never touch the user's real folders."""
    saved = {k: os.environ.get(k) for k in ("KAI_CONFIG_DIR", "KAI_DATA_DIR", "KAI_VAULT_DIR")}
    os.environ["KAI_CONFIG_DIR"] = str(tmp_path_factory.mktemp("config"))
    os.environ["KAI_DATA_DIR"] = str(tmp_path_factory.mktemp("data"))
    os.environ.pop("KAI_VAULT_DIR", None)
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


class _QtStarts:
    """Every QThread and QTimer a test starts, so the test can be held to stopping them.

    ``start`` is wrapped on the classes once; only starts made from Python are seen, which
    are the ones our code makes. Weak references: the guard must not keep alive what the
    test let go.
    """

    def __init__(self) -> None:
        self.threads: weakref.WeakSet[Any] = weakref.WeakSet()
        self.timers: weakref.WeakSet[Any] = weakref.WeakSet()
        self._installed = False

    def install(self) -> None:
        if self._installed:
            return
        from PySide6.QtCore import QThread, QTimer

        self._wrap(QThread, self.threads)
        self._wrap(QTimer, self.timers)
        self._installed = True

    @staticmethod
    def _wrap(qt_class: Any, seen: weakref.WeakSet[Any]) -> None:
        original = qt_class.start

        def start(self: Any, *args: Any) -> Any:
            seen.add(self)
            return original(self, *args)

        qt_class.start = start

    def clear(self) -> None:
        self.threads.clear()
        self.timers.clear()


_QT_STARTS = _QtStarts()


def _alive(obj: Any) -> bool:
    import shiboken6

    return bool(shiboken6.isValid(obj))


def _process_events() -> None:
    from PySide6.QtCore import QCoreApplication

    if QCoreApplication.instance() is not None:
        QCoreApplication.processEvents()


def qt_leaks(grace_s: float) -> list[str]:
    """Running QThreads, active QTimers and a busy global QThreadPool, after letting
    threads that are ending, and single-shot timers about to fire, finish."""
    from PySide6.QtCore import QThreadPool

    deadline = time.monotonic() + grace_s
    while True:
        _process_events()
        threads = [t for t in list(_QT_STARTS.threads) if _alive(t) and t.isRunning()]
        timers = [t for t in list(_QT_STARTS.timers) if _alive(t) and t.isActive()]
        pool_busy = QThreadPool.globalInstance().activeThreadCount()
        waiting = threads or pool_busy or any(t.isSingleShot() for t in timers)
        if not waiting or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    leaks = [f"QThread {t.objectName() or '(unnamed)'} still running" for t in threads]
    leaks += [
        f"QTimer {t.objectName() or '(unnamed)'} still active"
        f" ({'single-shot' if t.isSingleShot() else f'every {t.interval()} ms'})"
        for t in timers
    ]
    if pool_busy:
        leaks.append(f"the global QThreadPool still runs {pool_busy} task(s)")
    return leaks


@pytest.fixture(autouse=True)
def _no_dangling_threads() -> Iterator[None]:
    """A test that leaves a Python thread or a QThread running, a QTimer active or the
    global QThreadPool busy fails (after a short grace period for what is ending)."""
    _QT_STARTS.install()
    _QT_STARTS.clear()
    before = set(threading.enumerate())
    yield
    try:
        leaks = qt_leaks(grace_s=2.0)
    finally:
        _QT_STARTS.clear()
    deadline = time.monotonic() + 5.0
    while True:
        extra = [
            t for t in threading.enumerate()
            if t not in before and t.is_alive() and not t.name.startswith("asyncio")
        ]
        if not extra or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    leaks += [f"thread {t.name} still running" for t in extra]
    assert not leaks, f"test left work running: {leaks}"


@pytest.fixture
def vault_dir(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    root.mkdir()
    return root


@pytest.fixture(autouse=True)
def _unfreeze_gc() -> Iterator[None]:
    """The app freezes long-lived objects out of garbage collection at start-up; a test
    process starts many apps, so each test hands its frozen objects back."""
    yield
    if gc.get_freeze_count():
        gc.unfreeze()
