"""The retrieval check: saved cases on disk, recall@k and MRR@k on a real index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.core.errors import UserError
from reverie.core.retrieval_check import (
    CheckCase,
    CheckStore,
    checks_file,
    compare,
    first_rank,
    run_checks,
)
from reverie.core.search.trace import ScoreTrace, SearchHit
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings


def _hit(path: str, start: int, end: int) -> SearchHit:
    return SearchHit(f"{path}:{start}", path, start, end, "memory", "", 0.5, ScoreTrace("x"))


def test_first_rank_counts_overlapping_lines_within_k() -> None:
    case = CheckCase("vlan", "memory/a.md", 4, 6)
    hits = [_hit("memory/b.md", 1, 9), _hit("memory/a.md", 1, 3), _hit("memory/a.md", 6, 12)]
    assert first_rank(case, hits, 10) == 3
    assert first_rank(case, hits, 2) is None
    assert first_rank(CheckCase("q", "memory/b.md", 9, 9), hits, 10) == 1


def test_store_lives_in_the_data_dir_and_round_trips(workspace: Path, data_dir: Path) -> None:
    store = CheckStore.for_workspace(workspace, data_dir)
    assert store.path == checks_file(workspace, data_dir)
    assert data_dir in store.path.parents and workspace not in store.path.parents
    case = CheckCase("where is the gateway", "MEMORY.md", 3, 3)
    assert store.add(case)
    assert not store.add(case)  # the same check twice is saved once
    again = CheckStore.for_workspace(workspace, data_dir)
    assert again.cases == (case,)
    again.remove(case)
    assert CheckStore.for_workspace(workspace, data_dir).cases == ()


def test_unreadable_store_is_reported_not_overwritten(workspace: Path, data_dir: Path) -> None:
    path = checks_file(workspace, data_dir)
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    store = CheckStore(path)
    assert store.cases == () and store.problem and "cannot be read" in store.problem
    assert path.read_text(encoding="utf-8") == "{not json"


def test_bad_case_in_file_is_skipped(workspace: Path, data_dir: Path) -> None:
    path = checks_file(workspace, data_dir)
    path.parent.mkdir(parents=True)
    good = {"query": "q", "path": "MEMORY.md", "startLine": 1, "endLine": 2}
    bad = {"query": "", "path": "MEMORY.md", "startLine": 3, "endLine": 1}
    path.write_text(json.dumps({"version": 1, "cases": [good, bad]}), encoding="utf-8")
    store = CheckStore(path)
    assert store.cases == (CheckCase("q", "MEMORY.md", 1, 2),)
    assert store.problem is not None


def test_recall_and_mrr_on_a_real_index(workspace: Path, data_dir: Path) -> None:
    service = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    try:
        service.index()
        cases = [
            CheckCase("staging gateway VLAN", "memory/2026-11-02.md", 4, 4),
            CheckCase("杭州 外婆", "memory/2026-10-01.md", 4, 4),
            CheckCase("zebra unicorn", "MEMORY.md", 3, 3),  # no such text: not found
        ]
        settings = SearchSettings.for_profile("reverie")
        report = run_checks(service.search, cases, settings, k=5)
        ranks = [r.rank for r in report.results]
        assert ranks[0] is not None and ranks[1] is not None and ranks[2] is None
        assert report.recall == pytest.approx(2 / 3)
        expected_mrr = (1 / ranks[0] + 1 / ranks[1]) / 3
        assert report.mrr == pytest.approx(expected_mrr)
        # what-if: keyword weight off changes the numbers, the saved run stays the same
        trial = settings.with_changes(vector_weight=1.0, text_weight=0.0)
        both = compare(service.search, cases, settings, trial, k=5)
        assert both.saved == report and both.trial is not None
        assert compare(service.search, cases, settings, settings, k=5).trial is None
        with pytest.raises(UserError):
            run_checks(service.search, cases, settings, k=0)
    finally:
        service.close()
