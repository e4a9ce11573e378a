"""Turns typed messages into model-worker jobs and worker signals into chat rows.

A message runs as the chat session's turn job on the model thread; in agent-file mode it
runs as the agent's turn job instead, whose steps join the answer's row as they end. A
slash command runs as the command runner's job there too (``/review`` may ask the model).
Tokens are buffered and flushed into the list model at most every :data:`FLUSH_MS`, so a
fast model does not re-render the answer for every token.

Signals:
    ready(): the chat session was attached; messages can be sent.
    busy_changed(bool): a turn or command started or ended.
    proposals(object): a :class:`~kai_desktop.core.chat.commands.CommandResult` with proposals
        to accept or reject (``/review``, ``/tidy``).
    answered(object): the :class:`~kai_desktop.core.chat.session.Answer` of a turn.
    changes_undone(object): the :class:`~kai_desktop.core.agent.journal.UndoReport` of an
        undo of an agent answer's changes.
    agent_mode_changed(bool): agent-file mode was switched on or off.
    error(str): something failed; the message is for the user.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from kai_desktop.core.llm.model import DoneEvent
from kai_desktop.core.vault.layout import MEMORIES_DIR, MEMORY, PROCEDURAL, SOUL
from kai_desktop.qt.chat.chat_model import ChatItem, ChatListModel, Kind, SourceRef
from kai_desktop.qt.chat.memory_jobs import MemoryJobs
from kai_desktop.qt.workers.model_thread import Job
from kai_desktop.qt.workers.model_worker import ModelWorker

if TYPE_CHECKING:
    from kai_desktop.core.chat.agent_turn import AgentTurns
    from kai_desktop.core.chat.commands import CommandRunner
    from kai_desktop.core.chat.events import Answer
    from kai_desktop.core.chat.session import ChatSession

log = logging.getLogger(__name__)

FLUSH_MS = 40
ALWAYS_IN_PROMPT = frozenset({SOUL, MEMORY, PROCEDURAL})


class ChatController(QObject):
    ready = Signal()
    busy_changed = Signal(bool)
    proposals = Signal(object)
    answered = Signal(object)
    changes_undone = Signal(object)
    agent_mode_changed = Signal(bool)
    error = Signal(str)

    def __init__(
        self,
        session: ChatSession | None,
        commands: CommandRunner | None,
        worker: ModelWorker,
        *,
        memory_path: Callable[[str], str | None] = lambda _key: None,
        memory_jobs: MemoryJobs | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.memory_jobs = memory_jobs
        self.session = session
        self.commands = commands
        self.agent: AgentTurns | None = None
        self._agent_mode = False
        self.worker = worker
        self.model = ChatListModel(self)
        self._memory_path = memory_path
        self._turn_id: int | None = None
        self._command_id: int | None = None
        self._undo_ids: dict[int, tuple[int, tuple[Any, ...]]] = {}
        self._answer_row = -1
        self._tool_rows: dict[str, int] = {}
        self._buffer: list[str] = []
        self._flush = QTimer(self)
        self._flush.setObjectName("chatTokenFlush")
        self._flush.setSingleShot(True)
        self._flush.setInterval(FLUSH_MS)
        self._flush.timeout.connect(self._flush_tokens)
        worker.token.connect(self._on_token)
        worker.job_event.connect(self._on_event)
        worker.finished.connect(self._on_finished)
        worker.failed.connect(self._on_failed)

    # -- state -------------------------------------------------------------------------
    def attach(
        self, session: ChatSession, commands: CommandRunner, agent: AgentTurns | None = None
    ) -> None:
        """Hand over the chat session (built after the window is up)."""
        self.session, self.commands, self.agent = session, commands, agent
        session.experimental = self._agent_mode
        self.ready.emit()

    @property
    def agent_mode(self) -> bool:
        return self._agent_mode

    def set_agent_mode(self, on: bool) -> None:
        """Agent-file mode on or off from the next message (the caller keeps the setting)."""
        if self.session is not None:
            self.session.experimental = on
        if on != self._agent_mode:
            self._agent_mode = on
            self.agent_mode_changed.emit(on)

    def is_ready(self) -> bool:
        return self.session is not None and self.commands is not None

    def is_busy(self) -> bool:
        return self._turn_id is not None or self._command_id is not None

    # -- user actions --------------------------------------------------------------------
    def send(self, text: str) -> bool:
        """Send a message or run a command; False when busy or empty."""
        from kai_desktop.core.chat.commands import parse_command

        text = text.strip()
        if not text or self.is_busy() or self.session is None or self.commands is None:
            return False
        self.model.append(ChatItem(Kind.USER, text))
        if parse_command(text) is not None:
            self._command_id = self.worker.submit_job(self.commands.command_job(text))
        else:
            self._answer_row = self.model.append(ChatItem(Kind.ASSISTANT, "", streaming=True))
            self._tool_rows.clear()
            agent = self.agent if self._agent_mode else None
            job: Job = agent.turn_job(text) if agent is not None else self.session.turn_job(text)
            if self.memory_jobs is not None:
                # In agent-file mode the agent keeps the memory files: no capture.
                job = self.memory_jobs.turn_job(text, job, capture=agent is None)
            self._turn_id = self.worker.submit_job(job)
        self.busy_changed.emit(True)
        return True

    def undo_changes(self, row: int) -> bool:
        """Undo the file changes of the agent answer at ``row``, on the model thread
        (after any turn still running); False when there is nothing to undo."""
        if self.agent is None or not 0 <= row < self.model.rowCount():
            return False
        item = self.model.item(row)
        if not item.changes or item.undo_state in ("running", "done"):
            return False
        try:
            request_id = self.worker.submit_job(self.agent.undo_job(item.changes))
        except RuntimeError as exc:
            self.model.update(row, undo_state="failed", undo_message=str(exc))
            return False
        self._undo_ids[request_id] = (row, item.changes)
        self.model.update(row, undo_state="running", undo_message="")
        return True

    def _undo_finished(self, request_id: int, result: object, error: str | None) -> None:
        from kai_desktop.core.agent.journal import UndoReport

        row, changes = self._undo_ids.pop(request_id)
        if isinstance(result, UndoReport):
            self.changes_undone.emit(result)
        if not 0 <= row < self.model.rowCount() or self.model.item(row).changes is not changes:
            return  # a new chat since: the report still goes out
        if isinstance(result, UndoReport):
            state = "done" if result.ok else "failed"
            self.model.update(row, undo_state=state, undo_message=result.summary())
        else:  # stopped before it ran: it may be tried again; an error is said
            self.model.update(row, undo_state="" if error is None else "failed",
                              undo_message=error or "")

    def stop(self) -> None:
        if self._turn_id is not None:
            self.worker.stop(self._turn_id)
        if self._command_id is not None:
            self.worker.stop(self._command_id)

    def new_chat(self) -> None:
        """End this conversation (extraction and the session note run on the model
        thread) and start an empty one."""
        self.stop()
        if self.memory_jobs is not None and self.memory_jobs.keeper is not None:
            self.memory_jobs.end()
        elif self.session is not None and self.session.user_messages:
            self.worker.submit_job(self.session.end_job())
        self._flush.stop()
        self._buffer.clear()
        self._turn_id = self._command_id = None
        self._answer_row = -1
        self.model.clear()
        self.busy_changed.emit(False)

    def add_notice(self, text: str) -> None:
        self.model.append(ChatItem(Kind.NOTICE, text))

    # -- worker signals ------------------------------------------------------------------
    @Slot(int, str)
    def _on_token(self, request_id: int, text: str) -> None:
        if request_id != self._turn_id:
            return
        self._buffer.append(text)
        if not self._flush.isActive():
            self._flush.start()

    def _flush_tokens(self) -> None:
        if self._buffer and 0 <= self._answer_row < self.model.rowCount():
            self.model.append_text(self._answer_row, "".join(self._buffer))
        self._buffer.clear()

    @Slot(int, object)
    def _on_event(self, request_id: int, event: object) -> None:
        if request_id != self._turn_id:
            return
        from kai_desktop.core.agent.loop import AgentStep
        from kai_desktop.core.chat.events import (
            Compacted,
            ToolCallFinished,
            ToolCallStarted,
            TurnFinished,
        )

        if isinstance(event, AgentStep):
            row = self._answer_row
            if 0 <= row < self.model.rowCount():
                self.model.update(row, steps=(*self.model.item(row).steps, event))
        elif isinstance(event, ToolCallStarted):
            self._flush_tokens()
            row = self._answer_row
            call = event.call
            self.model.insert(
                row, ChatItem(Kind.TOOL, tool_name=call.name, tool_arguments=call.arguments)
            )
            self._tool_rows[call.id] = row
            self._answer_row += 1
        elif isinstance(event, ToolCallFinished):
            result = event.result
            row = self._tool_rows.get(result.call.id, -1)
            if row >= 0:
                status = "ok" if result.ok else "error"
                self.model.update(row, tool_result=f"{status}: {result.content}")
        elif isinstance(event, Compacted):
            self.model.insert(
                max(self._answer_row - 1, 0),
                ChatItem(
                    Kind.NOTICE,
                    f"The {event.turns} oldest turns were summarised to fit the model's context.",
                ),
            )
            self._answer_row += 1
        elif isinstance(event, TurnFinished):
            self._finish_answer(event.answer)

    def _finish_answer(self, answer: Answer) -> None:
        self._flush_tokens()
        row = self._answer_row
        if not 0 <= row < self.model.rowCount():
            return
        if self.memory_jobs is not None:
            self.memory_jobs.after_turn()
        sources = self.sources_for(answer)
        item = self.model.item(row)
        # The answer's final text wins: the session may have replaced what streamed.
        text = answer.text if answer.text.strip() else item.text
        self.model.update(
            row,
            text=text,
            sources=tuple(sources),
            error=answer.error,
            finish_reason=answer.finish_reason,
            streaming=False,
            steps=answer.steps or item.steps,
            changes=answer.changes or item.changes,
        )
        self.answered.emit(answer)

    def sources_for(self, answer: Answer) -> tuple[SourceRef, ...]:
        """What went into the answer: one entry per note (its best passage; the session
        cites them best first), then the memories. Memory notes and the tier files that the
        prompt always carries are not listed again as notes."""
        notes: list[SourceRef] = []
        memories: list[SourceRef] = []
        memory_paths: set[str] = set()
        for key in answer.citations.memories:
            path = self._memory_path(key) or ""
            memory_paths.add(path)
            memories.append(SourceRef(path, key, None, is_memory=True))
        seen: set[str] = set()
        for note in answer.citations.notes:
            if note.path in seen or note.path in memory_paths or note.path in ALWAYS_IN_PROMPT:
                continue
            if note.path.startswith(MEMORIES_DIR + "/"):
                continue
            seen.add(note.path)
            title = PurePosixPath(note.path).stem
            heading = note.heading.split(" > ")[-1] if note.heading else ""
            label = f"{title} › {heading}" if heading and heading != title else title
            notes.append(SourceRef(note.path, label, note.start_line))
        return (*notes, *memories)

    @Slot(int, object)
    def _on_finished(self, request_id: int, result: Any) -> None:
        if request_id in self._undo_ids:
            self._undo_finished(request_id, result, None)
            return
        if request_id not in (self._turn_id, self._command_id):
            return
        from kai_desktop.core.chat.events import Answer
        from kai_desktop.core.chat.proposals import CommandResult

        if request_id == self._turn_id:
            self._turn_id = None
            if isinstance(result, Answer):
                if 0 <= self._answer_row < self.model.rowCount() and self.model.item(
                    self._answer_row
                ).streaming:
                    self._finish_answer(result)
            else:  # stopped before it started
                self._end_stream("stopped" if isinstance(result, DoneEvent) else None)
            self.busy_changed.emit(self.is_busy())
        elif request_id == self._command_id:
            self._command_id = None
            if isinstance(result, CommandResult):
                error = None if result.ok else result.message
                self.model.append(ChatItem(Kind.NOTICE, result.message, error=error))
                if result.proposals:
                    self.proposals.emit(result)
            self.busy_changed.emit(self.is_busy())

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        if request_id in self._undo_ids:
            self._undo_finished(request_id, None, message)
            return
        if request_id == self._turn_id:
            self._turn_id = None
            self._end_stream(None, error=message)
            self.busy_changed.emit(self.is_busy())
        elif request_id == self._command_id:
            self._command_id = None
            self.model.append(ChatItem(Kind.NOTICE, message, error=message))
            self.busy_changed.emit(self.is_busy())
        else:
            return
        self.error.emit(message)

    def _end_stream(self, finish_reason: str | None, error: str | None = None) -> None:
        self._flush_tokens()
        row = self._answer_row
        if 0 <= row < self.model.rowCount():
            self.model.update(row, streaming=False, finish_reason=finish_reason, error=error)

    def close(self) -> None:
        self._flush.stop()
