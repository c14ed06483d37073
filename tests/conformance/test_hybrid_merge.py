"""Conformance: the hybrid merge against ``vectors/hybrid_merge.json``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reverie.core.search.decay import TemporalDecayConfig
from reverie.core.search.fts_query import bm25_rank_to_score
from reverie.core.search.mmr import MMRConfig
from reverie.core.search.reference.hybrid import (
    KeywordCandidate,
    VectorCandidate,
    merge_candidates,
    merge_hybrid_results,
    weighted_score,
)
from tests.conformance.vectors_io import case_ids, load_vectors, write_workspace_files

VECTORS = load_vectors("hybrid_merge.json")
CASES: list[dict[str, Any]] = VECTORS["cases"]
BM25 = VECTORS["helper_cases"]["bm25RankToScore"]


def _vector(raw: dict[str, Any]) -> VectorCandidate:
    return VectorCandidate(
        id=raw["id"],
        path=raw["path"],
        start_line=raw["startLine"],
        end_line=raw["endLine"],
        source=raw["source"],
        snippet=raw["snippet"],
        vector_score=raw["vectorScore"],
    )


def _keyword(raw: dict[str, Any]) -> KeywordCandidate:
    return KeywordCandidate(
        id=raw["id"],
        path=raw["path"],
        start_line=raw["startLine"],
        end_line=raw["endLine"],
        source=raw["source"],
        snippet=raw["snippet"],
        text_score=raw["textScore"],
    )


def test_every_case_is_present() -> None:
    assert len(CASES) == VECTORS["case_count"] == 21
    assert len(BM25) == 16


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES))
def test_merge_hybrid_results(case: dict[str, Any], tmp_path: Path) -> None:
    inp = case["input"]
    if "workspace_files" in inp:
        write_workspace_files(tmp_path, inp["workspace_files"])
    decay = TemporalDecayConfig.from_partial(inp.get("temporalDecay"))
    got = merge_hybrid_results(
        [_vector(v) for v in inp["vector"]],
        [_keyword(k) for k in inp["keyword"]],
        inp["vectorWeight"],
        inp["textWeight"],
        mmr=MMRConfig.from_partial(inp.get("mmr")),
        temporal_decay=decay,
        now_ms=inp["nowMs"],
        workspace_dir=tmp_path,
    )
    expected = case["output"]
    assert [{k: v for k, v in r.items() if k != "score"} for r in got] == [
        {k: v for k, v in r.items() if k != "score"} for r in expected
    ]
    got_scores = [r["score"] for r in got]
    want_scores = [r["score"] for r in expected]
    if decay.enabled:
        # Math.exp is involved: allow 1e-12 relative.
        assert got_scores == pytest.approx(want_scores, rel=1e-12, abs=0)
    else:
        assert got_scores == want_scores


@pytest.mark.parametrize("row", BM25, ids=[repr(r["rank"]) for r in BM25])
def test_bm25_rank_to_score(row: dict[str, Any]) -> None:
    assert bm25_rank_to_score(row["rank"]) == row["score"]


def test_merge_candidates_reports_sources_and_snippet_rule() -> None:
    vector = [
        VectorCandidate("a", "memory/a.md", 1, 3, "memory", "vec a", 0.8),
        VectorCandidate("b", "memory/b.md", 1, 3, "memory", "vec b", 0.6),
    ]
    keyword = [
        KeywordCandidate("b", "other.md", 9, 9, "sessions", "", 0.4),
        KeywordCandidate("c", "memory/c.md", 2, 4, "memory", "kw c", 0.9),
        KeywordCandidate("a", "memory/a.md", 1, 3, "memory", "kw a", 0.5),
    ]
    merged = merge_candidates(vector, keyword)
    assert [m.id for m in merged] == ["a", "b", "c"]
    a, b, c = merged
    assert (a.snippet, a.text_score, a.in_vector, a.in_keyword) == ("kw a", 0.5, True, True)
    assert (b.snippet, b.path, b.source, b.start_line) == ("vec b", "memory/b.md", "memory", 1)
    assert (c.vector_score, c.in_vector, c.in_keyword) == (0.0, False, True)
    assert weighted_score(a.vector_score, a.text_score, 0.7, 0.3) == 0.7 * 0.8 + 0.3 * 0.5
