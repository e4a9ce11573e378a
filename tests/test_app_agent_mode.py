"""Agent-file mode in the running app: /experimental and the setting switch it, the badge
shows it, it survives a restart, and a message then runs the agent loop on the model
thread, through the real sandbox worker, on the real files."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from kai_desktop.app import KaiApp
from kai_desktop.core.agent.loop import AgentStep
from kai_desktop.core.llm.model import ChatMessage, ScriptedChatModel, StreamEvent
from kai_desktop.qt.chat.chat_model import Kind
from tests.agent.conftest import make_mem_agent_folder

AGENT_SCRIPT = [
    "<think>The sister's file.</think>\n<python>\n"
    "lena = read_file(\"entities/lena_silva.md\")\n</python>",
    "<think>The user moved: update user.md.</think>\n<python>\n"
    "ok = update_file(\"user.md\", \"- living_location: Lisbon\", \"- living_location: Porto\")\n"
    "</python>",
    "<think>Done.</think>\n<reply>Lena lives in Porto, and I noted that you live there now."
    "</reply>",
]


class RoutedModel:
    """Agent requests get the agent script, anything else (pre-warm, capture) a short
    answer; records the thread of every agent request."""

    name = "routed"
    context_size = 4096
    is_local = True

    def __init__(self) -> None:
        self.agent = ScriptedChatModel(list(AGENT_SCRIPT))
        self.chat = ScriptedChatModel(["Sure."], repeat_last=True)
        self.agent_threads: list[int] = []

    def count_tokens(self, text: str) -> int:
        return self.chat.count_tokens(text)

    def stream(self, messages: Sequence[ChatMessage], **options: Any) -> Iterator[StreamEvent]:
        system = str(messages[0].get("content") or "") if messages else ""
        if "memory is a folder of Markdown files" in system:
            self.agent_threads.append(threading.get_ident())  # no Thread object here
            return self.agent.stream(messages, **options)
        return self.chat.stream(messages, **options)


def open_app(make_app: Callable[..., KaiApp], vault: Path, model: RoutedModel) -> KaiApp:
    return make_app(
        vault=vault, model_factory=lambda _p: model, start_index=False, start_heartbeat=False
    )


def send(kai: KaiApp, qtbot: Any, text: str) -> None:
    kai.chat_pane.input.setPlainText(text)
    kai.chat_pane.send()
    qtbot.waitUntil(lambda: not kai.chat.is_busy(), timeout=20_000)


def test_agent_mode_is_switched_kept_across_a_restart_and_answers_through_the_sandbox(
    app_env: Path, make_app: Callable[..., KaiApp], qtbot: Any
) -> None:
    vault = make_mem_agent_folder(app_env / "vault")
    kai = open_app(make_app, vault, RoutedModel())
    kai.show()
    qtbot.waitUntil(kai.chat.is_ready, timeout=10_000)
    badge = kai.chat_pane.agent_badge
    assert not badge.isVisible()
    send(kai, qtbot, "/experimental")
    assert kai.chat.agent_mode
    assert badge.isVisible()
    notices = [i.text for i in kai.chat.model.items() if i.kind == Kind.NOTICE]
    assert notices[-1] == "Experimental agent-file mode is on."
    qtbot.waitUntil(lambda: kai.settings_store.load().agent_mode, timeout=5_000)
    kai.window.close()
    kai.shutdown()

    model = RoutedModel()
    again = open_app(make_app, vault, model)
    assert again.chat_pane.agent_badge.isVisibleTo(again.window)  # before the session is up
    again.show()
    qtbot.waitUntil(again.chat.is_ready, timeout=10_000)
    assert again.session is not None
    assert again.session.experimental
    with qtbot.waitSignal(again.chat.answered, timeout=20_000) as answered:
        send(again, qtbot, "I moved to Porto. Where does my sister live?")
    answer = answered.args[0]
    assert answer.text == "Lena lives in Porto, and I noted that you live there now."
    row = again.chat.model.items()[-1]
    assert row.kind == Kind.ASSISTANT
    assert row.text == answer.text
    assert [s.ok for s in row.steps] == [True, True]
    assert all(isinstance(s, AgentStep) for s in row.steps)
    assert "living_location: Porto" in row.steps[0].result
    user = (vault / "user.md").read_text(encoding="utf-8")
    assert "- living_location: Porto" in user
    assert "Lisbon" not in user
    assert model.agent.calls == 3
    assert model.agent_threads
    assert threading.main_thread().ident not in model.agent_threads
    # The program ran in the sandbox worker, a process of its own.
    agent = again.chat.agent
    assert agent is not None
    assert agent.runner.pid is not None  # type: ignore[attr-defined]
    # The folded steps are under the answer in the window.
    widget = again.chat_pane.widgets[-1]
    assert widget.steps_view is not None
    assert widget.steps_view.count() == 2
    assert not widget.steps_view.details(1).isVisible()
    # The settings switch turns it off like the command does.
    settings = again.settings_ui.settings
    again.settings_ui.apply(settings.model_copy(update={"agent_mode": False}))
    assert not again.chat.agent_mode
    assert not again.chat_pane.agent_badge.isVisible()
    assert not again.session.experimental


def test_in_agent_mode_the_agent_keeps_the_memory_files_and_capture_stays_out(
    app_env: Path, make_app: Callable[..., KaiApp], qtbot: Any
) -> None:
    from kai_desktop import app_live
    from kai_desktop.core.settings import Settings

    model = RoutedModel()
    model.agent = ScriptedChatModel(["<think>Nothing to do.</think><reply>Noted.</reply>"],
                                    repeat_last=True)
    kai = make_app(
        model_factory=lambda _p: model, start_index=False, start_heartbeat=False,
        save_settings=False, settings=Settings(agent_mode=True),
    )
    kai.show()
    qtbot.waitUntil(kai.chat.is_ready, timeout=10_000)
    assert kai.layout.ready  # a new folder: Kai's own vault
    with qtbot.waitSignal(kai.chat.answered, timeout=20_000):
        send(kai, qtbot, "I live in Lyon.")
    keeper = kai.memory_jobs.keeper
    assert keeper is not None
    assert keeper.pending() == []
    # The same path with the mode off does capture: the next message becomes a memory,
    # and the one sent in agent mode never does.
    app_live.switch_agent_mode(kai, False)
    with qtbot.waitSignal(kai.chat.answered, timeout=20_000):
        send(kai, qtbot, "I work as a nurse.")
    qtbot.waitUntil(lambda: kai.memory_store.get("occupation") is not None, timeout=20_000)
    qtbot.waitUntil(lambda: kai.memory_jobs._capture_id is None, timeout=10_000)
    assert kai.memory_store.get("home_city") is None
    assert [m.key for m in kai.memory_store.all()] == ["occupation"]


def test_undo_these_changes_under_an_agent_answer_puts_the_files_back(
    app_env: Path, make_app: Callable[..., KaiApp], qtbot: Any
) -> None:
    from PySide6.QtCore import Qt

    from kai_desktop.core.settings import Settings
    from tests.agent.conftest import tree_hash

    vault = make_mem_agent_folder(app_env / "vault")
    before = tree_hash(vault)
    kai = make_app(
        vault=vault, model_factory=lambda _p: RoutedModel(), start_index=False,
        start_heartbeat=False, save_settings=False, settings=Settings(agent_mode=True),
    )
    kai.show()
    qtbot.waitUntil(kai.chat.is_ready, timeout=10_000)
    with qtbot.waitSignal(kai.chat.answered, timeout=20_000):
        send(kai, qtbot, "I moved to Porto. Where does my sister live?")
    assert "living_location: Porto" in (vault / "user.md").read_text(encoding="utf-8")
    view = kai.chat_pane.widgets[-1].steps_view
    assert view is not None
    qtbot.waitUntil(view.undo_button.isVisible, timeout=5_000)
    assert view.changes_row.label.text() == "Changed: updated user.md"
    with qtbot.waitSignal(kai.chat.changes_undone, timeout=10_000) as undone:
        qtbot.mouseClick(view.undo_button, Qt.MouseButton.LeftButton)
    assert undone.args[0].ok
    assert tree_hash(vault) == before  # user.md is as it was, byte for byte
    row = kai.chat.model.items()[-1]
    assert row.undo_state == "done"
    qtbot.waitUntil(lambda: not view.undo_button.isVisible(), timeout=5_000)
    assert view.changes_row.label.text() == (
        "Undone: Restored user.md as it was before the agent's change.")
    assert not kai.chat.undo_changes(len(kai.chat.model.items()) - 1)  # once only
