"""Malformed promotion markers in MEMORY.md: found with their line, reported, never fixed."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.core.dreaming.engine import DreamEngine
from reverie.core.dreaming.promote import (
    MarkerProblem,
    build_promotion_section,
    extract_promotion_markers,
    find_marker_problems,
    promotion_marker,
)
from tests.core.dreaming.conftest import BACKUP_KEY, MEMORY, VLAN_KEY, run_dream_cli

MALFORMED = (
    "# Long-Term Memory\n"  # 1
    "\n"
    "<!-- openclaw-memory-promotion: -->\n"  # 3: empty key
    "- a\n"
    "<!-- openclaw-memory-promotion:memory:memory/2026-09-01.md:1:2\n"  # 5: never closed
    "- b\n"
    "<!-- openclaw-memory-promotion:dup-key -->\n"  # 7
    "<!-- openclaw-memory-promotion:dup-key -->\n"  # 8: duplicate
    "<!-- OPENCLAW-MEMORY-PROMOTION:\x7f\u200b -->\n"  # 9: control + zero-width
    "- c\n"
)


def test_each_malformed_marker_is_found_once_with_its_line() -> None:
    problems = find_marker_problems(MALFORMED)
    assert [str(p) for p in problems] == [
        "MEMORY.md:3: promotion marker has an empty key",
        "MEMORY.md:5: promotion marker is not closed (no -->)",
        "MEMORY.md:8: duplicate promotion marker (key 'dup-key' first on line 7)",
        "MEMORY.md:9: promotion marker key has control or invisible characters (U+007F, U+200B)",
    ]
    assert problems[0] == MarkerProblem(3, "promotion marker has an empty key")
    # OpenClaw's reading of the same text is unchanged: the good keys still count
    assert extract_promotion_markers(MALFORMED) == ["dup-key", "\x7f\u200b"]


def test_well_formed_markers_are_not_reported() -> None:
    candidates = [
        {
            "key": key,
            "path": "memory/2026-04-01.md",
            "startLine": 4,
            "endLine": 4,
            "snippet": "Router VLAN 20 hosts the staging cluster.",
            "score": 0.9,
            "recallCount": 4,
            "avgScore": 0.85,
        }
        for key in (VLAN_KEY, BACKUP_KEY)
    ]
    text = MEMORY + build_promotion_section(candidates, 1_775_000_000_000, "UTC")
    assert find_marker_problems(text) == []
    assert find_marker_problems("") == []
    assert find_marker_problems(text.replace("\n", "\r\n")) == []
    # a non-ASCII but visible key is fine
    assert find_marker_problems(promotion_marker("memory:memory/日記.md:1:2")) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<!-- openclaw-memory-promotion:-->\n", [(1, "empty key")]),
        ("x\n<!--openclaw-memory-promotion:   -->", [(2, "empty key")]),
        ("<!-- openclaw-memory-promotion:key", [(1, "not closed")]),
        ("<!-- openclaw-memory-promotion:key\n- text -->", [(1, "not closed")]),
        ("<!-- openclaw-memory-promotion:a\u202eb -->", [(1, "U+202E")]),
        ("<!-- openclaw-memory-promotion:a\tb -->", [(1, "U+0009")]),
        (
            "\n".join([promotion_marker("k")] * 3),
            [(2, "first on line 1"), (3, "first on line 1")],
        ),
        (
            promotion_marker("\x00") + "\n" + promotion_marker("\x00"),
            [(1, "U+0000"), (2, "U+0000")],
        ),
    ],
)
def test_marker_problem_reasons(text: str, expected: list[tuple[int, str]]) -> None:
    problems = find_marker_problems(text)
    assert [p.line for p in problems] == [line for line, _ in expected]
    for problem, (_, fragment) in zip(problems, expected, strict=True):
        assert fragment in problem.reason
    both = find_marker_problems(text)[-1]
    if "\x00" in text:  # invisible and duplicate: one problem naming both reasons
        assert "duplicate" in both.reason and "invisible" in both.reason


def test_markers_as_openclaw_reads_them_are_not_reported() -> None:
    """OpenClaw's pattern lets ``-->`` follow on the next line and a later opening sit
    inside an earlier key; those are markers it reads, so they are not malformed."""
    next_line = "<!-- openclaw-memory-promotion:key\n-->\n"
    assert extract_promotion_markers(next_line) == ["key"]
    assert find_marker_problems(next_line) == []
    nested = "<!-- openclaw-memory-promotion:a <!-- openclaw-memory-promotion:b -->\n"
    assert extract_promotion_markers(nested) == ["a <!-- openclaw-memory-promotion:b"]
    assert find_marker_problems(nested) == []


def test_status_and_preview_report_markers_and_leave_memory_alone(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    memory = workspace / "MEMORY.md"
    memory.write_text(MEMORY + MALFORMED, encoding="utf-8")
    before = memory.read_bytes()
    expected = [  # MALFORMED's lines, 4 further down
        "MEMORY.md:7: promotion marker has an empty key",
        "MEMORY.md:9: promotion marker is not closed (no -->)",
        "MEMORY.md:12: duplicate promotion marker (key 'dup-key' first on line 11)",
        "MEMORY.md:13: promotion marker key has control or invisible characters (U+007F, U+200B)",
    ]

    status = DreamEngine(workspace, now=1_775_300_000_000).status(fix=True)
    assert [str(p) for p in status.marker_problems] == expected

    capsys.readouterr()
    assert run_dream_cli(workspace, "dream", "status", "--fix") == 0
    out, err = capsys.readouterr()
    assert [line for line in out.splitlines() if "MEMORY.md:" in line] == [
        f"warn: memory-marker: {line}" for line in expected
    ]
    assert "waiting for review 2" in out  # the rest still works
    assert err == ""

    assert run_dream_cli(workspace, "promote") == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"warning: {line}" for line in expected]
    assert VLAN_KEY in out and BACKUP_KEY in out
    assert memory.read_bytes() == before

    assert run_dream_cli(workspace, "promote", "apply", VLAN_KEY) == 0
    after = memory.read_bytes()
    assert after.startswith(before)  # appended to, never "repaired"
    assert [str(p) for p in DreamEngine(workspace).marker_problems()] == expected


def test_engine_marker_problems_without_a_readable_memory_file(tmp_path: Path) -> None:
    assert DreamEngine(tmp_path).marker_problems() == []
    (tmp_path / "MEMORY.md").write_bytes(b"<!-- openclaw-memory-promotion: -->\n\xff\xfe")
    assert DreamEngine(tmp_path).marker_problems() == []
