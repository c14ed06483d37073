"""The GUI fixtures (a controller, a dream dashboard) for the GUI reliability tests."""

from __future__ import annotations

import importlib.util

if importlib.util.find_spec("PySide6") and importlib.util.find_spec("pytestqt"):
    from tests.gui.conftest import controller  # noqa: F401
    from tests.gui.dashboard.conftest import dashboard, dream_ws  # noqa: F401
