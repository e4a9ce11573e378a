"""The folded steps view, the mode badge and the relay from the model thread."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from kai_desktop.core.agent.loop import AgentStep
from kai_desktop.qt.chat.agent_steps import (
    AgentModeBadge,
    AgentStepRelay,
    AgentStepsView,
    step_title,
    tools_called,
)
from kai_desktop.qt.pyside_guard import protect_none

protect_none()

READ = AgentStep(1, "Check user.md first.", "user = read_file('user.md')",
                 "{'user': '# User Information\\n- sister: [[entities/lena_silva.md]]'}", True, 1)
LINK = AgentStep(2, "Follow the sister link.", "lena = go_to_link('[[entities/lena_silva.md]]')\n"
                 "where = lena.split('living_location: ')[1]",
                 "{'lena': '# Lena Silva\\n- living_location: Porto', 'where': 'Porto'}", True, 1)
BAD = AgentStep(3, "", "import os", "{}\nerror: Refused: line 1: import is not allowed", False, 0)


def test_titles_name_the_tools_and_the_outcome() -> None:
    assert tools_called("a = read_file('x')\nb = len(a)\nupdate_file('x', 'a', 'b')") == [
        "read_file", "update_file"]
    assert step_title(READ) == "Step 1 · read_file · ok"
    assert step_title(BAD) == "Step 3 · code · failed"


def shown_in_a_window(qtbot: QtBot, widget: QWidget) -> QWidget:
    window = QWidget()
    qtbot.addWidget(window)
    QVBoxLayout(window).addWidget(widget)
    window.show()
    return window


def test_steps_start_folded_and_unfold(qtbot: QtBot) -> None:
    view = AgentStepsView()
    window = shown_in_a_window(qtbot, view)
    assert not view.isVisible()
    view.set_steps([READ, LINK, BAD])
    assert view.isVisible()
    assert view.count() == 3
    assert not view.details(1).isVisible()
    with qtbot.waitSignal(view.step_toggled) as blocker:
        qtbot.mouseClick(view.header(2), Qt.MouseButton.LeftButton)
    assert blocker.args == [2, True]
    assert view.details(2).isVisible()
    text = view.details(2).toPlainText()
    assert "Thinking\nFollow the sister link." in text
    assert "Code\nlena = go_to_link" in text
    assert "Result\n{'lena'" in text
    view.clear()
    assert view.count() == 0
    assert not view.isVisible()
    assert window.isVisible()


def test_badge_follows_the_mode(qtbot: QtBot) -> None:
    badge = AgentModeBadge()
    window = shown_in_a_window(qtbot, badge)
    assert not badge.isVisible()
    badge.set_active(True)
    assert badge.isVisible()
    assert badge.text() == "Agent mode"
    with qtbot.waitSignal(badge.clicked):
        qtbot.mouseClick(badge, Qt.MouseButton.LeftButton)
    badge.set_active(False)
    assert not badge.isVisible()
    assert window.isVisible()


def test_relay_brings_steps_from_another_thread(qtbot: QtBot) -> None:
    relay = AgentStepRelay()
    view = AgentStepsView()
    qtbot.addWidget(view)
    relay.step_added.connect(view.add_step)
    worker = threading.Thread(target=lambda: [relay.on_step(s) for s in (READ, LINK)])
    with qtbot.waitSignals([relay.step_added, relay.step_added]):
        worker.start()
        worker.join()
    qtbot.waitUntil(lambda: view.count() == 2)


@pytest.mark.skipif(not os.environ.get("KAI_SCREENSHOT_DIR"), reason="KAI_SCREENSHOT_DIR unset")
def test_screenshot_of_an_agent_answer(qtbot: QtBot) -> None:
    """A picture of an agent answer with its steps (one unfolded), for the docs."""
    panel = QWidget()
    qtbot.addWidget(panel)
    layout = QVBoxLayout(panel)
    badge = AgentModeBadge()
    badge.set_active(True)
    layout.addWidget(badge)
    layout.addWidget(QLabel("<b>You</b><br>Where does my sister live?"))
    answer = QLabel("<b>Kai</b><br>Your sister Lena lives in Porto.")
    layout.addWidget(answer)
    steps = AgentStepsView()
    steps.set_steps([READ, LINK])
    layout.addWidget(steps)
    panel.resize(560, 420)
    panel.show()
    steps.header(2).setChecked(True)
    qtbot.wait(50)
    target = Path(os.environ["KAI_SCREENSHOT_DIR"]) / "agent_mode_steps.png"
    assert panel.grab().save(str(target))


def test_an_unfolded_step_is_as_tall_as_its_text(qtbot: QtBot) -> None:
    from kai_desktop.qt.chat.agent_steps import MAX_BODY_HEIGHT

    long = AgentStep(4, "many lines", "\n".join(f"x{n} = {n}" for n in range(60)), "{}", True, 0)
    view = AgentStepsView()
    window = shown_in_a_window(qtbot, view)
    view.set_steps([READ, long])
    assert view.details(1).maximumHeight() < MAX_BODY_HEIGHT
    assert view.details(1).maximumHeight() > 5 * view.details(1).fontMetrics().lineSpacing()
    assert view.details(2).maximumHeight() == MAX_BODY_HEIGHT
    assert window.isVisible()


def test_the_changes_row_follows_the_undo(qtbot: QtBot) -> None:
    from kai_desktop.core.agent.journal import FileChange

    def change(action: str, rel: str) -> FileChange:
        return FileChange("id", action, rel, None, None, None, "now")  # type: ignore[arg-type]

    view = AgentStepsView()
    qtbot.addWidget(view)
    view.show()
    view.add_step(READ)
    view.set_changes(())
    assert not view.changes_row.isVisible()
    changes = (change("update", "user.md"), change("create", "entities/rex.md"),
               change("update", "user.md"))
    clicks: list[bool] = []
    view.undo_requested.connect(lambda: clicks.append(True))
    view.set_changes(changes)
    assert view.changes_row.label.text() == "Changed: updated user.md, created entities/rex.md"
    assert view.undo_button.isEnabled()
    qtbot.mouseClick(view.undo_button, Qt.MouseButton.LeftButton)
    assert clicks == [True]
    view.set_changes(changes, "running")
    assert not view.undo_button.isEnabled()
    assert view.undo_button.text() == "Undoing…"
    view.set_changes(changes, "failed", "user.md changed after the agent's edit")
    assert not view.undo_button.isVisible()
    assert "user.md changed after the agent's edit" in view.changes_row.label.text()
    # Steps added later go above the changes row.
    view.add_step(LINK)
    layout = view.layout()
    assert layout.indexOf(view.changes_row) == layout.count() - 1
