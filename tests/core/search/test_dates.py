"""Dates named in a question: what is recognised, and the stage that brings in and favours
the notes of that day or month."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from reverie.core.search.dated import DAY_BONUS, MONTH_BONUS, NEAR_BONUS, date_bonus
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings
from reverie.core.text.dates import find_dates

NOW_MS = 1_796_000_000_000.0  # 2026-11-30


def _named(text: str) -> list[str]:
    return [m.describe() for m in find_dates(text)]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("What did Melanie show Caroline on October 13, 2023?", ["2023-10-13"]),
        ("What did Maria start, as mentioned on 3 June, 2023?", ["2023-06-03"]),
        ("the 13th of October", ["--10-13"]),
        ("Oct 13th 2023 and Sept 2, 2024", ["2023-10-13", "2024-09-02"]),
        ("What is John doing as a volunteer in August 2023?", ["2023-08"]),
        ("notes from 2026-03-05 and 2026/3/6", ["2026-03-05", "2026-03-06"]),
        ("2026年3月5日 开会说了什么", ["2026-03-05"]),
        ("3月5号的会", ["--03-05"]),
        ("2026年3月的预算", ["2026-03"]),
    ],
)
def test_dates_a_question_names(text: str, named: list[str]) -> None:
    assert _named(text) == named


@pytest.mark.parametrize(
    "text",
    [
        "May I ask what happened in May?",  # a month without its year names no note
        "How many funds before March?",
        "Feb 30, 2023",  # no such day
        "version 1.2.3 of build 2023",
        "Room 1203 in building 4",
    ],
)
def test_no_date_is_named(text: str) -> None:
    assert _named(text) == []


def test_bonus_by_distance_to_the_named_day() -> None:
    mentions = find_dates("on October 13, 2023 or in May 2024")
    assert date_bonus(mentions, dt.date(2023, 10, 13))[0] == DAY_BONUS
    assert date_bonus(mentions, dt.date(2023, 10, 14))[0] == NEAR_BONUS
    assert date_bonus(mentions, dt.date(2023, 10, 16))[0] == 0.0
    assert date_bonus(mentions, dt.date(2024, 5, 30)) == (
        MONTH_BONUS,
        "note of 2024-05-30, asked: May 2024",
    )
    assert date_bonus(mentions, None) == (0.0, "")
    any_year = find_dates("what happened on March 5")
    assert date_bonus(any_year, dt.date(2021, 3, 5))[0] == DAY_BONUS
    assert date_bonus(any_year, dt.date(2021, 3, 4))[0] == NEAR_BONUS


@pytest.fixture
def diary(tmp_path: Path):
    """Forty days of notes that all say much the same thing."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    start = dt.date(2026, 2, 1)
    for i in range(40):
        day = start + dt.timedelta(days=i)
        (root / "memory" / f"{day.isoformat()}.md").write_text(
            f"# {day.isoformat()}\n\n- Standup about the billing service, then lunch.\n"
            f"- Walked {i % 7 + 2} km by the river.\n",
            encoding="utf-8",
        )
    svc = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    svc.index()
    yield svc
    svc.close()


def test_the_named_day_comes_first_and_the_trace_says_why(diary: MemoryService) -> None:
    query = "what was said at the billing standup on February 20, 2026"
    resp = diary.search(query, SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
    top = resp.results[0]
    assert top.path == "memory/2026-02-20.md"
    assert top.trace.date_bonus == DAY_BONUS
    assert top.trace.date_reason == "note of 2026-02-20, asked: February 20, 2026"
    off = SearchSettings.for_profile("reverie").with_changes(date_match=False)
    plain = diary.search(query, off, now_ms=NOW_MS)
    assert all(h.trace.date_bonus == 0.0 for h in plain.results)
    assert SearchSettings.for_profile("openclaw").date_match is False


def test_notes_of_the_named_day_join_the_candidates(diary: MemoryService) -> None:
    """A note that neither list returns is still found when its day is named."""
    settings = SearchSettings.for_profile("reverie").with_changes(candidate_multiplier=1)
    resp = diary.search("river walk on 2026-02-03", settings, now_ms=NOW_MS)
    assert resp.results[0].path == "memory/2026-02-03.md"
    everyone = [*resp.results, *(d.hit for d in resp.dropped)]
    joined = [h for h in everyone if h.trace.from_date]
    assert joined and {h.path for h in joined} <= {
        "memory/2026-02-02.md",
        "memory/2026-02-03.md",
        "memory/2026-02-04.md",
    }
