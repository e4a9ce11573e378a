"""What slash commands propose: changes shown as diffs that apply only on consent.

A proposal re-reads its file when applied and raises :class:`ProposalError` when the file
changed in a way the proposal no longer fits.
"""

from __future__ import annotations

import contextlib
import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from kai_desktop.core.chat.session import ChatSession
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault, VaultError, WriteConflict, content_hash

REVIEW_DAYS: Final = 30


STALE_DAYS: Final = 90


MAX_PROPOSALS: Final = 12


DAILY_NAME = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")


FEEDBACK_ENTRY = re.compile(r"^[-*] (\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}) ?(.*)$")


RULE_SOURCE = re.compile(r"\(correction (\d{4}-\d{2}-\d{2} \d{1,2}:\d{2})\)")


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


def proposals_result(
    command: str, proposals: Sequence[ProposedChange], nothing: str
) -> CommandResult:
    """The first :data:`MAX_PROPOSALS` proposals for the user to accept or reject, or
    the ``nothing`` message when there are none."""
    kept = tuple(proposals[:MAX_PROPOSALS])
    message = f"{len(kept)} proposed change(s): accept or reject each." if kept else nothing
    return CommandResult(command, message, kept)


def unified_diff(path: str, before: str, after: str, *, new_path: str | None = None) -> str:
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"a/{path}" if before or new_path is None else "/dev/null",
        tofile=new_path if new_path is not None else f"b/{path}",
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def write_checked(vault: Vault, rel: str, text: str, expect: str | None) -> None:
    """Write ``text`` if ``rel`` is still as read; ProposalError (and no stray copy) if not."""
    try:
        vault.write_text(rel, text, expect=expect)
    except WriteConflict as exc:
        if exc.conflict_rel:
            with contextlib.suppress(OSError, VaultError):
                vault.delete(exc.conflict_rel, expect=content_hash(text))
        raise ProposalError(f"{rel} changed just now; nothing was written, try again") from exc


def with_line(text: str, line: str) -> str:
    base = text if not text or text.endswith("\n") else text + "\n"
    return base + line + "\n"


class SessionParts:
    """The memory store, tier files and vault a command works on, through its session."""

    def __init__(
        self,
        session: ChatSession,
        *,
        clock: Callable[[], datetime] = lambda: datetime.now().astimezone(),
    ) -> None:
        self.session = session
        self._clock = clock

    @property
    def memory(self) -> MemoryStore:
        return self.session.memory

    @property
    def tiers(self) -> Tiers:
        return self.session.tiers

    @property
    def vault(self) -> Vault:
        return self.session.memory.vault
