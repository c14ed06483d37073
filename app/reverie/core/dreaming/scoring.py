"""Deep-phase scoring: OpenClaw's ``rankShortTermPromotionCandidates``.

Six components, each in [0, 1]:

* frequency = ln(1 + signals) / ln(11), signals = recall + daily + grounded counts;
* relevance = totalScore / max(1, signals);
* diversity = max(#queryHashes, #recallDays) / 5;
* recency = exp(-ln2 / halfLife * ageDays), age from ``lastRecalledAt``;
* consolidation = max(spacing of the recall days, groundedCount / 3);
* conceptual = #conceptTags / 6.

score = sum(weight * component) + phase boost (light/REM reinforcement, at most 0.15).
The gate compares the unclamped score; the reported score is clamped to [0, 1]. Weights
and thresholds are configurable; invalid values fall back to OpenClaw's defaults.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from reverie.core.dreaming.snippets import (
    clamp_score,
    is_contaminated_dreaming_snippet,
    is_short_term_memory_path,
)
from reverie.core.jscompat import (
    DAY_MS,
    locale_compare_key,
    parse_js_date,
)

DEFAULT_MIN_SCORE = 0.75
DEFAULT_MIN_RECALL_COUNT = 3
DEFAULT_MIN_UNIQUE_QUERIES = 2
DEFAULT_RECENCY_HALF_LIFE_DAYS = 14.0
PHASE_LIGHT_BOOST_MAX = 0.06
PHASE_REM_BOOST_MAX = 0.09
PHASE_HALF_LIFE_DAYS = 14.0

WEIGHT_NAMES: tuple[str, ...] = (
    "frequency",
    "relevance",
    "diversity",
    "recency",
    "consolidation",
    "conceptual",
)
DEFAULT_WEIGHTS: dict[str, float] = {
    "frequency": 0.24,
    "relevance": 0.3,
    "diversity": 0.15,
    "recency": 0.15,
    "consolidation": 0.1,
    "conceptual": 0.06,
}


def _number(value: Any) -> float:
    if value is None or isinstance(value, bool):
        return math.nan if value is None else float(value)
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def finite_score(value: Any, fallback: float) -> float:
    """A threshold in [0, 1], else ``fallback``."""
    number = _number(value)
    if not math.isfinite(number) or number < 0 or number > 1:
        return fallback
    return number


def finite_nonneg_int(value: Any, fallback: int) -> int:
    """``floor(value)`` when finite and >= 0, else ``fallback``."""
    number = _number(value)
    if not math.isfinite(number):
        return fallback
    floored = math.floor(number)
    return fallback if floored < 0 else floored


def finite_positive(value: Any, fallback: float) -> float:
    """``value`` when finite and > 0, else ``fallback``."""
    number = _number(value)
    if not math.isfinite(number) or number <= 0:
        return fallback
    return number


def normalize_weights(weights: Mapping[str, Any] | None = None) -> dict[str, float]:
    """Merge with the defaults, clamp negatives to 0, re-normalise to sum 1."""
    merged = dict(DEFAULT_WEIGHTS)
    if weights:
        for name in WEIGHT_NAMES:
            if name in weights and weights[name] is not None:
                merged[name] = _number(weights[name])
    clamped = {
        name: max(0.0, merged[name]) if not math.isnan(merged[name]) else math.nan
        for name in WEIGHT_NAMES
    }
    total = sum(clamped.values())
    if not total > 0:
        return dict(DEFAULT_WEIGHTS)
    return {name: clamped[name] / total for name in WEIGHT_NAMES}


def recency_component(age_days: float, half_life_days: float) -> float:
    """``exp(-ln2 / halfLife * age)``; 1 for invalid input."""
    if not math.isfinite(age_days) or age_days < 0:
        return 1.0
    if not math.isfinite(half_life_days) or half_life_days <= 0:
        return 1.0
    return math.exp(-(math.log(2) / half_life_days) * age_days)


def consolidation_component(recall_days: list[str]) -> float:
    """Spacing of recall days: 0 for none, 0.2 for one, more for spread-out days."""
    if not recall_days:
        return 0.0
    if len(recall_days) == 1:
        return 0.2
    parsed = sorted(
        ms
        for ms in (parse_js_date(f"{day}T00:00:00.000Z") for day in recall_days)
        if ms is not None
    )
    if len(parsed) <= 1:
        return 0.2
    span_days = max(0.0, (parsed[-1] - parsed[0]) / DAY_MS)
    spacing = clamp_score(math.log1p(len(parsed) - 1) / math.log1p(4))
    span = clamp_score(span_days / 7)
    return clamp_score(0.55 * spacing + 0.45 * span)


def conceptual_component(tags: list[str]) -> float:
    """``#tags / 6`` clamped."""
    return clamp_score(len(tags) / 6)


def _phase_age_days(stamp: Any, now_ms: float) -> float | None:
    if not stamp:
        return None
    parsed = parse_js_date(stamp)
    if parsed is None:
        return None
    return max(0.0, (now_ms - parsed) / DAY_MS)


def phase_signal_boost(entry: Mapping[str, Any] | None, now_ms: float) -> float:
    """Light/REM reinforcement added to the deep score (at most 0.15)."""
    if not entry:
        return 0.0
    light = clamp_score(math.log1p(max(0, entry.get("lightHits", 0))) / math.log1p(6))
    rem = clamp_score(math.log1p(max(0, entry.get("remHits", 0))) / math.log1p(6))
    light_age = _phase_age_days(entry.get("lastLightAt"), now_ms)
    rem_age = _phase_age_days(entry.get("lastRemAt"), now_ms)
    light_recency = (
        0.0
        if light_age is None
        else clamp_score(recency_component(light_age, PHASE_HALF_LIFE_DAYS))
    )
    rem_recency = (
        0.0 if rem_age is None else clamp_score(recency_component(rem_age, PHASE_HALF_LIFE_DAYS))
    )
    return clamp_score(
        PHASE_LIGHT_BOOST_MAX * light * light_recency + PHASE_REM_BOOST_MAX * rem * rem_recency
    )


@dataclass(frozen=True)
class Thresholds:
    """Promotion gates. ``None`` fields take OpenClaw's function defaults."""

    min_score: float | None = None
    min_recall_count: int | None = None
    min_unique_queries: int | None = None
    max_age_days: float | None = None
    limit: float | None = None
    include_promoted: bool = False

    def resolved(self) -> Thresholds:
        """Thresholds with invalid or missing values replaced by the defaults."""
        return replace(
            self,
            min_score=finite_score(self.min_score, DEFAULT_MIN_SCORE),
            min_recall_count=finite_nonneg_int(self.min_recall_count, DEFAULT_MIN_RECALL_COUNT),
            min_unique_queries=finite_nonneg_int(
                self.min_unique_queries, DEFAULT_MIN_UNIQUE_QUERIES
            ),
            max_age_days=finite_nonneg_int(self.max_age_days, -1),
        )


DEEP_DEFAULT_THRESHOLDS = Thresholds(
    min_score=0.8, min_recall_count=3, min_unique_queries=3, max_age_days=30, limit=10
)


@dataclass(frozen=True)
class ScoringConfig:
    """Weights and recency half-life for the deep phase."""

    weights: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    recency_half_life_days: float = DEFAULT_RECENCY_HALF_LIFE_DAYS


def score_entry(
    entry: Mapping[str, Any],
    phase_entry: Mapping[str, Any] | None,
    now_ms: float,
    *,
    weights: Mapping[str, float] | None = None,
    half_life_days: float | None = None,
) -> dict[str, Any]:
    """Score one normalised ledger entry, OpenClaw's candidate shape plus ``rawScore``
    (unclamped, used by the gate), ``phaseBoost`` and ``contextDiversity``."""
    normalized_weights = normalize_weights(weights)
    half_life = finite_positive(half_life_days, DEFAULT_RECENCY_HALF_LIFE_DAYS)
    recall = max(0, math.floor(entry.get("recallCount") or 0))
    daily = max(0, math.floor(entry.get("dailyCount") or 0))
    grounded = max(0, math.floor(entry.get("groundedCount") or 0))
    signals = recall + daily + grounded
    avg = clamp_score(entry.get("totalScore", 0) / max(1, signals))
    frequency = clamp_score(math.log1p(signals) / math.log1p(10))
    query_hashes = entry.get("queryHashes") or []
    recall_days = list(entry.get("recallDays") or [])
    unique_queries = len(query_hashes)
    context_diversity = max(unique_queries, len(recall_days))
    diversity = clamp_score(context_diversity / 5)
    last_ms = parse_js_date(entry.get("lastRecalledAt"))
    age_days = max(0.0, (now_ms - last_ms) / DAY_MS) if last_ms is not None else 0
    recency = clamp_score(recency_component(age_days, half_life))
    tags = list(entry.get("conceptTags") or [])
    consolidation = max(consolidation_component(recall_days), clamp_score(grounded / 3))
    conceptual = conceptual_component(tags)
    boost = phase_signal_boost(phase_entry, now_ms)
    components = {
        "frequency": frequency,
        "relevance": avg,
        "diversity": diversity,
        "recency": recency,
        "consolidation": consolidation,
        "conceptual": conceptual,
    }
    raw = sum(normalized_weights[name] * components[name] for name in WEIGHT_NAMES) + boost
    candidate: dict[str, Any] = {
        "key": entry["key"],
        "path": entry["path"],
        "startLine": entry["startLine"],
        "endLine": entry["endLine"],
        "source": entry.get("source", "memory"),
        "snippet": entry.get("snippet", ""),
        "recallCount": recall,
        "dailyCount": daily,
        "groundedCount": grounded,
        "signalCount": signals,
        "avgScore": avg,
        "maxScore": clamp_score(entry.get("maxScore", 0)),
        "uniqueQueries": unique_queries,
    }
    if entry.get("claimHash"):
        candidate["claimHash"] = entry["claimHash"]
    if entry.get("promotedAt"):
        candidate["promotedAt"] = entry["promotedAt"]
    candidate.update(
        {
            "firstRecalledAt": entry.get("firstRecalledAt"),
            "lastRecalledAt": entry.get("lastRecalledAt"),
            "ageDays": age_days,
            "score": clamp_score(raw),
            "recallDays": recall_days,
            "conceptTags": tags,
            "components": components,
        }
    )
    return {
        "candidate": candidate,
        "rawScore": raw,
        "phaseBoost": boost,
        "contextDiversity": context_diversity,
    }


def gate_results(scored: Mapping[str, Any], thresholds: Thresholds) -> dict[str, bool]:
    """Which gates a scored entry passes, in OpenClaw's order of checks."""
    t = thresholds.resolved()
    candidate = scored["candidate"]
    return {
        "shortTermPath": is_short_term_memory_path(candidate["path"]),
        "notPromoted": t.include_promoted or not candidate.get("promotedAt"),
        "hasSignal": candidate["signalCount"] > 0,
        "recallCount": candidate["signalCount"] >= (t.min_recall_count or 0),
        "uniqueQueries": scored["contextDiversity"] >= (t.min_unique_queries or 0),
        "maxAge": (t.max_age_days or 0) < 0 or candidate["ageDays"] <= (t.max_age_days or 0),
        "score": scored["rawScore"] >= (t.min_score or 0),
    }


def sort_candidates(candidates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Score desc, then recallCount desc, then path by ``localeCompare``."""
    return sorted(
        candidates,
        key=lambda c: (-c["score"], -c["recallCount"], locale_compare_key(c["path"])),
    )


def apply_limit(items: list[Any], limit: Any) -> list[Any]:
    """``slice(0, floor(limit))`` when the limit is finite, else everything."""
    number = _number(limit)
    if not math.isfinite(number):
        return items
    return items[: max(0, math.floor(number))]


def rank_entries(
    store: Mapping[str, Any],
    phase_signals: Mapping[str, Any] | None,
    now_ms: float,
    thresholds: Thresholds | None = None,
    config: ScoringConfig | None = None,
) -> list[dict[str, Any]]:
    """Rank a normalised store; the candidates that pass every gate, best first."""
    t = (thresholds or Thresholds()).resolved()
    cfg = config or ScoringConfig()
    phase_entries = (phase_signals or {}).get("entries") or {}
    passed: list[dict[str, Any]] = []
    for entry in store.get("entries", {}).values():
        if entry.get("source") != "memory" or not is_short_term_memory_path(entry.get("path", "")):
            continue
        if is_contaminated_dreaming_snippet(entry.get("snippet", "")):
            continue
        scored = score_entry(
            entry,
            phase_entries.get(entry["key"]),
            now_ms,
            weights=cfg.weights,
            half_life_days=cfg.recency_half_life_days,
        )
        gates = gate_results(scored, t)
        if all(gates.values()):
            passed.append(scored["candidate"])
    return apply_limit(sort_candidates(passed), t.limit)


def rank_short_term_promotion_candidates(
    workspace_root: Path,
    now: datetime | float | int | None = None,
    *,
    limit: float | None = None,
    min_score: float | None = None,
    min_recall_count: int | None = None,
    min_unique_queries: int | None = None,
    max_age_days: float | None = None,
    include_promoted: bool = False,
    recency_half_life_days: float | None = None,
    weights: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """OpenClaw's ``rankShortTermPromotionCandidates`` on a workspace (read-only)."""
    from reverie.core.dreaming import ledger

    ms = ledger.now_ms(now)
    store = ledger.read_store(workspace_root, ms)
    signals = ledger.read_phase_signals(workspace_root, ms)
    thresholds = Thresholds(
        min_score=min_score,
        min_recall_count=min_recall_count,
        min_unique_queries=min_unique_queries,
        max_age_days=max_age_days,
        limit=limit,
        include_promoted=include_promoted,
    )
    config = ScoringConfig(
        weights=dict(weights) if weights else dict(DEFAULT_WEIGHTS),
        recency_half_life_days=finite_positive(
            recency_half_life_days, DEFAULT_RECENCY_HALF_LIFE_DAYS
        ),
    )
    return rank_entries(store, signals, ms, thresholds, config)
