"""Layer life: volume over time against reuse, and L0 archive candidates."""

from __future__ import annotations

import datetime as _dt
import json
import os
import time
from pathlib import Path

from reverie.core.dreaming.ledger import record_recalls
from reverie.core.layer_life import FileVolume, collect_layer_life, compute_layer_life
from reverie.core.layers import Layer, LayerRules
from reverie.core.workspace import Workspace

D = _dt.date


def test_volume_is_cumulative_and_reuse_per_period() -> None:
    rules = LayerRules()
    volumes = [
        FileVolume("memory/2026-11-02.md", Layer.L0, 100, 1, D(2026, 11, 2)),
        FileVolume("memory/2026-11-10.md", Layer.L0, 50, 1, D(2026, 11, 10)),
        FileVolume("MEMORY.md", Layer.L2, 400, 2, D(2026, 11, 3)),
    ]
    recalls = [("memory/2026-11-02.md", D(2026, 11, 11)), ("memory/2026-11-02.md", D(2026, 11, 12))]
    surfaced = [("memory/2026-11-02.md", D(2026, 11, 11)), ("MEMORY.md", D(2026, 11, 4))]
    life = compute_layer_life(volumes, recalls, surfaced, rules, D(2026, 11, 20), "week", 5)
    assert life.starts == (D(2026, 11, 2), D(2026, 11, 9), D(2026, 11, 16))
    l0 = life.series(Layer.L0)
    assert [(p.files, p.chars, p.chunks) for p in l0] == [(1, 100, 1), (2, 150, 2), (2, 150, 2)]
    assert [(p.recalls, p.surfaced) for p in l0] == [(0, 0), (2, 1), (0, 0)]
    l2 = life.series(Layer.L2)
    assert [p.surfaced for p in l2] == [1, 0, 0]
    totals = life.totals(Layer.L0)
    assert totals is not None and (totals.files, totals.recalls) == (2, 2)
    # the 10 Nov note was never reused and is older than 5 days; the 2 Nov one was recalled
    assert [c.path for c in life.archive] == ["memory/2026-11-10.md"]
    assert life.archive[0].age_days == 10
    json.dumps(life.to_json())


def test_monthly_buckets() -> None:
    volumes = [FileVolume("memory/2026-01-31.md", Layer.L0, 1, 0, D(2026, 1, 31))]
    life = compute_layer_life(volumes, [], [], LayerRules(), D(2026, 3, 2), "month")
    assert life.starts == (D(2026, 1, 1), D(2026, 2, 1), D(2026, 3, 1))


def test_overrides_move_files_between_layers() -> None:
    rules = LayerRules({"memory/2026-11-02.md": Layer.L1})
    volumes = [
        FileVolume(
            "memory/2026-11-02.md", rules.layer("memory/2026-11-02.md"), 10, 1, D(2026, 11, 2)
        )
    ]
    life = compute_layer_life(
        volumes, [("memory/2026-11-02.md", D(2026, 11, 3))], [], rules, D(2026, 12, 20)
    )
    assert life.totals(Layer.L1).recalls == 1  # type: ignore[union-attr]
    assert life.archive == ()


def test_collect_from_a_workspace_and_its_ledger(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# MEMORY\n- likes tea\n", encoding="utf-8")
    (root / "memory" / "people.md").write_text("# People\n- Sam\n", encoding="utf-8")
    (root / "memory" / "2026-10-01.md").write_text("# 2026-10-01\n- old note\n", encoding="utf-8")
    (root / "memory" / "2026-10-05.md").write_text(
        "# 2026-10-05\n- recalled note\n", encoding="utf-8"
    )
    (root / "TELOS.md").write_text("## GOALS\n- G1: grow\n", encoding="utf-8")
    stamp = time.mktime((2026, 10, 20, 12, 0, 0, 0, 0, -1))
    for path in (root / "MEMORY.md", root / "memory" / "people.md", root / "TELOS.md"):
        os.utime(path, (stamp, stamp))
    hits = [
        {
            "path": "memory/2026-10-05.md",
            "startLine": 1,
            "endLine": 2,
            "score": 0.5,
            "snippet": "recalled note",
            "source": "memory",
        }
    ]
    record_recalls(root, "which note", hits, now=_dt.datetime(2026, 10, 21, 9, tzinfo=_dt.UTC))
    life = collect_layer_life(
        Workspace(root),
        LayerRules(),
        {"MEMORY.md": 1},
        today=D(2026, 11, 30),
        archive_after_days=30,
    )
    totals = {layer: life.totals(layer) for layer in Layer}
    assert totals[Layer.L0].files == 2  # type: ignore[union-attr]
    assert totals[Layer.L0].recalls == 1 and totals[Layer.L0].surfaced == 1  # type: ignore[union-attr]
    assert totals[Layer.L1].files == 1  # type: ignore[union-attr]
    assert totals[Layer.L2].chunks == 1  # type: ignore[union-attr]
    assert totals[Layer.L3].files == 1  # type: ignore[union-attr]
    assert [c.path for c in life.archive] == ["memory/2026-10-01.md"]
