"""One request to the model inside a turn: streaming, holding back call text, reading
the calls from the answer, and re-decoding a broken call under its schema.

Small local models write tool calls as JSON in their answer (held back from the user while
it streams). A call that is malformed, fails validation, or runs away is decoded again
under the tool's schema (a forced ``tool_choice``, which the llama.cpp back end runs under a
grammar). Grammar decoding is not the default because it is slower per token than free
decoding (measured about 2.5x on the Qwen 0.5B here) and the free call is usually right.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Final

from kai_desktop.core.chat.call_watch import CallWatch
from kai_desktop.core.chat.events import RoundUsage, SessionEvent, TextDelta
from kai_desktop.core.llm.model import (
    FINISH_STOPPED,
    ChatMessage,
    ChatModel,
    DoneEvent,
    ModelError,
    TokenEvent,
    ToolCall,
    ToolCallEvent,
    ToolSpec,
    collect,
)
from kai_desktop.core.memory.call_text import ContentCalls, calls_from_content
from kai_desktop.core.memory.tool_specs import ALL_TOOLS
from kai_desktop.core.memory.tools import ToolBox

if TYPE_CHECKING:
    from kai_desktop.core.chat.session import SessionConfig

_RUNAWAY_CALL_CHARS: Final = 600
"""A held-back call longer than this is cut short and decoded under its schema."""


@dataclass(frozen=True)
class RoundOutcome:
    text: str
    calls: list[ToolCall]
    stopped: bool
    finish_reason: str
    attempted: bool
    problems: list[tuple[ToolCall, str]] = field(default_factory=list)
    """Calls that could not be read, with the error the model gets back."""


def usage(done: DoneEvent) -> RoundUsage:
    return RoundUsage(
        done.prompt_tokens, done.cached_tokens, done.completion_tokens, done.finish_reason
    )


def with_ids(calls: Sequence[ToolCall], salt: int) -> list[ToolCall]:
    return [
        c if c.id else ToolCall(f"call_{salt}_{i}", c.name, c.arguments)
        for i, c in enumerate(calls)
    ]




class RoundRunner:
    """Runs the requests of a turn for one session (its config and tool box)."""

    def __init__(self, config: SessionConfig, tools: ToolBox) -> None:
        self.config = config
        self.tools = tools
        self.before_request: Callable[[], None] | None = None
        """Called just before each request goes to the model (turn timings)."""

    def answer_without_tools(
        self,
        model: ChatModel,
        messages: list[ChatMessage],
        stop_flag: Callable[[], bool] | None,
        rounds: list[RoundUsage],
    ) -> Generator[SessionEvent, None, str]:
        """The retry of an empty turn: the conversation so far, no tools offered, and any
        call-shaped text held back."""
        try:
            outcome = yield from self.stream(
                model, messages, tools=[], watch_calls=True, constrain=False,
                stop_flag=stop_flag, rounds=rounds,
            )
        except ModelError:
            return ""
        return outcome.text.strip()

    def stream(
        self,
        model: ChatModel,
        messages: list[ChatMessage],
        *,
        tools: list[ToolSpec],
        watch_calls: bool,
        constrain: bool,
        stop_flag: Callable[[], bool] | None,
        rounds: list[RoundUsage],
    ) -> Generator[SessionEvent, None, RoundOutcome]:
        """One request: yields text deltas, returns the round's outcome.

        ``watch_calls``: hold back text that may be a tool call (tools offered, or the
        last round after tool calls, whose stray calls must not reach the user).
        """
        names = [t.name for t in tools]
        watch = CallWatch(ALL_TOOLS) if watch_calls else None
        parts: list[str] = []
        aborted = False
        abort_name: str | None = None

        def stopping() -> bool:
            return aborted or (stop_flag is not None and stop_flag())

        native: list[ToolCall] = []
        done = DoneEvent("stop")
        if self.before_request is not None:
            self.before_request()
        events = model.stream(
            messages,
            tools=tools or None,
            tool_choice="auto" if tools else None,
            max_tokens=self.config.answer_tokens,
            temperature=self.config.temperature,
            stop_flag=stopping,
        )
        try:
            for event in events:
                if isinstance(event, TokenEvent):
                    parts.append(event.text)
                    shown = watch.feed(event.text) if watch is not None else event.text
                    if shown:
                        yield TextDelta(shown)
                    if (
                        constrain
                        and watch is not None
                        and not aborted
                        and len(watch.held) > _RUNAWAY_CALL_CHARS
                    ):
                        # A call this long has gone astray (small models repeat keys):
                        # stop and decode it under the schema instead.
                        name = watch.named_tool()
                        if name is not None and name in names:
                            aborted, abort_name = True, name
                elif isinstance(event, ToolCallEvent):
                    native.extend(event.calls)
                else:
                    done = event
        finally:
            close = getattr(events, "close", None)
            if close is not None:
                close()
        rounds.append(usage(done))
        text = "".join(parts)
        held = watch.held if watch is not None else ""
        shown_text = text[: len(text) - len(held)]
        if stop_flag is not None and stop_flag():
            return RoundOutcome(shown_text.strip(), [], True, FINISH_STOPPED, False)

        if aborted and abort_name is not None:
            return self._decode_call(
                model,
                messages,
                tools=tools,
                name=abort_name,
                prose=shown_text.strip(),
                stop_flag=stop_flag,
                rounds=rounds,
            )
        if native and tools:
            rest = watch.finish() if watch is not None else ""
            if rest.strip():
                yield TextDelta(rest)
            return RoundOutcome(
                text.strip(), with_ids(native, len(rounds)), False, "tool_calls", True
            )
        found = calls_from_content(text) if watch is not None else None
        if found is not None and constrain:
            # A call to a tool that does not exist ("Error", the user's name...) is dropped
            # quietly: the user sees the prose, never the call's JSON.
            known = [c for c in found.calls if c.name.strip() in ALL_TOOLS]
            unknown = len(found.calls) - len(known)
            found = replace(found, calls=known)
            if unknown and not found.attempted:
                if watch is not None:
                    watch.finish()
                return RoundOutcome(found.prose, [], False, done.finish_reason, True)
        if found is not None and found.calls and found.prose.strip() and not native:
            # A call quoted inside prose (a note's text echoed back, say) is not a call:
            # only an answer that is a call and nothing else runs one.
            found = replace(found, calls=[], problems=[])
            if watch is not None:
                watch.finish()
            return RoundOutcome(found.prose, [], False, done.finish_reason, False)
        if found is None or not found.attempted:
            rest = watch.finish() if watch is not None else ""
            if rest:
                yield TextDelta(rest)
            return RoundOutcome(text.strip(), [], False, done.finish_reason, bool(native))
        if watch is not None:
            watch.finish()
        extra = calls_from_content(held).prose if held else ""
        if extra:
            yield TextDelta(("\n\n" if shown_text.strip() else "") + extra)
        if not tools:
            # Last round: calls are not run any more; only the prose is kept.
            return RoundOutcome(found.prose, [], False, done.finish_reason, True)
        if constrain:
            broken = self._first_broken_call(found, names)
            if broken is not None:
                return self._decode_call(
                    model,
                    messages,
                    tools=tools,
                    name=broken,
                    prose=found.prose,
                    stop_flag=stop_flag,
                    rounds=rounds,
                )
        problems = [
            (ToolCall("", name, ""), f"Error: {why}. Write the call again as JSON: "
             '{"name": "<tool>", "arguments": {...}}.')
            for name, why in found.problems
        ]
        return RoundOutcome(
            found.prose,
            with_ids(found.calls, len(rounds)),
            False,
            "tool_calls",
            True,
            problems,
        )

    def _first_broken_call(self, found: ContentCalls, names: Sequence[str]) -> str | None:
        """The offered tool of the first call that is malformed or fails validation."""
        for name, _why in found.problems:
            if name in names:
                return name
        for call in found.calls:
            name = call.name.strip()
            if name in names and isinstance(self.tools.validate(call), str):
                return name
        return None

    def _decode_call(
        self,
        model: ChatModel,
        messages: list[ChatMessage],
        *,
        tools: list[ToolSpec],
        name: str,
        prose: str,
        stop_flag: Callable[[], bool] | None,
        rounds: list[RoundUsage],
    ) -> RoundOutcome:
        """Decode a call to ``name`` again, forced, so it follows the tool's schema."""
        forced = collect(
            model.stream(
                messages,
                tools=tools,
                tool_choice={"type": "function", "function": {"name": name}},
                max_tokens=self.config.answer_tokens,
                temperature=self.config.tool_temperature,
                stop_flag=stop_flag,
            )
        )
        rounds.append(usage(forced.done))
        if forced.done.finish_reason == FINISH_STOPPED:
            return RoundOutcome(prose, [], True, FINISH_STOPPED, True)
        calls = list(forced.tool_calls) or calls_from_content(forced.text).calls
        if calls:
            return RoundOutcome(
                prose, with_ids(calls, len(rounds)), False, "tool_calls", True
            )
        problem = (
            ToolCall("", name, forced.text.strip()),
            f"Error: the call to {name} could not be read.",
        )
        return RoundOutcome(prose, [], False, "tool_calls", True, [problem])

