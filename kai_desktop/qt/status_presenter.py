"""What the status bar says about work in the background: the model loading, the index,
the graph scan of the vault and downloads; and which job its Cancel button stops."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from kai_desktop.core.retrieval.changes import phase_label

if TYPE_CHECKING:
    from kai_desktop.qt.widgets.status_bar import JobStatusBar
    from kai_desktop.qt.workers.index_service import IndexService
    from kai_desktop.qt.workers.model_worker import ModelWorker

log = logging.getLogger(__name__)

MESSAGE_MS = 8000
LONG_MESSAGE_MS = 15000


class ScanSignals(Protocol):
    """A scan the status bar follows (the vault graph's): ``progress(done, total)``,
    ``loaded(object)``, ``failed(str)``. A protocol, so that the settings folder, which
    reports here too, stays independent of the graph folder."""

    progress: Any
    loaded: Any
    failed: Any


class StatusPresenter:
    """Connects the workers' signals to the status bar; holds no state of its own but the
    cancel actions of running jobs."""

    def __init__(self, status: JobStatusBar) -> None:
        self.status = status
        self._cancel: dict[str, Callable[[], None]] = {}
        status.cancel_requested.connect(self._cancel_job)

    def on_cancel(self, job: str, action: Callable[[], None]) -> None:
        """What the Cancel button of ``job`` does."""
        self._cancel[job] = action

    def show(self, message: str, ms: int = MESSAGE_MS) -> None:
        self.status.showMessage(message, ms)

    def report(self, exc: BaseException) -> None:
        """A background step failed: logged, and said in the status bar."""
        log.warning("%s", exc)
        self.show(str(exc))

    # -- the model -----------------------------------------------------------------------
    def follow_model(self, worker: ModelWorker) -> None:
        worker.loading.connect(self._model_loading)
        worker.loaded.connect(self._model_loaded)
        worker.load_failed.connect(self._model_failed)

    def _model_loading(self, message: str, fraction: float) -> None:
        self.status.set_model_state("loading")
        if fraction < 0:
            self.status.job_progress("model", 0, 0, message, cancellable=False)
        else:
            done = int(fraction * 1000)
            self.status.job_progress("model", done, 1000, message, cancellable=False)

    def _model_loaded(self, name: str, context: int, _local: bool) -> None:
        self.status.job_finished("model")
        self.status.set_model_state(f"{name} ({context} tokens)")

    def _model_failed(self, message: str) -> None:
        self.status.job_finished("model")
        self.status.set_model_state("not available")
        self.show(message, LONG_MESSAGE_MS)

    # -- the graph scan ------------------------------------------------------------------
    def follow_graph(self, graph: ScanSignals) -> None:
        status = self.status
        graph.progress.connect(
            lambda done, total: status.job_progress(
                "graph", done, total, "Reading the vault", cancellable=False
            )
        )
        graph.loaded.connect(lambda _snapshot: status.job_finished("graph"))
        graph.failed.connect(lambda _message: status.job_finished("graph"))

    # -- the index -----------------------------------------------------------------------
    def index_starting(self) -> None:
        self.status.set_index_state("starting")

    def index_unavailable(self, exc: BaseException) -> None:
        log.warning("search index unavailable: %s", exc)
        self.status.set_index_state(f"unavailable ({exc})")

    def follow_index(self, service: IndexService) -> None:
        status = self.status
        service.progress.connect(self._index_progress)
        service.busy_changed.connect(self._index_busy)
        service.failed.connect(self.show)

        def cancel() -> None:
            service.cancel()
            status.job_finished("index")

        self.on_cancel("index", cancel)

    def _index_progress(self, done: int, total: int, phase: str) -> None:
        self.status.job_progress("index", done, total, phase_label(phase))
        if phase == "embedding":  # the keyword half is done: every note can be found
            self.status.set_index_state("searchable; embedding notes")

    def _index_busy(self, busy: bool) -> None:
        if busy:
            self.status.set_index_state("updating")
        else:
            self.status.job_finished("index")
            self.status.set_index_state("up to date")

    def _cancel_job(self, job: str) -> None:
        action = self._cancel.get(job)
        if action is not None:
            action()
