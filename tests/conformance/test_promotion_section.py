"""Conformance: the MEMORY.md section and apply step match OpenClaw byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.core.dreaming import ledger
from reverie.core.dreaming.promote import (
    apply_short_term_promotions,
    build_promotion_section,
    extract_promotion_markers,
)
from reverie.core.jscompat import js_stringify
from tests.conformance.dream_vectors import cases, load

CASES = cases("promotion_section")
HELPERS = load("promotion_section")["helper_cases"]


pytestmark = pytest.mark.usefixtures("utc_host")


@pytest.mark.parametrize(("name", "case"), CASES, ids=[n for n, _ in CASES])
def test_promotion_section(name: str, case: dict, tmp_path: Path) -> None:
    inp = case["input"]
    if inp["fn"] == "buildPromotionSection":
        assert (
            build_promotion_section(inp["candidates"], inp["nowMs"], inp.get("timezone"))
            == case["output"]
        )
        return
    for rel, text in inp["files"].items():
        target = tmp_path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
    opts = inp["options"]
    result = apply_short_term_promotions(
        tmp_path,
        opts["candidates"],
        opts["nowMs"],
        opts.get("timezone"),
        limit=opts.get("limit"),
        min_score=opts.get("minScore"),
        min_recall_count=opts.get("minRecallCount"),
        min_unique_queries=opts.get("minUniqueQueries"),
        max_age_days=opts.get("maxAgeDays"),
    )
    expected = case["output"]
    assert result.as_openclaw(relative_to=tmp_path) == expected["result"]
    memory = tmp_path / "MEMORY.md"
    if expected["memoryMd"] is None:
        assert not memory.exists()
    else:
        assert memory.read_text(encoding="utf-8") == expected["memoryMd"]
    store_file = tmp_path / ledger.LEDGER_RELATIVE_PATH
    if expected["store"] is None:
        assert not store_file.exists()
    else:
        assert json.loads(store_file.read_text(encoding="utf-8")) == expected["store"]
        if store_file.read_text(encoding="utf-8") != inp["files"].get(
            str(ledger.LEDGER_RELATIVE_PATH)
        ):
            assert (
                store_file.read_text(encoding="utf-8") == js_stringify(expected["store"], 2) + "\n"
            )
    events_file = tmp_path / ledger.EVENTS_RELATIVE_PATH
    events = (
        [json.loads(line) for line in events_file.read_text(encoding="utf-8").splitlines()]
        if events_file.exists()
        else []
    )
    for event in events:
        event["memoryPath"] = str(Path(event["memoryPath"]).relative_to(tmp_path))
    assert events == expected["events"]


@pytest.mark.parametrize("row", HELPERS["extractPromotionMarkers"], ids=lambda r: repr(r["text"]))
def test_extract_markers(row: dict) -> None:
    assert extract_promotion_markers(row["text"]) == row["markers"]
