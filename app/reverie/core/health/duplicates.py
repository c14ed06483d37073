"""``duplicate``: near-duplicate entries inside ``MEMORY.md``.

Promotion sections often repeat a hand-written fact. Two entries are near-duplicates when
their word sets (Chinese compared by word and by character pair, values typed) overlap
strongly, or one is contained in the other, or each says most of the other unit by unit,
in either language (:mod:`.bilingual`: "对青霉素过敏" / "Allergic to penicillin", "Jul 22" /
"22 July"), and they give no different values (different values make them an update, not a
duplicate). With an embedding model loaded, a pair close in meaning whose words back it is one
too (:mod:`.meaning`: "VAT returns every 2 months" / "filed bi-monthly"), and a pair a little
under the model's threshold is weighed on what else it shows (:mod:`.duplicate_odds`: how
much each says of the other, how far apart the two are written). Two entries labelled
differently ("Mateo: works on Harbor...", "Jun: works on Harbor...") are a list of people or
things, not a duplicate. The later entry is the finding; the earlier one is its evidence.
"""

from __future__ import annotations

import calendar
import functools
import re
from dataclasses import dataclass

from ..phrase import Phrase, phrase
from ..text.dates import MONTHS
from .bilingual import overlap
from .duplicate_odds import likely_same, odds_model
from .entries import Entry
from .meaning import EntryMeaning, same_meaning
from .reasons import (
    CONTAINS,
    LIKELY_SAME_MEANING,
    SAID_AGAIN,
    SAID_AGAIN_TRANSLATED,
    SAME_DAY,
    SAME_MEANING,
    SAME_NUMBER,
    SAME_WORDS,
)
from .text import CALENDAR_WORDS, CJK_RUN, has_cjk, normalize, subject_tokens
from .values import (
    chinese_number,
    date_mentions,
    dates_differ,
    holder_named_in,
    typed_values,
    value_conflict,
)


@dataclass(frozen=True)
class DuplicateParams:
    jaccard: float = 0.6
    containment: float = 0.85
    min_tokens: int = 4
    bilingual: float = 0.6
    """Share of the smaller entry's units the other says, in either language ..."""
    bilingual_other: float = 0.4
    """... and of the larger one's units the smaller says (a short entry whose words a long
    one holds, "Team: 需求预测组" in "weekly demand forecast for 2,300 SKUs...", is no
    duplicate of it) ..."""
    bilingual_units: int = 3
    """... at least this many of them."""


@dataclass(frozen=True)
class DuplicatePair:
    first: Entry
    second: Entry
    similarity: float
    how_phrase: Phrase

    @property
    def how(self) -> str:
        return str(self.how_phrase)


def find_duplicates(
    entries: list[Entry],
    params: DuplicateParams | None = None,
    meaning: EntryMeaning | None = None,
    weigh: bool = True,
) -> list[DuplicatePair]:
    """Each later entry that repeats an earlier one, paired with the closest of them;
    ``meaning``: the entries' embeddings (None: by their words only); ``weigh``: pairs a
    little under the model's threshold are weighed (:mod:`.duplicate_odds`) where the
    model has a fitted weighing."""
    params = params or DuplicateParams()
    odds = odds_model(meaning.model_id) if meaning is not None and weigh else None
    shingles = [char_shingles(e.text) for e in entries]
    pairs: list[DuplicatePair] = []
    claimed: set[int] = set()
    for j, later in enumerate(entries):
        if j in claimed:
            continue
        best: DuplicatePair | None = None
        for i in range(j):
            a, b = shingles[i], shingles[j]
            if not a or not b:
                continue
            sim = jaccard(a, b)
            small = min(len(a), len(b))
            contained = len(a & b) / small if small else 0.0
            if labels_differ(entries[i].text, later.text):
                # a list under labels, one fact each, unless both give one phone number
                # ("Spanish number: +34 612 458 903" / "Own móvil (ES): 612 458 903")
                if (number := same_number(entries[i].text, later.text)) is None:
                    continue
                how, sim = phrase(SAME_NUMBER, number=number), 0.75
            elif sim >= params.jaccard:
                how = phrase(SAME_WORDS, percent=round(sim * 100))
            elif small >= params.min_tokens and contained >= params.containment:
                how = phrase(CONTAINS)
                sim = max(sim, contained * 0.9)
            elif (found := _said_again(entries[i].text, later.text, params)) is not None:
                how, sim = found
            elif (number := same_number(entries[i].text, later.text)) is not None:
                how, sim = phrase(SAME_NUMBER, number=number), 0.75
            elif (day := _same_day(entries[i].text, later.text)) is not None:
                how, sim = phrase(SAME_DAY, day=day), 0.7
            elif (
                meaning is not None
                and same_meaning(
                    entries[i].text, later.text, cos := meaning.cosine(i, j), meaning.threshold
                )
                and not one_gives_a_number(entries[i].text, later.text)
            ):
                how, sim = phrase(SAME_MEANING, cosine=f"{cos:.2f}"), cos * 0.9
            elif (
                odds is not None
                and meaning is not None
                and (
                    weighed := likely_same(
                        odds,
                        entries[i].text,
                        later.text,
                        cos := meaning.cosine(i, j),
                        entries[i].section == later.section,
                        j - i,
                    )
                )
                is not None
                and weighed[0] >= odds.threshold
                and not one_gives_a_number(entries[i].text, later.text)
            ):
                said = weighed[1]
                how = phrase(
                    LIKELY_SAME_MEANING, cosine=f"{cos:.2f}", matched=said.matched, size=said.size
                )
                sim = cos * 0.7  # under every other way's: their pairs are the evidence
            else:
                continue
            if told_apart(entries[i].text, later.text):
                continue
            if best is None or sim > best.similarity:
                best = DuplicatePair(entries[i], later, sim, how)
        if best is not None:
            claimed.add(j)
            pairs.append(best)
    return pairs


def told_apart(first: str, second: str) -> bool:
    """The entries give different values (an update, not a duplicate), dates, months or
    numbers."""
    return (
        _conflict(first, second)
        or _conflict(second, first)
        or dates_differ(first, second)
        or months_differ(first, second)
        or numbers_differ(first, second)
    )


def _conflict(first: str, second: str) -> bool:
    """The entries give different values of one kind; not a role's holder whose name the
    other entry holds ("GP: Dr Helen Li" / "家庭医生 李医生 (Helen Li)": 李医生 is Helen Li)."""
    found = value_conflict(first, second)
    if found is None:
        return False
    return found[0].kind != "holder" or not holder_named_in(found[0].value, second)


_MONTH = re.compile(
    rf"\b(?:(?i:{'|'.join(sorted((m for m in MONTHS if m != 'may'), key=len, reverse=True))})\.?|May)\b"
    r"|(?<!\d)(1[0-2]|[1-9])\s?月|(十[一二]?|[一二三四五六七八九])月"
)
"""A month named, in any language of :data:`MONTHS` ("renews every June", "Setyembre", "每年 6
月", 十二月; "May" only with its capital, not the verb)."""


def months_of(text: str) -> frozenset[int]:
    """The months ``text`` names, by number."""
    found: set[int] = set()
    for match in _MONTH.finditer(text):
        digits, chinese = match.group(1), match.group(2)
        if digits:
            found.add(int(digits))
        elif chinese:
            found.add(chinese_number(chinese))
        else:
            found.add(MONTHS[match.group(0).rstrip(".").lower()])
    return frozenset(found)


def months_differ(first: str, second: str) -> bool:
    """Both entries name months and none is the same ("liability insurance renews every
    Jan" / "Car insurance with ICBC, renews every June": two renewals)."""
    a, b = months_of(first), months_of(second)
    return bool(a and b and not a & b)


def _said_again(first: str, second: str, params: DuplicateParams) -> tuple[Phrase, float] | None:
    """``(how, similarity)`` when each entry says most of the other, in either language;
    else None."""
    found = overlap(first, second)
    whole = found.share >= 1.0 and found.matched >= 2  # a short entry said in full
    if (
        (found.matched < params.bilingual_units and not whole)
        or found.share < params.bilingual
        or found.other_share < params.bilingual_other
        or (found.translated and found.own_specifics)
    ):
        return None
    if not found.translated and not subject_tokens(first) & subject_tokens(second):
        return None  # only a date or numbers in common ("Visa valid until 2027-12-22" /
        # "Lease ends Dec 22 2027"): two facts of one day
    said = SAID_AGAIN_TRANSLATED if found.translated else SAID_AGAIN
    return phrase(said, matched=found.matched, size=found.size), found.share * 0.9


_DIGITS = re.compile(r"(?<![\d.,])\(?\d[\d \-()]{7,}\d(?![\d.,])")
MIN_ID_DIGITS = 9
"""A phone or account number: at least this many digits (a date written in numbers has 8)."""


@functools.lru_cache(maxsize=20000)
def digit_ids(text: str) -> frozenset[str]:
    """The long numbers of ``text`` (phones, accounts), digits only: "07700 914 226" and
    "07700 914226" are one number."""
    found = (re.sub(r"\D", "", m.group(0)) for m in _DIGITS.finditer(text))
    return frozenset(d for d in found if len(d) >= MIN_ID_DIGITS)


def same_number(first: str, second: str) -> str | None:
    """A phone or account number both entries give (one may add a country code: "+34 612
    458 903" / "612 458 903"), with another word they share ("顺丰月结卡号: 0205561234" /
    "顺丰月结账号 0205561234") or both saying it is a phone number: the number, else None.
    (Not any identifier: "CS3230 tutorial" and "CS3230 midterm" are two facts of a course.)"""
    shared = {
        min(a, b, key=len)
        for a in digit_ids(first)
        for b in digit_ids(second)
        if a == b or (abs(len(a) - len(b)) <= 3 and (a.endswith(b) or b.endswith(a)))
    }
    if not shared:
        return None
    if not (subject_tokens(first) & subject_tokens(second)) and not (
        _PHONE_WORDS.search(first) and _PHONE_WORDS.search(second)
    ):
        return None
    return min(shared)


def numbers_differ(first: str, second: str) -> bool:
    """Both entries give a phone or account number, and none of one's is the other's: two
    facts ("Papa's WhatsApp: +234 803 417 2290" / "Mama's landline 0221 5503 812"). Numbers
    are compared by their last eight digits ("+44 7700 900123" is "07700 900123")."""
    ours, theirs = digit_ids(first), digit_ids(second)
    if not ours or not theirs:
        return False
    return not {d[-8:] for d in ours} & {d[-8:] for d in theirs}


def one_gives_a_number(first: str, second: str) -> bool:
    """Only one of the entries gives a phone or account number: close in meaning, the number
    is a fact of its own ("二丫头班主任王老师：135 0971 6620" / "二丫头...上初二，班主任王老师")."""
    return bool(digit_ids(first)) != bool(digit_ids(second))


_PHONE_WORDS = re.compile(
    r"\b(?:phone|cell|mobile|m[óo]vil|celular|handy|number|tel|whatsapp|call|text)\b|电话|手机|号码|微信|找|叫",
    re.IGNORECASE,
)
"""Words that make a long number a phone number: the same one in two entries is one fact
("Cell: (720) 555-0148" / "720-555-0148 is his only number", "水电工老赵，电话 135 7329 6618" /
"水管电路坏了叫赵师傅，135 7329 6618")."""


def _exact_days(text: str) -> frozenset[tuple[int, int]]:
    """The (month, day) of the days ``text`` writes with their day of the month and no year
    (not "end of September", "9月底", "Sept 2027": a month's last day stands for the month;
    not "2026-08-16": one day, an event)."""
    return frozenset(
        (m.day.month, m.day.day)
        for m in date_mentions(text, 2000)
        if _DAY_NUMBER.search(m.text) and not _MONTH_PART.search(m.text) and not m.has_year
    )


_OCCASION = re.compile(r"birthday|\bb-?day\b|anniversar|生日|纪念日|生辰", re.IGNORECASE)
"""A day that comes back every year and is the same fact however often it is written."""
_BORN = re.compile(r"\bborn\b|出生", re.IGNORECASE)
"""A birth day told as when someone was born ("Kay's a '98 baby, born October 3rd")."""
_OCCASION_OR_BORN = re.compile(f"{_OCCASION.pattern}|{_BORN.pattern}", re.IGNORECASE)
_MARRIED = re.compile(r"anniversar|\bmarried\b|\bwedding\b|结婚|纪念日", re.IGNORECASE)
"""A wedding day, told as the day or its anniversary: one couple's, the person's own."""
_DAY_NUMBER = re.compile(r"(?<!\d)\d{1,2}(?!\d)")
_MONTH_PART = re.compile(r"底|旬|\bend\b|\blate\b|\bearly\b|\bmid", re.IGNORECASE)


def _same_day(first: str, second: str) -> str | None:
    """A birthday or anniversary both entries give on the same day, with a word they share
    ("Anniversary is 9 Feb — usually dinner at Ashiana" / "Wedding anniversary: 9 February"):
    the day ("9 Feb"), else None. Deadlines on one day are not one fact (clients whose year
    ends on 31 Dec), nor are two people's birthdays (no word in common but the word)."""
    if not (_OCCASION_OR_BORN.search(first) and _OCCASION_OR_BORN.search(second)):
        return None
    shared_days = _exact_days(first) & _exact_days(second)
    if not shared_days:
        return None
    firsts, seconds = subject_tokens(first), subject_tokens(second)
    words = {
        t
        for t in firsts & seconds
        if not t.isdigit()
        and t not in CALENDAR_WORDS
        and t not in MONTHS
        and not _OCCASION_OR_BORN.search(t)  # the word itself: two people born on one day
    }
    # the same wedding day twice ("Married 2021; wedding anniversary: 18 Sep" / "结婚纪念日
    # 9月18号"), or one person's birth day under a short name ("Kayla's birthday Oct 3" /
    # "Kay's a '98 baby, born October 3rd")
    wedding = bool(_MARRIED.search(first) and _MARRIED.search(second))
    if not words and not wedding and not _short_name_of(first, second):
        return None
    month, day = min(shared_days)
    return f"{day} {calendar.month_abbr[month]}"


_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")


def _short_name_of(first: str, second: str) -> bool:
    """A name one entry gives is the start of a longer name the other gives ("Kay" /
    "Kayla")."""
    a = {m.group(0) for m in _NAME.finditer(first)} - _MONTH_WORDS
    b = {m.group(0) for m in _NAME.finditer(second)} - _MONTH_WORDS
    return any(x != y and (y.startswith(x) or x.startswith(y)) for x in a for y in b)


_MONTH_WORDS = frozenset(name.capitalize() for name in MONTHS)


_LABEL = re.compile(r"^\s*([^:：]{1,30}?)\s*(?:[:：]\s|：)")


def labels_differ(first: str, second: str) -> bool:
    """Both entries start with a label ("Jun: works on Harbor...", "Marta: works on
    Harbor...") and the labels differ: a list of people or things, one fact each."""
    a, b = _LABEL.match(first), _LABEL.match(second)
    if a is None or b is None or a.group(1).casefold() == b.group(1).casefold():
        return False
    if _WHEN_LABEL.search(a.group(1)) or _WHEN_LABEL.search(b.group(1)):
        return False  # "Every October: Kopi's yearly vaccination": when, not which one
    return not _label_within(a.group(1), b.group(1)) and not _label_translated(
        a.group(1), b.group(1)
    )


_WHEN_LABEL = re.compile(
    r"^(?:every|each)\b|^每|^(?:daily|weekly|monthly|yearly|annually)$",
    re.IGNORECASE,
)
"""A label that says how often ("Every October:", "每年:"), not which of a list (a weekday
or a month is one: "Monday: gym", "Tuesday: swim"; and "Jun:" or "May:" may be a name)."""


def _label_within(first: str, second: str) -> bool:
    """One label holds every word of the other ("Sofia:" / "Sofia's allergy:", "Tyres:" /
    "Tyre credit:", a plural as its singular): one subject, not a list ("Y9 set 4:" / "Y9 set
    2:" stay a list)."""
    words_a, words_b = (
        frozenset(_singular(w) for w in re.findall(r"\w+", x.casefold())) for x in (first, second)
    )
    return words_a <= words_b or words_b <= words_a


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _label_translated(first: str, second: str) -> bool:
    """One label is the other in the other language ("丈夫:" / "Husband:"): every unit of
    the shorter said by the longer."""
    if has_cjk(first) == has_cjk(second):
        return False
    found = overlap(first, second)
    return found.size > 0 and found.translated > 0 and found.share >= 1.0


@functools.lru_cache(maxsize=20000)
def char_shingles(text: str) -> frozenset[str]:
    """Tokens for near-duplicate detection: subject tokens plus Chinese character bigrams."""
    norm = normalize(text)
    grams: set[str] = set(subject_tokens(text))
    for run in CJK_RUN.findall(norm):
        grams.update(run[i : i + 2] for i in range(len(run) - 1))
    for value in typed_values(text):
        grams.add(f"{value.kind}:{value.value}")
    return frozenset(grams)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)
