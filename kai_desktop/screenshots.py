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
    for rel, text in DEMO_NOTES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "projects" / "kitchen-plan.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 16)


def _seed_memories(store: object) -> None:
    from kai_desktop.core.memory.store import Category, MemoryStore

    assert isinstance(store, MemoryStore)
    for key, content, category, hits in DEMO_MEMORIES:
        if category == "General":
            store.store(key, content)
        else:
            store.learn(key, content, Category(category), source="demo")
        for _ in range(hits - 1):
            store.reinforce(key)


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
    from PySide6.QtCore import QEventLoop
    from PySide6.QtGui import QGuiApplication, QPixmap
    from PySide6.QtWidgets import QApplication, QWidget

    from kai_desktop.app import KaiApp, Options
    from kai_desktop.core.llm.model import ScriptedChatModel
    from kai_desktop.core.settings import Settings
    from kai_desktop.qt.widgets.theme import ThemeFollower

    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setApplicationName("Kai")
    ThemeFollower(app)
    on_screen = QGuiApplication.platformName() == "xcb"

    def pump(seconds: float = 0.0) -> None:
        end = time.monotonic() + seconds
        while True:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
            if time.monotonic() >= end:
                return
            time.sleep(0.01)

    def wait(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out waiting for {what}")
            pump(0.02)

    model = ScriptedChatModel(turns=[ANSWER], repeat_last=True, token_delay_s=0.002)
    kai = KaiApp(
        Options(
            vault=vault,
            settings=Settings(vault_dir=vault),
            model_factory=lambda _progress: model,
            start_index=not args.no_index,
            start_heartbeat=False,
            single_instance=False,
            save_settings=False,
        )
    )
    window = kai.window
    _seed_memories(kai.memory_store)
    window.resize(1280, 800)
    window.move(0, 0)
    kai.show()
    wait(lambda: kai.memory.recent_model.rowCount() == 5, "the memory list")
    wait(lambda: kai.graph_pane.loaded, "the graph")
    if not args.no_index:
        try:
            wait(
                lambda: kai.index_service is not None and not kai.index_service.is_busy()
                and "up to date" in window.status.index_label.text(),
                "the index",
                timeout=180,
            )
        except TimeoutError as exc:
            print(f"note: {exc}; continuing without note citations", file=sys.stderr)
    pump(0.3)

    shots: list[str] = []

    def shoot(name: str, widget: QWidget) -> None:
        pump(0.25)
        pixmap: QPixmap
        if on_screen and widget.isWindow():
            # the window as on screen, with any sheet open over it
            screen = QGuiApplication.primaryScreen()
            frame = window.frameGeometry()
            pixmap = screen.grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
        else:
            pixmap = widget.grab()
        path = out / name
        if not pixmap.save(str(path)):
            raise OSError(f"could not save {path}")
        shots.append(str(path))

    # 1. chat with an answer
    window.side_tabs.setCurrentWidget(window.memory_panel)
    kai.chat_pane.input.setPlainText("Where are my tomatoes and what should I do about the soil?")
    kai.chat_pane.send()
    wait(lambda: not kai.chat.is_busy(), "the answer")
    shoot("01-chat.png", window)

    # 2. the memory panel alone
    shoot("02-memory-panel.png", window.memory_panel)

    # 3. show all, searched
    window.open_show_all()
    dialog = window.show_all_dialog
    assert dialog is not None
    wait(dialog.isVisible, "the show-all sheet")
    dialog.search.setText("sam")
    shoot("03-show-all.png", dialog)
    dialog.search.clear()
    dialog.close()

    # 4. edit sheet
    window.open_edit("tomato_varieties")
    sheet = window.edit_dialog
    assert sheet is not None
    wait(sheet.isVisible, "the edit sheet")
    shoot("04-edit-sheet.png", sheet)
    sheet.close()

    # 5. delete -> snackbar, then undo
    window.memory_panel.recent_view.select_row(0)
    window.memory_panel.recent_view.delete_key.emit(
        str(kai.memory.recent_model.memory_at(0).key)
    )
    wait(window.snackbar.isVisible, "the snackbar")
    shoot("05-undo-snackbar.png", window)
    window.snackbar.button.click()
    wait(lambda: kai.memory.count() == len(DEMO_MEMORIES), "the undo")

    # 6. graph: search a note, preview it
    window.side_tabs.setCurrentWidget(kai.graph_pane)
    pump(0.2)
    kai.graph_pane.view.fit()
    kai.graph_pane.search.setText("Garden")
    kai.graph_pane.search.returnPressed.emit()
    wait(lambda: "Tomatoes" in kai.graph_pane.preview.body.toPlainText(), "the preview")
    kai.graph_pane.view.viewport().setFocus()
    shoot("06-graph.png", window)

    # 7. settings
    kai.settings_ui.open_dialog()
    settings_dialog = kai.settings_ui.dialog
    assert settings_dialog is not None
    wait(settings_dialog.isVisible, "the settings dialog")
    shoot("07-settings.png", settings_dialog)
    settings_dialog.close()

    window.close()
    kai.shutdown()
    pump(0.1)
    print(json.dumps({"screenshots": shots, "vault": str(vault) if args.keep else None}))
    if not args.keep:
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
