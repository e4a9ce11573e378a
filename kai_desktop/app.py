"""The composition root: the one place that reads settings, builds services and wires
core, infra and qt together. What the window does with them lives in the presenters of
the feature folders under ``qt/``; running the process lives in ``qt/app_runtime``.

Start-up is split so the window shows fast: the vault, the memory store and the window are
built here on the GUI thread. Once the window has painted, the chat session and the search
back end are built on the pool (``app_parts``), the link graph is scanned and the model
is loaded on its own thread.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kai_desktop import app_live, app_parts
from kai_desktop.app_channel import ChannelTools
from kai_desktop.app_parts import Options as Options  # noqa: PLC0414 (re-exported)
from kai_desktop.core.memory.inbox import ReviewInbox
from kai_desktop.core.memory.recovery import Recovery
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import KaiLayout
from kai_desktop.core.vault.trash import Trash
from kai_desktop.infra.resources import default_soul
from kai_desktop.infra.settings_store import SettingsStore, resolve_vault_dir, vault_data_dir
from kai_desktop.qt import app_runtime
from kai_desktop.qt.app_runtime import prepare_process
from kai_desktop.qt.chat.chat_controller import ChatController
from kai_desktop.qt.chat.chat_pane import ChatPane
from kai_desktop.qt.chat.memory_jobs import MemoryJobs
from kai_desktop.qt.chat.saving_memories import SaveOnQuit
from kai_desktop.qt.folder_setup import FolderSetup
from kai_desktop.qt.graph.graph_controller import GraphController
from kai_desktop.qt.graph.graph_pane import GraphPane
from kai_desktop.qt.graph.memory_sync import GraphMemorySync
from kai_desktop.qt.main_window import MainWindow, WindowParts
from kai_desktop.qt.memory.memory_controller import MemoryController
from kai_desktop.qt.memory.memory_presenter import MemoryPresenter
from kai_desktop.qt.memory.review_inbox import ReviewInboxPanel
from kai_desktop.qt.notes.note_opener import NoteOpener, note_reader
from kai_desktop.qt.pyside_guard import protect_none
from kai_desktop.qt.settings.download_flow import ModelDownload
from kai_desktop.qt.settings.settings_presenter import SettingsPresenter
from kai_desktop.qt.status_presenter import StatusPresenter
from kai_desktop.qt.widgets.setup_banner import FolderSetupBanner
from kai_desktop.qt.workers.model_worker import ModelWorker
from kai_desktop.qt.workers.tasks import TaskRunner
from kai_desktop.qt.workers.undo_clock import UndoClock

if TYPE_CHECKING:  # built after the window shows, from modules imported on the pool
    from kai_desktop.core.chat.session import ChatSession
    from kai_desktop.core.llm.model import ModelFactory
    from kai_desktop.core.memory.promotions import PromotionLog
    from kai_desktop.qt.memory.heartbeat_timer import HeartbeatTimer
    from kai_desktop.qt.workers.index_service import IndexService


log = logging.getLogger(__name__)

QUIT_BUDGET_S = 1.2
"""Longest a quit waits for background work; the process then ends within 2 s of the
request (:func:`app_runtime.run_window` does not wait for what is still running)."""


class KaiApp:
    """Everything one running window needs; ``shutdown()`` stops it all."""

    def __init__(self, options: Options) -> None:
        protect_none()
        self.options = options
        self._shut = False
        self._ended = True
        self.settings_store = SettingsStore()
        settings = options.settings or self.settings_store.load()
        self.vault_dir = resolve_vault_dir(options.vault, settings)
        self.vault = Vault(self.vault_dir, settings.max_file_bytes)
        app_parts.sweep_leftovers(self.vault)  # a second instance is refused before this
        # Kai's files go into a folder it made or one that has them; any other folder
        # (a mem-agent memory, an Obsidian vault) is left as it is until the user agrees.
        self.layout = KaiLayout(self.vault, default_soul())
        self.layout.open()
        self.data_dir = options.data_dir or vault_data_dir(self.vault_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.session: ChatSession | None = None  # built after the window shows
        self.heartbeat: HeartbeatTimer | None = None
        self.index_service: IndexService | None = None
        self._index_parts: app_parts.SearchParts | None = None
        self._first_paint: app_runtime.AfterFirstPaint | None = None
        self._build_services(settings)
        self._build_window(settings)
        self._wire()

    def _build_services(self, settings: Settings) -> None:
        self.tasks = TaskRunner(max_threads=2)
        # One clock for every undo window: the store's deadlines and the snackbar's.
        self.undo_clock = UndoClock(self.tasks)
        # Every delete, overwrite and promotion of a memory keeps the old note here.
        self.trash = Trash(self.data_dir / "trash")
        self.memory_store = MemoryStore(
            self.vault, undo_window_s=settings.undo_window_s, scheduler=self.undo_clock,
            trash=self.trash,
        )
        self.memory_store.enabled = settings.memory_enabled
        self.tiers = Tiers(self.vault)
        self.memory = MemoryController(self.memory_store, self.tasks)
        # Changes that wait for the user's consent; a small JSON file, kept across runs.
        self.inbox = ReviewInbox(self.data_dir / "review-inbox.json")
        self.worker = ModelWorker()
        self.memory_jobs = MemoryJobs(self.worker)
        self.chat = ChatController(
            None, None, self.worker, memory_path=self.memory.path_of,
            memory_jobs=self.memory_jobs,
        )
        self.chat.set_agent_mode(settings.agent_mode)
        self.graph = GraphController(self.vault, self.data_dir / "graph_layout.json")
        # Tool calls from ``kai-desktop mcp`` while this window owns the vault.
        self.channel_tools = ChannelTools(
            self.vault, settings, self.data_dir, self.memory_store, self.trash
        )

    def _build_window(self, settings: Settings) -> None:
        vault, tasks = self.vault, self.tasks
        self.chat_pane = ChatPane(self.chat)
        self.graph_pane = GraphPane(self.graph, note_reader(vault), tasks)
        window = self.window = MainWindow(
            WindowParts(
                vault_root=self.vault_dir,
                tasks=tasks,
                memory=self.memory,
                list_notes=lambda: list(vault.iter_notes()),
                undo_clock=self.undo_clock,
                undo_window_s=settings.undo_window_s,
                ui_state_path=self.data_dir / "window.ini",
                extra_tabs=[("Graph", self.graph_pane)],
                chat_widget=self.chat_pane,
            )
        )
        self.folder_setup: FolderSetup | None = None
        if not self.layout.ready:
            banner = FolderSetupBanner(self.vault_dir.name)
            window.add_banner(banner)
            self.folder_setup = FolderSetup(self.layout, banner, tasks)
        self.inbox_panel = ReviewInboxPanel.as_tab(
            self.inbox, self.memory_store, window.side_tabs, tasks
        )
        self.save_on_quit = SaveOnQuit(window, self.memory_jobs)
        status = self.status = StatusPresenter(window.status)
        self.notes = NoteOpener(
            vault, tasks, window, lambda text: status.show(text, 6000), self.graph.resolve_link
        )
        self.memory_ui = MemoryPresenter(
            self.memory, window.memory_panel, tasks, window, say=status.show,
            report=status.report, recovery=Recovery(self.memory_store, self.trash),
        )
        self.graph_memory = GraphMemorySync(self.memory, self.graph, self.graph_pane)
        save = self.settings_store.save if self.options.save_settings else None
        self.settings_ui = SettingsPresenter(
            settings, save, tasks, status, window,
            download=ModelDownload(app_parts.download_model, tasks, status, window),
            backends=app_parts.settings_backends(),
        )

    # -- wiring ------------------------------------------------------------------------
    def _wire(self) -> None:
        window, chat, status = self.window, self.chat, self.status
        window.closing.connect(self.shutdown)
        window.new_chat_requested.connect(chat.new_chat)
        window.stop_requested.connect(chat.stop)
        window.focus_input_requested.connect(self.chat_pane.focus_input)
        window.settings_requested.connect(self.settings_ui.open_dialog)
        self.memory.enabled_changed.connect(self.settings_ui.memory_switched)
        self.settings_ui.applied.connect(self._apply_live)
        self.settings_ui.model_changed.connect(lambda _s: self.worker.load(self._model_factory()))
        self.chat_pane.open_source.connect(self.notes.show_source)
        self.chat_pane.link_clicked.connect(self.notes.open_link)
        self.chat_pane.agent_badge.clicked.connect(lambda: app_live.switch_agent_mode(self, False))
        self.graph_pane.open_note.connect(self.notes.open_note)
        window.notes_list.note_activated.connect(self.notes.open_note)
        self.graph_pane.shown.connect(lambda: app_runtime.settle("vault graph shown"))
        chat.error.connect(status.show)
        # A foreign edit kept as a conflict copy is said in the chat, where it stays visible.
        self.vault.add_conflict_listener(
            lambda notice: self.tasks.to_main(chat.add_notice, notice.message())
        )
        for problem in self.settings_store.notices:
            chat.add_notice(f"Settings: {problem}")
        chat.proposals.connect(self.memory_ui.show_proposals)
        if self.folder_setup is not None:
            self.folder_setup.done.connect(self._folder_set_up)
            self.folder_setup.failed.connect(chat.add_notice)
        chat.busy_changed.connect(window.stop_action.setEnabled)
        status.follow_graph(self.graph)
        status.follow_model(self.worker)
        self.worker.loaded.connect(lambda *_args: app_runtime.settle("model loaded"))
        self.worker.load_failed.connect(
            lambda message: chat.add_notice(f"The model could not be loaded: {message}")
        )

    def _folder_set_up(self, created: list[str]) -> None:
        """The user agreed: Kai's files are here now; what waited for them runs."""
        made = ", ".join(created) or "nothing was missing"
        self.chat.add_notice(f"Kai's files were set up in this folder ({made}).")
        self.memory.refresh()
        self.memory_jobs.capture_now()

    def start_background(self) -> None:
        """Chat session, graph scan, index + watcher, model load, heartbeat."""
        log_path = self.data_dir / "promotions.json"
        self.tasks.submit(self.trash.purge, None, self.status.report)  # over 30 days old
        self.tasks.submit(
            lambda: app_parts.open_promotion_log(log_path), self._start_services, self.status.report
        )

    def _start_services(self, promotion_log: PromotionLog) -> None:
        if self._shut:
            return
        self._build_chat(promotion_log)
        options = self.options
        self.graph.start()
        if options.start_model or options.model_factory is not None:
            self.worker.load(self._model_factory())
        if options.start_index:
            self.status.index_starting()
            vault, settings, data_dir = self.vault, self.settings_ui.settings, self.data_dir
            self.tasks.submit(
                lambda: app_parts.build_search(vault, settings, data_dir),
                self._start_index,
                self._index_failed,
            )
        if options.start_heartbeat and self.heartbeat is not None:
            self.heartbeat.start()
        app_runtime.settle("chat session built")

    def _build_chat(self, promotion_log: PromotionLog) -> None:
        from kai_desktop.qt.memory.heartbeat_timer import HeartbeatTimer

        if self.session is not None:
            return
        settings = self.settings_ui.settings
        parts = app_parts.build_chat(
            self.memory_store, self.tiers, self.vault, settings, promotions=promotion_log,
            auto_extract=lambda: self.settings_ui.settings.auto_extract,
            inbox=self.inbox, journal_path=self.data_dir / "journal.jsonl",
            keeps_files=lambda: self.layout.ready,
            agent_trash=self.data_dir / "agent-trash",
            on_experimental=lambda on: self.tasks.to_main(app_live.switch_agent_mode, self, on),
        )
        self.session = parts.session
        self.memory_jobs.attach(parts.keeper)
        self.chat.attach(parts.session, parts.commands, parts.agent)
        self.heartbeat = HeartbeatTimer(
            parts.heartbeat, self.worker, self.tasks, interval_minutes=settings.heartbeat_minutes
        )
        self.memory_ui.attach_heartbeat(self.heartbeat, parts.heartbeat)

    def _model_factory(self) -> ModelFactory:
        from kai_desktop.infra.models.factory import chat_model_factory

        return self.options.model_factory or chat_model_factory(self.settings_ui.settings)

    def _apply_live(self, new: Settings, old: Settings) -> None:
        """What of new settings takes effect without a restart (see ``app_live``)."""
        app_live.apply_settings(self, new, old)

    def reopen_index(self, settings: Settings) -> None:
        """A new embedder or index server: the old back end closes, the new one opens."""
        old, service = self._index_parts, self.index_service
        self._index_parts = self.index_service = None
        if service is not None:
            service.shutdown()
        self.status.index_starting()
        self.channel_tools.index_closed("the Kai window is opening its search index again")
        vault, data_dir = self.vault, self.data_dir
        self.tasks.submit(
            lambda: app_parts.reopen_search(old, vault, settings, data_dir),
            self._start_index,
            self._index_failed,
        )

    # -- index -------------------------------------------------------------------------
    @property
    def index_parts(self) -> app_parts.SearchParts | None:
        return self._index_parts

    def _start_index(self, parts: app_parts.SearchParts) -> None:
        from kai_desktop.qt.workers.index_service import IndexService

        if self._shut:
            parts.close()
            return
        self._index_parts = parts
        # Dense embedding pauses while the model answers (they share a few CPU cores).
        parts.indexer.foreground_busy = self.worker.is_busy
        if self.session is not None:
            self.session.set_retriever(parts.retriever)
        service = self.index_service = IndexService(parts.indexer, parts.watcher)
        self.status.follow_index(service)
        # Edits made outside the app: the store reads them again (it knows its own).
        service.changed.connect(self.memory.reload_paths)
        service.indexed.connect(self.on_vault_indexed)
        service.start()
        self.channel_tools.index_opened(parts, service)
        app_runtime.settle("search index open")

    def _index_failed(self, exc: BaseException) -> None:
        self.status.index_unavailable(exc)
        self.channel_tools.index_closed(f"the Kai window could not open its search index ({exc})")

    def on_vault_indexed(self, rels: list[str]) -> None:
        """Every changed path, the app's own notes included: the whole-vault views follow."""
        self.graph.apply_paths(rels)
        self.window.notes_list.refresh()

    # -- life cycle --------------------------------------------------------------------
    def serve_channel(self, line: bytes) -> bytes:
        """A tool call from ``kai-desktop mcp``, on the channel's worker thread."""
        return self.channel_tools.serve(line)

    def show(self) -> None:
        """Show the window; background work starts once it has been painted, so heavy
        imports on other threads never compete with the first frame."""
        if self.options.start_background:
            self._first_paint = app_runtime.AfterFirstPaint(self.window, self.start_background)
        self.window.show()

    def shutdown(self) -> bool:
        """Stop timers and threads, finish pending deletions; safe to call twice.

        Waits at most about :data:`QUIT_BUDGET_S` for background work (an embedder or model
        that is loading, an embedding batch, a pool job): False when some of it was still
        running then. What it was doing is redone at the next start."""
        if self._shut:
            return self._ended
        self._shut = True
        deadline = time.monotonic() + QUIT_BUDGET_S

        def left() -> float:
            return max(0.05, deadline - time.monotonic())

        # MCP calls in progress end before the services close (within the same budget).
        self.channel_tools.close(left())
        self.window.close_guard = None  # nothing may hold the window open any more
        if self._first_paint is not None:
            self._first_paint.cancel()
        if self.heartbeat is not None:
            self.heartbeat.stop()
        self.chat.close()
        index_done = self.index_service is None or self.index_service.shutdown(left())
        self.graph.shutdown()
        model_done = self.worker.shutdown(timeout_ms=int(left() * 1000))
        if self.chat.agent is not None:
            app_parts.quietly(self.chat.agent.close, "could not end the agent's sandbox")
        self.memory.close()
        pool_done = self.tasks.shutdown(timeout_s=left())
        if self._index_parts is not None and index_done:
            # (Left open when the indexer is still busy: it stops at its next cancel check.)
            app_parts.quietly(self._index_parts.close, "could not close the index")
        app_parts.quietly(self.memory_store.flush_pending, "could not finish pending deletions")
        app_parts.quietly(self.vault.close, "could not check the last replaced notes")
        self.undo_clock.stop()
        self._ended = bool(index_done and model_done and pool_done)
        return self._ended


def run_gui(options: Options, argv: Sequence[str] | None = None) -> int:
    """Open the window and run the event loop; returns the exit code."""
    prepare_process()
    app = app_runtime.make_application(argv)
    lock_vault = None
    if options.single_instance:
        settings = options.settings or SettingsStore().load()
        lock_vault = resolve_vault_dir(options.vault, settings)
    return app_runtime.run_window(app, lambda: KaiApp(options), lock_vault, exit_hard=True)
