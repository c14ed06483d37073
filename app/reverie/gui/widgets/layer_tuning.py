"""What-if rows for memory layers: which layers search may return, and a weight for each."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QGridLayout, QLabel, QWidget

from ...core.layers import Layer
from ...core.settings import SearchSettings


class LayerTuning(QWidget):
    """A checkbox (returned or not) and a weight (× score, 1 = off) for each of L0-L3."""

    sig_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._loading = False
        self.include: dict[Layer, QCheckBox] = {}
        self.weight: dict[Layer, QDoubleSpinBox] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(self.tr("weight")), 1, 0)
        titles = {
            Layer.L0: self.tr("L0 context"),
            Layer.L1: self.tr("L1 experience"),
            Layer.L2: self.tr("L2 long-term"),
            Layer.L3: self.tr("L3 purpose"),
        }
        for column, layer in enumerate(Layer, start=1):
            box = QCheckBox(titles[layer])
            box.setChecked(True)
            box.setToolTip(self.tr("Return results from this layer"))
            spin = QDoubleSpinBox()
            spin.setRange(0.0, 5.0)
            spin.setSingleStep(0.1)
            spin.setDecimals(2)
            spin.setValue(1.0)
            spin.setToolTip(self.tr("Each result's score × this weight (1: unchanged)"))
            box.toggled.connect(self._emit)
            spin.valueChanged.connect(self._emit)
            grid.addWidget(box, 0, column)
            grid.addWidget(spin, 1, column)
            self.include[layer] = box
            self.weight[layer] = spin

    def set_settings(self, settings: SearchSettings) -> None:
        """Show the layer settings of ``settings`` without emitting a change."""
        self._loading = True
        chosen = {str(v).upper() for v in settings.layer_filter or ()}
        weights = tuple(settings.layer_weights or ())
        for layer in Layer:
            self.include[layer].setChecked(not chosen or layer.code in chosen)
            value = weights[int(layer)] if int(layer) < len(weights) else 1.0
            self.weight[layer].setValue(float(value))
        self._loading = False

    def changes(self) -> dict[str, Any]:
        """``layer_filter`` and ``layer_weights`` for :meth:`SearchSettings.with_changes`."""
        chosen = tuple(layer.code for layer in Layer if self.include[layer].isChecked())
        return {
            "layer_filter": () if len(chosen) == len(Layer) else chosen,
            "layer_weights": tuple(round(self.weight[layer].value(), 2) for layer in Layer),
        }

    def _emit(self, *_args: object) -> None:
        if not self._loading:
            self.sig_changed.emit()
