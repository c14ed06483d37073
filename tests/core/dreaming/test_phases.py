"""Ingestion, the light/REM phases and the daily-only promotion path."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from reverie.core.dreaming import ledger, scoring
from reverie.core.dreaming.config import DreamingConfig
from reverie.core.dreaming.engine import DreamEngine
from reverie.core.dreaming.ingest import chunk_daily_note, ingest_session_transcripts
from reverie.core.dreaming.promote import apply_short_term_promotions
from reverie.core.dreaming.snippets import is_contaminated_dreaming_snippet


def test_light_chunking_joins_list_items_under_a_date_heading() -> None:
    note = "# 2026-04-05\n\n- Move backups to S3 Glacier.\n- Keep retention at 365 days.\n"
    (chunk,) = chunk_daily_note(note)
    assert (chunk.start_line, chunk.end_line) == (3, 4)
    assert chunk.snippet == "Move backups to S3 Glacier.; Keep retention at 365 days."


def test_specific_heading_prefixes_chunks() -> None:
    chunks = chunk_daily_note("## Network\nRouter VLAN 20 hosts staging.\n\n- tiny\n")
    assert [c.snippet for c in chunks] == ["Network: Router VLAN 20 hosts staging."]


def test_repeated_light_runs_keep_one_block(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    note = tmp_path / "memory" / "2026-04-05.md"
    note.write_text(
        "# 2026-04-05\n\n- Move backups to S3 Glacier.\n- Keep retention at 365 days.\n"
    )
    config = DreamingConfig(storage_mode="inline")
    for hour in (3, 4, 5):
        DreamEngine(
            tmp_path, now=datetime(2026, 4, 5, hour, tzinfo=UTC), timezone="UTC", config=config
        ).run_phase("light")
    text = note.read_text()
    assert text.count("- Candidate:") == 1
    assert text.count("## Light Sleep") == 1
    assert "<!-- openclaw:dreaming:light:start -->" in text
    entries = ledger.read_store(tmp_path)["entries"]
    assert list(entries) == ["memory:memory/2026-04-05.md:3:4"], (
        "the managed block is never re-ingested"
    )
    assert entries["memory:memory/2026-04-05.md:3:4"]["dailyCount"] == 1, "per-day dedupe"
    signals = ledger.read_phase_signals(tmp_path)["entries"]
    assert signals["memory:memory/2026-04-05.md:3:4"]["lightHits"] == 3


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-04-05.md").write_text(
        "# Ops\n- Move backups to S3 Glacier nightly.\n"
    )
    report = DreamEngine(
        tmp_path, now=datetime(2026, 4, 5, 3, tzinfo=UTC), timezone="UTC"
    ).run_phase("all", dry_run=True)
    assert report.ingested[0].signals
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert files == ["memory/2026-04-05.md"]


def test_daily_only_signals_can_reach_promotion(tmp_path: Path) -> None:
    """Spec vector 4: three daily sweeps, each followed by a light and a REM hit."""
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-04-01.md").write_text("Move backups to S3 Glacier.\n")
    key = "memory:memory/2026-04-01.md:1:1"
    scores = []
    for day in (1, 2, 3):
        now = datetime(2026, 4, day, 3, tzinfo=UTC)
        ledger.record_recalls(
            tmp_path,
            f"__dreaming_daily__:2026-04-0{day}",
            [
                {
                    "path": "memory/2026-04-01.md",
                    "startLine": 1,
                    "endLine": 1,
                    "score": 0.62,
                    "snippet": "Move backups to S3 Glacier.",
                    "source": "memory",
                }
            ],
            now=now,
            signal_type="daily",
            dedupe_by_query_per_day=True,
            day_bucket=f"2026-04-0{day}",
        )
        ledger.record_phase_signals(tmp_path, "light", [key], now)
        ledger.record_phase_signals(tmp_path, "rem", [key], now)
        ranked = scoring.rank_short_term_promotion_candidates(tmp_path, now)
        scores.append([c["score"] for c in ranked])
    assert scores[0] == [] and scores[1] == []
    (candidate,) = scoring.rank_short_term_promotion_candidates(
        tmp_path, datetime(2026, 4, 3, 3, tzinfo=UTC)
    )
    assert (candidate["recallCount"], candidate["dailyCount"], candidate["uniqueQueries"]) == (
        0,
        3,
        3,
    )
    assert candidate["conceptTags"] == ["backup", "backups", "glacier"]
    assert candidate["score"] == pytest.approx(0.752, abs=0.002)


def test_candidate_inside_a_dreaming_fence_is_not_applied(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-04-08.md").write_text(
        "# 2026-04-08\n\n## Light Sleep\n<!-- openclaw:dreaming:light:start -->\n"
        "- Router VLAN 20 hosts staging.\n<!-- openclaw:dreaming:light:end -->\n"
    )
    candidate = {
        "key": "memory:memory/2026-04-08.md:5:5",
        "path": "memory/2026-04-08.md",
        "startLine": 5,
        "endLine": 5,
        "source": "memory",
        "snippet": "- Router VLAN 20 hosts staging.",
        "recallCount": 5,
        "avgScore": 0.9,
        "maxScore": 0.9,
        "uniqueQueries": 3,
        "ageDays": 0,
        "score": 0.9,
        "recallDays": ["2026-04-08"],
        "conceptTags": [],
    }
    result = apply_short_term_promotions(tmp_path, [candidate], datetime(2026, 4, 8, tzinfo=UTC))
    assert result.applied == 0
    assert result.dropped == (
        ("memory:memory/2026-04-08.md:5:5", "inside a dreaming-managed block"),
    )
    assert not (tmp_path / "MEMORY.md").exists()


def test_contamination_rules() -> None:
    assert is_contaminated_dreaming_snippet(
        "Candidate: Default to action. confidence: 0.76 evidence: "
        "memory/.dreams/session-corpus/2026-04-08.txt:1-1 recalls: 3 status: staged"
    )
    assert not is_contaminated_dreaming_snippet(
        "Candidate: move backups weekly. confidence: 0.76 evidence: memory/2026-04-08.md:1-1"
    )
    assert not is_contaminated_dreaming_snippet("The candidate list for the role is final.")


def test_session_transcripts_feed_the_corpus(tmp_path: Path) -> None:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    transcript = sessions / "abc.jsonl"
    transcript.write_text(
        '{"type":"session","id":"abc"}\n'
        '{"type":"message","timestamp":"2026-04-05T10:00:00Z","message":{"role":"user",'
        '"content":[{"type":"text","text":"Please move the backups to Glacier."}]}}\n'
        '{"type":"message","timestamp":"2026-04-05T10:01:00Z","message":{"role":"assistant",'
        '"content":"Done, backups now go to Glacier nightly."}}\n'
    )
    now = datetime(2026, 4, 5, 12, tzinfo=UTC).timestamp() * 1000
    result = ingest_session_transcripts(tmp_path, [transcript], now, "UTC", lookback_days=2)
    corpus = (tmp_path / "memory/.dreams/session-corpus/2026-04-05.txt").read_text()
    assert corpus == (
        "[main/abc.jsonl#L2] User: Please move the backups to Glacier.\n"
        "[main/abc.jsonl#L3] Assistant: Done, backups now go to Glacier nightly.\n"
    )
    assert len(result.signals) == 2
    entries = ledger.read_store(tmp_path)["entries"]
    assert sorted(entries) == [
        "memory:memory/.dreams/session-corpus/2026-04-05.txt:1:1",
        "memory:memory/.dreams/session-corpus/2026-04-05.txt:2:2",
    ]
    again = ingest_session_transcripts(tmp_path, [transcript], now, "UTC", lookback_days=2)
    assert again.signals == () and again.files_skipped == ("main:abc.jsonl",)


def test_a_daily_note_that_is_not_utf8_is_left_out_not_a_crash(tmp_path: Path) -> None:
    from reverie.core.dreaming.ingest import ingest_daily_notes

    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "2026-11-28.md").write_text("# 2026-11-28\n\n- walrus day\n")
    (tmp_path / "memory" / "2026-11-29.md").write_bytes(b"# 2026-11-29\n\n- caf\xe9\n")
    now = datetime(2026, 11, 29, 12, tzinfo=UTC).timestamp() * 1000
    result = ingest_daily_notes(tmp_path, now, "UTC", lookback_days=7, limit=50)
    assert result.files_scanned == ("memory/2026-11-28.md",)
