"""A horizontal slider over a range of real values, with the value shown beside it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSlider, QWidget


class ValueSlider(QWidget):
    """``lo``..``hi`` in steps of ``step``; ``fmt`` formats the label. ``changed`` fires on
    every move (by hand or by :meth:`set_value`)."""

    changed = Signal()

    def __init__(
        self, lo: float = 0.0, hi: float = 1.0, step: float = 0.01, fmt: str = "{:.2f}"
    ) -> None:
        super().__init__()
        self.lo, self.step, self.fmt = lo, step, fmt
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, round((hi - lo) / step))
        self.label = QLabel()
        self.label.setMinimumWidth(40)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.label)
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self._show()

    def value(self) -> float:
        return self.lo + self.slider.value() * self.step

    def set_value(self, value: float) -> None:
        self.slider.setValue(round((value - self.lo) / self.step))
        self._show()

    def _show(self) -> None:
        self.label.setText(self.fmt.format(self.value()))

    def _on_slider_value_changed(self, _value: int) -> None:
        self._show()
        self.changed.emit()
