"""Reverie's temporal-decay timestamps: OpenClaw's rules without the date pitfalls."""

from __future__ import annotations

import math
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from reverie.core.search.decay import (
    DAY_MS,
    TemporalDecayConfig,
    TimestampReason,
    apply_temporal_decay_to_hybrid_results,
    extract_timestamp,
    extract_timestamp_reverie,
    is_evergreen_memory_path_reverie,
    parse_memory_date_from_path_reverie,
)

NOW_MS = 1776254400000.0  # 2026-04-15T12:00:00Z
APRIL_10_MS = datetime(2026, 4, 10, tzinfo=UTC).timestamp() * 1000


def _touch(root: Path, relpath: str, mtime_ms: int) -> None:
    target = root / relpath
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("x\n", encoding="utf-8")
    os.utime(target, ns=(mtime_ms * 1_000_000, mtime_ms * 1_000_000))


@pytest.mark.parametrize(
    "path",
    [
        "memory/2026-04-10-standup.md",
        "memory/2026-04-10-vendor-pitch.md",
        "memory/2026-04-10.md",
        "./memory/2026-04-10-standup.md",
        "memory\\2026-04-10-standup.md",
        "memory/journal/2026-04-10.md",
    ],
)
def test_slugged_and_nested_daily_notes_are_dated(path: str, tmp_path: Path) -> None:
    assert extract_timestamp_reverie(path, "memory", tmp_path, None) == (APRIL_10_MS, "dated")
    assert not is_evergreen_memory_path_reverie(path)


def test_openclaw_treats_the_slugged_note_as_evergreen(tmp_path: Path) -> None:
    assert extract_timestamp("memory/2026-04-10-standup.md", "memory", tmp_path) == (
        None,
        "evergreen",
    )


@pytest.mark.parametrize("path", ["MEMORY.md", "memory.md", "memory/projects.md", "./MEMORY.md"])
def test_undated_memory_files_stay_evergreen(path: str, tmp_path: Path) -> None:
    _touch(tmp_path, path.removeprefix("./"), 1_700_000_000_000)
    assert extract_timestamp_reverie(path, "memory", tmp_path, 1_700_000_000_000.0) == (
        None,
        "evergreen",
    )


def test_session_uses_the_given_transcript_mtime(tmp_path: Path) -> None:
    mtime = NOW_MS - 3 * DAY_MS
    # No sessions/ folder exists under the workspace: OpenClaw finds no date at all.
    assert extract_timestamp("sessions/abc.jsonl", "sessions", tmp_path) == (None, "no-date")
    got = extract_timestamp_reverie("sessions/abc.jsonl", "sessions", tmp_path, mtime)
    assert got == (mtime, "mtime")


def test_session_ignores_a_same_named_workspace_file(tmp_path: Path) -> None:
    _touch(tmp_path, "sessions/abc.jsonl", 1_600_000_000_000)
    assert extract_timestamp_reverie("sessions/abc.jsonl", "sessions", tmp_path, None) == (
        None,
        "no-date",
    )
    got = extract_timestamp_reverie("sessions/abc.jsonl", "sessions", tmp_path, math.nan)
    assert got == (None, "no-date")


def test_other_files_use_given_mtime_then_stat(tmp_path: Path) -> None:
    _touch(tmp_path, "docs/readme.md", 1_772_366_400_000)
    assert extract_timestamp_reverie("docs/readme.md", "memory", tmp_path, 5.0) == (5.0, "mtime")
    assert extract_timestamp_reverie("docs/readme.md", "memory", tmp_path, None) == (
        1_772_366_400_000.0,
        "mtime",
    )
    assert extract_timestamp_reverie("docs/missing.md", "memory", tmp_path, None) == (
        None,
        "no-date",
    )


def test_calendar_invalid_dates_are_not_dated() -> None:
    assert parse_memory_date_from_path_reverie("memory/2026-02-30-notes.md") is None
    assert parse_memory_date_from_path_reverie("memory/0099-01-01.md") is None
    assert parse_memory_date_from_path_reverie("notes/2026-04-10.md") is None
    assert not is_evergreen_memory_path_reverie("memory/2026-02-30-notes.md")


def test_reverie_timestamps_drive_the_batch_decay(tmp_path: Path) -> None:
    results = [
        {"path": "memory/2026-03-16-retro.md", "source": "memory", "score": 0.8, "snippet": "a"},
        {"path": "sessions/s.jsonl", "source": "sessions", "score": 0.8, "snippet": "b"},
        {"path": "MEMORY.md", "source": "memory", "score": 0.8, "snippet": "c"},
    ]
    session_mtime = NOW_MS - 30 * DAY_MS

    def timestamps(path: str, source: str | None) -> tuple[float | None, TimestampReason]:
        given = session_mtime if source == "sessions" else None
        return extract_timestamp_reverie(path, source, tmp_path, given)

    decayed = apply_temporal_decay_to_hybrid_results(
        results,
        TemporalDecayConfig(enabled=True, half_life_days=30),
        workspace_dir=tmp_path,
        now_ms=NOW_MS,
        timestamp_fn=timestamps,
    )
    scores = [r["score"] for r in decayed]
    # 2026-03-16 midnight is 30.5 days before noon on 2026-04-15.
    assert scores[0] == pytest.approx(0.8 * 2 ** (-30.5 / 30), rel=1e-12)
    assert scores[1] == pytest.approx(0.4, rel=1e-12)
    assert scores[2] == 0.8
    plain = apply_temporal_decay_to_hybrid_results(
        results, TemporalDecayConfig(enabled=True), workspace_dir=tmp_path, now_ms=NOW_MS
    )
    assert [r["score"] for r in plain] == [0.8, 0.8, 0.8]
