"""Icons, colours and the style sheet: every look-and-feel resource comes from here.

Toolbar icons are drawn in code (one small painter per glyph) so they scale and follow the
palette; the app icon comes from the packaged ``resources/icons/`` (built from ``icons/reverie.svg``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap

from ..core.paths import ICONS_DIR

PACKAGED_ICON = ICONS_DIR / "reverie.svg"
"""The app icon's SVG, packaged beside its PNG sizes (all written by icons/build_icons.py)."""

# Colours of the score parts (bars, legends, detail view).
VECTOR_COLOR = QColor("#3b7dd8")
KEYWORD_COLOR = QColor("#e08a1e")
DECAY_COLOR = QColor("#9aa3ad")
MMR_COLOR = QColor("#d1495b")
HIGHLIGHT_BG = QColor("#fff2a8")
LINE_HIGHLIGHT_BG = QColor("#dcebff")
DROPPED_FG = QColor("#8a8f96")
UP_COLOR = QColor("#2e9e44")
DOWN_COLOR = QColor("#d1495b")
GLYPH_COLOR = QColor("#3c4450")

STYLE_SHEET = """
QToolBar { spacing: 4px; }
QStatusBar QLabel { padding: 0 6px; }
QFrame#conflictBar { background: #fff4d6; border: 1px solid #e0b44c; border-radius: 3px; }
QFrame#findBar { border-top: 1px solid palette(mid); }
QLabel#paneNotice { color: #8a5a00; }
QLabel#sectionTitle { font-weight: 600; }
"""


def _pen(width: float = 1.6) -> QPen:
    pen = QPen(GLYPH_COLOR, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _draw_open(p: QPainter) -> None:
    path = QPainterPath()
    path.moveTo(2, 5)
    path.lineTo(7, 5)
    path.lineTo(8.5, 6.5)
    path.lineTo(14, 6.5)
    path.lineTo(14, 13)
    path.lineTo(2, 13)
    path.closeSubpath()
    p.drawPath(path)


def _draw_note(p: QPainter) -> None:
    p.drawRect(QRectF(3, 2, 10, 12))
    for y in (5.5, 8, 10.5):
        p.drawLine(QPointF(5, y), QPointF(11, y))


def _draw_new_note(p: QPainter) -> None:
    p.drawRect(QRectF(2, 3, 9, 11))
    p.drawLine(QPointF(12.5, 1.5), QPointF(12.5, 6.5))
    p.drawLine(QPointF(10, 4), QPointF(15, 4))
    p.drawLine(QPointF(4, 8), QPointF(9, 8))
    p.drawLine(QPointF(4, 10.5), QPointF(9, 10.5))


def _draw_save(p: QPainter) -> None:
    p.drawRect(QRectF(2.5, 2.5, 11, 11))
    p.drawRect(QRectF(5, 2.5, 6, 4))
    p.drawRect(QRectF(5, 9, 6, 4.5))


def _draw_find(p: QPainter) -> None:
    p.drawEllipse(QRectF(2.5, 2.5, 8, 8))
    p.drawLine(QPointF(9.5, 9.5), QPointF(14, 14))


def _draw_reindex(p: QPainter) -> None:
    p.drawArc(QRectF(3, 3, 10, 10), 30 * 16, 280 * 16)
    p.drawLine(QPointF(12.4, 3.6), QPointF(12.4, 6.8))
    p.drawLine(QPointF(12.4, 6.8), QPointF(9.3, 6.8))


def _draw_cancel(p: QPainter) -> None:
    p.drawLine(QPointF(4, 4), QPointF(12, 12))
    p.drawLine(QPointF(12, 4), QPointF(4, 12))


def _draw_preview(p: QPainter) -> None:
    path = QPainterPath()
    path.moveTo(1.5, 8)
    path.quadTo(8, 1.5, 14.5, 8)
    path.quadTo(8, 14.5, 1.5, 8)
    p.drawPath(path)
    p.drawEllipse(QPointF(8, 8), 2.2, 2.2)


def _draw_why(p: QPainter) -> None:
    p.drawEllipse(QRectF(2, 2, 12, 12))
    path = QPainterPath()
    path.moveTo(6, 6.5)
    path.quadTo(6, 4.5, 8, 4.5)
    path.quadTo(10, 4.5, 10, 6.5)
    path.quadTo(10, 8, 8, 8.7)
    path.lineTo(8, 9.8)
    p.drawPath(path)
    p.drawPoint(QPointF(8, 11.8))


def _draw_export(p: QPainter) -> None:
    p.drawLine(QPointF(8, 10), QPointF(8, 2))
    p.drawLine(QPointF(5, 5), QPointF(8, 2))
    p.drawLine(QPointF(11, 5), QPointF(8, 2))
    p.drawPolyline([QPointF(3, 9), QPointF(3, 14), QPointF(13, 14), QPointF(13, 9)])


def _draw_tune(p: QPainter) -> None:
    for y, x in ((4, 10), (8, 5), (12, 11)):
        p.drawLine(QPointF(2, y), QPointF(14, y))
        p.drawEllipse(QPointF(x, y), 1.6, 1.6)


def _draw_chat(p: QPainter) -> None:
    path = QPainterPath()
    path.addRoundedRect(QRectF(2, 3, 12, 8), 2, 2)
    p.drawPath(path)
    p.drawLine(QPointF(5, 11), QPointF(4, 14))
    p.drawLine(QPointF(4, 14), QPointF(8, 11))


GLYPHS: dict[str, Callable[[QPainter], None]] = {
    "open": _draw_open,
    "note": _draw_note,
    "new-note": _draw_new_note,
    "save": _draw_save,
    "find": _draw_find,
    "reindex": _draw_reindex,
    "cancel": _draw_cancel,
    "preview": _draw_preview,
    "why-not": _draw_why,
    "export": _draw_export,
    "tune": _draw_tune,
    "chat": _draw_chat,
}


@cache
def icon(name: str) -> QIcon:
    """A toolbar/menu icon by name (see ``GLYPHS``)."""
    draw = GLYPHS[name]
    result = QIcon()
    for size in (16, 24, 32, 48):
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.scale(size / 16.0, size / 16.0)
        painter.setPen(_pen())
        painter.setBrush(Qt.BrushStyle.NoBrush)
        draw(painter)
        painter.end()
        result.addPixmap(pixmap)
    return result


@cache
def app_icon() -> QIcon:
    """The application icon: the packaged PNG sizes, else the SVG, else a drawn glyph."""
    result = QIcon()
    for png in sorted(ICONS_DIR.glob("reverie-*.png")):
        result.addFile(str(png))
    if result.isNull() and PACKAGED_ICON.is_file():
        result = QIcon(str(PACKAGED_ICON))
    return result if not result.isNull() else icon("note")
