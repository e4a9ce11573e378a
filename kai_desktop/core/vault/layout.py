"""The folders and tier files every Kai vault has (DESIGN §1)."""

from __future__ import annotations

import logging
from typing import Final

from kai_desktop.core.vault.files import PathOutsideVault, Vault

log = logging.getLogger(__name__)

SOUL: Final = "Soul.md"
MEMORY: Final = "Memory.md"
PROCEDURAL: Final = "Procedural.md"
MEMORIES_DIR: Final = "memories"
ARCHIVE_MEMORIES_DIR: Final = "archive/memories"
"""Memories unused for long (decay): out of the prompt, still indexed, restorable."""
DAILY_DIR: Final = "daily"
SESSIONS_DIR: Final = "sessions"
FEEDBACK_DIR: Final = "feedback"
CORRECTIONS: Final = "feedback/corrections.md"
REWARDS: Final = "feedback/rewards.md"

MEMORY_TEMPLATE: Final = "# Memory\n\nPermanent facts about the user and their world.\n\n"
PROCEDURAL_TEMPLATE: Final = "# Procedural\n\nRules for how I behave and work.\n\n"


def ensure_vault_layout(vault: Vault, soul_template: str) -> list[str]:
    """Create the tier folders and any missing tier file; never touch existing ones.

    Returns the vault paths that were created. One that cannot be (a symlink out of the
    vault or a loop where it should be) is left alone and logged; :func:`layout_problems`
    says why, for the window to show.
    """
    created: list[str] = []
    vault.root.mkdir(parents=True, exist_ok=True)
    for folder in (MEMORIES_DIR, DAILY_DIR, SESSIONS_DIR, FEEDBACK_DIR):
        try:
            path = vault.resolve(folder)
        except PathOutsideVault as exc:
            log.warning("%s", exc)
            continue
        if not path.is_dir():
            path.mkdir(parents=True, exist_ok=True)
            created.append(folder + "/")
    for rel, text in (
        (SOUL, soul_template),
        (MEMORY, MEMORY_TEMPLATE),
        (PROCEDURAL, PROCEDURAL_TEMPLATE),
    ):
        try:
            if not vault.resolve(rel).exists():
                vault.write_text(rel, text, expect=None)
                created.append(rel)
        except PathOutsideVault as exc:
            log.warning("%s", exc)
    return created


def layout_problems(vault: Vault) -> list[str]:
    """Why a tier folder or file of the layout cannot be used (empty when all is well)."""
    problems: list[str] = []
    for rel in (MEMORIES_DIR, DAILY_DIR, SESSIONS_DIR, FEEDBACK_DIR, SOUL, MEMORY, PROCEDURAL):
        try:
            vault.resolve(rel)
        except PathOutsideVault as exc:
            problems.append(f"{rel}: {exc}; Kai does not use it")
    return problems
