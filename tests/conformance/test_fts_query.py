"""Conformance: keyword-query construction against ``vectors/fts_query.json``."""

from __future__ import annotations

import math
from typing import Any

import pytest

from reverie.core.search.fts_query import (
    KeywordPlan,
    bm25_rank_to_score,
    build_fts_query,
    escape_like_pattern,
    extract_keywords,
    fallback_keyword_boost,
    plan_keyword_search,
    score_fallback_keyword_result,
)
from tests.conformance.vectors_io import case_ids, load_vectors

VECTORS = load_vectors("fts_query.json")
CASES: list[dict[str, Any]] = VECTORS["cases"]
BM25 = VECTORS["helper_cases"]["bm25RankToScore"]
FALLBACK = VECTORS["helper_cases"]["scoreFallbackKeywordResult"]


def _plan_as_json(plan: KeywordPlan) -> dict[str, Any]:
    return {"matchQuery": plan.match_query, "substringTerms": list(plan.substring_terms)}


def test_every_case_is_present() -> None:
    assert len(CASES) == VECTORS["case_count"] == 33
    assert len(BM25) == 11
    assert len(FALLBACK) == 7


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES))
def test_build_fts_query(case: dict[str, Any]) -> None:
    assert build_fts_query(case["input"]["query"]) == case["output"]["buildFtsQuery"]


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES))
@pytest.mark.parametrize("tokenizer", ["unicode61", "trigram"])
def test_plan_keyword_search(case: dict[str, Any], tokenizer: str) -> None:
    plan = plan_keyword_search(case["input"]["query"], tokenizer)  # type: ignore[arg-type]
    assert _plan_as_json(plan) == case["output"][f"planKeywordSearch_{tokenizer}"]


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES))
@pytest.mark.parametrize("tokenizer", ["unicode61", "trigram"])
def test_extract_keywords(case: dict[str, Any], tokenizer: str) -> None:
    keywords = extract_keywords(case["input"]["query"], tokenizer)  # type: ignore[arg-type]
    assert keywords == case["output"][f"extractKeywords_{tokenizer}"]


@pytest.mark.parametrize("row", BM25, ids=[repr(r["rank"]) for r in BM25])
def test_bm25_rank_to_score(row: dict[str, Any]) -> None:
    assert bm25_rank_to_score(row["rank"]) == row["score"]


@pytest.mark.parametrize("row", FALLBACK, ids=[f"{i}-{r['query']}" for i, r in enumerate(FALLBACK)])
def test_score_fallback_keyword_result(row: dict[str, Any]) -> None:
    score = score_fallback_keyword_result(row["query"], row["path"], row["text"], row["ftsScore"])
    assert score == row["score"]


def test_fallback_boost_parts_add_up() -> None:
    boost = fallback_keyword_boost(
        "Gateway backup", "memory/gateway-notes.md", "Nothing relevant here"
    )
    assert boost is not None
    assert boost.query_tokens == ("gateway", "backup")
    assert boost.overlap == 0
    assert boost.path_boost == pytest.approx(0.18)
    assert boost.length_boost == 21 / 160
    assert boost.lexical_boost == pytest.approx(0.18 + 21 / 160)
    assert fallback_keyword_boost("!!!", "x.md", "text") is None


def test_query_tokens_use_letter_and_number_categories() -> None:
    # Combining marks (Mn) split tokens in /[\p{L}\p{N}_]+/u; a spacing digit like "²" (No)
    # and a connector other than "_" ("‿", Pc) are checked too.
    assert build_fts_query("cafe\u0301 x²y a\u203fb") == '"cafe" AND "x²y" AND "a" AND "b"'
    assert build_fts_query('say "hi"') == '"say" AND "hi"'
    assert math.isclose(bm25_rank_to_score(-4.2), 4.2 / 5.2)


def test_escape_like_pattern() -> None:
    assert escape_like_pattern("50%_a\\b") == "50\\%\\_a\\\\b"
