# ruff: noqa: F811  (fixtures imported from a sibling module)
"""Settings that finish the job: the server's API key through the keyring back end, the
model list with sizes and sha256 states, refreshed after a download."""

from __future__ import annotations

import threading
from pathlib import Path

from pytestqt.qtbot import QtBot

from kai_desktop.core.llm.model_files import ModelFileInfo
from kai_desktop.core.settings import Settings
from kai_desktop.qt.settings.backends import KeyState, SettingsBackends
from kai_desktop.qt.settings.download_flow import ModelDownload
from kai_desktop.qt.settings.settings_presenter import SettingsPresenter
from kai_desktop.qt.workers.tasks import TaskRunner
from tests.qt.test_presenters import WAIT_MS, FakeDownload, Screen, screen  # noqa: F401

NO_KEYRING = "No system keyring here: a key typed in is kept only until Kai quits."


class FakeBackends:
    """Keys in a dict; the model list grows when a download lands. Records threads."""

    def __init__(self, *, persistent: bool = True) -> None:
        self.keys = {"http://box:8000/v1": "sk-old"}
        self.persistent = persistent
        self.models = [
            ModelFileInfo("default", "Qwen 0.5B", Path("/m/q.gguf"), 491_400_064, "verified",
                          "1d96"),
        ]
        self.list_calls = 0
        self.threads: set[int] = set()

    def message(self) -> str:
        return "Kept in the system keyring." if self.persistent else NO_KEYRING

    def load(self, url: str) -> KeyState:
        self.threads.add(threading.get_ident())
        return KeyState(self.keys.get(url, ""), self.persistent, self.message())

    def save(self, url: str, key: str) -> KeyState:
        self.threads.add(threading.get_ident())
        self.keys[url] = key
        return KeyState(key, self.persistent, self.message())

    def list_models(self) -> list[ModelFileInfo]:
        self.threads.add(threading.get_ident())
        self.list_calls += 1
        return list(self.models)

    def backends(self) -> SettingsBackends:
        return SettingsBackends(self.load, self.save, self.list_models)


def open_settings(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen, fake: FakeBackends, **kw: object
) -> SettingsPresenter:
    settings = Settings(model_backend="openai", openai_base_url="http://box:8000/v1")
    presenter = SettingsPresenter(
        settings, None, tasks, screen.status, screen.window, backends=fake.backends(), **kw
    )
    presenter.open_dialog()
    dialog = presenter.dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.api_key.line.isEnabled, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: dialog.model_list.model.rowCount() > 0, timeout=WAIT_MS)
    return presenter


def test_the_api_key_is_read_and_saved_through_the_keyring_off_the_gui_thread(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen
) -> None:
    fake = FakeBackends()
    presenter = open_settings(qtbot, tasks, screen, fake)
    dialog = presenter.dialog
    assert dialog is not None
    assert dialog.api_key.line.text() == "sk-old"
    assert dialog.api_key.line.echoMode() == dialog.api_key.line.EchoMode.Password
    reloads: list[Settings] = []
    presenter.model_changed.connect(reloads.append)
    dialog.api_key.line.setText("sk-new")
    dialog.save()
    qtbot.waitUntil(lambda: fake.keys["http://box:8000/v1"] == "sk-new", timeout=WAIT_MS)
    qtbot.waitUntil(lambda: reloads != [], timeout=WAIT_MS)  # the server model reconnects
    assert "keyring" in screen.message()
    assert threading.get_ident() not in fake.threads
    assert "sk-new" not in presenter.settings.model_dump_json()


def test_an_unchanged_key_is_not_written_again(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen
) -> None:
    fake = FakeBackends()
    presenter = open_settings(qtbot, tasks, screen, fake)
    assert presenter.dialog is not None
    presenter.dialog.save()
    assert tasks.wait_idle(5)
    assert fake.keys == {"http://box:8000/v1": "sk-old"}


def test_without_a_keyring_the_field_says_where_the_key_goes(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen
) -> None:
    fake = FakeBackends(persistent=False)
    presenter = open_settings(qtbot, tasks, screen, fake)
    assert presenter.dialog is not None
    note = presenter.dialog.api_key.note
    assert note.text() == NO_KEYRING
    assert "color" in note.styleSheet()
    presenter.dialog.api_key.line.setText("sk-temp")
    presenter.dialog.save()
    qtbot.waitUntil(lambda: screen.message() == NO_KEYRING, timeout=WAIT_MS)


def test_models_show_size_and_sha256_and_one_can_be_chosen(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen
) -> None:
    fake = FakeBackends()
    fake.models.append(
        ModelFileInfo("custom", "tiny", Path("/m/tiny.gguf"), 30 * 1024 * 1024, "unchecked")
    )
    presenter = open_settings(qtbot, tasks, screen, fake)
    dialog = presenter.dialog
    assert dialog is not None
    texts = [dialog.model_list.model.item(r).text() for r in range(2)]
    assert texts[0] == "Qwen 0.5B\n468.6 MB · sha256 verified"
    assert texts[1] == "tiny (file)\n30.0 MB · sha256 not checked yet"
    dialog.model_list.view.setCurrentIndex(dialog.model_list.model.index(1, 0))
    dialog.model_list.use_button.click()
    values = dialog.values()
    assert (values["model_backend"], values["model_choice"]) == ("embedded", "custom")
    assert values["model_path"] == Path("/m/tiny.gguf")


def test_after_a_download_the_list_refreshes_and_offers_the_new_model(
    qtbot: QtBot, tasks: TaskRunner, screen: Screen, tmp_path: Path
) -> None:
    fake = FakeBackends()
    download_fake = FakeDownload(tmp_path)
    download = ModelDownload(download_fake, tasks, screen.status)
    presenter = open_settings(qtbot, tasks, screen, fake, download=download)
    dialog = presenter.dialog
    assert dialog is not None
    calls = fake.list_calls
    fake.models.append(
        ModelFileInfo("custom", "model", download_fake.path, 1024, "recorded", "ab12")
    )
    download.start("https://example.org/model.gguf")
    download_fake.release.set()
    qtbot.waitUntil(lambda: dialog.model_list.model.rowCount() == 2, timeout=WAIT_MS)
    assert fake.list_calls == calls + 1
    assert dialog.model_list.view.currentIndex().row() == 1
    assert dialog.values()["model_path"] == download_fake.path
    assert presenter.settings.model_path is None  # chosen, not yet saved
    dialog.save()
    assert presenter.settings.model_path == download_fake.path
