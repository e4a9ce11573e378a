"""Slash commands typed in the chat box: /remember, /forget, /review, /tidy, /w, /r, ...

``/review`` and ``/tidy`` change nothing by themselves: they return
:class:`ProposedChange` items, each with a unified diff, that the user accepts (call
``apply()``) or rejects one by one. ``apply()`` re-checks the file first and raises
:class:`ProposalError` when it changed in a way the proposal no longer fits.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from kai_desktop.core.chat.proposals import CommandResult, SessionParts
from kai_desktop.core.chat.review import ReviewProposals
from kai_desktop.core.chat.tidy import TidyProposals
from kai_desktop.core.llm.model import ChatModel
from kai_desktop.core.memory.model import MemoryError
from kai_desktop.core.memory.text_match import (
    find_duplicate,
    key_for,
    normalise_key,
)
from kai_desktop.core.memory.tiers import TierError
from kai_desktop.core.vault.files import VaultError

if TYPE_CHECKING:
    from kai_desktop.core.chat.session import ChatSession

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


class CommandRunner(SessionParts):
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
        super().__init__(session, clock=clock)
        self._on_experimental = on_experimental

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
    def review(self, *args: Any, **kwargs: Any) -> CommandResult:
        """``/review``: see :class:`ReviewProposals`."""
        return ReviewProposals(self.session, clock=self._clock).review(*args, **kwargs)

    def tidy(self) -> CommandResult:
        """``/tidy``: see :class:`TidyProposals`."""
        return TidyProposals(self.session, clock=self._clock).tidy()

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


    # -- /tidy -----------------------------------------------------------------------------


