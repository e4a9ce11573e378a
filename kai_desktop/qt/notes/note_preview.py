"""A read-only preview of one note, rendered from Markdown; the text is read on the pool.

Signals:
    open_requested(str, int): "Open" was clicked (vault path, line or 0).
    link_clicked(str, str): a wikilink in the preview was clicked (target, source path).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QFontDatabase, QPalette, QTextCursor, QTextFormat
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.vault.frontmatter import split_frontmatter
from kai_desktop.qt.widgets.markdown_render import escape, parse_note_href, render_markdown
from kai_desktop.qt.workers.tasks import TaskHandle, TaskRunner

PREVIEW_CHARS = 6000


class NotePreview(QWidget):
    open_requested = Signal(str, int)
    link_clicked = Signal(str, str)

    def __init__(
        self,
        read_note: Callable[[str], str],
        tasks: TaskRunner,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._read = read_note
        self._tasks = tasks
        self._path = ""
        self._line = 0
        self._pending: TaskHandle | None = None
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; font-size: 12pt;")
        self.title.setWordWrap(True)
        self.meta = QLabel()
        self.meta.setEnabled(False)
        self.meta.setWordWrap(True)
        self.open_button = QPushButton("Open")
        self.open_button.setToolTip("Open in Obsidian or the system editor")
        self.open_button.clicked.connect(lambda: self.open_requested.emit(self._path, self._line))
        self.body = QTextBrowser()
        self.body.setOpenLinks(False)
        self.body.anchorClicked.connect(self._on_anchor)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(head)
        layout.addWidget(self.meta)
        layout.addWidget(self.body, 1)
        self.clear()

    @property
    def path(self) -> str:
        return self._path

    def clear(self) -> None:
        self._path = ""
        self.title.setText("No note selected")
        self.meta.setText("Click a node to preview its note; double-click to open it.")
        self.body.clear()
        self.open_button.setEnabled(False)

    def show_note(self, path: str, title: str, meta: str = "", line: int = 0) -> None:
        self._path, self._line = path, line
        self.title.setText(title)
        self.meta.setText(meta or path)
        self.open_button.setEnabled(True)
        self.body.setHtml("<p><i>Loading…</i></p>")
        if self._pending is not None:
            self._pending.cancel()
        read = self._read
        self._pending = self._tasks.submit(
            lambda: read(path), lambda text: self._on_text(path, text), self._on_error
        )

    def show_missing(self, path: str, title: str, meta: str) -> None:
        self._path = path
        self.title.setText(title)
        self.meta.setText(meta)
        self.body.setHtml(f"<p><i>{escape(path)} does not exist yet.</i></p>")
        self.open_button.setEnabled(False)

    def _on_text(self, path: str, text: str) -> None:
        if path != self._path:
            return
        body = split_frontmatter(text).body
        clipped = body[:PREVIEW_CHARS] + ("\n\n…" if len(body) > PREVIEW_CHARS else "")
        self.body.setHtml(render_markdown(clipped))

    def _on_error(self, exc: BaseException) -> None:
        self.body.setHtml(f"<p><i>Could not read the note: {escape(str(exc))}</i></p>")

    def _on_anchor(self, url: QUrl) -> None:
        parsed = parse_note_href(url.toString())
        if parsed is not None:
            self.link_clicked.emit(parsed[0], self._path)


class NoteAtLineDialog(QDialog):
    """A note's text with the cited lines marked and scrolled into view.

    Obsidian's URI cannot jump to a line, so a citation opens here first; "Open" hands
    the note to Obsidian or the system editor. ``at_body``: the cited lines are the
    note's body (a memory: its content, below the properties), found once it is read.

    Signals:
        open_requested(str, int): the user wants the note outside the app.
    """

    open_requested = Signal(str, int)

    def __init__(
        self,
        path: str,
        line: int,
        read_note: Callable[[str], str],
        tasks: TaskRunner,
        parent: QWidget | None = None,
        *,
        end_line: int | None = None,
        at_body: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(path)
        self.setObjectName("noteAtLineDialog")
        self.resize(640, 520)
        self.path, self.line = path, max(line, 0)
        self.end_line = end_line if end_line is not None else self.line
        self.at_body = at_body
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setPlainText("Loading…")
        self.where = where = QLabel(f"{path}" + (f" · line {self.line}" if self.line else ""))
        where.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = buttons.addButton("Open", QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.clicked.connect(lambda: self.open_requested.emit(path, self.line))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(where)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        tasks.submit(lambda: read_note(path), self._show, self._failed)

    def _show(self, text: str) -> None:
        self.text.setPlainText(text)
        if self.at_body:
            self.line, self.end_line = body_lines(text)
            self.where.setText(f"{self.path} · line {self.line}")
        if self.line <= 0:
            return
        document = self.text.document()
        first = document.findBlockByNumber(self.line - 1)
        last = document.findBlockByNumber(max(self.end_line, self.line) - 1)
        if not first.isValid():
            return
        cursor = QTextCursor(first)
        end = last if last.isValid() else first
        cursor.setPosition(end.position() + end.length() - 1, QTextCursor.MoveMode.KeepAnchor)
        mark = QTextEdit.ExtraSelection()
        mark.cursor = cursor
        color = self.palette().color(QPalette.ColorRole.Highlight)
        color.setAlpha(60)
        mark.format.setBackground(color)
        mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        self.text.setExtraSelections([mark])
        self.text.setTextCursor(QTextCursor(first))
        self.text.centerCursor()

    def _failed(self, exc: BaseException) -> None:
        self.text.setPlainText(f"Could not read {self.path}: {exc}")


def body_lines(text: str) -> tuple[int, int]:
    """The first and last non-blank lines (1-based) of the note's body."""
    lines = text.split("\n")
    start = split_frontmatter(text).body_line
    filled = [i for i in range(start, len(lines)) if lines[i].strip()]
    if not filled:
        return start + 1, start + 1
    return filled[0] + 1, filled[-1] + 1
