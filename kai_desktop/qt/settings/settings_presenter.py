"""The settings in force: the dialog that edits them, saving them off the GUI thread, and
telling the rest of the app what changed.

What can change live does (each part listens to ``applied``); a new model is loaded
(``model_changed``); what only a restart can change is said in the status bar. The API key
of a server goes to the keyring, and the model list is read, on the pool.

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
    from kai_desktop.core.llm.model_files import ModelFileInfo
    from kai_desktop.qt.settings.backends import KeyState, SettingsBackends
    from kai_desktop.qt.settings.download_flow import ModelDownload
    from kai_desktop.qt.settings.settings_dialog import SettingsDialog
    from kai_desktop.qt.status_presenter import StatusPresenter

MODEL_FIELDS = ("model_backend", "model_choice", "model_path", "n_ctx", "n_threads",
                "openai_base_url", "openai_model")
RESTART_FIELDS = ("vault_dir", "max_file_mb")


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
        backends: SettingsBackends | None = None,
    ) -> None:
        super().__init__(window)
        self._settings = settings
        self._save_fn = save
        self._tasks = tasks
        self._status = status
        self._window = window
        self._download = download
        self._backends = backends
        self.dialog: SettingsDialog | None = None
        if download is not None:
            download.finished.connect(self._switch_to_download)

    @property
    def settings(self) -> Settings:
        return self._settings

    def open_dialog(self) -> None:
        from kai_desktop.qt.settings.settings_dialog import SettingsDialog

        dialog = SettingsDialog(self._settings, self._window)
        dialog.saved.connect(self.apply)
        dialog.api_key_saved.connect(self.save_api_key)
        if self._download is not None:
            dialog.download_requested.connect(self._download.start)
        self.dialog = dialog
        dialog.open()
        backends = self._backends
        if backends is not None:
            url = self._settings.openai_base_url
            self._tasks.submit(lambda: backends.load_api_key(url), self._key_loaded,
                               self._status.report)
        self.refresh_models()

    def refresh_models(self, select: Path | None = None) -> None:
        """Read the model list again (after a download: and choose the new file)."""
        backends = self._backends
        if backends is None or self.dialog is None:
            return
        self._tasks.submit(
            backends.list_models, lambda rows: self._models_listed(rows, select),
            self._status.report,
        )

    def _models_listed(self, rows: list[ModelFileInfo], select: Path | None) -> None:
        dialog = self.dialog
        if dialog is None:
            return
        dialog.model_list.set_models(rows)
        chosen = next((r for r in rows if select is not None and r.path == select), None)
        if chosen is not None:
            dialog.model_list.select_path(select)
            dialog.use_model(chosen)

    def _key_loaded(self, state: KeyState) -> None:
        if self.dialog is not None:
            self.dialog.api_key.set_loaded(state.key, state.message, warn=not state.persistent)

    def save_api_key(self, base_url: str, key: str) -> None:
        """Keep the key in the keyring (on the pool); a server model reconnects with it."""
        backends = self._backends
        if backends is None:
            return
        self._tasks.submit(lambda: backends.save_api_key(base_url, key), self._key_saved,
                           self._status.report)

    def _key_saved(self, state: KeyState) -> None:
        self._status.show(state.message, 15000 if not state.persistent else 6000)
        if self._settings.model_backend == "openai":
            self.model_changed.emit(self._settings)

    def apply(self, new: Settings) -> None:
        """Take new settings: what can change live does; the rest at the next start."""
        old, self._settings = self._settings, new
        self._save()
        self.applied.emit(new, old)
        if changed_fields(old, new, MODEL_FIELDS):
            self.model_changed.emit(new)
        if changed_fields(old, new, RESTART_FIELDS):
            self._status.show(
                "A new vault folder or file size limit applies at the next start.", 10000
            )

    def memory_switched(self, enabled: bool) -> None:
        """The switch in the memory panel already took effect: only remember it."""
        if self._settings.memory_enabled == enabled:
            return
        self._settings = self._settings.model_copy(update={"memory_enabled": enabled})
        self._save()

    def _switch_to_download(self, path: Path) -> None:
        """With the dialog open, the list offers the file and the fields choose it (Save
        switches); otherwise the app switches to it at once."""
        if self.dialog is not None and self.dialog.isVisible():
            self.refresh_models(select=path)
            return
        self.apply(self._settings.model_copy(update={"model_choice": "custom", "model_path": path}))

    def _save(self) -> None:
        save, settings = self._save_fn, self._settings
        if save is not None:
            self._tasks.submit(lambda: save(settings), None, self._status.report)
