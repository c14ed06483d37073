"""Scrolling a panel scrolls the panel: the wheel changes no value on its way.

Qt gives a wheel event to the spin box, slider or drop-down under the pointer, so a person
scrolling down the what-if panel changed the candidate multiplier, the fusion and the
weights it passed over (and the results re-ranked). With the guard, a wheel turns a value
only in the control the person has clicked into; elsewhere it scrolls the area.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QWidget,
)


class WheelGuard(QObject):
    """Sends the wheel events of unfocused value controls to the scroll area's bar."""

    def __init__(self, area: QAbstractScrollArea) -> None:
        super().__init__(area)
        self.area = area

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt API)
        if event.type() != QEvent.Type.Wheel:
            return False
        if isinstance(watched, QWidget) and watched.hasFocus():
            return False  # clicked into: the wheel turns its value
        QCoreApplication.sendEvent(self.area.verticalScrollBar(), event)
        return True


def guard_wheel(area: QAbstractScrollArea, panel: QWidget) -> None:
    """Let the wheel over ``panel``'s value controls scroll ``area`` unless one has focus."""
    guard = WheelGuard(area)
    controls: list[QWidget] = []
    for kind in (QAbstractSpinBox, QComboBox, QAbstractSlider):
        controls.extend(panel.findChildren(kind))
    for control in controls:
        if control is area.verticalScrollBar():
            continue
        control.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # not focused by the wheel
        control.installEventFilter(guard)
