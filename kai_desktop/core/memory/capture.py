"""Capture after every user message: the user's own statements become memories.

For each message: keep the sentences that are first-person statements (``statements``),
take the facts their plain wording states, and ask the model only about the statements no
rule covered: it files each under a known slot and copies the value (``slots``; JSON under a
schema, which llama.cpp enforces with a grammar). Code checks every proposal against the
user's words and builds the key and the third-person fact, so no proposal is stored in the
model's own wording. Then a memory manager decides, per fact, against the memories on the same
key or topic (``decisions``):

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
from typing import Any, Final

from kai_desktop.core.llm.model import ChatModel, ModelError, collect
from kai_desktop.core.memory.asides import read_with_asides, said_along, without_opener
from kai_desktop.core.memory.clauses import OWN_CLAUSE, adds_to, clauses
from kai_desktop.core.memory.decisions import (
    Action,
    Decision,
    added_to_list,
    decide,
    instead_of,
    memory_holding,
    merged_lists,
    topic_words,
)
from kai_desktop.core.memory.in_passing import said_in_passing
from kai_desktop.core.memory.inbox import ReviewInbox
from kai_desktop.core.memory.informal import standard_spelling
from kai_desktop.core.memory.key_words import canonical_key
from kai_desktop.core.memory.model import Category, MemoryError
from kai_desktop.core.memory.phrasings import INTRODUCED, plain_facts, value_first
from kai_desktop.core.memory.second_look import (
    MAX_SECOND_LOOKS,
    SECOND_LOOK,
    asked_parts,
    kind_repaired,
    looked_fact,
    unit_of,
    unit_request,
    unit_schema,
)
from kai_desktop.core.memory.slot_request import slot_request
from kai_desktop.core.memory.slot_words import about_someone_else
from kai_desktop.core.memory.slots import (
    SLOT_SCHEMA,
    fact_for_key,
    is_slot_key,
    parse_slot_item,
    slot_fact,
)
from kai_desktop.core.memory.statements import Fact, article
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.swaps import change_of, replaced_in
from kai_desktop.core.memory.text_match import is_duplicate_text
from kai_desktop.core.memory.tiers import TierError, Tiers
from kai_desktop.core.memory.user_sentences import (
    MAX_STATEMENT_CHARS,
    NOT_ABOUT_USER,
    asking_sentences,
    looked_at,
    statement_sentences,
    why_not_a_statement,
)

CAPTURE_SOURCE: Final = "capture"

_FORGET = re.compile(r"^(?:please\s+)?forget\s+(?:that\s+|about\s+|what\s+i\s+said\s+about\s+)?"
                     r"(?:my\s+|i\s+)?(?P<what>[^.!?]+)", re.I)


@dataclass
class CaptureReport:
    decisions: list[Decision] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    """(text, why) for sentences and proposals that were not stored."""
    model_used: bool = False
    stopped: bool = False
    tried: set[tuple[str, str]] = field(default_factory=set)
    """(sentence, topic) the model filed a sentence under and the checks refused."""

    def keys(self, *actions: Action) -> list[str]:
        return [d.target or (d.fact.key if d.fact else "") for d in self.decisions
                if not actions or d.action in actions]


def told_of_user(sentence: str) -> bool:
    """A sentence without "I" that states the user's fact all the same ("Sold the Golf and
    bought a Mini", "Right now home is Montreal"). A sentence over the statement length cap
    is none: the rules never read one."""
    if len(sentence) > MAX_STATEMENT_CHARS:
        return False
    return bool(change_of(sentence) or value_first(sentence) or plain_facts(sentence)
                or said_along(sentence))


_MORNINGS: Final = re.compile(r"\bmornings?\b|\bfirst thing\b", re.I)
_I_AM_NAME: Final = re.compile(r"^I(?:'m|’m| am) [A-Z]")
""""I'm Catriona, with a C and an O": a clause that introduces the user in so many words."""


def _said_plainly(new: str, sentence: str) -> list[Fact]:
    """The new value of a change nothing known held, read as the user having it ("I've
    switched from espresso to chai in the mornings": "I have a chai in the mornings"); only
    a rule that knows the value's kind reads that (a drink, a car by its make)."""
    when = " in the mornings" if _MORNINGS.search(sentence) else ""
    return plain_facts(f"I have {article(new)} {new}{when}")


_CHANGE_SAID: Final = re.compile(
    r"\b(?:now|moved|new|newly|switched|changed|bought|sold|got (?:a|an|myself)|anymore|"
    r"no longer|these days|nowadays|since|instead|started|left|quit|replaced|traded|update|"
    r"updates|actually|gave up)\b", re.I)


def _unsure_kept(decision: Decision, user_text: str) -> Decision:
    """A second look's value that would replace a memory, in a message that says nothing
    changed, waits for review: the topic may only be named in passing ("gizmo got car sick
    on the drive" names no new car)."""
    fact = decision.fact
    if (decision.action == "UPDATE" and fact is not None and fact.origin == SECOND_LOOK
            and not _CHANGE_SAID.search(user_text)):
        return Decision("REVIEW", fact, decision.target,
                        f"a second look may contradict: {decision.reason}")
    return decision


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
        statements = statement_sentences(user_text, told_of_user=told_of_user)
        for sentence in statements:
            found = self._rule_facts(sentence)
            if found:
                facts.extend(found)
            else:
                uncovered.append(sentence)
        for sentence in asking_sentences(user_text):  # "... for my sister Hannah's wedding"
            facts.extend(f for f in said_in_passing(sentence) if all(f.key != g.key for g in facts))
        if uncovered and model is not None and self.use_model:
            report.model_used = True
            for fact in self._model_facts(model, uncovered, stop_flag, report):
                if all(f.key != fact.key and not is_duplicate_text(f.content, fact.content)
                       for f in facts):
                    facts.append(fact)
        if model is not None and self.use_model and not report.stopped:
            facts.extend(self._second_look(model, looked_at(user_text, statements), user_text,
                                           facts, stop_flag=stop_flag, report=report))
        return merged_lists(facts)

    def _second_look(
        self,
        model: ChatModel,
        sentences: list[str],
        user_text: str,
        facts: list[Fact],
        *,
        stop_flag: Callable[[], bool] | None,
        report: CaptureReport,
    ) -> list[Fact]:
        """The facts on topics ``sentences`` (of ``user_text``) name that nothing above
        filled, asked of the model one topic at a time (``second_look``)."""
        filled = {unit_of(f.key) for f in facts}
        out: list[Fact] = []
        calls = 0
        for sentence, unit, part in asked_parts(user_text, sentences):
            if calls == MAX_SECOND_LOOKS:
                break
            if unit in filled or (sentence, unit.topic) in report.tried or (
                    unit.topic not in ("relative", "pet") and about_someone_else(part)):
                continue  # "My sister is allergic to cats": her allergy, not the user's
            calls += 1
            item = self._filed(model, unit_request(part, unit), unit_schema(unit), part,
                               stop_flag=stop_flag, report=report)
            if report.stopped:
                return []
            if item is None:
                continue
            report.model_used = True
            fact, why = looked_fact(item, unit, part)
            if fact is None or unit_of(fact.key) in filled:
                report.skipped.append((part, why or "already known from this message"))
                continue
            filled.add(unit_of(fact.key))
            out.append(fact)
        return out

    @staticmethod
    def _filed(
        model: ChatModel,
        messages: list[dict[str, str]],
        schema: dict[str, Any],
        text: str,
        *,
        stop_flag: Callable[[], bool] | None,
        report: CaptureReport,
    ) -> dict[str, Any] | None:
        """The model's item for one filing request; None when the model failed (noted in
        ``report``) or was stopped (``report.stopped``)."""
        try:
            reply = collect(model.stream(messages, json_schema=schema, max_tokens=48,
                                         temperature=0.0, stop_flag=stop_flag))
        except ModelError as exc:
            report.skipped.append((text, f"model failed: {exc}"))
            return None
        if stop_flag is not None and stop_flag():
            report.stopped = True
            return None
        return parse_slot_item(reply.text) or {}

    def _rule_facts(self, sentence: str) -> list[Fact]:
        """The facts the rules read in ``sentence``, or else in its clauses ("I quit
        cooking and became a firefighter", "Max died, our new dog is Bella"; "My brother
        Luca is 35 and I'm 29" names the brother in passing, and the age is in a clause)."""
        found = read_with_asides(sentence, lambda s: self._change_facts(s) or plain_facts(s))
        # "Tamsin here, charge nurse at ...": an introduction leaves its clauses to be read
        whole = bool(found) and not set(found) <= set(said_along(sentence)) and not all(
            f.origin == INTRODUCED for f in found)
        for clause in map(without_opener, clauses(sentence)):
            # the sentence is the user's: a clause need not say "I" ("and there's a Skoda")
            if (whole and not OWN_CLAUSE.match(clause)) or why_not_a_statement(
                    clause) not in (None, NOT_ABOUT_USER):
                continue
            for fact in self._change_facts(clause) or plain_facts(clause):
                if fact.origin == INTRODUCED and not _I_AM_NAME.match(clause):
                    continue  # "Vegetarian here, no meat for me": no name in a clause
                if adds_to(found, fact):
                    found.append(fact)
        return found

    def _change_facts(self, sentence: str) -> list[Fact]:
        """"I replaced the Fiat with a Honda": the memory holding the old value gets the
        new one, under its own key; when no memory holds the old value, the new one as
        the rules read it said plainly ("I have a Honda")."""
        change = change_of(sentence)
        if change is None:
            return []
        old, new = change
        memories = [m for m in self.memory.all()  # "swapped my name": a key's word, no value
                    if old.casefold() not in canonical_key(m.key).split("_")]
        memory = memory_holding(memories, old)
        if memory is None and old.casefold().endswith("s"):  # "gone off flat whites"
            old = old[:-1]
            memory = memory_holding(memories, old)
        if memory is None:
            return _said_plainly(new, sentence)
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
            item = self._filed(model, slot_request(sentence), SLOT_SCHEMA, sentence,
                               stop_flag=stop_flag, report=report)
            if report.stopped:
                return []
            if item is None:
                continue
            fact, why = slot_fact(kind_repaired(item, sentence), sentence)
            if fact is None:
                report.skipped.append((sentence, why))
                report.tried.add((sentence, str(item.get("topic", ""))))
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
            self._apply(_unsure_kept(decide(changed, memories), user_text), report)
        return report

    def _forget_decision(self, text: str) -> Decision | None:
        match = _FORGET.match(text.strip())
        if match is None:
            return None
        wanted = canonical_key(match.group("what"))
        words = topic_words(wanted) or set(wanted.split("_"))
        for memory in self.memory.all():
            key = canonical_key(memory.key)
            topic = topic_words(key)
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
                if self.inbox is None and canonical_key(decision.target) == fact.key:
                    report.skipped.append((fact.content, decision.reason))
                    return  # no inbox, and storing it would overwrite the memory it reviews
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
