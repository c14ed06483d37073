"""Dreaming configuration with OpenClaw's defaults (``plugins.entries.memory-core.config.dreaming``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reverie.core.dreaming.scoring import DEFAULT_WEIGHTS, Thresholds

STORAGE_MODES = ("inline", "separate", "both")


def _num(
    value: Any, fallback: float, *, minimum: float | None = None, maximum: float | None = None
) -> float:
    """A number (numeric strings accepted); invalid or out-of-range values give ``fallback``."""
    try:
        number = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        return fallback
    if not math.isfinite(number):
        return fallback
    if minimum is not None and number < minimum:
        return fallback
    if maximum is not None and number > maximum:
        return fallback
    return number


def _section(raw: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """The object under ``key``, or an empty one when it is missing or not an object."""
    value = raw.get(key)
    return value if isinstance(value, Mapping) else {}


@dataclass(frozen=True)
class LightConfig:
    """Light phase ("sort and stage")."""

    enabled: bool = True
    lookback_days: int = 2
    limit: int = 100
    dedupe_similarity: float = 0.9


@dataclass(frozen=True)
class RemConfig:
    """REM phase ("reflect")."""

    enabled: bool = True
    lookback_days: int = 7
    limit: int = 10
    min_pattern_strength: float = 0.75


@dataclass(frozen=True)
class DeepConfig:
    """Deep phase (rank, then promote after review)."""

    enabled: bool = True
    limit: int = 10
    min_score: float = 0.8
    min_recall_count: int = 3
    min_unique_queries: int = 3
    recency_half_life_days: float = 14.0
    max_age_days: int = 30
    memory_file_max_chars: int = 0
    auto_apply: bool = False

    def thresholds(self, include_promoted: bool = False) -> Thresholds:
        """The deep thresholds as :class:`Thresholds`."""
        return Thresholds(
            min_score=self.min_score,
            min_recall_count=self.min_recall_count,
            min_unique_queries=self.min_unique_queries,
            max_age_days=self.max_age_days,
            limit=self.limit,
            include_promoted=include_promoted,
        )


@dataclass(frozen=True)
class DreamingConfig:
    """Everything the dreaming engine can be told; defaults are OpenClaw's."""

    timezone: str | None = None
    storage_mode: str = "separate"
    separate_reports: bool = False
    light: LightConfig = field(default_factory=LightConfig)
    rem: RemConfig = field(default_factory=RemConfig)
    deep: DeepConfig = field(default_factory=DeepConfig)
    weights: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    promotion_style: str = "openclaw"
    """How an approval is written: ``openclaw`` (OpenClaw's bullet and section, byte for
    byte) or ``reverie`` (the proposed fact, added to today's section); see
    :mod:`reverie.core.dreaming.fact_text`."""

    @staticmethod
    def from_openclaw(raw: Mapping[str, Any] | None) -> DreamingConfig:
        """Parse OpenClaw's ``dreaming`` config object (numbers may be strings)."""
        raw = raw or {}
        storage = _section(raw, "storage")
        phases = _section(raw, "phases")
        light_raw = _section(phases, "light")
        rem_raw = _section(phases, "rem")
        deep_raw = _section(phases, "deep")
        raw_mode = storage.get("mode")
        mode = raw_mode if isinstance(raw_mode, str) and raw_mode in STORAGE_MODES else "separate"
        light_d, rem_d, deep_d = LightConfig(), RemConfig(), DeepConfig()
        return DreamingConfig(
            timezone=raw.get("timezone") if isinstance(raw.get("timezone"), str) else None,
            storage_mode=mode,
            separate_reports=bool(storage.get("separateReports", False)),
            light=LightConfig(
                enabled=light_raw.get("enabled", True) is not False,
                lookback_days=int(
                    _num(light_raw.get("lookbackDays"), light_d.lookback_days, minimum=0)
                ),
                limit=int(_num(light_raw.get("limit"), light_d.limit, minimum=0)),
                dedupe_similarity=_num(
                    light_raw.get("dedupeSimilarity"),
                    light_d.dedupe_similarity,
                    minimum=0,
                    maximum=1,
                ),
            ),
            rem=RemConfig(
                enabled=rem_raw.get("enabled", True) is not False,
                lookback_days=int(
                    _num(rem_raw.get("lookbackDays"), rem_d.lookback_days, minimum=0)
                ),
                limit=int(_num(rem_raw.get("limit"), rem_d.limit, minimum=0)),
                min_pattern_strength=_num(
                    rem_raw.get("minPatternStrength"),
                    rem_d.min_pattern_strength,
                    minimum=0,
                    maximum=1,
                ),
            ),
            deep=DeepConfig(
                enabled=deep_raw.get("enabled", True) is not False,
                limit=int(_num(deep_raw.get("limit"), deep_d.limit, minimum=0)),
                min_score=_num(deep_raw.get("minScore"), deep_d.min_score, minimum=0, maximum=1),
                min_recall_count=int(
                    _num(deep_raw.get("minRecallCount"), deep_d.min_recall_count, minimum=0)
                ),
                min_unique_queries=int(
                    _num(deep_raw.get("minUniqueQueries"), deep_d.min_unique_queries, minimum=0)
                ),
                recency_half_life_days=_num(
                    deep_raw.get("recencyHalfLifeDays"), deep_d.recency_half_life_days, minimum=1e-9
                ),
                max_age_days=int(_num(deep_raw.get("maxAgeDays"), deep_d.max_age_days, minimum=0)),
            ),
        )
