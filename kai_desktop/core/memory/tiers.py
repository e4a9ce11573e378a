"""The tier files of a vault: daily logs, session notes, feedback, and the permanent files.

Every write is an append that starts from the file as it is on disk now, through the
vault's compare-and-swap, so an edit made in Obsidian at the same moment is kept.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from typing import Any, Final

from kai_desktop.core.vault.files import SkippedFile, Vault, VaultError, WriteConflict, content_hash
from kai_desktop.core.vault.frontmatter import render_note
from kai_desktop.core.vault.layout import (
    CORRECTIONS,
    DAILY_DIR,
    MEMORY,
    PROCEDURAL,
    REWARDS,
    SESSIONS_DIR,
    SOUL,
)

log = logging.getLogger(__name__)

EXTRACTED_TAG: Final = "[extracted]"
_ATTEMPTS: Final = 3
_SLUG_MAX: Final = 48
_ENTRY = re.compile(r"^[-*] (?P<time>\d{1,2}:\d{2})(?: (?P<text>.*))?$")
_BLOCK_START = re.compile(r"^\s*(?:[-*+] |\d+[.)] |#|>|```|\|)")


class TierError(Exception):
    """A tier file could not be written; nothing on disk was lost."""


def _local_now() -> datetime:
    return datetime.now().astimezone()


def _one_block(text: str) -> str:
    """``text`` with normalised line ends, outer blank lines removed."""
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def _list_item(prefix: str, text: str) -> str:
    """A Markdown list item; further lines are indented so they stay in the item."""
    lines = _one_block(text).split("\n")
    rest = "".join(f"\n  {line}" if line.strip() else "\n" for line in lines[1:])
    return f"- {prefix}{lines[0]}{rest}\n"


def slugify(title: str, max_len: int = _SLUG_MAX) -> str:
    """A lower-case, hyphenated file-name part for ``title`` (letters of any script kept)."""
    text = unicodedata.normalize("NFKC", title).casefold()
    out: list[str] = []
    for ch in text:
        out.append(ch if ch.isalnum() and ch.isprintable() else "-")
    slug = re.sub(r"-{2,}", "-", "".join(out)).strip("-")
    slug = slug[:max_len].rstrip("-")
    return slug or "session"


class Tiers:
    """Reads and appends to the tier files of one vault. Thread-safe."""

    def __init__(self, vault: Vault, clock: Callable[[], datetime] = _local_now) -> None:
        self._vault = vault
        self._clock = clock
        self._lock = threading.Lock()

    def _now(self) -> datetime:
        now = self._clock()
        return now if now.tzinfo is not None else now.astimezone()

    # -- daily -----------------------------------------------------------------------------
    @staticmethod
    def daily_path(day: date) -> str:
        return f"{DAILY_DIR}/{day.isoformat()}.md"

    def append_daily(self, text: str, *, extracted: bool = False) -> str:
        """Append ``- HH:MM text`` (``[extracted]`` facts tagged) to today's daily note.

        Returns the vault path of the daily note.
        """
        if not _one_block(text):
            raise TierError("a daily entry cannot be empty")
        now = self._now()
        rel = self.daily_path(now.date())
        tag = f"{EXTRACTED_TAG} " if extracted else ""
        entry = _list_item(f"{now:%H:%M} {tag}", text)
        self._append(rel, entry, header=f"# {now.date().isoformat()}\n\n", paragraph=False)
        return rel

    def daily_text(self, day: date | None = None) -> str:
        """The daily note of ``day`` (default today); empty when there is none."""
        return self._read(self.daily_path(day or self._now().date()))

    def extracted_facts(self, day: date | None = None) -> list[str]:
        """The ``[extracted]`` facts of a daily note, in order, without time and tag."""
        facts: list[list[str]] = []
        in_fact = False
        for line in self.daily_text(day).split("\n"):
            match = _ENTRY.match(line.rstrip())
            if match:
                body = match.group("text") or ""
                in_fact = body.startswith(EXTRACTED_TAG)
                if in_fact:
                    facts.append([body.removeprefix(EXTRACTED_TAG).strip()])
            elif in_fact and line.startswith("  ") and line.strip():
                facts[-1].append(line.strip())  # a continuation line of the same item
            elif line.strip():
                in_fact = False
        return [text for lines in facts if (text := "\n".join(lines).strip())]

    # -- sessions --------------------------------------------------------------------------
    def save_session(
        self,
        title: str,
        summary: str,
        transcript: str | Sequence[Mapping[str, Any]] | None = None,
    ) -> str:
        """Save an episodic note ``sessions/YYYY-MM-DD-HHMM-<slug>.md``; returns its path.

        ``transcript`` is text, or chat messages (``role`` and ``content``).
        """
        now = self._now()
        clean_title = " ".join(title.split()) or "Conversation"
        properties: dict[str, Any] = {
            "title": clean_title,
            "created": now.isoformat(timespec="seconds"),
            "tags": ["session"],
        }
        body = f"# {clean_title}\n\n## Summary\n\n{_one_block(summary) or '(no summary)'}\n"
        rendered = _render_transcript(transcript)
        if rendered:
            body += f"\n## Transcript\n\n{rendered}\n"
        text = render_note(properties, body)
        base = f"{SESSIONS_DIR}/{now:%Y-%m-%d-%H%M}-{slugify(clean_title)}"
        with self._lock:
            for n in range(1, 1000):
                rel = f"{base}.md" if n == 1 else f"{base}-{n}.md"
                if self._vault.exists(rel):
                    continue
                try:
                    self._vault.write_text(rel, text, expect=None)
                except WriteConflict as exc:  # appeared just now: take the next name
                    self._discard_copy(exc.conflict_rel, text)
                    continue
                except (OSError, VaultError) as exc:
                    raise TierError(f"could not save {rel}: {exc}") from exc
                return rel
        raise TierError(f"no free name for a session note at {base}.md")

    # -- feedback ----------------------------------------------------------------------------
    def add_correction(self, text: str) -> None:
        """Append a flagged bad answer (``/w``) to feedback/corrections.md."""
        self._add_feedback(CORRECTIONS, "# Corrections\n\n", text)

    def add_reward(self, text: str) -> None:
        """Append a flagged good answer (``/r``) to feedback/rewards.md."""
        self._add_feedback(REWARDS, "# Rewards\n\n", text)

    def _add_feedback(self, rel: str, header: str, text: str) -> None:
        if not _one_block(text):
            raise TierError("a feedback entry cannot be empty")
        now = self._now()
        self._append(rel, _list_item(f"{now:%Y-%m-%d %H:%M} ", text), header=header,
                     paragraph=False)

    # -- permanent files -------------------------------------------------------------------
    def soul(self) -> str:
        return self._read(SOUL)

    def memory(self) -> str:
        return self._read(MEMORY)

    def procedural(self) -> str:
        return self._read(PROCEDURAL)

    def append_soul(self, text: str) -> None:
        """Add a line to Soul.md (a single plain line becomes a list item)."""
        self._append(SOUL, _as_addition(text), header="", paragraph=True)

    def append_procedural(self, text: str) -> None:
        """Add a rule to Procedural.md (a single plain line becomes a list item)."""
        self._append(PROCEDURAL, _as_addition(text), header="", paragraph=True)

    # -- io --------------------------------------------------------------------------------
    def _read(self, rel: str) -> str:
        try:
            found = self._vault.read_text_or_none(rel)
        except SkippedFile as exc:
            log.warning("%s is not used: %s", rel, exc.reason)
            return ""
        except OSError as exc:
            log.warning("%s cannot be read: %s", rel, exc)
            return ""
        return found.text if found is not None else ""

    def _append(self, rel: str, addition: str, *, header: str, paragraph: bool) -> None:
        """Append ``addition`` to the file as it is on disk now (created with ``header``)."""
        with self._lock:
            copies: list[tuple[str, str]] = []
            for _ in range(_ATTEMPTS):
                try:
                    current = self._vault.read_text_or_none(rel)
                except (OSError, VaultError) as exc:
                    raise TierError(f"cannot append to {rel}: {exc}") from exc
                text = _joined(current.text if current else header, addition, paragraph)
                try:
                    self._vault.write_text(
                        rel, text, expect=current.sha256 if current else None
                    )
                except WriteConflict as exc:
                    if exc.conflict_rel:
                        copies.append((exc.conflict_rel, text))
                    continue
                except OSError as exc:
                    raise TierError(f"cannot write {rel}: {exc}") from exc
                for copy_rel, copy_text in copies:
                    self._discard_copy(copy_rel, copy_text)
                return
            for copy_rel, copy_text in copies[:-1]:
                self._discard_copy(copy_rel, copy_text)
            kept = f"; the new text was saved as {copies[-1][0]}" if copies else ""
            raise TierError(f"{rel} kept changing on disk{kept}")

    def _discard_copy(self, rel: str | None, text: str) -> None:
        if not rel:
            return
        try:
            self._vault.delete(rel, expect=content_hash(text))
        except (OSError, VaultError):
            log.info("left the conflict copy %s in place", rel)


def _joined(base: str, addition: str, paragraph: bool) -> str:
    if base and not base.endswith("\n"):
        base += "\n"
    if paragraph and base.strip():
        # A new paragraph unless the file already ends in a list the item continues.
        last = base.rstrip("\n").rsplit("\n", 1)[-1]
        continues_list = addition.startswith("- ") and last.lstrip().startswith(("- ", "* "))
        if not continues_list and not base.endswith("\n\n"):
            base += "\n"
    return base + addition


def _as_addition(text: str) -> str:
    block = _one_block(text)
    if not block:
        raise TierError("nothing to add: the text is empty")
    if "\n" not in block and not _BLOCK_START.match(block):
        return f"- {block}\n"
    return block + "\n"


def _render_transcript(transcript: str | Sequence[Mapping[str, Any]] | None) -> str:
    if transcript is None:
        return ""
    if isinstance(transcript, str):
        return _one_block(transcript)
    parts: list[str] = []
    for message in transcript:
        role = str(message.get("role", "")).strip() or "message"
        content = message.get("content")
        if not isinstance(content, str) or not content.strip():
            continue
        parts.append(f"**{role}:** {_one_block(content)}")
    return "\n\n".join(parts)
