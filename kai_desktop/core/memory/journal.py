"""An append-only, fsynced journal of the current conversation.

Every user message is journaled before the model sees it, every answer after it, and
every capture once it is applied. A conversation that ends properly is marked ``ended``
and the journal starts afresh; one that a crash, a SIGKILL or a skipped save cut short
is still there at the next start, so its uncaptured messages are captured then and its
session note is written — no stated fact is lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

EntryKind = Literal["user", "assistant", "captured"]


@dataclass(frozen=True)
class JournalEntry:
    kind: EntryKind
    seq: int
    text: str = ""
    at: str = ""


class TranscriptJournal:
    """The journal file at ``path`` (JSON lines); thread-safe."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._seq = max((e.seq for e in self.entries()), default=0)

    def entries(self) -> list[JournalEntry]:
        """The journal's readable entries; a torn last line (a crash mid-write) is skipped."""
        try:
            lines = self.path.read_text(encoding="utf-8", errors="replace").splitlines()
        except FileNotFoundError:
            return []
        out = []
        for line in lines:
            try:
                raw: Any = json.loads(line)
                out.append(JournalEntry(raw["kind"], int(raw["seq"]), str(raw.get("text", "")),
                                        str(raw.get("at", ""))))
            except (ValueError, KeyError, TypeError):
                continue
        return out

    def _append(self, kind: EntryKind, text: str = "", seq: int | None = None) -> int:
        with self._lock:
            if seq is None:
                self._seq += 1
                seq = self._seq
            record = {"kind": kind, "seq": seq, "text": text,
                      "at": datetime.now().astimezone().isoformat(timespec="seconds")}
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"))
                os.fsync(fd)
            finally:
                os.close(fd)
            return seq

    def user(self, text: str) -> int:
        return self._append("user", text)

    def assistant(self, text: str) -> int:
        return self._append("assistant", text)

    def captured(self, seq: int) -> None:
        self._append("captured", seq=seq)

    def end(self) -> None:
        """The conversation is fully saved: start the next one with an empty journal."""
        with self._lock, contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def is_open(self) -> bool:
        """True when a conversation with at least one user message is not saved yet."""
        return any(e.kind == "user" for e in self.entries())

    def uncaptured(self) -> list[tuple[int, str]]:
        """User messages (seq, text) whose capture has not been applied yet."""
        entries = self.entries()
        done = {e.seq for e in entries if e.kind == "captured"}
        return [(e.seq, e.text) for e in entries if e.kind == "user" and e.seq not in done]

    def transcript(self) -> list[dict[str, str]]:
        """The conversation as chat messages, in order."""
        return [{"role": e.kind, "content": e.text} for e in self.entries()
                if e.kind in ("user", "assistant") and e.text]
