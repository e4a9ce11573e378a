from __future__ import annotations

from pathlib import Path

from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout
from kai_desktop.infra.resources import default_soul
from kai_desktop.infra.settings_store import (
    SettingsStore,
    resolve_vault_dir,
    vault_data_dir,
)


def test_vault_dir_precedence(tmp_path: Path) -> None:
    s = Settings(vault_dir=tmp_path / "from-settings")
    env = {"KAI_VAULT_DIR": str(tmp_path / "from-env")}
    assert resolve_vault_dir(tmp_path / "cli", s, env) == (tmp_path / "cli").resolve()
    assert resolve_vault_dir(None, s, env) == (tmp_path / "from-env").resolve()
    assert resolve_vault_dir(None, s, {}) == (tmp_path / "from-settings").resolve()
    assert resolve_vault_dir(None, Settings(), {}).name == "Kai Vault"


def test_settings_round_trip_and_broken_file_is_kept_aside(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    assert store.load() == Settings()
    store.save(Settings(memory_budget_chars=3000))
    assert store.load().memory_budget_chars == 3000
    store.path.write_text("{not json")
    assert store.load() == Settings()
    (backup,) = tmp_path.glob("settings.invalid-*.json")
    assert backup.read_text() == "{not json"
    assert store.backup == backup
    assert len(store.notices) == 1
    assert "not valid JSON" in store.notices[0]


def test_derived_data_lives_outside_the_vault(tmp_path: Path) -> None:
    env = {"KAI_DATA_DIR": str(tmp_path / "data")}
    a = vault_data_dir(tmp_path / "v1", env)
    b = vault_data_dir(tmp_path / "v2", env)
    assert a != b
    assert (tmp_path / "data") in a.parents
    assert (tmp_path / "v1") not in a.parents


def test_new_vault_gets_tier_files_and_existing_ones_are_untouched(vault_dir: Path) -> None:
    vault = Vault(vault_dir)
    (vault_dir / "Memory.md").write_text("my own facts\n")
    created = ensure_vault_layout(vault, default_soul())
    assert set(created) == {"memories/", "daily/", "sessions/", "feedback/", "Soul.md",
                            "Procedural.md"}
    assert (vault_dir / "Memory.md").read_text() == "my own facts\n"
    assert "Kai" in (vault_dir / "Soul.md").read_text()
    assert ensure_vault_layout(vault, default_soul()) == []
