"""The composition root: the one place that reads settings, builds services and wires
core, infra and qt together.

Start-up is split so the window shows fast: the vault, the memory store and the window are
built on the GUI thread (small, few imports). Once the window has painted, the modules of
the chat session are imported on the pool and the session is attached to the chat pane,
the link graph is scanned, the embedder, search index and file watcher are built on the
pool and handed to an index service, and the model is loaded on its own thread.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault

if TYPE_CHECKING:
    from kai_desktop.core.chat.session import ChatSession
    from kai_desktop.core.llm.model import ModelFactory
    from kai_desktop.core.memory.heartbeat import HeartbeatRunner
    from kai_desktop.core.retrieval.indexer import IncrementalIndexer
    from kai_desktop.core.retrieval.search import Retriever
    from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher
    from kai_desktop.qt.memory.heartbeat_timer import HeartbeatTimer
    from kai_desktop.qt.workers.index_service import IndexService

log = logging.getLogger(__name__)


@dataclass
class Options:
    """What a caller (command line, tests, screenshots, benches) may decide."""

    vault: str | os.PathLike[str] | None = None
    settings: Settings | None = None
    data_dir: Path | None = None
    """The vault's derived-data folder; default ``vault_data_dir(vault)``."""
    model_factory: ModelFactory | None = None
    """None: the model the settings choose."""
    start_background: bool = True
    """After the window shows: scan the graph, start indexing and watching, load the model."""
    start_index: bool = True
    start_model: bool = True
    start_heartbeat: bool = True
    single_instance: bool = True
    save_settings: bool = True


@dataclass
class _IndexParts:
    indexer: IncrementalIndexer
    retriever: Retriever
    watcher: VaultWatcher


class KaiApp:
    """Everything one running window needs; ``shutdown()`` stops it all."""

    def __init__(self, options: Options) -> None:
        from kai_desktop.qt.pyside_guard import protect_none

        protect_none()
        from kai_desktop.core.memory.store import MemoryStore
        from kai_desktop.core.memory.tiers import Tiers
        from kai_desktop.core.vault.layout import ensure_vault_layout
        from kai_desktop.infra.resources import default_soul
        from kai_desktop.infra.settings_store import (
            SettingsStore,
            resolve_vault_dir,
            vault_data_dir,
        )
        from kai_desktop.qt.chat.chat_controller import ChatController
        from kai_desktop.qt.chat.chat_pane import ChatPane
        from kai_desktop.qt.graph.graph_controller import GraphController
        from kai_desktop.qt.graph.graph_pane import GraphPane
        from kai_desktop.qt.main_window import MainWindow, WindowParts
        from kai_desktop.qt.memory.memory_controller import MemoryController
        from kai_desktop.qt.workers.model_worker import ModelWorker
        from kai_desktop.qt.workers.tasks import ProgressRelay, TaskRunner

        self.options = options
        self._shut = False
        self.settings_store = SettingsStore()
        self.settings = options.settings or self.settings_store.load()
        settings = self.settings
        self.vault_dir = resolve_vault_dir(options.vault, settings)
        self.vault = Vault(self.vault_dir, settings.max_file_bytes)
        ensure_vault_layout(self.vault, default_soul())
        self.data_dir = options.data_dir or vault_data_dir(self.vault_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)

        self.tasks = TaskRunner(max_threads=2)
        self.memory_store = MemoryStore(self.vault, undo_window_s=settings.undo_window_s)
        self.memory_store.enabled = settings.memory_enabled
        self.tiers = Tiers(self.vault)
        self.memory = MemoryController(self.memory_store, self.tasks)

        self.worker = ModelWorker()
        self.session: ChatSession | None = None  # built after the window shows
        self.heartbeat_runner: HeartbeatRunner | None = None
        self.heartbeat: HeartbeatTimer | None = None
        self.chat = ChatController(None, None, self.worker, memory_path=self._memory_path)
        self.chat_pane = ChatPane(self.chat)

        self.graph = GraphController(self.vault, self.data_dir / "graph_layout.json")
        self.graph_pane = GraphPane(self.graph, self._read_note, self.tasks)

        vault = self.vault
        parts = WindowParts(
            vault_root=self.vault_dir,
            tasks=self.tasks,
            memory=self.memory,
            list_notes=lambda: list(vault.iter_notes()),
            undo_window_s=settings.undo_window_s,
            ui_state_path=self.data_dir / "window.ini",
            open_note=self.open_note,
            extra_tabs=[("Graph", self.graph_pane)],
            chat_widget=self.chat_pane,
        )
        self.window = MainWindow(parts)
        self.index_service: IndexService | None = None
        self._memory_paths: set[str] = set()
        self._download_cancel: threading.Event | None = None
        self._relay = ProgressRelay()
        self._relay.progress.connect(self.window.status.job_progress)
        self._memory_left: set[str] = set()
        self._index_parts: _IndexParts | None = None
        self._wire()

    # -- wiring ------------------------------------------------------------------------
    def _wire(self) -> None:
        window, status = self.window, self.window.status
        self.window.closing.connect(self.shutdown)
        self.memory.enabled_changed.connect(self._on_memory_switch)
        self.memory.changed.connect(self._on_memories_changed)
        self.chat_pane.open_source.connect(self.show_source)
        self.chat_pane.link_clicked.connect(self._open_link)
        self.graph_pane.open_note.connect(self.open_note)
        self.graph.progress.connect(
            lambda done, total: status.job_progress(
                "graph", done, total, "Reading the vault", cancellable=False
            )
        )
        self.graph.loaded.connect(lambda _s: status.job_finished("graph"))
        self.graph_pane.shown.connect(lambda: _settle("vault graph shown"))
        self.graph.failed.connect(lambda _m: status.job_finished("graph"))
        self.chat.error.connect(lambda message: status.showMessage(message, 8000))
        self.chat.proposals.connect(self._show_proposals)
        self.chat.busy_changed.connect(window.stop_action.setEnabled)

        worker = self.worker
        worker.loading.connect(self._on_model_loading)
        worker.loaded.connect(self._on_model_loaded)
        worker.load_failed.connect(self._on_model_failed)

        window.new_chat_requested.connect(self.chat.new_chat)
        window.stop_requested.connect(self.chat.stop)
        window.focus_input_requested.connect(self.chat_pane.focus_input)
        window.settings_requested.connect(self.open_settings)
        status.cancel_requested.connect(self._cancel_job)

    def start_background(self) -> None:
        """Chat session, graph scan, index + watcher, model load, heartbeat."""
        log_path = self.data_dir / "promotions.json"

        def prepare() -> object:
            _import_session_modules()
            from kai_desktop.core.memory.heartbeat import PromotionLog

            return PromotionLog(log_path)  # reads its file: not on the GUI thread

        self.tasks.submit(prepare, self._start_services, self._report)

    def _start_services(self, promotion_log: Any) -> None:
        if self._shut:
            return
        self._build_chat(promotion_log)
        options = self.options
        self.graph.start()
        if options.start_model:
            self.worker.load(options.model_factory or self._model_factory())
        elif options.model_factory is not None:
            self.worker.load(options.model_factory)
        if options.start_index:
            self.window.status.set_index_state("starting")
            self.tasks.submit(self._build_index_parts, self._start_index, self._index_failed)
        if options.start_heartbeat and self.heartbeat is not None:
            self.heartbeat.start()
        _settle("chat session built")

    def _build_chat(self, promotion_log: Any) -> None:
        """The chat session, commands and heartbeat (their modules are imported by now)."""
        from kai_desktop.core.chat.commands import CommandRunner
        from kai_desktop.core.chat.session import ChatSession, SessionConfig
        from kai_desktop.core.memory.extraction import Extractor
        from kai_desktop.core.memory.heartbeat import HeartbeatRunner
        from kai_desktop.qt.memory.heartbeat_timer import HeartbeatTimer

        if self.session is not None:
            return
        settings = self.settings
        extractor = Extractor(
            self.memory_store, self.tiers, auto_extract=lambda: self.settings.auto_extract
        )
        self.session = ChatSession(
            memory=self.memory_store,
            tiers=self.tiers,
            extractor=extractor,
            config=SessionConfig.from_settings(settings),
        )
        self.chat.attach(self.session, CommandRunner(self.session))
        self.heartbeat_runner = HeartbeatRunner(
            self.memory_store,
            self.tiers,
            self.vault,
            promotion_log,
            active_start_hour=settings.active_start_hour,
            active_end_hour=settings.active_end_hour,
        )
        heartbeat = HeartbeatTimer(
            self.heartbeat_runner,
            self.worker,
            self.tasks,
            interval_minutes=settings.heartbeat_minutes,
        )
        self.heartbeat = heartbeat
        status = self.window.status
        heartbeat.promoted.connect(lambda _p: self._refresh_promotions())
        heartbeat.undone.connect(lambda _p: self._refresh_promotions())
        heartbeat.failed.connect(lambda message: status.showMessage(message, 8000))
        self.window.memory_panel.undo_promotion.connect(heartbeat.undo)
        self._refresh_promotions()

    def _model_factory(self) -> ModelFactory:
        from kai_desktop.infra.models.factory import chat_model_factory

        return chat_model_factory(self.settings)

    # -- index -------------------------------------------------------------------------
    def _build_index_parts(self) -> _IndexParts:
        """On the pool: the heavy imports and the index shard open here."""
        import importlib

        from kai_desktop.core.retrieval.indexer import IncrementalIndexer
        from kai_desktop.core.retrieval.records import ScoreWeights
        from kai_desktop.core.retrieval.search import Retriever
        from kai_desktop.infra.fastembed.embedder import FastEmbedEmbedder, make_embedder
        from kai_desktop.infra.qdrant.backends import open_index
        from kai_desktop.infra.settings_store import data_dir
        from kai_desktop.infra.watchdog.vault_watcher import VaultWatcher

        settings = self.settings
        embedder = make_embedder(settings, data_dir() / "models")
        if isinstance(embedder, FastEmbedEmbedder):
            # Here, at start-up, rather than at the first batch of the sync: creating the
            # ONNX session and tokenizer holds the interpreter lock for a while, which
            # would stop the window if a chat answer and the graph scan ran meanwhile.
            # The first search is quick, too.
            embedder.load()
        index, manifest = open_index(
            self.data_dir,
            dim=embedder.dim,
            embedder_name=embedder.name,
            qdrant_url=settings.qdrant_url,
            api_key=settings.qdrant_api_key,
        )
        indexer = IncrementalIndexer(self.vault, index, embedder, manifest)
        retriever = Retriever(embedder, index, ScoreWeights.from_settings(settings))
        watcher = VaultWatcher(
            self.vault,
            debounce_s=settings.watch_debounce_ms / 1000,
            ignore_paths=[self.data_dir],  # in case the data folder sits inside the vault
        )
        # Imported here, so the index worker that starts the watcher imports nothing.
        importlib.import_module("watchdog.observers")
        return _IndexParts(indexer, retriever, watcher)

    def _start_index(self, parts: _IndexParts) -> None:
        from kai_desktop.qt.workers.index_service import IndexService

        if self._shut:
            parts.indexer.close()
            return
        self._index_parts = parts
        if self.session is not None:
            self.session.set_retriever(parts.retriever)
        service = IndexService(parts.indexer, parts.watcher)
        self.index_service = service
        status = self.window.status
        def progress(done: int, total: int, phase: str) -> None:
            status.job_progress("index", done, total, f"Indexing: {phase}")

        service.progress.connect(progress)
        service.busy_changed.connect(self._on_index_busy)
        service.failed.connect(lambda message: status.showMessage(message, 8000))
        service.changed.connect(self.on_vault_changed)
        service.indexed.connect(self.on_vault_indexed)
        service.start()
        _settle("search index open")

    def _index_failed(self, exc: BaseException) -> None:
        log.warning("search index unavailable: %s", exc)
        self.window.status.set_index_state(f"unavailable ({exc})")

    def _on_index_busy(self, busy: bool) -> None:
        status = self.window.status
        if busy:
            status.set_index_state("updating")
        else:
            status.job_finished("index")
            status.set_index_state("up to date")

    def on_vault_changed(self, rels: list[str]) -> None:
        """Paths changed outside the app (the watcher, after indexing): the memory store
        reads them again; it already knows what the app wrote itself."""
        self.memory.reload_paths(rels)

    def on_vault_indexed(self, rels: list[str]) -> None:
        """Every changed path, the app's own daily, session and memory notes included:
        the views of the whole vault follow."""
        self.graph.apply_paths(rels)
        self.window.notes_list.refresh()

    def _cancel_job(self, name: str) -> None:
        if name == "download" and self._download_cancel is not None:
            self._download_cancel.set()
        if name == "index" and self.index_service is not None:
            self.index_service.cancel()
            self.window.status.job_finished("index")

    # -- model -------------------------------------------------------------------------
    def _on_model_loading(self, message: str, fraction: float) -> None:
        status = self.window.status
        status.set_model_state("loading")
        if fraction < 0:
            status.job_progress("model", 0, 0, message, cancellable=False)
        else:
            status.job_progress("model", int(fraction * 1000), 1000, message, cancellable=False)

    def _on_model_loaded(self, name: str, context: int, _local: bool) -> None:
        _settle("model loaded")
        self.window.status.job_finished("model")
        self.window.status.set_model_state(f"{name} ({context} tokens)")

    def _on_model_failed(self, message: str) -> None:
        self.window.status.job_finished("model")
        self.window.status.set_model_state("not available")
        self.window.status.showMessage(message, 15000)
        self.chat.add_notice(f"The model could not be loaded: {message}")

    # -- memories, promotions, notes -----------------------------------------------------
    def _memory_path(self, key: str) -> str | None:
        memory = next((m for m in self.memory.memories() if m.key == key), None)
        return memory.path if memory is not None else None

    def _on_memories_changed(self) -> None:
        """The app's own memory writes are not reported by the watcher: tell the graph."""
        memories = self.memory.memories()
        self.graph_pane.set_memories(memories)
        paths = {m.path for m in memories}
        nodes = self.graph_pane.view.nodes
        # A deleted memory leaves the list at once but its note only when the undo window
        # ends (the store says so with another change): look again until the node is gone.
        self._memory_left = {p for p in self._memory_left | (self._memory_paths - paths)
                             if p in nodes and p not in paths}
        changed = (paths - self._memory_paths) | self._memory_left | (paths - nodes.keys())
        self._memory_paths = paths
        if changed and self.graph.started:
            self.graph.apply_paths(changed)

    def _refresh_promotions(self) -> None:
        from kai_desktop.qt.memory.memory_panel import PromotionRow

        runner = self.heartbeat_runner
        if runner is None:
            return

        def rows() -> list[PromotionRow]:
            recent = [p for p in runner.promotions() if not p.undone][-5:]
            return [PromotionRow(p.id, p.key, p.addition) for p in reversed(recent)]

        self.tasks.submit(rows, self.window.memory_panel.set_promotions, self._report)
        self.memory.refresh()

    def _read_note(self, rel: str) -> str:
        from kai_desktop.core.vault.files import decode_note_bytes

        data, _st = self.vault.read_bytes_checked(rel)
        return decode_note_bytes(rel, data)

    def _open_link(self, target: str) -> None:
        def found(path: str | None) -> None:
            if path:
                self.open_note(path, 0)
            else:
                self.window.status.showMessage(f"No note called “{target}” yet", 6000)

        self.graph.resolve_link(target, "", found)

    def show_source(self, rel: str, line: int) -> None:
        """A cited memory or note: shown at its line in the app, then "Open" if wanted."""
        from kai_desktop.qt.notes.note_preview import NoteAtLineDialog

        dialog = NoteAtLineDialog(rel, line, self._read_note, self.tasks, self.window)
        dialog.open_requested.connect(self.open_note)
        self.window.source_dialog = dialog
        dialog.open()

    def open_note(self, rel: str, line: int | None = 0) -> None:
        from kai_desktop.qt.notes.open_note import open_in_editor

        if not open_in_editor(self.vault_dir, rel, line or None):
            self.window.status.showMessage(f"Could not open {rel}", 6000)

    def _show_proposals(self, result: Any) -> None:
        from kai_desktop.qt.memory.proposals_dialog import ProposalsDialog

        dialog = ProposalsDialog(result, self.tasks, self.window)
        dialog.applied.connect(lambda _m: self.memory.refresh())
        dialog.open()

    # -- settings ----------------------------------------------------------------------
    def _on_memory_switch(self, enabled: bool) -> None:
        if self.settings.memory_enabled == enabled:
            return
        self.settings = self.settings.model_copy(update={"memory_enabled": enabled})
        self._save_settings()

    def open_settings(self) -> None:
        from kai_desktop.qt.settings.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self.window)
        dialog.saved.connect(self.apply_settings)
        dialog.download_requested.connect(self.download_model)
        self.window.settings_dialog = dialog
        dialog.open()

    def download_model(self, url: str) -> None:
        """Download a GGUF on the pool with progress and Cancel; then switch to it."""
        from kai_desktop.infra.models.manager import ModelManager

        if self._download_cancel is not None:
            self.window.status.showMessage("A download is already running", 6000)
            return
        cancel = threading.Event()
        self._download_cancel = cancel
        status = self.window.status
        relay = self._relay

        def job() -> Path:
            def report(done: int, total: int | None) -> None:
                # On the pool: the numbers reach the status bar by a queued signal.
                relay.progress.emit("download", done, total or 0, "Downloading the model")

            return ModelManager().download(url, progress=report, cancel=cancel.is_set)

        def done(path: Path) -> None:
            self._download_cancel = None
            status.job_finished("download")
            status.showMessage(f"Downloaded {path.name}; switching to it", 8000)
            self.apply_settings(
                self.settings.model_copy(update={"model_choice": "custom", "model_path": path})
            )

        def failed(exc: BaseException) -> None:
            self._download_cancel = None
            status.job_finished("download")
            status.showMessage(f"Download failed: {exc}", 15000)

        status.job_progress("download", 0, 0, "Downloading the model")
        self.tasks.submit(job, done, failed)

    def apply_settings(self, new: Settings) -> None:
        """Take new settings: what can change live does; the rest at the next start."""
        from kai_desktop.core.retrieval.records import ScoreWeights

        old, self.settings = self.settings, new
        self._save_settings()
        if new.memory_enabled != old.memory_enabled:
            self.memory.set_enabled(new.memory_enabled)
        if self.heartbeat is not None:
            self.heartbeat.set_interval_minutes(new.heartbeat_minutes)
            self.heartbeat.set_active_hours(new.active_start_hour, new.active_end_hour)
        if self._index_parts is not None:
            self._index_parts.retriever.weights = ScoreWeights.from_settings(new)
        if self.session is not None:
            self.session.config = type(self.session.config).from_settings(new)
        model_fields = ("model_backend", "model_choice", "model_path", "n_ctx", "n_threads",
                        "openai_base_url", "openai_model")
        if any(getattr(old, f) != getattr(new, f) for f in model_fields):
            self.worker.load(self.options.model_factory or self._model_factory())
        later = ("vault_dir", "embedder", "embedder_model", "qdrant_url", "max_file_mb")
        if any(getattr(old, f) != getattr(new, f) for f in later):
            self.window.status.showMessage(
                "Some changes (vault, embedder, index server) apply at the next start.", 10000
            )

    def _save_settings(self) -> None:
        if not self.options.save_settings:
            return
        store, settings = self.settings_store, self.settings
        self.tasks.submit(lambda: store.save(settings), None, self._report)

    def _report(self, exc: BaseException) -> None:
        log.warning("%s", exc)
        self.window.status.showMessage(str(exc), 8000)

    # -- life cycle --------------------------------------------------------------------
    def show(self) -> None:
        """Show the window; background work starts once it has been painted, so heavy
        imports on other threads never compete with the first frame."""
        if self.options.start_background:
            self._first_paint = _AfterFirstPaint(self.window, self.start_background)
        self.window.show()

    def shutdown(self) -> None:
        """Stop timers and threads, finish pending deletions; safe to call twice."""
        if self._shut:
            return
        self._shut = True
        if self.heartbeat is not None:
            self.heartbeat.stop()
        self.chat.close()
        if self.index_service is not None:
            self.index_service.shutdown()
        self.graph.shutdown()
        self.worker.shutdown()
        self.memory.close()
        self.tasks.shutdown()
        if self._index_parts is not None:
            indexer = self._index_parts.indexer
            try:
                indexer.close()  # saves the manifest and flushes
                indexer.index.close()
            except Exception as exc:  # quitting: report, never lose the rest of shutdown
                log.warning("could not close the index: %s", exc)
        try:
            self.memory_store.flush_pending()
        except Exception as exc:
            log.warning("could not finish pending deletions: %s", exc)


def _settle(milestone: str) -> None:
    """A start-up milestone: what is alive now stays, so full garbage collections (which
    stop the window while they run) need not walk it again; see ``core.gc_policy``."""
    from kai_desktop.core.runtime.gc_policy import freeze_long_lived

    freeze_long_lived(milestone)


GIL_SWITCH_INTERVAL_S = 0.001


def prepare_process() -> None:
    """Process-wide settings for a GUI process; call before the QApplication exists.

    The GUI thread shares the interpreter lock with the indexer, the graph scan and the
    watcher. Each time it comes back from Qt into Python it may wait for a busy thread to
    hand the lock over, which happens after the switch interval (5 ms by default); a
    repaint crosses into Python many times, so 1 ms keeps those waits from adding up.
    """
    from kai_desktop.qt.pyside_guard import protect_none

    protect_none()
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)


def _import_session_modules() -> None:
    """On the pool: the chat session's modules (pydantic tool schemas, the prompt, the
    extractor...) are imported here, so the GUI thread only builds the objects."""
    import importlib

    for name in (
        "kai_desktop.core.chat.session",
        "kai_desktop.core.chat.commands",
        "kai_desktop.core.memory.extraction",
        "kai_desktop.core.memory.heartbeat",
        "kai_desktop.qt.memory.heartbeat_timer",
        "kai_desktop.core.vault.link_graph",
        "kai_desktop.qt.widgets.markdown_render",
        "kai_desktop.qt.notes.note_preview",
        "kai_desktop.qt.memory.memory_dialogs",
    ):
        importlib.import_module(name)
    # Build the Markdown renderer here too: its first use on the GUI thread is then free.
    from kai_desktop.qt.widgets.markdown_render import render_markdown

    render_markdown("warm **up** [[x]]")


class _AfterFirstPaint:
    """Calls ``callback`` shortly after ``widget`` paints for the first time."""

    def __init__(self, widget: Any, callback: Any, delay_ms: int = 50) -> None:
        from PySide6.QtCore import QEvent, QObject, QTimer

        class Filter(QObject):
            def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.Paint:
                    widget.removeEventFilter(self)
                    QTimer.singleShot(delay_ms, callback)
                return False

        self._filter = Filter(widget)
        widget.installEventFilter(self._filter)


def _close_on_signals(window: Any) -> Any:
    """Ctrl+C or SIGTERM close the window as the Quit menu does (state saved, pending
    deletions finished). Python runs signal handlers only when it gets control, so a
    named timer hands it control a few times a second."""
    import signal

    from PySide6.QtCore import QTimer

    def close(*_args: object) -> None:
        window.close()

    signal.signal(signal.SIGINT, close)
    signal.signal(signal.SIGTERM, close)
    pump = QTimer()
    pump.setObjectName("signalPump")
    pump.setInterval(250)
    pump.timeout.connect(lambda: None)
    pump.start()
    return pump


def run_gui(options: Options, argv: Sequence[str] | None = None) -> int:
    """Open the window and run the event loop; returns the exit code."""
    prepare_process()
    from PySide6.QtWidgets import QApplication

    from kai_desktop.infra.settings_store import SettingsStore, resolve_vault_dir
    from kai_desktop.qt.widgets.theme import ThemeFollower
    from kai_desktop.qt.workers.single_instance import SingleInstance

    app = QApplication.instance() or QApplication(list(argv or sys.argv[:1]))
    assert isinstance(app, QApplication)
    app.setApplicationName("Kai")
    app.setOrganizationName("kai-desktop")
    app.setDesktopFileName("kai-desktop")
    ThemeFollower(app)

    instance: SingleInstance | None = None
    if options.single_instance:
        settings = options.settings or SettingsStore().load()
        vault_dir = resolve_vault_dir(options.vault, settings)
        instance = SingleInstance(vault_dir)
        if not instance.acquire():
            print(
                f"kai-desktop: Kai is already open on {vault_dir}; "
                "its window was brought to the front.",
                file=sys.stderr,
            )
            return 0
    try:
        kai = KaiApp(options)
    except (OSError, ValueError) as exc:
        print(f"kai-desktop: {exc}", file=sys.stderr)
        return 1
    if instance is not None:
        instance.activate_requested.connect(kai.window.bring_to_front)
    pump = _close_on_signals(kai.window)
    kai.show()
    code = app.exec()
    pump.stop()
    kai.shutdown()
    if instance is not None:
        instance.release()
    return int(code)
