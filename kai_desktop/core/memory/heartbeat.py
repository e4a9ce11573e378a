"""The heartbeat: well-proven memories become permanent behaviour (DESIGN §6).

A run (within active hours) takes the memories with five or more hits, asks the model to
phrase each as a ``soul_addition`` through the ``promote_learning`` tool, appends it to
Soul.md (General, Preference) or Procedural.md (Learning, Error), and removes the memory
note. The call is forced (``tool_choice`` names the tool, and the key is pinned in its
schema), so the llama.cpp back end decodes it under a grammar and even a 0.5B model
answers with a valid call.

Every promotion is recorded with the exact memory note and the exact text appended, so
it can be undone: the note comes back byte for byte and the appended text is cut out of
the file as it is on disk now, leaving the user's own edits alone. The record is a small
JSON file in the vault's derived-data folder (outside the vault, like the index): it
must survive a restart, since the promotions are listed in the UI for undoing later, but
it is the app's state, not the user's knowledge, so it stays out of the vault, its index
and its graph. Without a path the log is kept in memory (tests, a vault without a data
folder).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Final

from kai_desktop.core.llm.model import ChatMessage, ChatModel, ModelError, ToolSpec, collect
from kai_desktop.core.memory.archive import archive_stale
from kai_desktop.core.memory.call_text import calls_from_content
from kai_desktop.core.memory.model import Category, Memory
from kai_desktop.core.memory.promotions import (
    HeartbeatError,
    HeartbeatReport,
    Promotion,
    PromotionLog,
)
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import TierError, Tiers
from kai_desktop.core.memory.tool_specs import PROMOTE_LEARNING, tool_spec
from kai_desktop.core.memory.tools import ToolBox
from kai_desktop.core.vault.files import Vault, VaultError, WriteConflict, content_hash
from kai_desktop.core.vault.layout import PROCEDURAL, SOUL

log = logging.getLogger(__name__)

MIN_HITS: Final = 5


def target_for(category: Category) -> str:
    """Soul.md for General and Preference; Procedural.md for Learning and Error."""
    return PROCEDURAL if category in (Category.LEARNING, Category.ERROR) else SOUL


def _pinned_spec(key: str) -> ToolSpec:
    """promote_learning with ``memory_key`` fixed to ``key`` (the grammar enforces it)."""
    spec = tool_spec(PROMOTE_LEARNING)
    params: dict[str, Any] = json.loads(json.dumps(spec.parameters))
    params["properties"]["memory_key"] = {"type": "string", "enum": [key]}
    return ToolSpec(spec.name, spec.description, params)


def _request(memory: Memory) -> list[ChatMessage]:
    where = "your persona" if target_for(memory.category) == SOUL else "your working rules"
    return [
        {
            "role": "system",
            "content": "You are Kai, a personal assistant. You turn memories that proved "
            "right many times into permanent knowledge about yourself and the user.",
        },
        {
            "role": "user",
            "content": f"This memory was confirmed {memory.hits} times.\n"
            f"Key: {memory.key}\nCategory: {memory.category.value}\n"
            f"Content: {' '.join(memory.content.split())}\n\n"
            f"Call promote_learning with memory_key {json.dumps(memory.key)} and a "
            f"soul_addition for {where}: one short sentence in the first person that keeps "
            "the fact, for example 'I remember that the user ...' or 'I always ...'.",
        },
    ]


class HeartbeatRunner:
    """Finds promotion candidates and promotes them; undoes promotions.

    ``active_start_hour`` / ``active_end_hour`` (end exclusive) may be changed at any time.
    """

    def __init__(
        self,
        memory: MemoryStore,
        tiers: Tiers,
        vault: Vault,
        promotions: PromotionLog | None = None,
        *,
        active_start_hour: int = 8,
        active_end_hour: int = 22,
        min_hits: int = MIN_HITS,
        max_per_run: int = 3,
        archive_after_days: int = 0,
        clock: Callable[[], datetime] = lambda: datetime.now().astimezone(),
    ) -> None:
        self.memory = memory
        self.tiers = tiers
        self.vault = vault
        self.log = promotions or PromotionLog()
        self.active_start_hour = active_start_hour
        self.active_end_hour = active_end_hour
        self.min_hits = min_hits
        self.max_per_run = max_per_run
        self.archive_after_days = archive_after_days
        """Memories not updated for this many days are archived at each run (0: never)."""
        self._clock = clock
        self._tools = ToolBox(memory, None, source="heartbeat")
        self._lock = threading.Lock()

    # -- when and what ------------------------------------------------------------------
    def is_active(self, now: datetime | None = None) -> bool:
        hour = (now or self._clock()).hour
        return self.active_start_hour <= hour < self.active_end_hour

    def candidates(self) -> list[Memory]:
        return self.memory.promotion_candidates(self.min_hits)

    def promotions(self) -> list[Promotion]:
        return self.log.all()

    def archive_stale(self) -> list[str]:
        """Decay: move memories unused for ``archive_after_days`` to the archive folder;
        the archived paths. Nothing while memory is turned off."""
        if not self.memory.enabled:
            return []
        return archive_stale(
            self.memory, self.memory.all(), self.archive_after_days, self._clock()
        )

    # -- a run -----------------------------------------------------------------------------
    def run(
        self,
        model: ChatModel,
        *,
        stop_flag: Callable[[], bool] | None = None,
        force: bool = False,
    ) -> HeartbeatReport:
        """Promote up to ``max_per_run`` candidates (``force``: even outside active hours)."""
        if not force and not self.is_active():
            return HeartbeatReport(inactive=True)
        promoted: list[Promotion] = []
        skipped: list[tuple[str, str]] = []
        with self._lock:
            for memory in self.candidates()[: self.max_per_run]:
                if stop_flag is not None and stop_flag():
                    skipped.append((memory.key, "stopped"))
                    break
                try:
                    promotion = self._promote_with_model(model, memory, stop_flag)
                except (ModelError, HeartbeatError) as exc:
                    skipped.append((memory.key, str(exc)))
                    continue
                promoted.append(promotion)
        return HeartbeatReport(tuple(promoted), tuple(skipped))

    def _promote_with_model(
        self, model: ChatModel, memory: Memory, stop_flag: Callable[[], bool] | None
    ) -> Promotion:
        spec = _pinned_spec(memory.key)
        reply = collect(
            model.stream(
                _request(memory),
                tools=[spec],
                tool_choice={"type": "function", "function": {"name": PROMOTE_LEARNING}},
                max_tokens=160,
                temperature=0.2,
                stop_flag=stop_flag,
            )
        )
        calls = list(reply.tool_calls) or calls_from_content(reply.text).calls
        calls = [c for c in calls if c.name.strip() == PROMOTE_LEARNING]
        if not calls:
            raise HeartbeatError("the model did not call promote_learning")
        done: list[Promotion] = []

        def promoter(key: str, addition: str) -> str:
            if key != memory.key:
                raise HeartbeatError(f"memory_key must be {memory.key!r}, not {key!r}")
            done.append(self.promote(memory, addition))
            return f"Promoted {key} to {done[-1].target}."

        result = self._tools.execute(calls[0], heartbeat=True, promoter=promoter)
        if not done:
            raise HeartbeatError(result.content.removeprefix("Error: "))
        return done[0]

    def promote(self, memory: Memory, addition: str) -> Promotion:
        """Append ``addition`` to the memory's target file and remove the memory note."""
        addition = " ".join(addition.split()).strip().strip("\"'").strip()
        if len(addition) < 3:
            raise HeartbeatError("the soul addition is empty")
        target = target_for(memory.category)
        try:
            note = self.vault.read_text(memory.path).text
        except (OSError, VaultError) as exc:
            raise HeartbeatError(f"cannot read {memory.path}: {exc}") from exc
        before = self._read(target)
        try:
            if target == SOUL:
                self.tiers.append_soul(addition)
            else:
                self.tiers.append_procedural(addition)
        except TierError as exc:
            raise HeartbeatError(str(exc)) from exc
        after = self._read(target)
        appended = after[len(before) :] if after.startswith(before) else _added_text(before, after)
        try:
            removed = self.memory.forget(memory.key, reason="promoted")
        except Exception as exc:
            self._remove_text(target, appended)
            raise HeartbeatError(f"could not remove memory {memory.key}: {exc}") from exc
        if not removed:
            self._remove_text(target, appended)
            raise HeartbeatError(f"memory {memory.key} disappeared during the promotion")
        promotion = Promotion(
            id=uuid.uuid4().hex[:12],
            key=memory.key,
            category=memory.category.value,
            target=target,
            appended=appended,
            addition=addition,
            memory_path=memory.path,
            memory_note=note,
            created=self._clock().isoformat(timespec="seconds"),
        )
        self.log.add(promotion)
        return promotion

    # -- undo --------------------------------------------------------------------------------
    def undo(self, promotion_id: str) -> Promotion:
        """Restore the memory note exactly and cut the appended text out of its file.

        Refuses (HeartbeatError) when the memory exists again with other content; when the
        appended text was edited meanwhile, the memory is restored and the text is left
        for the user (the message says so).
        """
        promotion = self.log.get(promotion_id)
        if promotion is None:
            raise HeartbeatError(f"no promotion with id {promotion_id!r}")
        if promotion.undone:
            raise HeartbeatError(f"the promotion of {promotion.key} was already undone")
        with self._lock:
            self._restore_note(promotion)
            text_removed = self._remove_text(promotion.target, promotion.appended)
            undone = self.log.mark_undone(promotion.id)
        if not text_removed:
            raise HeartbeatError(
                f"memory {promotion.key} is back, but the promoted sentence in "
                f"{promotion.target} was edited since; remove it by hand if you wish"
            )
        return undone

    def _restore_note(self, promotion: Promotion) -> None:
        rel = promotion.memory_path
        current = self.vault.disk_hash(rel)
        if current is None:
            try:
                self.vault.write_text(rel, promotion.memory_note, expect=None)
            except (OSError, VaultError) as exc:
                raise HeartbeatError(f"cannot restore {rel}: {exc}") from exc
        else:
            on_disk = self.vault.read_text(rel).text
            if on_disk != promotion.memory_note:
                raise HeartbeatError(
                    f"{rel} exists again with other content; it was not overwritten"
                )
        self.memory.reload_path(rel)

    def _read(self, rel: str) -> str:
        found = self.vault.read_text_or_none(rel)
        return found.text if found is not None else ""

    def _remove_text(self, rel: str, appended: str) -> bool:
        """Cut the last occurrence of ``appended`` out of ``rel`` as it is on disk now."""
        if not appended.strip():
            return True
        for _ in range(3):
            current = self.vault.read_text_or_none(rel)
            if current is None:
                return False
            text = current.text
            start = text.rfind(appended)
            length = len(appended)
            if start < 0:
                # The newline the append added may have been changed; look for the body.
                body = appended.strip("\n")
                start = text.rfind(body)
                length = len(body)
                if start < 0:
                    return False
                if text[start + length : start + length + 1] == "\n":
                    length += 1
            new = text[:start] + text[start + length :]
            try:
                self.vault.write_text(rel, new, expect=current.sha256)
            except WriteConflict as exc:
                # Edited at this very moment: drop the copy the vault kept and look again.
                if exc.conflict_rel:
                    with contextlib.suppress(OSError, VaultError):
                        self.vault.delete(exc.conflict_rel, expect=content_hash(new))
                continue
            return True
        return False


def _added_text(before: str, after: str) -> str:
    """The text inserted into ``before`` to give ``after`` (one contiguous insertion)."""
    prefix = 0
    limit = min(len(before), len(after))
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < limit - prefix
        and before[len(before) - 1 - suffix] == after[len(after) - 1 - suffix]
    ):
        suffix += 1
    return after[prefix : len(after) - suffix]


def summary_line(promotions: Sequence[Promotion]) -> str:
    """One line for a status bar: ``Promoted 2 memories: a, b``."""
    if not promotions:
        return "No memories promoted"
    keys = ", ".join(p.key for p in promotions)
    noun = "memory" if len(promotions) == 1 else "memories"
    return f"Promoted {len(promotions)} {noun}: {keys}"
