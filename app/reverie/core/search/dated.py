"""Stage 4c, dates named in the question: "what did she show him on October 13, 2023?",
"2023年8月的预算" are about the notes of that day or month.

Daily notes are named by their day, so a question that names a day (with or without its
year) or a month with its year says which notes hold the answer, and neither the vector nor
the keyword side weighs that: the note's date is in its file name, not in its text. With
``date_match`` on:

* retrieval: the chunks of the daily notes within ``NEAR_DAYS`` of a named day (with its
  year) join the candidates, so they are scored on both sides like any other;
* fusion: a candidate from a note of a named day gets ``DAY_BONUS`` added to its fused
  score, from a note one day off (a note written the evening after, an event told the day
  before) ``NEAR_BONUS``, from a note of a named month ``MONTH_BONUS``. The trace names the
  date and the bonus.

Measured on LoCoMo (``bench/ablation.py``); questions that name no date are untouched.
"""

from __future__ import annotations

import datetime as _dt

from ..text.dates import DateMention, find_dates
from ..workspace import daily_date
from .state import Candidate, SearchState

DAY_BONUS = 0.20
NEAR_BONUS = 0.10
MONTH_BONUS = 0.10
NEAR_DAYS = 1
MAX_DATED_CANDIDATES = 60
"""Chunks added for the named days at most (the newest notes first)."""


def note_date(cand: Candidate) -> _dt.date | None:
    """The day of the candidate's daily note (None for any other file)."""
    return daily_date(cand.path)


def dated_rowids(state: SearchState, mentions: list[DateMention]) -> list[int]:
    """Chunks of the daily notes within ``NEAR_DAYS`` of each named day with a year."""
    spans = []
    for m in mentions:
        if m.precision != "day" or m.year is None or m.day is None:
            continue
        day = _dt.date(m.year, m.month, m.day)
        spans.append(
            (
                (day - _dt.timedelta(days=NEAR_DAYS)).isoformat(),
                (day + _dt.timedelta(days=NEAR_DAYS)).isoformat(),
            )
        )
    if not spans:
        return []
    where = " OR ".join("f.file_date BETWEEN ? AND ?" for _ in spans)
    params = [value for span in spans for value in span]
    rows = state.db().execute(
        f"SELECT c.rowid FROM files f JOIN chunks c ON c.path = f.path WHERE ({where})"
        " ORDER BY f.file_date DESC, c.rowid LIMIT ?",
        (*params, MAX_DATED_CANDIDATES),
    )
    return [int(r[0]) for r in rows]


def date_bonus(mentions: list[DateMention], day: _dt.date | None) -> tuple[float, str]:
    """The best bonus any mention gives a note of ``day``, with the mention it came from."""
    best, reason = 0.0, ""
    if day is None:
        return best, reason
    for m in mentions:
        gap = m.distance(day)
        if gap is None:
            continue
        if m.precision == "month":
            value = MONTH_BONUS
        elif gap == 0:
            value = DAY_BONUS
        elif gap <= NEAR_DAYS:
            value = NEAR_BONUS
        else:
            continue
        if value > best:
            best, reason = value, f"note of {day.isoformat()}, asked: {m.text}"
    return best, reason


def match_dates(state: SearchState) -> None:
    """Stage 4c (``date_match`` on): the bonus of every candidate from a named day or month."""
    if not state.dates:
        return
    for cand in state.cands.values():
        cand.date_bonus, cand.date_reason = date_bonus(state.dates, note_date(cand))


def question_dates(state: SearchState) -> list[DateMention]:
    """The dates the query names, when the stage is on."""
    if not state.settings.date_match:
        return []
    return find_dates(state.query)
