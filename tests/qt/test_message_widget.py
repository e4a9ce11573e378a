"""One row of the conversation as the user sees it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from kai_desktop.qt.chat.chat_model import ChatItem, Kind, SourceRef
from kai_desktop.qt.chat.message_widget import MAX_SOURCES, MessageWidget


def widget(qtbot: QtBot, item: ChatItem, clicked: list[str] | None = None) -> MessageWidget:
    made = MessageWidget(item, (clicked if clicked is not None else []).append)
    qtbot.addWidget(made)
    return made


def test_a_stopped_answer_says_so_and_can_be_copied(qtbot: QtBot) -> None:
    row = widget(qtbot, ChatItem(Kind.ASSISTANT, "Half an **answer**", finish_reason="stopped"))
    assert row.header.text() == "<b>Kai</b> · <i>stopped</i>"
    assert "<strong>answer</strong>" in row.body.text() or "<b>answer</b>" in row.body.text()
    assert not row.copy_button.isHidden()


def test_a_long_tool_call_is_cut_and_escaped(qtbot: QtBot) -> None:
    item = ChatItem(Kind.TOOL, tool_name="memory_store", tool_arguments="<" + "x" * 300,
                    tool_result="y" * 300)
    row = widget(qtbot, item)
    text = row.body.text()
    assert "memory_store(&lt;" in text
    assert "x" * 156 + "…" in text  # 160 characters at most, the cut marked
    assert "x" * 157 not in text
    assert "y" * 217 + "…" in text
    assert "y" * 218 not in text
    assert row.header.isHidden()
    assert row.copy_button.isHidden()


def test_sources_beyond_the_limit_are_counted_and_links_carry_the_line(qtbot: QtBot) -> None:
    sources = tuple(SourceRef(f"notes/n{i}.md", f"n{i}", line=i + 1) for i in range(10))
    clicked: list[str] = []
    row = widget(qtbot, ChatItem(Kind.ASSISTANT, "ok", sources=sources), clicked)
    assert f"and {10 - MAX_SOURCES} more" in row.sources.text()
    assert 'href="kai-open:1:notes/n0.md"' in row.sources.text()
    row.sources.linkActivated.emit("kai-open:1:notes/n0.md")
    assert clicked == ["kai-open:1:notes/n0.md"]


def test_an_error_notice_is_red(qtbot: QtBot) -> None:
    row = widget(qtbot, ChatItem(Kind.NOTICE, "no model", error="load failed"))
    assert "#C0392B" in row.body.text()
    row.set_item(ChatItem(Kind.NOTICE, "fine"))
    assert "gray" in row.body.text()
