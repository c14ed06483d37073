"""Conformance: temporal decay against ``vectors/temporal_decay.json``."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.core.search.decay import (
    DAY_MS,
    TemporalDecayConfig,
    apply_temporal_decay_to_hybrid_results,
    apply_temporal_decay_to_score,
    calculate_temporal_decay_multiplier,
    decay_detail,
    extract_timestamp,
    is_evergreen_memory_path,
    parse_memory_date_from_path,
    to_decay_lambda,
)
from tests.conformance.vectors_io import case_ids, load_vectors, write_workspace_files

VECTORS = load_vectors("temporal_decay.json")
CASES: list[dict[str, Any]] = VECTORS["cases"]
NOW_MS = VECTORS["defaults"]["nowMs_used"]


def _by_fn(fn: str) -> list[dict[str, Any]]:
    return [c for c in CASES if c["input"]["fn"] == fn]


MULTIPLIER = _by_fn("calculateTemporalDecayMultiplier")
SCORE = _by_fn("applyTemporalDecayToScore")
LAMBDA = _by_fn("toDecayLambda")
PATHS = _by_fn("parseMemoryDateFromPath+isEvergreenMemoryPath")
EXTRACT = _by_fn("extractTimestamp")
BATCH = _by_fn("applyTemporalDecayToHybridResults")

# Why each extractTimestamp case has (or lacks) a timestamp.
EXPECTED_REASONS = {
    "extractTimestamp_memory/2026-04-01.md_memory_ws": "dated",
    "extractTimestamp_memory/projects.md_memory_ws": "evergreen",
    "extractTimestamp_memory/projects.md_sessions_ws": "mtime",
    "extractTimestamp_MEMORY.md_memory_ws": "evergreen",
    "extractTimestamp_MEMORY.md_undefined_ws": "mtime",
    "extractTimestamp_docs/readme.md_memory_ws": "mtime",
    "extractTimestamp_sessions/s.jsonl_sessions_ws": "mtime",
    "extractTimestamp_sessions/s.jsonl_sessions_nows": "no-date",
    "extractTimestamp_sessions/missing.jsonl_sessions_ws": "no-date",
}


def _iso(moment: datetime) -> str:
    """JavaScript's ``Date.prototype.toISOString`` for a UTC datetime."""
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _iso_ms(ms: float) -> str:
    return _iso(datetime.fromtimestamp(ms / 1000, tz=UTC))


def test_every_case_is_present() -> None:
    assert len(CASES) == VECTORS["case_count"] == 52
    groups = [MULTIPLIER, SCORE, LAMBDA, PATHS, EXTRACT, BATCH]
    assert sum(len(g) for g in groups) == len(CASES)
    assert {c["name"] for c in EXTRACT} == set(EXPECTED_REASONS)


@pytest.mark.parametrize("case", MULTIPLIER, ids=case_ids(MULTIPLIER))
def test_multiplier(case: dict[str, Any]) -> None:
    inp = case["input"]
    got = calculate_temporal_decay_multiplier(inp["ageInDays"], inp["halfLifeDays"])
    assert got == pytest.approx(case["output"], rel=1e-12, abs=0)


@pytest.mark.parametrize("case", SCORE, ids=case_ids(SCORE))
def test_apply_to_score(case: dict[str, Any]) -> None:
    inp = case["input"]
    got = apply_temporal_decay_to_score(inp["score"], inp["ageInDays"], inp["halfLifeDays"])
    assert got == pytest.approx(case["output"], rel=1e-12, abs=0)


@pytest.mark.parametrize("case", LAMBDA, ids=case_ids(LAMBDA))
def test_to_decay_lambda(case: dict[str, Any]) -> None:
    assert to_decay_lambda(case["input"]["halfLifeDays"]) == case["output"]


@pytest.mark.parametrize("case", PATHS, ids=case_ids(PATHS))
def test_path_date_and_evergreen(case: dict[str, Any]) -> None:
    path = case["input"]["path"]
    parsed = parse_memory_date_from_path(path)
    assert (None if parsed is None else _iso(parsed)) == case["output"]["date"]
    assert is_evergreen_memory_path(path) == case["output"]["isEvergreen"]


@pytest.mark.parametrize("case", EXTRACT, ids=case_ids(EXTRACT))
def test_extract_timestamp(case: dict[str, Any], tmp_path: Path) -> None:
    inp = case["input"]
    write_workspace_files(tmp_path, inp["workspace_files"])
    workspace = tmp_path if inp["useWorkspace"] else None
    timestamp_ms, reason = extract_timestamp(inp["filePath"], inp.get("source"), workspace)
    assert (None if timestamp_ms is None else _iso_ms(timestamp_ms)) == case["output"]
    assert reason == EXPECTED_REASONS[case["name"]]


@pytest.mark.parametrize("case", BATCH, ids=case_ids(BATCH))
def test_apply_to_hybrid_results(case: dict[str, Any], tmp_path: Path) -> None:
    inp = case["input"]
    write_workspace_files(tmp_path, inp["workspace_files"])
    got = apply_temporal_decay_to_hybrid_results(
        inp["results"],
        TemporalDecayConfig.from_partial(inp.get("temporalDecay")),
        workspace_dir=tmp_path,
        now_ms=inp["nowMs"],
    )
    expected = case["output"]
    assert [{k: v for k, v in r.items() if k != "score"} for r in got] == [
        {k: v for k, v in r.items() if k != "score"} for r in expected
    ]
    assert [r["score"] for r in got] == pytest.approx(
        [r["score"] for r in expected], rel=1e-12, abs=0
    )


def test_decay_detail_reports_age_and_multiplier() -> None:
    ts = NOW_MS - 30 * DAY_MS
    detail = decay_detail(ts, "dated", NOW_MS, 30)
    assert (detail.timestamp_ms, detail.reason, detail.age_days) == (ts, "dated", 30.0)
    assert detail.multiplier == pytest.approx(0.5, rel=1e-12)
    future = decay_detail(NOW_MS + DAY_MS, "mtime", NOW_MS, 30)
    assert (future.age_days, future.multiplier) == (-1.0, 1.0)
    none = decay_detail(None, "evergreen", NOW_MS, 30)
    assert (none.age_days, none.multiplier) == (None, 1.0)
    assert math.isclose(to_decay_lambda(7), math.log(2) / 7)
