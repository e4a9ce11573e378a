"""Where settings, data and the default vault live, and how settings are saved.

Directories come from platformdirs; ``KAI_CONFIG_DIR`` and ``KAI_DATA_DIR`` override them
(tests and portable installs). The vault is chosen by ``--vault``, then ``KAI_VAULT_DIR``,
then the settings file, then the default folder in the user's documents.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs
from pydantic import ValidationError

from kai_desktop.core.settings import Settings
from kai_desktop.core.vault.atomic import atomic_write
from kai_desktop.core.vault.files import content_hash

APP_NAME = "kai-desktop"
log = logging.getLogger(__name__)


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    override = env.get("KAI_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    override = env.get("KAI_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def default_vault_dir() -> Path:
    return Path(platformdirs.user_documents_dir()) / "Kai Vault"


def vault_data_dir(vault_root: Path, env: Mapping[str, str] | None = None) -> Path:
    """Per-vault derived data (index shard, manifest, layout): outside the vault."""
    root = Path(vault_root).expanduser().resolve()
    slug = "".join(c if c.isalnum() else "-" for c in root.name)[:40] or "vault"
    return data_dir(env) / "vaults" / f"{slug}-{content_hash(str(root))[:12]}"


def resolve_vault_dir(
    cli_value: str | os.PathLike[str] | None,
    settings: Settings,
    env: Mapping[str, str] | None = None,
) -> Path:
    env = os.environ if env is None else env
    if cli_value:
        return Path(cli_value).expanduser().resolve()
    if env.get("KAI_VAULT_DIR"):
        return Path(env["KAI_VAULT_DIR"]).expanduser().resolve()
    if settings.vault_dir is not None:
        return Path(settings.vault_dir).expanduser().resolve()
    return default_vault_dir()


class SettingsStore:
    """Loads and saves :class:`Settings` as JSON; a broken file is kept aside, not lost."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.json"

    def load(self) -> Settings:
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Settings()
        except OSError as exc:
            log.warning("cannot read settings %s: %s", self.path, exc)
            return Settings()
        try:
            return Settings.model_validate(json.loads(raw))
        except (ValueError, ValidationError) as exc:
            backup = self.path.with_suffix(".invalid.json")
            with contextlib.suppress(OSError):
                self.path.replace(backup)
            log.warning("settings file was invalid (%s); kept as %s", exc, backup)
            return Settings()

    def save(self, settings: Settings) -> None:
        atomic_write(self.path, settings.model_dump_json(indent=2).encode("utf-8"))
