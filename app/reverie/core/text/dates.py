"""Calendar dates named in a question ("on October 13, 2023", "in May 2023", "3月5日").

Daily notes are named by their day (``memory/YYYY-MM-DD.md``), so a question that names a
day or a month says which notes it is about. :func:`find_dates` returns what a question
names explicitly: a day with its year, a day without a year (any year's), or a month with
its year. A month without a year ("in June", "before March") is left out: it names an
event's month as often as a note's. Relative dates ("yesterday") are left out too.
"""

from __future__ import annotations

import calendar
import datetime as _dt
import re
from dataclasses import dataclass
from typing import Literal

Precision = Literal["day", "month"]

MONTHS: dict[str, int] = {}
"""Month names and their three-letter forms (and "sept"), lower case, to month numbers; the
French, German, Spanish, Portuguese, Italian, Polish, Turkish, Indonesian, Malay, Filipino and
Russian names too."""
for _number, _name in enumerate(calendar.month_name):
    if _number:
        MONTHS[_name.lower()] = _number
        MONTHS[_name[:3].lower()] = _number
MONTHS["sept"] = 9
# French, German, Spanish and Portuguese names, with and without accents ("15 août 2026",
# "3. März", "até março/2026"); Italian, Polish (as a date writes them and alone: "20 czerwca
# 2026", "lipiec"), Turkish ("6 Eylül", "Temmuz'dan"), Dutch ("14 maart"), Hungarian
# ("július 11."), Czech ("14. června"), Swedish ("12 augusti"), Finnish ("24. huhtikuuta")
# and Romanian ones ("1 noiembrie"); Indonesian and Malay
# ones ("13 Maret 2026", "7 Ogos"; not the short "Mac" and "Des", an English and a French
# word); Russian ones, as a date writes them and alone ("27 мая", "23–25 апреля")
for _number, _names in enumerate(
    (
        "janvier januar enero januari janeiro января январь gennaio stycznia styczeń ocak január"
        " ledna leden tammikuuta ianuarie",
        "février fevrier februar febrero februari pebruari fevereiro pebrero февраля февраль"
        " febbraio lutego luty şubat február února únor helmikuuta februarie",
        # (not "marco": the name Marco)
        "mars märz marz marzo maret março marso марта март marca marzec mart maart március"
        " března březen maaliskuuta martie",
        "avril abril апреля апрель aprile kwietnia kwiecień nisan április dubna duben huhtikuuta"
        " aprilie",
        "mai mayo mei maio мая май maggio maja maj mayıs május května květen toukokuuta",
        "juin juni junio junho hunyo июня июнь giugno czerwca czerwiec haziran június"
        " června červen kesäkuuta iunie",
        "juillet juli julio julai julho hulyo июля июль luglio lipca lipiec temmuz július"
        " července červenec heinäkuuta iulie",
        "août aout agosto agustus ogos августа август sierpnia sierpień ağustos augustus"
        " augusztus augusti srpna srpen elokuuta",
        "septembre septiembre setiembre setembro setyembre сентября сентябрь settembre września"
        " wrzesień eylül szeptember září syyskuuta septembrie",
        "octobre oktober octubre okt outubro oktubre октября октябрь ottobre października"
        " październik ekim október října říjen lokakuuta octombrie",
        "novembre noviembre novembro nobyembre ноября ноябрь listopada listopad kasım listopadu"
        " marraskuuta noiembrie",
        "décembre decembre dezember diciembre desember disember dezembro disyembre декабря декабрь"
        " dicembre grudnia grudzień aralık prosince prosinec joulukuuta decembrie",
    ),
    start=1,
):
    for _name in _names.split():
        MONTHS.setdefault(_name, _number)
# Albanian, Estonian, Slovenian and Latvian ones ("10 shkurt 2026", "6. juunil", "18. marec",
# "20. jūnijā"; not the Latvian "marta" and "maija", also names, nor the Estonian "mail", an
# English word; not Maltese ones, whose dates put "ta'" between: "3 ta' Marzu")
for _number, _names in enumerate(
    (
        "janar jaanuar jaanuaril januarja janvāris janvārī janvāra",
        "shkurt veebruar veebruaril februarja februāris februārī februāra",
        "mars märts märtsil marec marca marts martā",
        "prill aprill aprillil aprila april aprīlis aprīlī aprīļa",
        "maj mai maja maijs maijā",
        "qershor juuni juunil junij junija jūnijs jūnijā jūnija",
        "korrik juuli juulil julij julija jūlijs jūlijā jūlija",
        "gusht august augustil avgust avgusta augusts augustā augusta",
        "shtator september septembril septembra septembris septembrī septembra",
        "tetor oktoober oktoobril oktober oktobra oktobris oktobrī oktobra",
        "nëntor november novembril novembra novembris novembrī novembra",
        "dhjetor detsember detsembril december decembra decembris decembrī decembra",
    ),
    start=1,
):
    for _name in _names.split():
        MONTHS.setdefault(_name, _number)
MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
"""The names of :data:`MONTHS` as a regex alternation, longest first."""
_DAY = r"(?P<{name}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<{name}>(?:19|20)\d\d)"

_PATTERNS: tuple[tuple[re.Pattern[str], Precision], ...] = (
    # 2023-10-13, 2023/10/13, 2023.10.13
    (
        re.compile(r"(?<![\d.])(?P<y>(?:19|20)\d\d)([-/.])(?P<m>[01]?\d)\2(?P<d>[0-3]?\d)(?![\d])"),
        "day",
    ),
    # 2023年10月13日 / 号, 10月13日 (any year)
    (
        re.compile(
            r"(?:(?P<y>(?:19|20)\d\d)\s*年\s*)?(?P<m>[01]?\d)\s*月\s*(?P<d>[0-3]?\d)\s*[日号]"
        ),
        "day",
    ),
    # 2023年10月
    (
        re.compile(r"(?P<y>(?:19|20)\d\d)\s*年\s*(?P<m>[01]?\d)\s*月(?!\s*[0-3]?\d\s*[日号])"),
        "month",
    ),
    # October 13, 2023 / Oct 13th 2023 / October 13 (any year)
    (
        re.compile(
            rf"\b(?P<mn>{MONTH_NAMES})\.?\s+{_DAY.format(name='d')}\b(?:,?\s+{_YEAR.format(name='y')}\b)?",
            re.IGNORECASE,
        ),
        "day",
    ),
    # 13 October 2023 / 3 June, 2023 / 13th of October / 13 October (any year)
    (
        re.compile(
            rf"\b{_DAY.format(name='d')}\s+(?:of\s+)?(?P<mn>{MONTH_NAMES})\b\.?(?:,?\s+{_YEAR.format(name='y')}\b)?",
            re.IGNORECASE,
        ),
        "day",
    ),
    # May 2023 / May of 2023 / May, 2023
    (
        re.compile(
            rf"\b(?P<mn>{MONTH_NAMES})\.?,?\s+(?:of\s+)?{_YEAR.format(name='y')}\b", re.IGNORECASE
        ),
        "month",
    ),
)


@dataclass(frozen=True)
class DateMention:
    """One date a question names."""

    text: str
    """As written in the question."""
    precision: Precision
    year: int | None
    """None: a day without a year (the same month and day of any year)."""
    month: int
    day: int | None = None

    def distance(self, note: _dt.date) -> int | None:
        """Days between the note's date and the named day (0 inside the named month);
        None when the note is not about it (another month, or further than a year)."""
        if self.precision == "month":
            return 0 if (note.year, note.month) == (self.year, self.month) else None
        assert self.day is not None
        years = [self.year] if self.year is not None else [note.year - 1, note.year, note.year + 1]
        best: int | None = None
        for year in years:
            try:
                named = _dt.date(year, self.month, self.day)
            except ValueError:
                continue
            gap = abs((note - named).days)
            best = gap if best is None else min(best, gap)
        return best

    def describe(self) -> str:
        if self.precision == "month":
            return f"{self.year:04d}-{self.month:02d}"
        if self.year is None:
            return f"--{self.month:02d}-{self.day:02d}"
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"


def find_dates(text: str) -> list[DateMention]:
    """The days and months ``text`` names, in the order written, without overlaps (a day
    inside a longer match, such as the month of "May 3, 2023", is not named twice)."""
    found: list[tuple[int, int, DateMention]] = []
    for pattern, precision in _PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span()
            if any(start < e and s < end for s, e, _ in found):
                continue
            mention = _mention(match, precision)
            if mention is not None:
                found.append((start, end, mention))
    found.sort(key=lambda item: item[0])
    return [mention for _, _, mention in found]


def _mention(match: re.Match[str], precision: Precision) -> DateMention | None:
    groups = match.groupdict()
    month = MONTHS[groups["mn"].lower()] if groups.get("mn") else int(groups["m"])
    year = int(groups["y"]) if groups.get("y") else None
    day = int(groups["d"]) if groups.get("d") else None
    if not 1 <= month <= 12:
        return None
    if precision == "day":
        assert day is not None
        try:
            _dt.date(year if year is not None else 2000, month, day)  # 2000: Feb 29 exists
        except ValueError:
            return None
    elif year is None:
        return None
    return DateMention(match.group(0).strip(), precision, year, month, day)
