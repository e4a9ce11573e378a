"""A chat turn in agent-file mode: the message goes to the agent loop, not the normal turn.

The model reads and changes the vault's files through the sandbox (``core.agent``);
each step it ran is reported as it ends (an :class:`~kai_desktop.core.agent.loop.AgentStep`
event) and the reply comes as one :class:`TextDelta`, then :class:`TurnFinished` with an
:class:`Answer` whose ``steps`` hold them all. The exchange joins the session's transcript
(extraction and the session note see it) but not its window: the agent's prompt is its
own, with the last few exchanges as history.

Nothing here knows about Qt; :meth:`AgentTurns.turn_job` is a job for the model worker.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Final

from kai_desktop.core.agent.journal import FileChange, TrashJournal, TurnChanges, UndoReport
from kai_desktop.core.agent.loop import AgentAnswer, AgentConfig, AgentLoop, AgentStep
from kai_desktop.core.agent.ports import SandboxRunner
from kai_desktop.core.agent.results import ToolError
from kai_desktop.core.agent.tools import MemoryTools
from kai_desktop.core.chat.events import (
    Answer,
    Citations,
    SessionEvent,
    TextDelta,
    TurnFinished,
)
from kai_desktop.core.chat.ports import JobContextLike, worker_job
from kai_desktop.core.chat.session import ChatSession, TurnInProgress
from kai_desktop.core.llm.model import FINISH_STOPPED, ChatMessage, ChatModel
from kai_desktop.core.retrieval.search import Hit
from kai_desktop.core.settings import Settings

HISTORY_MESSAGES: Final = 4
"""Earlier messages the agent sees: the last two exchanges."""
HISTORY_CHARS: Final = 1200
_FINISH: Final = {
    "reply": "stop",
    "plain_fallback": "stop",
    "turn_limit": "tool_limit",
    "stopped": FINISH_STOPPED,
    "error": "error",
}


def agent_config(settings: Settings) -> AgentConfig:
    return AgentConfig(max_turns=settings.agent_max_turns)


class SessionSearch:
    """The agent's ``search`` tool over the session's retriever (None until the index is
    open: then the tool says so to the model)."""

    def __init__(self, session: ChatSession) -> None:
        self.session = session

    def search(self, query: str, limit: int = 5) -> list[Hit]:
        retriever = self.session.retriever
        if retriever is None:
            raise ToolError("search is not available yet: the search index is still opening")
        return retriever.search(query, limit)


class AgentTurns:
    """Runs the user's messages of one :class:`ChatSession` through an :class:`AgentLoop`.

    ``files()`` lists the vault's files for the prompt. One turn at a time. For a
    remote model, the session's private notes are out of the tools' reach (and of the
    file list). Every file a turn changes is in its answer's ``changes``; :meth:`undo`
    puts them back.
    """

    def __init__(
        self,
        session: ChatSession,
        runner: SandboxRunner,
        tools: MemoryTools,
        *,
        config: AgentConfig | None = None,
        files: Callable[[], str] | None = None,
    ) -> None:
        self.session = session
        self.runner = runner
        self.tools = tools
        if not isinstance(tools.journal, TrashJournal):
            raise TypeError("the agent's tools need a TrashJournal, to undo their changes")
        self.changes = TurnChanges(tools.journal)
        self.loop = AgentLoop(runner, tools, config, files=files)
        self._lock = threading.Lock()

    @property
    def config(self) -> AgentConfig:
        return self.loop.config

    @config.setter
    def config(self, config: AgentConfig) -> None:
        self.loop.config = config

    def history(self) -> list[ChatMessage]:
        """The last exchanges of the conversation, answers in the agent's reply format."""
        recent = self.session.transcript()[-HISTORY_MESSAGES:]
        while recent and recent[0]["role"] != "user":
            recent.pop(0)
        history: list[ChatMessage] = []
        for message in recent:
            content = str(message.get("content") or "")[:HISTORY_CHARS]
            if message["role"] == "assistant":
                content = f"<reply>{content}</reply>"
            history.append({"role": message["role"], "content": content})
        return history

    def run(
        self,
        model: ChatModel,
        text: str,
        *,
        stop_flag: Callable[[], bool] | None = None,
        on_event: Callable[[SessionEvent], None] | None = None,
    ) -> Answer:
        """One agent turn; steps and the reply go to ``on_event`` as they come."""
        if not self._lock.acquire(blocking=False):
            raise TurnInProgress("an agent turn is already running in this conversation")
        try:
            return self._run(model, text.strip(), stop_flag, on_event or (lambda _e: None))
        finally:
            self._lock.release()

    def _run(
        self,
        model: ChatModel,
        text: str,
        stop_flag: Callable[[], bool] | None,
        emit: Callable[[SessionEvent], None],
    ) -> Answer:
        def on_step(step: AgentStep) -> None:
            emit(step)

        self.tools.hidden = None if model.is_local else self.session.private
        self.changes.start_turn()
        try:
            result = self.loop.run(
                model, text, self.history(), stop_flag=stop_flag, on_step=on_step
            )
        finally:
            changes = self.changes.take()
        finish = _FINISH[result.outcome]
        reply = result.reply if finish != FINISH_STOPPED else ""
        if reply:
            emit(TextDelta(reply))
        turn = self.session.record_exchange(text, reply)
        answer = _answer(turn, text, reply, finish, result, changes=changes)
        if reply:
            self.session.last_answer = answer  # /w and /r flag it
        emit(TurnFinished(answer))
        return answer

    def turn_job(self, text: str) -> Callable[[ChatModel, JobContextLike], Answer]:
        """A job for the model worker: the reply goes out as ``token``, the rest as events."""
        return worker_job(self.run, text)

    def undo(self, changes: tuple[FileChange, ...]) -> UndoReport:
        """Put back the files a turn changed (only those not edited since)."""
        with self._lock:
            return self.changes.undo(changes, self.tools.vault)

    def undo_job(
        self, changes: tuple[FileChange, ...]
    ) -> Callable[[ChatModel, JobContextLike], UndoReport]:
        """:meth:`undo` as a job for the model worker (after any turn still running)."""

        def job(_model: ChatModel, _ctx: JobContextLike) -> UndoReport:
            return self.undo(changes)

        return job

    def close(self) -> None:
        """End the sandbox worker."""
        self.runner.close()


def _answer(
    turn: int,
    text: str,
    reply: str,
    finish: str,
    result: AgentAnswer,
    *,
    changes: tuple[FileChange, ...],
) -> Answer:
    return Answer(
        turn=turn,
        question=text,
        text=reply,
        citations=Citations(),
        tool_results=(),
        finish_reason=finish,
        error=result.error,
        steps=result.steps,
        changes=changes,
    )
