"""Protocols the chat session meets its collaborators at: retrieval, extraction and
the model worker's job context."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from kai_desktop.core.chat.events import Answer, TextDelta
from kai_desktop.core.llm.model import (
    ChatMessage,
    ChatModel,
)
from kai_desktop.core.retrieval.search import Hit


class ContextSource(Protocol):
    """What the session needs from the retriever."""

    def context(self, query: str, token_budget: int) -> list[Hit]: ...

    def search(self, query: str, limit: int = 5) -> list[Hit]: ...


class ConversationExtractor(Protocol):
    """What happens to turns that leave the window, and at the end (see extraction)."""

    def after_compaction(
        self,
        model: ChatModel,
        messages: Sequence[ChatMessage],
        *,
        user_messages: int,
        stop_flag: Callable[[], bool] | None = None,
    ) -> object: ...

    def finish_session(
        self,
        model: ChatModel,
        *,
        transcript: Sequence[ChatMessage],
        unextracted: Sequence[ChatMessage],
        user_messages: int,
        summary: str = "",
        stop_flag: Callable[[], bool] | None = None,
    ) -> object: ...


class JobContextLike(Protocol):
    """The parts of the model worker's job context a turn uses."""

    @property
    def stop_requested(self) -> Callable[[], bool]: ...

    @property
    def emit_token(self) -> Callable[[str], None]: ...

    @property
    def emit_event(self) -> Callable[[object], None]: ...


RunTurn = Callable[..., "Answer"]
"""``run(model, text, *, stop_flag, on_event) -> Answer``: a turn run to the end."""


def worker_job(run: RunTurn, text: str) -> Callable[[ChatModel, JobContextLike], Answer]:
    """``run`` as a model-worker job: text goes out as ``token``, other events as events."""

    def job(model: ChatModel, ctx: JobContextLike) -> Answer:
        def deliver(event: object) -> None:
            if isinstance(event, TextDelta):
                ctx.emit_token(event.text)
            else:
                ctx.emit_event(event)

        result: Answer = run(model, text, stop_flag=ctx.stop_requested, on_event=deliver)
        return result

    return job
