"""The chat pane, driven as a user would: typing, Enter, clicks, waiting for signals."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from kai_desktop.core.chat.commands import CommandRunner
from kai_desktop.core.chat.session import ChatSession, SessionConfig
from kai_desktop.core.llm.model import ScriptedChatModel, ToolCall
from kai_desktop.core.memory.store import MemoryStore
from kai_desktop.core.memory.tiers import Tiers
from kai_desktop.core.vault.files import Vault
from kai_desktop.qt.chat.chat_controller import ChatController
from kai_desktop.qt.chat.chat_model import Kind
from kai_desktop.qt.chat.chat_pane import ChatPane
from kai_desktop.qt.workers.model_worker import ModelWorker

WAIT = 10_000


class Chat:
    def __init__(
        self, vault: Vault, store: MemoryStore, model: ScriptedChatModel, worker: ModelWorker,
        qtbot: QtBot,
    ) -> None:
        self.vault = vault
        self.store = store
        self.session = ChatSession(
            memory=self.store, tiers=Tiers(self.vault),
            config=SessionConfig(local_model_tools=True),
        )
        self.worker = worker
        self.model = model
        self.controller = ChatController(
            self.session, CommandRunner(self.session), self.worker,
            memory_path=lambda key: f"memories/{key}.md",
        )
        self.pane = ChatPane(self.controller)
        qtbot.addWidget(self.pane)
        self.pane.resize(700, 600)
        self.pane.show()
        self.qtbot = qtbot

    def type_and_send(self, text: str) -> None:
        self.pane.input.setFocus()
        self.qtbot.keyClicks(self.pane.input, text)
        with self.qtbot.waitSignal(self.controller.busy_changed, timeout=WAIT):
            self.qtbot.keyClick(self.pane.input, Qt.Key.Key_Return)

    def wait_idle(self) -> None:
        self.qtbot.waitUntil(lambda: not self.controller.is_busy(), timeout=WAIT)

    def close(self) -> None:
        self.pane.close()
        self.controller.close()


@pytest.fixture
def make_chat(
    vault: Vault, memory_store: MemoryStore, make_model_worker, qtbot: QtBot
) -> Iterator[Callable[[ScriptedChatModel], Chat]]:
    made: list[Chat] = []

    def make(model: ScriptedChatModel) -> Chat:
        chat = Chat(vault, memory_store, model, make_model_worker(model), qtbot)
        made.append(chat)
        return chat

    yield make
    for chat in made:
        chat.close()


def test_empty_state_then_streamed_markdown_answer_with_used_memory(make_chat, qtbot):
    answer = "Your **cat** is called Miso, see [[Pets]]."
    chat = make_chat(ScriptedChatModel(turns=[answer]))
    chat.store.store("cat", "The user's cat is called Miso")
    assert chat.pane.empty.isVisible()

    changed_rows: list[int] = []
    chat.controller.model.dataChanged.connect(lambda top, _b, _r: changed_rows.append(top.row()))
    with qtbot.waitSignal(chat.controller.answered, timeout=WAIT):
        chat.type_and_send("What is my cat called?")
    chat.wait_idle()

    assert not chat.pane.empty.isVisible()
    assert chat.pane.input.toPlainText() == ""
    kinds = [i.kind for i in chat.controller.model.items()]
    assert kinds == [Kind.USER, Kind.ASSISTANT]
    answer_widget = chat.pane.widgets[1]
    assert answer_widget.item.text == answer
    assert "<strong>cat</strong>" in answer_widget.body.text()
    assert 'href="kai-note:Pets"' in answer_widget.body.text()
    # streamed into the answer row only: the user's message was never re-rendered
    assert changed_rows
    assert set(changed_rows) == {1}
    assert "cat" in answer_widget.sources.text()
    assert answer_widget.sources.isVisible()
    # the memory was in the prompt the model saw
    assert "Miso" in chat.model.requests[0].messages[0]["content"]


def test_clicking_a_source_asks_to_open_that_note(make_chat, qtbot):
    chat = make_chat(ScriptedChatModel(turns=["Noted."]))
    chat.store.store("tea", "The user drinks green tea")
    with qtbot.waitSignal(chat.controller.answered, timeout=WAIT):
        chat.type_and_send("tea?")
    chat.wait_idle()
    sources = chat.pane.widgets[1].sources
    href = sources.text().split('href="')[1].split('"')[0]
    with qtbot.waitSignal(chat.pane.open_source, timeout=WAIT) as opened:
        sources.linkActivated.emit(href)  # what a click on the link does
    assert opened.args == ["memories/tea.md", 0]


def test_stop_button_ends_the_answer_early(make_chat, qtbot):
    release = threading.Event()

    def pause(_turn: int, token: int) -> None:
        if token == 3:
            release.wait(5)

    words = " ".join(f"w{i}" for i in range(200))
    chat = make_chat(ScriptedChatModel(turns=[words], before_token=pause))
    chat.type_and_send("Tell me a long story")
    assert chat.pane.stop_button.isVisible()
    qtbot.waitUntil(lambda: chat.controller.model.item(1).text != "", timeout=WAIT)
    qtbot.mouseClick(chat.pane.stop_button, Qt.MouseButton.LeftButton)
    release.set()
    chat.wait_idle()
    item = chat.controller.model.item(1)
    assert item.finish_reason == "stopped"
    assert len(item.text) < len(words)
    assert not item.streaming
    assert not chat.pane.stop_button.isVisible()


def test_tool_calls_are_hidden_until_the_toggle_shows_them(make_chat, qtbot):
    arguments = json.dumps({"key": "bins", "content": "Bins go out Tuesday"})
    call = ToolCall("", "memory_store", arguments)
    chat = make_chat(ScriptedChatModel(turns=[[call], "I'll remember that."]))
    with qtbot.waitSignal(chat.controller.answered, timeout=WAIT):
        chat.type_and_send("The bins go out on Tuesday")
    chat.wait_idle()
    rows = chat.controller.model.items()
    assert [r.kind for r in rows] == [Kind.USER, Kind.TOOL, Kind.ASSISTANT]
    assert rows[1].tool_name == "memory_store"
    assert rows[1].tool_result is not None
    assert rows[1].tool_result.startswith("ok")
    assert chat.store.get("bins") is not None
    tool_widget = chat.pane.widgets[1]
    assert not tool_widget.isVisible()
    qtbot.mouseClick(chat.pane.hide_tools, Qt.MouseButton.LeftButton)
    assert tool_widget.isVisible()
    assert "memory_store" in tool_widget.body.text()


def test_slash_commands_complete_and_run(make_chat, qtbot):
    chat = make_chat(ScriptedChatModel(turns=[]))
    chat.pane.input.setFocus()
    qtbot.keyClicks(chat.pane.input, "/rem")
    popup = chat.pane.input.completer.popup()
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(chat.pane.input, Qt.Key.Key_Return)
    assert chat.pane.input.toPlainText() == "/remember "
    qtbot.keyClicks(chat.pane.input, "the bins go out on Tuesday")
    with qtbot.waitSignal(chat.controller.busy_changed, timeout=WAIT):
        qtbot.keyClick(chat.pane.input, Qt.Key.Key_Return)
    chat.wait_idle()
    rows = chat.controller.model.items()
    assert [r.kind for r in rows] == [Kind.USER, Kind.NOTICE]
    assert any("bins" in m.content for m in chat.store.all())


def test_new_chat_clears_the_conversation(make_chat, qtbot):
    chat = make_chat(ScriptedChatModel(turns=["Hello!"], repeat_last=True))
    with qtbot.waitSignal(chat.controller.answered, timeout=WAIT):
        chat.type_and_send("Hi")
    chat.wait_idle()
    old_rows = list(chat.pane.widgets)
    qtbot.mouseClick(chat.pane.new_button, Qt.MouseButton.LeftButton)
    assert chat.controller.model.rowCount() == 0
    assert chat.pane.empty.isVisible()
    # Gone from view at once, not only when their deletion comes round.
    assert old_rows
    assert not any(w.isVisible() for w in old_rows)
    qtbot.waitUntil(lambda: chat.worker.pending == 0, timeout=WAIT)
