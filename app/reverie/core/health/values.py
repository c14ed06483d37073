"""Typed values of a line, and when two lines give different ones.

Values are typed (IP, version, host, time of day, weekday, money, percent, port, quantity,
the holder of a personal role, plain number with its unit word) so that two lines only
disagree when they give different values of the same type: "port 5433" against "CPU at
80%" is no disagreement. Dates are read apart (:func:`date_mentions`).
"""

from __future__ import annotations

import calendar
import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from ..text.dates import MONTH_NAMES, MONTHS
from ..text.lunar import lunar_to_solar
from .number_words import spelled_in_digits, spelled_numbers
from .text import CAR_MAKES_ZH, EN_STOP, SURNAMES, has_cjk, normalize, stem

_MONTH_NAME = rf"(?<![^\W\d_])({MONTH_NAMES})\.?"
"""A month's name, not the end of a word ("enalapril 10 mg"); it may open one: the names
of more languages and cases start so ("12 de març", "4–5 Oktovriou")."""
_LUNAR_DAY = (
    r"初[一二三四五六七八九十]|廿[一二三四五六七八九]?|二十[一二三四五六七八九]?|三十"
    r"|十[一二三四五六七八九]?|初?\s?\d{1,2}(?!\d)"
)
"""A day of a lunar month (初三, 十五, 廿一, 初4, 26)."""

_DATE_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?<![\d-])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)"), "ymd"),
    # as Czech writes a day, with a dot and a space after each part, day first ("18. 3. 2026",
    # "Saturday 11. 4."; not a list's "1. 2. 3.")
    (re.compile(r"(?<![\d.])(\d{1,2})\.\s(\d{1,2})\.\s((?:19|20)\d\d)(?!\d)"), "dmy-cz"),
    (re.compile(r"(?<![\d.]\s)(?<![\d.])(\d{1,2})\.\s(\d{1,2})\.(?!\s?\d)"), "dmy-cz"),
    # as Hungarian writes it, with a dot and a space after each part ("2026. 05. 12.")
    (re.compile(r"(?<![\d-])(\d{4})\.\s(\d{1,2})\.\s(\d{1,2})\.?(?!\d)"), "ymd"),
    (re.compile(r"(\d{4})\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?[日号]?"), "ymd"),
    # Korean: 2026년 3월 8일, 3월 8일 (any year)
    (re.compile(r"(\d{4})\s?년\s?(\d{1,2})\s?월\s?(\d{1,2})\s?일"), "ymd"),
    (re.compile(r"(?<!\d)(\d{1,2})\s?월\s?(\d{1,2})\s?일"), "md"),
    # a year of the Republic of China, as Taiwan writes dates (115年3月14日, 115/3/14: 2026)
    (re.compile(r"(?<![\d/.])(1[01]\d)\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?[日号]"), "ymd-roc"),
    (re.compile(r"(?<![\d/.])(1[01]\d)/(\d{1,2})/(\d{1,2})(?![\d/])"), "ymd-roc"),
    # a day, month and year in numbers, read when only one order makes a date ("31/07/2026"
    # is day first, "07/31/2026" month first, "09/09/2026" either way; "03/04/2026" is left
    # out); the year may be written short with slashes ("on 11/7/26", "31/10/26")
    (re.compile(r"(?<![\d/.])(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?![\d/])"), "dmy-num"),
    # with hyphens, as Dutch notes write it ("Jaargesprek Rabobank: 23-04-2026, 10:00")
    (re.compile(r"(?<![\d/.-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d/-])"), "dmy-num"),
    (re.compile(r"(?<![\w/.])(\d{1,2})/(\d{1,2})/(\d\d)(?![\d/])"), "dmy-num"),
    # or with dots, a year of this century's twenties or thirties ("Picanto test booked
    # 22.3.26", "bar mitzvah 3.9.26"; not a version: "3.11.12")
    (re.compile(r"(?<![\w/.])(\d{1,2})\.(\d{1,2})\.([23]\d)(?![\d/.]|\.\d)"), "dmy-num"),
    # a span of days in one month ("11 月 10–13 日"): its last day
    (
        re.compile(r"(?<!\d)(\d{1,2})\s?月\s?\d{1,2}\s?[-–~到至]\s?(\d{1,2})\s?[日号]"),
        "md",
    ),
    (re.compile(r"(?<!\d)(\d{1,2})\s?月\s?(\d{1,2})\s?[日号]"), "md"),
    # a lone month/day right before what happens on it ("预售 10/20 开始")
    (
        re.compile(
            r"(?<![\d/.])(\d{1,2})/(\d{1,2})(?![\d/])(?=\s?(?:开始|截止|之前|以前|到期|上线|结束|出发))"
        ),
        "md",
    ),
    (re.compile(_MONTH_NAME + r"\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?(?![\d:])"), "mdy"),
    (
        re.compile(
            # (Malay writes the day "9hb": hari bulan; Spanish "12 de feb", "30 de abril de 2026";
            # an ordinal "of" the month: "the 14th of June")
            # (German writes the day with a dot: "am 22. April", "10.–11. November")
            r"(?<![\d:])(\d{1,2})(?:st|nd|rd|th|er|hb|\.)?\s+(?:de\s+|(?<=(?:st|nd|rd|th)\s)of\s+)?"
            + _MONTH_NAME
            + r"(?:,?\s+(?:del?\s+)?(\d{4}))?"
        ),
        "dmy",
    ),
    (re.compile(r"~\s?(\d{1,2})-(\d{1,2})(?![\d-])"), "md"),
    # a span of days ("国庆 10/1-10/7"): its last day (a lone 3/4 may be a fraction)
    (
        re.compile(r"(?<![\d/])\d{1,2}/\d{1,2}\s?[-–~至到]\s?(\d{1,2})/(\d{1,2})(?![\d/])"),
        "md",
    ),
    # a span of days written with dots ("五一 5.1-5.5"): its last day
    (
        # (not a range of percentages: "Moisture target: 10.5–11.5%"; not one that ends
        # before it starts, a time of day: "Hours Mon–Thu 8.30–4.30")
        re.compile(
            r"(?<![\d.])(\d{1,2})\.(\d{1,2})\s?[-–~至到]\s?(\d{1,2})\.(\d{1,2})(?![\d.]|\s?%)"
        ),
        "md-span",
    ),
    # a day and month in numbers, read when only one order makes a date ("Fri 28/08",
    # "due 31/10" day first; "10/28" month first; "3/4", "7/11" and "24/7" are left out)
    (re.compile(r"(?<![\w/.:-])(\d{1,2})/(\d{1,2})(?![\w/:-]|\.\d)"), "dm-or-md"),
    # a day and month each closed by a dot, as Finnish and German notes write them, after a
    # word of by, until, on or from ("Hiace katsastus due by 31.5.", "Miete ab 1.7."), or a
    # span's last day ("Trip to Kuopio 3.–5.4."); not a decimal: "rate 3.5%"
    (
        re.compile(
            r"(?:(?<=\bby )|(?<=\bon )|(?<=\buntil )|(?<=\btill )|(?<=\bdue )|(?<=\bam )"
            r"|(?<=\bbis )|(?<=\bab )|(?<=\bvom )|(?<=\bseit )|(?<=\bfrom )|(?<=\bod )"
            r"|(?<![\d.])\d\.\s?[–-]\s?|(?<![\d.])\d\d\.\s?[–-]\s?)"
            r"([0-3]?\d)\.(1[0-2]|0?[1-9])\.(?!\d)"
        ),
        "dm-dot",
    ),
    # a day and month with a dot, as much of Europe writes them, where a word before it or a
    # time after it says it is a day ("Mama's okulista on 18.09 at 10:00", "am 10.02"; not a
    # version or a price: "Ubuntu 22.04", "17.12 €/h", "python svcs on 3.10")
    (
        re.compile(
            r"(?:(?<=\bon )|(?<=\bam )|(?<=\ble )|(?<=\bil )|(?<=\bdnia )|(?<=\bdu )|(?<=\bal )|(?<=\btill )"
            r"|(?<=\buntil )|(?<=\bdo )|(?<=\bod )|(?<=\bbis )|(?<=\bbefore )|(?<=\bfrom )|(?<=\bna ))"
            r"(\d\d)\.(0[1-9]|1[0-2])(?![\d.,/]|\s?(?:%|€|zł|pln|tl|eur|h\b|/))"
        ),
        "dm-dot",
    ),
    (
        re.compile(
            r"(?<![\w.,:/$€£¥₹-])(\d{1,2})\.(0[1-9]|1[0-2])"
            r"(?=,?\s(?:at|o|um|alle|ore|saat|à)\s\d{1,2}[:.h]\d\d)"
        ),
        "dm-dot",
    ),
    # the end of a month ("5月底", "until end of Sept", "late September 2026"): its last day
    # (Cantonese 月尾: "savings plan 3月尾到期")
    (re.compile(r"(?<![\d年])(?<!年\s)(\d{1,2})\s?月[底尾]"), "m-end"),  # not "2027 年 6 月底"
    # a month alone in Chinese, right before what happens in it ("身份证6月到期", "今年6月中考",
    # "今年6月参加学考"): its last day
    (
        re.compile(
            r"(?<!\d)(?<!\d年)(?<!\d\s年)(?<!\d年\s)(?<!\d\s年\s)(?<!每)(?<!每年)(?<!明年)(?<!后年)(?<!明年\s)"
            r"(\d{1,2})\s?月份?\s?(?=到期|截止|之?前|中考|高考|学考|会考"
            r"|考试|体检|复查|开学|结婚|婚礼|出发|参加)"
        ),
        "m-end",
    ),
    # a part of a month ("3 月中旬", "5月上旬"): its last day
    (re.compile(r"(?<!\d)(\d{1,2})\s?月(上|中|下)旬"), "m-part"),
    # its first days ("9月初考试"; not a lunar day, "8月初八")
    (re.compile(r"(?<![\d每])(\d{1,2})\s?月(初)(?![一二三四五六七八九十\d])"), "m-part"),
    # months listed ("暑假（7、8月）", "3-4月"): the last one's last day
    (
        # (not after a time of day: "8:30到18:00，6月到10月采摘季")
        re.compile(r"(?<![\d年./:-])\d{1,2}\s?[、,，和~-]\s?(\d{1,2})\s?月(?![\d日号份上中下])"),
        "m-end",
    ),
    # the early or middle part of a named month ("until mid-March", "early Oct 2026")
    (
        re.compile(r"\b(early|mid)[- ]?" + _MONTH_NAME + r"(?:,?\s+((?:19|20)\d{2}))?(?!\d)"),
        "m-part-name",
    ),
    (
        re.compile(r"\b(?:end of|end o|end-|end|late) ?" + _MONTH_NAME + r"(?:,?\s+(\d{4}))?"),
        "m-end-name",
    ),
    # a month alone after "until" ("staying with us until March"): its last day (not
    # "until March 15", a day; not a season, "from May through Sept")
    (
        re.compile(
            r"(?:(?<=\buntil )|(?<=\btill )|(?<=\bthrough ))(?<!\bfrom \w{3} through )"
            r"(?<!\bfrom \w{4} through )(?<!\bfrom \w{5} through )"
            + _MONTH_NAME
            + r"(?![a-z])(?!\s?\d{1,2}(?!\d))(?:,?\s+((?:19|20)\d{2}))?(?!\d)"
        ),
        "m-end-name",
    ),
    # the national holidays of fixed dates ("国庆期间", "五一期间", "五一前要把空调换了"):
    # their last day
    (
        re.compile(
            r"(国庆|五一)(?:期间|假期|节|长假|黄金周|(?=打算|计划|要|想|准备|回|去|之?前|以前))"
        ),
        "holiday",
    ),
    # a day of the Chinese lunar calendar ("农历八月十五", "正月十六开学", "腊月二十三"):
    # a month named as lunar only (正月, 冬月, 腊月), or a day as lunar only (初三), or 农历
    (
        re.compile(
            r"(?:((?:19|20)\d{2})\s?年\s?)?"
            r"(?:(?:农历|阴历)\s?(正|十一|十二|一|二|三|四|五|六|七|八|九|十|冬|腊)月\s?"
            rf"({_LUNAR_DAY})|(正|冬|腊)月\s?({_LUNAR_DAY})"
            r"|(十一|十二|一|二|三|四|五|六|七|八|九|十)月\s?(初[一二三四五六七八九十]))"
        ),
        "lunar",
    ),
    # the lunar festivals ("中秋回老家", "端午节前交", "2027年春节"): their day
    (
        re.compile(
            r"(?:((?:19|20)\d{2})\s?年\s?)?(中秋|端午|元宵|七夕|重阳|除夕|春节)"
            # not an event named after it ("met at the CSSA 春节 party", 中秋晚会)
            r"(?!\s?(?:party|gala|dinner|晚会|联欢|聚会|晚宴))"
        ),
        "lunar-feast",
    ),
    # the Chinese new year of a year ("CNY 2026", "Chinese New Year 2027")
    (re.compile(r"\b(?:cny|chinese new year|lunar new year),? ((?:19|20)\d{2})(?!\d)"), "cny"),
    # Easter and Christmas of a year ("to be cleared before Easter 2026")
    (re.compile(r"\b(easter|christmas)(?: day)?,? ((?:19|20)\d{2})(?!\d)"), "feast"),
    # a quarter of a year ("Target hiring Q1 2026", "2026 Q3"): its last day
    (re.compile(r"\bq([1-4])\s?((?:19|20)\d{2})\b"), "quarter"),
    (re.compile(r"\b((?:19|20)\d{2})\s?q([1-4])\b"), "year-quarter"),
    # a month ("计划 2026-10 之前", "2026年10月"): its last day
    (re.compile(r"(?<![\d-])(\d{4})-(\d{1,2})(?![\d-])"), "ym"),
    (re.compile(r"(\d{4})\s?年\s?(\d{1,2})\s?月(?:底)?(?!\s?\d)"), "ym"),
    # a month and year in words ("due Oct 2026", "in March 2027", "até março/2026"): its last day
    (
        re.compile(r"(?<![\d\w])" + _MONTH_NAME + r"(?:,?\s+|/)((?:19|20)\d{2})(?!\d)"),
        "m-end-name",
    ),
    # a month and day in Chinese numerals ("四月十一号周六上午10点"; 农历 ones are read above)
    (
        re.compile(
            r"(?<![一二三四五六七八九十正腊冬])(十一|十二|一|二|三|四|五|六|七|八|九|十)月\s?"
            r"([一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s?[日号]"
        ),
        "md-zh",
    ),
]


_HOLIDAY_END = {"国庆": (10, 7), "五一": (5, 5)}
"""The last day of China's fixed-date holiday weeks."""

_LUNAR_MONTHS = {
    "正": 1, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    "十": 10, "冬": 11, "十一": 11, "腊": 12, "十二": 12,
}  # fmt: skip
_LUNAR_FEASTS = {
    "春节": (1, 1), "元宵": (1, 15), "端午": (5, 5), "七夕": (7, 7), "中秋": (8, 15),
    "重阳": (9, 9),
}  # fmt: skip
_DIGITS_ZH = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def _lunar_day(words: str) -> int:
    """初三 3, 十五 15, 廿一 21, 二十 20, 三十 30, 初4 4, 26 26."""
    digits = words.lstrip("初").strip()
    if digits.isdigit():
        return int(digits)
    if words.startswith("初"):
        return 10 if words[1] == "十" else _DIGITS_ZH[words[1]]
    tens = {"十": 10, "廿": 20, "二十": 20, "三十": 30}
    for head in ("二十", "三十", "十", "廿"):
        if words.startswith(head):
            rest = words[len(head) :]
            return tens[head] + (_DIGITS_ZH[rest] if rest else 0)
    return 0


def _full_year(written: str) -> int:
    """A year written in numbers; two digits are this century's ("26": 2026)."""
    return int(written) + (2000 if len(written) == 2 else 0)


@dataclass(frozen=True)
class DateMention:
    """A date written in a line: the day (year filled in when missing) and the words."""

    day: date
    text: str
    has_year: bool
    start: int


def _easter(year: int) -> tuple[int, int]:
    """Western Easter Sunday of ``year`` (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 19 * l_) // 433
    month = (h + l_ - 7 * m + 90) // 25
    return month, (h + l_ - 7 * m + 33 * month + 19) % 32


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _lunar_date(shape: str, groups: Sequence[str | None], after: str, year: int) -> date | None:
    """The Gregorian day of a lunar festival ("lunar-feast": its name) or of a lunar month's
    day ("lunar": the month and day words) in the lunar year starting in ``year``;
    ``after``: the text after it ("腊月26～正月初4": the 腊月 of the year before)."""
    if shape == "lunar-feast":
        if groups[0] == "除夕":  # the day before the next lunar year's first
            next_year = lunar_to_solar(year + 1, 1, 1)
            return next_year - timedelta(days=1) if next_year else None
        return lunar_to_solar(year, *_LUNAR_FEASTS[str(groups[0])])
    words = [g for g in groups if g]
    month = _LUNAR_MONTHS[words[0]]
    back = 1 if month >= 11 and "正月" in after else 0
    return lunar_to_solar(year - back, month, _lunar_day(words[1]))


@functools.lru_cache(maxsize=200000)  # every line of years of notes
def date_mentions(text: str, default_year: int) -> tuple[DateMention, ...]:
    """The dates written in ``text`` (year-less ones get ``default_year``)."""
    norm = normalize(text)
    found: list[DateMention] = []
    taken: list[tuple[int, int]] = []
    for pattern, shape in _DATE_PATTERNS:
        for match in pattern.finditer(norm):
            if any(a <= match.start() < b for a, b in taken):
                continue
            groups = match.groups()
            year: int | None
            value: date | None = None  # set here only for the lunar calendar's days
            if shape == "ymd":
                year, month, day = int(groups[0]), int(groups[1]), int(groups[2])
            elif shape == "dmy-cz":
                day, month = int(groups[0]), int(groups[1])
                year = int(groups[2]) if len(groups) > 2 and groups[2] else None
            elif shape == "ymd-roc":
                year, month, day = int(groups[0]) + 1911, int(groups[1]), int(groups[2])
            elif shape == "m-end":
                year, month = None, int(groups[0])
                if not 1 <= month <= 12:
                    continue
                day = calendar.monthrange(default_year, month)[1]
            elif shape == "m-part":
                year, month = None, int(groups[0])
                if not 1 <= month <= 12:
                    continue
                day = {"上": 10, "初": 10, "中": 20}.get(groups[1]) or calendar.monthrange(
                    default_year, month
                )[1]
            elif shape == "m-part-name":
                month = MONTHS[groups[1]]
                year = int(groups[2]) if groups[2] else None
                day = 10 if groups[0] == "early" else 20  # as 上旬 and 中旬
            elif shape == "cny":
                year = int(groups[0])
                value = lunar_to_solar(year, 1, 1)
                if value is None:
                    continue
            elif shape == "m-end-name":
                month = MONTHS[groups[0]]
                year = int(groups[1]) if groups[1] else None
                day = calendar.monthrange(year or default_year, month)[1]
            elif shape in ("quarter", "year-quarter"):
                quarter, year = (
                    (int(groups[0]), int(groups[1]))
                    if shape == "quarter"
                    else (int(groups[1]), int(groups[0]))
                )
                month = 3 * quarter
                day = calendar.monthrange(year, month)[1]
            elif shape == "holiday":
                year, (month, day) = None, _HOLIDAY_END[groups[0]]
            elif shape in ("lunar", "lunar-feast"):
                year = int(groups[0]) if groups[0] else None
                value = _lunar_date(shape, groups[1:], norm[match.end() :], year or default_year)
                if value is None:
                    continue
            elif shape == "feast":
                year = int(groups[1])
                month, day = (12, 25) if groups[0] == "christmas" else _easter(year)
            elif shape == "ym":
                year, month = int(groups[0]), int(groups[1])
                if not 1 <= month <= 12:
                    continue
                day = calendar.monthrange(year, month)[1]
            elif shape == "md":
                year, month, day = None, int(groups[0]), int(groups[1])
            elif shape == "md-span":
                opens, ends = (int(groups[0]), int(groups[1])), (int(groups[2]), int(groups[3]))
                if ends < opens:
                    continue
                year, (month, day) = None, ends
            elif shape == "md-zh":
                year, month, day = None, chinese_number(groups[0]), chinese_number(groups[1])
            elif shape == "dm-or-md":
                first, second, year = int(groups[0]), int(groups[1]), None
                if match.group(0) == "24/7" or (first > 12 and second > 12):
                    continue
                if first == second:  # both orders make the same date ("quinceañera 6/6")
                    if norm[: match.start()].endswith(("flat ", "unit ")):  # Glasgow's "flat 1/1"
                        continue
                    day = month = first
                elif first <= 12 and second <= 12:  # both orders make a date: the weekday
                    order = _order_by_weekday(norm, match, first, second, default_year)
                    if order is None:  # named beside it tells which ("Thursday 3/12")
                        continue
                    day, month = order
                else:
                    day, month = (first, second) if first > 12 else (second, first)
            elif shape == "dm-dot":
                year, day, month = None, int(groups[0]), int(groups[1])
            elif shape == "dmy-num":
                first, second, year = int(groups[0]), int(groups[1]), _full_year(groups[2])
                if (first > 12) == (second > 12) and first != second:
                    continue  # both orders make another date, or neither makes one
                day, month = (first, second) if first > 12 else (second, first)
            elif shape == "mdy":
                month = MONTHS[groups[0]]
                day = int(groups[1])
                year = int(groups[2]) if groups[2] else None
            else:
                day = int(groups[0])
                month = MONTHS[groups[1]]
                year = int(groups[2]) if groups[2] else None
            if value is None:
                value = _safe_date(year or default_year, month, day)
            if value is None:
                continue
            taken.append((match.start(), match.end()))
            found.append(DateMention(value, match.group(0), year is not None, match.start()))
    found.sort(key=lambda m: m.start)
    return tuple(found)


WEEKDAY_WORD = (
    r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rsday|rs|r|urday|iday)?\b"
    r"|(?:周|星期|礼拜)([一二三四五六日天])"
)
"""A weekday written out or cut short ("Thursday", "Thu", "Thurs", 周四; not "money"): the
English one's first three letters in group 1, the Chinese one's day in group 2."""
_WEEKDAY_NEAR = re.compile(WEEKDAY_WORD, re.IGNORECASE)
_WEEKDAY_INDEX = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_WEEKDAY_INDEX_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}


def weekday_index(found: re.Match[str]) -> int:
    """Monday 0 ... Sunday 6, of a match of ``WEEKDAY_WORD`` (its groups 1 and 2)."""
    if found.group(1):
        return _WEEKDAY_INDEX[found.group(1).lower()]
    return _WEEKDAY_INDEX_ZH[found.group(2)]


_DAY_IN_BRACKETS = re.compile(r"\s?[(（]([一二三四五六日天])[)）]")


def _order_by_weekday(
    norm: str, match: re.Match[str], first: int, second: int, year: int
) -> tuple[int, int] | None:
    """``(day, month)`` of a numeric date either order reads ("3/12") when a weekday written
    right beside it fits one order only ("Thursday 3/12": 12 March 2026)."""
    before = norm[max(0, match.start() - 12) : match.start()]
    after = norm[match.end() : match.end() + 8]
    near = list(_WEEKDAY_NEAR.finditer(before))
    found = near[-1] if near else _WEEKDAY_NEAR.match(after.lstrip(" ,(（"))
    alone = _DAY_IN_BRACKETS.match(after)  # "3/12（四）", as dates are written in Taiwan
    if found is not None:
        weekday = weekday_index(found)
    elif alone is not None:
        weekday = _WEEKDAY_INDEX_ZH[alone.group(1)]
    else:
        return None
    fits = [
        (d, m)
        for d, m in ((second, first), (first, second))
        if (day := _safe_date(year, m, d)) is not None and day.weekday() == weekday
    ]
    return fits[0] if len(fits) == 1 else None


_NUMBERED = re.compile(
    r"(\d+)\s?(号房|号楼|号院|栋|单元|号线|号门|室|床)|"
    r"\b(flat|unit|room|apartment|apt|house|building|block|site|ward|gate|platform|court|bay|desk)"
    r"\s?#?(\d+[a-z]?)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=50000)
def numbered_things(text: str) -> Mapping[str, frozenset[str]]:
    """Things told apart by a number ("1号房", "3号房", "Flat 2", "Unit 7"): the number by
    its counter word (memoised: read-only)."""
    found: dict[str, set[str]] = {}
    for match in _NUMBERED.finditer(normalize(text)):
        if match.group(1):
            found.setdefault(match.group(2), set()).add(match.group(1))
        else:
            found.setdefault(match.group(3).lower(), set()).add(match.group(4).lower())
    return {k: frozenset(v) for k, v in found.items()}


def other_numbered(first: str, second: str, kinds: frozenset[str] | None = None) -> bool:
    """Both name things of one kind by number and none is the same ("1号房物业" / "3号房物业");
    ``kinds``: only these counter words (None: any)."""
    a, b = numbered_things(first), numbered_things(second)
    shared = a.keys() & b.keys() if kinds is None else a.keys() & b.keys() & kinds
    return any(not (a[k] & b[k]) for k in shared)


MAKES = (
    r"toyota|honda|ford|chevy|chevrolet|nissan|hyundai|kia|bmw|mercedes|audi|vw|volkswagen"
    r"|tesla|subaru|mazda|jeep|dodge|gmc|lexus|volvo|skoda|peugeot|renault|fiat|proton|perodua"
    r"|porsche|mitsubishi|suzuki|buick|cadillac|acura|byd|vauxhall|opel|citroen|citroën|dacia"
    r"|holden|isuzu|jaguar|land rover|range rover|scania|daf|iveco"
)
MAKES_ZH = "|".join(CAR_MAKES_ZH)
MAKE = re.compile(rf"\b(?:{MAKES})(?:\b|(?=\d))|{MAKES_ZH}")
"""Car makes (normalised text): what a car entry names, and what a model year stands before
(a model's number may follow the make: "Mazda3")."""

_CODES = (
    "usd|sgd|hkd|aud|cad|nzd|twd|eur|gbp|chf|jpy|cny|isk|nok|sek|dkk|pln|czk|huf|php|inr"
    "|thb|vnd|idr|myr|zar|kes|ngn|brl|mxn|aed|sar|ars|clp|cop|uyu|etb|bdt"
    "|kzt|krw|pkr|lkr|egp|qar|kwd|omr|bhd|jod|uah|ghs|tzs|ugx|rwf|uzs|kgs|azn|byn|bgn|rsd"
)
"""Currency codes an amount is written with (not "try", a word, nor "rub")."""

UNIT_WORDS = frozenset(
    str.split(
        "mg mcg ug ml iu kg km mi gb tb kwh kw lb lbs usd sgd eur rmb hkd gbp k m h min"
        " hr hrs 元 块 蚊 美元 公斤 斤 公里 小时 分钟 nt ntd twd hk us cny jpy aud cad nzd myr rm"
        " 一斤 每斤 一公斤 每公斤 一小时 每小时"
        # currencies by name or sign ("GH₵ 250" gives the word gh), and by code (_CODES)
        " gh ghs ghc cedi zł zl kr rs ksh krw birr tk taka"
    )
) | frozenset(_CODES.split("|"))
"""Units of measure and currencies: what a value is counted in, never what a line is about."""


def nearest_year(day: date, anchor: date) -> date:
    """A year-less date placed in the year that brings it nearest to ``anchor``."""
    options = []
    for year in (anchor.year - 1, anchor.year, anchor.year + 1):
        try:
            options.append(day.replace(year=year))
        except ValueError:  # 29 February
            continue
    return min(options, key=lambda d: abs((d - anchor).days)) if options else day


_TWO_WAY = re.compile(
    r"(?<![\d/.])(?:(?<=[^\W\d])|(?<![^\W\d])(?P<short>))(\d{1,2})([/.])(\d{1,2})\3"
    r"(\d{4}|(?(short)(?:(?<=/)\d\d|(?<=\.)[23]\d(?!\.\d))|(?!)))(?![\d/])"
)
"""A day, month and year in numbers ("05/11/2026", "11/7/26", "3.9.26"; a short year not
right after a letter: "PLN26/04/17" is a reference; with dots, one of the twenties or
thirties)."""


@dataclass(frozen=True)
class TwoWayDate:
    """A date in numbers that both orders make a date (day/month and month/day):
    :func:`date_mentions` leaves it out, but what holds for both readings holds."""

    start: int
    text: str
    earlier: date
    later: date
    day_first: date
    """The reading with the day first (05/11/2026: 5 November)."""


def two_way_dates(text: str) -> list[TwoWayDate]:
    """The dates of ``text`` that read two ways ("05/11/2026", "01/02/2027")."""
    out: list[TwoWayDate] = []
    for match in _TWO_WAY.finditer(text):
        first, second = int(match.group(2)), int(match.group(4))
        year = _full_year(match.group(5))
        if first > 12 or second > 12 or first == second:
            continue  # one reading only: date_mentions has it
        try:
            readings = (date(year, second, first), date(year, first, second))
        except ValueError:
            continue
        out.append(
            TwoWayDate(match.start(), match.group(0), min(readings), max(readings), readings[0])
        )
    return out


def day_first_order(texts: Iterable[str]) -> bool | None:
    """Whether the numeric dates with a year in ``texts`` put the day first (31/10/2026)
    or the month (10/31/2026), when the ones only one order reads say so (at least two of
    them, none the other way); None when they do not."""
    day_first = month_first = 0
    for text in texts:
        for match in _TWO_WAY.finditer(text):
            first, second = int(match.group(2)), int(match.group(4))
            if 12 < first <= 31 and 1 <= second <= 12:
                day_first += 1
            elif 12 < second <= 31 and 1 <= first <= 12:
                month_first += 1
    if day_first >= 2 and not month_first:
        return True
    if month_first >= 2 and not day_first:
        return False
    return None


def dates_differ(first: str, second: str) -> bool:
    """Both texts give dates and none is the same day ("10k PB, Feb 2025" / "10k on Sun 6
    Dec 2026": two races); a year-less date matches any year of the same day."""
    days_a, days_b = days_of_year(first), days_of_year(second)
    return bool(days_a and days_b and not days_a & days_b)


def days_of_year(text: str, year: int = 2000) -> frozenset[tuple[int, int]]:
    """The (month, day) of every date written in ``text``, the year left aside."""
    return frozenset((m.day.month, m.day.day) for m in date_mentions(text, year))


def _grade(match: re.Match[str]) -> str:
    """``junior:2`` for 初二, ``senior:3`` for 高三, ``grade:3`` for 三年级 or "3rd grade",
    ``kindergarten:2`` for 中班, ``university:3`` for 大三."""
    stage, numeral, chinese, ordinal, plain, primary, kindergarten, college, other, welsh = (
        match.groups()
    )
    plain = plain or primary or other or welsh
    if kindergarten:
        return f"kindergarten:{'小中大'.index(kindergarten) + 1}"
    if college:
        return f"university:{_DIGITS_ZH[college]}"
    if stage:
        return f"{'senior' if stage == '高' else 'junior'}:{_DIGITS_ZH[numeral]}"
    if chinese:
        return f"grade:{_DIGITS_ZH[chinese]}"
    return f"grade:{int(ordinal or plain)}"


_DAY_RUN = (
    r"(?:一(?=[二三四五六日天]{1,3}(?![一二三四五六七八九十日天期]))|二(?=[三四五六日天])"
    r"|三(?=[四五六日天])|四(?=[五六日天])|五(?=[六日天])|六(?=[日天]))[二三四五六日天]{1,3}"
    r"(?![一二三四五六七八九十百千万个年月号次人块元斤期])"
)
"""Two to four days of the week written as their numbers ("一三五", "二四六", 六日), the
first below the next (so "三五个" and "一二" of a count are not read)."""


_RUN_OF_DAYS = re.compile(r"(?:每周|周|星期|礼拜)?\s?[一二三四五六日天]{2,4}")


def _days_in_run(raw: str) -> list[str]:
    """The days of a run ("每周 一三五": 1, 3, 5), each as :func:`_weekday` gives it."""
    run = raw.lstrip("每周星期礼拜 ")
    return [str(_WEEKDAY_KEY[ch]) for ch in run]


_TIERS = "bronze|silver|gold|platinum|diamond|titanium"
_TIERS_ZH = {"白金": "platinum", "钻石": "diamond", "金": "gold", "银": "silver"}

_VERSIONED_NAMES = (
    "python node java jdk php ruby rust kotlin swift postgres postgresql mysql redis ios android"
    " macos ubuntu debian centos kubernetes k8s django rails react vue angular typescript"
    " version version:"
)
_VERSIONED = "|".join(
    ["(?<=^go )", "(?<=[^a-z]go )", "(?<=^go)", "(?<=[^a-z]go)"]
    + ["(?<=版本)", "(?<=版本:)", "(?<=版本：)", "(?<=版本 )"]
    + [f"(?<={re.escape(name)} )" for name in _VERSIONED_NAMES.split()]
)
"""What a version number follows: a runtime or product named before it, or 版本."""

_CODE = re.compile(rf"\b(?:{_CODES})\b|₱")


_CLOCK_HOUR_ZH = r"1[0-2]|0?[1-9]|2[0-4]|十[一二]?|[一两二三四五六七八九]"
_CLOCK_MINUTE_ZH = r"[0-5]\d|[一二三四五]?十[一二三四五六七八九]?|零[一二三四五六七八九]"
_CLOCK_BEFORE_ZH = "早晚上下中午晨夜到至前在从是约于~～"
"""A Chinese hour ("七点半", "10点"): the hour, its minutes, and what may come right before."""

_CLOCK_ZH = re.compile(
    # after a time of day, a "by" or "at", or opening a phrase ("早上七点半开门", "晚上10点关门",
    # "七点前到", "改到 8 点"; not "快一点", "一点点")
    rf"(?:(?<=[{_CLOCK_BEFORE_ZH}])|(?<=[{_CLOCK_BEFORE_ZH}] )|(?<![^\s,;，；、:：]))"
    rf"(?:{_CLOCK_HOUR_ZH})\s?[点點](?:半|[一三]刻|(?:{_CLOCK_MINUTE_ZH})分?)?"
    r"(?![点點钟鐘心子滴儿兒数數名])"
)


def clock_times_zh(text: str) -> frozenset[str]:
    """The hours a Chinese text gives ("早上七点半开门，晚上十点关门" -> 7:30, 10:00), as
    ``H:MM`` on a 12-hour clock. Not typed values: as those, a time said beside a shared word
    ("门口", "早上") made 7 more false possible updates and 2 fewer found on the bench's test
    half; two entries' hours telling them apart is what they are used for (:mod:`.meaning`)."""
    return frozenset(_clock(m.group(0)) for m in _CLOCK_ZH.finditer(normalize(text)))


_VALUE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("ip", re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])")),
    (
        "phone",
        re.compile(
            r"(?<![\w+])\+\d{1,3}[\s-]?\d{1,4}(?:[\s-]?\d{2,4}){1,4}(?!\d)"
            # without a country code: a Chinese mobile (139 2456 0912), a UK number
            # (07812 443019, 0141 552 1234, 020 7946 0018), a US one ((614) 555-0123), a
            # French one in pairs (06 61 42 87 30), a German mobile (0176 22318840)
            # (after a label's colon or a comma, not after a digit's: "电话：139...", "12:30")
            r"|(?<![0-9A-Za-z_+./-])(?<!\d[:,])(?:1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}|0\d{4}[\s-]?\d{6}"
            r"|0\d{3}[\s-]\d{3}[\s-]\d{4}|0\d{2}[\s-]\d{4}[\s-]\d{4}|\(\d{3}\)\s?\d{3}-\d{4}"
            # South African and Malaysian (082 555 0143, 012-345 6789), Australian and
            # Taiwanese mobiles (0412 345 678, 0928-615-372), UK mobiles in threes (07891
            # 226 034)
            r"|0\d{2}[\s-]\d{3}[\s-]\d{4}|0\d{3}[\s-]\d{3}[\s-]\d{3}|0\d{4}[\s-]\d{3}[\s-]\d{3}"
            r"|\d{3}-\d{3}-\d{4}|0[1-9](?:[\s.]\d{2}){4}|01[5-7]\d[\s-]?\d{3,4}[\s-]?\d{4}"
            # North American ones written with a space or dots (418 221-0846, 418.221.0846)
            r"|[2-9]\d{2} [2-9]\d{2}-\d{4}|[2-9]\d{2}\.[2-9]\d{2}\.\d{4}"
            # Mexico City and Monterrey numbers (55 3312 0945, 81-1234-5678), Buenos Aires
            # ones (11 4567-2381, 15 3902-7710), Norwegian mobiles (412 33 871, 926 14 502)
            r"|(?:55|56|33|81|11|15)[\s-]\d{4}[\s-]\d{4}|[49]\d{2} \d{2} \d{3}"
            # Ethiopian mobiles (0911 43 2207, 0911432207), Moroccan ones (0661 48 22 90)
            r"|09\d{2}[\s-]\d{2}[\s-]\d{4}|09\d{8}|0[5-7]\d{2}[\s-]\d{2}[\s-]\d{2}[\s-]\d{2}"
            # Swedish ones, the area code or the mobile prefix before a dash (070-412 77 88,
            # 08-641 22 37)
            r"|0\d{1,3}-\d{2,3} \d{2} \d{2}"
            # Maltese ones in two fours (7912 3456, 2122 3344), Slovenian ones in threes (041
            # 226 904)
            r"|(?:2[127]|7[79]|9[5-9])\d{2} \d{4}|0[1-7]\d[\s-]\d{3}[\s-]\d{3})"
            r"(?!\d|[.,:/-]\d)"
        ),
    ),
    ("age", re.compile(r"(\d{1,3})\s?(?:years? old|岁|yo\b)|\bturned (\d{1,3})\b|满(\d{1,3})岁")),
    (
        "version",
        re.compile(
            r"\bv\d+(?:\.\d+)*\b|(?<=\s)\d+\.\d+\.\d+\b"
            # a runtime's or a product's version ("升到go 1.24", "项目Go版本：1.22", "Python 3.12")
            rf"|(?:{_VERSIONED})\d+\.\d+(?:\.\d+)?(?![\d.])"
            # a version told by 版 after it or by an upgrade before it ("牧云3.2版", "牧云升级到
            # 4.0了", "upgraded to 2.1"; not a price: "升级到 4.5 元")
            r"|(?<![\d.])\d+\.\d+(?:\.\d+)?(?=\s?版(?!权))"
            r"|(?:(?<=升级到)|(?<=升级到 )|(?<=upgraded to )|(?<=updated to ))\d+\.\d+(?:\.\d+)?"
            r"(?![\d.]|\s?(?:元|块|%|kg|gb|mb|万|k\b))"
        ),
    ),
    # a school year ("上高二(8)班", "读三年级", "3rd standard", "Year 10", "6th grade")
    (
        "grade",
        re.compile(
            r"(?<![月正腊冬])([高初])([一二三])(?![十百千万亿点些倍截度号])"
            r"|([一二三四五六七八九])年级"
            r"|\b(\d{1,2})(?:st|nd|rd|th) (?:grade|standard|std)\b"
            r"|\b(?:grade|year|std\.?|standard|primary|gr\.?) (\d{1,2})\b(?! (?:of|in|at the)\b)"
            # a primary class in Northern Ireland or Scotland ("Ciara in P7 now")
            r"|(?:(?<=\bin )|(?<=\binto )|(?<=读 )|(?<=读)|(?<=升 )|(?<=升))p([1-7])\b"
            # a kindergarten class ("读幼儿园中班", "升大班"; not a shift: 上中班)
            r"|(?:幼儿园[\"”」』)）]?|幼稚园|升\s?上?了?|读)\s?([小中大])班(?![长主])"
            # a year at university ("现在大二", "大三开学了"; not 老大二十岁, 大一点)
            r"|(?<![老最很太更好放扩加增长])大([一二三四])(?![十百千万亿点些倍号码块斤条个次天年月周]|\d)"
            # a school year in other languages ("4. klasse", "10. bekk", "3e année", "4º
            # grado", "5º ano", "3. Klasse")
            r"|\b(\d{1,2})(?:\.\s?(?:klasse|bekk(?:ur|jar)?|klass|trinn)\b"
            r"|(?:e|ème|re|ère)\s(?:année|primaire)\b|\s?(?:[º°ªo]|to|er|ro|do|vo|no)\s?(?:grado|año|ano|série)\b"
            # (Peru's "3ro de secundaria", "2do de primaria")
            r"|\s?(?:[º°ªo]|to|er|ro|do|vo|no)\s?de (?:secundaria|primaria)\b)"
            # a Welsh school year ("Blwyddyn 4", "Bl 5")
            r"|\b(?:blwyddyn|bl) (\d{1,2})\b"
        ),
    ),
    # a membership tier ("Maharaja Club no. AI118, Gold tier", "Maharaja Club Platinum now",
    # "白金卡会员"; not a gold ring)
    (
        "tier",
        re.compile(
            rf"\b({_TIERS})(?= (?:tier|status|member(?:ship)?|card|elite|level)\b)"
            rf"|(?:(?<=club )|(?<=tier )|(?<=status )|(?<=elite )|(?<=status: ))({_TIERS})\b"
            r"|(白金|钻石|金|银)卡"
        ),
    ),
    # a measured amount with its unit ("20mg", "1000 IU", "5 km", "20毫克"): a dose, a distance
    (
        "quantity",
        re.compile(
            r"(?<![a-z0-9_.])(\d+(?:\.\d+)?)\s?(mg|milligrams?|milligrammes?|mcg|\u00b5g|\u03bcg|ug|ml|iu|kg"
            r"|km|mi|gb|tb|kwh|kw|lb|lbs"
            r"|毫克|微克|毫升|公斤|千克|公里)(?![a-z])"
        ),
    ),
    # a length of time ("每次4小时", "90 mins", "2 hours"): compared with another of its
    # unit, not with any number ("每次4小时，160元" / "每次涨到180" is the price)
    (
        "duration",
        re.compile(
            r"(?<![a-z0-9_.])(\d+(?:\.\d+)?)\s?(hours?|hrs?|mins?|minutes|个?小时|个?钟头|分钟)(?![a-z])"
        ),
    ),
    (
        "time",
        re.compile(
            r"(?<!\d)(?:[01]?\d|2[0-3]):[0-5]\d(?!\d)(?:\s?[ap]m\b)?"
            r"|(?<![\d.:])(?:1[0-2]|0?[1-9])\s?[ap]m\b"  # "6pm", "10 am"
            # French hours ("14h30", "jour 7h–19h", "à 8h"; not "12h" alone, a length)
            r"|(?<![\d.:/])(?:[01]?\d|2[0-3])h[0-5]\d(?!\d)"
            r"|(?<![\d.:/])(?:[01]?\d|2[0-3])h(?=\s?[–-]\s?(?:[01]?\d|2[0-3])h)"
            r"|(?:(?<=[–-])|(?<=[–-] )|(?<=à ))(?:[01]?\d|2[0-3])h(?![a-z\d])"
        ),
    ),
    (
        "money",
        re.compile(
            r"(?:s\$|us\$|\$|€|£|¥|₩|₹|৳|₦|₺|₴|₾|₸|₽|₵|rmb\s?|(?<![a-z])(?:rs|tk)\.?\s?(?=\d))\s?\d[\d,]*(?:\.\d+)?(?:k|m\b|bn\b)?"
            # Swiss francs with their cents ("Fr. 3.20", "Fr. 1050.–"; not "Fr. 12.3.", a Friday)
            r"|(?<![\w.])fr\.\s?\d+(?:\.\d\d|\.[–-])(?!\d|\.\d)"
            # a price in cents as Malta and Ireland write it ("pastizz 60c")
            r"|(?<![\w.,])\d{1,2}c\b"
            # Albanian lekë after the amount ("3,500 lekë", "40k lekë")
            r"|(?<![\w.])\d[\d,]*(?:\.\d+)?k?\s?lek[ëe]?\b"
            # Paraguayan guaraníes ("Gs. 800.000", "₲ 15.000")
            r"|(?<![\w.])(?:gs\.?|₲|pyg)\s?\d[\d,]*(?:\.\d+)?"
            # ringgit and rand ("RM 780", "R14,500", "R620"; not "r2" or a revision "r12345")
            r"|(?<![\w.])rm\s?\d[\d,]*(?:\.\d+)?(?:k\b)?"
            r"|(?<![\w.])r(?:\d{1,3}(?:,\d{3})+|\d{3,4})(?:\.\d\d)?(?![\w.])"
            # thousands apart by a space before the currency ("2 263 € net")
            # (and the dollar or krona after the amount, as in Quebec and the Nordics: "1 250 $",
            # "41,20 $/h", "4 500 kr")
            r"|(?<![\d.,])\d{1,3}(?: \d{3})+(?:,\d{1,2})?\s?(?:€|eur(?:os?)?\b|\$|kr\b|zł|zl\b|kč|₸|₾|₴|₫|₽|тг\b|руб|tenge\b)"
            r"|(?<![\w.,])\d[\d,]*(?:\.\d+)?\s?(?:\$|kr\b|zł|zl\b|kč)(?!\s?\d)"
            # (not a number before the sign of the next amount: "5:30 sal-1, €7.50")
            r"|\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:元|块|蚊|美元|usd|sgd|eur(?:os?)?\b|€(?!\s?\d)|won\b|birr\b"
            r"|만\s?원|원)"
            # tenge, lari, hryvnia, dong, rouble, naira, lira after the amount ("15 000 ₸",
            # "250.000₫", "1.450 TL")
            r"|(?<![\w.])\d[\d,]*(?:\.\d+)?\s?(?:₸|₾|₴|₫|₽|₦|₺|тг\b|руб|tenge\b|naira\b|lari\b|tl\b)"
            # a currency named in words after the amount ("30000 dram", "14 piasses", "90
            # dollars": amounts said in words are written so by digits_for_amounts; not
            # pounds, a weight as often)
            r"|(?<![\w.])\d[\d,]*(?:\.\d+)?\s(?:dollars?|bucks|drams?|cedis?|shillings?|rupees?"
            r"|pesos?|baht|ringgit|kwacha|piasses?|quid"
            # (and as the languages of number_words name theirs: "435 euroa", "80 conto")
            r"|euro[at]|euroo|reais|contos?|pavos|lei|forint(?:ot)?|korun[ay]?"
            r"|kronor|złotych|złote|złoty)\b"
            # Peruvian soles and Iranian toman, also in millions or thousands ("S/. 250",
            # "18 soles", "3.1 million toman", "650 thousand toman")
            r"|s/\.?\s?\d[\d,]*(?:\.\d+)?|(?<![\w.])\d[\d,]*(?:\.\d+)?\s?soles\b"
            r"|(?<![\w.])\d[\d,]*(?:\.\d+)?\s?(?:(?:million|thousand)\s)?(?:toman|tomans|rials?)\b"
            r"|(?<![\w.])\d[\d,]*(?:\.\d+)?\s(?:million|thousand)(?=\s(?:a|per)\s(?:month|year|week)\b)"
            # a currency by its code or sign, before or after an amount ("265,000 ISK/mo",
            # "CHF 1,200", "₱41,200"); before it, only a sum (not "PHP 8.2", a version)
            rf"|(?<![\w.])\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:{_CODES})\b"
            rf"|(?<![\w.])(?:(?:{_CODES})\s?|₱\s?)(?:\d{{1,3}}(?:,\d{{3}})+|\d{{3,}})(?:\.\d+)?(?![\d.])"
            # a short sum after a code too ("USD 50 la hora", "USD 4.35"; not a version, "PHP
            # 8.2", nor "a cop 20 minutes later")
            rf"|(?<![\w.])(?!php|cop)(?:{_CODES})\s?\d{{1,2}}(?:\.\d\d)?(?![\d.,])"
            # a sum "a month" ("150k a month", "1,200 a month"; not "2 a day" of tablets)
            r"|(?<![a-z0-9_.:/-])(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?(?:k|m)\b|\d{3,})\sa\s(?=(?:month|year|week)\b)"
            r"(?:month|year|week)"
            # a rate ("7200/月", "1,500 per month", "400 一个月") is an amount even without a
            # currency
            r"|(?<![a-z0-9_.:/-])\d[\d,]*(?:\.\d+)?(?:万|k)?\s?(?:/\s?|每|per\s|an?\s(?=hour)|一个?(?=[月年天日周])|一(?=斤))"
            r"(?:月|年|天|日|周|斤|month|year|mo\b|day|week|wk\b|hr\b|hour|h\b|yr\b|night)"
            # "100一小时", "120/小时", "每小时 150": a rate an hour or a lesson
            r"|(?<![\d.,a-z])\d[\d,]*(?:\.\d+)?\s?(?:元|块|蚊)?\s?(?:一|每|/)\s?(?:个)?(?:小时|节课?)"
            r"|每(?:个)?小时\s?\d[\d,]*"
            # "一天 80": an amount a day (not "每月 5 号", a day of the month)
            # a price per piece ("每票 400", "每箱 85", "每公斤 12")
            # (in ten thousands too: "月薪 1.2 万"); pay as it comes in ("到手七千二", "实发八千四")
            r"|(?:一天|每天|一个月|每个?月|月薪|月租|年薪|日薪|时薪|工资|到手|实发|税后|每[票单件箱柜吨斤位]|每公斤)\s?\d[\d,]*(?:(?:\.\d+)?\s?万)?(?![\d.]|\s?(?:次|个|小时|分钟|公里|km|点|杯|人|遍|趟|天|周|页|本|号|日|h\b|min))"
        ),
    ),
    ("percent", re.compile(r"\d+(?:\.\d+)?\s?%")),
    ("port", re.compile(r"(?:port|端口)\s?(?::|=|is\s|是|号?为)?\s?(\d{2,5})(?!\d)")),
    # a room, locker or flat by its number ("Glacier Lodge, room 214" / "room 318 this year")
    (
        "room",
        re.compile(
            # "room 214", "Room #12b", "locker: 31"; "classroom is S12", "room is now SB07"
            r"\b(?:(?:class)?room\s(?:is\s(?:now\s)?)?|(?:room|locker|flat|apt|unit)\s?(?:no\.?\s?|#\s?|:\s?)?)"
            r"([a-z]{0,2}\d{1,4}[a-z]?)\b(?!\s?(?:sq|m2|m²|ft|feet|square|平))"
        ),
    ),
    # a door code, a PIN, a password ("door code 4471#", "Berkeley code is 2093#", 密码 8888)
    (
        "code",
        re.compile(
            r"(?:\bcode|\bpin|\bpasscode|\bpassword|密码|门禁码)"
            # French puts what it opens after the word ("code wifi", "code du portail")
            r"(?:\s(?:wifi|wi-fi|du portail|de la porte|d['’]entrée|d['’]accès))?\s?"
            r"(?:(?:is\s|est\s)?(?:now\s|désormais\s)?|(?:changed\s)?to\s|changed:?\s(?:now\s|to\s)?"
            r"|:\s?(?:now\s|désormais\s)?|=|：|是|改成|换成)?\s?"
            r"([a-z0-9#*]*\d[a-z0-9#*]*)(?![\w-]|\.\w)"
        ),
    ),
    (
        "weekday",
        re.compile(
            r"\b(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|"
            r"saturday|sunday)s?\b|"
            # a run of days after the word for week ("每周 一三五", "周二四"), or alone where
            # it ends a clause or comes before when in the day ("改成 二四六 晚上 播")
            rf"(?:每周|周|星期|礼拜)\s?{_DAY_RUN}|(?<![\u4e00-\u9fff\d]){_DAY_RUN}"
            r"(?=\s?(?:晚上|早上|上午|下午|中午|夜里|播|开|上课|[,;，；。]|$))|"
            r"(?:周|星期|礼拜)[一二三四五六日天]"
            # "Sat + Sun", "Mon-Sat": the short weekend days only inside a list of days
            r"|\b(?:sat|sun)(?=\s?[+/&,–-]\s?(?:mon|tue|wed|thu|fri|sat|sun))"
            r"|(?<=[+/&–-])(?:sat|sun)\b|(?<=[+/&–-] )(?:sat|sun)\b"
            r"|\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?\b"  # French
            r"|\b(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s?\b"  # German
            r"|\b(?:lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)s?\b"
            r"|[月火水木金土日]曜日?"  # Japanese
        ),
    ),
    # (not a Maltese word after its article: "mill-1 ta' Marzu", "it-tlieta")
    (
        "host",
        re.compile(
            r"\b(?!(?:il|it|is|id|in|ir|ix|l|fl|tal|tas|tat|tad|tar|tax|mill|fil|bil|mal|sal|lill"
            r"|dal)-)[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b"
        ),
    ),
    # a number may end a sentence ("VLAN 20."), not an address or a version ("20.1.4")
    # Chinese text writes numbers against its words ("重新报4.6含税", "每月25号"); not a
    # time of day (8点), a count of points (12个点) or ten thousands (12万)
    (
        "number",
        re.compile(
            # (millions with their commas: "1,100,000"; lakhs in South Asia: "1,08,000")
            r"(?<![a-z0-9_.:$%-])(?:\d{1,3}(?:,\d{3}){2,}|\d{1,2}(?:,\d{2})+,\d{3}|\d+(?:[.,]\d+)?)"
            # (nor a day opening a span of days: "Sauna closed 24.–26.12.2026")
            r"(?![a-z0-9_:%-]|\.\w|\.\s?[–-]|\s?(?:点|个点|万|千|亿|岁))"
            # thousands and millions written short, with no currency ("from July salary go be
            # 150k each", "rent 4.2m")
            r"|(?<![a-z0-9_.:$%-])\d{1,3}(?:\.\d{1,2})?[km](?![a-z0-9_:%-]|\.\w)"
        ),
    ),
]

_WEEKDAY_KEY = {
    "mon": 1,
    "tue": 2,
    "wed": 3,
    "thu": 4,
    "fri": 5,
    "sat": 6,
    "sun": 7,
    "一": 1,
    "二": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "日": 7,
    "天": 7,
}


_TIME_UNITS = {
    unit: name
    for name, units in (
        ("h", ("hour", "hours", "hr", "hrs", "小时", "个小时", "钟头", "个钟头")),
        ("min", ("min", "mins", "minutes", "分钟")),
    )
    for unit in units
}
"""One name for each way of writing a unit of time (durations compare by unit)."""
_QUANTITY_UNITS = {
    "milligram": "mg",
    "milligrams": "mg",
    "milligramme": "mg",
    "milligrammes": "mg",
    "\u00b5g": "mcg",
    "\u03bcg": "mcg",
    "ug": "mcg",
    "毫克": "mg",
    "微克": "mcg",
    "毫升": "ml",
    "公斤": "kg",
    "千克": "kg",
    "公里": "km",
    "lbs": "lb",
}
"""One name for each way of writing a unit of measure ("20毫克" and "20mg" are one dose)."""


def _bare_amount(text: str, value: Value) -> bool:
    """A number with cents and no currency that reads as an amount: not a time of day
    ("soundcheck 5.30"), not ten thousands ("1.95万")."""
    found = re.fullmatch(r"(\d+)\.(\d\d)", value.value)
    if found is None:
        return False
    if int(found.group(1)) <= 12 and found.group(2) in ("00", "15", "30", "45"):
        return False
    norm = normalize(text)
    at = norm.find(value.text)
    return at < 0 or not re.match(r"\s?(?:万|千|百|亿|k\b|m\b)", norm[at + len(value.text) :])


_DAY_MONTH_BEFORE = re.compile(
    r"(?:\b(?:from|ab|bis|am|vom|zum|until|till|since|seit|on|od|do|dnia|vanaf|per|dal|al|da)\s"
    r"|\($)$"
)
"""What comes right before a day and month with a dot: a word of from, until or on (German,
Polish, Dutch and Italian ones too), or an opening bracket."""


def _day_and_month(text: str, value: Value) -> bool:
    """A number with a dot that is a day and month as much of Europe writes them: after a
    word of from, until or on, or alone in brackets ("Polarstern from 1.11.", "Czynsz od 1.10:
    osiem tysięcy", "Zestaw dnia od poniedziałku (27.07) trzydzieści dwa złote"), not a
    price."""
    found = re.fullmatch(r"(\d{1,2})\.(\d\d)", value.text)
    if found is None or not (1 <= int(found.group(1)) <= 31 and 1 <= int(found.group(2)) <= 12):
        return False
    norm = normalize(text)
    at = norm.find(value.text)
    if at < 0:
        return False
    before, after = norm[:at], norm[at + len(value.text) :]
    return bool(_DAY_MONTH_BEFORE.search(before)) and (
        not before.endswith("(") or after.startswith(")")
    )


def _near_price(value: Value, prices: tuple[Value, ...]) -> bool:
    """A bare number with a decimal point (or comma) next to a price with one (4.35元/个 and
    "重新报4.6含税", 7,80€/kg and "五花 7,40"): within a factor of two of it, it reads as the
    same price changed, not as a count."""
    if re.fullmatch(r"\d+[.,]\d{1,2}", value.text) is None:
        return False
    new = float(value.text.replace(",", "."))
    for price in prices:
        if "." not in price.value:
            continue
        old = float(price.value)
        if old > 0 and 0.5 <= new / old <= 2.0:
            return True
    return False


def _bare_sum(text: str) -> str:
    """A bare number's amount: "1.450" in thousands (read so only beside a price of
    thousands, :func:`_grouped_amount`), anything else as :func:`_amount` reads it."""
    return text.replace(".", "") if re.fullmatch(r"\d{1,3}\.\d{3}", text) else _amount(text)


def _grouped_amount(value: Value, prices: tuple[Value, ...]) -> bool:
    """A bare number written with its thousands grouped ("1,100,000", "14,900"), within a
    factor of two of one of ``prices``: a sum, the price said again without its currency
    ("alquiler del estudio: 1.100.000" for "ARS 850.000/mes")."""
    # (or by one dot, as Albanian, Spanish and German do: "1.450 kutia tani" for "1.200 lekë
    # kutia", read as thousands only beside a price of thousands)
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d{1,3}\.\d{3}", value.text) is None:
        return False
    new = float(value.text.replace(",", "").replace(".", ""))
    return any(
        (old := float(p.value)) >= 1000 and 0.5 <= new / old <= 2.0
        for p in prices
        if re.fullmatch(r"\d+(?:\.\d+)?", p.value)
    )


_RAISED_TO = re.compile(
    r"(?:涨到|涨至|涨价到|降到|降至|减到|调到|调整到|调整为|提到|"
    r"(?:went|gone|goes|going|raised|rose|increased?|put|bumped|dropped|cut|reduced|down|up)"
    r"\s(?:up\s|down\s)?to)\s?$"
)
"""The words before an amount that make a bare number a price changed ("每次涨到180",
"went up to 95")."""


def _short_amount(value: Value, prices: tuple[Value, ...]) -> bool:
    """A number in thousands or millions written short ("150k"), within a factor of two of
    one of ``prices`` ("₦120k monthly each" / "salary go be 150k each")."""
    if re.fullmatch(r"\d+(?:\.\d+)?[km]", value.text) is None:
        return False
    return _within_twice(float(_amount(value.text)), prices)


def _within_twice(new: float, prices: tuple[Value, ...]) -> bool:
    """``new`` is within a factor of two of one of ``prices``."""
    return any(
        (old := float(p.value)) > 0 and 0.5 <= new / old <= 2.0
        for p in prices
        if re.fullmatch(r"\d+(?:\.\d+)?", p.value)
    )


def _raised_to(text: str, value: Value, prices: tuple[Value, ...]) -> bool:
    """A whole number written after words of a price going up or down, within a factor of
    two of one of ``prices`` ("每次4小时，160元" / "每次涨到180")."""
    return _amount_after(_RAISED_TO, 20, text, value, prices)


_PAID = re.compile(
    # (what was paid may come between: "交咗十月档租，四千")
    r"(?:(?:扣了|扣款|交了|付了|缴了|转了|转账)(?:[\u4e00-\u9fff\d]{1,6}[,，:：])?"
    r"|\bpaid(?: (?:the|our|my|his|her) [a-z]+(?: [a-z]+)?)?,?(?: \()?"
    r"|\bpaid (?:the|our|my|his|her)"
    # paid someone named the amount ("Paid Ato Hailu the 92,000 for Ginbot")
    r"|\bpaid (?:[a-z]+ ){1,3}the"
    # sent by transfer, and paying in Spanish, Portuguese and French ("e-transferred 2,590",
    # "le transferí 1.100.000", "pagué 950", "j'ai payé 1 250 $")
    r"|\b(?:e-)?transferred|\btransfer[íi]|\btransferimos|\bpagu[ée]i?|\bpagamos|\bpay[ée])\s?$"
)
"""The words right before an amount that make a bare number one paid ("房贷扣了6,050", "给妹崽转了1800",
"交咗十月档租，四千", "paid the HOA (310 now", "Paid the 3,990 rent")."""


def _paid(text: str, value: Value, prices: tuple[Value, ...]) -> bool:
    """A whole number written right after words of paying, within a factor of two of one
    of ``prices`` ("房贷：每月6,200" / "房贷扣了6,050")."""
    return _amount_after(_PAID, 24, text, value, prices)


def _amount_after(
    words: re.Pattern[str], reach: int, text: str, value: Value, prices: tuple[Value, ...]
) -> bool:
    """``value``, a whole number, written right after ``words`` (which end within ``reach``
    characters before it) and within a factor of two of one of ``prices``."""
    norm = digits_for_amounts(normalize(text))
    at = norm.find(value.text)
    if at < 0 or words.search(norm[max(0, at - reach) : at]) is None:
        return False
    new = float(value.text.replace(",", "")) if re.fullmatch(r"\d[\d,]*", value.text) else 0.0
    return _within_twice(new, prices)


_UNIT_PRICE = re.compile(r"[×x*]\s?(\d+(?:[.,]\d{1,2})?)\s?[€$£¥元]?\s?=")
"""The price in "3 kg × 44 = 132€" (the number multiplied, before the total)."""


def _per_unit(text: str, prices: Iterable[Value]) -> bool:
    """Some price of ``text`` is per unit ("38€/kg", "4.35元/个")."""
    norm = normalize(text)
    return any(
        (at := norm.find(normalize(p.text))) >= 0
        and re.match(r"\s?/", norm[at + len(normalize(p.text)) :]) is not None
        for p in prices
    )


def _amount(raw: str) -> str:
    """An amount's number, thousands, millions and ten thousands written out ("$1.8k" ->
    "1800", "£2m" -> "2000000",
    "10万/月" -> "100000", "65만원" -> "650000", "¥7,980" -> "7980"; not the k of "/wk"); a
    comma before the last one or two digits is a decimal comma ("16,50€" -> "16.5")."""
    cents = re.fullmatch(r"(\d{1,2})c", raw)
    if cents is not None:  # "60c": 0.60
        return f"{int(cents.group(1)) / 100:.2f}".rstrip("0").rstrip(".")
    raw = re.sub(r"(?<=\d) (?=\d{3}(?!\d))", "", raw)  # "2 263 €"
    found = re.search(r"(\d[\d,]*(?:\.\d+)?)\s?(k\b|万|만|m\b|bn\b|million\b|thousand\b)?", raw)
    if found is None:
        return re.sub(r"[^\d.]", "", raw)
    digits = found.group(1)
    if re.fullmatch(r"\d+,\d{1,2}", digits):
        digits = digits.replace(",", ".")
    number = float(digits.replace(",", ""))
    number *= {
        "k": 1000,
        "万": 10000,
        "만": 10000,
        "m": 1e6,
        "bn": 1e9,
        "million": 1e6,
        "thousand": 1000,
    }.get(found.group(2) or "", 1)
    return f"{number:.2f}".rstrip("0").rstrip(".")


_CURRENCIES = (
    ("$", re.compile(r"\$|usd|sgd|hkd|aud|cad|nzd|twd|ntd|[美港澳加新台]元|美金|港币")),
    ("eur", re.compile(r"€|eur|欧元")),
    ("gbp", re.compile(r"£|gbp|英镑")),
    ("yen", re.compile(r"日元|円|jpy")),
    ("won", re.compile(r"₩|원|won|韩元")),
    ("yuan", re.compile(r"¥|￥|元|块|蚊|rmb|cny|人民币")),
    ("tenge", re.compile(r"₸|kzt|тг|tenge")),
    ("lira", re.compile(r"₺|\btl\b|lira")),
    ("naira", re.compile(r"₦|ngn|naira")),
    ("dong", re.compile(r"₫|vnd")),
    ("rouble", re.compile(r"₽|руб|rub\b")),
    ("lari", re.compile(r"₾|\bgel\b|lari")),
    ("hryvnia", re.compile(r"₴|uah")),
    ("sol", re.compile(r"s/\.?\s?\d|soles")),
    ("toman", re.compile(r"toman|rial")),
    ("guarani", re.compile(r"₲|\bgs\.|\bpyg\b|guaran[ií]es")),
    ("lek", re.compile(r"\blek[ëe]?\b")),
)


def currency(text: str) -> str | None:
    """The currency an amount is written in, by family ("$" for S$, HK$, USD...; "yuan"
    for ¥, 元, 块, 蚊, RMB); None when it names none."""
    norm = normalize(text)
    family = next((name for name, pattern in _CURRENCIES if pattern.search(norm)), None)
    if family is not None:
        return family
    code = _CODE.search(norm)  # any other currency by its code: "265,000 ISK", "₱41,200"
    return None if code is None else code.group(0).replace("₱", "php")


_RANGE = re.compile(
    r"(?<![\d:.,/-])(\d[\d,.]*)\s?(?:[–—~-]|to|至|到)\s?\D{0,2}?(\d[\d,.]*)(?![\d:-]|/\d|\s\d)"
)
"""Two amounts as a range ("₱3,000–3,400", "$80 to $120"; not a time range "18:00–21:00"
nor a phone number "012-338 7741")."""


_RATES = (
    (
        "hour",
        re.compile(r"/\s?(?:h|hr|hour|heure)\b|\b(?:an|per|a|par|de l')\s?(?:hour|heure)|小时"),
    ),
    ("pay", re.compile(r"\b(?:par|per|each|every) (?:paie|pay|paycheck|payday)\b|每次发工资")),
    ("week", re.compile(r"/\s?(?:wk|week|sem)\b|\b(?:a|per|par) (?:week|semaine)\b|每周|一周")),
    (
        "month",
        re.compile(
            r"/\s?(?:mo|month|mois|mes|mês|mies|mc|mnd|mth|月)"
            r"|\b(?:a|per|par|al|por) (?:month|mois|mes)\b|每个?月|一个月"
        ),
    ),
    ("year", re.compile(r"/\s?(?:yr|year|an|年)\b|\b(?:a|per|par) (?:year|an)\b|每年|一年")),
)


def _rate_of(text: str, value: Value) -> str | None:
    """What an amount is per, said by its own text or just after it ("43,05 $/h" -> hour,
    "300 $ par paie" -> pay, "¥4,900/月" -> month); None: a sum, or not said."""
    norm = digits_for_amounts(normalize(text))
    at = norm.find(normalize(value.text))
    after = norm[at : at + len(value.text) + 14] if at >= 0 else normalize(value.text)
    return next((name for name, pattern in _RATES if pattern.search(after)), None)


def _rates_differ(old: str, new: str, pair: tuple[Value, Value]) -> bool:
    """Two amounts per different units ("CELI: 300 $ par paie" / "43,05 $/h now"): two
    things, not one changed."""
    if pair[0].kind != "money" or pair[1].kind != "money":
        return False
    first, second = _rate_of(old, pair[0]), _rate_of(new, pair[1])
    return first is not None and second is not None and first != second


def in_range(text: str, value: Value) -> bool:
    """An amount or number that lies in a range ``text`` gives: a bill that varies, read
    again ("Meralco bill usually ₱3,000–3,400" / "Meralco bill ₱3,210 this month")."""
    try:
        amount = float(value.value)
    except ValueError:
        return False
    for match in _RANGE.finditer(normalize(text)):
        low, high = float(_amount(match.group(1))), float(_amount(match.group(2)))
        if low < high and low <= amount <= high:
            return True
    return False


_IN_PARTS = re.compile(
    r"\b(?:(?:two|2) halves|halves|in (?:two|three|four|2|3|4) (?:parts|payments|instal?ments)|"
    r"instal?ments|quarterly|twice a year|every (?:six|6) months)\b|分两次|分期|每季度|半年交"
)
"""An amount the entry says is paid in parts ("£1,850 a year, paid in two halves")."""


def _a_part_of(text: str, pair: tuple[Value, Value]) -> bool:
    """The new amount is one part of the old one that ``text`` says is paid in parts ("Boat
    share second half paid to Lynne, £925" for "£1,850 a year, paid in two halves"): one
    payment, not a new price."""
    amounts = _amounts_said(text, pair, _IN_PARTS)
    if amounts is None:
        return False
    whole, part = amounts
    return part > 0 and any(abs(part * n - whole) <= 0.01 * whole for n in (2, 3, 4, 6, 12))


def _amounts_said(
    text: str, pair: tuple[Value, Value], words: re.Pattern[str]
) -> tuple[float, float] | None:
    """The old and the new amount of ``pair`` as numbers, when the old one is an amount, the
    new one an amount or a number, and ``text`` (the entry) holds ``words``."""
    old, new = pair
    if old.kind != "money" or new.kind not in ("money", "number"):
        return None
    if not words.search(normalize(text)):
        return None
    first, second = _number(old.value), _number(new.value)
    if not isinstance(first, float) or not isinstance(second, float):
        return None
    return first, second


_UNIT_PRICED = re.compile(
    r"每平米?|每平方|每斤|每公斤|/\s?(?:kg|m²|m2|sqm|斤|平米?)\b|per (?:kg|sq)"
)


def amounts_near(pair: tuple[Value, Value]) -> bool:
    """Two amounts within a factor of three of each other (or values that are not amounts):
    a figure that far from the entry's, said with no word of change, is of something else
    ("Gedara CEB bill Rs. 10,200" for "Water bill around Rs. 1,800 a month")."""
    old, new = pair
    if old.kind != "money" or new.kind not in ("money", "number"):
        return True
    first, second = _number(old.value), _number(new.value)
    if not isinstance(first, float) or not isinstance(second, float):
        return True
    return first > 0 and 1 / 3 <= second / first <= 3


def _per_unit_and_total(text: str, pair: tuple[Value, Value]) -> bool:
    """An amount per unit against one twenty times it or more: a total of something else,
    not the unit price changed ("房租从7月起涨到5000一个月" for "物业费每平米1.2元一个月")."""
    amounts = _amounts_said(text, pair, _UNIT_PRICED)
    return amounts is not None and amounts[0] > 0 and amounts[1] / amounts[0] >= 20


def _same_currency(a: Value, b: Value) -> bool:
    """Two amounts that can be one price: the same currency, or one of them names none."""
    first, second = currency(a.text), currency(b.text)
    return first is None or second is None or first == second


def _clock(value: str) -> str:
    """A time of day as ``H:MM`` on a 12-hour clock ("09:30", "9:30am", "21:30" and "21h30"
    -> "9:30", "6pm" -> "6:00"): notes drop the am/pm their memory entry gives ("5:30pm" /
    "picked up at 5:30")."""
    zh = re.match(rf"({_CLOCK_HOUR_ZH})\s?[点點](半|[一三]刻|(?:{_CLOCK_MINUTE_ZH}))?", value)
    if zh is not None:  # "七点半" -> "7:30", "10点一刻" -> "10:15"
        minutes = {"半": 30, "一刻": 15, "三刻": 45}.get(zh.group(2) or "")
        if minutes is None:
            minutes = _zh_number(zh.group(2)) if zh.group(2) else 0
        hour = _zh_number(zh.group(1))
        return f"{hour % 12 or 12}:{minutes:02d}"
    found = re.match(r"(\d{1,2})(?:[:h](\d\d))?\s?([ap]m)?", value)
    if found is None:
        return value
    hour, minute = int(found.group(1)), found.group(2) or "00"
    return f"{hour % 12 or 12}:{minute}"


def _zh_number(text: str) -> int:
    """A number in digits or Chinese numerals ("七", "十二", "四十五", "零五")."""
    return int(text) if text.isdigit() else chinese_number(text)


def _weekday(value: str) -> str:
    if "曜" in value:
        return str(_WEEKDAY_JA[value[0]])
    if value[0] in "周星礼":
        return str(_WEEKDAY_KEY[value[-1]])
    if value[:4] in _WEEKDAY_DE:
        return str(_WEEKDAY_DE[value[:4]])
    if value[:3] in _WEEKDAY_FR:
        return str(_WEEKDAY_FR[value[:3]])
    if value[:3] in _WEEKDAY_ES:
        return str(_WEEKDAY_ES[value[:3]])
    return str(_WEEKDAY_KEY[value[:3]])


_WEEKDAY_JA = {"月": 1, "火": 2, "水": 3, "木": 4, "金": 5, "土": 6, "日": 7}
"""Japanese weekdays (水曜日, 水曜) by their first character."""

_WEEKDAY_DE = {
    "mont": 1,
    "dien": 2,
    "mitt": 3,
    "donn": 4,
    "frei": 5,
    "sams": 6,
    "sonn": 7,
}
"""German weekdays by their first four letters (montags, Dienstag...)."""

_WEEKDAY_FR = {"lun": 1, "mar": 2, "mer": 3, "jeu": 4, "ven": 5, "sam": 6, "dim": 7}
"""French weekdays by their first three letters (lundi, mardi...)."""
_WEEKDAY_ES = {"mié": 3, "mie": 3, "jue": 4, "vie": 5, "sáb": 6, "sab": 6, "dom": 7}
"""Spanish weekdays by their first three letters, where not the French ones (lunes and
martes are lundi's and mardi's)."""


@dataclass(frozen=True)
class Value:
    kind: str
    value: str
    """Canonical form (weekdays as 1-7, digits without separators)."""
    text: str


_ROLES_EN = {
    "manager": "manager",
    "boss": "manager",
    "line manager": "manager",
    "skip manager": "skip-manager",
    "mgr": "manager",
    "tech lead": "tech-lead",
    "team lead": "team-lead",
    "landlord": "landlord",
    "landlady": "landlord",
    "doctor": "doctor",
    "gp": "doctor",
    "dentist": "dentist",
    "mentor": "mentor",
    "coach": "coach",
    "teacher": "teacher",
    "class teacher": "teacher",
    "form tutor": "teacher",
    "physio": "physio",
    "instructor": "instructor",
    "trainer": "trainer",
    "personal trainer": "trainer",
    "tutor": "tutor",
    "therapist": "therapist",
    "accountant": "accountant",
    "supervisor": "supervisor",
    "betreuer": "supervisor",
    "betreuerin": "supervisor",
    "primary supervisor": "primary-supervisor",
    "second supervisor": "second-supervisor",
    "advisor": "advisor",
    "adviser": "advisor",
    "administrator": "administrator",
    "lawyer": "lawyer",
    "solicitor": "lawyer",
    "vet": "vet",
    "nanny": "nanny",
    "editor": "editor",
    "publicist": "publicist",
    "literary agent": "agent",
    "agent": "agent",
    "head nurse": "head-nurse",
    "charge nurse": "head-nurse",
    "head chef": "head-chef",
    "sous chef": "sous-chef",
    "sous": "sous-chef",
    "chief pilot": "chief-pilot",
    "principal": "principal",
    "headteacher": "principal",
    "head teacher": "principal",
    "babysitter": "babysitter",
    "childminder": "babysitter",
    "cleaner": "cleaner",
    "hairdresser": "hairdresser",
    "barber": "hairdresser",
}
_ROLES_ZH = {
    "经理": "manager",
    "老板": "manager",
    "领导": "manager",
    "直属领导": "manager",
    "主管": "manager",
    "护士长": "head-nurse",
    "主任": "director",
    "组长": "team-lead",
    "班主任": "class-teacher",
    "上级": "manager",
    "直属上级": "manager",
    "房东": "landlord",
    "医生": "doctor",
    "牙医": "dentist",
    "导师": "mentor",
    "教练": "coach",
    "律师": "lawyer",
    "会计": "accountant",
    "兽医": "vet",
    "站长": "station-manager",
    "保姆": "nanny",
}
_ROLE_EN = "|".join(sorted(map(re.escape, _ROLES_EN), key=len, reverse=True))
_ROLE_ZH = "|".join(sorted(map(re.escape, _ROLES_ZH), key=len, reverse=True))
NAME_WORD = r"[A-Z\u00c0-\u00de][a-z\u00df-\u00ff]+"
"""A capitalised name, accented letters included (Siân, Zoë, José)."""
_NAME_EN = (
    r"(?:(?:Dr|Mr|Mrs|Ms|Prof|Sr|Sra|Sister|Doña|Capt|Captain)\.?\s)?"
    rf"({NAME_WORD})(?:\s{NAME_WORD})?"
)
"""A name, accents too (a title before it is not the name: "GP: Dr Aisling Murray" is
Aisling, "Landlady: Doña Carmen Ruiz" is Carmen)."""
_NAME_ZH = r"([\u4e00-\u9fff]{2,3}?)"
_HOLDER_PATTERNS = [
    # the role in any case, the name capitalised ("Manager: weekly 1:1" names nobody)
    re.compile(rf"\b(?P<role>(?i:{_ROLE_EN}))\s?[:：]\s?{_NAME_EN}"),
    re.compile(
        rf"\b{_NAME_EN} (?:is (?:now )?|will be |becomes |became |has become )"
        rf"(?:(?:my|our|her|his|their|{NAME_WORD}['’]s) (?:new )?|the new )"
        rf"(?P<role>{_ROLE_EN})\b"
    ),
    re.compile(rf"\b[Mm]y (?:new )?(?P<role>{_ROLE_EN}) is (?:now )?{_NAME_EN}"),
    # someone's: "Alfie's coach is Mark Denby", "His coach this season is Lee Kershaw"
    re.compile(
        rf"\b(?:[Hh]is|[Hh]er|[Tt]heir|[Oo]ur|{NAME_WORD}['’]s) (?:new )?(?P<role>{_ROLE_EN})"
        rf"(?: this (?:season|year|term))? is (?:now )?{_NAME_EN}"
    ),
    # "Priya is now primary supervisor", "Gareth took over as administrator", "Sr. Lindiwe
    # Mahlangu (ex-Panorama) takes over as head nurse"
    re.compile(
        rf"\b{_NAME_EN}(?: \([^)]{{1,40}}\))? (?:is now|has become|became|takes? over as|took over as)"
        rf" (?:the |my |our |his |her )?"
        rf"(?:new )?(?P<role>(?i:{_ROLE_EN}))\b"
    ),
    # "Tony already hired Kenji (ex Chicho Gelato) as new FOH manager", "Hamish (ex-Long
    # Chim) starts as sous Tues"
    re.compile(
        rf"\b{_NAME_EN}(?: \([^)]{{1,40}}\))? as (?:the |our |my )?new (?:[A-Za-z]+ )?"
        rf"(?P<role>(?i:{_ROLE_EN}))\b"
    ),
    re.compile(
        rf"\b{_NAME_EN}(?: \([^)]{{1,40}}\))? (?:starts|started|starting) as (?:the |our |my )?"
        rf"(?:new )?(?P<role>(?i:{_ROLE_EN}))\b"
    ),
    # "The new PGR administrator, Gareth Lyle"
    re.compile(rf"\b[Nn]ew (?:[A-Za-z]+ )?(?P<role>(?i:{_ROLE_EN})),? {_NAME_EN}"),
    re.compile(rf"{_NAME_ZH}(?:现在)?是我的(?:新)?(?P<role>{_ROLE_ZH})"),
    # (a title after the name is not the name: "系主任: 黄建国教授")
    re.compile(
        rf"(?:我的)?(?:新)?(?P<role>{_ROLE_ZH})(?:现在)?(?:是|[:：]|换成|变成)\s?{_NAME_ZH}"
        r"(?:教授|老师|博士)?(?![\u4e00-\u9fff])"
    ),
    # who took the role over ("接他当系主任的是杨帆", "接任主任的是杨帆", "杨帆接任系主任")
    re.compile(
        rf"接(?:任|替|他|她)?(?:当|做)?\S?(?P<role>{_ROLE_ZH})的是{_NAME_ZH}(?![\u4e00-\u9fff])"
    ),
    re.compile(rf"(?<![\u4e00-\u9fff]){_NAME_ZH}接任\S?(?P<role>{_ROLE_ZH})"),
    # one called by surname or by a title after one character ("梅姐接护士长")
    re.compile(
        rf"([{SURNAMES}][\u4e00-\u9fff]{{1,2}}?|[\u4e00-\u9fff][姐哥姨叔])接(?:任|替|手)?了?"
        rf"(?P<role>{_ROLE_ZH})"
    ),
    # a titled person right after the role ("班主任陈老师", "私教 Kevin" is English)
    re.compile(rf"(?P<role>{_ROLE_ZH})\s?([{SURNAMES}](?:老师|医生|大夫|师傅|律师|阿姨|经理))"),
    # a full name after the role and a space ("门诊药房组长 刘芳", "药学部主任 王建国")
    re.compile(rf"(?P<role>{_ROLE_ZH}) ([{SURNAMES}][\u4e00-\u9fff]{{1,2}})(?![\u4e00-\u9fff])"),
    # the role changed and the new one named after it ("四年级换了班主任，新的李老师")
    re.compile(
        rf"换了?(?P<role>{_ROLE_ZH})了?[，,]\s?新的?是?\s?([{SURNAMES}](?:老师|医生|大夫|师傅|经理))"
    ),
    # a new holder named right after the role ("新护士长周敏")
    re.compile(rf"新(?P<role>{_ROLE_ZH}){_NAME_ZH}(?![\u4e00-\u9fff])"),
    # an English role with a Chinese name ("直属 manager 是陈硕")
    re.compile(
        rf"\b(?P<role>(?i:{_ROLE_EN}))\s?(?:现在)?(?:是|[:：]|换成|变成)\s?{_NAME_ZH}(?![\u4e00-\u9fff])"
    ),
    # the role in brackets after the name ("罗嘉 (my new manager)", "Mira（我的新领导）")
    re.compile(
        rf"(?:{_NAME_EN}|{_NAME_ZH})\s?[(（]\s?(?:my |我的)?(?:new |新)?"
        rf"(?P<role>(?i:{_ROLE_EN})|{_ROLE_ZH})\s?[)）]"
    ),
]


_ANY_ROLE = re.compile(rf"(?i:{_ROLE_EN})|{_ROLE_ZH}")


def holder_named_in(holder: object, text: str) -> bool:
    """Whether ``text`` names the person a role-holder value (``"doctor:helen"``) holds:
    one holder written two ways ("GP: Dr Helen Li" / "家庭医生 李医生 (Helen Li)", read there as
    李医生) is one person."""
    return str(holder).split(":", 1)[-1] in normalize(text)


def role_holders(text: str) -> tuple[Value, ...]:
    """Who holds a personal role in the line ("Manager: Daniel Okafor", "Priya is my
    manager", 房东是王阿姨): kind ``holder``, value ``role:name``."""
    found: list[Value] = []
    plain = unicodedata.normalize("NFKC", text)
    if _ANY_ROLE.search(plain) is None:
        return ()  # every pattern names a role: most lines are done here
    for pattern in _HOLDER_PATTERNS:
        for match in pattern.finditer(plain):
            role_text = match.group("role")
            role = _ROLES_EN.get(role_text.lower()) or _ROLES_ZH.get(role_text)
            name = next(
                g for i, g in enumerate(match.groups(), 1) if g and i != pattern.groupindex["role"]
            )
            if role and name:
                found.append(Value("holder", f"{role}:{name.lower()}", match.group(0)))
    return tuple(found)


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the characters of ``spans`` (in order, not overlapping) as spaces."""
    parts: list[str] = []
    last = 0
    for start, end in spans:
        parts.append(text[last:start])
        parts.append(" " * (end - start))
        last = end
    parts.append(text[last:])
    return "".join(parts)


_ZH_DIGIT = {"零": 0, "两": 2, **_DIGITS_ZH}
_ZH_UNIT = {"十": 10, "百": 100, "千": 1000}
_CHINESE_AMOUNT = re.compile(
    r"(?<![零一二两三四五六七八九十百千万])[一二两三四五六七八九十][零一二两三四五六七八九十]*"
    r"[百千万][零一二两三四五六七八九十百千万]*(?![零一二两三四五六七八九十百千万]|分之|克)"
)
"""An amount in Chinese numerals with hundreds at least ("九千二", "三百二一斤", "两千三",
"一万二"; not 千万 "by all means", 万一, 百货, 百分之五, 五千克)."""


def digits_for_amounts(norm: str) -> str:
    """``norm`` with its numbers in digits: amounts in Chinese numerals (九千二 → 9200, 三十二块 →
    32块), long numbers read out digit by digit (一五零四六零一三三二五 → 15046013325), and numbers in
    English or French words before a currency or a unit ("seven hundred and eighty thousand
    naira" → 780000 naira, "quatorze piasses" → 14 piasses), and in thirteen more languages
    before a currency or after a word of now (``number_words``: "mil e duzentos reais" → 1200
    reais); thousands grouped by dots are written with
    commas ("ARS 850.000/mes", "$ 1.200.000")."""
    spelt = _CHINESE_DIGIT_RUN.sub(
        lambda m: "".join(_DIGIT_OF[c] for c in m.group(0) if c != " "), norm
    )
    spelt = _CHINESE_BEFORE_UNIT.sub(lambda m: str(chinese_number(m.group(0))), spelt)
    worded = _WORDED_AMOUNT.sub(_worded, _CHINESE_AMOUNT.sub(_arabic, spelt))
    worded = spelled_in_digits(worded)
    worded = _DOT_THOUSANDS_COMMA_CENTS.sub(
        lambda m: f"{m.group(1).replace('.', ',')}.{m.group(2)}", worded
    )
    worded = _DOT_THOUSANDS.sub(lambda m: m.group(0).replace(".", ","), worded)
    return _THOUSAND_WORD.sub(_thousands, worded)


_THOUSAND_WORD = re.compile(r"(?<![\w.,])(\d{1,3})(?:,(\d{1,2}))?\s?(mil|mijë)(?![\w-])")
"""An amount in thousands as Spanish, Portuguese and Albanian say it ("950 mil", "2,5 mil",
"60 mijë"; "mil" alone, a thousand, is a number word): written short, as "950k" is (a sum
near a price), the word kept after it (what two amounts in thousands share)."""


def _thousands(match: re.Match[str]) -> str:
    whole, part, word = match.group(1), match.group(2), match.group(3)
    return f"{whole}.{part}k {word}" if part else f"{whole}k {word}"


def as_written(text: str, piece: str) -> str:
    """``piece`` (a value found in ``text`` once its numbers were put in digits) with its
    number as ``text`` writes it: "14 piasses" → "quatorze piasses", "实发8400" → "实发八千四"
    (the piece itself when ``text`` has it, or when no spelled number makes it)."""
    norm = normalize(text)
    number = re.search(r"\d[\d,]*", piece)
    if piece in norm or number is None:
        return piece
    digits = number.group(0).replace(",", "")
    spelled = (
        (_WORDED_AMOUNT, _worded),
        (_CHINESE_AMOUNT, _arabic),
        (_CHINESE_DIGIT_RUN, lambda m: "".join(_DIGIT_OF[c] for c in m.group(0) if c != " ")),
        (_CHINESE_BEFORE_UNIT, lambda m: str(chinese_number(m.group(0)))),
    )
    for pattern, in_digits in spelled:
        for found in pattern.finditer(norm):
            if in_digits(found) == digits:
                return f"{piece[: number.start()]}{found.group(0)}{piece[number.end() :]}"
    for start, end, value in spelled_numbers(norm):
        if str(value) == digits:
            return f"{piece[: number.start()]}{norm[start:end]}{piece[number.end() :]}"
    return piece


_EN_ONES = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
)  # fmt: skip
_FR_ONES = (
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
    "onze", "douze", "treize", "quatorze", "quinze", "seize",
)  # fmt: skip
_EN_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_EN_WORDS = frozenset((*_EN_ONES, *_EN_TENS)) - {"six"}
_FR_TENS = ("vingt", "trente", "quarante", "cinquante", "soixante")
_DIGIT_OF = dict(zip("零〇一幺二三四五六七八九", "001123456789", strict=True))
_CHINESE_DIGIT_RUN = re.compile(r"[零〇一幺二三四五六七八九](?: ?[零〇一幺二三四五六七八九]){6,}")
"""A phone number or another long number read out digit by digit ("一五零四六零一三三二五",
"一五九 零五九二 三三八一")."""
_CHINESE_BEFORE_UNIT = re.compile(
    r"(?<![零一二两三四五六七八九十百千万])(?:[一二两三四五六七八九十]{1,3}(?=\s?(?:毫克|毫升|微克))"
    r"|[一二三四五六七八九]?十[一二三四五六七八九]?(?=\s?(?:块|元|蚊)))"
)
"""A dose or a price under a hundred in Chinese numerals, before its unit ("一天十毫克",
"成本三十二块"; not a price of one digit: 一块 is also "together")."""
_NUMBER_WORDS = {
    **{w: i for i, w in enumerate(_EN_ONES)},
    **{w: i for i, w in enumerate(_FR_ONES)},
    **{w: 10 * i for i, w in enumerate(_EN_TENS, 2)},
    **{w: 10 * i for i, w in enumerate(_FR_TENS, 2)},
    "une": 1,
    "quatre-vingt": 80,
    "quatre-vingts": 80,
}
_SCALE_WORDS = {"hundred": 100, "cent": 100, "cents": 100, "thousand": 1000, "mille": 1000}
_SCALE_WORDS |= {"million": 1_000_000, "millions": 1_000_000}
_AMOUNT_UNITS = (
    r"naira|pounds?|quid|dollars?|bucks|euros?|drams?|cedis?|shillings?|bob|rand|rupees?"
    r"|pesos?|baht|ringgit|kwacha|birr|livres?|piasses?|milligrams?|milligrammes?|mg|kg|kilos?"
    # a rate ("six thousand eight hundred a ton", "four hundred a day")
    r"|(?:a|an|per) (?:ton|tonne|day|week|month|year|head|hour|kilo|kg|litre|liter)"
)
_NUMBER_WORD = "|".join(
    sorted((re.escape(w) for w in (*_NUMBER_WORDS, *_SCALE_WORDS)), key=len, reverse=True)
)
_FIRST_NUMBER_WORD = "|".join(sorted((re.escape(w) for w in _NUMBER_WORDS), key=len, reverse=True))
_WORDED_AMOUNT = re.compile(
    rf"(?<![\d.-])(?<!\d\s)\b(?:{_FIRST_NUMBER_WORD})"
    rf"(?:(?:[\s-]+|\s+(?:and|et)\s+)(?:{_NUMBER_WORD}))*"
    rf"(?=\s(?:{_AMOUNT_UNITS})\b)"
)
"""A number in English or French words right before a currency or a unit (opening with a
number word: "3.1 million a month" is written so already)."""


def _worded(match: re.Match[str]) -> str:
    """The number in digits ("seven hundred and eighty thousand" → 780000, "soixante-cinq
    mille cent" → 65100); the words as they were when they do not make one ("fifty cents":
    English cents, not French hundreds)."""
    words = re.sub(r"quatre-vingts?", "quatre-vingt", match.group(0))
    total = current = 0
    previous = ""
    for part in re.split(r"[\s-]+", words.replace("quatre-vingt", "quatre_vingt")):
        word = part.replace("_", "-")
        if word in ("cent", "cents") and previous in _EN_WORDS:
            return match.group(0)
        previous = word
        if word in ("and", "et"):
            continue
        if word in _NUMBER_WORDS:
            current += _NUMBER_WORDS[word]
        elif word in ("hundred", "cent", "cents"):
            current = (current or 1) * 100
        elif word in _SCALE_WORDS:
            total += (current or 1) * _SCALE_WORDS[word]
            current = 0
        else:
            return match.group(0)
    return str(total + current)


_DOT_THOUSANDS = re.compile(
    # two groups or more: no version or decimal is written so ("1.200.000")
    r"(?<![\w.,])\d{1,3}(?:\.\d{3}){2,}(?![\d,]|\.\d)"
    # one group beside a currency or a month ("ARS 8.000", "850.000/mes", "1.250 €")
    rf"|(?:(?<=[$€₺₫₸₦₴₾₲])|(?<=[$€₺₫₸₦₴₾₲] )|(?<=\b(?:{_CODES}) )|(?<=\bgs\.)|(?<=\bgs\. )|(?<=\bgs ))"
    r"\d{1,3}\.\d{3}(?![\d,]|\.\d)"
    r"|(?<![\w.,])\d{1,3}\.\d{3}(?=\s?(?:€|\$|kr\b|ars\b|lucas\b|pesos\b|euros?\b|reais\b|₫|₺|tl\b"
    r"|lek[ëe]?\b)"
    r"|\s?/\s?(?:mes|mês|mo\b|month))"
)
"""Thousands grouped by dots, as in Spanish, Portuguese, German and Argentine amounts."""


_DOT_THOUSANDS_COMMA_CENTS = re.compile(r"(?<![\w.,])(\d{1,3}(?:\.\d{3})+),(\d{2})(?![\d.,])")
"""Thousands grouped by dots and cents after a comma, as Brazil and much of Europe write an
amount ("R$ 1.250,00", "3.500,00 €"): one thousand two hundred and fifty, not 1.25."""


def _arabic(match: re.Match[str]) -> str:
    """The amount in digits; a second digit after the last one starts what follows (三百二一斤
    is 320 a 斤)."""
    words, rest = match.group(0), ""
    if len(words) >= 2 and words[-1] in _ZH_DIGIT and words[-2] in _ZH_DIGIT.keys() - {"零"}:
        words, rest = words[:-1], words[-1]
    return f"{chinese_number(words)}{rest}"


def chinese_number(words: str) -> int:
    """The number of Chinese numerals, said the short way too: 九千二 9200, 三百二 320, 八百八
    880, 一万二 12000, 三百零五 305, 两千三百五 2350."""
    total = section = digit = 0
    unit = 1
    after_unit = False
    for char in words:
        if char in _ZH_DIGIT:
            if char == "零":
                unit, after_unit = 1, False
            digit = _ZH_DIGIT[char]
            after_unit = after_unit and char != "零"
            continue
        if char == "万":
            total += (section + digit) * 10000
            section = digit = 0
            unit, after_unit = 10000, True
            continue
        unit = _ZH_UNIT[char]
        section += (digit or 1) * unit
        digit, after_unit = 0, True
    if digit:  # a last digit after a unit is the next unit down: 九千二 is 9200
        section += digit * (unit // 10 if after_unit and unit >= 10 else 1)
    return total + section


@functools.lru_cache(maxsize=200000)  # every line of years of notes, read twice
def typed_values(text: str) -> tuple[Value, ...]:
    """Typed values written in a line (dates excluded: see :func:`date_mentions`)."""
    # a full-width comma ends a clause, it never groups digits: "07 68 20 11 94，06 那个停了"
    norm = normalize(text.replace("，", "; "))
    for mention in date_mentions(text, 2000):
        norm = norm.replace(mention.text, " " * len(mention.text))
    norm = digits_for_amounts(norm)
    values: list[Value] = []
    masked = norm
    for kind, pattern in _VALUE_PATTERNS:
        spans: list[tuple[int, int]] = []
        for match in pattern.finditer(masked):
            spans.append(match.span())
            raw = match.group(0)
            if kind == "port":
                canon = match.group(1)
            elif kind == "room":
                raw = canon = match.group(1)
            elif kind == "code":
                raw = match.group(1)
                canon = raw.strip("#*")
            elif kind == "grade":
                canon = _grade(match)
            elif kind == "tier":
                found = next(g for g in match.groups() if g)
                canon = _TIERS_ZH.get(found, found)
            elif kind == "age":
                canon = next(g for g in match.groups() if g)
            elif kind == "phone":
                canon = re.sub(r"\D", "", raw)
            elif kind == "weekday" and _RUN_OF_DAYS.fullmatch(raw):
                # a run of days: one value each ("每周 一三五")
                values.extend(Value(kind, day, raw) for day in _days_in_run(raw))
                continue
            elif kind == "weekday":
                canon = _weekday(raw)
            elif kind == "time":
                canon = _clock(raw)
            elif kind == "quantity":
                canon = f"{_QUANTITY_UNITS.get(match.group(2), match.group(2))}:{match.group(1)}"
            elif kind == "duration":
                canon = f"{_TIME_UNITS.get(match.group(2), match.group(2))}:{match.group(1)}"
            elif kind == "money":
                canon = _amount(raw)
            elif kind == "number" and raw[-1] in "km":
                canon = _amount(raw)  # "5k" -> 5000, as "₦5k" and "5,000 baht" are
            elif kind in ("number", "percent"):
                canon = re.sub(r"[^\d.k]", "", raw)
            elif kind == "host" and not re.search(r"\d", raw):
                continue  # plain hyphenated words (pour-over, follow-up) are not hosts
            else:
                canon = raw
            values.append(Value(kind, canon, raw))
        if spans:  # the next types are read with these blanked out
            masked = _blanked(masked, spans)
    values.extend(role_holders(text))
    return tuple(values)


@functools.lru_cache(maxsize=200000)
def value_conflict(old: str, new: str, both: bool = False) -> tuple[Value, Value] | None:
    """A value of ``old`` and a different value of the same type in ``new``, when ``new``
    does not also repeat the old value (which would mean both are mentioned, not replaced).

    ``both=True`` (the new line words a change: "改成 6380，6379 关掉") accepts a line that
    names the old value beside the new one, and compares a port with a bare number.

    Every type is checked (:data:`_CONFLICT_KINDS`, in order); an amount, rate or code named
    by the same word in both is preferred, else the first; with none, a number named like
    one of ``old``'s across types (:func:`anchored_conflict`)."""
    old_values = typed_values(old)
    new_values = typed_values(new)
    if not old_values or not new_values:
        return None
    pairs = [
        pair
        for kind in _CONFLICT_KINDS
        if (pair := _conflict_of_kind(kind, old, new, old_values, new_values, both)) is not None
    ]
    pairs = [
        p
        for p in pairs
        if not (p[1].kind in ("money", "number") and in_range(old, p[1]))
        and not _rates_differ(old, new, p)
        and not _a_part_of(old, p)
        and not _per_unit_and_total(old, p)
    ]
    if not pairs:
        found = anchored_conflict(old, new, both)
        return None if found is None or in_range(old, found[1]) else found
    # a value named by the same word as the entry's first ("variable 5.89%" / "our variable
    # is 5.64% now. Repayments down $95": the rate, not the loan and the repayment)
    return next(
        (p for p in pairs if p[0].kind in _AMOUNT_KINDS and named_alike(old, new, p)), pairs[0]
    )


_CONFLICT_KINDS = (
    "holder",
    "ip",
    "phone",
    "host",
    "version",
    "tier",
    "grade",
    "port",
    "code",
    "room",
    "age",
    "quantity",
    "duration",
    "time",
    "weekday",
    "money",
    "percent",
    "number",
)


def _conflict_of_kind(
    kind: str,
    old: str,
    new: str,
    old_values: tuple[Value, ...],
    new_values: tuple[Value, ...],
    both: bool,
) -> tuple[Value, Value] | None:
    """The first old value of ``kind`` and a different new one (:func:`value_conflict`)."""
    olds = {v.value: v for v in old_values if v.kind == kind}
    news = {v.value: v for v in new_values if v.kind == kind}
    if kind == "money" and olds and news and _per_unit(old, olds.values()):
        # "3 kg × 44 = 132€" for "38€/kg": 44 is the price, 132€ the total
        unit = _UNIT_PRICE.search(normalize(new))
        if unit is not None:
            news = {_amount(unit.group(1)): Value("money", _amount(unit.group(1)), unit.group(1))}
    if kind == "money" and olds and not news:
        # an amount written bare, with cents ("croissants 4.50 as of today" for "$4.25")
        news = {
            _bare_sum(v.text): Value("money", _bare_sum(v.text), v.text)
            for v in new_values
            if v.kind == "number"
            and not _day_and_month(new, v)
            and (
                _bare_amount(new, v)
                or _near_price(v, tuple(olds.values()))
                or _raised_to(new, v, tuple(olds.values()))
                or _paid(new, v, tuple(olds.values()))
                or _grouped_amount(v, tuple(olds.values()))
                or _short_amount(v, tuple(olds.values()))
            )
        }
        if news:  # the old amount said again bare ("她们家涨到55了 ... 王姐还是45")
            news.update(
                {
                    _amount(v.text): v
                    for v in new_values
                    if v.kind == "number" and _amount(v.text) in olds
                }
            )
    if both and kind == "port" and re.search(r"port|端口", normalize(new)):
        news.update(
            {
                v.value: v
                for v in new_values
                if v.kind == "number" and v.value.isdigit() and len(v.value) >= 2
            }
        )
    if kind == "money":  # ¥38,000 rent and a $2,300 sublet are two amounts, not one
        news = {k: v for k, v in news.items() if any(_same_currency(o, v) for o in olds.values())}
    if not olds or not news:
        return None
    if not both:  # a value the old line names already, as any type ("port is 5433; port
        # 5432 is the old instance" for "listens on port 5433"): not a new one
        named = {value_key(v) for v in old_values}
        news = {k: v for k, v in news.items() if value_key(v) not in named or k in olds}
        if not news:
            return None
    if set(news) <= set(olds):
        return None  # nothing new of this type
    if set(olds) & set(news) and kind != "weekday" and not both:
        kept = set(olds) & set(news)
        if kind != "money" or len(olds) < 2 or kept == set(olds):
            return None
        # of the entry's amounts, one said again and another not ("₦120k monthly each,
        # plus ₦5k feeding" / "salary go be 150k each. Feeding allowance remain 5k"): the
        # one not said again changed, to the new amount
        olds = {k: v for k, v in olds.items() if k not in kept}
        news = {k: v for k, v in news.items() if k not in kept}
    if kind in ("quantity", "duration"):
        # another amount of the same unit (20mg -> 40mg; not 20mg -> 5 km)
        for o in olds.values():
            for n in news.values():
                same_unit = o.value.split(":", 1)[0] == n.value.split(":", 1)[0]
                if same_unit and o.value != n.value and n.value not in olds:
                    return o, n
        return None
    if kind == "holder":
        # another person in the same role, one the old line does not name
        old_norm = normalize(old)
        for o in olds.values():
            for n in news.values():
                role, name = n.value.split(":", 1)
                same_role = o.value.split(":", 1)[0] == role
                if same_role and o.value != n.value and name not in old_norm:
                    return o, n
        return None
    if kind == "host":
        # a different host only counts when it names the same kind of thing
        for o in olds.values():
            for n in news.values():
                if _host_stem(o.value) == _host_stem(n.value) and o.value != n.value:
                    return o, n
        return None
    if kind == "number":
        # a number beside the same unit or name as one of the old ones ("6 replicas" /
        # "EKS 1.30" are two things)
        return _comparable_numbers(old, new, olds, news)
    if kind == "weekday" and set(olds) & set(news) and not both:
        return None
    old_value = next(iter(olds.values()))
    new_value = next(v for k, v in news.items() if k not in olds)
    if kind == "phone" and len(olds) > 1:
        # of the entry's numbers, the one written like the new one: a mobile for a mobile
        # ("landline +48 12 644 21 07, komórka +48 605 771 302" / "nowy numer, +48 733 508 216")
        shape = _phone_shape(new_value.text)
        old_value = next((o for o in olds.values() if _phone_shape(o.text) == shape), old_value)
    return old_value, new_value


def _phone_shape(text: str) -> tuple[int, ...]:
    """The lengths of a phone number's groups of digits ("+48 605 771 302": 2, 3, 3, 3)."""
    return tuple(len(group) for group in re.findall(r"\d+", text))


_NUMERIC_KINDS = frozenset({"port", "number", "money", "percent", "code", "room", "phone"})


def value_key(value: Value) -> str:
    """What two values must share to be the same value said two ways: a number's digits
    ("port 5433" and "5433", "45块" and "45" alike), else the type and the value."""
    if value.kind in _NUMERIC_KINDS:
        digits = re.sub(r"[^\d.]", "", value.value).strip(".")
        if digits:
            return digits
    return f"{value.kind}:{value.value}"


_AMOUNT_KINDS = frozenset({"money", "percent", "code"})
_ANCHORED_KINDS = _AMOUNT_KINDS | {"number"}


def _number(value: str) -> float | str:
    """A value as a number where it is one ("3.10" and "3.1" are the same amount)."""
    try:
        return float(value.replace(",", ""))
    except ValueError:
        return value


@functools.lru_cache(maxsize=50000)
def anchored_values(text: str) -> tuple[tuple[Value, frozenset[str]], ...]:
    """The amounts, percentages, codes and plain numbers of ``text``, each with the words
    that name it (:func:`leading_words`)."""
    norm = normalize(text)
    found: list[tuple[Value, frozenset[str]]] = []
    for value in typed_values(text):
        if value.kind not in _ANCHORED_KINDS:
            continue
        at = norm.find(normalize(value.text))
        if at < 0:
            continue
        if value.kind == "number":
            unit = _UNIT_AFTER.match(norm, at + len(normalize(value.text)))
            if unit is not None and unit.group(1) not in EN_STOP:
                continue  # a count of something ("132 单", "3 kids"), not an amount
        leads = frozenset(leading_words(norm, at, skip=_HOW_OFTEN)) - UNIT_WORDS
        if leads:
            found.append((value, leads))
    return tuple(found)


def anchored_conflict(old: str, new: str, both: bool = False) -> tuple[Value, Value] | None:
    """A number of ``old`` and another number of ``new`` named by the same word, when their
    types differ or one is written bare: "Rent £380 a month" / "Unit rent 410 from Nov",
    "keysafe code 4471" / "keysafe is 1938 now". Not when ``new`` repeats an old number
    (unless ``both``)."""
    olds = anchored_values(old)
    news = anchored_values(new)
    if not olds or not news:
        return None
    old_numbers = {_number(value.value) for value, _ in olds}
    if not both and old_numbers & {_number(value.value) for value, _ in news}:
        return None
    for o, o_leads in olds:
        for n, n_leads in news:
            if _number(n.value) in old_numbers or not (o_leads & n_leads):
                continue
            if o.kind == n.kind or "number" in (o.kind, n.kind):
                if {o.kind, n.kind} == {"money", "number"} and not _like_amounts(o, n):
                    continue  # "tickets £8" / "tickets 52!": a count, not a new price
                if o.kind == n.kind == "money" and not _same_currency(o, n):
                    continue
                return o, n
    return None


def named_alike(old: str, new: str, pair: tuple[Value, Value]) -> bool:
    """Whether the two values of ``pair`` (from ``old`` and ``new``) are named by the same
    word ("discount 32%" / "my discount down to 28%"): the line gives the entry's thing a
    new value, stronger evidence than the words the two share elsewhere."""
    # by value: a bare number read as an amount paid ("房贷扣了5,960") is the anchored number
    olds: dict[str, frozenset[str]] = {}
    for v, leads in anchored_values(old):
        olds[v.value] = olds.get(v.value, frozenset()) | leads
    news: dict[str, frozenset[str]] = {}
    for v, leads in anchored_values(new):
        news[v.value] = news.get(v.value, frozenset()) | leads
    return bool(olds.get(pair[0].value, frozenset()) & news.get(pair[1].value, frozenset()))


def _like_amounts(first: Value, second: Value) -> bool:
    """Two amounts within a factor of three of each other (a price that changed)."""
    a, b = _number(first.value), _number(second.value)
    if not isinstance(a, float) or not isinstance(b, float) or a <= 0 or b <= 0:
        return False
    return 1 / 3 <= a / b <= 3


def _host_stem(host: str) -> str:
    return re.split(r"-?\d", host, maxsplit=1)[0].rstrip("-")


def _comparable_numbers(
    old: str, new: str, olds: dict[str, Value], news: dict[str, Value]
) -> tuple[Value, Value] | None:
    """An old and a new number (a new one not among the old) with the same unit word after
    them or the same name before them."""
    old_context, new_context = _contexts_by_number(old), _contexts_by_number(new)
    by_lead: tuple[Value, Value] | None = None
    for o_key, o in olds.items():
        for n_key, n in news.items():
            if n_key in olds:
                continue
            shared = old_context.get(o_key, frozenset()) & new_context.get(n_key, frozenset())
            if any(c.startswith("unit:") for c in shared):
                return o, n  # the same unit ("1000 IE" / "2000 IE") before the same name
            if shared and by_lead is None:
                by_lead = o, n
    return by_lead


@functools.lru_cache(maxsize=50000)
def _contexts_by_number(text: str) -> dict[str, frozenset[str]]:
    """Each plain number of ``text`` (as :func:`typed_values` reads it, the other values
    masked: "iPhone 13，256G") with the unit word after it and the name before it."""
    plain = masked = _THOUSAND_WORD.sub(_thousands, normalize(text))  # "110 mil": 110k mil
    found: dict[str, set[str]] = {}
    for kind, pattern in _VALUE_PATTERNS:
        if kind != "number":
            masked = pattern.sub(lambda m: " " * len(m.group(0)), masked)
            continue
        for match in pattern.finditer(masked):
            key = re.sub(r"[^\d.k]", "", match.group(0))
            if re.fullmatch(r"\d+(?:\.\d+)?k", key):  # as typed_values gives it: 110k is 110000
                key = _amount(key)
            context = found.setdefault(key, set())
            unit = _UNIT_AFTER.match(masked, match.end())
            if unit is not None:
                context.add(f"unit:{unit.group(1)}")
            # the words before it as written (masking blanks punctuation inside a value)
            context.update(f"lead:{word}" for word in leading_words(plain, match.start()))
        break
    return {k: frozenset(v) for k, v in found.items()}


_LEAD_WORDS = re.compile(r"[a-z][a-z'’]*|[\u4e00-\u9fff]+")
_LEAD_FILLER = frozenset(
    # words between a thing and its new number that are not the thing: "keysafe is 1938",
    # "discount down to 28%", "rent is now 410"
    ["down", "up", "dropped", "raised", "cut", "knocked", "went", "goes", "gone", "moved"]
)
_HOW_OFTEN = frozenset(
    # how often or from when: they name no thing, so a number and an amount they stand
    # before are not the same thing ("每月 5 号前发工资" / "9 月开始每月 $105")
    ["every", "monthly", "month", "yearly", "year", "weekly", "week", "daily", "day"]
    + ["每月", "每年", "每周", "每天", "每次", "开始", "以后", "起"]
)


def _backwards(words: list[str]) -> Iterator[str]:
    """``words`` from the last, a Chinese run cut into pairs from its end ("交财务每月" gives
    每月, 财务, 交: the pair nearest the number is whole)."""
    for word in reversed(words):
        if word.isascii():
            yield word
            continue
        for end in range(len(word), 0, -2):
            yield word[max(0, end - 2) : end]


def leading_words(
    text: str, at: int, limit: int = 2, skip: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The nearest ``limit`` content words (stemmed) before position ``at`` of a normalised
    text, within the same clause (no punctuation between), skipping stop words and the
    words that link a thing to its number: the name of what the number is ("keysafe code
    4471" gives code and keysafe, "keysafe is 1938 now" keysafe)."""
    before = text[max(0, at - 40) : at]
    pieces = re.split(r"([,;:.!?()\[\]—–/，。；：！？、（）])", before)
    found = _content_words(pieces[-1], limit, skip)
    if not found and len(pieces) >= 3 and pieces[-2] in ":：" and has_cjk(pieces[-3]):
        # a Chinese label the value follows ("房租：每月3200元")
        found = _content_words(pieces[-3], limit, skip)
    return tuple(found)


def _content_words(clause: str, limit: int, skip: frozenset[str]) -> list[str]:
    """The nearest ``limit`` content words of ``clause``, last first (:func:`leading_words`)."""
    found: list[str] = []
    for word in _backwards(_LEAD_WORDS.findall(clause)):
        if word in EN_STOP or word in _LEAD_FILLER or word in skip:
            continue
        if word.isascii() and len(word) < 3:
            continue
        found.append(stem(word))
        if len(found) == limit:
            break
    return found


_UNIT_AFTER = re.compile(r"\s?([a-z]+|[\u4e00-\u9fff]{1,2})")
