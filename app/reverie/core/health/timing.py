"""When a change a line words takes effect: a month, a day or a week, month or year after the
note's day ("9月开始", "from September", "郑医生说下个月换新牙套")."""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache

from ..text.dates import MONTH_NAMES, MONTHS
from .sources import SourceLine
from .values import date_mentions, nearest_year, two_way_dates

_FROM_MONTH_ZH = re.compile(r"(?<!\d)(\d{1,2})\s?月(?:份)?\s?(?:开始|起)")
_FROM_MONTH_EN = re.compile(
    r"\b(?:from|starting(?: in)?|as of|beginning(?: in)?|ab)\s+(" + MONTH_NAMES + r")\b"
    # "goes to $18 in january", "will be 90/h in March": a month ahead with a future verb
    r"|\b(?:goes|go|going|will|'ll|is due)\b.*\bin\s+(" + MONTH_NAMES + r")\b"
    # a month named in a Chinese line ("从 janvier 开始 formule 要调到 17,50")
    r"|从\s?(" + MONTH_NAMES + r")(?![a-z])"
)
_FROM_DAY = re.compile(r"(?:\bfrom|\bstarting|\bas of|\beffective|\bbeginning|\bab|\bbeginn:?)\s*$")
"""Words before a day that make it the day a change starts ("from 1 February")."""
_STARTS = re.compile(r"起|开始|\b(?:from|starting|as of|effective|beginning)\b", re.IGNORECASE)
"""A word of starting anywhere in a clause ("明年起", "from next year")."""


def starts_after(clause: str, line: SourceLine, today: date, bare_relative: bool = True) -> bool:
    """The clause says its change starts on a day or in a month after ``today`` ("9月开始",
    "from September", "on 2026-10-01"), or a week, month or year after the note's ("next
    month", 明年); without ``bare_relative``, such a word counts only beside a day or a word
    of starting (明年1月1号起, not "问明年还租不租", which may be about something else)."""
    return _starts_after_day(clause, line.day, today, bare_relative)


@lru_cache(maxsize=50000)
def _starts_after_day(clause: str, line_day: date | None, today: date, bare_relative: bool) -> bool:
    year = line_day.year if line_day else today.year
    mentions = date_mentions(clause, year)
    # a dated day is when the change starts, unless it is when something ends ("the new
    # certificate is valid until October 2029")
    starts = [
        m.day
        for m in mentions
        if m.has_year
        and not _ENDS_ON.search(clause[: m.start])
        and not _MOVED_TO.search(clause[: m.start])
    ]
    starts += [  # "goes up to $95/month from 01/02/2027": after today read either way
        found.earlier
        for found in two_way_dates(clause)
        if not _ENDS_ON.search(clause[: found.start])
        and not _MOVED_TO.search(clause[: found.start])
    ]
    for mention in mentions:
        if not mention.has_year and _FROM_DAY.search(clause[: mention.start]):
            # in the year that puts it nearest the note's day
            starts.append(nearest_year(mention.day, line_day) if line_day else mention.day)
    months = [int(m.group(1)) for m in _FROM_MONTH_ZH.finditer(clause)]
    months += [MONTHS[next(g for g in m.groups() if g)] for m in _FROM_MONTH_EN.finditer(clause)]
    for month in months:
        if 1 <= month <= 12:
            start = date(year, month, 1)
            if line_day is not None and start < line_day.replace(day=1):
                start = start.replace(year=year + 1)  # a month before the note's: next year
            starts.append(start)
    if line_day is not None and (bare_relative or mentions or _STARTS.search(clause)):
        starts += _relative_starts(clause, line_day)
    return any(start > today for start in starts)


_MOVED_TO = re.compile(
    r"(?:\b(?:moved|moves|pushed|postponed|rescheduled|delayed|shifted|changed|brought forward)"
    r"(?:\s+(?:back|out))?\s+(?:to|until|till|for)|\bdeadline(?:\s+(?:is|now))*"
    r"|改到|改成|推迟到|延期到|延到|挪到|提前到|推到)[\s:：]*$",
    re.IGNORECASE,
)
"""A day that is what a date was moved to ("the deadline moved to 2027-01-15", 推迟到): the new
value of a change made now, not the day a change starts."""
_ENDS_ON = re.compile(
    r"(?:\buntil|\btill|\bthrough|\bthru|\bvalid(?: until| to| till| through)?|\bexpir\w*(?: on| in)?"
    r"|\bends?(?: on| in)?|\bby|到期|截止(?:到|日期?)?|有效期至?)[\s:：]*$",
    re.IGNORECASE,
)


_NEXT_SEASON = re.compile(
    r"\bnext (?:spring|summer|autumn|fall|winter|season|term|semester)\b|下学期|明年春天|明年夏天|"
    r"寒假(?:开始|起|以后)",
    re.IGNORECASE,
)
_NEXT_WEEK = re.compile(r"下(?:个)?(?:周|星期|礼拜)|\bnext week\b", re.IGNORECASE)
_NEXT_MONTH = re.compile(r"下(?:个)?月|\bnext month\b", re.IGNORECASE)
_NEXT_YEAR = re.compile(r"明年|\bnext year\b", re.IGNORECASE)


def _relative_starts(clause: str, day: date) -> list[date]:
    """The first day of the week, month or year after the note's that the clause names
    ("郑医生说下个月换新牙套" on 14 September starts on 1 October)."""
    starts: list[date] = []
    if _NEXT_WEEK.search(clause):
        starts.append(day + timedelta(days=7 - day.weekday()))
    if _NEXT_MONTH.search(clause):
        starts.append(date(day.year + day.month // 12, day.month % 12 + 1, 1))
    if _NEXT_YEAR.search(clause):
        starts.append(date(day.year + 1, 1, 1))
    if _NEXT_SEASON.search(clause):
        starts.append(day + timedelta(days=60))  # "on next spring's invoice"
    return starts
