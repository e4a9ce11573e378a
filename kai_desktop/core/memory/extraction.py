"""What a conversation leaves behind: ``[extracted]`` facts, new memories, an episodic note.

After a compaction, or when a conversation ends, the model lists up to five reusable
facts about the user; they are appended to today's daily note tagged ``[extracted]``.
A memory-manager pass then decides which of them deserve a memory of their own and may
answer ``NA``. The model is never trusted alone on either step: a fact must be grounded
in what the user actually wrote, and nothing that duplicates an existing memory (same
key, or the same content once normalised) is ever stored. Finally the conversation is
saved as an episodic note under ``sessions/``.

Both model steps ask for JSON under a schema, which llama.cpp enforces with a grammar,
so even a 0.5B model answers in a shape that can be read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from kai_desktop.core.llm.model import ChatMessage, ChatModel, ModelError, collect
from kai_desktop.core.memory.extraction_format import (
    FACTS_SCHEMA,
    MANAGER_SCHEMA,
    MAX_FACTS,
    MAX_NEW_MEMORIES,
    ExtractionReport,
    ManagerDecision,
    facts_from,
    manager_proposals,
)
from kai_desktop.core.memory.informal import standard_spelling
from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.model import Memory
from kai_desktop.core.memory.slots import fact_for_key
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.text_match import (
    find_duplicate,
    grounded,
    is_duplicate_text,
    key_for,
    snake_key,
)
from kai_desktop.core.memory.tiers import TierError, Tiers
from kai_desktop.core.memory.transcripts import (
    render_transcript,
    summarise,
    title_for,
    transcript_room,
    user_words,
)
from kai_desktop.core.memory.user_sentences import A_QUESTION, sentences, why_not_a_statement

ENV_AUTO_EXTRACT: Final = "KAI_AUTO_EXTRACT"
MIN_USER_MESSAGES: Final = 3
EXTRACTION_SOURCE: Final = "extraction"

_OFF_VALUES: Final = frozenset({"0", "false", "no", "off"})


def auto_extract_enabled(setting: bool, env: Mapping[str, str] | None = None) -> bool:
    """Fact extraction runs unless the setting or ``KAI_AUTO_EXTRACT=0`` turns it off."""
    env = os.environ if env is None else env
    value = env.get(ENV_AUTO_EXTRACT)
    if value is not None and value.strip().lower() in _OFF_VALUES:
        return False
    return bool(setting)


def statements_told(messages: Sequence[ChatMessage]) -> list[str]:
    """Each user message's sentences that ask nothing, one string per message: what an
    extracted fact must be grounded in. The user's questions ("What's my favourite colour?")
    state nothing, and grounding across the whole conversation let the model's guess
    ("The user's favourite colour is blue") borrow its words from them."""
    out = []
    for message in messages:
        if message.get("role") != "user":
            continue
        said = " ".join(s for s in sentences(standard_spelling(str(message.get("content", ""))))
                        if why_not_a_statement(s) != A_QUESTION)
        if said:
            out.append(said)
    return out


def _why_refused(fact: str, told: Sequence[str], known: Sequence[str]) -> str | None:
    """Why the model's ``fact`` is no extracted fact (None: it is one)."""
    if len(fact) < 8 or len(fact.split()) < 3:
        return "too short to be a fact"
    if len(fact) > 300:
        return "too long for one fact"
    if not re.match(r"^the user\b", fact, re.I):
        return "not a fact about the user in the third person"
    if why_not_a_statement(re.sub(r"^the user\b", "I", fact, flags=re.I)) not in (
            None, "not about the user"):
        return "small talk or a passing state, not a lasting fact"
    if "?" in fact or re.search(r"\byou\b", fact, re.I):
        return "a question or the assistant's words, not a fact"
    if not any(grounded(fact, said) for said in told):
        return "not something the user said"
    if any(is_duplicate_text(fact, other) for other in known):
        return "already known"
    return None


# -- text comparison --------------------------------------------------------------------


# -- transcripts and summaries ------------------------------------------------------------


# -- the extractor ---------------------------------------------------------------------------


class Extractor:
    """Runs fact extraction, the memory-manager pass and the episodic note.

    ``auto_extract`` is the setting (a bool, or a callable read each time so the
    settings panel can change it); ``KAI_AUTO_EXTRACT=0`` in ``env`` also turns fact
    extraction off. The episodic note is saved either way.
    """

    def __init__(
        self,
        memory: MemoryStore,
        tiers: Tiers,
        *,
        auto_extract: bool | Callable[[], bool] = True,
        env: Mapping[str, str] | None = None,
        min_user_messages: int = MIN_USER_MESSAGES,
        max_facts: int = MAX_FACTS,
    ) -> None:
        self.memory = memory
        self.tiers = tiers
        self._auto_extract = auto_extract
        self._env = env
        self.min_user_messages = min_user_messages
        self.max_facts = max_facts

    @property
    def enabled(self) -> bool:
        setting = self._auto_extract() if callable(self._auto_extract) else self._auto_extract
        return auto_extract_enabled(setting, self._env)

    # -- steps --------------------------------------------------------------------------
    def extract_facts(
        self,
        model: ChatModel,
        messages: Sequence[ChatMessage],
        *,
        stop_flag: Callable[[], bool] | None = None,
    ) -> tuple[list[str], list[tuple[str, str]]]:
        """Ask the model for facts; returns (kept facts, (fact, why) refused). No writes."""
        transcript = render_transcript(messages, limit_chars=transcript_room(model, 256))
        if not transcript:
            return [], []
        request: list[ChatMessage] = [
            {
                "role": "system",
                "content": "You pick out facts about the user for a personal assistant's "
                "long-term memory.",
            },
            {
                "role": "user",
                "content": f"Conversation:\n{transcript}\n\nList at most {self.max_facts} "
                "discrete, reusable facts the user stated about themselves, their work, "
                "their preferences or their decisions. Write each as one short sentence "
                "starting with 'The user'. Leave out questions, greetings and anything the "
                'assistant said. Answer as JSON: {"facts": [...]}; an empty list if there '
                "is nothing.",
            },
        ]
        reply = collect(
            model.stream(
                request, json_schema=FACTS_SCHEMA, max_tokens=256, temperature=0.2,
                stop_flag=stop_flag,
            )
        )
        raw = facts_from(reply.text)
        told = statements_told(messages)
        known = self.tiers.extracted_facts() + [m.content for m in self._memories()]
        kept: list[str] = []
        refused: list[tuple[str, str]] = []
        for fact in raw:
            why = _why_refused(fact, told, known + kept)
            if why is None:
                kept.append(fact)
            else:
                refused.append((fact, why))
            if len(kept) >= self.max_facts:
                break
        return kept, refused

    def write_facts(self, facts: Sequence[str]) -> str | None:
        """Append facts to today's daily note tagged [extracted]; returns its path."""
        path = None
        for fact in facts:
            path = self.tiers.append_daily(fact, extracted=True)
        return path

    def manage(
        self,
        model: ChatModel,
        facts: Sequence[str],
        *,
        stop_flag: Callable[[], bool] | None = None,
    ) -> ManagerDecision:
        """Store the facts that are new as memories; ``na`` when the model says NA."""
        if not facts:
            return ManagerDecision(na=True)
        existing = self._memories()
        listing = "\n".join(f"- {m.key}: {' '.join(m.content.split())[:160]}" for m in existing)
        request: list[ChatMessage] = [
            {
                "role": "system",
                "content": "You manage a personal assistant's long-term memories. You never "
                "add a memory that an existing one already covers.",
            },
            {
                "role": "user",
                "content": f"Existing memories:\n{listing or '(none)'}\n\nNew facts:\n"
                + "\n".join(f"- {f}" for f in facts)
                + "\n\nWhich new facts are worth a long-term memory and are not covered by "
                'an existing one? If none, answer {"decision": "NA"}. Otherwise answer '
                '{"decision": "ADD", "memories": [{"key": "snake_case_key", "content": '
                '"..."}]}.',
            },
        ]
        reply = collect(
            model.stream(
                request, json_schema=MANAGER_SCHEMA, max_tokens=256, temperature=0.2,
                stop_flag=stop_flag,
            )
        )
        proposals = manager_proposals(reply.text)
        if proposals is None:
            return ManagerDecision(na=True)
        return self.store_new(proposals, facts)

    def store_new(
        self, proposals: Sequence[tuple[str, str]], facts: Sequence[str]
    ) -> ManagerDecision:
        """Store ``(key, content)`` proposals that are grounded in ``facts`` and new."""
        added: list[Memory] = []
        skipped: list[tuple[str, str]] = []
        memory_md = self.tiers.memory()
        permanent = [line.lstrip("-* ").strip() for line in memory_md.splitlines()]
        for raw_key, raw_content in proposals[:MAX_NEW_MEMORIES]:
            content = " ".join(raw_content.split())
            key = canonical_key(snake_key(raw_key) or key_for(content))
            if not re.search(r"\w", content):  # "", "...": nothing said
                skipped.append((key, "empty content"))
                continue
            if _bare_value(content):
                # "Callum" under user_name: the value alone, said as capture says the slot
                content = fact_for_key(key, content).content
            if not any(is_duplicate_text(content, f, threshold=0.5) or grounded(content, f)
                       for f in facts):
                skipped.append((key, "not one of the new facts"))
                continue
            duplicate = find_duplicate(content, self._memories(), key=key)
            if duplicate is not None:
                skipped.append((key, f"duplicates memory {duplicate.key}"))
                continue
            if any(is_duplicate_text(content, line) for line in permanent if line):
                skipped.append((key, "already in Memory.md"))
                continue
            if any(is_duplicate_text(content, m.content) for m in added):
                skipped.append((key, "duplicates another new memory"))
                continue
            added.append(self.memory.store(key, content, source=EXTRACTION_SOURCE))
        return ManagerDecision(tuple(added), tuple(skipped), na=not added and not skipped)

    # -- pipelines ---------------------------------------------------------------------
    def after_compaction(
        self,
        model: ChatModel,
        messages: Sequence[ChatMessage],
        *,
        user_messages: int,
        stop_flag: Callable[[], bool] | None = None,
    ) -> ExtractionReport:
        """Facts and memories from turns that just left the window."""
        return self._extract(model, messages, user_messages, stop_flag)

    def finish_session(
        self,
        model: ChatModel,
        *,
        transcript: Sequence[ChatMessage],
        unextracted: Sequence[ChatMessage],
        user_messages: int,
        summary: str = "",
        stop_flag: Callable[[], bool] | None = None,
    ) -> ExtractionReport:
        """At the end of a conversation: facts, memories, then the episodic note."""
        if user_messages == 0 or not user_words(transcript).strip():
            return ExtractionReport(notes=("empty conversation: nothing saved",))
        report = self._extract(model, unextracted, user_messages, stop_flag)
        notes = list(report.notes)
        stopped = stop_flag is not None and stop_flag()
        episode_summary = (
            summarise(model, unextracted, previous=summary, stop_flag=stop_flag)
            if not stopped
            else " ".join(filter(None, [summary, "The user said: " + user_words(unextracted)]))
        )
        session_path = None
        try:
            session_path = self.tiers.save_session(
                title_for(transcript), episode_summary, list(transcript)
            )
        except TierError as exc:
            notes.append(f"session note not saved: {exc}")
        return ExtractionReport(
            facts=report.facts,
            daily_path=report.daily_path,
            memories=report.memories,
            skipped=report.skipped,
            na=report.na,
            session_path=session_path,
            notes=tuple(notes),
        )

    def _extract(
        self,
        model: ChatModel,
        messages: Sequence[ChatMessage],
        user_messages: int,
        stop_flag: Callable[[], bool] | None,
    ) -> ExtractionReport:
        if not self.enabled:
            return ExtractionReport(notes=("fact extraction is turned off",))
        if user_messages < self.min_user_messages:
            return ExtractionReport(
                notes=(f"fewer than {self.min_user_messages} user messages: no extraction",)
            )
        if not user_words(messages).strip():
            return ExtractionReport(notes=("nothing new to extract",))
        try:
            facts, refused = self.extract_facts(model, messages, stop_flag=stop_flag)
        except ModelError as exc:
            return ExtractionReport(notes=(f"fact extraction failed: {exc}",))
        notes: list[str] = []
        daily = None
        try:
            daily = self.write_facts(facts)
        except TierError as exc:
            notes.append(f"facts not written: {exc}")
            facts = []
        decision = ManagerDecision(na=True)
        if facts and self.memory.enabled and not (stop_flag is not None and stop_flag()):
            try:
                decision = self.manage(model, facts, stop_flag=stop_flag)
            except ModelError as exc:
                notes.append(f"memory manager failed: {exc}")
        return ExtractionReport(
            facts=tuple(facts),
            daily_path=daily,
            memories=tuple(m.key for m in decision.added),
            skipped=tuple(refused) + decision.skipped,
            na=decision.na,
            notes=tuple(notes),
        )

    def _memories(self) -> list[Memory]:
        return self.memory.all()


_VERB_WORDS = ("is are was were am be has have had lives works likes loves drinks eats drives "
               "plays speaks goes owns uses prefers")
_VERBS: Final = frozenset(_VERB_WORDS.split())


def _bare_value(content: str) -> bool:
    """A value with no sentence round it ("joiner", "Callum", "builder's tea"): a short
    phrase without a verb ("Lyon is home" is a sentence)."""
    words = re.findall(r"[a-z']+", content.casefold())
    return len(content.split()) <= 4 and not _VERBS.intersection(words)
