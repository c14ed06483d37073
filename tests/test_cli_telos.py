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


def _hostile_telos(workspace: Path) -> None:
    """The tester's workspace: a split telos/ folder with a binary file, a linked file, a
    CRLF file of goals with a dangling reference, a circle and a repeated id."""
    folder = workspace / "telos"
    folder.mkdir()
    (folder / "GOALS.md").write_bytes(
        b"## GOALS\r\n- G1: CRLF goal one (S9)\r\n- G2: cyclic (G3)\r\n"
        b"- G3: cyclic back (G2)\r\n- G1: again\r\n"
    )
    (folder / "CHALLENGES.md").write_bytes(b"## CHALLENGES\n- C1: x\n\x00tail")
    outside = workspace.parent / "outside.md"
    outside.write_text("## MISSION\n- M1: linked\n", encoding="utf-8")
    (folder / "MISSION.md").symlink_to(outside)


def test_telos_problems_name_the_file_once_without_line_zero(
    capsys, workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    _hostile_telos(workspace)
    code, out, _ = _run(capsys, "telos", "--today", "2026-11-30", *_common(workspace, data_dir))
    assert code == 0
    problems = out.split("\nProblems:\n", 1)[1].splitlines()
    assert "  telos/CHALLENGES.md: binary file (NUL byte at offset 22); not Markdown text" in (
        problems
    )
    assert "  telos/MISSION.md: symbolic link: linked files are not read" in problems
    assert "  telos/GOALS.md:5: duplicate id G1 (also at line 2)" in problems
    assert ":0:" not in out
    assert all(line.count("telos/") == 1 for line in problems if "duplicate" not in line)
    code, out, _ = _run(capsys, "telos", "--json", *_common(workspace, data_dir))
    found = {(p["path"], p["line"]): p for p in json.loads(out)["problems"]}
    binary = found[("telos/CHALLENGES.md", 0)]
    assert binary["message"] == "binary file (NUL byte at offset 22); not Markdown text"
    assert binary["severity"] == "error"


def test_telos_reports_dangling_references_and_cycles(
    capsys, workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    _hostile_telos(workspace)
    code, out, _ = _run(capsys, "telos", "--today", "2026-11-30", *_common(workspace, data_dir))
    assert code == 0
    assert "  telos/GOALS.md:2: G1 refers to S9, which no Telos file defines" in out
    assert "  telos/GOALS.md:3: cycle in the chain: G2 → G3 → G2" in out
    assert out.count("cycle in the chain") == 1  # one circle, reported once
    code, out, _ = _run(capsys, "telos", "--json", *_common(workspace, data_dir))
    messages = {(p["line"], p["message"]) for p in json.loads(out)["problems"]}
    assert (2, "G1 refers to S9, which no Telos file defines") in messages
    assert (3, "cycle in the chain: G2 → G3 → G2") in messages


def test_counts_are_said_in_the_singular_for_one(capsys, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    (workspace / "TELOS.md").write_text(TELOS, encoding="utf-8")
    code, out, _ = _run(capsys, "layers", *_common(workspace, data_dir))
    assert code == 0
    counts = {line.split()[0]: line.split(maxsplit=2)[2] for line in out.splitlines()[:4]}
    # MEMORY.md alone is long-term, TELOS.md alone is purpose, three daily notes
    assert counts == {"L0": "3 files", "L1": "0 files", "L2": "1 file", "L3": "1 file"}
    (workspace / "TELOS.md").write_text("## GOALS\n- G1: Tame a quokka\n", encoding="utf-8")
    (workspace / "memory" / "2026-11-20.md").write_text("- Progress on G1.\n", encoding="utf-8")
    code, out, _ = _run(capsys, "telos", "--today", "2026-11-30", *_common(workspace, data_dir))
    assert "Tame a quokka  [1 mention, last 2026-11-20;" in out and "1 mentions" not in out
