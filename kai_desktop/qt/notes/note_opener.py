"""Where a note goes when the user asks for it: a cited note opens at its line in the app,
a note from a list or the graph opens in Obsidian (or the system editor), and a clicked
wikilink is resolved as Obsidian would before it opens."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from kai_desktop.core.vault.files import Vault, decode_note_bytes
from kai_desktop.core.vault.layout import MEMORIES_DIR
from kai_desktop.qt.workers.tasks import TaskRunner

if TYPE_CHECKING:
    from kai_desktop.qt.notes.note_preview import NoteAtLineDialog

ResolveLink = Callable[[str, str, Callable[[str | None], None]], None]
"""``resolve(target, source_path, callback)``: the callback gets a vault path or None."""
Say = Callable[[str], None]


def note_reader(vault: Vault) -> Callable[[str], str]:
    """A function that reads a note's text (for the pool: it touches the disk)."""

    def read(rel: str) -> str:
        data, _st = vault.read_bytes_checked(rel)
        return decode_note_bytes(rel, data)

    return read


class NoteOpener:
    """Opens notes for the window; what could not be opened is said with ``say``."""

    def __init__(
        self,
        vault: Vault,
        tasks: TaskRunner,
        window: QWidget,
        say: Say,
        resolve_link: ResolveLink,
    ) -> None:
        self._vault = vault
        self._read = note_reader(vault)
        self._tasks = tasks
        self._window = window
        self._say = say
        self._resolve_link = resolve_link
        self.dialog: NoteAtLineDialog | None = None

    def open_note(self, rel: str, line: int | None = 0) -> None:
        """Outside the app: Obsidian, or the system's editor."""
        from kai_desktop.qt.notes.open_note import open_in_editor

        if not open_in_editor(self._vault.root, rel, line or None):
            self._say(f"Could not open {rel}")

    def show_source(self, rel: str, line: int) -> None:
        """A cited note at its line, or a memory at its own lines (its content), shown in
        the app; then "Open" if wanted."""
        from kai_desktop.qt.notes.note_preview import NoteAtLineDialog

        at_body = line <= 0 and rel.startswith(MEMORIES_DIR + "/")
        dialog = NoteAtLineDialog(
            rel, line, self._read, self._tasks, self._window, at_body=at_body
        )
        dialog.open_requested.connect(self.open_note)
        self.dialog = dialog
        dialog.open()

    def open_link(self, target: str) -> None:
        """A ``[[wikilink]]`` clicked in an answer."""

        def found(path: str | None) -> None:
            if path:
                self.open_note(path, 0)
            else:
                self._say(f"No note called “{target}” yet")

        self._resolve_link(target, "", found)
