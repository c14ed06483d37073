"""The dreaming dashboard: ledger plots, phase status and reviewed promotion."""

from __future__ import annotations

from reverie.gui.dashboard.dashboard import DreamDashboard

__all__ = ["DreamDashboard"]
