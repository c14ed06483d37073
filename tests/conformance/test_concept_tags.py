"""Conformance: concept tags match OpenClaw's ``deriveConceptTags`` outputs."""

from __future__ import annotations

import pytest

from reverie.core.dreaming.concept_tags import (
    classify_concept_tag_script,
    concept_tag_diagnostics,
    derive_concept_tags,
    normalize_concept_token,
    summarize_concept_tag_script_coverage,
)
from tests.conformance.dream_vectors import cases, load

CASES = cases("concept_tags")
HELPERS = load("concept_tags")["helper_cases"]


@pytest.mark.parametrize(("name", "case"), CASES, ids=[n for n, _ in CASES])
def test_derive_concept_tags(name: str, case: dict) -> None:
    inp = case["input"]
    tags = derive_concept_tags(inp["path"], inp["snippet"], inp.get("limit"))
    assert tags == case["output"]["tags"]


@pytest.mark.parametrize(("name", "case"), CASES, ids=[n for n, _ in CASES])
def test_candidate_streams(name: str, case: dict) -> None:
    inp = case["input"]
    diag = concept_tag_diagnostics(inp["path"], inp["snippet"])
    expected = case["output"]["diagnostics"]
    assert list(diag.glossary_matches) == expected["glossaryMatches"]
    assert list(diag.compound_tokens) == expected["compoundTokens"]
    assert list(diag.segment_tokens) == expected["segmentTokens"]


@pytest.mark.parametrize("row", HELPERS["classifyConceptTagScript"], ids=lambda r: r["tag"])
def test_classify_script(row: dict) -> None:
    assert classify_concept_tag_script(row["tag"]) == row["script"]


@pytest.mark.parametrize("row", HELPERS["normalizeConceptToken"], ids=lambda r: repr(r["raw"]))
def test_normalize_token(row: dict) -> None:
    assert normalize_concept_token(row["raw"]) == row["normalized"]


def test_script_coverage() -> None:
    table = HELPERS["summarizeConceptTagScriptCoverage"]
    assert summarize_concept_tag_script_coverage(table["input"]) == table["output"]
