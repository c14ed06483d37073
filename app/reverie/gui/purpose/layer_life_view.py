"""The layer-life plot: each layer's volume over time against its reuse, and what to archive."""

from __future__ import annotations

from datetime import datetime, time

from PySide6.QtCharts import QChart, QChartView, QDateTimeAxis, QLineSeries, QValueAxis
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.layer_life import LayerLife, LayerPoint
from ...core.layers import Layer

LAYER_COLORS = {
    Layer.L0: QColor("#4e79a7"),
    Layer.L1: QColor("#f28e2b"),
    Layer.L2: QColor("#59a14f"),
    Layer.L3: QColor("#b07aa1"),
}
LAYER_NAMES = {
    Layer.L0: QT_TRANSLATE_NOOP("LayerNames", "context"),
    Layer.L1: QT_TRANSLATE_NOOP("LayerNames", "experience"),
    Layer.L2: QT_TRANSLATE_NOOP("LayerNames", "long-term"),
    Layer.L3: QT_TRANSLATE_NOOP("LayerNames", "purpose"),
}
VOLUME_FIELDS = (
    ("chars", QT_TRANSLATE_NOOP("LayerLifeView", "characters")),
    ("chunks", QT_TRANSLATE_NOOP("LayerLifeView", "chunks")),
    ("files", QT_TRANSLATE_NOOP("LayerLifeView", "files")),
)
REUSE_FIELDS = (
    ("surfaced", QT_TRANSLATE_NOOP("LayerLifeView", "search results")),
    ("recalls", QT_TRANSLATE_NOOP("LayerLifeView", "ledger recalls")),
)


def layer_name(layer: Layer) -> str:
    """``L0 context`` in the interface language."""
    return f"{layer.code} {QCoreApplication.translate('LayerNames', LAYER_NAMES[layer])}"


def _ms(point: LayerPoint) -> float:
    return datetime.combine(point.start, time(12)).timestamp() * 1000.0


class LayerChart(QChartView):
    """One line per layer over the periods of a :class:`LayerLife`."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(QChart(), parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(170)
        chart = self.chart()
        chart.setTitle(title)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignRight)
        self.series: dict[Layer, QLineSeries] = {}

    def draw(self, life: LayerLife | None, field: str) -> None:
        chart = self.chart()
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        self.series = {}
        if life is None or not life.starts:
            return
        x_axis = QDateTimeAxis()
        x_axis.setFormat("yyyy-MM-dd")
        x_axis.setTickCount(min(8, max(2, len(life.starts))))
        y_axis = QValueAxis()
        y_axis.setLabelFormat("%d")
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        top = 0.0
        for layer in Layer:
            line = QLineSeries()
            line.setName(layer_name(layer))
            pen = QPen(LAYER_COLORS[layer])
            pen.setWidthF(2.0)
            line.setPen(pen)
            for point in life.series(layer):
                value = float(getattr(point, field))
                top = max(top, value)
                line.append(_ms(point), value)
            chart.addSeries(line)
            line.attachAxis(x_axis)
            line.attachAxis(y_axis)
            self.series[layer] = line
        first, last = life.series(Layer.L0)[0], life.series(Layer.L0)[-1]
        x_axis.setRange(
            datetime.combine(first.start, time(0)), datetime.combine(last.start, time(23))
        )
        y_axis.setRange(0, max(1.0, top * 1.05))
        y_axis.applyNiceNumbers()


class LayerLifeView(QWidget):
    """Volume and reuse charts, per-layer totals and the L0 archive candidates."""

    sig_params = Signal(str, int)
    """(bucket "week" or "month", archive after N days): the page recomputes."""
    sig_open = Signal(str, int)
    """(path, line) to open."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.life: LayerLife | None = None
        self.bucket = QComboBox()
        self.bucket.addItem(self.tr("by week"), "week")
        self.bucket.addItem(self.tr("by month"), "month")
        self.volume_field = QComboBox()
        for key, label in VOLUME_FIELDS:
            self.volume_field.addItem(QCoreApplication.translate("LayerLifeView", label), key)
        self.reuse_field = QComboBox()
        for key, label in REUSE_FIELDS:
            self.reuse_field.addItem(QCoreApplication.translate("LayerLifeView", label), key)
        self.archive_days = QSpinBox()
        self.archive_days.setRange(1, 3650)
        self.archive_days.setValue(30)
        self.archive_days.setSuffix(self.tr(" days"))
        controls = QHBoxLayout()
        for label, widget in (
            (self.tr("Period"), self.bucket),
            (self.tr("Volume"), self.volume_field),
            (self.tr("Reuse"), self.reuse_field),
            (self.tr("Archive L0 notes unused after"), self.archive_days),
        ):
            controls.addWidget(QLabel(label))
            controls.addWidget(widget)
        controls.addStretch(1)
        self.volume_chart = LayerChart(self.tr("Volume (what exists by each period's end)"))
        self.reuse_chart = LayerChart(self.tr("Reuse (in each period)"))
        self.totals = QTableWidget(len(Layer), 7)
        self.totals.setObjectName("layerTotals")
        self.totals.setHorizontalHeaderLabels(
            [
                self.tr("Layer"),
                self.tr("Files"),
                self.tr("Characters"),
                self.tr("Chunks"),
                self.tr("Recalls"),
                self.tr("Surfaced"),
                self.tr("Per 1k chars"),
            ]
        )
        self.totals.verticalHeader().setVisible(False)
        header = self.totals.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.totals.setToolTip(
            self.tr(
                "Recalls: recall days in the dreaming ledger. Surfaced: search results that "
                "showed the layer's files. Per 1k chars: both together per 1,000 characters."
            )
        )
        self.totals.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.archive_label = QLabel()
        self.archive_label.setWordWrap(True)
        self.archive = QListWidget()
        self.archive.setObjectName("archiveCandidates")
        self.archive.itemActivated.connect(self._on_archive_activated)
        note = QLabel(
            self.tr(
                "OpenClaw's recall ledger records recalls of daily notes and session notes "
                "only: reuse of L1-L3 shows only what other tools recorded."
            )
        )
        note.setWordWrap(True)

        charts = QSplitter(Qt.Orientation.Vertical)
        charts.addWidget(self.volume_chart)
        charts.addWidget(self.reuse_chart)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.totals)
        lower_layout.addWidget(note)
        lower_layout.addWidget(self.archive_label)
        lower_layout.addWidget(self.archive, 1)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(charts)
        body.addWidget(lower)
        body.setSizes([700, 480])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(controls)
        layout.addWidget(body, 1)
        self.bucket.currentIndexChanged.connect(self._on_params_changed)
        self.archive_days.editingFinished.connect(self._on_params_changed)
        self.volume_field.currentIndexChanged.connect(self._redraw)
        self.reuse_field.currentIndexChanged.connect(self._redraw)

    def params(self) -> tuple[str, int]:
        return str(self.bucket.currentData()), int(self.archive_days.value())

    def _on_params_changed(self, *_args: object) -> None:
        self.sig_params.emit(*self.params())

    def set_life(self, life: LayerLife | None) -> None:
        self.life = life
        self._redraw()
        self._fill_totals()
        self._fill_archive()

    def _redraw(self, *_args: object) -> None:
        self.volume_chart.draw(self.life, str(self.volume_field.currentData()))
        self.reuse_chart.draw(self.life, str(self.reuse_field.currentData()))

    def _fill_totals(self) -> None:
        for row, layer in enumerate(Layer):
            total = self.life.totals(layer) if self.life else None
            values = [layer_name(layer)]
            if total is None:
                values += [""] * 6
            else:
                reuse = total.recalls + total.surfaced
                per_k = reuse / (total.chars / 1000.0) if total.chars else 0.0
                values += [
                    f"{total.files:,}",
                    f"{total.chars:,}",
                    f"{total.chunks:,}",
                    f"{total.recalls:,}",
                    f"{total.surfaced:,}",
                    f"{per_k:.2f}",
                ]
            for column, text in enumerate(values):
                cell = QTableWidgetItem(text)
                if column:
                    cell.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.totals.setItem(row, column, cell)

    def _fill_archive(self) -> None:
        self.archive.clear()
        if self.life is None:
            self.archive_label.clear()
            return
        candidates = self.life.archive
        self.archive_label.setText(
            self.tr(
                "Archive candidates: {count} L0 notes older than {days} days that no recall and "
                "no search ever surfaced (nothing is moved or deleted)."
            ).format(count=len(candidates), days=self.life.archive_after_days)
        )
        for candidate in candidates:
            entry = QListWidgetItem(
                self.tr("{path}  ({days} days, {chars:,} chars)").format(
                    path=candidate.path, days=candidate.age_days, chars=candidate.chars
                )
            )
            entry.setData(Qt.ItemDataRole.UserRole, candidate.path)
            self.archive.addItem(entry)

    def _on_archive_activated(self, entry: QListWidgetItem) -> None:
        self.sig_open.emit(str(entry.data(Qt.ItemDataRole.UserRole)), 1)
