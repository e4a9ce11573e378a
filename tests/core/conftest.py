"""Fixtures the capture tests share: a memory store over a fresh vault, and a capturer
without a review inbox (a file that needs one defines its own)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kai_desktop.core.memory.capture import Capturer
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.core.vault.layout import ensure_vault_layout


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    vault = Vault(tmp_path / "vault")
    ensure_vault_layout(vault, "# Soul\n")
    return MemoryStore(vault)


@pytest.fixture
def capturer(store: MemoryStore) -> Capturer:
    return Capturer(store, Tiers(store.vault), None)


@pytest.fixture
def read(capturer: Capturer) -> Callable[[str], dict[str, str]]:
    """The facts the rules read in one message, as {key: value} (no writes)."""
    return lambda message: {f.key: f.value for f in capturer.propose(None, message)}
