"""Test environment: offscreen Qt, no hub access, private config/data dirs, no leaks; and
the fixtures tests share: a laid-out vault, the task pool, the undo clock, the memory store
as the app builds it, a model worker over a scripted model, and the app itself."""

from __future__ import annotations

import faulthandler
import gc
import os
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from kai_desktop.qt.pyside_guard import protect_none

protect_none()  # PySide6 6.12.0 on Python 3.11: see kai_desktop.qt.pyside_guard

if TYPE_CHECKING:
    from kai_desktop.app import KaiApp
    from kai_desktop.core.llm.model import ChatModel, LoadProgress
    from kai_desktop.core.memory.store import MemoryStore
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.qt.workers.model_worker import ModelWorker
    from kai_desktop.qt.workers.tasks import TaskRunner
    from kai_desktop.qt.workers.undo_clock import UndoClock

EXIT_WATCHDOG_S = 120


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """If the process has not ended two minutes after the last test (a thread the
    interpreter joins at exit that never ends), print every thread's stack and end it
    with a failure, rather than wait for ever."""
    faulthandler.dump_traceback_later(EXIT_WATCHDOG_S, exit=True, file=sys.__stderr__)


SOUL = "# Soul\n\nI am Kai.\n"
WORKER_WAIT_MS = 10_000


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


@pytest.fixture
def vault(vault_dir: Path) -> Vault:
    """A vault laid out as the app lays it out (Soul.md, memories/, daily/, ...)."""
    from kai_desktop.core.vault.files import Vault
    from kai_desktop.core.vault.layout import ensure_vault_layout

    made = Vault(vault_dir)
    ensure_vault_layout(made, SOUL)
    return made


@pytest.fixture
def tasks() -> Iterator[TaskRunner]:
    """The task pool; shut down (its threads joined) after the test."""
    from kai_desktop.qt.workers.tasks import TaskRunner

    runner = TaskRunner()
    yield runner
    runner.shutdown()


@pytest.fixture
def undo_clock(tasks: TaskRunner) -> Iterator[UndoClock]:
    from kai_desktop.qt.workers.undo_clock import UndoClock

    clock = UndoClock(tasks)
    yield clock
    clock.stop()


@pytest.fixture
def make_memory_store(vault: Vault, undo_clock: UndoClock) -> Iterator[Callable[..., MemoryStore]]:
    """Memory stores as the app builds them: their undo windows end on the undo clock.
    Pending deletions are finished after the test."""
    from kai_desktop.core.memory.store import MemoryStore

    made: list[MemoryStore] = []

    def make(**kwargs: Any) -> MemoryStore:
        kwargs.setdefault("scheduler", undo_clock)
        store = MemoryStore(vault, **kwargs)
        made.append(store)
        return store

    yield make
    for store in made:
        store.flush_pending()


@pytest.fixture
def memory_store(make_memory_store: Callable[..., MemoryStore]) -> MemoryStore:
    return make_memory_store()


@pytest.fixture
def make_model_worker() -> Iterator[Callable[[Any], ModelWorker]]:
    """Model workers over a fake model (or a factory for one); shut down after the test."""
    from kai_desktop.core.llm.model import ChatModel
    from kai_desktop.qt.workers.model_worker import ModelWorker

    made: list[ModelWorker] = []

    def make(model: ChatModel | Callable[[LoadProgress], ChatModel]) -> ModelWorker:
        factory = model if not isinstance(model, ChatModel) else (lambda _progress: model)
        worker = ModelWorker(factory)
        made.append(worker)
        return worker

    yield make
    for worker in made:
        assert worker.shutdown(WORKER_WAIT_MS)


@pytest.fixture
def app_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and derived data of this test's app in its own folders."""
    monkeypatch.setenv("KAI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KAI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("KAI_VAULT_DIR", raising=False)
    return tmp_path


@pytest.fixture
def make_app(app_env: Path, qtbot: Any) -> Iterator[Callable[..., KaiApp]]:
    """Apps built by the composition root (``Options`` as keywords; by default on
    ``<tmp>/vault``, no single-instance lock); each is closed and shut down after the test."""
    from kai_desktop.app import KaiApp, Options

    made: list[KaiApp] = []

    def make(**options: Any) -> KaiApp:
        options.setdefault("vault", app_env / "vault")
        options.setdefault("single_instance", False)
        kai = KaiApp(Options(**options))
        made.append(kai)
        qtbot.addWidget(kai.window)
        return kai

    yield make
    for kai in made:
        if _alive(kai.window):  # pytest-qt may have closed and deleted it already
            kai.window.close()
        kai.shutdown()


@pytest.fixture(autouse=True, scope="session")
def _cycles_collected_on_the_main_thread() -> None:
    """As in the app: no worker thread ever runs a cycle collection (which would destroy
    the Qt objects of a closed window on that thread); see ``core.runtime.gc_policy``."""
    from kai_desktop.core.runtime.gc_policy import collect_on_one_thread

    collect_on_one_thread()


@pytest.fixture
def automatic_gc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The interpreter's own cycle collector on for one test (the session runs with it off,
    as the window does); the session's setting comes back after."""
    from kai_desktop.core.runtime import gc_policy

    was_enabled = gc.isenabled()
    monkeypatch.setattr(gc_policy, "_one_thread", False)
    gc.enable()
    yield
    if not was_enabled:
        gc.disable()


@pytest.fixture(autouse=True)
def _unfreeze_gc() -> Iterator[None]:
    """The app freezes long-lived objects out of garbage collection at start-up; a test
    process starts many apps, so each test hands its frozen objects back, and what it left
    in cycles is collected here, on the main thread."""
    from kai_desktop.core.runtime.gc_policy import collect_if_due

    yield
    if gc.get_freeze_count():
        gc.unfreeze()
    collect_if_due()
