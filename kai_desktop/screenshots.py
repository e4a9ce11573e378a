"""Screenshots of the real window on a demo vault: ``python -m kai_desktop.screenshots OUT``.

Builds a small vault in a temporary folder (notes that link to each other, memories of
every category, one long enough to be cut, some ready for promotion), opens the real
window with a scripted model so the pictures are the same on every run, and saves:

    01-chat.png          the chat with an answer, its sources, and the memory panel
    02-memory-panel.png  the memory settings panel on its own
    03-show-all.png      the "Show all" sheet, filtered by a search
    04-edit-sheet.png    the edit sheet of one memory
    05-undo-snackbar.png the window right after deleting a memory
    06-graph.png         the vault graph with a note found and previewed
    07-settings.png      the settings dialog
    08-edit-history.png  a memory's earlier values in its edit sheet
    09-review-inbox.png  a contradiction waiting in the review inbox
    10-14                see ``kai_desktop.screenshot_extras``

Under a real X server (``xvfb-run``) the pictures are taken from the screen, so dialogs
appear over the window as a user sees them; with the offscreen platform each widget is
rendered on its own.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

DEMO_NOTES: dict[str, str] = {
    "Home.md": "# Home\n\nStart here. Projects: [[Garden]], [[Kitchen Renovation]].\n"
    "People: [[Ana]], [[Tom]].\n",
    "projects/Garden.md": "---\ntags: [garden]\n---\n# Garden\n\nTomatoes and basil in the "
    "south bed, watered by [[Ana]].\n\n## Soil\n\nLoamy, a bit acid; add [[Compost]] in "
    "spring.\n\n## Pests\n\nSlugs after rain — see [[Weather Log]].\n",
    "projects/Compost.md": "# Compost\n\nKitchen scraps from the [[Kitchen Renovation]] "
    "site go here. Turn every two weeks.\n",
    "projects/Kitchen Renovation.md": "# Kitchen Renovation\n\nBudget 12k. [[Tom]] does "
    "the tiling. Oven delivery on Friday.\n\n![[kitchen-plan.png]]\n",
    "people/Ana.md": "# Ana\n\nNeighbour. Grows the best tomatoes on the street. Likes "
    "[[Garden]] talk.\n",
    "people/Tom.md": "# Tom\n\nTiler, recommended by [[Ana]]. Phone in contacts.\n",
    "journal/Weather Log.md": "# Weather Log\n\n- Mon: rain\n- Tue: sun\n- Wed: rain, "
    "slugs everywhere\n\nSee also [[Forecast]].\n",
    "reading/Books.md": "# Books\n\n- The Overstory\n- Braiding Sweetgrass ([[Garden]] "
    "ideas)\n",
}

DEMO_MEMORIES: list[tuple[str, str, str, int]] = [
    # key, content, category, hits
    ("user_name", "The user's name is Sam.", "General", 7),
    ("short_answers", "Sam prefers short answers with a concrete next step.", "Preference", 5),
    ("garden_watering", "Ana waters the garden when Sam travels; she has a spare key.",
     "General", 2),
    ("tomato_varieties", "Sam grows San Marzano and Black Krim tomatoes in the south bed. "
     "The San Marzanos go into sauce in August, the Black Krims are eaten fresh with basil "
     "and olive oil. Seeds are saved every year from the best plants, labelled by bed and "
     "date, and kept in the kitchen drawer next to the oven mitts.", "Learning", 3),
    ("oven_delivery", "The new oven arrives on Friday between 8 and 12.", "General", 1),
    ("tiling_mistake", "Tile adhesive set too fast in the heat; mix smaller batches.",
     "Error", 2),
    ("coffee", "Sam drinks oat-milk flat whites, never after 3 pm.", "Preference", 1),
]

ANSWER = (
    "Your tomatoes are in the **south bed**: San Marzano for sauce and Black Krim to eat "
    "fresh. The soil notes say it is *loamy and a bit acid*, so:\n\n"
    "1. Add [[Compost]] before planting.\n"
    "2. Watch for slugs after rain (see [[Weather Log]]).\n\n"
    "Ana waters while you travel."
)


def _write_demo_vault(root: Path) -> None:
    (root / "memories").mkdir(parents=True)  # a Kai vault: the app lays it out
    for rel, text in DEMO_NOTES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "projects" / "kitchen-plan.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 16)


def _seed_memories(store: object) -> None:
    from kai_desktop.core.memory.model import Category
    from kai_desktop.core.memory.store import MemoryStore

    assert isinstance(store, MemoryStore)
    for key, content, category, hits in DEMO_MEMORIES:
        if category == "General":
            store.store(key, content)
        else:
            store.learn(key, content, Category(category), source="demo")
        for _ in range(hits - 1):
            store.reinforce(key)


class _Camera:
    """Runs the event loop for a while, waits for what a picture needs, and saves it."""

    def __init__(self, app: Any, window: Any, out: Path) -> None:
        from PySide6.QtGui import QGuiApplication

        self.app = app
        self.window = window
        self.out = out
        self.on_screen = QGuiApplication.platformName() == "xcb"
        self.shots: list[str] = []

    def pump(self, seconds: float = 0.0) -> None:
        from PySide6.QtCore import QEventLoop

        end = time.monotonic() + seconds
        while True:
            self.app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
            if time.monotonic() >= end:
                return
            time.sleep(0.01)

    def wait(self, condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out waiting for {what}")
            self.pump(0.02)

    def shoot(self, name: str, widget: Any) -> None:
        from PySide6.QtGui import QGuiApplication, QPixmap

        self.pump(0.25)
        pixmap: QPixmap
        if self.on_screen and widget.isWindow():
            # the window as on screen, with any sheet open over it
            screen = QGuiApplication.primaryScreen()
            frame = self.window.frameGeometry()
            pixmap = screen.grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
        else:
            pixmap = widget.grab()
        path = self.out / name
        if not pixmap.save(str(path)):
            raise OSError(f"could not save {path}")
        self.shots.append(str(path))


def _open_window(vault: Path, with_index: bool) -> Any:
    from kai_desktop.app import KaiApp, Options
    from kai_desktop.core.settings import Settings
    from kai_desktop.screenshot_extras import DemoModel

    model = DemoModel(ANSWER)
    kai = KaiApp(
        Options(
            vault=vault,
            settings=Settings(vault_dir=vault),
            model_factory=lambda _progress: model,
            start_index=with_index,
            start_heartbeat=False,
            single_instance=False,
            save_settings=False,
        )
    )
    _seed_memories(kai.memory_store)
    kai.window.resize(1280, 800)
    kai.window.move(0, 0)
    kai.show()
    return kai


def _wait_until_ready(camera: _Camera, kai: Any, with_index: bool) -> None:
    camera.wait(lambda: kai.memory.recent_model.rowCount() == 5, "the memory list")
    camera.wait(lambda: kai.graph_pane.loaded, "the graph")
    if with_index:
        try:
            camera.wait(
                lambda: kai.index_service is not None and not kai.index_service.is_busy()
                and "up to date" in kai.window.status.index_label.text(),
                "the index",
                timeout=180,
            )
        except TimeoutError as exc:
            print(f"note: {exc}; continuing without note citations", file=sys.stderr)
    camera.pump(0.3)


def _shoot_chat_and_memories(camera: _Camera, kai: Any) -> None:
    window = kai.window
    # 1. chat with an answer
    window.side_tabs.setCurrentWidget(window.memory_panel)
    kai.chat_pane.input.setPlainText("Where are my tomatoes and what should I do about the soil?")
    kai.chat_pane.send()
    camera.wait(lambda: not kai.chat.is_busy(), "the answer")
    camera.shoot("01-chat.png", window)
    # 2. the memory panel alone
    camera.shoot("02-memory-panel.png", window.memory_panel)
    # 3. show all, searched
    window.open_show_all()
    dialog = window.show_all_dialog
    assert dialog is not None
    camera.wait(dialog.isVisible, "the show-all sheet")
    dialog.search.setText("sam")
    camera.shoot("03-show-all.png", dialog)
    dialog.search.clear()
    dialog.close()
    # 4. edit sheet
    window.open_edit("tomato_varieties")
    sheet = window.edit_dialog
    assert sheet is not None
    camera.wait(sheet.isVisible, "the edit sheet")
    camera.shoot("04-edit-sheet.png", sheet)
    sheet.close()
    # 5. delete -> snackbar, then undo
    window.memory_panel.recent_view.select_row(0)
    window.memory_panel.recent_view.delete_key.emit(
        str(kai.memory.recent_model.memory_at(0).key)
    )
    camera.wait(window.snackbar.isVisible, "the snackbar")
    camera.shoot("05-undo-snackbar.png", window)
    window.snackbar.button.click()
    camera.wait(lambda: kai.memory.count() == len(DEMO_MEMORIES), "the undo")


def _shoot_graph_and_settings(camera: _Camera, kai: Any) -> None:
    window, graph = kai.window, kai.graph_pane
    # 6. graph: search a note, preview it
    window.side_tabs.setCurrentWidget(graph)
    camera.pump(0.2)
    graph.view.fit()
    graph.search.setText("Garden")
    graph.search.returnPressed.emit()
    camera.wait(lambda: "Tomatoes" in graph.preview.body.toPlainText(), "the preview")
    graph.view.viewport().setFocus()
    camera.shoot("06-graph.png", window)
    # 7. settings
    kai.settings_ui.open_dialog()
    settings_dialog = kai.settings_ui.dialog
    assert settings_dialog is not None
    camera.wait(settings_dialog.isVisible, "the settings dialog")
    camera.shoot("07-settings.png", settings_dialog)
    settings_dialog.close()


def _shoot_memory_changes(camera: _Camera, kai: Any) -> None:
    """A memory that was updated (its history in the edit sheet) and a contradiction that
    waits in the review inbox."""
    from kai_desktop.core.memory.capture import Capturer

    window, store = kai.window, kai.memory_store
    capture = Capturer(store, kai.tiers, kai.inbox)
    capture.capture(None, "I work as a baker.")
    capture.capture(None, "I left the bakery, I teach maths now.")

    def updated() -> bool:
        found = [m for m in kai.memory.memories() if m.key == "occupation"]
        return bool(found and found[0].history)

    camera.wait(updated, "the updated memory in the panel")
    # 8. the edit sheet of an updated memory
    window.open_edit("occupation")
    sheet = window.edit_dialog
    assert sheet is not None
    camera.wait(sheet.isVisible, "the edit sheet with history")
    camera.shoot("08-edit-history.png", sheet)
    sheet.close()
    # 9. a contradiction in the review inbox
    store.learn("favourite_tea_brand", "The user likes Twinings tea.", "Preference")
    capture.capture(None, "My favourite tea is rooibos.")
    window.side_tabs.setCurrentWidget(kai.inbox_panel)
    camera.wait(lambda: kai.inbox_panel.model.rowCount() > 0, "the review inbox")
    camera.shoot("09-review-inbox.png", window)
    window.side_tabs.setCurrentWidget(window.memory_panel)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    parser.add_argument("--keep", action="store_true", help="keep the demo vault")
    parser.add_argument("--no-index", action="store_true", help="skip the search index")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    work = Path(tempfile.mkdtemp(prefix="kai-shots-"))
    os.environ["KAI_DATA_DIR"] = str(work / "data")
    os.environ["KAI_CONFIG_DIR"] = str(work / "config")
    os.environ.pop("KAI_VAULT_DIR", None)
    vault = work / "Kai Vault"
    _write_demo_vault(vault)

    from kai_desktop.qt.app_runtime import prepare_process

    prepare_process()
    from PySide6.QtWidgets import QApplication

    from kai_desktop.qt.widgets.theme import ThemeFollower

    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setApplicationName("Kai")
    ThemeFollower(app)

    kai = _open_window(vault, with_index=not args.no_index)
    camera = _Camera(app, kai.window, out)
    _wait_until_ready(camera, kai, with_index=not args.no_index)
    _shoot_chat_and_memories(camera, kai)
    _shoot_graph_and_settings(camera, kai)
    _shoot_memory_changes(camera, kai)
    from kai_desktop.screenshot_extras import shoot_extras

    shoot_extras(camera, kai)

    kai.window.close()
    kai.shutdown()
    camera.pump(0.1)
    print(json.dumps({"screenshots": camera.shots, "vault": str(vault) if args.keep else None}))
    if not args.keep:
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
