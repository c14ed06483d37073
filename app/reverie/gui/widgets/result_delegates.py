"""Painters for the results table: the stacked score bar and the highlighted snippet."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QTextCharFormat, QTextLayout
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from ..models.search_results_model import BAR_ROLE, SPANS_ROLE, BarParts
from ..resources import (
    DECAY_COLOR,
    HIGHLIGHT_BG,
    KEYWORD_COLOR,
    MMR_COLOR,
    VECTOR_COLOR,
)

Index = QModelIndex | QPersistentModelIndex


class ScoreBarDelegate(QStyledItemDelegate):
    """Vector part (blue) + keyword part (orange) kept after decay, the decay loss (grey)
    and, underneath, the MMR penalty (red). Full width is a score of ``scale``."""

    scale = 1.0

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        self.initStyleOption(option, index)
        style = option.widget.style() if option.widget else None
        if style is not None:
            option.text = ""
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        parts = index.data(BAR_ROLE)
        if not isinstance(parts, BarParts):
            return
        rect = QRectF(option.rect).adjusted(4, 4, -4, -7)
        width = rect.width() / max(self.scale, 1e-9)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        x = rect.left()
        for value, color in (
            (parts.vector, VECTOR_COLOR),
            (parts.keyword, KEYWORD_COLOR),
            (parts.decay_loss, DECAY_COLOR),
        ):
            w = min(value * width, rect.right() - x)
            if w > 0:
                c = QColor(color)
                if parts.dropped:
                    c.setAlpha(90)
                painter.setBrush(c)
                painter.drawRect(QRectF(x, rect.top(), w, rect.height()))
                x += w
        if parts.mmr_penalty > 0:
            painter.setBrush(MMR_COLOR)
            w = min(parts.mmr_penalty * width, rect.width())
            painter.drawRect(QRectF(rect.left(), rect.bottom() + 1.5, w, 2.5))
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(120, super().sizeHint(option, index).height())


class SnippetDelegate(QStyledItemDelegate):
    """The snippet on one line, query terms on a highlight background."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        self.initStyleOption(option, index)
        text = option.text
        style = option.widget.style() if option.widget else None
        option.text = ""
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        spans = index.data(SPANS_ROLE) or []
        layout = QTextLayout(text, option.font)
        formats = []
        for start, end in spans:
            fmt = QTextCharFormat()
            fmt.setBackground(HIGHLIGHT_BG)
            fmt.setFontWeight(600)
            rng = QTextLayout.FormatRange()
            rng.start, rng.length, rng.format = start, end - start, fmt
            formats.append(rng)
        layout.setFormats(formats)
        layout.beginLayout()
        line = layout.createLine()
        line.setLineWidth(1e6)
        layout.endLayout()
        rect = option.rect.adjusted(4, 0, -4, 0)
        painter.save()
        painter.setClipRect(rect)
        color = option.palette.color(
            option.palette.ColorRole.HighlightedText
            if option.state & QStyle.StateFlag.State_Selected
            else option.palette.ColorRole.Text
        )
        fg = index.data(Qt.ItemDataRole.ForegroundRole)
        painter.setPen(fg.color() if fg is not None else color)
        y = rect.top() + (rect.height() - line.height()) / 2
        layout.draw(painter, QPointF(rect.left(), y))
        painter.restore()
