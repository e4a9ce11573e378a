"""The agent-file loop: ask the model, run its code in the sandbox, feed the result back.

Each model answer is a step: code is run through the :class:`SandboxRunner` (every file
access goes to :class:`ToolHandler`) and its result returns to the model as
``<result>…</result>``; a ``<reply>`` ends the loop. A broken format gets one corrective
retry; a second broken answer, or reaching the turn limit, ends with a plain-text answer
asked for without the protocol. Works with any :class:`ChatModel`.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from kai_desktop.core.agent.ports import SandboxRunner, ToolHandler
from kai_desktop.core.agent.prompt import (
    CORRECTION,
    PLAIN_SYSTEM,
    example_messages,
    look_first,
    plain_prompt,
    result_nudge,
    system_prompt,
)
from kai_desktop.core.agent.protocol import parse_answer, result_message, strip_tags
from kai_desktop.core.llm.model import (
    FINISH_STOPPED,
    ChatMessage,
    ChatModel,
    DoneEvent,
    ModelError,
    TokenEvent,
)

Outcome = Literal["reply", "plain_fallback", "turn_limit", "stopped", "error"]
NO_ANSWER = "I could not work out an answer from my memory files this time."
_CLOSING = re.compile(r"</(?:python|reply)>", re.I)
_LONGEST_TAG = len("</python>")


@dataclass(frozen=True, slots=True)
class AgentStep:
    """One model answer that ran code: what it thought, the code, and what came back."""

    index: int
    think: str
    code: str
    result: str
    ok: bool
    tool_calls: int


@dataclass(frozen=True, slots=True)
class AgentAnswer:
    """The reply for the user and the steps that led to it."""

    reply: str
    steps: tuple[AgentStep, ...]
    outcome: Outcome
    model_calls: int
    error: str | None = None


@dataclass(frozen=True, slots=True)
class AgentConfig:
    max_turns: int = 6
    answer_tokens: int = 384
    plain_tokens: int = 256
    temperature: float = 0.2


@dataclass
class _Run:
    question: str
    messages: list[ChatMessage]
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    steps: list[AgentStep] = field(default_factory=list)
    model_calls: int = 0
    looked: bool = False
    retried: bool = False


class AgentLoop:
    """Runs agent-file turns; holds no conversation state of its own (pass ``history``)."""

    def __init__(
        self,
        runner: SandboxRunner,
        tools: ToolHandler,
        config: AgentConfig | None = None,
        *,
        files: Callable[[], str] | None = None,
    ) -> None:
        self.runner = runner
        self.tools = tools
        self.config = config or AgentConfig()
        self._files = files

    def run(
        self,
        model: ChatModel,
        user_text: str,
        history: Sequence[ChatMessage] = (),
        *,
        stop_flag: Callable[[], bool] | None = None,
        on_step: Callable[[AgentStep], None] | None = None,
    ) -> AgentAnswer:
        """One user turn; never raises for model or program failures."""
        stopped = stop_flag or (lambda: False)
        messages: list[ChatMessage] = [
            {"role": "system", "content": system_prompt(self._file_tree())},
            *example_messages(user_text),
            *history,
            {"role": "user", "content": user_text},
        ]
        run = _Run(user_text, messages)
        try:
            for _turn in range(max(1, self.config.max_turns)):
                if stopped():
                    return self._finish(run, "", "stopped")
                text, finish = self._ask(model, run, self.config.answer_tokens, stop_flag)
                if finish == FINISH_STOPPED:
                    return self._finish(run, strip_tags(text), "stopped")
                done = self._take(model, run, text, stop_flag, on_step)
                if done is not None:
                    return done
            return self._plain(model, run, "turn_limit", stop_flag)
        except ModelError as exc:
            return self._finish(run, f"The model could not answer: {exc}", "error", str(exc))

    def _take(
        self,
        model: ChatModel,
        run: _Run,
        text: str,
        stop_flag: Callable[[], bool] | None,
        on_step: Callable[[AgentStep], None] | None,
    ) -> AgentAnswer | None:
        """Act on one model answer; the turn's answer when it ends the turn."""
        parsed = parse_answer(text)
        if parsed.kind == "reply":
            if self._look_first(run, text):
                return None
            return self._finish(run, parsed.reply, "reply")
        if parsed.kind == "code":
            if any(s.code == parsed.code for s in run.steps):
                # A small model that repeats itself is stuck: running the same code
                # again helps no one, but what it found so far may answer.
                return self._plain(model, run, "plain_fallback", stop_flag)
            step = self._run_code(run, parsed.think, parsed.code)
            if on_step is not None:
                on_step(step)
            return None
        if run.retried:
            return self._plain(model, run, "plain_fallback", stop_flag)
        run.retried = True
        run.messages += [
            {"role": "assistant", "content": text},
            {"role": "user", "content": CORRECTION},
        ]
        return None

    @staticmethod
    def _look_first(run: _Run, text: str) -> bool:
        """A reply to a question or a new fact before any code ran is a guess (small
        models answer from nothing): once, the model is sent to the files first."""
        nudge = None if run.steps or run.looked else look_first(run.question)
        if nudge is None:
            return False
        run.looked = True
        run.messages += [
            {"role": "assistant", "content": text},
            {"role": "user", "content": nudge},
        ]
        return True

    def _file_tree(self) -> str | None:
        if self._files is None:
            return None
        try:
            return self._files()
        except Exception:  # the tree is a hint only; the model can still list files
            return None

    def _ask(
        self,
        model: ChatModel,
        run: _Run,
        max_tokens: int,
        stop_flag: Callable[[], bool] | None,
    ) -> tuple[str, str]:
        """The model's answer, ended at its first ``</python>`` or ``</reply>``: what a
        small model writes after that (an invented result, more code) is never read, and
        not generating it saves time. Works with any back end: the stop flag is polled
        after every token."""
        run.model_calls += 1
        user_stop = stop_flag or (lambda: False)
        text = ""
        closed: re.Match[str] | None = None
        finish = "stop"
        stream = model.stream(
            run.messages,
            max_tokens=max_tokens,
            temperature=self.config.temperature,
            stop_flag=lambda: closed is not None or user_stop(),
        )
        for event in stream:
            if isinstance(event, TokenEvent) and closed is None:
                start = max(0, len(text) - _LONGEST_TAG)
                text += event.text
                closed = _CLOSING.search(text, start)
            elif isinstance(event, DoneEvent):
                finish = event.finish_reason
        if closed is not None:
            text = text[: closed.end()]
            if finish == FINISH_STOPPED and not user_stop():
                finish = "stop"
        return text, finish

    def _run_code(self, run: _Run, think: str, code: str) -> AgentStep:
        result = self.runner.run(code, self.tools, session=run.session)
        text = result.render()
        step = AgentStep(len(run.steps) + 1, think, code, text, result.ok, result.tool_calls)
        run.steps.append(step)
        said = f"<think>{think}</think>\n<python>\n{code}\n</python>"
        run.messages += [
            {"role": "assistant", "content": said},
            {"role": "user", "content": result_message(text, result_nudge(run.question))},
        ]
        return step

    def _plain(
        self,
        model: ChatModel,
        run: _Run,
        outcome: Outcome,
        stop_flag: Callable[[], bool] | None,
    ) -> AgentAnswer:
        """A last answer without the protocol, from a fresh short prompt: the question and
        what the steps found (small models answer this far more reliably)."""
        findings = [f"{s.code}\n{s.result}" for s in run.steps if s.ok]
        run.messages = [
            {"role": "system", "content": PLAIN_SYSTEM},
            {"role": "user", "content": plain_prompt(run.question, findings)},
        ]
        text, _finish = self._ask(model, run, self.config.plain_tokens, stop_flag)
        return self._finish(run, strip_tags(text) or NO_ANSWER, outcome)

    @staticmethod
    def _finish(run: _Run, reply: str, outcome: Outcome, error: str | None = None) -> AgentAnswer:
        return AgentAnswer(reply, tuple(run.steps), outcome, run.model_calls, error)
