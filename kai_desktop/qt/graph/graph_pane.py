"""The Graph tab: search, filters and fit above the view, a note preview below it.

Signals:
    open_note(str, int): open this note outside the app (double-click, "Open").
    shown(): the first graph of the vault is on screen.

When the layout fails (after the controller's own retry) the status line says so and a
Retry button asks the controller for a new layout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.core.memory.model import Memory
from kai_desktop.qt.graph.graph_controller import GraphController, GraphSnapshot, GraphUpdate
from kai_desktop.qt.graph.graph_scene import MemoryStyle, SceneData
from kai_desktop.qt.graph.graph_view import GraphView
from kai_desktop.qt.notes.note_preview import NotePreview
from kai_desktop.qt.workers.tasks import TaskRunner

PATCH_LIMIT = 300
"""Changes above this many items are rebuilt off the GUI thread instead of patched."""


class GraphPane(QWidget):
    open_note = Signal(str, int)
    shown = Signal()

    def __init__(
        self,
        controller: GraphController,
        read_note: Callable[[str], str],
        tasks: TaskRunner,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self._tasks = tasks
        self.view = GraphView()
        self.preview = NotePreview(read_note, tasks)
        self.status = QLabel("Reading the vault…")
        self.status.setEnabled(False)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self._build_top())
        self.splitter.addWidget(self.preview)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.splitter)
        self.loaded = False
        self.layout_failed = False
        self._titles_stale = True
        self._rebuilding = False
        self._queued: list[GraphUpdate] = []
        self._wire()

    def _build_top(self) -> QWidget:
        """Search, filters and Fit above the view, the status line below it."""
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find a note")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Find a note in the graph")
        self._titles = QStringListModel(self)
        self._completer = QCompleter(self._titles, self)
        self._completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.search.setCompleter(self._completer)
        self.attachments = QCheckBox("Attachments")
        self.attachments.setChecked(True)
        self.unresolved = QCheckBox("Unresolved")
        self.unresolved.setChecked(True)
        self.fit_button = QToolButton()
        self.fit_button.setText("Fit")
        self.fit_button.setToolTip("Show the whole graph (0)")
        bar = QHBoxLayout()
        for widget, stretch in ((self.search, 1), (self.attachments, 0), (self.unresolved, 0),
                                (self.fit_button, 0)):
            bar.addWidget(widget, stretch)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(bar)
        top_layout.addWidget(self.view, 1)
        self.retry_button = QToolButton()
        self.retry_button.setText("Retry")
        self.retry_button.setToolTip("Lay the graph out again")
        self.retry_button.setVisible(False)
        status_bar = QHBoxLayout()
        status_bar.addWidget(self.status, 1)
        status_bar.addWidget(self.retry_button)
        top_layout.addLayout(status_bar)
        return top

    def _wire(self) -> None:
        controller = self.controller
        self.search.returnPressed.connect(self._on_search)
        self.search.textEdited.connect(self._refresh_titles)
        self._completer.activated.connect(self._on_completion)
        self.attachments.toggled.connect(self._on_filters)
        self.unresolved.toggled.connect(self._on_filters)
        self.fit_button.clicked.connect(self.view.fit)
        self.view.node_selected.connect(self._on_selected)
        self.view.node_activated.connect(lambda node: self.open_note.emit(node, 0))
        self.preview.open_requested.connect(self.open_note)
        self.preview.link_clicked.connect(self._on_preview_link)
        controller.loaded.connect(self._on_loaded)
        controller.updated.connect(self._on_updated)
        controller.progress.connect(self._on_progress)
        controller.failed.connect(self.status.setText)
        controller.layout_failed.connect(self._on_layout_failed)
        self.retry_button.clicked.connect(self._on_retry)

    # -- controller results ----------------------------------------------------------------
    def _on_progress(self, done: int, total: int) -> None:
        self.status.setText(f"Reading the vault… {done} of {total} files")

    def _on_layout_failed(self, message: str) -> None:
        self.layout_failed = True
        self.status.setEnabled(True)
        self.status.setText(message)
        self.retry_button.setVisible(True)

    def _on_retry(self) -> None:
        self.retry_button.setVisible(False)
        self.status.setEnabled(False)
        self.status.setText("Laying the graph out again…")
        self.controller.retry_layout()

    def _on_loaded(self, snapshot: GraphSnapshot) -> None:
        self.layout_failed = False
        self.retry_button.setVisible(False)
        self.status.setEnabled(False)
        # Nodes, index and edge paths are built on the pool; the GUI thread swaps them in.
        self._queued.clear()  # a whole new graph supersedes queued changes
        self._rebuild(snapshot)

    def _rebuild(self, snapshot: GraphSnapshot) -> None:
        self._rebuilding = True
        self._tasks.submit(self.view.prepare(snapshot), self._adopt, self._failed)

    def _adopt(self, scene: SceneData) -> None:
        first = not self.loaded
        self.view.adopt(scene)
        self.loaded = True
        self._rebuilding = False
        queued, self._queued = self._queued, []
        for update in queued:  # changes that arrived while the scene was being built
            self._on_updated(update)
        self._after_change()
        if first:
            self.view.fit()
            self.shown.emit()

    def _failed(self, exc: BaseException) -> None:
        self._rebuilding = False
        self.status.setText(f"Could not draw the graph: {exc}")

    def _on_updated(self, update: GraphUpdate) -> None:
        if self._rebuilding or not self.loaded:
            self._queued.append(update)
            return
        size = (
            len(update.nodes_removed) + len(update.nodes_upserted) + len(update.positions)
            + len(update.edges_removed) + len(update.edges_upserted)
        )
        if size > PATCH_LIMIT:  # rebuild on the pool rather than patch on the GUI thread
            self._rebuild(self.view.snapshot_with(update))
        else:
            self.view.apply_update(update)
        self._after_change()
        if self.preview.path and self.preview.path in update.nodes_removed:
            self.preview.clear()

    def _after_change(self) -> None:
        self._titles_stale = True  # refreshed when the user starts typing a search
        notes = sum(1 for i in self.view.nodes.values() if i.kind == "note")
        self.status.setText(f"{notes} notes · {len(self.view.edges)} links")

    def _refresh_titles(self) -> None:
        if self._titles_stale:
            self._titles_stale = False
            self._titles.setStringList(self.view.titles())

    def set_memories(self, memories: Sequence[Memory]) -> None:
        self.view.set_memory_styles(
            {m.path: MemoryStyle(m.category, m.hits, m.key) for m in memories}
        )

    # -- user actions ----------------------------------------------------------------------
    def _on_search(self) -> None:
        found = self.view.search(self.search.text())
        if found is None:
            self.status.setText(f"No note matches “{self.search.text().strip()}”")

    def _on_completion(self, text: str) -> None:
        self.search.setText(text)
        self._on_search()

    def _on_filters(self) -> None:
        self.view.set_filters(
            attachments=self.attachments.isChecked(), unresolved=self.unresolved.isChecked()
        )

    def _on_selected(self, node_id: str) -> None:
        if not node_id:
            self.preview.clear()
            return
        item = self.view.nodes[node_id]
        links = len(self.view.neighbours(node_id))
        meta = f"{node_id} · {links} linked note{'s' if links != 1 else ''}"
        title = self.view.title_of(node_id)
        if item.kind == "unresolved":
            self.preview.show_missing(node_id, title, meta)
        elif item.kind == "attachment":
            self.preview.show_missing(node_id, title, meta + " · attachment")
            self.preview.open_button.setEnabled(True)
        else:
            self.preview.show_note(node_id, title, meta)

    def _on_preview_link(self, target: str, source: str) -> None:
        def found(path: str | None) -> None:
            if path and path in self.view.nodes:
                self.view.centerOn(self.view.nodes[path].pos())
                self.view.select(path)

        self.controller.resolve_link(target, source, found)
