"""The model's side of the model worker: it lives on the model thread, builds and releases
the model there, runs jobs, and polls the stop requests the GUI thread makes."""

from __future__ import annotations

import ctypes
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from PySide6.QtCore import (
    QObject,
    Signal,
    SignalInstance,
    Slot,
)

from kai_desktop.core.llm.model import (
    FINISH_STOPPED,
    ChatMessage,
    ChatModel,
    DoneEvent,
    ModelError,
    ModelFactory,
    TokenEvent,
    ToolCallEvent,
)


@dataclass(frozen=True)
class JobContext:
    """Handed to a job running on the model thread."""

    request_id: int
    stop_requested: Callable[[], bool]
    """Poll after every token (pass it as ``stop_flag``)."""
    emit_token: Callable[[str], None]
    """Send a text fragment to the GUI (the ``token`` signal)."""
    emit_event: Callable[[object], None]
    """Send any other event to the GUI (the ``job_event`` signal)."""


Job = Callable[[ChatModel, JobContext], object]
"""Work that needs the model, run on the model thread; its return value goes to
``finished``. A job that streams should pass ``ctx.stop_requested`` as ``stop_flag``."""


class StopControl:
    """Stop requests shared between the GUI thread and the model thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cancelled: set[int] = set()
        self._cancel_up_to = 0

    def cancel(self, request_id: int) -> None:
        with self._lock:
            self._cancelled.add(request_id)

    def cancel_up_to(self, request_id: int) -> None:
        with self._lock:
            self._cancel_up_to = max(self._cancel_up_to, request_id)

    def is_cancelled(self, request_id: int) -> bool:
        with self._lock:
            return request_id <= self._cancel_up_to or request_id in self._cancelled

    def forget(self, request_id: int) -> None:
        with self._lock:
            self._cancelled.discard(request_id)


class EmitProbe(QObject):
    ping = Signal()


def emit_drops_a_reference() -> bool:
    """PySide6 6.12 on CPython 3.11 returns ``emit()``'s result (a bool) without a reference
    of its own, so every Python-side emit lowers ``True``'s count by one until the interpreter
    aborts ("bool_dealloc"). Detected once, so a fixed PySide6 costs nothing."""
    if sys.version_info >= (3, 12):  # bools are immortal there
        return False
    probe = EmitProbe()
    before = sys.getrefcount(True)
    for _ in range(8):
        result = probe.ping.emit()  # type: ignore[func-returns-value]
        del result
    lost = before - sys.getrefcount(True)
    for _ in range(max(0, lost)):
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(True))
    return lost > 0


class EmitFix:
    needed: bool | None = None

    @classmethod
    def check(cls) -> None:
        if cls.needed is None:
            cls.needed = emit_drops_a_reference()


def emit_signal(signal: SignalInstance, *args: object) -> None:
    """``signal.emit(*args)``, giving back the reference a faulty PySide6 takes."""
    EmitFix.check()
    result = signal.emit(*args)  # type: ignore[func-returns-value]
    if EmitFix.needed:
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(result))


class ModelThreadSide(QObject):
    """Lives on the model thread; never touched from the GUI thread except by signals."""

    loading = Signal(str, float)
    loaded = Signal(str, int, bool)
    load_failed = Signal(str)
    started = Signal(int)
    token = Signal(int, str)
    tool_calls = Signal(int, object)
    job_event = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)
    released = Signal()

    def __init__(self, control: StopControl) -> None:
        super().__init__()
        self._control = control
        self._factory: ModelFactory | None = None
        self._model: ChatModel | None = None
        self._load_error = ""

    @Slot(object)
    def load(self, factory: object) -> None:
        if factory is not None:
            self._factory = cast(ModelFactory, factory)
        self._release_model()
        self._load()

    def _load(self) -> bool:
        if self._factory is None:
            self._load_error = "No model is configured"
            emit_signal(self.load_failed, self._load_error)
            return False

        def progress(message: str, fraction: float | None) -> None:
            emit_signal(self.loading, message, -1.0 if fraction is None else float(fraction))

        emit_signal(self.loading, "Loading the model", -1.0)
        try:
            model = self._factory(progress)
        except Exception as exc:
            self._load_error = describe_error(exc)
            emit_signal(self.load_failed, self._load_error)
            return False
        self._model, self._load_error = model, ""
        emit_signal(self.loaded, model.name, int(model.context_size), bool(model.is_local))
        return True

    @Slot(int, object)
    def run(self, request_id: int, job: object) -> None:
        control = self._control
        try:
            if control.is_cancelled(request_id):
                emit_signal(self.finished, request_id, DoneEvent(FINISH_STOPPED))
                return
            if self._model is None and not self._load():
                message = f"The model is not available: {self._load_error}"
                emit_signal(self.failed, request_id, message)
                return
            assert self._model is not None
            emit_signal(self.started, request_id)
            ctx = JobContext(
                request_id,
                stop_requested=lambda: control.is_cancelled(request_id),
                emit_token=lambda text: emit_signal(self.token, request_id, text),
                emit_event=lambda obj: emit_signal(self.job_event, request_id, obj),
            )
            result = cast(Job, job)(self._model, ctx)
        except Exception as exc:
            emit_signal(self.failed, request_id, describe_error(exc))
        else:
            emit_signal(self.finished, request_id, result)
        finally:
            control.forget(request_id)

    def stream_job(self, messages: list[ChatMessage], options: dict[str, Any]) -> Job:
        def job(model: ChatModel, ctx: JobContext) -> DoneEvent:
            done = DoneEvent("stop")
            stop = ctx.stop_requested
            events = model.stream(messages, stop_flag=stop, **options)
            try:
                for item in events:
                    if isinstance(item, TokenEvent):
                        ctx.emit_token(item.text)
                        if stop():  # in case a back end ignores stop_flag
                            return DoneEvent(FINISH_STOPPED)
                    elif isinstance(item, ToolCallEvent):
                        emit_signal(self.tool_calls, ctx.request_id, list(item.calls))
                    else:
                        done = item
            finally:
                close = getattr(events, "close", None)
                if close is not None:
                    close()
            return done

        return job

    @Slot()
    def release(self) -> None:
        self._release_model()
        emit_signal(self.released)

    def _release_model(self) -> None:
        model, self._model = self._model, None
        close = getattr(model, "close", None)
        if close is not None:
            try:
                close()
            except Exception as exc:
                emit_signal(self.job_event, 0, exc)


def describe_error(exc: BaseException) -> str:
    if isinstance(exc, ModelError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"
