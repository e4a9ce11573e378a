"""``/review``: promotions of good ``[extracted]`` facts into Memory.md and corrections
distilled into procedural rules, as proposals."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from kai_desktop.core.chat.proposals import (
    DAILY_NAME,
    FEEDBACK_ENTRY,
    MAX_PROPOSALS,
    REVIEW_DAYS,
    RULE_SOURCE,
    CommandResult,
    ProposalError,
    ProposedChange,
    SessionParts,
    proposals_result,
    unified_diff,
    with_line,
    write_checked,
)
from kai_desktop.core.llm.model import ChatMessage, ChatModel, ModelError, collect
from kai_desktop.core.memory.text_match import (
    find_duplicate,
    is_duplicate_text,
    normalise_text,
)
from kai_desktop.core.memory.tiers import TierError
from kai_desktop.core.vault.layout import CORRECTIONS, DAILY_DIR, MEMORY, PROCEDURAL


class ReviewProposals(SessionParts):
    def review(
        self,
        *,
        model: ChatModel | None = None,
        stop_flag: Callable[[], bool] | None = None,
    ) -> CommandResult:
        proposals = self._fact_proposals() + self._rule_proposals(model, stop_flag)
        return proposals_result(
            "review", proposals, "Nothing to review: no new [extracted] facts or corrections."
        )

    def _recent_days(self) -> list[date]:
        today = self._clock().date()
        days: list[date] = []
        try:
            folder = self.vault.resolve(DAILY_DIR)
            found = folder.iterdir() if folder.is_dir() else iter(())
            names = sorted((p.name for p in found), reverse=True)
        except OSError:
            names = []
        for name in names:
            match = DAILY_NAME.match(name)
            if not match:
                continue
            try:
                day = date.fromisoformat(match.group(1))
            except ValueError:
                continue
            if today - timedelta(days=REVIEW_DAYS) <= day <= today:
                days.append(day)
        return days

    def _fact_proposals(self) -> list[ProposedChange]:
        counts: dict[str, tuple[str, int]] = {}
        for day in self._recent_days():
            for fact in self.tiers.extracted_facts(day):
                flat = " ".join(fact.split())
                if len(flat.split()) < 3 or len(flat) > 300:
                    continue
                norm = normalise_text(flat)
                text, n = counts.get(norm, (flat, 0))
                counts[norm] = (text, n + 1)
        memory_md = self.tiers.memory()
        lines = [line.lstrip("-* ").strip() for line in memory_md.splitlines() if line.strip()]
        memories = self.memory.all()
        chosen: list[str] = []
        # Facts seen on several days first: repetition is what makes a fact worth keeping.
        for text, _n in sorted(counts.values(), key=lambda item: -item[1]):
            if any(is_duplicate_text(text, line) for line in lines):
                continue
            if find_duplicate(text, memories) is not None:
                continue
            if any(is_duplicate_text(text, other) for other in chosen):
                continue
            chosen.append(text)
        return [self._memory_md_addition(text, memory_md) for text in chosen]

    def _memory_md_addition(self, fact: str, current: str) -> ProposedChange:
        line = f"- {fact}"

        def apply() -> str:
            now = self.vault.read_text_or_none(MEMORY)
            text = now.text if now is not None else ""
            if any(is_duplicate_text(fact, ln.lstrip("-* ")) for ln in text.splitlines()):
                return f"{MEMORY} already has it."
            write_checked(
                self.vault, MEMORY, with_line(text, line), now.sha256 if now else None
            )
            return f"Added to {MEMORY}."

        return ProposedChange(
            title=f"Keep in Memory.md: {fact}",
            path=MEMORY,
            diff=unified_diff(MEMORY, current, with_line(current, line)),
            apply=apply,
        )

    def _corrections(self) -> list[tuple[str, str]]:
        """(timestamp, text) of each entry in feedback/corrections.md."""
        found = self.vault.read_text_or_none(CORRECTIONS)
        if found is None:
            return []
        entries: list[tuple[str, list[str]]] = []
        for line in found.text.splitlines():
            match = FEEDBACK_ENTRY.match(line.rstrip())
            if match:
                entries.append((match.group(1), [match.group(2).strip()]))
            elif entries and line.startswith("  ") and line.strip():
                entries[-1][1].append(line.strip())
        return [(stamp, "\n".join(t for t in parts if t)) for stamp, parts in entries]

    def _rule_proposals(
        self, model: ChatModel | None, stop_flag: Callable[[], bool] | None
    ) -> list[ProposedChange]:
        procedural = self.tiers.procedural()
        done = set(RULE_SOURCE.findall(procedural))
        todo = [(s, t) for s, t in self._corrections() if s not in done and t.strip()]
        proposals = []
        existing = [ln.lstrip("-* ").strip() for ln in procedural.splitlines() if ln.strip()]
        for stamp, text in todo[:MAX_PROPOSALS]:
            rule = self._rule_for(text, model, stop_flag)
            if not rule or any(is_duplicate_text(rule, line) for line in existing):
                continue
            line = f"- {rule} (correction {stamp})"
            proposals.append(
                ProposedChange(
                    title=f"New rule in Procedural.md: {rule}",
                    path=PROCEDURAL,
                    diff=unified_diff(PROCEDURAL, procedural, with_line(procedural, line)),
                    apply=self._rule_applier(line, stamp),
                )
            )
        return proposals

    def _rule_applier(self, line: str, stamp: str) -> Callable[[], str]:
        def apply() -> str:
            if f"(correction {stamp})" in self.tiers.procedural():
                return f"{PROCEDURAL} already has a rule from that correction."
            try:
                self.tiers.append_procedural(line)
            except TierError as exc:
                raise ProposalError(str(exc)) from exc
            return f"Added the rule to {PROCEDURAL}."

        return apply

    def _rule_for(
        self, correction: str, model: ChatModel | None, stop_flag: Callable[[], bool] | None
    ) -> str:
        """A one-line rule: from the model when there is one, else the user's own note."""
        first = correction.split("\n", 1)[0].strip()
        fallback = "" if first in ("Wrong answer", "") else first.rstrip(".") + "."
        if model is None:
            return fallback
        request: list[ChatMessage] = [
            {"role": "system", "content": "You write short rules for a personal assistant."},
            {
                "role": "user",
                "content": "The user flagged this answer as wrong:\n"
                f"{correction}\n\nWrite one short imperative rule (under 25 words) that "
                'avoids the mistake next time. Answer as JSON: {"rule": "..."}',
            },
        ]
        schema = {
            "type": "object",
            "properties": {"rule": {"type": "string", "minLength": 5}},
            "required": ["rule"],
        }
        try:
            reply = collect(
                model.stream(
                    request, json_schema=schema, max_tokens=80, temperature=0.2,
                    stop_flag=stop_flag,
                )
            )
        except ModelError:
            return fallback
        match = re.search(r'"rule"\s*:\s*"((?:[^"\\]|\\.)*)"', reply.text)
        rule = match.group(1) if match else reply.text
        rule = " ".join(rule.replace('\\"', '"').split()).strip().strip("\"'")
        return rule[:200] if len(rule) >= 5 else fallback
