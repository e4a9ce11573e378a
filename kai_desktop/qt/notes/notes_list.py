"""The vault's notes as a filterable list; the listing is read on the pool.

Signals:
    note_activated(str): a note was double-clicked or Enter was pressed (its vault path).
    loaded(int): the listing arrived (the number of notes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, QStringListModel, Qt, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QListView, QVBoxLayout, QWidget

from kai_desktop.qt.workers.tasks import TaskRunner


class NotesList(QWidget):
    note_activated = Signal(str)
    loaded = Signal(int)

    def __init__(
        self,
        list_notes: Callable[[], Sequence[str]],
        tasks: TaskRunner,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._list_notes = list_notes
        self._tasks = tasks
        self._loading = False
        self._again = False
        self.model = QStringListModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter notes")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QListView()
        self.view.setModel(self.proxy)
        self.view.setUniformItemSizes(True)
        self.view.setEditTriggers(QListView.EditTrigger.NoEditTriggers)
        self.view.activated.connect(self._on_activated)
        self.count_label = QLabel("Reading the vault…")
        self.count_label.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count_label)

    def refresh(self) -> None:
        if self._loading:
            self._again = True
            return
        self._loading = True
        self._again = False
        fn = self._list_notes
        self._tasks.submit(lambda: sorted(fn(), key=str.casefold), self._on_loaded, self._failed)

    def notes(self) -> list[str]:
        return self.model.stringList()

    def _on_loaded(self, notes: list[str]) -> None:
        self._loading = False
        if notes != self.model.stringList():
            self.model.setStringList(notes)
        self.count_label.setText(f"{len(notes)} notes")
        self.loaded.emit(len(notes))
        if self._again:
            self.refresh()

    def _failed(self, exc: BaseException) -> None:
        self._loading = False
        self.count_label.setText(f"Could not list the vault: {exc}")

    def _on_activated(self, index: QModelIndex) -> None:
        self.note_activated.emit(str(index.data()))
