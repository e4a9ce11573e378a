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

import json
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from kai_desktop.core.llm.model import ChatMessage, ChatModel, ModelError, collect
from kai_desktop.core.memory.model import Memory
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import TierError, Tiers

ENV_AUTO_EXTRACT: Final = "KAI_AUTO_EXTRACT"
MIN_USER_MESSAGES: Final = 3
MAX_FACTS: Final = 5
MAX_NEW_MEMORIES: Final = 3
EXTRACTION_SOURCE: Final = "extraction"

_OFF_VALUES: Final = frozenset({"0", "false", "no", "off"})
_STOP_TEXT: Final = """a an the and or but if of to in on at for with from by as is are was
were be been being am do does did has have had i me my mine you your yours he she it its we
our they their them this that these those there here not no yes so very just also too than
then user users assistant kai about into over under would could should will can may might
must"""
_STOP_WORDS: Final = frozenset(_STOP_TEXT.split())

FACTS_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "facts": {"type": "array", "items": {"type": "string"}, "maxItems": MAX_FACTS}
    },
    "required": ["facts"],
}

MANAGER_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "decision": {"enum": ["NA", "ADD"]},
        "memories": {
            "type": "array",
            "maxItems": MAX_NEW_MEMORIES,
            "items": {
                "type": "object",
                "properties": {
                    "key": {"type": "string", "minLength": 1},
                    "content": {"type": "string", "minLength": 1},
                },
                "required": ["key", "content"],
            },
        },
    },
    "required": ["decision"],
}


def auto_extract_enabled(setting: bool, env: Mapping[str, str] | None = None) -> bool:
    """Fact extraction runs unless the setting or ``KAI_AUTO_EXTRACT=0`` turns it off."""
    env = os.environ if env is None else env
    value = env.get(ENV_AUTO_EXTRACT)
    if value is not None and value.strip().lower() in _OFF_VALUES:
        return False
    return bool(setting)


# -- text comparison --------------------------------------------------------------------


def normalise_text(text: str) -> str:
    """Case-folded words only: ``"The user's  name: Ann."`` -> ``"the user s name ann"``."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", folded).split())


def _content_words(text: str) -> set[str]:
    return {w for w in normalise_text(text).split() if len(w) > 2 and w not in _STOP_WORDS}


def _stem(word: str) -> str:
    """A crude stem: plural s dropped, then the first four letters (live/lives/living)."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word[:4]


def _stems(words: Iterable[str]) -> set[str]:
    return {_stem(w) for w in words}


def content_stems(text: str) -> set[str]:
    """The stems of ``text``'s content words (stop words and short words left out)."""
    return _stems(_content_words(text))


def is_duplicate_text(a: str, b: str, *, threshold: float = 0.8) -> bool:
    """True when ``a`` and ``b`` say the same: equal once normalised, one containing the
    other, or sharing at least ``threshold`` of their content words."""
    na, nb = normalise_text(a), normalise_text(b)
    if not na or not nb:
        return False
    if na == nb:
        return True
    short, long_ = (na, nb) if len(na) <= len(nb) else (nb, na)
    if len(short.split()) >= 3 and f" {short} " in f" {long_} ":
        return True
    wa, wb = _stems(_content_words(a)), _stems(_content_words(b))
    if not wa or not wb:
        return False
    return len(wa & wb) / len(wa | wb) >= threshold


def key_for(text: str, *, max_words: int = 5) -> str:
    """A snake_case memory key made from the first content words of ``text``."""
    words = [w for w in normalise_text(text).split() if w not in _STOP_WORDS]
    key = "_".join(words[:max_words]) or "_".join(normalise_text(text).split()[:max_words])
    return key[:60].strip("_") or "note"


def snake_key(text: str) -> str:
    """``"Favourite Editor"`` -> ``"favourite_editor"`` (all words kept)."""
    return "_".join(normalise_text(text.replace("_", " ")).split())[:60].strip("_")


def normalise_key(key: str) -> str:
    """A key compared loosely: ``Favourite-Editor`` and ``favourite_editor`` are equal."""
    return "_".join(normalise_text(key.replace("_", " ")).split())


def find_duplicate(
    text: str, memories: Iterable[Memory], *, key: str | None = None
) -> Memory | None:
    """The existing memory that ``text`` (or ``key``) duplicates, if any."""
    wanted = normalise_key(key) if key else None
    for memory in memories:
        if wanted is not None and normalise_key(memory.key) == wanted:
            return memory
        if is_duplicate_text(text, memory.content):
            return memory
    return None


def grounded(fact: str, source: str, *, share: float = 0.4) -> bool:
    """True when enough of ``fact``'s content words occur in ``source`` (the user's words).

    Guards against facts a small model invents: a fact must be about something the user
    actually wrote.
    """
    words = _stems(_content_words(fact))
    if not words:
        # Only short words ("42", "Bo"): they must appear as such.
        norm = normalise_text(fact)
        return bool(norm) and f" {norm} " in f" {normalise_text(source)} "
    seen = _stems(_content_words(source))
    overlap = len(words & seen)
    return overlap >= 1 and overlap / len(words) >= share


# -- transcripts and summaries ------------------------------------------------------------


def render_transcript(messages: Sequence[ChatMessage], *, limit_chars: int = 12_000) -> str:
    """``User: ...`` / ``Assistant: ...`` lines within ``limit_chars``."""
    lines = []
    for message in messages:
        role = str(message.get("role", ""))
        content = message.get("content")
        if role not in ("user", "assistant") or not isinstance(content, str):
            continue
        if not content.strip():
            continue
        lines.append(f"{role.capitalize()}: {' '.join(content.split())}")
    text = "\n".join(lines)
    if len(text) > limit_chars and lines:
        # Shorten long messages first so every turn keeps its start, then drop the oldest.
        cap = max(160, limit_chars // len(lines) - 12)
        lines = [line if len(line) <= cap else line[: cap - 1] + "…" for line in lines]
        text = "\n".join(lines)
    if len(text) > limit_chars:
        text = "…" + text[-limit_chars:]
    return text


def _transcript_room(model: ChatModel, reserve_tokens: int) -> int:
    """How many characters of transcript fit in a request to ``model``."""
    return max(800, (model.context_size - reserve_tokens - 300) * 3)


def user_words(messages: Sequence[ChatMessage]) -> str:
    return "\n".join(
        str(m.get("content", "")) for m in messages if m.get("role") == "user"
    )


def summarise(
    model: ChatModel,
    messages: Sequence[ChatMessage],
    *,
    previous: str = "",
    max_tokens: int = 200,
    stop_flag: Callable[[], bool] | None = None,
) -> str:
    """A few sentences about the conversation; without a model answer, the user's words."""
    transcript = render_transcript(
        messages, limit_chars=_transcript_room(model, max_tokens)
    )
    earlier = f"Summary so far:\n{previous}\n\n" if previous else ""
    request: list[ChatMessage] = [
        {"role": "system", "content": "You write short, factual summaries of conversations."},
        {
            "role": "user",
            "content": f"{earlier}Conversation:\n{transcript}\n\nSummarise the conversation "
            "in at most five sentences. Keep facts about the user, decisions and open "
            "questions.",
        },
    ]
    text = ""
    if transcript:
        try:
            text = collect(
                model.stream(
                    request, max_tokens=max_tokens, temperature=0.2, stop_flag=stop_flag
                )
            ).text.strip()
        except ModelError:
            text = ""
    if not text:
        said = [s[:200] for s in user_words(messages).split("\n") if s.strip()]
        text = " ".join(filter(None, [previous, "The user said: " + " | ".join(said)]))
    return text.strip()


def title_for(messages: Sequence[ChatMessage], *, max_words: int = 8) -> str:
    """A session title: the first words of the first user message."""
    for message in messages:
        if message.get("role") == "user" and str(message.get("content", "")).strip():
            words = str(message["content"]).split()
            title = " ".join(words[:max_words])
            return title + ("…" if len(words) > max_words else "")
    return "Conversation"


# -- the extractor ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ManagerDecision:
    """The memory-manager pass: what was stored, what was refused and why."""

    added: tuple[Memory, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    na: bool = False


@dataclass(frozen=True)
class ExtractionReport:
    """What a compaction or the end of a conversation left in the vault."""

    facts: tuple[str, ...] = ()
    daily_path: str | None = None
    memories: tuple[str, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    na: bool = False
    session_path: str | None = None
    notes: tuple[str, ...] = ()
    """Why a step was skipped or failed, for the log or the status bar."""


def _parse_json(text: str) -> Any:
    text = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    if fence:
        text = fence.group(1).strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        start, end = text.find("{"), text.rfind("}")
        if 0 <= start < end:
            try:
                return json.loads(text[start : end + 1])
            except json.JSONDecodeError:
                return None
        return None


def _clean_fact(value: object) -> str:
    text = " ".join(str(value).split()).strip().strip("\"'").strip()
    return re.sub(r"^(?:[-*•]|\d+[.)])\s*", "", text)


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
        transcript = render_transcript(messages, limit_chars=_transcript_room(model, 256))
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
        raw = _facts_from(reply.text)
        source = user_words(messages)
        known = self.tiers.extracted_facts() + [m.content for m in self._memories()]
        kept: list[str] = []
        refused: list[tuple[str, str]] = []
        for fact in raw:
            if len(fact) < 8 or len(fact.split()) < 3:
                refused.append((fact, "too short to be a fact"))
            elif len(fact) > 300:
                refused.append((fact, "too long for one fact"))
            elif not grounded(fact, source):
                refused.append((fact, "not something the user said"))
            elif any(is_duplicate_text(fact, other) for other in known + kept):
                refused.append((fact, "already known"))
            else:
                kept.append(fact)
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
        proposals = _manager_proposals(reply.text)
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
            key = snake_key(raw_key) or key_for(content)
            if not content:
                skipped.append((key, "empty content"))
                continue
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


def _facts_from(text: str) -> list[str]:
    data = _parse_json(text)
    items: list[object]
    if isinstance(data, dict) and isinstance(data.get("facts"), list):
        items = list(data["facts"])
    elif isinstance(data, list):
        items = list(data)
    else:
        items = [line for line in text.splitlines() if line.strip()]
    facts = [_clean_fact(item) for item in items if isinstance(item, str | int | float)]
    return [f for f in facts if f]


def _manager_proposals(text: str) -> list[tuple[str, str]] | None:
    """The (key, content) pairs the manager proposed; None for NA."""
    stripped = text.strip().strip(".").strip()
    if not stripped or stripped.upper() in ("NA", "N/A", '"NA"'):
        return None
    data = _parse_json(text)
    if not isinstance(data, dict):
        return None
    if str(data.get("decision", "")).upper() == "NA":
        return None
    items = data.get("memories")
    if not isinstance(items, list):
        return None
    out = []
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("content"), str):
            out.append((str(item.get("key") or ""), item["content"]))
    return out or None
