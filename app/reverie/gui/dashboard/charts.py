"""The dashboard's plots (QtCharts). Hover shows values; a click emits the candidate keys
behind the bar or point so the table can be filtered to them."""

from __future__ import annotations

from datetime import datetime, timedelta

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSet,
    QChart,
    QChartView,
    QDateTimeAxis,
    QHorizontalBarSeries,
    QLineSeries,
    QScatterSeries,
    QStackedBarSeries,
    QValueAxis,
)
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QMargins, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QLabel, QToolTip, QWidget

from reverie.core.dreaming import series
from reverie.core.dreaming.engine import Candidate
from reverie.core.dreaming.snapshot import Snapshot

PASS_COLOR = QColor("#59a14f")
FAIL_COLOR = QColor("#bab0ac")
GATE_COLOR = QColor("#d62728")
KIND_COLORS = {
    "recall": QColor("#4e79a7"),
    "daily": QColor("#f28e2b"),
    "grounded": QColor("#59a14f"),
}
KIND_LABELS = {
    "recall": QT_TRANSLATE_NOOP("DashboardChart", "recall"),
    "daily": QT_TRANSLATE_NOOP("DashboardChart", "daily"),
    "grounded": QT_TRANSLATE_NOOP("DashboardChart", "grounded"),
}
"""Signal kinds as shown (English source text)."""


FEW_DAYS = 8
"""Up to this many days, each bar of signals per day is labelled with its day."""


def kind_label(kind: str) -> str:
    return QCoreApplication.translate("DashboardChart", KIND_LABELS.get(kind, kind))


def integer_ticks(top: float) -> tuple[int, int]:
    """``(axis maximum, tick count)`` for a count axis from 0 to at least ``top`` whose
    ticks all fall on whole numbers (no "0 0 0 0 1" with a %d label format)."""
    top = max(1, int(-(-top // 1)))
    step = max(1, -(-top // 4))
    maximum = step * -(-top // step)
    return maximum, maximum // step + 1


class DashboardChart(QChartView):
    """A compact chart with a title, a small legend and a filter signal."""

    sig_filter = Signal(object, str)
    """(frozenset of candidate keys, label of the selection)"""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        chart = QChart()
        chart.setTitle(title)
        font = QFont(chart.titleFont())
        font.setBold(True)
        font.setPointSizeF(max(8.0, font.pointSizeF()))
        chart.setTitleFont(font)
        chart.setMargins(QMargins(2, 2, 2, 2))
        chart.legend().setFont(QFont(chart.legend().font().family(), 7))
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
        chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        super().__init__(chart, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumSize(220, 190)
        self.candidates: list[Candidate] = []
        self.passes: dict[str, bool] = {}
        self.last_tip = ""
        self.empty_label = QLabel(self)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet("color:#8a8f96")
        self.empty_label.hide()

    def resizeEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._place_empty_label()

    def _place_empty_label(self) -> None:
        self.empty_label.setGeometry(self.rect().adjusted(12, 36, -12, -12))

    def empty_message(self, snap: Snapshot) -> str | None:
        """What to say instead of a chart with nothing to draw (None: draw it)."""
        return None if self.candidates else self.tr("No candidates yet")

    def _reset(self) -> QChart:
        chart = self.chart()
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        return chart

    def _tip(self, text: str) -> None:
        self.last_tip = text
        if text:
            QToolTip.showText(QCursor.pos(), text, self)
        else:
            QToolTip.hideText()

    def _count_axes(
        self, chart: QChart, series: QStackedBarSeries, categories: list[str]
    ) -> tuple[QBarCategoryAxis, QValueAxis]:
        """Hidden category axis below, integer count axis on the left, both attached."""
        axis_x = QBarCategoryAxis()
        axis_x.append(categories)
        axis_x.setLabelsVisible(False)
        axis_x.setGridLineVisible(False)
        axis_y = QValueAxis()
        axis_y.setLabelFormat("%d")
        self._small_axis_font(axis_y)
        chart.addAxis(axis_x, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(axis_y, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(axis_x)
        series.attachAxis(axis_y)
        return axis_x, axis_y

    def _small_axis_font(self, axis: QValueAxis | QBarCategoryAxis | QDateTimeAxis) -> None:
        font = QFont(axis.labelsFont())
        font.setPointSizeF(7)
        axis.setLabelsFont(font)

    def update_data(self, snap: Snapshot, passes: dict[str, bool]) -> None:
        self.candidates = list(snap.candidates)
        self.passes = passes
        if snap.error:  # not "empty": the page's error line says what cannot be read
            message: str | None = self.tr("Not drawn: the dreaming files cannot be read")
        else:
            message = self.empty_message(snap)
        if message:
            self.show_message(message)
            return
        self.empty_label.hide()
        self.chart().legend().setVisible(True)
        self._draw(snap)

    def show_message(self, message: str) -> None:
        """Say ``message`` instead of drawing (nothing to draw, or not read yet)."""
        self._reset()  # no axes at all rather than axes over nothing
        self.chart().legend().setVisible(False)
        self.empty_label.setText(message)
        self._place_empty_label()
        self.empty_label.show()

    def _integer_axis(self, axis: QValueAxis, top: float) -> None:
        maximum, ticks = integer_ticks(top)
        axis.setRange(0, maximum)
        axis.setTickCount(ticks)

    def _draw(self, snap: Snapshot) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class SignalsPerDayChart(DashboardChart):
    """Signals recorded per day, recall / daily / grounded stacked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            QCoreApplication.translate("SignalsPerDayChart", "Signals per day"), parent
        )
        self.data = series.DailySignals((), {})

    def empty_message(self, snap: Snapshot) -> str | None:
        self.data = series.signals_per_day(snap.events, snap.entries, snap.timezone)
        return None if self.data.days else self.tr("No recorded searches yet")

    def _draw(self, snap: Snapshot) -> None:
        chart = self._reset()
        stacked = QStackedBarSeries()
        for kind in series.SIGNAL_KINDS:
            bar_set = QBarSet(kind_label(kind))
            bar_set.setColor(KIND_COLORS[kind])
            bar_set.append([float(v) for v in self.data.counts.get(kind, ())])
            bar_set.hovered.connect(
                lambda state, i, k=kind: self._tip(self.describe(i, k) if state else "")
            )
            bar_set.clicked.connect(self.select_day)
            stacked.append(bar_set)
        stacked.setBarWidth(0.9)
        chart.addSeries(stacked)
        few = len(self.data.days) <= FEW_DAYS
        labels = [day[5:] for day in self.data.days] if few else list(self.data.days)
        axis_x, axis_y = self._count_axes(chart, stacked, labels or [" "])
        axis_x.setLabelsVisible(few)  # under a few bars, each day; else a time axis
        totals = [
            sum(self.data.counts.get(k, (0,) * len(self.data.days))[i] for k in series.SIGNAL_KINDS)
            for i in range(len(self.data.days))
        ]
        self._integer_axis(axis_y, max(totals, default=1))
        if self.data.days and not few:
            # Dates under the bars: a time axis spanning the same days (bars are centred).
            dates = QDateTimeAxis()
            dates.setFormat("MM-dd")
            dates.setTickCount(5)
            self._small_axis_font(dates)
            first = datetime.fromisoformat(self.data.days[0]).timestamp() * 1000
            last = datetime.fromisoformat(self.data.days[-1]).timestamp() * 1000
            half_day = 12 * 3600 * 1000
            chart.addAxis(dates, Qt.AlignmentFlag.AlignBottom)
            anchor = QLineSeries()
            anchor.setPen(QPen(Qt.PenStyle.NoPen))
            anchor.append(QPointF(first - half_day, 0))
            anchor.append(QPointF(last + half_day, 0))
            chart.addSeries(anchor)
            anchor.attachAxis(dates)
            anchor.attachAxis(axis_y)
            for marker in chart.legend().markers(anchor):
                marker.setVisible(False)

    def describe(self, index: int, kind: str) -> str:
        if not 0 <= index < len(self.data.days):
            return ""
        parts = ", ".join(
            f"{kind_label(k)} {self.data.counts[k][index]}" for k in series.SIGNAL_KINDS
        )
        return self.tr("{day}: {parts} (hovering {kind})").format(
            day=self.data.days[index], parts=parts, kind=kind_label(kind)
        )

    def select_day(self, index: int) -> None:
        if not 0 <= index < len(self.data.days):
            return
        day = self.data.days[index]
        keys = frozenset(c.key for c in self.candidates if day in c.recall_days)
        self.sig_filter.emit(keys, self.tr("recalled on {day}").format(day=day))


class ScoreDistributionChart(DashboardChart):
    """Candidates per score bin (passing / failing) with the minScore line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            QCoreApplication.translate("ScoreDistributionChart", "Score distribution"), parent
        )
        self.hist = series.Histogram((), (), ())

    def _draw(self, snap: Snapshot) -> None:
        chart = self._reset()
        self.hist = series.score_histogram(self.candidates, self.passes)
        stacked = QStackedBarSeries()
        for label, values, color in (
            (self.tr("passes"), self.hist.passing, PASS_COLOR),
            (self.tr("fails"), self.hist.failing, FAIL_COLOR),
        ):
            bar_set = QBarSet(label)
            bar_set.setColor(color)
            bar_set.append([float(v) for v in values])
            bar_set.hovered.connect(lambda state, i: self._tip(self.describe(i) if state else ""))
            bar_set.clicked.connect(self.select_bin)
            stacked.append(bar_set)
        stacked.setBarWidth(1.0)
        chart.addSeries(stacked)
        axis_x, axis_y = self._count_axes(
            chart, stacked, [f"{e:.2f}" for e in self.hist.edges[:-1]]
        )
        top = max([p + f for p, f in zip(self.hist.passing, self.hist.failing, strict=True)] + [1])
        self._integer_axis(axis_y, top)
        top = axis_y.max()
        line_axis = QValueAxis()
        line_axis.setRange(0.0, 1.0)
        line_axis.setTickCount(6)
        line_axis.setLabelFormat("%.1f")
        line_axis.setTitleText(self.tr("score"))
        self._small_axis_font(line_axis)
        title_font = QFont(line_axis.titleFont())
        title_font.setPointSizeF(7)
        line_axis.setTitleFont(title_font)
        chart.addAxis(line_axis, Qt.AlignmentFlag.AlignBottom)
        gate = QLineSeries()
        gate.setName(f"minScore {snap.thresholds.min_score or 0:.2f}")
        pen = QPen(GATE_COLOR)
        pen.setWidth(2)
        pen.setStyle(Qt.PenStyle.DashLine)
        gate.setPen(pen)
        min_score = float(snap.thresholds.min_score or 0)
        gate.append(QPointF(min_score, 0))
        gate.append(QPointF(min_score, top))
        chart.addSeries(gate)
        gate.attachAxis(line_axis)
        gate.attachAxis(axis_y)

    def describe(self, index: int) -> str:
        if not 0 <= index < len(self.hist.passing):
            return ""
        lo, hi = self.hist.edges[index], self.hist.edges[index + 1]
        return self.tr("score {lo}–{hi}: {passing} pass, {failing} fail").format(
            lo=f"{lo:.2f}",
            hi=f"{hi:.2f}",
            passing=self.hist.passing[index],
            failing=self.hist.failing[index],
        )

    def select_bin(self, index: int) -> None:
        if not 0 <= index < len(self.hist.passing):
            return
        lo, hi = self.hist.edges[index], self.hist.edges[index + 1]
        bins = len(self.hist.passing)
        keys = frozenset(
            c.key for c in self.candidates if min(bins - 1, max(0, int(c.score * bins))) == index
        )
        self.sig_filter.emit(
            keys, self.tr("score {lo}–{hi}").format(lo=f"{lo:.2f}", hi=f"{hi:.2f}")
        )


class TopTagsChart(DashboardChart):
    """The concept tags carried by the most ledger entries.

    Each tag is written on its own bar rather than on the category axis: the axis elides a
    label taller than its row to "…", which is what happened to Chinese tags (the CJK
    fallback font is taller than the Latin one) in a chart the size of the dashboard's."""

    LABEL_COLOR = QColor("#2b2b2b")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(QCoreApplication.translate("TopTagsChart", "Top concept tags"), parent)
        self.tags: list[tuple[str, int]] = []
        self.tag_labels: list[QGraphicsSimpleTextItem] = []
        self.chart().plotAreaChanged.connect(self._place_tag_labels)

    def empty_message(self, snap: Snapshot) -> str | None:
        self.tags = list(reversed(series.top_tags(snap.entries, 8)))
        return None if self.tags else self.tr("No concept tags yet")

    def _draw(self, snap: Snapshot) -> None:
        chart = self._reset()
        bars = QHorizontalBarSeries()
        bar_set = QBarSet(self.tr("entries"))
        bar_set.setColor(QColor("#d7bccf"))
        bar_set.setBorderColor(QColor("#b07aa1"))
        bar_set.append([float(n) for _, n in self.tags])
        bar_set.hovered.connect(lambda state, i: self._tip(self.describe(i) if state else ""))
        bar_set.clicked.connect(self.select_tag)
        bars.append(bar_set)
        bars.setBarWidth(0.85)
        chart.addSeries(bars)
        chart.legend().setVisible(False)
        axis_y = QBarCategoryAxis()
        axis_y.append([t for t, _ in self.tags] or [" "])
        axis_y.setLabelsVisible(False)
        axis_y.setGridLineVisible(False)
        axis_x = QValueAxis()
        axis_x.setLabelFormat("%d")
        self._integer_axis(axis_x, max((n for _, n in self.tags), default=1))
        self._small_axis_font(axis_x)
        chart.addAxis(axis_y, Qt.AlignmentFlag.AlignLeft)
        chart.addAxis(axis_x, Qt.AlignmentFlag.AlignBottom)
        bars.attachAxis(axis_y)
        bars.attachAxis(axis_x)
        font = QFont(axis_x.labelsFont())
        for tag, _ in self.tags:
            item = QGraphicsSimpleTextItem(chart)
            item.setFont(font)
            item.setBrush(self.LABEL_COLOR)
            item.setData(0, tag)
            item.setZValue(100)  # above the bars
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks reach the bar
            self.tag_labels.append(item)
        self._place_tag_labels()

    def _reset(self) -> QChart:
        self._clear_tag_labels()
        return super()._reset()

    def _clear_tag_labels(self) -> None:
        for item in self.tag_labels:
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.tag_labels = []

    def _place_tag_labels(self) -> None:
        """Each tag at the left of its bar, vertically centred on it, cut to the plot's
        width (a long tag ends in "…" by width, never by height)."""
        chart = self.chart()
        area = chart.plotArea()
        if not self.tag_labels or area.width() <= 0 or not chart.series():
            return
        series_ = chart.series()[0]
        for index, item in enumerate(self.tag_labels):
            centre = chart.mapToPosition(QPointF(0, index), series_)
            metrics = QFontMetricsF(item.font())
            room = max(0.0, area.width() - 8)
            item.setText(metrics.elidedText(str(item.data(0)), Qt.TextElideMode.ElideRight, room))
            height = item.boundingRect().height()
            item.setPos(area.left() + 4, centre.y() - height / 2)

    def describe(self, index: int) -> str:
        if not 0 <= index < len(self.tags):
            return ""
        tag, count = self.tags[index]
        return self.tr("{tag}: {count} ledger entries").format(tag=tag, count=count)

    def select_tag(self, index: int) -> None:
        if not 0 <= index < len(self.tags):
            return
        tag = self.tags[index][0]
        keys = frozenset(c.key for c in self.candidates if tag in c.concept_tags)
        self.sig_filter.emit(keys, self.tr("tag “{tag}”").format(tag=tag))


class ScoreVsSignalsChart(DashboardChart):
    """Each candidate's score against its signal count, with the two gates drawn."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            QCoreApplication.translate("ScoreVsSignalsChart", "Score vs signals (gates)"), parent
        )

    def _draw(self, snap: Snapshot) -> None:
        chart = self._reset()
        max_signals = max([c.signal_count for c in self.candidates] + [5]) + 1
        axis_x = QValueAxis()
        axis_x.setLabelFormat("%d")
        self._integer_axis(axis_x, max_signals)  # a tick at 1.5 read "1"
        max_signals = axis_x.max()
        min_score = float(snap.thresholds.min_score or 0)
        min_signals = float(snap.thresholds.min_recall_count or 0)
        axis_x.setTitleText(self.tr("signals (gate ≥ {n})").format(n=int(min_signals)))
        axis_y = QValueAxis()
        axis_y.setRange(0, 1)
        axis_y.setTickCount(6)  # steps of 0.2: with 5 ticks, 0.25 read "0.3"
        axis_y.setLabelFormat("%.1f")
        axis_y.setTitleText(self.tr("score (gate ≥ {s})").format(s=f"{min_score:.2f}"))
        for axis in (axis_x, axis_y):
            self._small_axis_font(axis)
            font = QFont(axis.titleFont())
            font.setPointSizeF(7)
            axis.setTitleFont(font)
        chart.addAxis(axis_x, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(axis_y, Qt.AlignmentFlag.AlignLeft)
        for label, color, wanted in (
            (self.tr("passes"), PASS_COLOR, True),
            (self.tr("fails"), FAIL_COLOR, False),
        ):
            scatter = QScatterSeries()
            scatter.setName(label)
            scatter.setColor(color)
            scatter.setBorderColor(color.darker(130))
            scatter.setMarkerSize(8)
            # one marker per distinct point (candidates on the same point share it: hover
            # and click find them all, see at_point), and the points are put in after the
            # series is on the chart: added with its points, QtCharts took time growing
            # with their square (5 s for 30,000 candidates, the UI thread blocked)
            points = dict.fromkeys(
                (float(cand.signal_count), float(cand.score))
                for cand in self.candidates
                if self.passes.get(cand.key, cand.passes) == wanted
            )
            scatter.hovered.connect(
                lambda point, state: self._tip(self.describe(point) if state else "")
            )
            scatter.clicked.connect(self.select_point)
            chart.addSeries(scatter)
            scatter.attachAxis(axis_x)
            scatter.attachAxis(axis_y)
            scatter.replace([QPointF(x, y) for x, y in points])
        pen = QPen(GATE_COLOR)
        pen.setStyle(Qt.PenStyle.DashLine)
        for name, points in (
            (f"minScore {min_score:.2f}", [(0, min_score), (max_signals, min_score)]),
            (f"minRecallCount {int(min_signals)}", [(min_signals, 0), (min_signals, 1)]),
        ):
            line = QLineSeries()
            line.setName(name)
            line.setPen(pen)
            for x, y in points:
                line.append(QPointF(x, y))
            chart.addSeries(line)
            line.attachAxis(axis_x)
            line.attachAxis(axis_y)
            for marker in chart.legend().markers(line):
                marker.setVisible(False)  # named on the axes: a legend entry was cut off

    def at_point(self, point: QPointF) -> list[Candidate]:
        return [
            c
            for c in self.candidates
            if abs(c.signal_count - point.x()) < 0.5 and abs(c.score - point.y()) < 0.006
        ]

    def describe(self, point: QPointF) -> str:
        found = self.at_point(point)
        if not found:
            return self.tr("signals {signals}, score {score}").format(
                signals=f"{point.x():.0f}", score=f"{point.y():.3f}"
            )
        lines = [
            self.tr("{where}  score {score}, {signals} signals, {queries} queries").format(
                where=f"{c.path}:{c.start_line}",
                score=f"{c.score:.3f}",
                signals=c.signal_count,
                queries=c.unique_queries,
            )
            for c in found[:4]
        ]
        return "\n".join(lines)

    def select_point(self, point: QPointF) -> None:
        found = self.at_point(point)
        if found:
            label = (
                found[0].path if len(found) == 1 else self.tr("{n} candidates").format(n=len(found))
            )
            self.sig_filter.emit(frozenset(c.key for c in found), label)


class LedgerGrowthChart(DashboardChart):
    """Ledger entries and promoted entries over time."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(
            QCoreApplication.translate("LedgerGrowthChart", "Ledger size / promoted"), parent
        )
        self.growth = series.Growth((), (), ())

    def empty_message(self, snap: Snapshot) -> str | None:
        self.growth = series.ledger_growth(snap.entries, snap.timezone)
        return None if self.growth.days else self.tr("The recall ledger is empty")

    @staticmethod
    def _ms(day: str) -> float:
        return datetime.fromisoformat(day).timestamp() * 1000

    def _draw(self, snap: Snapshot) -> None:
        chart = self._reset()
        axis_x = QDateTimeAxis()
        axis_x.setFormat("MM-dd")
        axis_x.setTickCount(5)
        axis_y = QValueAxis()
        axis_y.setLabelFormat("%d")
        for axis in (axis_x, axis_y):
            self._small_axis_font(axis)
        chart.addAxis(axis_x, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(axis_y, Qt.AlignmentFlag.AlignLeft)
        top = 1
        for name, values, color in (
            (self.tr("entries"), self.growth.entries, QColor("#4e79a7")),
            (self.tr("promoted"), self.growth.promoted, QColor("#59a14f")),
        ):
            line = QLineSeries()
            line.setName(name)
            line.setColor(color)
            line.setPointsVisible(True)
            for day, value in zip(self.growth.days, values, strict=True):
                line.append(QPointF(self._ms(day), value))
                top = max(top, value)
            line.hovered.connect(
                lambda point, state: self._tip(self.describe(point) if state else "")
            )
            line.clicked.connect(self.select_point)
            chart.addSeries(line)
            line.attachAxis(axis_x)
            line.attachAxis(axis_y)
        self._integer_axis(axis_y, top + 1)
        if self.growth.days:
            first = datetime.fromisoformat(self.growth.days[0])
            last = datetime.fromisoformat(self.growth.days[-1])
            if first == last:  # one day: a range of nothing drew nothing at all
                first, last = first - timedelta(days=1), last + timedelta(days=1)
            axis_x.setRange(first, last)
            # a tick per day at most: 5 ticks over two days read "12-03, 12-03, 12-04..."
            axis_x.setTickCount(min(5, (last - first).days + 1))

    def _nearest_day(self, point: QPointF) -> int:
        if not self.growth.days:
            return -1
        distances = [abs(self._ms(d) - point.x()) for d in self.growth.days]
        return distances.index(min(distances))

    def describe(self, point: QPointF) -> str:
        i = self._nearest_day(point)
        if i < 0:
            return ""
        g = self.growth
        return self.tr("{day}: {entries} entries, {promoted} promoted").format(
            day=g.days[i], entries=g.entries[i], promoted=g.promoted[i]
        )

    def select_point(self, point: QPointF) -> None:
        i = self._nearest_day(point)
        if i < 0:
            return
        day = self.growth.days[i]
        keys = frozenset(
            c.key for c in self.candidates if series.first_day(c, self.timezone) == day
        )
        self.sig_filter.emit(keys, self.tr("first recalled on {day}").format(day=day))

    timezone: str | None = None

    def update_data(self, snap: Snapshot, passes: dict[str, bool]) -> None:
        self.timezone = snap.timezone
        super().update_data(snap, passes)
