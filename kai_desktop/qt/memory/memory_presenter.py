"""What the window shows about memory beyond the panel's list: the heartbeat's recent
promotions (with Undo), and the proposals of /review and /tidy to accept or reject."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt

from kai_desktop.qt.memory.memory_controller import MemoryController
from kai_desktop.qt.memory.memory_panel import MemoryPanel, PromotionRow
from kai_desktop.qt.workers.tasks import TaskRunner

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from kai_desktop.core.memory.heartbeat import HeartbeatRunner
    from kai_desktop.core.memory.recovery import Recovery
    from kai_desktop.qt.memory.heartbeat_timer import HeartbeatTimer
    from kai_desktop.qt.memory.trash_dialog import TrashDialog

RECENT_PROMOTIONS = 5
Say = Callable[[str], None]
Report = Callable[[BaseException], None]


class MemoryPresenter:
    """Keeps the panel's promotions in step with the heartbeat; opens proposal lists."""

    def __init__(
        self,
        memory: MemoryController,
        panel: MemoryPanel,
        tasks: TaskRunner,
        window: QWidget,
        *,
        say: Say,
        report: Report,
        recovery: Recovery | None = None,
    ) -> None:
        self._memory = memory
        self._panel = panel
        self._tasks = tasks
        self._window = window
        self._say = say
        self._report = report
        self._runner: HeartbeatRunner | None = None
        self._recovery = recovery
        self.trash_dialog: TrashDialog | None = None
        panel.trash_button.setVisible(recovery is not None)
        panel.trash_requested.connect(self.open_trash)

    def attach_heartbeat(self, heartbeat: HeartbeatTimer, runner: HeartbeatRunner) -> None:
        self._runner = runner
        heartbeat.promoted.connect(lambda _promotions: self.refresh_promotions())
        heartbeat.undone.connect(lambda _promotion: self.refresh_promotions())
        heartbeat.failed.connect(self._say)
        heartbeat.archived.connect(self._on_archived)
        self._panel.undo_promotion.connect(heartbeat.undo)
        self.refresh_promotions()

    def _on_archived(self, paths: list[str]) -> None:
        count = len(paths)
        self._say(f"Archived {count} unused memor{'ies' if count != 1 else 'y'} "
                  "(restorable from Trash and archive).")
        self._memory.refresh()

    def refresh_promotions(self) -> None:
        """The newest promotions not undone, read on the pool; and the memories again
        (a promotion removes its memory note)."""
        runner = self._runner
        if runner is None:
            return

        def rows() -> list[PromotionRow]:
            recent = [p for p in runner.promotions() if not p.undone][-RECENT_PROMOTIONS:]
            return [PromotionRow(p.id, p.key, p.addition) for p in reversed(recent)]

        self._tasks.submit(rows, self._panel.set_promotions, self._report)
        self._memory.refresh()

    def open_trash(self) -> None:
        """The trash and archive sheet, with Restore."""
        from kai_desktop.qt.memory.trash_dialog import TrashDialog

        if self._recovery is None:
            return
        dialog = TrashDialog(self._recovery, self._tasks, self._window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.restored.connect(self._say)
        dialog.restored.connect(lambda _message: self._memory.refresh())
        self.trash_dialog = dialog
        dialog.open()

    def show_proposals(self, result: Any) -> None:
        """What /review or /tidy proposes, as a list to accept or reject."""
        from kai_desktop.qt.memory.proposals_dialog import ProposalsDialog

        dialog = ProposalsDialog(result, self._tasks, self._window)
        dialog.applied.connect(lambda _message: self._memory.refresh())
        dialog.open()
