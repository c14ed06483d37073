"""A small timeline of a candidate's recalls: one dot per recorded search, by day."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from PySide6.QtCore import QPoint, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QHelpEvent, QPainter, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from reverie.core.dreaming.engine import RecallEvent
from reverie.core.jscompat import format_dreaming_day, parse_js_date


class RecallTimeline(QWidget):
    """Days on the x axis, from the first recall to today; hover a dot for its queries."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumHeight(46)
        self.setMouseTracking(True)
        self.days: dict[str, list[RecallEvent]] = {}
        self.first: date | None = None
        self.last: date | None = None

    def set_events(self, events: Sequence[RecallEvent], today: str, timezone: str | None) -> None:
        self.days = {}
        for event in events:
            ms = parse_js_date(event.timestamp)
            if ms is None:
                continue
            self.days.setdefault(format_dreaming_day(ms, timezone), []).append(event)
        if self.days:
            self.first = date.fromisoformat(min(self.days))
            self.last = max(date.fromisoformat(max(self.days)), date.fromisoformat(today))
        else:
            self.first = self.last = None
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(360, 50)

    def _x(self, day: date) -> float:
        assert self.first is not None and self.last is not None
        span = max(1, (self.last - self.first).days)
        return 10 + (self.width() - 20) * (day - self.first).days / span

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        mid = self.height() / 2 - 4
        painter.setPen(QPen(QColor("#999999"), 1))
        painter.drawLine(10, int(mid), self.width() - 10, int(mid))
        font = QFont(self.font())
        font.setPointSizeF(7)
        painter.setFont(font)
        if self.first is None or self.last is None:
            painter.drawText(
                self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("no recorded searches")
            )
            return
        painter.drawText(4, self.height() - 2, self.first.isoformat())
        last_label = self.last.isoformat()
        painter.drawText(
            self.width() - 4 - painter.fontMetrics().horizontalAdvance(last_label),
            self.height() - 2,
            last_label,
        )
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#4e79a7"))
        for day, events in self.days.items():
            x = self._x(date.fromisoformat(day))
            radius = 3 + min(5, len(events))
            painter.drawEllipse(QRectF(x - radius / 2, mid - radius / 2, radius, radius))

    def describe_at(self, pos: QPoint) -> str:
        if self.first is None:
            return ""
        best = None
        for day in self.days:
            distance = abs(self._x(date.fromisoformat(day)) - pos.x())
            if distance <= 6 and (best is None or distance < best[0]):
                best = (distance, day)
        if best is None:
            return ""
        events = self.days[best[1]]
        queries = [f"“{e.query}” ({e.score:.2f})" for e in events]
        return f"{best[1]}: " + "; ".join(queries)

    def event(self, event: object) -> bool:
        if isinstance(event, QHelpEvent):
            text = self.describe_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)  # type: ignore[arg-type]
