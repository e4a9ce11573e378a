"""The settings dialog, built from the :class:`Settings` schema itself.

Every field becomes an editor chosen by its type (switch, number with the field's bounds,
choice, path, text), labelled with the field's title and explained by its description, so
a new setting appears here without touching this file. Saving validates the whole model;
an invalid combination is shown and nothing is saved.

Signals:
    saved(object): the new, validated :class:`Settings`.
    download_requested(str): "Download" was clicked with a GGUF URL (the app downloads it
        with progress in the status bar; the model list then offers it).
    api_key_saved(str, str): Save with an edited API key (server URL, key; empty: remove).
"""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import ValidationError
from pydantic.fields import FieldInfo
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.llm.model_files import ModelFileInfo
from kai_desktop.core.settings import Settings
from kai_desktop.qt.settings.model_panel import ApiKeyField, ModelList

SECTIONS: dict[str, tuple[str, ...]] = {
    "Vault": ("vault_dir", "max_file_mb", "watch_debounce_ms"),
    "Memory": ("memory_enabled", "memory_budget_chars", "undo_window_s", "auto_extract",
               "agent_mode", "agent_max_turns"),
    "Model": (
        "model_backend",
        "model_choice",
        "model_path",
        "n_ctx",
        "n_threads",
        "openai_base_url",
        "openai_model",
    ),
    "Retrieval": (
        "embedder",
        "embedder_model",
        "qdrant_url",
        "qdrant_api_key",
        "weight_importance",
        "weight_recency",
        "weight_similarity",
        "context_token_budget",
    ),
    "Heartbeat": ("heartbeat_minutes", "active_start_hour", "active_end_hour"),
}
SECRET_FIELDS = frozenset({"qdrant_api_key"})
FOLDER_FIELDS = frozenset({"vault_dir"})
MODEL_FILE_FILTER = "GGUF models (*.gguf);;All files (*)"


def _bounds(info: FieldInfo) -> tuple[float | None, float | None]:
    low = high = None
    for item in info.metadata:
        if isinstance(item, Ge):
            low = float(item.ge)  # type: ignore[arg-type]
        elif isinstance(item, Gt):
            low = float(item.gt)  # type: ignore[arg-type]
        elif isinstance(item, Le):
            high = float(item.le)  # type: ignore[arg-type]
        elif isinstance(item, Lt):
            high = float(item.lt)  # type: ignore[arg-type]
    return low, high


def _unwrap_optional(annotation: Any) -> tuple[Any, bool]:
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return annotation, False


class _Editor:
    """One field's widget and how to read it back."""

    def __init__(self, name: str, info: FieldInfo, value: Any, parent: QWidget) -> None:
        self.name = name
        annotation, self.optional = _unwrap_optional(info.annotation)
        self.kind: str
        low, high = _bounds(info)
        if annotation is bool:
            self.kind = "bool"
            box = QCheckBox()
            box.setChecked(bool(value))
            self.widget: QWidget = box
        elif annotation is int:
            self.kind = "int"
            spin = QSpinBox()
            spin.setRange(int(low if low is not None else -(2**31)), int(high or 2**31 - 1))
            spin.setValue(int(value))
            self.widget = spin
        elif annotation is float:
            self.kind = "float"
            dspin = QDoubleSpinBox()
            dspin.setDecimals(2)
            dspin.setSingleStep(0.1)
            dspin.setRange(low if low is not None else -1e9, high if high is not None else 1e9)
            dspin.setValue(float(value))
            self.widget = dspin
        elif get_origin(annotation) is Literal:
            self.kind = "choice"
            combo = QComboBox()
            for choice in get_args(annotation):
                combo.addItem(str(choice), choice)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            self.widget = combo
        elif annotation is Path:
            self.kind = "path"
            self.widget = self._path_editor(name, value, parent)
        else:
            self.kind = "text"
            line = QLineEdit("" if value is None else str(value))
            if name in SECRET_FIELDS:
                line.setEchoMode(QLineEdit.EchoMode.Password)
            self.widget = line
        self.widget.setToolTip(info.description or "")
        self.widget.setAccessibleName(info.title or name)

    def _path_editor(self, name: str, value: Any, parent: QWidget) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        self.line = QLineEdit("" if value is None else str(value))
        self.line.setPlaceholderText("(default)")
        browse = QPushButton("Browse…")

        def pick() -> None:
            if name in FOLDER_FIELDS:
                chosen = QFileDialog.getExistingDirectory(
                    parent, "Choose a folder", self.line.text()
                )
            else:
                chosen, _ = QFileDialog.getOpenFileName(
                    parent, "Choose a file", self.line.text(), MODEL_FILE_FILTER
                )
            if chosen:
                self.line.setText(chosen)

        browse.clicked.connect(pick)
        row.addWidget(self.line, 1)
        row.addWidget(browse)
        return box

    def value(self) -> Any:
        w = self.widget
        if self.kind == "bool":
            assert isinstance(w, QCheckBox)
            return w.isChecked()
        if self.kind == "int":
            assert isinstance(w, QSpinBox)
            return w.value()
        if self.kind == "float":
            assert isinstance(w, QDoubleSpinBox)
            return w.value()
        if self.kind == "choice":
            assert isinstance(w, QComboBox)
            return w.currentData()
        if self.kind == "path":
            text = self.line.text().strip()
            return Path(text).expanduser() if text else None
        assert isinstance(w, QLineEdit)
        text = w.text()
        return (text or None) if self.optional else text

    def set_value(self, value: Any) -> None:
        w = self.widget
        if isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, QSpinBox):
            w.setValue(int(value))
        elif isinstance(w, QDoubleSpinBox):
            w.setValue(float(value))
        elif isinstance(w, QComboBox):
            w.setCurrentIndex(max(0, w.findData(value)))
        elif self.kind == "path":
            self.line.setText("" if value is None else str(value))
        elif isinstance(w, QLineEdit):
            w.setText("" if value is None else str(value))


class SettingsDialog(QDialog):
    saved = Signal(object)
    download_requested = Signal(str)
    api_key_saved = Signal(str, str)

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setObjectName("settingsDialog")
        self.resize(620, 560)
        self._original = settings
        self.editors: dict[str, _Editor] = {}
        self.tabs = QTabWidget()
        fields = Settings.model_fields
        placed: set[str] = set()
        sections = dict(SECTIONS)
        others = tuple(n for n in fields if all(n not in names for names in SECTIONS.values()))
        if others:
            sections["Other"] = others
        for title, names in sections.items():
            page = QWidget()
            form = QFormLayout(page)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            for name in names:
                info = fields.get(name)
                if info is None:
                    continue
                editor = _Editor(name, info, getattr(settings, name), self)
                self.editors[name] = editor
                placed.add(name)
                label = QLabel(info.title or name)
                label.setToolTip(info.description or "")
                form.addRow(label, editor.widget)
                if info.description:
                    hint = QLabel(info.description)
                    hint.setWordWrap(True)
                    hint.setEnabled(False)
                    form.addRow("", hint)
            if title == "Model":
                self._add_model_rows(form)
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(page)
            self.tabs.addTab(scroll, title)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #C0392B;")
        self.error_label.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        restore = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.clicked.connect(self.restore_defaults)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def _add_model_rows(self, form: QFormLayout) -> None:
        self.api_key = ApiKeyField()
        form.addRow(QLabel("Server API key"), self.api_key)
        self.model_list = ModelList()
        self.model_list.chosen.connect(self.use_model)
        form.addRow(QLabel("Models here"), self.model_list)
        self._add_download_row(form)

    def use_model(self, info: ModelFileInfo) -> None:
        """Put a listed model in the model fields (saved by Save)."""
        self.editors["model_backend"].set_value("embedded")
        self.editors["model_choice"].set_value(info.choice)
        if info.choice == "custom":
            self.editors["model_path"].set_value(info.path)

    def _add_download_row(self, form: QFormLayout) -> None:
        row = QWidget()
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        self.download_url = QLineEdit()
        self.download_url.setPlaceholderText("https://…/model.gguf")
        self.download_url.setAccessibleName("GGUF download address")
        self.download_button = QPushButton("Download")
        self.download_button.clicked.connect(self._request_download)
        box.addWidget(self.download_url, 1)
        box.addWidget(self.download_button)
        form.addRow(QLabel("Download a GGUF"), row)
        hint = QLabel(
            "Downloads resume after an interruption; when done, the new file is listed "
            "above and chosen in the model fields (Save to switch)."
        )
        hint.setWordWrap(True)
        hint.setEnabled(False)
        form.addRow("", hint)

    def _request_download(self) -> None:
        url = self.download_url.text().strip()
        if not url.lower().startswith(("https://", "http://")):
            self.error_label.setText("Enter the http(s) address of a .gguf file to download.")
            self.error_label.show()
            return
        self.error_label.hide()
        self.download_requested.emit(url)

    def values(self) -> dict[str, Any]:
        return {name: editor.value() for name, editor in self.editors.items()}

    def save(self) -> None:
        data = self._original.model_dump()
        data.update(self.values())
        try:
            settings = Settings.model_validate(data)
        except ValidationError as exc:
            problems = []
            for error in exc.errors():
                field = ".".join(str(p) for p in error["loc"]) or "settings"
                info = Settings.model_fields.get(field)
                title = info.title if info is not None and info.title else field
                problems.append(f"{title}: {error['msg']}")
            self.error_label.setText("Not saved — " + "; ".join(problems))
            self.error_label.show()
            return
        self.error_label.hide()
        self.saved.emit(settings)
        if self.api_key.edited:
            self.api_key_saved.emit(settings.openai_base_url, self.api_key.value())
        self.accept()

    def restore_defaults(self) -> None:
        """Put the default of every field in its editor (saved only by Save)."""
        defaults = Settings()
        for name, editor in self.editors.items():
            editor.set_value(getattr(defaults, name))
