"""Search with memory layers: every hit labelled, the layer filter and the layer weights."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.core.layer_ranking import apply_layers, layers_active
from reverie.core.layers import Layer, LayerRules, set_override
from reverie.core.search.trace import (
    Deferred,
    DroppedCandidate,
    ScoreTrace,
    SearchHit,
    SearchResponse,
)
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings

NOW_MS = 1_796_000_000_000.0  # 2026-11-30


def _hit(path: str, score: float) -> SearchHit:
    return SearchHit(
        chunk_id=path,
        path=path,
        start_line=1,
        end_line=3,
        source="memory",
        snippet="...",
        score=score,
        trace=ScoreTrace(chunk_id=path, final_score=score),
    )


def _response() -> SearchResponse:
    return SearchResponse(
        query="q",
        profile="reverie",
        mode="hybrid",
        results=(
            _hit("memory/2026-11-02.md", 0.9),
            _hit("MEMORY.md", 0.6),
            _hit("memory/people.md", 0.5),
        ),
        dropped=(
            DroppedCandidate(_hit("memory/TELOS.md", 0.4), "max_results", "cut"),
            DroppedCandidate(_hit("memory/2026-10-01.md", 0.01), "min_score", "low"),
        ),
    )


def test_default_settings_only_label_the_layers() -> None:
    settings = SearchSettings(max_results=3)
    assert not layers_active(settings)
    out = apply_layers(_response(), settings, LayerRules())
    assert [(h.path, h.layer) for h in out.results] == [
        ("memory/2026-11-02.md", "L0"),
        ("MEMORY.md", "L2"),
        ("memory/people.md", "L1"),
    ]
    assert [h.score for h in out.results] == [0.9, 0.6, 0.5]  # ranking untouched
    assert [d.hit.layer for d in out.dropped] == ["L3", "L0"]
    assert out.results[0].to_json()["layer"] == "L0"
    assert out.notices == ()


def test_filter_refills_from_the_candidates_cut_at_max_results() -> None:
    settings = SearchSettings(max_results=3, layer_filter=("L1", "L2", "L3"))
    out = apply_layers(_response(), settings, LayerRules())
    assert [h.path for h in out.results] == ["MEMORY.md", "memory/people.md", "memory/TELOS.md"]
    assert [h.trace.final_rank for h in out.results] == [1, 2, 3]
    layer_drops = [d for d in out.dropped if d.stage == "layer"]
    assert [(d.hit.path, d.reason) for d in layer_drops] == [
        ("memory/2026-11-02.md", "layer L0: filtered out")
    ]
    assert "only L1, L2, L3" in out.notices[-1]


def test_weights_rerank_and_show_in_the_trace() -> None:
    settings = SearchSettings(max_results=3, layer_weights=(0.5, 1.0, 1.0, 2.0))
    out = apply_layers(_response(), settings, LayerRules())
    assert [h.path for h in out.results] == ["memory/TELOS.md", "MEMORY.md", "memory/people.md"]
    telos = out.results[0]
    assert telos.score == pytest.approx(0.8)
    assert (telos.trace.layer, telos.trace.layer_weight, telos.trace.final_score) == (
        "L3",
        2.0,
        pytest.approx(0.8),
    )
    cut = next(d for d in out.dropped if d.hit.path == "memory/2026-11-02.md")  # 0.9 x 0.5
    assert cut.stage == "max_results" and "after the layer weights" in cut.reason
    # the min_score drop is kept as the engine made it
    assert any(d.stage == "min_score" for d in out.dropped)


def test_weight_zero_filters_and_overrides_apply() -> None:
    rules = LayerRules({"memory/people.md": Layer.L2})
    settings = SearchSettings(max_results=5, layer_weights=(1.0, 1.0, 0.0, 1.0))
    out = apply_layers(_response(), settings, rules)
    assert [h.path for h in out.results] == ["memory/2026-11-02.md", "memory/TELOS.md"]
    assert {d.hit.path for d in out.dropped if d.stage == "layer"} == {
        "MEMORY.md",
        "memory/people.md",
    }


def test_settings_round_trip_through_json() -> None:
    settings = SearchSettings(layer_filter=("L0",), layer_weights=(1.0, 0.5, 1.0, 1.0))
    again = SearchSettings.from_json(settings.to_json())
    assert layers_active(again)
    out = apply_layers(_response(), again, LayerRules())
    assert {h.layer for h in out.results} == {"L0"}


def test_service_search_labels_and_filters(workspace: Path, data_dir: Path) -> None:
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    try:
        svc.sync()
        base = SearchSettings.for_profile("reverie")
        resp = svc.search("staging gateway VLAN", base, now_ms=NOW_MS)
        layers = {h.path: h.layer for h in resp.results}
        assert layers["MEMORY.md"] == "L2" and layers["memory/2026-11-02.md"] == "L0"
        only_l2 = svc.search(
            "staging gateway VLAN", base.with_changes(layer_filter=("L2",)), now_ms=NOW_MS
        )
        assert {h.path for h in only_l2.results} == {"MEMORY.md"}
        # an override saved for this workspace moves the daily note into L2
        set_override(data_dir, workspace, "memory/2026-11-02.md", Layer.L2)
        moved = svc.search(
            "staging gateway VLAN", base.with_changes(layer_filter=("L2",)), now_ms=NOW_MS
        )
        assert {h.path for h in moved.results} == {"MEMORY.md", "memory/2026-11-02.md"}
    finally:
        svc.close()


def test_engine_labels_every_candidate_once(workspace: Path, data_dir: Path) -> None:
    """Results and dropped candidates carry their layer from the engine; an override
    saved for the workspace is what the label says."""
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    try:
        svc.sync()
        settings = SearchSettings.for_profile("reverie").with_changes(max_results=1)
        resp = svc.search("staging gateway VLAN", settings, now_ms=NOW_MS)
        # the dropped candidates' traces are built only when read
        assert isinstance(resp.dropped, Deferred) and resp.dropped._items is None
        assert resp.results and resp.dropped
        hits = [*resp.results, *(d.hit for d in resp.dropped)]
        rules = LayerRules()
        assert all(h.layer == rules.layer(h.path).code for h in hits)
        set_override(data_dir, workspace, hits[0].path, Layer.L3)
        again = svc.search("staging gateway VLAN", settings, now_ms=NOW_MS)
        labelled = {h.path: h.layer for h in [*again.results, *(d.hit for d in again.dropped)]}
        assert labelled[hits[0].path] == "L3"
    finally:
        svc.close()
