"""The consent to add Kai's files to a folder it did not create.

:class:`FolderSetup` shows the :class:`~kai_desktop.qt.widgets.setup_banner.FolderSetupBanner`
over a folder :class:`~kai_desktop.core.vault.layout.KaiLayout` left untouched; the
banner's button adds the layout on the task pool, then the banner goes.

Signals:
    done(object): the layout is in place; the list of vault paths that were created.
    failed(str): the set-up failed; the message is for the user.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from kai_desktop.core.vault.layout import KaiLayout
from kai_desktop.qt.widgets.setup_banner import FolderSetupBanner
from kai_desktop.qt.workers.tasks import TaskRunner


class FolderSetup(QObject):
    done = Signal(object)
    failed = Signal(str)

    def __init__(
        self,
        layout: KaiLayout,
        banner: FolderSetupBanner,
        tasks: TaskRunner,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.layout = layout
        self.banner = banner
        self.tasks = tasks
        banner.setVisible(not layout.ready)
        banner.set_up_requested.connect(self.set_up)

    def set_up(self) -> None:
        self.tasks.submit(self.layout.set_up, self._finished, self._failed)

    def _finished(self, created: object) -> None:
        self.banner.hide()
        self.done.emit(list(created) if isinstance(created, list) else [])

    def _failed(self, exc: BaseException) -> None:
        self.banner.failed()
        self.failed.emit(f"Kai's files could not be set up here: {exc}")
