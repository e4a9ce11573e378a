"""Issue 12 #9: one bad settings field never costs the user their other settings; every bad
file is backed up (never over an earlier backup) and the problems are listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kai_desktop.cli import main
from kai_desktop.core.settings import Settings
from kai_desktop.infra.settings_store import SettingsStore, vault_dir_problem


def _store(tmp_path: Path, data: object) -> SettingsStore:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return SettingsStore(path)


def test_one_wrong_field_falls_back_alone(tmp_path: Path) -> None:
    vault = tmp_path / "My Vault"
    vault.mkdir()
    store = _store(
        tmp_path,
        {"vault_dir": str(vault), "n_ctx": "lots", "memory_budget_chars": 3000,
         "heartbeat_minutes": 0, "model_backend": "openai", "unknown": 1},
    )  # fmt: skip
    settings = store.load()
    assert settings.vault_dir == vault  # the user's vault is kept
    assert settings.memory_budget_chars == 3000
    assert settings.model_backend == "openai"
    assert settings.n_ctx == Settings().n_ctx
    assert settings.heartbeat_minutes == Settings().heartbeat_minutes
    assert [n.split(":")[0] for n in store.notices] == ["n_ctx", "heartbeat_minutes"]
    assert "'lots'" in store.notices[0]
    assert store.backup is not None
    assert json.loads(store.backup.read_text(encoding="utf-8"))["n_ctx"] == "lots"
    assert json.loads(store.path.read_text(encoding="utf-8"))["n_ctx"] == "lots"  # untouched


def test_hours_in_the_wrong_order_fall_back_without_losing_the_rest(tmp_path: Path) -> None:
    store = _store(tmp_path, {"active_start_hour": 20, "active_end_hour": 6, "n_threads": 4})
    settings = store.load()
    assert settings.n_threads == 4
    assert settings.active_start_hour < settings.active_end_hour
    assert store.notices


def test_backups_are_timestamped_and_never_overwritten(tmp_path: Path) -> None:
    store = _store(tmp_path, {"n_ctx": "first"})
    store.load()
    first = store.backup
    store.load()  # the same bad file again: the same backup, no new one
    assert store.backup == first
    store.path.write_text("{not json", encoding="utf-8")
    assert store.load() == Settings()
    second = store.backup
    assert first is not None
    assert second is not None
    assert second != first
    assert json.loads(first.read_text(encoding="utf-8")) == {"n_ctx": "first"}
    assert second.read_text(encoding="utf-8") == "{not json"
    assert len(list(tmp_path.glob("settings.invalid-*.json"))) == 2


def test_a_vault_dir_that_is_a_file_is_a_clear_problem(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("x")
    assert vault_dir_problem(not_a_folder) == f"{not_a_folder} is a file, not a folder"
    assert vault_dir_problem(not_a_folder / "sub") == f"{not_a_folder} is a file, not a folder"
    assert vault_dir_problem(tmp_path / "new vault") is None
    store = _store(tmp_path, {"vault_dir": str(not_a_folder), "n_threads": 3})
    settings = store.load()
    assert settings.vault_dir is None
    assert settings.n_threads == 3
    assert store.notices == [
        f"vault_dir: {not_a_folder} is a file, not a folder; using the default vault"
    ]


def test_the_cli_reports_settings_problems_and_a_file_as_vault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"n_ctx": "lots"}), encoding="utf-8")
    monkeypatch.setenv("KAI_CONFIG_DIR", str(config))
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("x")
    assert main(["graph", "--vault", str(not_a_folder)]) == 2
    err = capsys.readouterr().err
    assert "settings: n_ctx:" in err
    assert "is a file, not a vault folder" in err
    assert "Traceback" not in err
