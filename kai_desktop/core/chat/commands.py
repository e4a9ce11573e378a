"""Slash commands typed in the chat box: /remember, /forget, /review, /tidy, /w, /r, ...

``/review`` and ``/tidy`` change nothing by themselves: they return
:class:`ProposedChange` items, each with a unified diff, that the user accepts (call
``apply()``) or rejects one by one. ``apply()`` re-checks the file first and raises
:class:`ProposalError` when it changed in a way the proposal no longer fits.
"""

from __future__ import annotations

import contextlib
import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, Final

from kai_desktop.core.chat.session import ChatSession
from kai_desktop.core.llm.model import ChatMessage, ChatModel, ModelError, collect
from kai_desktop.core.memory.extraction import (
    find_duplicate,
    is_duplicate_text,
    key_for,
    normalise_key,
    normalise_text,
)
from kai_desktop.core.memory.store import Memory, MemoryError, MemoryStore
from kai_desktop.core.memory.tiers import TierError, Tiers
from kai_desktop.core.vault.files import Vault, VaultError, WriteConflict, content_hash
from kai_desktop.core.vault.layout import CORRECTIONS, DAILY_DIR, MEMORY, PROCEDURAL

COMMANDS: Final = {
    "remember": "/remember <fact> — keep a fact as a memory",
    "forget": "/forget <key> — forget a memory",
    "review": "/review — propose promoting good [extracted] facts and turning corrections "
    "into rules",
    "tidy": "/tidy — propose merging duplicate memories and removing stale ones",
    "w": "/w [what was wrong] — flag the last answer as bad",
    "r": "/r [what was good] — flag the last answer as good",
    "experimental": "/experimental — switch the experimental agent-file mode on or off",
    "help": "/help — list the commands",
}
REVIEW_DAYS: Final = 30
STALE_DAYS: Final = 90
MAX_PROPOSALS: Final = 12
_DAILY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")
_FEEDBACK_ENTRY = re.compile(r"^[-*] (\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}) ?(.*)$")
_RULE_SOURCE = re.compile(r"\(correction (\d{4}-\d{2}-\d{2} \d{1,2}:\d{2})\)")


class ProposalError(Exception):
    """A proposal no longer fits the files; the message says what to do."""


@dataclass(frozen=True)
class ProposedChange:
    """One change offered for consent. ``apply()`` makes it and returns a message."""

    title: str
    path: str
    diff: str
    apply: Callable[[], str]


@dataclass(frozen=True)
class CommandResult:
    command: str
    message: str
    proposals: tuple[ProposedChange, ...] = ()
    ok: bool = True


def _proposals_result(
    command: str, proposals: Sequence[ProposedChange], nothing: str
) -> CommandResult:
    """The first :data:`MAX_PROPOSALS` proposals for the user to accept or reject, or
    the ``nothing`` message when there are none."""
    kept = tuple(proposals[:MAX_PROPOSALS])
    message = f"{len(kept)} proposed change(s): accept or reject each." if kept else nothing
    return CommandResult(command, message, kept)


def parse_command(text: str) -> tuple[str, str] | None:
    """``("remember", "I like tea")`` for ``"/remember I like tea"``; None if not a command."""
    stripped = text.strip()
    if not stripped.startswith("/") or stripped.startswith("//"):
        return None
    head, _, rest = stripped[1:].partition(" ")
    name = head.strip().lower()
    if not name or not re.fullmatch(r"[a-z_-]+", name):
        return None
    return name, rest.strip()


def unified_diff(path: str, before: str, after: str, *, new_path: str | None = None) -> str:
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"a/{path}" if before or new_path is None else "/dev/null",
        tofile=new_path if new_path is not None else f"b/{path}",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _write_checked(vault: Vault, rel: str, text: str, expect: str | None) -> None:
    """Write ``text`` if ``rel`` is still as read; ProposalError (and no stray copy) if not."""
    try:
        vault.write_text(rel, text, expect=expect)
    except WriteConflict as exc:
        if exc.conflict_rel:
            with contextlib.suppress(OSError, VaultError):
                vault.delete(exc.conflict_rel, expect=content_hash(text))
        raise ProposalError(f"{rel} changed just now; nothing was written, try again") from exc


def _with_line(text: str, line: str) -> str:
    base = text if not text or text.endswith("\n") else text + "\n"
    return base + line + "\n"


class CommandRunner:
    """Runs slash commands against the session's memory store and tier files."""

    def __init__(
        self,
        session: ChatSession,
        *,
        clock: Callable[[], datetime] = lambda: datetime.now().astimezone(),
        on_experimental: Callable[[bool], None] | None = None,
    ) -> None:
        """``on_experimental(on)`` runs after /experimental (the app saves the setting and
        shows or hides the mode badge)."""
        self.session = session
        self._clock = clock
        self._on_experimental = on_experimental

    @property
    def memory(self) -> MemoryStore:
        return self.session.memory

    @property
    def tiers(self) -> Tiers:
        return self.session.tiers

    @property
    def vault(self) -> Vault:
        return self.session.memory.vault

    def run(
        self,
        text: str,
        *,
        model: ChatModel | None = None,
        stop_flag: Callable[[], bool] | None = None,
    ) -> CommandResult | None:
        """Run ``text`` if it is a command (None otherwise). Never raises for bad input.

        ``model`` is optional: with it, /review phrases rules from corrections.
        """
        parsed = parse_command(text)
        if parsed is None:
            return None
        name, arg = parsed
        handlers: dict[str, Callable[[str], CommandResult]] = {
            "remember": self.remember,
            "forget": self.forget,
            "review": lambda _a: self.review(model=model, stop_flag=stop_flag),
            "tidy": lambda _a: self.tidy(),
            "w": lambda a: self.flag(good=False, note=a),
            "r": lambda a: self.flag(good=True, note=a),
            "experimental": lambda _a: self.toggle_experimental(),
            "help": lambda _a: CommandResult("help", "\n".join(COMMANDS.values())),
        }
        handler = handlers.get(name)
        if handler is None:
            names = ", ".join(f"/{n}" for n in COMMANDS)
            return CommandResult(name, f"Unknown command /{name}. Commands: {names}.", ok=False)
        try:
            return handler(arg)
        except (MemoryError, TierError, VaultError, OSError) as exc:
            return CommandResult(name, f"/{name} failed: {exc}", ok=False)

    def command_job(self, text: str) -> Callable[[ChatModel, Any], CommandResult | None]:
        """:meth:`run` as a job for the model worker (so /review can use the model)."""

        def job(model: ChatModel, ctx: Any) -> CommandResult | None:
            return self.run(text, model=model, stop_flag=getattr(ctx, "stop_requested", None))

        return job

    # -- simple commands -------------------------------------------------------------------
    def remember(self, fact: str) -> CommandResult:
        fact = " ".join(fact.split())
        if not fact:
            return CommandResult("remember", "Usage: /remember <fact>", ok=False)
        if not self.memory.enabled:
            return CommandResult(
                "remember", "Memory is off; turn it on to remember things.", ok=False
            )
        existing = self.memory.all()
        duplicate = find_duplicate(fact, existing)
        if duplicate is not None:
            self.memory.reinforce(duplicate.key)
            return CommandResult(
                "remember", f"Already remembered as {duplicate.key}; marked as confirmed."
            )
        base = key_for(fact)
        taken = {normalise_key(m.key) for m in existing}
        key, n = base, 2
        while normalise_key(key) in taken:
            key, n = f"{base}_{n}", n + 1
        memory = self.memory.store(key, fact, source="user")
        return CommandResult("remember", f"Remembered as {memory.key}.")

    def forget(self, key: str) -> CommandResult:
        key = key.strip()
        if not key:
            return CommandResult("forget", "Usage: /forget <key>", ok=False)
        if not self.memory.enabled:
            return CommandResult("forget", "Memory is off; nothing was changed.", ok=False)
        memories = self.memory.all()
        match = next((m for m in memories if m.key == key), None) or next(
            (m for m in memories if normalise_key(m.key) == normalise_key(key)), None
        )
        if match is not None and self.memory.forget(match.key):
            return CommandResult("forget", f"Forgot {match.key}.")
        close = difflib.get_close_matches(key, [m.key for m in memories], n=3, cutoff=0.5)
        hint = f" Did you mean: {', '.join(close)}?" if close else ""
        return CommandResult("forget", f"No memory named {key!r}.{hint}", ok=False)

    def flag(self, *, good: bool, note: str) -> CommandResult:
        name = "r" if good else "w"
        exchange = self.session.last_exchange()
        if exchange is None:
            return CommandResult(name, "There is no answer to flag yet.", ok=False)
        question, answer = exchange
        lead = note.strip() or ("Good answer" if good else "Wrong answer")
        entry = (
            f"{lead}\nQuestion: {' '.join(question.split())[:300]}\n"
            f"Answer: {' '.join(answer.split())[:500]}"
        )
        if good:
            self.tiers.add_reward(entry)
            return CommandResult(name, "Thanks — noted as a good answer in feedback/rewards.md.")
        self.tiers.add_correction(entry)
        return CommandResult(
            name, "Noted as a bad answer in feedback/corrections.md; /review turns it into a rule."
        )

    def toggle_experimental(self) -> CommandResult:
        self.session.experimental = not self.session.experimental
        if self._on_experimental is not None:
            self._on_experimental(self.session.experimental)
        state = "on" if self.session.experimental else "off"
        return CommandResult("experimental", f"Experimental agent-file mode is {state}.")

    # -- /review ---------------------------------------------------------------------------
    def review(
        self,
        *,
        model: ChatModel | None = None,
        stop_flag: Callable[[], bool] | None = None,
    ) -> CommandResult:
        proposals = self._fact_proposals() + self._rule_proposals(model, stop_flag)
        return _proposals_result(
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
            match = _DAILY_NAME.match(name)
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
            _write_checked(
                self.vault, MEMORY, _with_line(text, line), now.sha256 if now else None
            )
            return f"Added to {MEMORY}."

        return ProposedChange(
            title=f"Keep in Memory.md: {fact}",
            path=MEMORY,
            diff=unified_diff(MEMORY, current, _with_line(current, line)),
            apply=apply,
        )

    def _corrections(self) -> list[tuple[str, str]]:
        """(timestamp, text) of each entry in feedback/corrections.md."""
        found = self.vault.read_text_or_none(CORRECTIONS)
        if found is None:
            return []
        entries: list[tuple[str, list[str]]] = []
        for line in found.text.splitlines():
            match = _FEEDBACK_ENTRY.match(line.rstrip())
            if match:
                entries.append((match.group(1), [match.group(2).strip()]))
            elif entries and line.startswith("  ") and line.strip():
                entries[-1][1].append(line.strip())
        return [(stamp, "\n".join(t for t in parts if t)) for stamp, parts in entries]

    def _rule_proposals(
        self, model: ChatModel | None, stop_flag: Callable[[], bool] | None
    ) -> list[ProposedChange]:
        procedural = self.tiers.procedural()
        done = set(_RULE_SOURCE.findall(procedural))
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
                    diff=unified_diff(PROCEDURAL, procedural, _with_line(procedural, line)),
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

    # -- /tidy -----------------------------------------------------------------------------
    def tidy(self) -> CommandResult:
        memories = self.memory.all()
        proposals = self._merge_proposals(memories)
        merged = {p.path for p in proposals}
        proposals += self._stale_proposals([m for m in memories if m.path not in merged])
        proposals += self._duplicate_line_proposals(MEMORY)
        proposals += self._duplicate_line_proposals(PROCEDURAL)
        return _proposals_result(
            "tidy", proposals, "Everything is tidy: no duplicates or stale memories."
        )

    def _note_text(self, memory: Memory) -> str:
        found = self.vault.read_text_or_none(memory.path)
        return found.text if found is not None else ""

    def _merge_proposals(self, memories: Sequence[Memory]) -> list[ProposedChange]:
        proposals: list[ProposedChange] = []
        gone: set[str] = set()
        for i, first in enumerate(memories):
            if first.key in gone:
                continue
            for second in memories[i + 1 :]:
                if second.key in gone:
                    continue
                same_key = normalise_key(first.key) == normalise_key(second.key)
                if not (same_key or is_duplicate_text(first.content, second.content)):
                    continue
                keep, drop = sorted(
                    (first, second), key=lambda m: (-m.hits, -m.updated.timestamp(), m.key)
                )
                gone.add(drop.key)
                proposals.append(
                    ProposedChange(
                        title=f"Merge memory {drop.key} into {keep.key}",
                        path=drop.path,
                        diff=unified_diff(drop.path, self._note_text(drop), "",
                                          new_path="/dev/null"),
                        apply=self._remover(drop, keep),
                    )
                )
                if first.key in gone:
                    break
        return proposals

    def _stale_proposals(self, memories: Sequence[Memory]) -> list[ProposedChange]:
        now = self._clock()
        memory_md = self.tiers.memory()
        permanent = [ln.lstrip("-* ").strip() for ln in memory_md.splitlines() if ln.strip()]
        proposals = []
        for memory in memories:
            if any(is_duplicate_text(memory.content, line) for line in permanent):
                why = "already in Memory.md"
            elif memory.hits <= 1 and now - memory.updated > timedelta(days=STALE_DAYS):
                why = f"never confirmed and unchanged for {(now - memory.updated).days} days"
            else:
                continue
            proposals.append(
                ProposedChange(
                    title=f"Remove memory {memory.key} ({why})",
                    path=memory.path,
                    diff=unified_diff(memory.path, self._note_text(memory), "",
                                      new_path="/dev/null"),
                    apply=self._remover(memory, None),
                )
            )
        return proposals

    def _remover(self, memory: Memory, keep: Memory | None) -> Callable[[], str]:
        def apply() -> str:
            current = self.memory.get(memory.key)
            if current is None:
                return f"{memory.key} is already gone."
            if current.content != memory.content or current.updated != memory.updated:
                raise ProposalError(
                    f"memory {memory.key} changed since the proposal; run /tidy again"
                )
            self.memory.forget(memory.key)
            if keep is not None and self.memory.get(keep.key) is not None:
                self.memory.reinforce(keep.key)
                return f"Removed {memory.key}; {keep.key} kept and confirmed."
            return f"Removed {memory.key}."

        return apply

    def _duplicate_line_proposals(self, rel: str) -> list[ProposedChange]:
        found = self.vault.read_text_or_none(rel)
        if found is None:
            return []
        lines = found.text.splitlines(keepends=True)
        seen: dict[str, int] = {}
        proposals = []
        for index, line in enumerate(lines):
            body = line.strip()
            if not body.startswith(("- ", "* ")):
                continue
            norm = normalise_text(body[2:])
            if not norm:
                continue
            if norm not in seen:
                seen[norm] = index
                continue
            after = "".join(lines[:index] + lines[index + 1 :])
            proposals.append(
                ProposedChange(
                    title=f"Remove a repeated line from {rel}: {body[2:][:80]}",
                    path=rel,
                    diff=unified_diff(rel, found.text, after),
                    apply=self._line_remover(rel, line),
                )
            )
        return proposals

    def _line_remover(self, rel: str, line: str) -> Callable[[], str]:
        def apply() -> str:
            now = self.vault.read_text_or_none(rel)
            if now is None:
                raise ProposalError(f"{rel} is gone")
            lines = now.text.splitlines(keepends=True)
            norm = normalise_text(line.strip()[2:])
            hits = [i for i, ln in enumerate(lines)
                    if ln.strip().startswith(("- ", "* "))
                    and normalise_text(ln.strip()[2:]) == norm]
            if len(hits) < 2:
                return f"{rel} no longer repeats that line."
            del lines[hits[-1]]
            _write_checked(self.vault, rel, "".join(lines), now.sha256)
            return f"Removed the repeated line from {rel}."

        return apply
