"""The chat model on its own long-lived thread.

:class:`ModelWorker` lives on the GUI thread and owns one ``QThread``; the model object is
built (by a :data:`~kai_desktop.core.llm.model.ModelFactory`), used and released only on that
thread. Requests go in by queued signal and wait their turn in the thread's event queue;
tokens and results come back as signals on the GUI thread. Stopping is a flag the model
polls after every token, so it never waits for the queue.

Every request ends with exactly one ``finished`` or ``failed`` signal, including requests
stopped before they started (``finished`` with ``finish_reason == "stopped"``).
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    Qt,
    QThread,
    Signal,
    Slot,
)

from kai_desktop.core.llm.model import (
    ChatMessage,
    ModelFactory,
    ToolChoice,
    ToolSpec,
)
from kai_desktop.qt.workers.model_thread import (
    EmitFix,
    Job,
    ModelThreadSide,
    StopControl,
    emit_signal,
)

log = logging.getLogger(__name__)


class ModelWorker(QObject):
    """The model's thread, seen from the GUI thread.

    Signals (all delivered on the GUI thread):

    - ``loading(str message, float fraction)`` — fraction in [0, 1], or -1 when unknown
    - ``loaded(str name, int context_size, bool is_local)``
    - ``load_failed(str message)`` — the app keeps working; requests fail with a message
    - ``started(int request_id)``
    - ``token(int request_id, str text)``
    - ``tool_calls(int request_id, list[ToolCall])``
    - ``job_event(int request_id, object)`` — anything a job sends with ``ctx.emit_event``
    - ``finished(int request_id, object result)`` — a ``DoneEvent`` for :meth:`submit`
    - ``failed(int request_id, str message)``
    - ``busy_changed(bool)`` — requests are running or waiting
    """

    loading = Signal(str, float)
    loaded = Signal(str, int, bool)
    load_failed = Signal(str)
    started = Signal(int)
    token = Signal(int, str)
    tool_calls = Signal(int, object)
    job_event = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)
    busy_changed = Signal(bool)

    _request_load = Signal(object)
    _request_run = Signal(int, object)
    _request_release = Signal()

    def __init__(self, factory: ModelFactory | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        EmitFix.check()
        self._ids = itertools.count(1)
        self._last_id = 0
        self._open: set[int] = set()
        self._control = StopControl()
        self._thread = QThread()
        self._thread.setObjectName("model")
        self._side = ModelThreadSide(self._control)
        self._side.moveToThread(self._thread)
        self._released = threading.Event()
        self._model_name = ""
        self._context_size = 0
        self._is_local = True
        self._load_error = ""

        self._request_load.connect(self._side.load)
        self._request_run.connect(self._side.run)
        self._request_release.connect(self._side.release)
        side = self._side
        side.loading.connect(self.loading)
        side.loaded.connect(self._on_loaded)
        side.load_failed.connect(self._on_load_failed)
        side.started.connect(self.started)
        side.token.connect(self.token)
        side.tool_calls.connect(self.tool_calls)
        side.job_event.connect(self.job_event)
        side.finished.connect(self._on_finished)
        side.failed.connect(self._on_failed)
        side.released.connect(self._released.set, type=Qt.ConnectionType.DirectConnection)
        self._thread.finished.connect(side.deleteLater)
        self._thread.start()
        self._running = True
        app = QCoreApplication.instance()
        if app is not None:
            # A safety net: the owner should call shutdown() itself before quitting.
            app.aboutToQuit.connect(self.shutdown)
        if factory is not None:
            self.load(factory)

    # -- state ------------------------------------------------------------------------

    @property
    def model_name(self) -> str:
        return self._model_name

    @property
    def context_size(self) -> int:
        return self._context_size

    @property
    def is_local(self) -> bool:
        return self._is_local

    @property
    def load_error(self) -> str:
        """The last load failure's message ("" after a successful load)."""
        return self._load_error

    @property
    def pending(self) -> int:
        """Requests running or waiting."""
        return len(self._open)

    def is_busy(self) -> bool:
        """Requests running or waiting (safe to ask from any thread)."""
        return bool(self._open)

    def is_running(self) -> bool:
        """The model thread is alive (False after :meth:`shutdown`)."""
        return bool(self._thread.isRunning())

    # -- requests ---------------------------------------------------------------------

    def load(self, factory: ModelFactory | None = None) -> None:
        """(Re)load the model on its thread, with a new factory if given. Queued behind
        the requests already submitted."""
        self._require_running()
        emit_signal(self._request_load, factory)

    def submit(
        self,
        messages: Sequence[ChatMessage],
        *,
        tools: list[ToolSpec] | None = None,
        tool_choice: ToolChoice | None = None,
        json_schema: dict[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.7,
    ) -> int:
        """Queue one streamed completion; returns its request id."""
        options: dict[str, Any] = {
            "tools": tools,
            "tool_choice": tool_choice,
            "json_schema": json_schema,
            "max_tokens": max_tokens,
            "temperature": temperature,
        }
        return self.submit_job(self._side.stream_job([dict(m) for m in messages], options))

    def submit_job(self, job: Job) -> int:
        """Queue work that uses the model (a tool loop, extraction...) on the model thread."""
        self._require_running()
        request_id = next(self._ids)
        self._last_id = request_id
        was_busy = bool(self._open)
        self._open.add(request_id)
        emit_signal(self._request_run, request_id, job)
        if not was_busy:
            emit_signal(self.busy_changed, True)
        return request_id

    def stop(self, request_id: int | None = None) -> None:
        """Stop one request (running or queued), or with no id all of them."""
        if request_id is None:
            self._control.cancel_up_to(self._last_id)
        elif request_id in self._open:
            self._control.cancel(request_id)

    def shutdown(self, timeout_ms: int = 30_000) -> bool:
        """Stop everything, release the model on its thread and end the thread.

        Returns False if the thread did not end within ``timeout_ms``.
        """
        if not self._running:
            return True
        self._running = False
        self._control.cancel_up_to(self._last_id)
        emit_signal(self._request_release)
        self._released.wait(timeout_ms / 1000)
        self._thread.quit()
        ended = self._thread.wait(timeout_ms)
        if not ended:
            log.error("the model thread did not end within %d ms", timeout_ms)
        return bool(ended)

    def _require_running(self) -> None:
        if not self._running:
            raise RuntimeError("the model worker has been shut down")

    # -- relays -----------------------------------------------------------------------

    @Slot(str, int, bool)
    def _on_loaded(self, name: str, context_size: int, is_local: bool) -> None:
        if not self._running:  # finished loading while quitting: released already
            return
        self._model_name, self._context_size, self._is_local = name, context_size, is_local
        self._load_error = ""
        emit_signal(self.loaded, name, context_size, is_local)

    @Slot(str)
    def _on_load_failed(self, message: str) -> None:
        self._load_error = message
        log.warning("model not loaded: %s", message)
        emit_signal(self.load_failed, message)

    @Slot(int, object)
    def _on_finished(self, request_id: int, result: object) -> None:
        self._close_request(request_id)
        emit_signal(self.finished, request_id, result)
        self._maybe_idle()

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        self._close_request(request_id)
        log.warning("model request %d failed: %s", request_id, message)
        emit_signal(self.failed, request_id, message)
        self._maybe_idle()

    def _close_request(self, request_id: int) -> None:
        self._open.discard(request_id)

    def _maybe_idle(self) -> None:
        if not self._open:
            emit_signal(self.busy_changed, False)
