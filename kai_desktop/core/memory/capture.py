"""Capture after every user message: the user's own statements become memories.

For each message: keep the sentences that are first-person statements (``statements``),
take the facts their plain wording states, and ask the model only about the statements no
rule covered: it files each under a known slot and copies the value (``slots``; JSON under a
schema, which llama.cpp enforces with a grammar). Code checks every proposal against the
user's words and builds the key and the third-person fact, so no proposal is stored in the
model's own wording. Then a memory manager decides, per fact, against the memories on the same
key or topic:

- ADD a new memory; NOOP when it is already known (the memory gets a hit instead);
- UPDATE when the key holds another value: the old one goes to the memory's history;
- DELETE when the user asks to forget something;
- REVIEW when another memory on the same topic may say the opposite: the pair waits in
  the review inbox, nothing is applied on its own.

Each decision is written to today's daily note as one compact line.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from kai_desktop.core.llm.model import ChatModel, ModelError, collect
from kai_desktop.core.memory.asides import read_with_asides, said_along
from kai_desktop.core.memory.clauses import clauses
from kai_desktop.core.memory.inbox import ReviewInbox
from kai_desktop.core.memory.informal import standard_spelling
from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.model import Category, Memory, MemoryError
from kai_desktop.core.memory.phrasings import INTRODUCED, plain_facts, value_first
from kai_desktop.core.memory.slot_request import slot_request
from kai_desktop.core.memory.slots import (
    SLOT_SCHEMA,
    fact_for_key,
    is_slot_key,
    parse_slot_item,
    slot_fact,
    slot_value,
)
from kai_desktop.core.memory.statements import Fact
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.swaps import change_of, replaced_in
from kai_desktop.core.memory.text_match import is_duplicate_text, normalise_text
from kai_desktop.core.memory.tiers import TierError, Tiers
from kai_desktop.core.memory.user_sentences import (
    MAX_STATEMENT_CHARS,
    statement_sentences,
    why_not_a_statement,
)

CAPTURE_SOURCE: Final = "capture"
Action = Literal["ADD", "UPDATE", "NOOP", "DELETE", "REVIEW"]

_FORGET = re.compile(r"^(?:please\s+)?forget\s+(?:that\s+|about\s+|what\s+i\s+said\s+about\s+)?"
                     r"(?:my\s+|i\s+)?(?P<what>[^.!?]+)", re.I)
_GENERIC_KEY_WORDS: Final = frozenset(
    {"favourite", "name", "usual", "current", "preferred", "type", "kind", "status", "info",
     "routine", "habit", "schedule"}
)


@dataclass(frozen=True)
class Decision:
    action: Action
    fact: Fact | None
    target: str | None = None
    """The key of the memory the action applies to (UPDATE, NOOP, DELETE, REVIEW)."""
    reason: str = ""


@dataclass
class CaptureReport:
    decisions: list[Decision] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """(text, why) for sentences and proposals that were not stored."""
    model_used: bool = False
    stopped: bool = False

    def keys(self, *actions: Action) -> list[str]:
        return [d.target or (d.fact.key if d.fact else "") for d in self.decisions
                if not actions or d.action in actions]


_SAME_TOPIC: Final[dict[str, str]] = {
    "husband": "spouse", "wife": "spouse", "partner": "spouse", "married": "spouse",
    "mum": "mother", "mom": "mother", "dad": "father",
}


def _topic_words(key: str) -> set[str]:
    return {_SAME_TOPIC.get(w, w) for w in key.split("_") if w and w not in _GENERIC_KEY_WORDS}


def _says(content: str, value: str) -> bool:
    """Whether ``content`` holds ``value`` as whole words."""
    value = normalise_text(value)
    return bool(value) and f" {value} " in f" {normalise_text(content)} "


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


LIST_SLOTS: Final = frozenset({"languages", "allergy", "collects", "dislikes"})
"""Slots that hold several values: said in two sentences of one message, or added to with
"also" in a later one, they add up."""


def _list_items(value: str) -> list[str]:
    return [item for item in re.split(r"\s*(?:,|\band\b|&)\s*", value) if item.strip()]


def decide(fact: Fact, memories: Sequence[Memory]) -> Decision:
    """What to do with ``fact`` given the current memories (pure; no writes)."""
    by_key = {canonical_key(m.key): m for m in memories}
    same = by_key.get(fact.key)
    if same is not None:
        if fact.key in LIST_SLOTS:  # "French and German" over "French" adds a value
            known = all(_says(same.content, item) for item in _list_items(fact.value))
        else:
            known = _says(same.content, fact.value) or (
                is_duplicate_text(fact.content, same.content)
                and _numbers(fact.content) == _numbers(same.content)  # 40 -> 41 is a change
            )
        if known:
            return Decision("NOOP", fact, same.key, "already known")
        if fact.origin == INTRODUCED:
            return Decision("NOOP", fact, same.key, "an introduction renames no one")
        return Decision("UPDATE", fact, same.key, f"was: {same.content}")
    for memory in memories:
        if is_duplicate_text(fact.content, memory.content):
            return Decision("NOOP", fact, memory.key, "already known under another key")
    topic = _topic_words(fact.key)
    related = [m for m in memories if topic and topic & _topic_words(canonical_key(m.key))]
    for memory in related:
        if _says(memory.content, fact.value):
            return Decision("NOOP", fact, memory.key, "already known on the same topic")
    if related:
        first = related[0]
        return Decision("REVIEW", fact, first.key, f"may contradict: {first.content}")
    return Decision("ADD", fact, None)


_ADDS_TO_LIST = re.compile(r"\b(?:also|too|as well|another|besides|in addition)\b", re.I)


def added_to_list(fact: Fact, memories: Sequence[Memory], user_text: str) -> Fact:
    """``fact`` joined to the values its list slot already holds when the user adds to it
    ("I also speak German" after French: French and German); a list slot said without
    such a word replaces, as any other slot does."""
    if fact.key not in LIST_SLOTS or not _ADDS_TO_LIST.search(user_text):
        return fact
    same = next((m for m in memories if canonical_key(m.key) == fact.key), None)
    held = slot_value(fact.key, same.content) if same is not None else None
    if held is None or _says(held, fact.value):
        return fact
    return fact_for_key(fact.key, f"{held} and {fact.value}")


def memory_holding(memories: Sequence[Memory], value: str, *, other_than: str | None = None
                   ) -> Memory | None:
    """The first memory whose fact holds ``value`` as whole words (a change names the old
    value, not the key it was filed under); ``other_than`` leaves out one key."""
    holds = re.compile(r"\b" + re.escape(value.casefold()) + r"\b")
    return next((m for m in memories if canonical_key(m.key) != other_than
                 and holds.search(m.content.casefold())), None)


_INSTEAD_OF = re.compile(r"\binstead of\s+(?:the |my |a |an )?(?P<old>[^,.;!?]+?)\s*(?:[,.;!?]|$)",
                        re.I)


def instead_of(fact: Fact, memories: Sequence[Memory], user_text: str) -> Fact:
    """``fact`` under the key of the memory it replaces when the user says so ("I drink
    hot chocolate now instead of cappuccino": the memory holding cappuccino changes, even
    when it was filed under another key)."""
    match = _INSTEAD_OF.search(user_text)
    memory = memory_holding(memories, match.group("old"), other_than=fact.key) if match else None
    if memory is None:
        return fact
    return Fact(canonical_key(memory.key), fact.content, fact.category, fact.value,
                origin="change")


def _merged_lists(facts: list[Fact]) -> list[Fact]:
    """``facts`` with a list slot said twice in one message joined (Portuguese and English);
    of another slot said twice, the later ("Architecture is my field, I'm an architect")."""
    out: list[Fact] = []
    for fact in facts:
        earlier = next((f for f in out if f.key == fact.key), None)
        if earlier is None or fact.key not in LIST_SLOTS:
            out = [f for f in out if f is not earlier] + [fact]
        elif fact.value.casefold() not in earlier.value.casefold():
            out[out.index(earlier)] = fact_for_key(fact.key, f"{earlier.value} and {fact.value}")
    return out


def told_of_user(sentence: str) -> bool:
    """A sentence without "I" that states the user's fact all the same ("Sold the Golf and
    bought a Mini", "Right now home is Montreal"). A sentence over the statement length cap
    is none: the rules never read one."""
    if len(sentence) > MAX_STATEMENT_CHARS:
        return False
    return bool(change_of(sentence) or value_first(sentence) or plain_facts(sentence)
                or said_along(sentence))


class Capturer:
    """Runs capture for one user message and applies the manager's decisions."""

    def __init__(
        self,
        memory: MemoryStore,
        tiers: Tiers,
        inbox: ReviewInbox | None = None,
        *,
        use_model: bool = True,
    ) -> None:
        self.memory = memory
        self.tiers = tiers
        self.inbox = inbox
        self.use_model = use_model

    # -- proposing ---------------------------------------------------------------------
    def propose(
        self,
        model: ChatModel | None,
        user_text: str,
        *,
        stop_flag: Callable[[], bool] | None = None,
        report: CaptureReport | None = None,
    ) -> list[Fact]:
        """The checked facts stated in ``user_text`` (no writes)."""
        report = report if report is not None else CaptureReport()
        user_text = standard_spelling(user_text)
        facts: list[Fact] = []
        uncovered: list[str] = []
        for sentence in statement_sentences(user_text, told_of_user=told_of_user):
            found = self._rule_facts(sentence)
            if found:
                facts.extend(found)
            else:
                uncovered.append(sentence)
        if uncovered and model is not None and self.use_model:
            report.model_used = True
            for fact in self._model_facts(model, uncovered, stop_flag, report):
                if all(f.key != fact.key and not is_duplicate_text(f.content, fact.content)
                       for f in facts):
                    facts.append(fact)
        return _merged_lists(facts)

    def _rule_facts(self, sentence: str) -> list[Fact]:
        """The facts the rules read in ``sentence``, or else in its clauses ("I quit
        cooking and became a firefighter", "Max died, our new dog is Bella")."""
        found = read_with_asides(sentence, lambda s: self._change_facts(s) or plain_facts(s))
        if found:
            return found
        for clause in clauses(sentence):
            if why_not_a_statement(clause) is not None:
                continue
            for fact in self._change_facts(clause) or plain_facts(clause):
                if fact.origin == INTRODUCED:
                    continue  # "Vegetarian here, no meat for me": no name in a clause
                if all(f.key != fact.key for f in found):
                    found.append(fact)
        return found

    def _change_facts(self, sentence: str) -> list[Fact]:
        """"I replaced the Fiat with a Honda": the memory holding the old value gets the
        new one, under its own key (none when no memory holds the old value)."""
        change = change_of(sentence)
        if change is None:
            return []
        old, new = change
        memories = self.memory.all()
        memory = memory_holding(memories, old)
        if memory is None and old.casefold().endswith("s"):  # "gone off flat whites"
            old = old[:-1]
            memory = memory_holding(memories, old)
        if memory is None:
            return []
        key = canonical_key(memory.key)
        fact = fact_for_key(key, new)
        content = None if is_slot_key(key) else replaced_in(memory.content, old, new)
        # A fact in the user's own words keeps them, with the new value in the old one's place
        return [fact if content is None else replace(fact, content=content)]

    def _model_facts(
        self,
        model: ChatModel,
        sentences: Sequence[str],
        stop_flag: Callable[[], bool] | None,
        report: CaptureReport,
    ) -> list[Fact]:
        out: list[Fact] = []
        for sentence in sentences:
            try:
                reply = collect(model.stream(slot_request(sentence), json_schema=SLOT_SCHEMA,
                                             max_tokens=48, temperature=0.0,
                                             stop_flag=stop_flag))
            except ModelError as exc:
                report.skipped.append((sentence, f"model failed: {exc}"))
                continue
            if stop_flag is not None and stop_flag():
                report.stopped = True
                return []
            fact, why = slot_fact(parse_slot_item(reply.text) or {}, sentence)
            if fact is None:
                report.skipped.append((sentence, why))
                continue
            body = re.sub(r"^the user\b", "I", fact.content, flags=re.I)
            if why_not_a_statement(body) not in (None, "not about the user"):
                report.skipped.append((fact.content, "not a lasting fact"))
                continue
            out.append(fact)
        return out

    # -- deciding and applying ------------------------------------------------------------
    def capture(
        self,
        model: ChatModel | None,
        user_text: str,
        *,
        stop_flag: Callable[[], bool] | None = None,
    ) -> CaptureReport:
        """Propose, decide and apply for one user message."""
        report = CaptureReport()
        if not self.memory.enabled:
            report.skipped.append((user_text, "memory is turned off"))
            return report
        user_text = standard_spelling(user_text)
        forget = self._forget_decision(user_text)
        if forget is not None:
            self._apply(forget, report)
            return report
        facts = self.propose(model, user_text, stop_flag=stop_flag, report=report)
        if report.stopped:
            return report
        for fact in facts:
            memories = self.memory.all()
            changed = instead_of(added_to_list(fact, memories, user_text), memories, user_text)
            self._apply(decide(changed, memories), report)
        return report

    def _forget_decision(self, text: str) -> Decision | None:
        match = _FORGET.match(text.strip())
        if match is None:
            return None
        wanted = canonical_key(match.group("what"))
        words = _topic_words(wanted) or set(wanted.split("_"))
        for memory in self.memory.all():
            key = canonical_key(memory.key)
            topic = _topic_words(key)
            if key == wanted or (words and (words <= set(key.split("_")) | topic or words & topic)):
                return Decision("DELETE", None, memory.key, "the user asked to forget it")
        return None

    def _apply(self, decision: Decision, report: CaptureReport) -> None:
        fact = decision.fact
        try:
            if decision.action == "ADD" and fact is not None:
                if fact.category is Category.GENERAL:
                    self.memory.store(fact.key, fact.content, source=CAPTURE_SOURCE)
                else:
                    self.memory.learn(fact.key, fact.content, fact.category, CAPTURE_SOURCE)
            elif decision.action == "UPDATE" and fact is not None and decision.target:
                self.memory.supersede(decision.target, fact.content, source=CAPTURE_SOURCE)
            elif decision.action == "NOOP" and decision.target:
                self.memory.reinforce(decision.target)
            elif decision.action == "DELETE" and decision.target:
                self.memory.delete(decision.target)
            elif decision.action == "REVIEW" and fact is not None and decision.target:
                old = self.memory.get(decision.target)
                if self.inbox is None or old is None:
                    self.memory.store(fact.key, fact.content, source=CAPTURE_SOURCE)
                    decision = Decision("ADD", fact, None, "no review inbox")
                else:
                    self.inbox.add_contradiction(old.key, old.content, fact.key, fact.content)
        except MemoryError as exc:
            report.skipped.append((fact.content if fact else str(decision.target), str(exc)))
            return
        report.decisions.append(decision)
        self._log(decision)

    def _log(self, decision: Decision) -> None:
        fact = decision.fact
        key = decision.target or (fact.key if fact else "")
        what = fact.content if fact is not None else decision.reason
        line = f"[memory] {decision.action} {key}: {what}"
        if decision.action == "UPDATE":
            line += f" ({decision.reason})"
        # The daily log is a courtesy; the memory itself is already written.
        with contextlib.suppress(TierError):
            self.tiers.append_daily(line)
