"""Conformance: re-locating candidates matches OpenClaw's rehydration."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.core.dreaming.rehydrate import (
    rehydrate,
    rehydrate_promotion_candidate,
    relocate_candidate_range,
)
from tests.conformance.dream_vectors import cases

CASES = cases("rehydrate")


@pytest.mark.parametrize(("name", "case"), CASES, ids=[n for n, _ in CASES])
def test_rehydrate(name: str, case: dict, tmp_path: Path) -> None:
    inp = case["input"]
    if inp["fn"] == "relocateCandidateRange":
        assert relocate_candidate_range(inp["lines"], inp["candidate"]) == case["output"]
        return
    for rel, text in inp["files"].items():
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
    result = rehydrate_promotion_candidate(tmp_path, inp["candidate"])
    assert result == case["output"]
    if result is not None:
        assert list(result) == list(case["output"]), "key order is kept"
    explained = rehydrate(tmp_path, inp["candidate"])
    assert explained.candidate == case["output"]
    assert (explained.reason is None) == (case["output"] is not None)
