"""One conversation with the model: prompt assembly, the tool loop, the sliding window.

Messages sent for a turn are, in order: the system prompt (Soul, Memory, Procedural, the
memories, today's daily note, then a summary of compacted turns), the window of earlier
turns, and the new user message with the notes retrieved for it in front. Retrieved
notes ride with the user message rather than in the system prompt, so the prompt stays
byte-identical to the previous request up to the previous message and llama.cpp
re-evaluates little more than the new tokens. Only the latest message that brought notes
keeps them (older ones are reduced to their words), so notes never pile up in the
window; when the notes found are all in the window already, they are not sent again
(they are still cited).

When the window no longer fits the model's context, the oldest turns are summarised by
the model (compaction) and the summary joins the system prompt; the dropped turns then go
to fact extraction.

Tool calls: the tools are offered with ``tool_choice="auto"``. Small local models write
the call as JSON in their answer (held back from the user while it streams). A call that
is malformed or fails validation, or runs away, is decoded again under the tool's schema
(a forced ``tool_choice``, which the llama.cpp back end runs under a grammar), so it is
valid JSON. Grammar decoding is not the default because it is slower per token than free
decoding (measured about 2.5x on the Qwen 0.5B here) and the free call is usually right.
The loop is bounded: after ``max_tool_rounds`` rounds the model answers without tools.

Nothing here knows about Qt: a turn is a generator of :data:`SessionEvent` values, or a
call with a callback (:meth:`ChatSession.run_turn`), or a job for the model worker.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from kai_desktop.core.chat.asked import answered_by_memory, memory_hint
from kai_desktop.core.chat.budget import (
    PromptBudget,
    TurnMeasure,
    count_sections,
    measure_budget,
)
from kai_desktop.core.chat.context import (
    ACKNOWLEDGEMENT,
    VOICE_GUIDANCE,
    address_user,
    chunk_id,
    copies_prompt,
    is_echo,
    mirror_perspective,
    plain_message,
    relevant_hits,
    speak_to_user,
    user_content,
    without_acknowledgements,
    without_log_lines,
    without_memory_hint,
)
from kai_desktop.core.chat.events import (
    AfterTurn,
    Answer,
    Citations,
    Compacted,
    RoundUsage,
    SessionEvent,
    TextDelta,
    ToolCallFinished,
    ToolCallStarted,
    TurnFinished,
    TurnStats,
)
from kai_desktop.core.chat.memory_answer import (
    answer_from_memory,
    unknown_answer,
    without_echoed_question,
    without_source_preamble,
)
from kai_desktop.core.chat.ports import (
    ContextSource,
    ConversationExtractor,
    JobContextLike,
    worker_job,
)
from kai_desktop.core.chat.prompt import (
    AssembledPrompt,
    PromptInputs,
    build_system_prompt,
    escape_untrusted,
)
from kai_desktop.core.chat.rounds import RoundRunner, with_ids
from kai_desktop.core.chat.statement_reply import is_statement, off_the_point, small_talk_reply
from kai_desktop.core.llm.model import (
    FINISH_STOPPED,
    ChatMessage,
    ChatModel,
    ModelError,
    ToolSpec,
    assistant_message,
    collect,
    preserving_cache,
    tool_result_message,
)
from kai_desktop.core.memory.model import Memory
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.text_match import normalise_text
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.memory.tools import NoteRef, ToolBox, ToolResult
from kai_desktop.core.memory.transcripts import summarise, user_words
from kai_desktop.core.retrieval.search import Hit
from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.privacy import filter_private

_MESSAGE_OVERHEAD: Final = 6
"""Template tokens around each message (role markers, newlines)."""
_TOOLS_OVERHEAD: Final = 80
"""Template text that introduces the tool list."""
_MARGIN: Final = 32
_TOOL_ROUND_ROOM: Final = 256
"""Room kept in the window for the tool calls and results of the current turn."""
TOOL_GUIDANCE: Final = (
    "When the user tells you something about themselves or asks you to remember "
    "something, save it with memory_store (or memory_learn for a preference, a lesson or "
    "an error and its fix) before you answer. To forget, use memory_forget. When a fact "
    "about the user helped your answer, call memory_reinforce with its key. Otherwise "
    "answer directly. Speak as Kai, the assistant: the facts about the user describe the "
    "person you talk to, never you."
)
_NO_MORE_TOOLS: Final = "(No more tool calls now: answer the user directly.)"
_FALLBACK_ANSWER: Final = (
    "Sorry, I could not put an answer together just now. Could you say it again?"
)


@dataclass(frozen=True)
class SessionConfig:
    max_tool_rounds: int = 3
    answer_tokens: int = 512
    temperature: float = 0.7
    tool_temperature: float = 0.2
    constrain_tool_calls: bool | None = None
    """Re-decode calls under their schema; None: for local models."""
    context_tokens: int = 1200
    """Token budget of the notes retrieved for a message."""
    context_share: float = 0.25
    """At most this share of the model's context goes to retrieved notes."""
    memory_budget_chars: int = 2000
    local_model_tools: bool = False
    """Offer the memory tools to a local model in chat (remote models always get them)."""
    compact_to: float = 0.5
    """After a compaction the remaining turns use at most this share of the window."""
    summary_tokens: int = 200

    @classmethod
    def from_settings(cls, settings: Settings, **overrides: Any) -> SessionConfig:
        values: dict[str, Any] = {
            "context_tokens": settings.context_token_budget,
            "memory_budget_chars": settings.memory_budget_chars,
            "local_model_tools": settings.local_model_tools,
        }
        values.update(overrides)
        return cls(**values)


# -- the session ----------------------------------------------------------------------------


def _to_user(answer: str, text: str, hint: Sequence[str]) -> str:
    """The answer speaking to the user: memories' "the user" as "you", the user's own
    first-person words mirrored, a hinted memory not given in the user's voice, and the
    hinted memory itself when the answer leaves its value out."""
    voiced = speak_to_user(mirror_perspective(address_user(without_source_preamble(answer)),
                                              text), hint)
    return answer_from_memory(without_echoed_question(voiced, text), text, hint)


@dataclass
class _Entry:
    message: ChatMessage
    tokens: int
    turn: int
    chunks: frozenset[tuple[str, int, int]] = frozenset()


@dataclass(frozen=True)
class PreparedTurn:
    """The pure part of a turn: what will be sent, and what it cites."""

    system: str
    user_message: ChatMessage
    tools: list[ToolSpec]
    citations: Citations
    chunks: frozenset[tuple[str, int, int]]
    retrieval_ms: float
    assembly_ms: float
    retrieval_error: str | None = None
    hits: tuple[Hit, ...] = ()
    held_back: int = 0
    """Notes and memories kept from a remote model for privacy."""
    hint: tuple[str, ...] = ()
    """The memories that answer the message, repeated next to it."""
    memories: tuple[tuple[str, str], ...] = ()
    """(key, fact) of each memory the system prompt carries."""


class TurnInProgress(RuntimeError):
    """A second turn was started while one is running."""


class ChatSession:
    """Holds one conversation and runs its turns against a :class:`ChatModel`.

    The model is passed to each call, so the session works with a model that lives on its
    own thread (the call runs there). Not re-entrant: one turn at a time.
    """

    def __init__(
        self,
        *,
        memory: MemoryStore,
        tiers: Tiers,
        retriever: ContextSource | None = None,
        tools: ToolBox | None = None,
        extractor: ConversationExtractor | None = None,
        config: SessionConfig | None = None,
    ) -> None:
        self.memory = memory
        self.tiers = tiers
        self.retriever = retriever
        self.tools = tools or ToolBox(memory, retriever)
        self.extractor = extractor
        self.config = config or SessionConfig()
        self.experimental = False
        self.summary = ""
        self.last_answer: Answer | None = None
        self._window: list[_Entry] = []
        self._transcript: list[ChatMessage] = []
        self._transcript_turns: list[int] = []
        self._extracted_upto = 0
        self._turns = 0
        self._user_messages = 0
        self._lock = threading.Lock()
        self._token_cache: dict[tuple[str, str], int] = {}
        self._turn_started = 0.0
        self._to_model_ms: float | None = None
        self._snapshot: AssembledPrompt | None = None
        self._snapshot_key: tuple[bool, bool] = (True, True)
        self._private: Callable[[str], bool] | None = None
        self._held_back_memories = 0
        self._layer_tokens: tuple[AssembledPrompt, dict[str, int]] | None = None
        self._rounds = RoundRunner(self.config, self.tools)
        self._rounds.before_request = self._note_first_request

    # -- state ------------------------------------------------------------------------
    def _note_first_request(self) -> None:
        if self._to_model_ms is None:
            self._to_model_ms = (time.perf_counter() - self._turn_started) * 1000

    @property
    def private(self) -> Callable[[str], bool] | None:
        """Whether a vault path is private: never sent to a remote model (the app sets it),
        neither in the prompt nor in what the tools give back."""
        return self._private

    @private.setter
    def private(self, check: Callable[[str], bool] | None) -> None:
        self._private = check
        self.tools.private = check

    def set_retriever(self, retriever: ContextSource | None) -> None:
        """Use ``retriever`` from the next turn on (for context and ``memory_search``)."""
        self.retriever = retriever
        self.tools.searcher = retriever

    @property
    def turns(self) -> int:
        return self._turns

    @property
    def user_messages(self) -> int:
        return self._user_messages

    def transcript(self) -> list[ChatMessage]:
        """User and assistant messages of the whole conversation (no notes, no tools)."""
        return [dict(m) for m in self._transcript]

    def unextracted(self) -> list[ChatMessage]:
        """The part of the transcript that fact extraction has not seen yet."""
        return [dict(m) for m in self._transcript[self._extracted_upto :]]

    def window_messages(self) -> list[ChatMessage]:
        return [dict(e.message) for e in self._window]

    def last_exchange(self) -> tuple[str, str] | None:
        """The last question and answer, for /w and /r."""
        if self.last_answer is None:
            return None
        return self.last_answer.question, self.last_answer.text

    def record_exchange(self, question: str, answer: str) -> int:
        """A turn answered outside the window (agent-file mode) joins the transcript, for
        extraction and the session note; returns its turn number."""
        self._turns, self._user_messages = self._turns + 1, self._user_messages + 1
        said = [m for m in ({"role": "user", "content": question},
                            {"role": "assistant", "content": answer}) if m["content"]]  # fmt: skip
        self._transcript += said
        self._transcript_turns += [self._turns] * len(said)
        return self._turns

    def reset(self) -> None:
        """Start a new conversation (nothing is saved; see the extraction module)."""
        with self._lock:
            self._window.clear()
            self._transcript.clear()
            self._transcript_turns.clear()
            self._extracted_upto = 0
            self._turns = 0
            self._user_messages = 0
            self.summary = ""
            self.last_answer = None
            self._snapshot = None

    def prewarm(self, model: ChatModel, *, stop_flag: Callable[[], bool] | None = None) -> int:
        """Evaluate the stable prefix (system prompt and tools) while the app is idle, so
        the first message evaluates only its own tokens; returns the prompt's token count."""
        system = self._system_text(self._system_prompt(model).text, model)
        tools = self._offered_tools(model)
        done = collect(model.stream(
            [{"role": "system", "content": system}],
            tools=tools or None,
            tool_choice="auto" if tools else None,
            max_tokens=1,
            temperature=0.0,
            stop_flag=stop_flag,
        )).done
        if self.retriever is not None:
            # The first query pays for the embedder's and the index's first run (buffers,
            # caches); pay it now rather than in the first message's time to answer.
            with contextlib.suppress(Exception):
                self.retriever.search("hello", 1)
        return done.prompt_tokens

    # -- the turn ---------------------------------------------------------------------
    def run_turn(
        self,
        model: ChatModel,
        text: str,
        *,
        stop_flag: Callable[[], bool] | None = None,
        on_event: Callable[[SessionEvent], None] | None = None,
    ) -> Answer:
        """Run a whole turn, reporting events to ``on_event``; returns the answer."""
        answer: Answer | None = None
        for event in self.stream_turn(model, text, stop_flag=stop_flag):
            if isinstance(event, TurnFinished):
                answer = event.answer
            if on_event is not None:
                on_event(event)
        assert answer is not None
        return answer

    def turn_job(self, text: str) -> Callable[[ChatModel, JobContextLike], Answer]:
        """A job for the model worker: tokens go out as ``token``, the rest as events."""
        return worker_job(self.run_turn, text)

    def stream_turn(
        self, model: ChatModel, text: str, *, stop_flag: Callable[[], bool] | None = None
    ) -> Iterator[SessionEvent]:
        """Send ``text`` and stream the turn's events; the last one is :class:`TurnFinished`
        (possibly followed by :class:`AfterTurn`)."""
        if not self._lock.acquire(blocking=False):
            raise TurnInProgress("a turn is already running in this conversation")
        try:
            yield from self._turn(model, text, stop_flag)
        finally:
            self._lock.release()

    def prepare(self, model: ChatModel, text: str) -> PreparedTurn:
        """Retrieve notes and assemble the prompt for ``text`` (no model call)."""
        t0 = time.perf_counter()
        hits: list[Hit] = []
        error = None
        if self.retriever is not None and self.config.context_tokens > 0:
            budget = min(
                self.config.context_tokens, int(model.context_size * self.config.context_share)
            )
            try:
                hits = list(self.retriever.context(text, budget))
            except Exception as exc:  # no index yet, embedder missing...: answer anyway
                error = f"notes could not be searched: {exc}"
        t1 = time.perf_counter()
        assembled = self._system_prompt(model)
        hits = relevant_hits(hits, text, set(assembled.used_memories))
        held_back = self._held_back_memories if not model.is_local else 0
        if self.private is not None and not model.is_local:
            shared = filter_private(hits, self.private, remote=True)
            hits, held_back = shared.items, held_back + shared.held_back
        in_prompt = self._prompt_memories(assembled)
        # What the checks on the answer know: the prompt's memories, and those captured
        # since the prompt was built (the user's name told two turns ago in this session)
        known = self._known_memories(model, in_prompt)
        if hits and answered_by_memory(text, in_prompt):
            # A memory in the prompt is about what the user asks: older notes (a past
            # summary saying "lives in Lisbon") would only contradict its current value.
            hits = []
        tools = self._offered_tools(model)
        by_score = sorted(hits, key=lambda h: -h.score)  # cited best first
        notes = tuple(NoteRef(h.path, h.heading, h.start_line, h.end_line) for h in by_score)
        citations = Citations(tuple(assembled.used_memories), notes)
        hint = tuple(memory_hint(text, known)) if self.memory.enabled else ()
        message, chunks = self._user_message(text, hits, hint)
        t2 = time.perf_counter()
        return PreparedTurn(
            system=self._system_text(assembled.text, model),
            user_message=message,
            tools=tools,
            citations=citations,
            chunks=chunks,
            retrieval_ms=(t1 - t0) * 1000,
            assembly_ms=(t2 - t1) * 1000,
            retrieval_error=error,
            hits=tuple(hits),
            held_back=held_back,
            hint=hint,
            memories=tuple(known),
        )

    def _user_message(
        self, text: str, hits: Sequence[Hit], hint: Sequence[str] = ()
    ) -> tuple[ChatMessage, frozenset[tuple[str, int, int]]]:
        """The message to send and the note passages it carries.

        Notes travel with the latest message that needed them: when the window already
        holds every passage found, the message goes alone; otherwise it carries all of
        them and the turn takes the older notes out of the window (:meth:`_turn`).
        """
        present = self._chunks_in_window()
        new = [h for h in hits if chunk_id(h) not in present]
        chunks = frozenset(chunk_id(h) for h in new)
        return {"role": "user", "content": user_content(text, new, hint)}, chunks

    def _with_user_message(self, prepared: PreparedTurn, text: str) -> PreparedTurn:
        message, chunks = self._user_message(text, prepared.hits, prepared.hint)
        return replace(prepared, user_message=message, chunks=chunks)

    def _system_prompt(self, model: ChatModel) -> AssembledPrompt:
        """The layered system prompt, read once per conversation and kept byte-identical
        until a compaction (or a new conversation), so llama.cpp keeps its prefix cache.
        Memories captured meanwhile are in the conversation itself."""
        enabled = self.memory.enabled
        if self._snapshot is None or self._snapshot_key != (enabled, model.is_local):
            # Turning memory off (or on) takes effect at once, whatever the cache costs.
            self._snapshot = self._assemble(model)
            self._snapshot_key = (enabled, model.is_local)
            if not enabled:  # memories repeated next to earlier questions go too
                for entry in self._window:
                    entry.message = without_memory_hint(entry.message)
        return self._snapshot

    def _prompt_memories(self, assembled: AssembledPrompt) -> list[tuple[str, str]]:
        """(key, fact) of each memory the system prompt carries, read once per turn."""
        found = (self.memory.get(key) for key in assembled.used_memories)
        return [(m.key, m.content) for m in found if m is not None]

    def _known_memories(self, model: ChatModel, in_prompt: list[tuple[str, str]]
                        ) -> list[tuple[str, str]]:
        """(key, fact) of the current memories, those the prompt carries first: a memory
        captured or changed since the prompt was built is kept out of it (the prompt cache
        holds), but the checks on an answer and the memory hint know it."""
        if not self.memory.enabled:
            return in_prompt
        memories, _ = self._shareable(model)
        live = {m.key: m.content for m in memories}
        carried = [(key, live[key]) for key, _ in in_prompt if key in live]
        keys = {key for key, _ in carried}
        return carried + [(key, fact) for key, fact in live.items() if key not in keys]

    def _shared_memories(self, model: ChatModel) -> list[Memory]:
        """The memories the prompt may carry, those held back counted for the budget
        meter."""
        memories, self._held_back_memories = self._shareable(model)
        return memories

    def _shareable(self, model: ChatModel) -> tuple[list[Memory], int]:
        """The current memories ``model`` may see, and how many were held back: all for
        the embedded model, none from a private note for a remote one."""
        memories = self.memory.prompt_memories()
        if self.private is None or model.is_local:
            return memories, 0
        shared = filter_private(memories, self.private, remote=True)
        return shared.items, shared.held_back

    def invalidate_prompt(self) -> None:
        """Read the vault's prompt layers again at the next turn."""
        self._snapshot = None

    def _assemble(self, model: ChatModel) -> AssembledPrompt:
        enabled = self.memory.enabled
        inputs = PromptInputs(
            soul=self.tiers.soul(),
            memory_md=self.tiers.memory(),
            procedural_md=self.tiers.procedural(),
            memories=self._shared_memories(model) if enabled else [],
            daily=without_log_lines(self.tiers.daily_text()),
            retrieved=[],
            local_model=model.is_local,
            memory_enabled=enabled,
            memory_budget_chars=self.config.memory_budget_chars,
        )
        return build_system_prompt(inputs)

    def _offered_tools(self, model: ChatModel) -> list[ToolSpec]:
        if model.is_local and not self.config.local_model_tools:
            return []
        return self.tools.specs()

    def _system_text(self, prompt_text: str, model: ChatModel) -> str:
        text = VOICE_GUIDANCE + "\n\n" + prompt_text.rstrip()
        if self._offered_tools(model):
            text += "\n\n" + TOOL_GUIDANCE
        if self.summary:
            text += (
                "\n\nSummary of the earlier part of this conversation:\n"
                f"<conversation-summary>\n{escape_untrusted(self.summary)}\n"
                "</conversation-summary>"
            )
        return text

    def _turn(
        self, model: ChatModel, text: str, stop_flag: Callable[[], bool] | None
    ) -> Iterator[SessionEvent]:
        self._to_model_ms = None
        self._turn_started = time.perf_counter()
        text = text.strip()
        self._turns += 1
        self._user_messages += 1
        turn = self._turns
        prepared = self.prepare(model, text)
        compacted_messages: list[ChatMessage] = []

        user_tokens = self._count(model, prepared.user_message)
        budget = self._window_budget(model, prepared.system, prepared.tools)
        # When the window overflows, the oldest turns are summarised until it is back
        # under ``compact_to`` of its room: that costs a full re-evaluation, so it leaves
        # room for many turns. If the notes went with a dropped turn, this message
        # carries them again.
        room = budget - user_tokens - _TOOL_ROUND_ROOM
        if self._window and self._window_tokens() > room:
            summary_event, compacted_messages = self._compact(model, room, stop_flag)
            if summary_event is not None:
                yield summary_event
            prepared = self._with_user_message(self._refresh_system(prepared, model), text)
            user_tokens = self._count(model, prepared.user_message)

        self._transcript.append({"role": "user", "content": text})
        self._transcript_turns.append(turn)
        window_before = self._window_tokens()
        current: list[_Entry] = [
            _Entry(prepared.user_message, user_tokens, turn, prepared.chunks)
        ]
        results: list[ToolResult] = []
        rounds: list[RoundUsage] = []
        answer_text = ""
        finish = "stop"
        error: str | None = None
        done_calls: dict[tuple[str, str], ToolResult] = {}
        constrain = (
            self.config.constrain_tool_calls
            if self.config.constrain_tool_calls is not None
            else model.is_local
        )
        # Small local models copy text from their instructions into memories; their
        # memory_store calls must hold something the user actually said.
        said = user_words(self._transcript) if constrain else None

        for round_index in range(self.config.max_tool_rounds + 1):
            last_round = round_index == self.config.max_tool_rounds
            tools = [] if last_round else prepared.tools
            if last_round and results:
                _note_last_round(current)
            messages = [{"role": "system", "content": prepared.system}]
            messages += [e.message for e in self._window] + [e.message for e in current]
            try:
                outcome = yield from self._rounds.stream(
                    model,
                    messages,
                    tools=tools,
                    watch_calls=bool(tools) or bool(results),
                    constrain=constrain,
                    stop_flag=stop_flag,
                    rounds=rounds,
                )
            except ModelError as exc:
                error, finish = str(exc), "error"
                break
            answer_text = outcome.text
            if outcome.stopped:
                finish = FINISH_STOPPED
                break
            if not outcome.calls and not outcome.problems:
                finish = outcome.finish_reason
                if last_round and outcome.attempted:
                    finish = "tool_limit"
                    if not answer_text:
                        answer_text = "(I stopped after too many memory operations.)"
                        yield TextDelta(answer_text)
                break
            problems = with_ids([c for c, _ in outcome.problems], 900 + round_index)
            current.append(
                _Entry(assistant_message(outcome.text, outcome.calls + problems), 0, turn)
            )
            for call, (_, message) in zip(problems, outcome.problems, strict=True):
                yield ToolCallStarted(call)
                result = ToolResult(call, False, message)
                results.append(result)
                current.append(_Entry(tool_result_message(call, result.content), 0, turn))
                yield ToolCallFinished(result)
            for call in outcome.calls:
                yield ToolCallStarted(call)
                signature = (call.name.strip(), _canonical_args(call.arguments))
                if signature in done_calls:
                    previous = done_calls[signature]
                    result = ToolResult(
                        call,
                        previous.ok,
                        f"Already done in this turn: {previous.content} "
                        "Do not repeat the call; answer the user.",
                    )
                else:
                    result = self.tools.execute(
                        call, said=said, request=text,
                        untrusted=[h.text for h in prepared.hits],
                        remote=not model.is_local,
                    )
                    done_calls[signature] = result
                results.append(result)
                current.append(_Entry(tool_result_message(call, result.content), 0, turn))
                yield ToolCallFinished(result)
            answer_text = ""
            if stop_flag is not None and stop_flag():
                finish = FINISH_STOPPED
                break

        if answer_text and (
            is_echo(answer_text, text) or copies_prompt(answer_text, prepared.system, text)
        ):
            # The model repeated the user's words as its own: a plain acknowledgement
            # for a statement that asks nothing, another try for anything else ("I live in
            # Galway, so what's a good day trip?" wants its answer).
            answer_text = ACKNOWLEDGEMENT if is_statement(text) else ""
            if answer_text:
                yield TextDelta("\n\n" + answer_text)
        copied_ack = answer_text.strip() == ACKNOWLEDGEMENT and not is_statement(text)
        if copied_ack:
            # An acknowledgement copied from earlier turns, for a message that states
            # nothing ("tell me a joke") or asks something: not an answer.
            answer_text = ""
        answer_text = _to_user(answer_text, text, prepared.hint)
        if answer_text and not prepared.hint:
            answer_text = unknown_answer(answer_text, text, prepared.memories)
        if off_the_point(answer_text, text, prepared.memories):
            # A statement answered with a memory it did not mention, or in the user's
            # voice: a plain acknowledgement instead (the window then teaches no such reply).
            answer_text = ACKNOWLEDGEMENT
        elif (friendly := small_talk_reply(text, answer_text)) is not None:
            answer_text = friendly  # "Catch you later!" refused: a goodbye instead
        elif answer_text.strip() != ACKNOWLEDGEMENT and self._said_before(answer_text, text):
            # The reply to another message, given again: the model copying its window.
            answer_text = ACKNOWLEDGEMENT if is_statement(text) else ""
        if finish not in (FINISH_STOPPED, "error") and not answer_text.strip():
            # A turn never ends empty: one more try without tools, then an honest line.
            retry: list[ChatMessage] = [{"role": "system", "content": prepared.system}]
            earlier = [e.message for e in self._window]
            if copied_ack:
                earlier = without_acknowledgements(earlier)
            retry += earlier + [e.message for e in current]
            # The retry's prompt is not the next turn's: the cache keeps the first try's,
            # which the next turn shares up to this answer (else every later turn of the
            # session evaluated again all that followed the first acknowledgement dropped).
            with preserving_cache(model):
                answer_text = yield from self._rounds.answer_without_tools(
                    model, retry, stop_flag, rounds
                )
            if answer_text and is_echo(answer_text, text):
                # The question said back a second time ("Whit's the dug cried."): the
                # memory that answers it, or the honest line below
                answer_text = prepared.hint[0] if prepared.hint else ""
            answer_text = _to_user(answer_text, text, prepared.hint)  # as the first try
            if answer_text and not prepared.hint:
                # "Your sister's name is Sarah." with no sister known: as the first try
                answer_text = unknown_answer(answer_text, text, prepared.memories)
            if answer_text and copies_prompt(answer_text, prepared.system, text):
                # Its instructions read back a second time: the memory that answers, if any
                answer_text = address_user(prepared.hint[0]) if prepared.hint else ""
            if off_the_point(answer_text, text, prepared.memories):
                answer_text = ACKNOWLEDGEMENT  # the second try fails a statement as the first
            if not answer_text and not (stop_flag is not None and stop_flag()):
                answer_text = _FALLBACK_ANSWER
                yield TextDelta(answer_text)
        # The turn joins the window exactly as it was sent (prompt-cache reuse); a turn
        # the model failed on, or that has no answer, does not, so it cannot make the next
        # one fail too.
        if finish != "error" and answer_text.strip():
            current.append(_Entry(assistant_message(answer_text), 0, turn))
            for entry in current:
                if entry.tokens == 0:
                    entry.tokens = self._count(model, entry.message)
            self._window.extend(current)
        if answer_text:
            self._transcript.append({"role": "assistant", "content": answer_text})
            self._transcript_turns.append(turn)
        citations = _merge_citations(prepared.citations, results)
        held_back = prepared.held_back + sum(r.held_back for r in results)
        answer = Answer(
            turn=turn,
            question=text,
            text=answer_text,
            citations=citations,
            tool_results=tuple(results),
            finish_reason=finish,
            error=error,
            stats=TurnStats(
                prepared.retrieval_ms,
                prepared.assembly_ms,
                tuple(rounds),
                self._to_model_ms or 0.0,
                self._measure(
                    model, replace(prepared, held_back=held_back), text,
                    (user_tokens, window_before),
                ),
            ),
        )
        self.last_answer = answer
        yield TurnFinished(answer)
        if compacted_messages and self.extractor is not None:
            report = self.extractor.after_compaction(
                model,
                compacted_messages,
                user_messages=self._user_messages,
                stop_flag=stop_flag,
            )
            yield AfterTurn(report)

    # -- window and compaction --------------------------------------------------------
    def _said_before(self, answer: str, user_text: str) -> bool:
        """Whether the window holds ``answer`` as the reply to a message other than
        ``user_text``."""
        said = normalise_text(answer)
        asked = None
        for entry in self._window:
            message = entry.message
            content = message.get("content")
            if not isinstance(content, str):
                continue
            if message.get("role") == "user":
                asked = content
            elif (message.get("role") == "assistant" and normalise_text(content) == said
                  and asked is not None and user_text not in asked):
                return True
        return False

    def _count(self, model: ChatModel, message: ChatMessage) -> int:
        content = message.get("content") or ""
        extra = ""
        if message.get("tool_calls"):
            extra = json.dumps(message["tool_calls"], ensure_ascii=False)
        text = f"{content}{extra}"
        key = (model.name, text)
        cached = self._token_cache.get(key)
        if cached is None:
            cached = model.count_tokens(text) + _MESSAGE_OVERHEAD
            if len(self._token_cache) > 4096:
                self._token_cache.clear()
            self._token_cache[key] = cached
        return cached

    def _window_tokens(self) -> int:
        return sum(e.tokens for e in self._window)

    def _tools_tokens(self, model: ChatModel, tools: list[ToolSpec]) -> int:
        if not tools:
            return 0
        spec_text = json.dumps([t.to_openai() for t in tools], ensure_ascii=False)
        return self._count(model, {"content": spec_text}) + _TOOLS_OVERHEAD

    def _window_budget(self, model: ChatModel, system: str, tools: list[ToolSpec]) -> int:
        reserve = min(self.config.answer_tokens, model.context_size // 4)
        tool_tokens = self._tools_tokens(model, tools)
        system_tokens = self._count(model, {"content": system})
        return model.context_size - reserve - tool_tokens - system_tokens - _MARGIN

    def _measure(
        self, model: ChatModel, prepared: PreparedTurn, text: str, sent: tuple[int, int]
    ) -> PromptBudget:
        """The turn's budget by section; the vault layers are counted once per snapshot."""
        snapshot = self._system_prompt(model)
        cached = self._layer_tokens
        if cached is None or cached[0] is not snapshot:
            cached = (snapshot, count_sections(snapshot, model.count_tokens))
            self._layer_tokens = cached
        summary = self._count(model, {"content": self.summary}) if self.summary else 0
        user_tokens, window_before = sent
        question = self._count(model, {"content": text})
        room = self._window_budget(model, prepared.system, prepared.tools) - _TOOL_ROUND_ROOM
        return measure_budget(
            cached[1],
            TurnMeasure(
                context_size=model.context_size,
                system_tokens=self._count(model, {"content": prepared.system}),
                tools_tokens=self._tools_tokens(model, prepared.tools),
                summary_tokens=summary,
                window_before=window_before,
                user_tokens=user_tokens,
                question_tokens=question,
                window_after=self._window_tokens(),
                compaction_at=max(room, 0),
                held_back=prepared.held_back,
            ),
        )

    def _chunks_in_window(self) -> frozenset[tuple[str, int, int]]:
        present: set[tuple[str, int, int]] = set()
        for entry in self._window:
            present.update(entry.chunks)
        return frozenset(present)

    def _refresh_system(self, prepared: PreparedTurn, model: ChatModel) -> PreparedTurn:
        self._snapshot = None
        return replace(prepared, system=self._system_text(self._system_prompt(model).text, model))

    def _compact(
        self, model: ChatModel, room: int, stop_flag: Callable[[], bool] | None
    ) -> tuple[Compacted | None, list[ChatMessage]]:
        """Summarise and drop the oldest turns until the rest uses ``compact_to`` of ``room``."""
        target = max(0, int(room * self.config.compact_to))
        dropped: list[_Entry] = []
        while self._window and self._window_tokens() > target:
            first_turn = self._window[0].turn
            while self._window and self._window[0].turn == first_turn:
                dropped.append(self._window.pop(0))
        if not dropped:
            return None, []
        turns = len({e.turn for e in dropped})
        last = dropped[-1].turn
        self._extracted_upto = max(
            self._extracted_upto, sum(1 for t in self._transcript_turns if t <= last)
        )
        plain = [m for e in dropped if (m := plain_message(e.message)) is not None]
        summary = summarise(
            model,
            plain,
            previous=self.summary,
            max_tokens=self.config.summary_tokens,
            stop_flag=stop_flag,
        )
        self.summary = summary
        return Compacted(summary, turns), plain

    # -- the end ----------------------------------------------------------------------
    def end(self, model: ChatModel, *, stop_flag: Callable[[], bool] | None = None) -> object:
        """Finish the conversation: extraction, memories, the episodic note; then reset.

        Returns the extractor's report (None without an extractor or when empty).
        """
        with self._lock:
            report: object = None
            if self.extractor is not None and self._user_messages:
                report = self.extractor.finish_session(
                    model,
                    transcript=self.transcript(),
                    unextracted=self.unextracted(),
                    user_messages=self._user_messages,
                    summary=self.summary,
                    stop_flag=stop_flag,
                )
        self.reset()
        return report

    def end_job(self) -> Callable[[ChatModel, JobContextLike], object]:
        """:meth:`end` as a job for the model worker."""

        def job(model: ChatModel, ctx: JobContextLike) -> object:
            return self.end(model, stop_flag=ctx.stop_requested)

        return job


def _canonical_args(arguments: str) -> str:
    try:
        return json.dumps(json.loads(arguments), sort_keys=True)
    except (json.JSONDecodeError, TypeError):
        return arguments.strip()


def _note_last_round(current: list[_Entry]) -> None:
    """Tell the model, in the last tool result, that it must answer now."""
    for entry in reversed(current):
        if entry.message.get("role") == "tool":
            message = dict(entry.message)
            message["content"] = f"{message.get('content', '')}\n{_NO_MORE_TOOLS}"
            entry.message = message
            return


def _merge_citations(base: Citations, results: Sequence[ToolResult]) -> Citations:
    memories = list(base.memories)
    notes = list(base.notes)
    for result in results:
        if not result.ok:
            continue
        for key in result.memory_keys:
            if key not in memories:
                memories.append(key)
        for note in result.notes:
            if note not in notes:
                notes.append(note)
    return Citations(tuple(memories), tuple(notes))
