"""The chat pane: messages rendered as Markdown, streaming, stop, copy, tool calls, sources.

The message list mirrors :class:`ChatListModel` rows one widget per row; a changed row
re-renders only its own widget, so streaming never re-renders the history.

Signals:
    open_source(str, int): a cited memory or note was clicked (vault path, line or 0).
    link_clicked(str): a wikilink in a message was clicked (its target as written).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QTextOption
from PySide6.QtWidgets import (
    QCheckBox,
    QCompleter,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.qt.chat.agent_steps import AgentModeBadge
from kai_desktop.qt.chat.budget_meter import BudgetMeter
from kai_desktop.qt.chat.chat_controller import ChatController
from kai_desktop.qt.chat.chat_model import ChatItem, ChatRole, Kind
from kai_desktop.qt.chat.message_widget import MessageWidget
from kai_desktop.qt.widgets.markdown_render import parse_note_href

EMPTY_STATE = """
<h2>Hi, I'm Kai.</h2>
<p>I remember what you tell me — in plain Markdown notes in your vault, which you can read
and edit in Obsidian. Facts I keep are listed under <b>Memories</b>; every message you send
includes them, and any notes that match what you ask.</p>
<p>Try:</p>
<ul>
<li><i>My name is Sam and I prefer short answers.</i></li>
<li><i>What did I write about the garden?</i></li>
<li><b>/remember</b> <i>the bins go out on Tuesday</i></li>
</ul>
<p>Type <b>/</b> for commands. <b>Esc</b> stops an answer, <b>Ctrl+N</b> starts a new chat.</p>
"""


class ChatInput(QPlainTextEdit):
    """Enter sends, Shift+Enter adds a line; "/" offers the commands."""

    submitted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText("Message Kai — / for commands")
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setTabChangesFocus(True)
        self.setFixedHeight(72)
        self._names = QStringListModel(self)
        self.completer = QCompleter(self._names, self)
        self.completer.setWidget(self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.activated.connect(self._insert_completion)
        self.textChanged.connect(self._maybe_complete)

    def _maybe_complete(self) -> None:
        text = self.toPlainText()
        if text.startswith("/") and " " not in text and "\n" not in text:
            if not self._names.rowCount():
                from kai_desktop.core.chat.commands import COMMANDS

                self._names.setStringList([f"/{name}" for name in COMMANDS])
            self.completer.setCompletionPrefix(text)
            if self.completer.completionCount() > 0:
                rect = self.cursorRect()
                rect.setWidth(220)
                self.completer.complete(rect)
                return
        popup = self.completer.popup()
        if popup is not None:
            popup.hide()

    def _insert_completion(self, text: str) -> None:
        self.setPlainText(text + " ")
        cursor = self.textCursor()
        cursor.movePosition(cursor.MoveOperation.End)
        self.setTextCursor(cursor)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        popup = self.completer.popup()
        if popup is not None and popup.isVisible() and event.key() in (
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_Tab,
        ):
            index = popup.currentIndex()
            if not index.isValid():
                index = self.completer.completionModel().index(0, 0)
            self._insert_completion(str(index.data()))
            popup.hide()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class ChatPane(QWidget):
    open_source = Signal(str, int)
    link_clicked = Signal(str)

    def __init__(self, controller: ChatController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("chatPane")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(self._build_header())
        layout.addWidget(self._build_messages(), 1)
        self.budget_meter = BudgetMeter()
        layout.addWidget(self.budget_meter)
        layout.addLayout(self._build_input())
        self.widgets: list[MessageWidget] = []
        self._stick_to_bottom = True
        self._scroll_timer = QTimer(self)
        self._scroll_timer.setObjectName("chatScrollToEnd")
        self._scroll_timer.setSingleShot(True)
        self._scroll_timer.setInterval(0)
        self._scroll_timer.timeout.connect(self._scroll_to_end)
        self._wire()
        self._on_ready()
        self._rebuild()

    def _build_header(self) -> QHBoxLayout:
        self.title = QLabel("<b>Chat</b>")
        self.agent_badge = AgentModeBadge()
        self.agent_badge.set_active(self.controller.agent_mode)
        self.hide_tools = QCheckBox("Hide tool calls")
        self.hide_tools.setChecked(True)
        self.new_button = QPushButton("New chat")
        self.new_button.setToolTip("Start a new conversation (Ctrl+N)")
        header = QHBoxLayout()
        header.addWidget(self.title)
        header.addWidget(self.agent_badge)
        header.addStretch(1)
        header.addWidget(self.hide_tools)
        header.addWidget(self.new_button)
        return header

    def _build_messages(self) -> QScrollArea:
        self.empty = QLabel(EMPTY_STATE)
        self.empty.setWordWrap(True)
        self.empty.setTextFormat(Qt.TextFormat.RichText)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.empty.setContentsMargins(24, 24, 24, 24)
        self.messages_box = QWidget()
        self.messages_layout = QVBoxLayout(self.messages_box)
        self.messages_layout.setContentsMargins(8, 8, 8, 8)
        self.messages_layout.setSpacing(8)
        self.messages_layout.addWidget(self.empty)
        self.messages_layout.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidget(self.messages_box)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return self.scroll_area

    def _build_input(self) -> QHBoxLayout:
        self.input = ChatInput()
        self.input.setAccessibleName("Message")
        self.send_button = QPushButton("Send")
        self.send_button.setDefault(True)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop the answer (Esc)")
        self.stop_button.hide()
        bottom = QHBoxLayout()
        bottom.addWidget(self.input, 1)
        buttons = QVBoxLayout()
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        bottom.addLayout(buttons)
        return bottom

    def _wire(self) -> None:
        controller, model = self.controller, self.controller.model
        self.scroll_area.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        self.scroll_area.verticalScrollBar().rangeChanged.connect(self._on_range)
        model.rowsInserted.connect(self._on_rows_inserted)
        model.rowsRemoved.connect(self._on_rows_removed)
        model.dataChanged.connect(self._on_data_changed)
        model.modelReset.connect(self._rebuild)
        self.send_button.clicked.connect(self.send)
        self.input.submitted.connect(self.send)
        self.stop_button.clicked.connect(controller.stop)
        self.new_button.clicked.connect(controller.new_chat)
        self.hide_tools.toggled.connect(self._apply_tool_visibility)
        controller.busy_changed.connect(self._on_busy)
        controller.ready.connect(self._on_ready)
        controller.answered.connect(self._on_answered)
        controller.agent_mode_changed.connect(self.agent_badge.set_active)

    # -- actions ---------------------------------------------------------------------------
    def send(self) -> None:
        text = self.input.toPlainText()
        if self.controller.send(text):
            self.input.clear()
            self._stick_to_bottom = True

    def focus_input(self) -> None:
        self.input.setFocus()

    def on_link(self, href: str) -> None:
        if href.startswith("kai-open:"):
            _scheme, line, path = href.split(":", 2)
            self.open_source.emit(path, int(line))
            return
        parsed = parse_note_href(href)
        if parsed is not None:
            self.link_clicked.emit(parsed[0])

    def _undo_changes_of(self, widget: MessageWidget) -> None:
        if widget in self.widgets:
            self.controller.undo_changes(self.widgets.index(widget))

    def _on_ready(self) -> None:
        ready = self.controller.is_ready()
        self.send_button.setEnabled(ready and not self.controller.is_busy())
        self.input.setPlaceholderText(
            "Message Kai — / for commands" if ready else "Kai is starting…"
        )

    def _on_answered(self, answer: object) -> None:
        stats = getattr(answer, "stats", None)
        self.budget_meter.show_budget(getattr(stats, "budget", None))

    def _on_busy(self, busy: bool) -> None:
        self.stop_button.setVisible(busy)
        self.send_button.setEnabled(not busy and self.controller.is_ready())

    # -- mirroring the model ---------------------------------------------------------------
    def _item(self, row: int) -> ChatItem:
        item = self.controller.model.index(row).data(ChatRole.ITEM)
        assert isinstance(item, ChatItem)
        return item

    def _rebuild(self) -> None:
        for widget in self.widgets:
            self._drop(widget)
        self.widgets = []
        for row in range(self.controller.model.rowCount()):
            self._insert_widget(row)
        if not self.widgets:  # a new conversation: no last turn to measure
            self.budget_meter.show_budget(None)
        self._update_empty()

    def _insert_widget(self, row: int) -> None:
        widget = MessageWidget(self._item(row), self.on_link, self._undo_changes_of)
        self.widgets.insert(row, widget)
        # layout: [empty label, messages..., stretch]
        self.messages_layout.insertWidget(row + 1, widget)
        widget.setVisible(not (widget.item.kind == Kind.TOOL and self.hide_tools.isChecked()))

    def _on_rows_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        for row in range(first, last + 1):
            self._insert_widget(row)
        self._update_empty()
        self._follow()

    def _on_rows_removed(self, _parent: QModelIndex, first: int, last: int) -> None:
        for _ in range(first, last + 1):
            self._drop(self.widgets.pop(first))
        self._update_empty()

    def _drop(self, widget: MessageWidget) -> None:
        """Out of the list at once; hidden, since deletion waits for the event loop and
        a widget out of the layout would still paint at its old place until then."""
        self.messages_layout.removeWidget(widget)
        widget.hide()
        widget.deleteLater()

    def _on_data_changed(self, top: QModelIndex, bottom: QModelIndex, _roles: object) -> None:
        for row in range(top.row(), bottom.row() + 1):
            if 0 <= row < len(self.widgets):
                self.widgets[row].set_item(self._item(row))
        self._follow()

    def _apply_tool_visibility(self, hide: bool) -> None:
        for widget in self.widgets:
            if widget.item.kind == Kind.TOOL:
                widget.setVisible(not hide)

    def _update_empty(self) -> None:
        self.empty.setVisible(not self.widgets)

    # -- scrolling -------------------------------------------------------------------------
    def _on_scrolled(self, value: int) -> None:
        bar = self.scroll_area.verticalScrollBar()
        self._stick_to_bottom = value >= bar.maximum() - 24

    def _on_range(self, _low: int, _high: int) -> None:
        self._follow()

    def _follow(self) -> None:
        if self._stick_to_bottom:
            self._scroll_timer.start()

    def _scroll_to_end(self) -> None:
        bar = self.scroll_area.verticalScrollBar()
        bar.setValue(bar.maximum())

