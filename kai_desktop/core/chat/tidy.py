"""``/tidy``: merges of duplicate memories and removal of stale ones and repeated lines,
as proposals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta

from kai_desktop.core.chat.proposals import (
    STALE_DAYS,
    CommandResult,
    ProposalError,
    ProposedChange,
    SessionParts,
    proposals_result,
    unified_diff,
    write_checked,
)
from kai_desktop.core.memory.model import Memory
from kai_desktop.core.memory.text_match import (
    is_duplicate_text,
    normalise_key,
    normalise_text,
)
from kai_desktop.core.vault.layout import MEMORY, PROCEDURAL


class TidyProposals(SessionParts):
    def tidy(self) -> CommandResult:
        memories = self.memory.all()
        proposals = self._merge_proposals(memories)
        merged = {p.path for p in proposals}
        proposals += self._stale_proposals([m for m in memories if m.path not in merged])
        proposals += self._duplicate_line_proposals(MEMORY)
        proposals += self._duplicate_line_proposals(PROCEDURAL)
        return proposals_result(
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
            self.memory.forget(memory.key, reason="tidy")
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
            write_checked(self.vault, rel, "".join(lines), now.sha256)
            return f"Removed the repeated line from {rel}."

        return apply
