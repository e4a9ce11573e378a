"""Paints one memory row: key in bold, content cut to three lines, category, hits, trash.

Signals:
    trash_clicked(str): the trash button of the row with this key was clicked.
    open_clicked(str): the row (anywhere but the trash button) was clicked.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QIcon,
    QMouseEvent,
    QPainter,
    QPalette,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from kai_desktop.qt.memory.memory_list_model import MemoryRole
from kai_desktop.qt.widgets.theme import category_color, is_dark

PAD = 10
GAP = 4
TRASH = 22
MAX_CONTENT_LINES = 3
ELLIPSIS = "…"


def elide_lines(text: str, font: QFont, width: int, max_lines: int) -> list[str]:
    """Word-wrap ``text`` to ``width`` and keep ``max_lines``; the last ends in "…" if cut."""
    if width <= 0 or max_lines <= 0:
        return []
    text = text.strip().replace("\r\n", "\n")
    if not text:
        return []
    layout_text = text.replace("\n", "\u2028")
    metrics = QFontMetrics(font)
    layout = QTextLayout(layout_text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    spans: list[tuple[int, int]] = []
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        spans.append((line.textStart(), line.textLength()))
    layout.endLayout()
    lines: list[str] = []
    for i, (start, length) in enumerate(spans[:max_lines]):
        if i == max_lines - 1 and len(spans) > max_lines:
            rest = " ".join(layout_text[start:].replace("\u2028", " ").split())
            elided = metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)
            if not elided.endswith(ELLIPSIS):
                elided = elided.rstrip() + ELLIPSIS
            lines.append(elided)
        else:
            lines.append(layout_text[start : start + length].replace("\u2028", "").rstrip())
    return lines


def _trash_icon() -> QIcon:
    icon = QIcon.fromTheme(QIcon.ThemeIcon.EditDelete)
    if icon.isNull():
        from PySide6.QtWidgets import QApplication

        icon = QApplication.style().standardIcon(QStyle.StandardPixmap.SP_TrashIcon)
    return icon


class MemoryDelegate(QStyledItemDelegate):
    trash_clicked = Signal(str)
    open_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._icon = _trash_icon()

    # -- geometry ----------------------------------------------------------------------
    @staticmethod
    def _fonts(option: QStyleOptionViewItem) -> tuple[QFont, QFont, QFont]:
        base = QFont(option.font)
        bold = QFont(base)
        bold.setBold(True)
        small = QFont(base)
        small.setPointSizeF(max(6.0, base.pointSizeF() * 0.85))
        return base, bold, small

    def _view_width(self) -> int:
        """The row width when Qt asks for a size without one (``sizeHintForRow``)."""
        view = self.parent()
        if isinstance(view, QListView):
            return max(view.viewport().width() - 2 * view.spacing(), 200)
        return 320

    def trash_rect(self, rect: QRect) -> QRect:
        """Where the trash button of a row occupying ``rect`` is drawn."""
        return QRect(rect.right() - PAD - TRASH + 1, rect.top() + PAD - 3, TRASH, TRASH)

    def _content_width(self, rect: QRect) -> int:
        return rect.width() - 2 * PAD - TRASH - GAP

    def content_lines(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> list[str]:
        base, _bold, _small = self._fonts(option)
        content = str(index.data(MemoryRole.CONTENT) or "")
        return elide_lines(
            content, base, self._content_width(option.rect), MAX_CONTENT_LINES
        )

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        base, bold, small = self._fonts(option)
        width = option.rect.width() if option.rect.width() > 0 else self._view_width()
        opt = QStyleOptionViewItem(option)
        opt.rect = QRect(0, 0, width, 100)
        n = len(self.content_lines(opt, index)) or 1
        height = (
            PAD
            + QFontMetrics(bold).height()
            + GAP
            + n * QFontMetrics(base).lineSpacing()
            + GAP
            + QFontMetrics(small).height()
            + PAD
        )
        return QSize(width, height)

    # -- painting ----------------------------------------------------------------------
    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        state = option.state
        selected = bool(state & QStyle.StateFlag.State_Selected)
        hovered = bool(state & QStyle.StateFlag.State_MouseOver)
        self._paint_card(painter, option, selected=selected, hovered=hovered)
        text_color = QColor("#000000") if selected else option.palette.color(
            QPalette.ColorRole.Text
        )
        y = self._paint_key(painter, option, index, text_color)
        y = self._paint_content(painter, option, index, y)
        self._paint_footer(painter, option, index, y, text_color, selected=selected)
        trash = self.trash_rect(option.rect)
        mode = QIcon.Mode.Active if hovered else QIcon.Mode.Normal
        self._icon.paint(painter, trash.adjusted(3, 3, -3, -3), Qt.AlignmentFlag.AlignCenter, mode)
        painter.restore()

    def _paint_card(
        self, painter: QPainter, option: QStyleOptionViewItem, *, selected: bool, hovered: bool
    ) -> None:
        palette = option.palette
        if selected:
            painter.setBrush(palette.color(QPalette.ColorRole.Highlight).lighter(170))
        elif hovered:
            painter.setBrush(palette.color(QPalette.ColorRole.AlternateBase))
        else:
            painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.setPen(palette.color(QPalette.ColorRole.Mid))
        painter.drawRoundedRect(option.rect.adjusted(2, 2, -2, -2), 6, 6)

    def _paint_key(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
        color: QColor,
    ) -> int:
        """The key in bold, cut to the width; returns where the content starts."""
        rect = option.rect
        _base, bold, _small = self._fonts(option)
        key = str(index.data(MemoryRole.KEY) or "")
        painter.setFont(bold)
        painter.setPen(color)
        bold_m = QFontMetrics(bold)
        y = rect.top() + PAD
        painter.drawText(
            QPointF(rect.left() + PAD, y + bold_m.ascent()),
            bold_m.elidedText(key, Qt.TextElideMode.ElideRight, self._content_width(rect)),
        )
        return y + bold_m.height() + GAP

    def _paint_content(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
        y: int,
    ) -> int:
        """The content, at most three lines; returns where the footer starts."""
        base, _bold, _small = self._fonts(option)
        painter.setFont(base)
        base_m = QFontMetrics(base)
        x = option.rect.left() + PAD
        lines = self.content_lines(QStyleOptionViewItem(option), index)
        for line in lines:
            painter.drawText(QPointF(x, y + base_m.ascent()), line)
            y += base_m.lineSpacing()
        if not lines:
            y += base_m.lineSpacing()
        return y + GAP

    def _paint_footer(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
        y: int,
        text_color: QColor,
        *,
        selected: bool,
    ) -> None:
        """The category chip, the hits and the promotion mark."""
        _base, _bold, small = self._fonts(option)
        painter.setFont(small)
        small_m = QFontMetrics(small)
        x = option.rect.left() + PAD
        category = str(index.data(MemoryRole.CATEGORY) or "")
        color = category_color(category)
        chip = QRect(x, y, small_m.horizontalAdvance(category) + 12, small_m.height())
        fill = QColor(color)
        fill.setAlpha(45)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(chip, chip.height() / 2, chip.height() / 2)
        chip_text = color.lighter(140) if is_dark(option.palette) else color.darker(115)
        painter.setPen(chip_text if not selected else QColor("#000000"))
        painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, category)
        hits = int(index.data(MemoryRole.HITS) or 0)
        footer = f"{hits} hit" + ("" if hits == 1 else "s")
        if index.data(MemoryRole.CANDIDATE):
            footer += "  ·  ★ ready to promote"
        muted = QColor(text_color)
        muted.setAlpha(150)
        painter.setPen(muted)
        painter.drawText(QPointF(chip.right() + 8, y + small_m.ascent()), footer)

    # -- clicks ------------------------------------------------------------------------
    def editorEvent(
        self,
        event: QEvent,
        model: QAbstractItemModel,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        if (
            event.type() == QEvent.Type.MouseButtonRelease
            and isinstance(event, QMouseEvent)
            and event.button() == Qt.MouseButton.LeftButton
        ):
            key = str(index.data(MemoryRole.KEY) or "")
            if self.trash_rect(option.rect).contains(event.position().toPoint()):
                self.trash_clicked.emit(key)
            else:
                self.open_clicked.emit(key)
            return True
        return super().editorEvent(event, model, option, index)
