"""More pictures for ``python -m kai_desktop.screenshots``: the prompt budget meter, a
citation opened at its line, memories linked to their notes in the graph, and the API key
field of the settings.

    10-budget-meter.png      the chat with the budget meter's exact counts shown
    11-citation-at-line.png  a cited note opened at its line in the app
    12-graph-memory-links.png memories linked to the daily and session notes they came from
    13-settings-api-key.png  the Model tab: the server's API key field and the models here
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

SESSION_NOTE = "sessions/Garden planning.md"


def shoot_extras(camera: Any, kai: Any) -> None:
    _shoot_budget_and_citation(camera, kai)
    _shoot_graph_links(camera, kai)
    _shoot_api_key(camera, kai)


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
