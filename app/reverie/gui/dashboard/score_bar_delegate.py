"""Draws a candidate's score as stacked bars: each component's weighted contribution,
then the phase boost, on a 0..1 scale with the minScore line across it."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from reverie.gui.dashboard.candidates_model import ContributionRole, Contributions

COMPONENT_COLORS: dict[str, str] = {
    "frequency": "#4e79a7",
    "relevance": "#f28e2b",
    "diversity": "#59a14f",
    "recency": "#76b7b2",
    "consolidation": "#edc948",
    "conceptual": "#b07aa1",
    "boost": "#9c755f",
}


class ScoreBarDelegate(QStyledItemDelegate):
    """Paints :class:`Contributions` (from ``ContributionRole``)."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        data = index.data(ContributionRole)
        if not isinstance(data, Contributions):
            super().paint(painter, option, index)
            return
        painter.save()
        if option.state & QStyle.StateFlag.State_Selected:  # type: ignore[attr-defined]
            painter.fillRect(option.rect, option.palette.highlight())  # type: ignore[attr-defined]
        rect = QRectF(option.rect).adjusted(4, 5, -4, -5)  # type: ignore[attr-defined]
        painter.fillRect(rect, QColor("#eeeeee"))
        x = rect.left()
        for name, value in (*data.parts, ("boost", data.boost)):
            width = max(0.0, value) * rect.width()
            if width <= 0:
                continue
            painter.fillRect(
                QRectF(x, rect.top(), width, rect.height()), QColor(COMPONENT_COLORS[name])
            )
            x += width
        line_x = rect.left() + min(1.0, max(0.0, data.min_score)) * rect.width()
        pen = QPen(QColor("#d62728"))
        pen.setWidthF(2.0)
        painter.setPen(pen)
        painter.drawLine(int(line_x), int(rect.top()) - 3, int(line_x), int(rect.bottom()) + 3)
        painter.setPen(QPen(QColor("#1b7f3b") if data.passes else QColor("#999999")))
        painter.drawRect(rect)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        return QSize(180, 22)
