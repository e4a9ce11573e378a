"""A bar across the top of the window for a folder Kai did not create.

Kai opens such a folder as it is: chat, search, the graph and agent mode work on it, but
Kai keeps none of its own files there (memories, daily log, session notes) until the user
chooses "Set up Kai's files here".

Signals:
    set_up_requested(): the user agreed to the layout being added to the folder.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

SET_UP_TEXT = "Set up Kai's files here"
BANNER_STYLE = (
    "QFrame#folderSetupBanner { background: palette(alternate-base);"
    " border-bottom: 1px solid palette(mid); }"
)


def banner_text(folder_name: str) -> str:
    return (
        f"<b>{folder_name}</b> was not created by Kai, so Kai leaves its files as they are: "
        "you can chat, search, browse the graph and use agent mode here. Kai keeps no "
        "memories, daily log or session notes in this folder until you set up its files "
        "(Soul.md, Memory.md, Procedural.md and the folders memories/, daily/, sessions/, "
        "feedback/)."
    )


class FolderSetupBanner(QFrame):
    set_up_requested = Signal()

    def __init__(self, folder_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("folderSetupBanner")
        self.setStyleSheet(BANNER_STYLE)
        self.label = QLabel(banner_text(folder_name))
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.button = QPushButton(SET_UP_TEXT)
        self.button.setToolTip("Add Kai's files and folders to this folder; nothing in it changes")
        self.button.clicked.connect(self._clicked)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 6)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignVCenter)

    def _clicked(self) -> None:
        self.button.setEnabled(False)  # once: the set-up runs on the pool
        self.set_up_requested.emit()

    def failed(self) -> None:
        """The set-up did not happen: the button may be tried again."""
        self.button.setEnabled(True)
