"""What the settings need from the back ends, handed in by the composition root: the API
key store of OpenAI-compatible servers and the list of model files. Every call may touch
the disk or the keyring, so the presenter runs them on the pool."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kai_desktop.core.llm.model_files import ModelFileInfo


@dataclass(frozen=True)
class KeyState:
    """The key saved for a server (empty: none) and where keys are kept."""

    key: str
    persistent: bool
    message: str


@dataclass(frozen=True)
class SettingsBackends:
    load_api_key: Callable[[str], KeyState]
    """``load_api_key(base_url)``."""
    save_api_key: Callable[[str, str], KeyState]
    """``save_api_key(base_url, key)``; an empty key removes it."""
    list_models: Callable[[], list[ModelFileInfo]]
