"""The folders and tier files every Kai vault has (DESIGN §1), and the consent to add them.

A folder the app creates, an empty one or one that already holds Kai's files gets the
layout at once. A folder that holds other things (a mem-agent memory, an Obsidian vault)
is left as it is: :class:`KaiLayout` keeps the layout's paths closed to every write
until the user agrees to :meth:`KaiLayout.set_up`, so nothing is added to it unasked.
"""

from __future__ import annotations

import enum
import logging
import os
import threading
from pathlib import Path
from typing import Final

from kai_desktop.core.vault.files import PathOutsideVault, Vault, VaultError

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


LAYOUT_FILES: Final = (SOUL, MEMORY, PROCEDURAL)
LAYOUT_FOLDERS: Final = (MEMORIES_DIR, DAILY_DIR, SESSIONS_DIR, FEEDBACK_DIR, ARCHIVE_MEMORIES_DIR)


class FolderKind(enum.Enum):
    """What a vault folder is, as far as Kai's own files go."""

    KAI = "kai"
    """It holds Kai's files already (``Soul.md`` or ``memories/``)."""
    EMPTY = "empty"
    """Missing, or nothing in it but hidden entries (``.obsidian/``): Kai may lay it out."""
    FOREIGN = "foreign"
    """It holds other things and none of Kai's files: left as it is unless the user agrees."""


def folder_kind(root: Path) -> FolderKind:
    root = Path(root)
    if not root.is_dir():
        return FolderKind.EMPTY
    if (root / SOUL).is_file() or (root / MEMORIES_DIR).is_dir():
        return FolderKind.KAI
    try:
        with os.scandir(root) as entries:
            visible = any(not entry.name.startswith(".") for entry in entries)
    except OSError:
        visible = True  # unreadable: treat as someone else's, touch nothing
    return FolderKind.FOREIGN if visible else FolderKind.EMPTY


def is_layout_path(rel: str) -> bool:
    """True for a tier file or anything under one of Kai's folders."""
    rel = rel.replace("\\", "/").lstrip("/")
    if rel in LAYOUT_FILES:
        return True
    return any(rel == folder or rel.startswith(folder + "/") for folder in LAYOUT_FOLDERS)


class LayoutNotSetUp(VaultError):
    """A write to one of Kai's own files in a folder the user has not set up for them."""

    def __init__(self, rel: str) -> None:
        super().__init__(
            f"{rel} was not written: this folder was not created by Kai, and Kai keeps its "
            "own files (memories, daily log, session notes) in it only once you choose "
            "\"Set up Kai's files here\" in Kai's window"
        )
        self.rel = rel


class KaiLayout:
    """Whether Kai's own files may be kept in ``vault``; guards the vault's writes.

    :meth:`open` lays out a Kai, empty or new folder, and leaves any other folder
    untouched with the layout's paths refused (:class:`LayoutNotSetUp`) to every writer
    of the vault. :meth:`set_up` is the user's consent. Thread-safe.
    """

    def __init__(self, vault: Vault, soul_template: str) -> None:
        self.vault = vault
        self.soul_template = soul_template
        self._ready = False
        self._lock = threading.Lock()
        self.kind: FolderKind | None = None

    @property
    def ready(self) -> bool:
        return self._ready

    def open(self) -> bool:
        """Lay out the folder if it is Kai's to lay out; True when the layout is in place."""
        self.kind = folder_kind(self.vault.root)
        self.vault.guard = self._check
        if self.kind is FolderKind.FOREIGN:
            log.info("%s is not a Kai vault: its files are left as they are", self.vault.root)
            return False
        self.set_up()
        return True

    def watch_only(self) -> bool:
        """Like :meth:`open` but never writes: a folder that is not Kai's has the layout's
        paths refused, any other is left to whoever lays it out (``kai-desktop mcp``)."""
        self.kind = folder_kind(self.vault.root)
        self.vault.guard = self._check
        self._ready = self.kind is not FolderKind.FOREIGN
        return self._ready

    def set_up(self) -> list[str]:
        """The user agreed (or the folder is Kai's): create what is missing of the layout."""
        with self._lock:
            self._ready = True
            return ensure_vault_layout(self.vault, self.soul_template)

    def _check(self, rel: str) -> None:
        if not self._ready and is_layout_path(rel):
            raise LayoutNotSetUp(rel)
