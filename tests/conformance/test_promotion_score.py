"""Conformance: deep-phase ranking matches OpenClaw's ``rankShortTermPromotionCandidates``."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from reverie.core.dreaming import ledger, scoring
from reverie.core.jscompat import js_stringify
from tests.conformance.dream_vectors import cases, load

CASES = cases("promotion_score")
HELPERS = load("promotion_score")["helper_cases"]
TOLERANCE = 1e-12


def _close(actual: object, expected: object, where: str = "") -> None:
    if isinstance(expected, float) or isinstance(actual, float):
        assert isinstance(actual, (int, float)), where
        assert math.isclose(actual, expected, rel_tol=TOLERANCE, abs_tol=TOLERANCE), (
            where,
            actual,
            expected,
        )
    elif isinstance(expected, dict):
        assert isinstance(actual, dict) and list(actual) == list(expected), (
            where,
            actual,
            expected,
        )
        for key in expected:
            _close(actual[key], expected[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), (where, actual, expected)
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            _close(a, e, f"{where}[{i}]")
    else:
        assert actual == expected, (where, actual, expected)


@pytest.mark.parametrize(("name", "case"), CASES, ids=[n for n, _ in CASES])
def test_rank(name: str, case: dict, tmp_path: Path) -> None:
    inp = case["input"]
    store_file = tmp_path / ledger.LEDGER_RELATIVE_PATH
    store_file.parent.mkdir(parents=True)
    store_file.write_text(js_stringify(inp["store"], 2) + "\n", encoding="utf-8")
    if inp["phaseSignals"] is not None:
        (tmp_path / ledger.PHASE_SIGNALS_RELATIVE_PATH).write_text(
            js_stringify(inp["phaseSignals"], 2) + "\n", encoding="utf-8"
        )
    options = inp["options"]
    ranked = scoring.rank_short_term_promotion_candidates(
        tmp_path,
        options["nowMs"],
        limit=options.get("limit"),
        min_score=options.get("minScore"),
        min_recall_count=options.get("minRecallCount"),
        min_unique_queries=options.get("minUniqueQueries"),
        max_age_days=options.get("maxAgeDays"),
        include_promoted=options.get("includePromoted", False),
        recency_half_life_days=options.get("recencyHalfLifeDays"),
        weights=options.get("weights"),
    )
    _close(ranked, case["output"], "candidates")
    assert [c["key"] for c in ranked] == [c["key"] for c in case["output"]]


@pytest.mark.parametrize("row", HELPERS["calculateConsolidationComponent"], ids=str)
def test_consolidation(row: dict) -> None:
    _close(scoring.consolidation_component(row["recallDays"]), row["value"])


@pytest.mark.parametrize("row", HELPERS["calculatePhaseSignalBoost"], ids=str)
def test_phase_boost(row: dict) -> None:
    _close(scoring.phase_signal_boost(row["entry"], row["nowMs"]), row["boost"])


@pytest.mark.parametrize("row", HELPERS["normalizeWeights"], ids=str)
def test_normalize_weights(row: dict) -> None:
    _close(scoring.normalize_weights(row["weights"]), row["normalized"])


@pytest.mark.parametrize("row", HELPERS["calculateRecencyComponent"], ids=str)
def test_recency(row: dict) -> None:
    _close(scoring.recency_component(row["ageDays"], row["halfLifeDays"]), row["value"])


@pytest.mark.parametrize("row", HELPERS["calculateConceptualComponent"], ids=str)
def test_conceptual(row: dict) -> None:
    _close(scoring.conceptual_component(row["conceptTags"]), row["value"])
