"""Dates as Telos files write them: deadlines inside items, dates that open journal lines.

Deadlines: ``by July of 2026``, ``by January 2025``, ``by 2026-07-01``, ``by July 15, 2026``,
``before Q3 2026``, ``by end of 2027``, ``2026年7月前``. ``by 35`` (an age) is no deadline.
Each deadline gives the last day it allows (a month: its last day; a quarter: its last day;
a year: 31 December).

Journal dates: ``22/11/2019`` (Telos writes day/month/year; month/day is taken only when the
first number cannot be a month), ``2026-11-20``, ``October 2024``, ``Nov 3, 2026``,
``3 November 2026``, ``2026年11月20日``.
"""

from __future__ import annotations

import calendar
import datetime as _dt
import re

from ..phrase import Said, said, template
from ..text.dates import MONTH_NAMES, MONTHS
from .model import Deadline


def _month(name: str = "month") -> str:
    return rf"(?P<{name}>{MONTH_NAMES})\.?"


def _year(name: str = "year") -> str:
    return rf"(?P<{name}>(?:19|20|21)\d\d)"


_MONTH = _month()
_YEAR = _year()

_DEADLINE_LEAD = (
    r"\b(?:by|before|until|till|due|deadline:?|no later than)\s+"
    r"(?:the\s+)?(?:(?:end|middle|start|beginning)\s+of\s+|mid-?|early\s+|late\s+)?"
)
_DEADLINE_FORMS = (
    r"(?P<iso>(?:19|20|21)\d\d-\d{1,2}(?:-\d{1,2})?)",
    r"(?P<dmy>\d{1,2}/\d{1,2}/(?:19|20|21)\d\d)",
    rf"{_month('month1')}\s+(?P<day1>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?:of\s+)?{_year('year1')}",
    rf"(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\s+{_month('month2')}\s+(?:of\s+)?{_year('year2')}",
    rf"{_month('month3')},?\s+(?:of\s+)?{_year('year3')}",
    rf"(?P<quarter>[QH][1-4])\s+{_year('year4')}",
    rf"{_year('year5')}(?![\d/-])",
)
_DEADLINE_RE = re.compile(_DEADLINE_LEAD + r"(?:" + "|".join(_DEADLINE_FORMS) + r")", re.IGNORECASE)
_CJK_DEADLINE_RE = re.compile(
    r"(?P<year>(?:19|20|21)\d\d)\s*年\s*(?:(?P<month>\d{1,2})\s*月\s*(?:(?P<day>\d{1,2})\s*[日号])?)?"
    r"\s*(?P<tail>底?(?:之?前|以前|截止|底))"
)
_CONFIDENCE_RE = re.compile(r"[(（]\s*(\d{1,3}(?:\.\d+)?)\s*%\s*[)）]\s*$")


def _month_end(year: int, month: int) -> _dt.date:
    return _dt.date(year, month, calendar.monthrange(year, month)[1])


def _safe_date(year: int, month: int, day: int) -> _dt.date | None:
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def _dmy(text: str) -> _dt.date | None:
    """``DD/MM/YYYY`` as Telos writes it; ``MM/DD/YYYY`` only when the second part cannot
    be a month."""
    parts = [int(p) for p in text.split("/")]
    first, second, year = parts
    if year < 100:
        year += 2000
    if second > 12 >= first:
        return _safe_date(year, first, second)
    return _safe_date(year, second, first)


def find_deadline(text: str) -> Deadline | None:
    """The deadline written in ``text`` (the last one, when there are several)."""
    found: Deadline | None = None
    for match in _DEADLINE_RE.finditer(text):
        date = _deadline_date(match)
        if date is not None:
            found = Deadline(match.group(0).strip(), date)
    for match in _CJK_DEADLINE_RE.finditer(text):
        year = int(match.group("year"))
        if match.group("day") and match.group("month"):
            date = _safe_date(year, int(match.group("month")), int(match.group("day")))
        elif match.group("month") and 1 <= int(match.group("month")) <= 12:
            date = _month_end(year, int(match.group("month")))
        else:
            date = _dt.date(year, 12, 31)
        if date is not None:
            found = Deadline(match.group(0).strip(), date)
    return found


def _deadline_date(match: re.Match[str]) -> _dt.date | None:
    groups = match.groupdict()
    if groups.get("iso"):
        parts = [int(p) for p in groups["iso"].split("-")]
        if len(parts) == 3:
            return _safe_date(*parts)
        return _month_end(parts[0], parts[1]) if 1 <= parts[1] <= 12 else None
    if groups.get("dmy"):
        return _dmy(groups["dmy"])
    if groups.get("month1"):
        return _safe_date(
            int(groups["year1"]), MONTHS[groups["month1"].lower()], int(groups["day1"])
        )
    if groups.get("month2"):
        return _safe_date(
            int(groups["year2"]), MONTHS[groups["month2"].lower()], int(groups["day2"])
        )
    if groups.get("month3"):
        return _month_end(int(groups["year3"]), MONTHS[groups["month3"].lower()])
    if groups.get("quarter"):
        kind, number = groups["quarter"][0].upper(), int(groups["quarter"][1])
        year = int(groups["year4"])
        if kind == "H":
            return _month_end(year, 6) if number == 1 else _dt.date(year, 12, 31)
        return _month_end(year, 3 * number)
    if groups.get("year5"):
        return _dt.date(int(groups["year5"]), 12, 31)
    return None


CONFIDENCE_OVER = template("confidence {value}% is over 100%")


def find_confidence(text: str) -> tuple[float | None, Said | None]:
    """A trailing ``(80%)`` as ``(0.8, None)``; ``(None, reason)`` when it is out of range."""
    match = _CONFIDENCE_RE.search(text)
    if match is None:
        return None, None
    value = float(match.group(1))
    if value > 100:
        return None, said(CONFIDENCE_OVER, value=match.group(1))
    return value / 100.0, None


def strip_confidence(text: str) -> str:
    """``text`` without its trailing ``(80%)``."""
    return _CONFIDENCE_RE.sub("", text).rstrip()


_SEP = r"\s*(?:[:：\-–—|]\s*|\s)"
_JOURNAL_FORMS: tuple[re.Pattern[str], ...] = (
    re.compile(rf"^(?P<iso>(?:19|20|21)\d\d-\d{{1,2}}-\d{{1,2}})(?:{_SEP}|$)"),
    re.compile(rf"^(?P<dmy>\d{{1,2}}/\d{{1,2}}/(?:\d{{4}}|\d{{2}}))(?:{_SEP}|$)"),
    re.compile(
        rf"^{_MONTH}\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+{_YEAR}(?:{_SEP}|$)", re.IGNORECASE
    ),
    re.compile(
        rf"^(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}\s+{_YEAR}(?:{_SEP}|$)", re.IGNORECASE
    ),
    re.compile(rf"^{_MONTH},?\s+{_YEAR}(?:{_SEP}|$)", re.IGNORECASE),
    re.compile(
        r"^(?P<year>(?:19|20|21)\d\d)\s*年\s*(?P<cmonth>\d{1,2})\s*月\s*(?:(?P<day>\d{1,2})\s*[日号])?"
        r"\s*[:：\-–—]?\s*"
    ),
)


def leading_date(text: str) -> tuple[_dt.date, str, str] | None:
    """A date opening ``text``: ``(date, the date as written, the rest of the line)``.

    A month without a day stands for its first day.
    """
    stripped = re.sub(r"^\*\*([^*]+)\*\*", r"\1", text.strip())
    for pattern in _JOURNAL_FORMS:
        match = pattern.match(stripped)
        if match is None:
            continue
        date = _journal_date(match)
        if date is None:
            return None
        rest = stripped[match.end() :].strip()
        written = match.group(0).strip().rstrip(":：-–—|").strip()
        return date, written, rest
    return None


def _journal_date(match: re.Match[str]) -> _dt.date | None:
    groups = match.groupdict()
    if groups.get("iso"):
        year, month, day = (int(p) for p in groups["iso"].split("-"))
        return _safe_date(year, month, day)
    if groups.get("dmy"):
        return _dmy(groups["dmy"])
    if groups.get("cmonth"):
        day = int(groups["day"]) if groups.get("day") else 1
        return _safe_date(int(groups["year"]), int(groups["cmonth"]), day)
    month = MONTHS[groups["month"].lower()]
    day = int(groups["day"]) if groups.get("day") else 1
    return _safe_date(int(groups["year"]), month, day)
