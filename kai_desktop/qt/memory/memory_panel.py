"""The memory settings panel: the switch, the five most recent memories, "Show all".

Signals:
    open_memory(str): a memory row was clicked (the key); the window opens the edit sheet.
    show_all_requested(): "Show all" was clicked.
    undo_promotion(str): Undo was clicked on a recent promotion (its id).
    trash_requested(): "Trash and archive" was clicked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from kai_desktop.qt.memory.memory_controller import MemoryController
from kai_desktop.qt.memory.memory_delegate import MemoryDelegate
from kai_desktop.qt.memory.memory_list_model import MemoryRole
from kai_desktop.qt.widgets.toggle_switch import ToggleSwitch

DESCRIPTION = (
    "Kai includes your memories with every message for context. "
    "Turning memory off hides them from the model; nothing is deleted."
)
EMPTY_TEXT = (
    "No memories yet. Tell Kai something worth keeping, or type "
    "<b>/remember</b> followed by a fact."
)


@dataclass(frozen=True)
class PromotionRow:
    """A promotion the heartbeat made, shown with an Undo button."""

    id: str
    key: str
    text: str


class MemoryListView(QListView):
    """A list of memory cards: Delete removes the current one, Enter opens it.

    Signals:
        delete_key(str): the trash button or Delete was used on this memory.
        open_key(str): the row was clicked, or Enter / Space pressed on it.
    """

    delete_key = Signal(str)
    open_key = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setUniformItemSizes(False)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setSpacing(2)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # Cards float on the window colour; the list itself paints no background.
        self.viewport().setAutoFillBackground(False)
        self.delegate = MemoryDelegate(self)
        self.setItemDelegate(self.delegate)
        # Queued: the row may vanish as a result, which must not happen inside the
        # view's own mouse handler.
        self.delegate.trash_clicked.connect(self.delete_key, Qt.ConnectionType.QueuedConnection)
        self.delegate.open_clicked.connect(self.open_key, Qt.ConnectionType.QueuedConnection)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        index = self.currentIndex()
        if index.isValid():
            key = str(index.data(MemoryRole.KEY))
            if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
                self.delete_key.emit(key)
                return
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
                self.open_key.emit(key)
                return
        super().keyPressEvent(event)

    def trash_point(self, row: int) -> tuple[int, int]:
        """Viewport coordinates of a row's trash button (for keyboardless users: tests)."""
        rect = self.visualRect(self.model().index(row, 0))
        centre = self.delegate.trash_rect(rect).center()
        return centre.x(), centre.y()

    def select_row(self, row: int) -> None:
        index = self.model().index(row, 0)
        self.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
        )


class _FittingListView(MemoryListView):
    """Grows to show every row (the recent list has at most five), never scrolls."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def fit(self) -> None:
        model = self.model()
        height = 0
        for row in range(model.rowCount()):
            height += self.sizeHintForRow(row) + 2 * self.spacing()
        self.setFixedHeight(max(height + 2, 4))


class MemoryPanel(QWidget):
    open_memory = Signal(str)
    show_all_requested = Signal()
    undo_promotion = Signal(str)
    trash_requested = Signal()

    def __init__(self, controller: MemoryController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self.setObjectName("memoryPanel")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(14, 14, 14, 14)
        layout.setSpacing(10)
        layout.addLayout(self._build_header(controller.enabled))
        self.description = QLabel(DESCRIPTION)
        self.description.setWordWrap(True)
        self.description.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout.addWidget(self.description)
        layout.addSpacing(4)
        self._build_recent(layout, controller)
        layout.addSpacing(6)
        self.promotions: list[PromotionRow] = []
        self.promotions_title = QLabel("<b>Recent promotions</b>")
        self.promotions_box = QVBoxLayout()
        self.promotions_box.setSpacing(4)
        self.promotions_title.hide()
        layout.addWidget(self.promotions_title)
        layout.addLayout(self.promotions_box)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self._wire(controller)
        self._on_enabled(controller.enabled)
        self._update()

    def _build_header(self, enabled: bool) -> QHBoxLayout:
        """The title, "On"/"Off" and the switch."""
        self.toggle = ToggleSwitch()
        self.toggle.setAccessibleName("Memory on or off")
        self.toggle.setToolTip("Turn memory on or off")
        self.toggle.setChecked(enabled)
        title = QLabel("<b>Memory</b>")
        title.setStyleSheet("font-size: 15pt;")
        header = QHBoxLayout()
        header.addWidget(title)
        header.addStretch(1)
        self.state_label = QLabel()
        header.addWidget(self.state_label)
        header.addWidget(self.toggle)
        return header

    def _build_recent(self, layout: QVBoxLayout, controller: MemoryController) -> None:
        """The five most recent memories (or the empty state) and "Show all"."""
        self.recent_title = QLabel("<b>Recent memories</b>")
        self.empty_label = QLabel(EMPTY_TEXT)
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.recent_view = _FittingListView()
        self.recent_view.setModel(controller.recent_model)
        self.recent_view.setAccessibleName("Recent memories")
        self.show_all_button = QPushButton("Show all")
        self.show_all_button.setAccessibleName("Show all memories")
        self.trash_button = QPushButton("Trash and archive")
        self.trash_button.setToolTip("Forgotten, replaced, promoted and archived memories")
        layout.addWidget(self.recent_title)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.recent_view)
        row = QHBoxLayout()
        row.addWidget(self.trash_button)
        row.addStretch(1)
        row.addWidget(self.show_all_button)
        layout.addLayout(row)

    def _wire(self, controller: MemoryController) -> None:
        self.show_all_button.clicked.connect(self.show_all_requested)
        self.trash_button.clicked.connect(self.trash_requested)
        self.toggle.toggled.connect(controller.set_enabled)
        controller.enabled_changed.connect(self._on_enabled)
        controller.changed.connect(self._update)
        model = controller.recent_model
        for sig in (model.rowsInserted, model.rowsRemoved, model.dataChanged, model.modelReset):
            sig.connect(self._fit_later)
        self.recent_view.delete_key.connect(controller.delete)
        self.recent_view.open_key.connect(self.open_memory)

    def _fit_later(self, *_args: object) -> None:
        self.recent_view.fit()

    def _on_enabled(self, enabled: bool) -> None:
        if self.toggle.isChecked() != enabled:
            self.toggle.blockSignals(True)
            self.toggle.setChecked(enabled)
            self.toggle.blockSignals(False)
        self.state_label.setText("On" if enabled else "Off")
        self.recent_view.setEnabled(True)

    def _update(self) -> None:
        count = self._controller.count()
        self.show_all_button.setVisible(count > 5)
        self.show_all_button.setText(f"Show all ({count})")
        self.empty_label.setVisible(count == 0)
        self.recent_view.setVisible(count > 0)
        self.recent_view.fit()

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self.recent_view.fit()

    # -- promotions --------------------------------------------------------------------
    def set_promotions(self, rows: Sequence[PromotionRow]) -> None:
        self.promotions = list(rows)
        while self.promotions_box.count():
            item = self.promotions_box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for promo in rows:
            line = QWidget()
            box = QHBoxLayout(line)
            box.setContentsMargins(0, 0, 0, 0)
            label = QLabel(f"<b>{_escape(promo.key)}</b> → {_escape(promo.text)}")
            label.setWordWrap(True)
            box.addWidget(label, 1)
            undo = QPushButton("Undo")
            undo.setAccessibleName(f"Undo promotion of {promo.key}")
            undo.clicked.connect(lambda _=False, pid=promo.id: self.undo_promotion.emit(pid))
            box.addWidget(undo)
            self.promotions_box.addWidget(line)
        self.promotions_title.setVisible(bool(rows))

    def current_key(self) -> str | None:
        index: QModelIndex = self.recent_view.currentIndex()
        return str(index.data(MemoryRole.KEY)) if index.isValid() else None


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
