"""The settings in force: the dialog that edits them, saving them off the GUI thread, and
telling the rest of the app what changed.

What can change live does (each part listens to ``applied``); a new model is loaded
(``model_changed``); what only a restart can change is said in the status bar.

Signals:
    applied(object, object): the new and the old :class:`Settings`.
    model_changed(object): a setting of the chat model changed (the new :class:`Settings`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from kai_desktop.core.settings import Settings
from kai_desktop.qt.workers.tasks import TaskRunner

if TYPE_CHECKING:
    from kai_desktop.qt.settings.download_flow import ModelDownload
    from kai_desktop.qt.status_presenter import StatusPresenter

MODEL_FIELDS = ("model_backend", "model_choice", "model_path", "n_ctx", "n_threads",
                "openai_base_url", "openai_model")
RESTART_FIELDS = ("vault_dir", "embedder", "embedder_model", "qdrant_url", "max_file_mb")


def changed_fields(old: Settings, new: Settings, fields: tuple[str, ...]) -> list[str]:
    return [f for f in fields if getattr(old, f) != getattr(new, f)]


class SettingsPresenter(QObject):
    applied = Signal(object, object)
    model_changed = Signal(object)

    def __init__(
        self,
        settings: Settings,
        save: Callable[[Settings], None] | None,
        tasks: TaskRunner,
        status: StatusPresenter,
        window: QWidget,
        *,
        download: ModelDownload | None = None,
    ) -> None:
        super().__init__(window)
        self._settings = settings
        self._save_fn = save
        self._tasks = tasks
        self._status = status
        self._window = window
        self._download = download
        self.dialog: QWidget | None = None
        if download is not None:
            download.finished.connect(self._switch_to_download)

    @property
    def settings(self) -> Settings:
        return self._settings

    def open_dialog(self) -> None:
        from kai_desktop.qt.settings.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self._settings, self._window)
        dialog.saved.connect(self.apply)
        if self._download is not None:
            dialog.download_requested.connect(self._download.start)
        self.dialog = dialog
        dialog.open()

    def apply(self, new: Settings) -> None:
        """Take new settings: what can change live does; the rest at the next start."""
        old, self._settings = self._settings, new
        self._save()
        self.applied.emit(new, old)
        if changed_fields(old, new, MODEL_FIELDS):
            self.model_changed.emit(new)
        if changed_fields(old, new, RESTART_FIELDS):
            self._status.show(
                "Some changes (vault, embedder, index server) apply at the next start.", 10000
            )

    def memory_switched(self, enabled: bool) -> None:
        """The switch in the memory panel already took effect: only remember it."""
        if self._settings.memory_enabled == enabled:
            return
        self._settings = self._settings.model_copy(update={"memory_enabled": enabled})
        self._save()

    def _switch_to_download(self, path: Path) -> None:
        self.apply(self._settings.model_copy(update={"model_choice": "custom", "model_path": path}))

    def _save(self) -> None:
        save, settings = self._save_fn, self._settings
        if save is not None:
            self._tasks.submit(lambda: save(settings), None, self._status.report)
