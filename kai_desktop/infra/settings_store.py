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
from datetime import datetime
from pathlib import Path

import platformdirs

from kai_desktop.core.settings import Settings, settings_from_data
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


def vault_dir_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a vault folder, or None (a folder yet to be created is fine)."""
    path = Path(path).expanduser()
    if path.exists() and not path.is_dir():
        return f"{path} is a file, not a folder"
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else f"{parent} is a file, not a folder"
    return None


class SettingsStore:
    """Loads and saves :class:`Settings` as JSON; a bad file is backed up, never lost.

    After :meth:`load`, :attr:`notices` lists what was wrong with the file (one line per
    problem, for the window to show); :attr:`backup` is where the file was copied.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.json"
        self.notices: list[str] = []
        self.backup: Path | None = None

    def load(self) -> Settings:
        """The settings in the file, keeping every valid field.

        A field that is wrong falls back to its default on its own; a file that is not a
        JSON object at all gives the defaults. Either way the file is copied to a
        timestamped ``settings.invalid-<time>.json`` beside it (an identical earlier backup
        is reused; none is ever overwritten) and left as it is until settings are saved.
        A ``vault_dir`` that is a file falls back to the default vault.
        """
        self.notices, self.backup = [], None
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return Settings()
        except OSError as exc:
            self._notice(f"cannot read {self.path} ({exc.strerror or exc}); defaults are used")
            return Settings()
        try:
            data = json.loads(raw)
        except ValueError as exc:
            return self._unusable(raw, f"not valid JSON ({exc})")
        if not isinstance(data, dict):
            return self._unusable(raw, f"a JSON {type(data).__name__}, not an object")
        settings, problems = settings_from_data(data)
        notices = [str(p) for p in problems]
        if settings.vault_dir is not None:
            problem = vault_dir_problem(settings.vault_dir)
            if problem is not None:
                notices.append(f"vault_dir: {problem}; using the default vault")
                settings = settings.model_copy(update={"vault_dir": None})
        if notices:
            self._keep_backup(raw)
            for notice in notices:
                self._notice(notice)
        return settings

    def save(self, settings: Settings) -> None:
        atomic_write(self.path, settings.model_dump_json(indent=2).encode("utf-8"))

    def _unusable(self, raw: bytes, why: str) -> Settings:
        self._keep_backup(raw)
        self._notice(f"the settings file is {why}; defaults are used")
        return Settings()

    def _notice(self, text: str) -> None:
        where = f" (the file is backed up as {self.backup.name})" if self.backup else ""
        log.warning("settings %s: %s%s", self.path, text, where)
        self.notices.append(text)

    def _keep_backup(self, raw: bytes) -> None:
        folder, stem = self.path.parent, self.path.stem
        for old in sorted(folder.glob(f"{stem}.invalid-*.json")):
            with contextlib.suppress(OSError):
                if old.read_bytes() == raw:
                    self.backup = old
                    return
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            name = f"{stem}.invalid-{stamp}{f'-{n}' if n else ''}.json"
            try:
                with (folder / name).open("xb") as fh:  # never over an earlier backup
                    fh.write(raw)
            except FileExistsError:
                continue
            except OSError as exc:
                log.warning("cannot back up the settings file: %s", exc)
                return
            self.backup = folder / name
            return
