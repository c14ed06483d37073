"""``reverie telos``, ``reverie layers`` and the layers in ``reverie status --json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reverie.cli import main

TELOS = """## GOALS
- G1: Move the staging gateway to VLAN 30 by December 2026
- G1: a repeated id
- G2: Learn to climb V6

## PROJECTS
Router cluster | G1 | High
"""


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _common(workspace: Path, data_dir: Path) -> list[str]:
    return ["--workspace", str(workspace), "--data-dir", str(data_dir), "--model", "hash"]


def test_telos_json_shape(capsys, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    (workspace / "TELOS.md").write_text(TELOS, encoding="utf-8")
    code, out, _ = _run(
        capsys, "telos", "--json", "--today", "2026-11-30", "--neglect-days", "30",
        *_common(workspace, data_dir),
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["version"] == 1
    items = {item["key"]: item for item in data["items"]}
    g1 = items["G1"]
    for key in ("id", "section", "text", "weight", "line", "mentions", "neglected"):
        assert key in g1
    assert (g1["section"], g1["weight"], g1["line"]) == ("goal", 1.0, 2)
    # "Moved the staging gateway to VLAN 30." in memory/2026-11-02.md
    assert {"path": "memory/2026-11-02.md", "startLine": 4, "date": "2026-11-02"}.items() <= g1[
        "mentions"
    ][0].items()
    assert g1["neglected"] is False  # mentioned 28 days before --today, within 30 days
    assert items["G2"]["neglected"] is True
    assert items["G1#2"]["id"] == "G1"
    assert any("duplicate id G1" in p["message"] and p["line"] == 3 for p in data["problems"])


def test_telos_text_and_neglect_days(capsys, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    (workspace / "memory" / "TELOS.md").write_text(TELOS, encoding="utf-8")
    code, out, _ = _run(
        capsys, "telos", "--today", "2026-12-31", "--neglect-days", "7",
        *_common(workspace, data_dir),
    )  # fmt: skip
    assert code == 0
    assert "Telos: memory/TELOS.md" in out
    assert "GOALS" in out and "G1" in out and "NEGLECTED" in out
    assert "memory/TELOS.md:3: duplicate id G1" in out
    code, _, err = _run(capsys, "telos", "--today", "soon", *_common(workspace, data_dir))
    assert code == 2 and "--today" in err


def test_status_json_gains_layers_and_overrides_apply(
    capsys, workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    (workspace / "memory" / "TELOS.md").write_text(TELOS, encoding="utf-8")
    assert _run(capsys, "index", "--no-embed", *_common(workspace, data_dir))[0] == 0
    code, out, _ = _run(capsys, "status", "--json", *_common(workspace, data_dir))
    assert code == 0
    layers = {entry["path"]: entry["layer"] for entry in json.loads(out)["layers"]}
    assert layers == {
        "MEMORY.md": "L2",
        "memory/2026-09-15.md": "L0",
        "memory/2026-10-01.md": "L0",
        "memory/2026-11-02.md": "L0",
        "memory/TELOS.md": "L3",
    }
    code, out, _ = _run(
        capsys, "layers", "--set", "memory/2026-09-15.md", "L1", "--json",
        *_common(workspace, data_dir),
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["overrides"] == {"memory/2026-09-15.md": "L1"}
    entry = next(e for e in data["files"] if e["path"] == "memory/2026-09-15.md")
    assert (entry["layer"], entry["reason"]) == ("L1", "override memory/2026-09-15.md")
    code, out, _ = _run(capsys, "status", "--json", *_common(workspace, data_dir))
    layers = {entry["path"]: entry["layer"] for entry in json.loads(out)["layers"]}
    assert layers["memory/2026-09-15.md"] == "L1"
    code, _, err = _run(capsys, "layers", "--set", "x.md", "L7", *_common(workspace, data_dir))
    assert code == 2 and "L7" in err
    assert not (workspace / "layers.json").exists()
