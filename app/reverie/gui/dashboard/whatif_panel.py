"""What-if thresholds and weights: sliders whose values re-rank the candidates without
writing anything."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from reverie.core.dreaming.scoring import DEFAULT_WEIGHTS, WEIGHT_NAMES
from reverie.gui.dashboard.candidates_model import component_label
from reverie.gui.widgets.value_slider import ValueSlider


class WhatIfPanel(QWidget):
    """Emits ``sig_changed(settings)`` (debounced) while on; ``None`` when turned off."""

    sig_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.enabled = QCheckBox(self.tr("Try other thresholds and weights (writes nothing)"))
        self.sliders: dict[str, ValueSlider] = {
            "min_score": ValueSlider(0.0, 1.0, 0.01, "{:.2f}"),
            "min_recall_count": ValueSlider(0, 20, 1, "{:.0f}"),
            "min_unique_queries": ValueSlider(0, 20, 1, "{:.0f}"),
            "max_age_days": ValueSlider(0, 120, 1, "{:.0f}"),
        }
        for name in WEIGHT_NAMES:
            self.sliders[name] = ValueSlider(0.0, 1.0, 0.01, "{:.2f}")
        self.reset = QPushButton(self.tr("Back to the configured values"))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        form = QFormLayout()
        labels = {
            "min_score": "minScore",
            "min_recall_count": "minRecallCount",
            "min_unique_queries": "minUniqueQueries",
            "max_age_days": "maxAgeDays",
        }
        for name, slider in self.sliders.items():
            label = labels.get(name) or self.tr("weight: {name}").format(name=component_label(name))
            form.addRow(label, slider)
            slider.changed.connect(self._schedule)
        layout = QVBoxLayout(self)
        layout.addWidget(self.enabled)
        layout.addLayout(form)
        layout.addWidget(self.reset)
        layout.addWidget(self.summary)
        layout.addStretch(1)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(250)
        self.timer.timeout.connect(self._emit)
        self.enabled.toggled.connect(self._on_enabled_toggled)
        self.reset.clicked.connect(self._on_reset_clicked)
        self.defaults: dict[str, float] = {}
        self.set_defaults(0.8, 3, 3, 30, DEFAULT_WEIGHTS)

    def set_defaults(
        self,
        min_score: float,
        min_recall_count: int,
        min_unique_queries: int,
        max_age_days: float,
        weights: Mapping[str, float],
    ) -> None:
        self.defaults = {
            "min_score": min_score,
            "min_recall_count": min_recall_count,
            "min_unique_queries": min_unique_queries,
            "max_age_days": max_age_days if max_age_days >= 0 else 120,
            **{name: float(weights.get(name, 0.0)) for name in WEIGHT_NAMES},
        }
        self._load(self.defaults)

    def _load(self, values: Mapping[str, float]) -> None:
        for name, slider in self.sliders.items():
            slider.blockSignals(True)
            slider.set_value(values[name])
            slider.blockSignals(False)

    def values(self) -> dict[str, float]:
        return {name: slider.value() for name, slider in self.sliders.items()}

    def set_values(self, **values: float) -> None:
        """Set sliders (used by tests and scripts); emits after the debounce."""
        for name, value in values.items():
            self.sliders[name].set_value(value)
        self._schedule()

    def _schedule(self) -> None:
        if self.enabled.isChecked():
            self.timer.start()

    def _emit(self) -> None:
        self.sig_changed.emit(self.values() if self.enabled.isChecked() else None)

    def _on_enabled_toggled(self, _on: bool) -> None:
        self.timer.stop()
        self._emit()

    def _on_reset_clicked(self) -> None:
        self._load(self.defaults)
        self._schedule()
