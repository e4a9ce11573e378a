"""Promotions the heartbeat made: what was added where, kept in a log so each can be
undone."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import threading
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Final

LOG_FILE: Final = "promotions.json"

log = logging.getLogger(__name__)


_LOG_VERSION: Final = 1


class HeartbeatError(Exception):
    """A promotion or an undo could not be done; the message is for the user."""


@dataclass(frozen=True)
class Promotion:
    """One promotion, with everything needed to undo it exactly."""

    id: str
    key: str
    category: str
    target: str
    """The file the text was appended to (Soul.md or Procedural.md)."""
    appended: str
    """Exactly the characters added to ``target``."""
    addition: str
    """The model's sentence."""
    memory_path: str
    memory_note: str
    """The memory note's full text before it was removed."""
    created: str
    undone: bool = False


@dataclass(frozen=True)
class HeartbeatReport:
    promoted: tuple[Promotion, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    """(memory key, why) for candidates that were not promoted this time."""
    inactive: bool = False
    """True when the run was outside active hours and did nothing."""


class PromotionLog:
    """The promotions, newest last; saved atomically to ``path`` when one is given."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._items: list[Promotion] = self._load()

    def _load(self) -> list[Promotion]:
        if self.path is None or not self.path.exists():
            return []
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return [Promotion(**item) for item in data.get("promotions", [])]
        except (OSError, ValueError, TypeError) as exc:
            # Keep the unreadable file for the user; start a fresh log beside it.
            aside = self.path.with_suffix(f".broken-{datetime.now():%Y%m%d%H%M%S}.json")
            with contextlib.suppress(OSError):
                self.path.replace(aside)
            log.warning("promotion log %s unreadable (%s); moved to %s", self.path, exc, aside)
            return []

    def _save(self) -> None:
        if self.path is None:
            return
        payload = {"version": _LOG_VERSION, "promotions": [asdict(p) for p in self._items]}
        data = json.dumps(payload, ensure_ascii=False, indent=1).encode("utf-8")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".promotions.", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    def add(self, promotion: Promotion) -> None:
        with self._lock:
            self._items.append(promotion)
            self._save()

    def get(self, promotion_id: str) -> Promotion | None:
        with self._lock:
            return next((p for p in self._items if p.id == promotion_id), None)

    def all(self) -> list[Promotion]:
        with self._lock:
            return list(self._items)

    def mark_undone(self, promotion_id: str) -> Promotion:
        with self._lock:
            for i, item in enumerate(self._items):
                if item.id == promotion_id:
                    self._items[i] = replace(item, undone=True)
                    self._save()
                    return self._items[i]
        raise HeartbeatError(f"no promotion with id {promotion_id!r}")
