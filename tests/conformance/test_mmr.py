"""Conformance: MMR re-ranking against ``vectors/mmr.json``."""

from __future__ import annotations

from typing import Any

import pytest

from reverie.core.search.mmr import (
    MMRConfig,
    MMRItem,
    apply_mmr_to_hybrid_results,
    compute_mmr_score,
    jaccard_similarity,
    mmr_rerank,
    text_similarity,
    tokenize,
    tokenize_ordered,
)
from tests.conformance.vectors_io import case_ids, load_vectors

VECTORS = load_vectors("mmr.json")
CASES: list[dict[str, Any]] = VECTORS["cases"]
HELPERS = VECTORS["helper_cases"]
RERANK_CASES = [c for c in CASES if c["input"]["fn"] == "mmrRerank"]
HYBRID_CASES = [c for c in CASES if c["input"]["fn"] == "applyMMRToHybridResults"]


def test_every_case_is_present() -> None:
    assert len(CASES) == VECTORS["case_count"] == 22
    assert len(RERANK_CASES) + len(HYBRID_CASES) == len(CASES)
    assert len(HELPERS["tokenize"]) == 10
    assert len(HELPERS["similarity"]) == 7
    assert len(HELPERS["computeMMRScore"]) == 4


@pytest.mark.parametrize("row", HELPERS["tokenize"], ids=lambda r: repr(r["text"]))
def test_tokenize(row: dict[str, Any]) -> None:
    assert list(tokenize_ordered(row["text"])) == row["tokens"]
    assert tokenize(row["text"]) == set(row["tokens"])


@pytest.mark.parametrize("row", HELPERS["similarity"], ids=lambda r: f"{r['a']!r}-{r['b']!r}")
def test_similarity(row: dict[str, Any]) -> None:
    assert text_similarity(row["a"], row["b"]) == row["textSimilarity"]
    assert jaccard_similarity(tokenize(row["a"]), tokenize(row["b"])) == row["jaccard"]


@pytest.mark.parametrize("row", HELPERS["computeMMRScore"], ids=lambda r: repr(r))
def test_compute_mmr_score(row: dict[str, Any]) -> None:
    got = compute_mmr_score(row["relevance"], row["maxSimilarity"], row["lambda"])
    assert got == row["mmr"]


@pytest.mark.parametrize("case", RERANK_CASES, ids=case_ids(RERANK_CASES))
def test_mmr_rerank(case: dict[str, Any]) -> None:
    items = [MMRItem(i["id"], i["score"], i["content"]) for i in case["input"]["items"]]
    config = MMRConfig.from_partial(case["input"]["config"])
    result = mmr_rerank(items, config.lam, config.enabled)
    assert [item.id for item in result.selected] == case["output"]
    assert sorted(result.order) == list(range(len(items)))


@pytest.mark.parametrize("case", HYBRID_CASES, ids=case_ids(HYBRID_CASES))
def test_apply_mmr_to_hybrid_results(case: dict[str, Any]) -> None:
    results = case["input"]["results"]
    got = apply_mmr_to_hybrid_results(results, MMRConfig.from_partial(case["input"]["config"]))
    assert got == case["output"]


def test_steps_explain_each_selection() -> None:
    case = next(c for c in RERANK_CASES if c["name"] == "lambda_0_5")
    items = [MMRItem(i["id"], i["score"], i["content"]) for i in case["input"]["items"]]
    result = mmr_rerank(items, 0.5)
    assert result.applied and result.lam == 0.5
    assert [s.step for s in result.steps] == [1, 2, 3, 4, 5]
    assert [s.id for s in result.steps] == case["output"]
    first, second = result.steps[0], result.steps[1]
    assert (first.relevance, first.max_similarity, first.penalty) == (1.0, 0.0, 0.0)
    # "d" (0.78) shares no token with "a": its relevance is (0.78-0.6)/(0.95-0.6).
    assert second.relevance == (0.78 - 0.6) / (0.95 - 0.6)
    assert second.max_similarity == 0.0
    # "b" was selected late because it nearly duplicates "a" (7 of its 8 tokens).
    b_step = next(s for s in result.steps if s.id == "b")
    assert b_step.max_similarity == 7 / 8
    assert b_step.penalty == 0.5 * (7 / 8)
    assert b_step.mmr_score == compute_mmr_score(b_step.relevance, 7 / 8, 0.5)


def test_custom_similarity_replaces_jaccard() -> None:
    items = [MMRItem("a", 0.9, "x"), MMRItem("b", 0.8, "x"), MMRItem("c", 0.1, "x")]
    # Declare a and b near-duplicates, c unrelated, regardless of the (identical) content.
    sims = {frozenset({0, 1}): 0.95, frozenset({0, 2}): 0.0, frozenset({1, 2}): 0.0}
    result = mmr_rerank(items, 0.5, similarity=lambda i, j: sims[frozenset({i, j})])
    assert [item.id for item in result.selected] == ["a", "c", "b"]
    jaccard = mmr_rerank(items, 0.5)
    assert [item.id for item in jaccard.selected] == ["a", "b", "c"]


def test_disabled_or_single_item_is_not_applied() -> None:
    items = [MMRItem("a", 0.1, "x"), MMRItem("b", 0.9, "y")]
    off = mmr_rerank(items, 0.7, enabled=False)
    assert (off.order, off.steps, off.applied) == ((0, 1), (), False)
    one = mmr_rerank(items[:1], 0.7)
    assert (one.order, one.applied) == ((0,), False)
    sort_only = mmr_rerank(items, 3.0)
    assert (sort_only.lam, sort_only.order) == (1.0, (1, 0))
    assert all(step.penalty == 0 for step in sort_only.steps)
