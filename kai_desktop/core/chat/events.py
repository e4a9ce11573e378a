"""What a chat turn reports: its answer, citations, timings and the events it
streams."""

from __future__ import annotations

from dataclasses import dataclass, field

from kai_desktop.core.agent.journal import FileChange
from kai_desktop.core.agent.loop import AgentStep
from kai_desktop.core.chat.budget import PromptBudget
from kai_desktop.core.llm.model import (
    FINISH_STOPPED,
    ToolCall,
)
from kai_desktop.core.memory.tools import (
    NoteRef,
    ToolResult,
)


@dataclass(frozen=True)
class Citations:
    """What went into an answer's prompt: memory keys and note passages."""

    memories: tuple[str, ...] = ()
    notes: tuple[NoteRef, ...] = ()


@dataclass(frozen=True)
class RoundUsage:
    """Token counts of one request to the model."""

    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    finish_reason: str


@dataclass(frozen=True)
class TurnStats:
    """Timings (milliseconds) and token counts of one turn."""

    retrieval_ms: float = 0.0
    assembly_ms: float = 0.0
    rounds: tuple[RoundUsage, ...] = ()
    to_model_ms: float = 0.0
    """From send to the first request handed to the model: retrieval, assembly and the
    window bookkeeping (a compaction's summary request, if any, counts too)."""
    budget: PromptBudget | None = None
    """How the prompt of the turn's first request was spent, by section."""

    @property
    def overhead_ms(self) -> float:
        """Retrieval + prompt assembly."""
        return self.retrieval_ms + self.assembly_ms


@dataclass(frozen=True)
class Answer:
    """One finished turn. ``finish_reason``: stop, length, stopped, tool_limit or error.
    ``steps``: what the model ran in agent-file mode (empty in a normal turn);
    ``changes``: the files its code changed, oldest first, which can be undone."""

    turn: int
    question: str
    text: str
    citations: Citations
    tool_results: tuple[ToolResult, ...]
    finish_reason: str
    error: str | None = None
    stats: TurnStats = field(default_factory=TurnStats)
    steps: tuple[AgentStep, ...] = ()
    changes: tuple[FileChange, ...] = ()

    @property
    def stopped(self) -> bool:
        return self.finish_reason == FINISH_STOPPED


@dataclass(frozen=True)
class TextDelta:
    """A piece of the visible answer."""

    text: str


@dataclass(frozen=True)
class ToolCallStarted:
    call: ToolCall


@dataclass(frozen=True)
class ToolCallFinished:
    result: ToolResult


@dataclass(frozen=True)
class Compacted:
    """The oldest ``turns`` turns were summarised and left the window."""

    summary: str
    turns: int


@dataclass(frozen=True)
class TurnFinished:
    answer: Answer


@dataclass(frozen=True)
class AfterTurn:
    """Work done after the answer (fact extraction after a compaction)."""

    report: object


SessionEvent = (
    TextDelta | ToolCallStarted | ToolCallFinished | Compacted | TurnFinished | AfterTurn
    | AgentStep
)
