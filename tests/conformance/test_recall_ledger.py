"""Conformance: recording recalls writes the same ledger, signals and events as OpenClaw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.core.dreaming import ledger
from reverie.core.dreaming.snippets import (
    build_claim_hash,
    build_entry_key,
    hash_query,
    is_short_term_memory_path,
)
from reverie.core.jscompat import js_stringify
from tests.conformance.dream_vectors import cases, load

CASES = cases("recall_ledger")
HELPERS = load("recall_ledger")["helper_cases"]


pytestmark = pytest.mark.usefixtures("utc_host")


def _files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def _run_step(root: Path, step: dict) -> None:
    params = dict(step["params"])
    workspace = params.pop("workspaceDir", root)
    if step["op"] == "recordShortTermRecalls":
        ledger.record_recalls(
            workspace,
            params["query"],
            params["results"],
            now=params.get("nowMs"),
            timezone=params.get("timezone"),
            signal_type=params.get("signalType", "recall"),
            dedupe_by_query_per_day=params.get("dedupeByQueryPerDay", False),
            day_bucket=params.get("dayBucket"),
        )
    elif step["op"] == "recordGroundedShortTermCandidates":
        ledger.record_grounded(
            workspace,
            params["query"],
            params["items"],
            now=params.get("nowMs"),
            timezone=params.get("timezone"),
            dedupe_by_query_per_day=params.get("dedupeByQueryPerDay", False),
            day_bucket=params.get("dayBucket"),
        )
    elif step["op"] == "recordDreamingPhaseSignals":
        ledger.record_phase_signals(
            workspace, params["phase"], params["keys"], now=params.get("nowMs")
        )
    else:  # pragma: no cover - a new op in the vectors must be wired up here
        raise AssertionError(f"unknown op {step['op']}")


@pytest.mark.parametrize(("name", "case"), CASES, ids=[n for n, _ in CASES])
def test_recall_ledger(name: str, case: dict, tmp_path: Path) -> None:
    for rel, text in case["input"]["initialFiles"].items():
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    store_file = tmp_path / ledger.LEDGER_RELATIVE_PATH
    signals_file = tmp_path / ledger.PHASE_SIGNALS_RELATIVE_PATH
    events_file = tmp_path / ledger.EVENTS_RELATIVE_PATH
    for step, expected in zip(case["input"]["steps"], case["output"]["afterEachStep"], strict=True):
        if "error" in expected:
            before = store_file.read_bytes()
            with pytest.raises(ledger.LedgerCorrupt) as info:
                _run_step(tmp_path, step)
            assert str(store_file) in str(info.value)
            assert store_file.read_bytes() == before, "an unparsable ledger must stay untouched"
            backups = [f for f in _files(tmp_path) if f not in expected["files"]]
            assert backups and all(f.endswith(".bak") for f in backups)
            assert (tmp_path / backups[0]).read_bytes() == before
            continue
        _run_step(tmp_path, step)
        if expected["store"] is None:
            assert not store_file.exists()
        else:
            # Byte for byte: JSON.stringify(store, null, 2) + "\n", key order as OpenClaw's.
            assert (
                store_file.read_text(encoding="utf-8") == js_stringify(expected["store"], 2) + "\n"
            )
        if expected["phaseSignals"] is None:
            assert not signals_file.exists()
        else:
            assert (
                signals_file.read_text(encoding="utf-8")
                == js_stringify(expected["phaseSignals"], 2) + "\n"
            )
        events = (
            [json.loads(line) for line in events_file.read_text(encoding="utf-8").splitlines()]
            if events_file.exists()
            else []
        )
        assert events == expected["events"]
        if events_file.exists():
            lines = events_file.read_text(encoding="utf-8").splitlines()
            assert lines == [js_stringify(event) for event in expected["events"]]
        assert _files(tmp_path) == expected["files"]


@pytest.mark.parametrize("row", HELPERS["isShortTermMemoryPath"], ids=lambda r: r["path"])
def test_is_short_term_memory_path(row: dict) -> None:
    assert is_short_term_memory_path(row["path"]) is row["isShortTermMemoryPath"]


@pytest.mark.parametrize("row", HELPERS["hashQuery"], ids=lambda r: repr(r["query"]))
def test_hash_query(row: dict) -> None:
    assert hash_query(row["query"]) == row["hashQuery"]


@pytest.mark.parametrize("row", HELPERS["buildClaimHash"], ids=lambda r: repr(r["snippet"]))
def test_build_claim_hash(row: dict) -> None:
    assert build_claim_hash(row["snippet"]) == row["buildClaimHash"]


@pytest.mark.parametrize("row", HELPERS["buildEntryKey"], ids=lambda r: r["buildEntryKey"])
def test_build_entry_key(row: dict) -> None:
    inp = row["input"]
    key = build_entry_key(
        inp["path"], inp["startLine"], inp["endLine"], inp["source"], inp.get("claimHash")
    )
    assert key == row["buildEntryKey"]
