"""The prompt budget meter: one thin bar showing how the last turn's context was spent.

Each section of the window (instructions, soul, procedural, memories, today's note,
retrieved notes, conversation, room for the answer) is a coloured stretch of the bar; the
exact token counts are in the tooltip. The bar turns amber when the conversation nears the
point where its oldest turns are summarised (compaction).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from kai_desktop.core.chat.budget import BUDGET_SECTIONS, PromptBudget

SECTION_COLOURS: dict[str, str] = {
    "instructions": "#8E8E93",
    "soul": "#AF52DE",
    "procedural": "#5856D6",
    "memories": "#34C759",
    "today": "#30B0C7",
    "notes": "#007AFF",
    "conversation": "#FF9F0A",
    "answer": "#D1D1D6",
}
WARN_COLOUR = "#E67E22"
_LABELS = dict(BUDGET_SECTIONS)


def budget_tooltip(budget: PromptBudget) -> str:
    """The exact token counts of every section, as a small HTML table."""
    rows = []
    for name, tokens in budget.sections:
        colour = SECTION_COLOURS.get(name, "#999999")
        rows.append(
            f"<tr><td><span style='color:{colour}'>■</span> {_LABELS.get(name, name)}</td>"
            f"<td align='right'>{tokens:,}</td></tr>"
        )
    lines = [
        f"<b>Last message: {budget.used:,} of {budget.context_size:,} tokens</b>",
        f"<table cellspacing='2'>{''.join(rows)}</table>",
    ]
    if budget.compaction_at:
        share = round(budget.compaction_share * 100)
        lines.append(
            f"Conversation: {budget.window_tokens:,} of {budget.compaction_at:,} tokens "
            f"({share}%) before the oldest turns are summarised."
        )
    if budget.near_compaction:
        lines.append("<b>Soon the oldest turns will be summarised to make room.</b>")
    if budget.held_back:
        lines.append(f"{budget.held_back} private item(s) held back from the remote model.")
    return "<br>".join(lines)


class BudgetBar(QWidget):
    """The painted bar itself: a stretch per section, proportional to its tokens."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.budget: PromptBudget | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(120)

    def sizeHint(self) -> QSize:
        return QSize(240, 10)

    def stretches(self) -> list[tuple[str, float, float]]:
        """``(section, left, width)`` in pixels for the current budget."""
        budget = self.budget
        if budget is None or budget.context_size <= 0:
            return []
        width = float(self.width())
        total = max(sum(tokens for _, tokens in budget.sections), budget.context_size)
        out: list[tuple[str, float, float]] = []
        left = 0.0
        for name, tokens in budget.sections:
            span = width * tokens / total
            if span > 0:
                out.append((name, left, span))
                left += span
        return out

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        height = float(self.height())
        for name, left, span in self.stretches():
            painter.fillRect(
                QRectF(left, 0, span, height), QColor(SECTION_COLOURS.get(name, "#999999"))
            )
        warn = self.budget is not None and self.budget.near_compaction
        frame = QColor(WARN_COLOUR) if warn else self.palette().color(QPalette.ColorRole.Mid)
        painter.setPen(QPen(frame, 2 if warn else 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3)
        painter.end()


class BudgetMeter(QWidget):
    """The bar with a short caption; hidden until a turn has reported its budget."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("budgetMeter")
        self.bar = BudgetBar()
        self.bar.setFixedHeight(10)
        self.caption = QLabel()
        self.caption.setObjectName("budgetCaption")
        self.caption.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Context"))
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.caption)
        self.setAccessibleName("Prompt budget")
        self.hide()

    @property
    def warning(self) -> bool:
        return self.bar.budget is not None and self.bar.budget.near_compaction

    def show_budget(self, budget: PromptBudget | None) -> None:
        self.bar.budget = budget
        if budget is None:
            self.hide()
            return
        caption = f"{budget.used:,} / {budget.context_size:,}"
        if budget.held_back:
            caption += f" · {budget.held_back} held back"
        self.caption.setText(caption)
        self.caption.setStyleSheet(f"color: {WARN_COLOUR};" if budget.near_compaction else "")
        tooltip = budget_tooltip(budget)
        self.setToolTip(tooltip)
        self.bar.setToolTip(tooltip)
        self.show()
        self.bar.update()
