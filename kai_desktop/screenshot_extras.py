"""More pictures for ``python -m kai_desktop.screenshots``: the prompt budget meter, a
citation opened at its line, memories linked to their notes in the graph, the API key
field of the settings, and an answer in agent-file mode.

    10-budget-meter.png      the chat with the budget meter's exact counts shown
    11-citation-at-line.png  a cited note opened at its line in the app
    12-graph-memory-links.png memories linked to the daily and session notes they came from
    13-settings-api-key.png  the Model tab: the server's API key field and the models here
    14-agent-mode.png        agent-file mode: the badge, an answer and its folded steps (the
                             first one unfolded: what the model thought, its code, the result)
                             and the files they changed, with "Undo these changes"
    15-agent-undo.png        the same answer once its changes were undone
    16-folder-setup.png      a mem-agent memory folder opened as it is, with the banner that
                             offers to set up Kai's files there
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from kai_desktop.core.llm.model import ChatMessage, ScriptedChatModel, StreamEvent

SESSION_NOTE = "sessions/Garden planning.md"
AGENT_QUESTION = "Who recommended my tiler? And remember that the tiling starts on Monday."
AGENT_SCRIPT = [
    "<think>The tiler is Tom; his note is people/Tom.md.</think>\n<python>\n"
    "tom = read_file(\"people/Tom.md\")\n</python>",
    "<think>Ana recommended him. Now I save the new fact in user.md.</think>\n<python>\n"
    "ok = create_file(\"user.md\", \"# User\\n- tiling_start: Monday\\n\")\n</python>",
    "<think>Both done.</think>\n<reply>**Ana** recommended Tom, your tiler. I noted that "
    "the tiling starts on Monday.</reply>",
]


class DemoModel:
    """The screenshots' model: agent-mode requests get :data:`AGENT_SCRIPT`, everything else
    the fixed chat answer, so the pictures are the same on every run."""

    name = "demo"
    context_size = 4096
    is_local = True

    def __init__(self, answer: str) -> None:
        self.chat = ScriptedChatModel(turns=[answer], repeat_last=True, token_delay_s=0.002)
        self.agent = ScriptedChatModel(turns=list(AGENT_SCRIPT), repeat_last=True)

    def count_tokens(self, text: str) -> int:
        return self.chat.count_tokens(text)

    def stream(self, messages: Sequence[ChatMessage], **options: Any) -> Iterator[StreamEvent]:
        system = str(messages[0].get("content") or "") if messages else ""
        agent = "memory is a folder of Markdown files" in system
        return (self.agent if agent else self.chat).stream(messages, **options)


def shoot_extras(camera: Any, kai: Any) -> None:
    _shoot_budget_and_citation(camera, kai)
    _shoot_graph_links(camera, kai)
    _shoot_api_key(camera, kai)
    _shoot_agent_mode(camera, kai)
    _shoot_agent_undo(camera, kai)
    _shoot_folder_setup(camera, kai)


def _shoot_budget_and_citation(camera: Any, kai: Any) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QToolTip

    window, meter = kai.window, kai.chat_pane.budget_meter
    window.side_tabs.setCurrentWidget(window.memory_panel)
    camera.wait(meter.isVisible, "the budget meter")
    camera.pump(0.2)
    # Above the bar, as when hovering it near the bottom of the screen.
    QToolTip.showText(meter.bar.mapToGlobal(QPoint(meter.bar.width() // 3, -300)),
                      meter.toolTip(), meter.bar)
    camera.wait(QToolTip.isVisible, "the budget tooltip")
    camera.shoot("10-budget-meter.png", window)
    QToolTip.hideText()
    # What a click on a cited note under an answer does.
    kai.chat_pane.on_link("kai-open:8:projects/Garden.md")
    dialog = kai.notes.dialog
    camera.wait(lambda: dialog is not None and "## Soil" in dialog.text.toPlainText(),
                "the cited note")
    camera.shoot("11-citation-at-line.png", dialog)
    dialog.close()


def _shoot_graph_links(camera: Any, kai: Any) -> None:
    today = datetime.now().date().isoformat()
    daily = f"daily/{today}.md"
    vault, store = kai.vault, kai.memory_store
    vault.write_text(daily, f"# {today}\n\n- 09:12 talked about the garden and the oven\n")
    vault.write_text(SESSION_NOTE, "# Garden planning\n\nTomatoes, watering, [[Garden]].\n")
    store.store("garden_watering", "Ana waters the garden when Sam travels; she has a "
                "spare key.", source=SESSION_NOTE)
    kai.graph.apply_paths([daily, SESSION_NOTE])
    view = kai.graph_pane.view
    memory_path = next(m.path for m in kai.memory.memories() if m.key == "user_name")
    camera.wait(lambda: (memory_path, daily) in view.edges, "the memory links")
    window, graph = kai.window, kai.graph_pane
    window.side_tabs.setCurrentWidget(graph)
    camera.pump(0.3)
    graph.view.fit()
    graph.search.setText(today)
    graph.search.returnPressed.emit()
    camera.wait(lambda: "talked about the garden" in graph.preview.body.toPlainText(),
                "the daily note's preview")
    camera.shoot("12-graph-memory-links.png", window)
    window.side_tabs.setCurrentWidget(window.memory_panel)


def _shoot_api_key(camera: Any, kai: Any) -> None:
    kai.settings_ui.open_dialog()
    dialog = kai.settings_ui.dialog
    camera.wait(dialog.isVisible, "the settings dialog")
    dialog.tabs.setCurrentIndex(2)  # Model
    dialog.editors["model_backend"].set_value("openai")
    dialog.editors["openai_model"].set_value("llama3.1:8b")
    camera.wait(dialog.api_key.line.isEnabled, "the API key from the keyring")
    camera.wait(lambda: dialog.model_list.model.rowCount() > 0, "the model list")
    dialog.api_key.line.setText("sk-demo-0000000000")
    scroll = dialog.tabs.currentWidget()
    scroll.ensureWidgetVisible(dialog.model_list, 0, 40)
    camera.shoot("13-settings-api-key.png", dialog)
    dialog.reject()


def _shoot_agent_mode(camera: Any, kai: Any) -> None:
    window, pane = kai.window, kai.chat_pane
    window.side_tabs.setCurrentWidget(window.memory_panel)
    kai.chat.new_chat()
    camera.wait(lambda: not kai.chat.is_busy(), "a new chat")
    for text in ("/experimental", AGENT_QUESTION):
        pane.input.setPlainText(text)
        camera.wait(lambda: not kai.chat.is_busy(), "the chat to be free")
        pane.send()
        camera.wait(lambda: not kai.chat.is_busy(), f"the answer to {text!r}")
    camera.wait(pane.agent_badge.isVisible, "the agent-mode badge")
    widget = pane.widgets[-1]
    camera.wait(lambda: widget.steps_view is not None and widget.steps_view.count() == 2,
                "the agent's steps")
    widget.steps_view.header(1).setChecked(True)
    camera.pump(0.3)
    camera.shoot("14-agent-mode.png", window)


def _shoot_agent_undo(camera: Any, kai: Any) -> None:
    widget = kai.chat_pane.widgets[-1]
    view = widget.steps_view
    camera.wait(view.undo_button.isVisible, "the undo button")
    view.undo_button.click()
    camera.wait(lambda: widget.item.undo_state == "done", "the undo")
    camera.shoot("15-agent-undo.png", kai.window)


MEM_AGENT_FILES = {
    "user.md": "# User Information\n- user_name: Ana Silva\n- living_location: Lisbon\n\n"
    "## User Relationships\n- sister: [[entities/lena_silva.md]]\n"
    "- employer: [[entities/tidewater_labs.md]]\n",
    "entities/lena_silva.md": "# Lena Silva\n- relationship: sister of the user\n"
    "- living_location: Porto\n",
    "entities/tidewater_labs.md": "# Tidewater Labs\n- industry: ocean sensors\n",
}


def _shoot_folder_setup(camera: Any, kai: Any) -> None:
    from kai_desktop.app import KaiApp, Options
    from kai_desktop.core.settings import Settings

    folder = Path(kai.vault_dir).parent / "memory"
    for rel, text in MEM_AGENT_FILES.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    other = KaiApp(Options(
        vault=folder, settings=Settings(vault_dir=folder),
        model_factory=lambda _progress: DemoModel("Hello."), start_index=False,
        start_heartbeat=False, single_instance=False, save_settings=False,
    ))
    try:
        other.window.resize(kai.window.size())
        other.window.move(kai.window.pos())
        other.show()
        other.window.side_tabs.setCurrentWidget(other.graph_pane)
        camera.wait(lambda: other.graph_pane.loaded, "the mem-agent folder's graph")
        camera.wait(other.chat.is_ready, "the chat on the mem-agent folder")
        other.graph_pane.view.fit()
        camera.window = other.window
        camera.shoot("16-folder-setup.png", other.window)
    finally:
        camera.window = kai.window
        other.window.close()
        other.shutdown()
