"""Light, dark or the system's look for the whole application, switchable at run time."""

from __future__ import annotations

import contextlib
import logging

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

log = logging.getLogger(__name__)

THEMES: tuple[str, ...] = ("system", "light", "dark")

_ORIGINAL_STYLE = "_reverie_original_style"
_ORIGINAL_PALETTE = "_reverie_original_palette"
_CURRENT = "_reverie_theme"


def dark_palette() -> QPalette:
    """A dark palette for the Fusion style (readable text, visible disabled state)."""
    p = QPalette()
    window, base, alt = QColor(45, 45, 48), QColor(30, 30, 32), QColor(52, 52, 56)
    text, dim, link = QColor(225, 225, 228), QColor(128, 128, 134), QColor(100, 160, 245)
    highlight = QColor(42, 110, 200)
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: alt,
        QPalette.ColorRole.ToolTipBase: alt,
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: dim,
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: window,
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor(255, 90, 90),
        QPalette.ColorRole.Light: QColor(70, 70, 74),
        QPalette.ColorRole.Midlight: QColor(60, 60, 64),
        QPalette.ColorRole.Mid: QColor(38, 38, 40),
        QPalette.ColorRole.Dark: QColor(24, 24, 26),
        QPalette.ColorRole.Shadow: QColor(0, 0, 0),
        QPalette.ColorRole.Highlight: highlight,
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.Link: link,
        QPalette.ColorRole.LinkVisited: QColor(170, 130, 240),
    }
    for role, color in roles.items():
        p.setColor(role, color)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, dim)
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Highlight, QColor(70, 70, 74))
    return p


def light_palette() -> QPalette:
    """The Fusion style's own light palette."""
    style = QStyleFactory.create("Fusion")
    if style is None:
        return QPalette()
    return style.standardPalette()


def current_theme(app: QApplication) -> str:
    value = app.property(_CURRENT)
    return str(value) if value in THEMES else "system"


def apply_theme(app: QApplication, theme: str) -> str:
    """Switch ``app`` to ``theme`` (system / light / dark); returns the theme applied.

    Light and dark use the Fusion style with a fixed palette, so they look the same on
    every platform; system restores the style and palette the application started with.
    An unknown name means system.
    """
    theme = theme if theme in THEMES else "system"
    if app.property(_ORIGINAL_STYLE) is None:  # remember the start-up look once
        app.setProperty(_ORIGINAL_STYLE, app.style().name())
        app.setProperty(_ORIGINAL_PALETTE, QPalette(app.palette()))
    if theme == "system":
        original = str(app.property(_ORIGINAL_STYLE) or "")
        if original and app.style().name().lower() != original.lower():
            app.setStyle(original)
        _set_color_scheme(app, Qt.ColorScheme.Unknown)
        palette = app.property(_ORIGINAL_PALETTE)
        app.setPalette(palette if isinstance(palette, QPalette) else app.style().standardPalette())
    else:
        if app.style().name().lower() != "fusion":
            app.setStyle("Fusion")
        dark = theme == "dark"
        _set_color_scheme(app, Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light)
        app.setPalette(dark_palette() if dark else light_palette())
    app.setProperty(_CURRENT, theme)
    log.info("theme: %s", theme)
    return theme


def is_dark(palette: QPalette) -> bool:
    """Whether ``palette`` draws light text on a dark window."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def _set_color_scheme(app: QApplication, scheme: Qt.ColorScheme) -> None:
    """Tell the platform (Qt 6.8+) too, so native dialogs follow where it can."""
    hints = app.styleHints()
    if scheme == Qt.ColorScheme.Unknown:
        with contextlib.suppress(AttributeError):
            hints.unsetColorScheme()
        return
    with contextlib.suppress(AttributeError):
        hints.setColorScheme(scheme)
