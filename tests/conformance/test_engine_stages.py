"""Conformance of the engine's own stages: the hybrid-merge vectors run through
``merge_lists``, ``score_candidates``, ``decay`` and ``diversify`` of the search engine
(the code the app runs), not only through the reference port in ``search/reference``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reverie.core.search.engine import merge_lists
from reverie.core.search.fusion import score_candidates
from reverie.core.search.keyword import KeywordHit
from reverie.core.search.ordering import decay, diversify
from reverie.core.search.state import SearchState
from reverie.core.search.vector import VectorHit
from reverie.core.settings import SearchSettings
from tests.conformance.vectors_io import case_ids, load_vectors, write_workspace_files

VECTORS = load_vectors("hybrid_merge.json")
CASES: list[dict[str, Any]] = VECTORS["cases"]


def _settings(inp: dict[str, Any]) -> SearchSettings:
    decay_cfg = inp.get("temporalDecay") or {}
    mmr_cfg = inp.get("mmr") or {}
    return SearchSettings.for_profile("openclaw").with_changes(
        decay_enabled=bool(decay_cfg.get("enabled", False)),
        half_life_days=decay_cfg.get("halfLifeDays", 30.0),
        mmr_enabled=bool(mmr_cfg.get("enabled", False)),
        mmr_lambda=mmr_cfg.get("lambda", 0.7),
    )


def _state(inp: dict[str, Any], root: Path) -> SearchState:
    """The case's two lists as the engine's retrieval stages would leave them, and each
    chunk's row as the index holds it (one row per chunk id)."""
    ids: dict[str, int] = {}
    for entry in [*inp["vector"], *inp["keyword"]]:
        ids.setdefault(entry["id"], len(ids) + 1)
    state = SearchState(
        query="q", settings=_settings(inp), now_ms=inp["nowMs"], workspace_root=root
    )
    state.vec_hits = [VectorHit(ids[v["id"]], v["vectorScore"]) for v in inp["vector"]]
    state.kw_hits = [KeywordHit(ids[k["id"]], 0.0, k["textScore"]) for k in inp["keyword"]]
    merge_lists(state)
    rows: dict[str, dict[str, Any]] = {}
    for v in inp["vector"]:
        rows[v["id"]] = dict(v)  # a repeated vector id: the last entry's row
    for k in inp["keyword"]:
        row = rows.setdefault(k["id"], dict(k))
        if k["snippet"]:
            row["snippet"] = k["snippet"]
    for chunk_id, row in rows.items():
        cand = state.cands[ids[chunk_id]]
        cand.chunk_id, cand.path, cand.source = chunk_id, row["path"], row["source"]
        cand.start_line, cand.end_line, cand.text = row["startLine"], row["endLine"], row["snippet"]
    state.vw, state.tw = inp["vectorWeight"], inp["textWeight"]
    return state


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES))
def test_engine_stages_match_merge_hybrid_results(case: dict[str, Any], tmp_path: Path) -> None:
    inp = case["input"]
    if "workspace_files" in inp:
        write_workspace_files(tmp_path, inp["workspace_files"])
    state = _state(inp, tmp_path)
    for stage in (score_candidates, decay, diversify):
        stage(state)
    got = [
        {
            "path": c.path,
            "startLine": c.start_line,
            "endLine": c.end_line,
            "snippet": c.snippet,
            "source": c.source,
        }
        for c in state.ordered
    ]
    expected = case["output"]
    assert got == [{k: v for k, v in r.items() if k != "score"} for r in expected]
    want = [r["score"] for r in expected]
    if state.settings.decay_enabled:
        assert [c.score for c in state.ordered] == pytest.approx(want, rel=1e-12, abs=0)
    else:
        assert [c.score for c in state.ordered] == want
