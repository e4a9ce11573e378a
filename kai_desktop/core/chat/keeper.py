"""Keeps what a conversation leaves behind: journal, capture after each message, the end.

The window calls :meth:`ConversationKeeper.user_said` before a turn and
:meth:`~ConversationKeeper.assistant_said` after it, then queues
:meth:`~ConversationKeeper.capture_job` at low priority; a new user message stops a
capture (it runs again after that turn: captures are idempotent, a repeated fact only
reinforces). Quitting runs :meth:`~ConversationKeeper.end_job`: the captures still
pending, then extraction and the episodic note. Whatever a crash or a skipped save left
undone is finished by :meth:`~ConversationKeeper.recover` at the next start.

Two things hold capture back. A message sent in agent-file mode is not captured: there
the agent keeps the memory files itself. And while ``keeps_files()`` is False (a folder
Kai did not create, not yet set up for its files) nothing of Kai's is written: captures
wait, and a conversation that ends meanwhile leaves no extraction or session note.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from kai_desktop.core.chat.session import ChatSession
from kai_desktop.core.llm.model import ChatModel, preserving_cache
from kai_desktop.core.memory.capture import Capturer, CaptureReport
from kai_desktop.core.memory.extraction import Extractor
from kai_desktop.core.memory.journal import TranscriptJournal
from kai_desktop.core.memory.model import MemoryError
from kai_desktop.core.memory.text_match import content_stems


class _JobContext(Protocol):
    @property
    def stop_requested(self) -> Callable[[], bool]: ...


@dataclass
class EndReport:
    captures: list[CaptureReport] = field(default_factory=list)
    extraction: object = None
    recovered: bool = False
    stopped: bool = False


class ConversationKeeper:
    """Journal + capture + end-of-conversation for one :class:`ChatSession`."""

    def __init__(
        self,
        session: ChatSession,
        capturer: Capturer,
        journal: TranscriptJournal | None = None,
        extractor: Extractor | None = None,
        *,
        keeps_files: Callable[[], bool] = lambda: True,
    ) -> None:
        self.session = session
        self.keeps_files = keeps_files
        self.capturer = capturer
        self.journal = journal
        self.extractor = extractor
        self._pending: list[tuple[int, str]] = journal.uncaptured() if journal else []
        self._seq = 0
        self._reinforced: set[str] = set()

    # -- during the conversation -----------------------------------------------------
    def user_said(self, text: str, *, capture: bool = True) -> int:
        """Journal a user message before the model sees it; returns its sequence number.
        ``capture`` False (agent-file mode): the message is never captured."""
        if self.journal is not None:
            seq = self.journal.user(text)
            if not capture:
                self.journal.captured(seq)
        else:
            self._seq += 1
            seq = self._seq
        if capture:
            self._pending.append((seq, text))
        return seq

    def assistant_said(self, text: str, used_memories: Sequence[str] = ()) -> list[str]:
        """Journal the answer, and give a hit to each memory it drew on (its value is in
        the answer), once per conversation: use is what makes a memory a candidate for
        promotion. Returns the keys reinforced."""
        if self.journal is not None and text.strip():
            self.journal.assistant(text)
        said = content_stems(text)
        reinforced = []
        for key in used_memories:
            memory = self.capturer.memory.get(key)
            if memory is None or key in self._reinforced or not self.capturer.memory.enabled:
                continue
            value = content_stems(memory.content) - content_stems(key.replace("_", " "))
            if value and value <= said:
                with contextlib.suppress(MemoryError):
                    self.capturer.memory.reinforce(key)
                    self._reinforced.add(key)
                    reinforced.append(key)
        return reinforced

    def pending(self) -> list[tuple[int, str]]:
        return list(self._pending)

    def capture_pending(
        self, model: ChatModel | None, stop_flag: Callable[[], bool] | None = None
    ) -> list[CaptureReport]:
        """Capture every pending user message, oldest first, until stopped (none while
        Kai's files may not be written: they wait)."""
        reports: list[CaptureReport] = []
        if not self.keeps_files():
            return reports
        while self._pending:
            if stop_flag is not None and stop_flag():
                break
            seq, text = self._pending[0]
            report = self.capturer.capture(model, text, stop_flag=stop_flag)
            if report.stopped:
                break
            self._pending.pop(0)
            if self.journal is not None:
                self.journal.captured(seq)
            reports.append(report)
        return reports

    def capture_job(self) -> Callable[[ChatModel, Any], list[CaptureReport]]:
        """A low-priority job for the model worker."""

        def job(model: ChatModel, ctx: _JobContext) -> list[CaptureReport]:
            with preserving_cache(model):
                return self.capture_pending(model, ctx.stop_requested)

        return job

    # -- the end ---------------------------------------------------------------------
    def end(self, model: ChatModel | None, stop_flag: Callable[[], bool] | None = None
            ) -> EndReport:
        """Pending captures, then extraction and the session note; then a new journal."""
        if not self.keeps_files():
            return self._end_without_files()
        report = EndReport(captures=self.capture_pending(model, stop_flag))
        if self._pending or (stop_flag is not None and stop_flag()):
            report.stopped = True  # the journal keeps the rest for the next start
            return report
        if model is not None:
            report.extraction = self.session.end(model, stop_flag=stop_flag)
        if stop_flag is not None and stop_flag():
            report.stopped = True
            return report
        if self.journal is not None:
            self.journal.end()
        return report

    def _end_without_files(self) -> EndReport:
        """Nothing of Kai's may be written: the conversation ends and leaves nothing."""
        self._pending.clear()
        self.session.reset()
        if self.journal is not None:
            self.journal.end()
        return EndReport()

    def end_job(self) -> Callable[[ChatModel, Any], EndReport]:
        def job(model: ChatModel, ctx: _JobContext) -> EndReport:
            return self.end(model, ctx.stop_requested)

        return job

    def recover(self, model: ChatModel | None, stop_flag: Callable[[], bool] | None = None
                ) -> EndReport | None:
        """Finish a conversation an earlier run left open (None when there is none)."""
        if self.journal is None or not self.journal.is_open() or self.session.user_messages:
            return None
        if not self.keeps_files():
            self._pending.clear()
            self.journal.end()
            return None
        transcript = self.journal.transcript()
        report = EndReport(captures=self.capture_pending(model, stop_flag), recovered=True)
        if self._pending:
            report.stopped = True
            return report
        if self.extractor is not None and model is not None:
            users = sum(1 for m in transcript if m["role"] == "user")
            report.extraction = self.extractor.finish_session(
                model, transcript=transcript, unextracted=transcript, user_messages=users,
                stop_flag=stop_flag,
            )
        self.journal.end()
        return report

    def recover_job(self) -> Callable[[ChatModel, Any], EndReport | None]:
        def job(model: ChatModel, ctx: _JobContext) -> EndReport | None:
            return self.recover(model, ctx.stop_requested)

        return job
