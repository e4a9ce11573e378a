"""The presenters the composition root wires: settings, model download, status bar, note
opening and the memory panel's promotions."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.qt.memory.memory_controller import MemoryController
from kai_desktop.qt.memory.memory_panel import MemoryPanel
from kai_desktop.qt.memory.memory_presenter import MemoryPresenter
from kai_desktop.qt.notes.note_opener import NoteOpener, note_reader
from kai_desktop.qt.settings.download_flow import ModelDownload
from kai_desktop.qt.settings.settings_presenter import SettingsPresenter
from kai_desktop.qt.status_presenter import StatusPresenter
from kai_desktop.qt.widgets.status_bar import JobStatusBar
from kai_desktop.qt.workers.tasks import TaskRunner

WAIT_MS = 5_000


@dataclass
class Screen:
    window: QMainWindow
    bar: JobStatusBar
    status: StatusPresenter

    def message(self) -> str:
        return self.bar.currentMessage()


@pytest.fixture
def screen(qtbot: QtBot) -> Screen:
    window = QMainWindow()
    qtbot.addWidget(window)
    bar = JobStatusBar()
    window.setStatusBar(bar)
    return Screen(window, bar, StatusPresenter(bar))


# -- settings --------------------------------------------------------------------------------


class Saves:
    def __init__(self) -> None:
        self.saved: list[Settings] = []
        self.threads: set[int] = set()

    def __call__(self, settings: Settings) -> None:
        self.threads.add(threading.get_ident())
        self.saved.append(settings)


def test_applied_settings_are_saved_off_the_gui_thread_and_announced(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen
) -> None:
    saves = Saves()
    presenter = SettingsPresenter(Settings(), saves, tasks, screen.status, screen.window)
    applied: list[tuple[Settings, Settings]] = []
    models: list[Settings] = []
    presenter.applied.connect(lambda new, old: applied.append((new, old)))
    presenter.model_changed.connect(models.append)

    new = Settings(heartbeat_minutes=45)
    presenter.apply(new)
    assert presenter.settings is new
    assert applied == [(new, Settings())]
    assert models == []  # no setting of the model changed
    qtbot.waitUntil(lambda: saves.saved == [new], timeout=WAIT_MS)
    assert threading.get_ident() not in saves.threads

    presenter.apply(new.model_copy(update={"n_ctx": 8192}))
    assert [m.n_ctx for m in models] == [8192]


def test_settings_that_need_a_restart_say_so(tasks: TaskRunner, screen: Screen) -> None:
    presenter = SettingsPresenter(Settings(), None, tasks, screen.status, screen.window)
    presenter.apply(Settings(max_file_mb=3))
    assert "next start" in screen.message()


def test_the_memory_switch_is_remembered_once(qtbot: QtBot, tasks: TaskRunner, screen: Screen):
    saves = Saves()
    presenter = SettingsPresenter(Settings(), saves, tasks, screen.status, screen.window)
    presenter.memory_switched(False)
    presenter.memory_switched(False)
    assert presenter.settings.memory_enabled is False
    qtbot.waitUntil(lambda: len(saves.saved) == 1, timeout=WAIT_MS)
    assert tasks.wait_idle(5)
    assert len(saves.saved) == 1


# -- download --------------------------------------------------------------------------------


class FakeDownload:
    """Reports progress from the pool; holds until released; returns a path."""

    def __init__(self, tmp: Path) -> None:
        self.path = tmp / "model.gguf"
        self.release = threading.Event()
        self.fail = False

    def __call__(self, url: str, progress: Callable[[int, int | None], None],
                 cancelled: Callable[[], bool]) -> Path:
        progress(10, 100)
        self.release.wait(5)
        if cancelled():
            raise RuntimeError("cancelled")
        if self.fail:
            raise OSError("disk full")
        return self.path


def test_a_download_reports_progress_then_switches_to_the_model(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen, tmp_path: Path
) -> None:
    fake = FakeDownload(tmp_path)
    download = ModelDownload(fake, tasks, screen.status)
    presenter = SettingsPresenter(
        Settings(), None, tasks, screen.status, screen.window, download=download
    )
    download.start("https://example.org/m.gguf")
    assert download.running
    qtbot.waitUntil(lambda: screen.bar.progress.maximum() == 100, timeout=WAIT_MS)
    assert screen.bar.progress.value() == 10
    with qtbot.waitSignal(download.finished, timeout=WAIT_MS):
        fake.release.set()
    assert not download.running
    assert screen.bar.active_jobs() == []
    assert presenter.settings.model_choice == "custom"
    assert presenter.settings.model_path == fake.path


def test_cancel_in_the_status_bar_stops_the_download(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen, tmp_path: Path
) -> None:
    fake = FakeDownload(tmp_path)
    download = ModelDownload(fake, tasks, screen.status)
    download.start("https://example.org/m.gguf")
    download.start("https://example.org/other.gguf")
    assert "already running" in screen.message()
    screen.bar.cancel_requested.emit("download")
    fake.release.set()
    qtbot.waitUntil(lambda: not download.running, timeout=WAIT_MS)
    assert "Download failed" in screen.message()


# -- status ----------------------------------------------------------------------------------


class FakeWorker(QObject):
    loading = Signal(str, float)
    loaded = Signal(str, int, bool)
    load_failed = Signal(str)


def test_the_model_state_follows_the_worker(screen: Screen) -> None:
    worker = FakeWorker()
    screen.status.follow_model(worker)  # type: ignore[arg-type]
    worker.loading.emit("Reading weights", 0.25)
    assert screen.bar.model_label.text() == "Model: loading"
    assert screen.bar.progress.value() == 250
    worker.loaded.emit("qwen", 4096, True)
    assert screen.bar.model_label.text() == "Model: qwen (4096 tokens)"
    assert screen.bar.active_jobs() == []
    worker.load_failed.emit("no such file")
    assert screen.bar.model_label.text() == "Model: not available"
    assert screen.message() == "no such file"


# -- notes -----------------------------------------------------------------------------------


def test_a_link_to_no_note_says_so(vault: Vault, tasks: TaskRunner, screen: Screen) -> None:
    said: list[str] = []

    def resolve(target: str, source: str, callback: Callable[[str | None], None]) -> None:
        callback(None)

    opener = NoteOpener(vault, tasks, screen.window, said.append, resolve)
    opener.open_link("Nowhere")
    assert said == ["No note called “Nowhere” yet"]


def test_the_note_reader_decodes_a_vault_note(vault: Vault) -> None:
    vault.write_text("Garden.md", "# Garden\n")
    assert note_reader(vault)("Garden.md") == "# Garden\n"


# -- promotions ------------------------------------------------------------------------------


@dataclass
class FakePromotion:
    id: str
    key: str
    addition: str
    undone: bool = False


class FakeHeartbeat(QObject):
    promoted = Signal(list)
    undone = Signal(object)
    failed = Signal(str)
    archived = Signal(list)

    def __init__(self) -> None:
        super().__init__()
        self.undo_requests: list[str] = []

    def undo(self, promotion_id: str) -> None:
        self.undo_requests.append(promotion_id)


class FakeRunner:
    def __init__(self, promotions: list[FakePromotion]) -> None:
        self._promotions = promotions

    def promotions(self) -> list[FakePromotion]:
        return list(self._promotions)


@pytest.fixture
def promotions_panel(
    memory_store: Any, tasks: TaskRunner, screen: Screen, qtbot: QtBot
) -> Iterator[tuple[MemoryPresenter, MemoryPanel, list[str]]]:
    controller = MemoryController(memory_store, tasks)
    panel = MemoryPanel(controller)
    qtbot.addWidget(panel)
    said: list[str] = []
    presenter = MemoryPresenter(
        controller, panel, tasks, screen.window, say=said.append, report=screen.status.report
    )
    yield presenter, panel, said
    controller.close()


def test_the_panel_lists_the_newest_promotions_not_undone(
    qtbot: QtBot, promotions_panel: tuple[MemoryPresenter, MemoryPanel, list[str]]
) -> None:
    presenter, panel, said = promotions_panel
    history = [FakePromotion(f"p{i}", f"key{i}", f"addition {i}") for i in range(7)]
    history[6].undone = True
    heartbeat = FakeHeartbeat()
    presenter.attach_heartbeat(heartbeat, FakeRunner(history))  # type: ignore[arg-type]
    qtbot.waitUntil(
        lambda: [row.id for row in panel.promotions] == ["p5", "p4", "p3", "p2", "p1"],
        timeout=WAIT_MS,
    )
    panel.undo_promotion.emit("p5")
    assert heartbeat.undo_requests == ["p5"]
    heartbeat.failed.emit("no model")
    assert said == ["no model"]
