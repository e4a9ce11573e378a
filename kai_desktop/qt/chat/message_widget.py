"""One row of the conversation: who speaks, the text as rendered Markdown, a Copy button
for answers, the memories and notes the answer used, and in agent-file mode the steps
that led to the answer, folded."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
)

from kai_desktop.qt.chat.chat_model import ChatItem, Kind
from kai_desktop.qt.widgets.markdown_render import escape, render_markdown

if TYPE_CHECKING:  # created for agent answers only
    from kai_desktop.qt.chat.agent_steps import AgentStepsView

MAX_SOURCES = 8
MAX_TOOL_ARGUMENTS = 160
MAX_TOOL_RESULT = 220
ERROR_COLOR = "#C0392B"


def _cut(text: str, limit: int) -> str:
    return text if len(text) < limit else text[: limit - 3] + "…"


def _lines(text: str) -> str:
    return escape(text).replace("\n", "<br>")


def assistant_header(item: ChatItem) -> str:
    state = " · <i>writing…</i>" if item.streaming else ""
    if item.finish_reason == "stopped":
        state = " · <i>stopped</i>"
    return f"<b>Kai</b>{state}"


def assistant_body(item: ChatItem) -> str:
    body = render_markdown(item.text) if item.text else ""
    if item.error:
        body += f'<p style="color:{ERROR_COLOR}">⚠ {escape(item.error)}</p>'
    if not body and item.streaming:
        body = "<p><i>…</i></p>"
    return body


def tool_body(item: ChatItem) -> str:
    args = _cut(item.tool_arguments, MAX_TOOL_ARGUMENTS)
    result = item.tool_result or "running…"
    if len(result) > MAX_TOOL_RESULT:
        result = result[: MAX_TOOL_RESULT - 3] + "…"
    return (
        f'<span style="color:gray; font-family:monospace;">⚙ {escape(item.tool_name)}'
        f"({escape(args)}) → {escape(result)}</span>"
    )


def notice_body(item: ChatItem) -> str:
    color = ERROR_COLOR if item.error else "gray"
    return f'<p style="color:{color}"><i>{_lines(item.text)}</i></p>'


def sources_html(item: ChatItem) -> str:
    """"Used: ◆ memory · ¶ note…", each a ``kai-open:<line>:<path>`` link."""
    links = []
    shown = item.sources[:MAX_SOURCES]
    for ref in shown:
        icon = "◆" if ref.is_memory else "¶"
        if ref.path:
            href = html.escape(f"kai-open:{ref.line or 0}:{ref.path}", quote=True)
            links.append(f'{icon} <a href="{href}">{escape(ref.label)}</a>')
        else:
            links.append(f"{icon} {escape(ref.label)}")
    more = len(item.sources) - len(shown)
    if more > 0:
        links.append(f"and {more} more")
    return '<span style="color:gray">Used: </span>' + " · ".join(links)


class MessageWidget(QFrame):
    """One row of the conversation; ``on_link(href)`` gets every clicked link, and
    ``on_undo(widget)`` a click on "Undo these changes" under an agent answer."""

    def __init__(
        self,
        item: ChatItem,
        on_link: Callable[[str], None],
        on_undo: Callable[[MessageWidget], None] | None = None,
    ) -> None:
        super().__init__()
        self.item = item
        self._on_undo = on_undo
        self.setObjectName(f"msg-{item.kind}")
        self.header = QLabel()
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.body.setOpenExternalLinks(False)
        self.body.linkActivated.connect(on_link)
        self.body.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.sources = QLabel()
        self.sources.setWordWrap(True)
        self.sources.setTextFormat(Qt.TextFormat.RichText)
        self.sources.linkActivated.connect(on_link)
        self.copy_button = QToolButton()
        self.copy_button.setText("Copy")
        self.copy_button.setAutoRaise(True)
        self.copy_button.setToolTip("Copy this answer as Markdown")
        self.copy_button.clicked.connect(self.copy)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.header, 1)
        top.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.body)
        layout.addWidget(self.sources)
        self._layout = layout
        self.steps_view: AgentStepsView | None = None
        self._rendered_text: str | None = None
        self.set_item(item)

    def set_item(self, item: ChatItem) -> None:
        self.item = item
        kind = item.kind
        self.copy_button.setVisible(kind == Kind.ASSISTANT and bool(item.text))
        if kind == Kind.USER:
            self.header.setText("<b>You</b>")
            self.setStyleSheet(
                "#msg-user { background: palette(alternate-base); border-radius: 8px; }"
            )
            self._set_body(f"<p>{_lines(item.text)}</p>")
        elif kind == Kind.ASSISTANT:
            self.header.setText(assistant_header(item))
            self._set_body(assistant_body(item))
        else:
            self.header.setText("")
            self.header.hide()
            self._set_body(tool_body(item) if kind == Kind.TOOL else notice_body(item))
        self._show_steps(item)
        self.sources.setVisible(bool(item.sources))
        if item.sources:
            self.sources.setToolTip("\n".join(r.path or r.label for r in item.sources))
            self.sources.setText(sources_html(item))

    def _show_steps(self, item: ChatItem) -> None:
        """The agent's steps under the answer, folded; new ones are added as they come."""
        if not item.steps and self.steps_view is None:
            return
        if self.steps_view is None:
            from kai_desktop.qt.chat.agent_steps import AgentStepsView

            self.steps_view = AgentStepsView(self)
            self.steps_view.undo_requested.connect(self._undo_requested)
            self._layout.insertWidget(self._layout.indexOf(self.body), self.steps_view)
        view = self.steps_view
        if view.count() > len(item.steps):
            view.set_steps(item.steps)
        for step in item.steps[view.count() :]:
            view.add_step(step)
        view.set_changes(item.changes, item.undo_state, item.undo_message)

    def _undo_requested(self) -> None:
        if self._on_undo is not None:
            self._on_undo(self)

    def _set_body(self, rich: str) -> None:
        if rich != self._rendered_text:
            self._rendered_text = rich
            self.body.setText(rich)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.item.text)
