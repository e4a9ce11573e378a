"""The memory work around a conversation, on the model thread at low priority.

After each answer a capture job runs (the user's statements become memories); a new
message stops a capture that has not finished, and it runs again after that turn, so a
capture never delays an answer. When the model is loaded, a conversation an earlier run
left unsaved is finished, then the stable prompt is evaluated ahead (pre-warm), so the
first message costs only its own tokens. Quitting or a new chat ends the conversation.

MemoryJobs signals:
    captured(object): a list of capture reports (memories may have changed).
    ended(object): the end-of-conversation report (None when skipped or nothing to do).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal, Slot

from kai_desktop.core.chat.events import Answer
from kai_desktop.core.llm.model import ChatModel
from kai_desktop.qt.workers.model_thread import Job, JobContext
from kai_desktop.qt.workers.model_worker import ModelWorker

if TYPE_CHECKING:
    from kai_desktop.core.chat.keeper import ConversationKeeper


class MemoryJobs(QObject):
    captured = Signal(object)
    ended = Signal(object)

    def __init__(self, worker: ModelWorker, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        self.keeper: ConversationKeeper | None = None
        self._capture_id: int | None = None
        self._end_id: int | None = None
        self._model_ready = False
        self._local = True
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)
        worker.loaded.connect(self._on_model_loaded)

    def attach(self, keeper: ConversationKeeper) -> None:
        self.keeper = keeper
        if self._model_ready:
            self._start_of_session()

    # -- around a turn -------------------------------------------------------------------
    def turn_job(self, text: str, turn: Job, *, capture: bool = True) -> Job:
        """``turn`` with its journal around it, on the model thread (the writes are
        fsynced): the message is journaled before the model sees it, the answer after,
        and the memories it used get their hit. A capture in progress yields now.
        ``capture`` False (agent-file mode, where the agent keeps the memory files): the
        message is never captured."""
        keeper = self.keeper
        if keeper is None:
            return turn
        if self._capture_id is not None:
            self.worker.stop(self._capture_id)

        def job(model: ChatModel, ctx: JobContext) -> object:
            keeper.user_said(text, capture=capture)
            answer = turn(model, ctx)
            if isinstance(answer, Answer):
                keeper.assistant_said(answer.text, answer.citations.memories)
            return answer

        return job

    def after_turn(self) -> None:
        """The answer is out: capture what the user said, at low priority."""
        self.capture_now()

    def capture_now(self) -> None:
        if self.keeper is None or self._capture_id is not None or not self.keeper.pending():
            return
        if not self.worker.is_running():
            return
        self._capture_id = self.worker.submit_job(self.keeper.capture_job())

    # -- start and end ---------------------------------------------------------------------
    @Slot(str, int, bool)
    def _on_model_loaded(self, _name: str, _context: int, is_local: bool) -> None:
        self._model_ready = True
        self._local = is_local
        if self.keeper is not None:
            self._start_of_session()

    def _start_of_session(self) -> None:
        keeper = self.keeper
        assert keeper is not None
        self.worker.submit_job(keeper.recover_job())
        if self._local:
            session = keeper.session

            def prewarm(model: ChatModel, ctx: JobContext) -> int:
                return session.prewarm(model, stop_flag=ctx.stop_requested)

            self.worker.submit_job(prewarm)

    def needs_saving(self) -> bool:
        """True when this conversation has something the end would save."""
        keeper = self.keeper
        if keeper is None or not self._model_ready or not self.worker.is_running():
            return False
        return bool(keeper.pending()) or keeper.session.user_messages > 0

    def end(self) -> bool:
        """End the conversation on the model thread; False when there is nothing to do."""
        if not self.needs_saving() or self._end_id is not None:
            return False
        assert self.keeper is not None
        if self._capture_id is not None:
            self.worker.stop(self._capture_id)
        self._end_id = self.worker.submit_job(self.keeper.end_job())
        return True

    def skip_end(self) -> None:
        """Stop saving; the journal keeps what is left for the next start."""
        if self._end_id is not None:
            self.worker.stop(self._end_id)

    # -- worker signals ---------------------------------------------------------------------
    @Slot(int, object)
    def _on_finished(self, request_id: int, result: Any) -> None:
        if request_id == self._capture_id:
            self._capture_id = None
            if isinstance(result, list) and result:
                self.captured.emit(result)
        elif request_id == self._end_id:
            self._end_id = None
            self.ended.emit(result)

    @Slot(int, str)
    def _on_failed(self, request_id: int, _message: str) -> None:
        if request_id == self._capture_id:
            self._capture_id = None  # the journal keeps the message for the next try
        elif request_id == self._end_id:
            self._end_id = None
            self.ended.emit(None)
