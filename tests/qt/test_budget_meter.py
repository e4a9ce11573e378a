# ruff: noqa: F811  (fixtures imported from a sibling module)
"""The prompt budget meter under the chat: filled by a real turn, exact counts on hover,
amber before compaction, the held-back count shown."""

from __future__ import annotations

from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from kai_desktop.core.chat.budget import PromptBudget
from kai_desktop.core.llm.model import ScriptedChatModel
from kai_desktop.qt.chat.budget_meter import WARN_COLOUR, BudgetMeter
from tests.qt.test_chat_pane import WAIT, make_chat  # noqa: F401 (fixture)


def budget(window: int, *, held_back: int = 0) -> PromptBudget:
    sections = (
        ("instructions", 100), ("soul", 50), ("procedural", 25), ("memories", 75),
        ("today", 0), ("notes", 150), ("conversation", window), ("answer", 600 - window),
    )
    return PromptBudget(1000, sections, window_tokens=window, compaction_at=300,
                        held_back=held_back)


def test_a_turn_fills_the_meter_with_its_sections(make_chat, qtbot: QtBot) -> None:
    chat = make_chat(ScriptedChatModel(turns=["Green tea, as ever."]))
    chat.store.store("tea", "The user drinks green tea")
    meter = chat.pane.budget_meter
    assert meter.isHidden()
    with qtbot.waitSignal(chat.controller.answered, timeout=WAIT) as answered:
        chat.type_and_send("What do I drink?")
    chat.wait_idle()
    reported = answered.args[0].stats.budget
    assert reported is not None
    assert meter.isVisible()
    assert meter.bar.budget == reported
    tip = meter.toolTip()
    for label in ("Soul", "Memories", "Conversation", "Room for the answer"):
        assert label in tip
    assert f"{reported.tokens('memories'):,}" in tip
    assert f"{reported.used:,} / {reported.context_size:,}" == meter.caption.text()
    # a new conversation has no last turn to show
    chat.controller.new_chat()
    assert meter.isHidden()


def test_stretches_are_proportional_and_fill_the_bar(qtbot: QtBot) -> None:
    meter = BudgetMeter()
    qtbot.addWidget(meter)
    meter.resize(500, 20)
    meter.show_budget(budget(100))
    meter.show()
    qtbot.waitExposed(meter)
    stretches = {name: width for name, _left, width in meter.bar.stretches()}
    full = meter.bar.width()
    assert "today" not in stretches
    assert abs(stretches["notes"] - full * 0.15) < 1
    assert abs(sum(stretches.values()) - full) < 1


def test_the_meter_warns_before_compaction(qtbot: QtBot) -> None:
    meter = BudgetMeter()
    qtbot.addWidget(meter)
    meter.resize(400, 20)
    meter.show_budget(budget(100))
    assert not meter.warning
    assert "summarised to make room" not in meter.toolTip()
    meter.show_budget(budget(260))
    assert meter.warning
    assert "summarised to make room" in meter.toolTip()
    assert QColor(WARN_COLOUR).name() in meter.caption.styleSheet().lower()
    image = meter.bar.grab().toImage()
    edge = image.pixelColor(image.width() // 2, 0)
    assert edge.red() > edge.blue()  # the amber frame


def test_items_held_back_for_privacy_are_counted(qtbot: QtBot) -> None:
    meter = BudgetMeter()
    qtbot.addWidget(meter)
    meter.show_budget(budget(100, held_back=3))
    assert "3 held back" in meter.caption.text()
    assert "3 private item(s) held back" in meter.toolTip()
