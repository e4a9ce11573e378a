"""Follow the system's light or dark colour scheme, and the colours Kai adds to it.

Fusion is used everywhere so the widgets look the same on every platform; the palette is
switched when the system scheme changes (``QStyleHints.colorSchemeChanged``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from kai_desktop.core.memory.model import Category

# Memory categories, chosen to stay distinct on light and dark backgrounds.
CATEGORY_COLORS: dict[Category, str] = {
    Category.GENERAL: "#4C8BF5",
    Category.LEARNING: "#2EAD6B",
    Category.ERROR: "#E0533D",
    Category.PREFERENCE: "#B366D9",
}
NOTE_COLOR = "#8A94A6"
ATTACHMENT_COLOR = "#C9A227"
UNRESOLVED_COLOR = "#B0B0B0"
HIGHLIGHT_COLOR = "#FFB020"


def category_color(category: Category | str) -> QColor:
    try:
        return QColor(CATEGORY_COLORS[Category(category)])
    except ValueError:
        return QColor(NOTE_COLOR)


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """``a`` moved ``amount`` of the way to ``b`` (opaque)."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * amount),
        round(a.green() + (b.green() - a.green()) * amount),
        round(a.blue() + (b.blue() - a.blue()) * amount),
    )


def is_dark(palette: QPalette | None = None) -> bool:
    palette = palette or QGuiApplication.palette()
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def _dark_palette() -> QPalette:
    p = QPalette()
    base, window, text = QColor("#1E1F22"), QColor("#2B2D30"), QColor("#DFE1E5")
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        p.setColor(group, QPalette.ColorRole.Window, window)
        p.setColor(group, QPalette.ColorRole.WindowText, text)
        p.setColor(group, QPalette.ColorRole.Base, base)
        p.setColor(group, QPalette.ColorRole.AlternateBase, window)
        p.setColor(group, QPalette.ColorRole.Text, text)
        p.setColor(group, QPalette.ColorRole.Button, window)
        p.setColor(group, QPalette.ColorRole.ButtonText, text)
        p.setColor(group, QPalette.ColorRole.ToolTipBase, base)
        p.setColor(group, QPalette.ColorRole.ToolTipText, text)
        p.setColor(group, QPalette.ColorRole.Highlight, QColor("#3D6FD9"))
        p.setColor(group, QPalette.ColorRole.HighlightedText, QColor("#FFFFFF"))
        p.setColor(group, QPalette.ColorRole.Link, QColor("#7AA7FF"))
        p.setColor(group, QPalette.ColorRole.PlaceholderText, QColor("#8C8F94"))
        p.setColor(group, QPalette.ColorRole.Mid, QColor("#45474B"))
        p.setColor(group, QPalette.ColorRole.Midlight, QColor("#3A3C40"))
    disabled = QColor("#7A7D82")
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


class ThemeFollower(QObject):
    """Applies Fusion and the palette matching the system scheme, now and on change."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self._app = app
        app.setStyle("Fusion")
        self._light = app.style().standardPalette()
        app.styleHints().colorSchemeChanged.connect(self._apply)
        self._apply(app.styleHints().colorScheme())

    def _apply(self, scheme: Qt.ColorScheme) -> None:
        dark = scheme == Qt.ColorScheme.Dark
        self._app.setPalette(_dark_palette() if dark else self._light)
