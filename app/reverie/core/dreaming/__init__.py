"""OpenClaw-compatible dreaming: recall ledger scoring, phases and reviewed promotion.

The service entry point is :class:`reverie.core.dreaming.engine.DreamEngine`.
"""

from __future__ import annotations
