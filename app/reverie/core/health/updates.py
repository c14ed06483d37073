"""``possible-update``: a ``MEMORY.md`` entry and a newer line about the same subject that
says something different.

A pair is only reported when three things hold:

1. **same subject**: they share at least one specific word (an identifier, a Chinese word,
   a name rare in the workspace) and enough of the entry's weighted words;
2. **newer**: the line was written after the entry (the entry's date comes from its
   promotion marker, else from the first note that already said it, else it is unknown and
   any dated line counts);
3. **a change**: the line words a change ("no longer", "switched to", "decommissioned",
   改为, 不再, 下线, "from Monday"...) or gives a different value of the same type (IP, host,
   version, port, time, weekday, amount) with some change wording or strong overlap.

Lines that add rather than replace ("also", 也, 还, 另外) without strong change wording are
not updates: "likes pour-over" and "also drinks Longjing in the afternoon" coexist. A line
that repeats the entry's values after the change suppresses the finding (the change did not
last, or the newer line was about something else).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from ..errors import Cancelled
from ..phrase import Phrase, phrase
from ..text.dates import find_dates
from .cue_words import (
    GONE_WHEN_ZH,
    GOT_NEW_ZH,
    NEW_THINGS_ZH,
    PORTED_ZH,
    STARTED_YEAR,
    Cue,
    additive_cue,
    change_cue,
    clauses,
    cues,
    hedged_value,
    said_once,
    stays,
)
from .entries import Entry
from .parties import (
    another_child,
    identifying_counters,
    line_opening,
    neighbours_story,
    opened_by_named,
    somebody_elses,
    someone_else_departs,
)
from .reasons import (
    DATE_CHANGE,
    DIFFERENT_VALUE,
    SAYS,
    SAYS_DATE_CHANGE,
    SAYS_WHAT_IT_BECAME,
    WHY_KIND_VALUE,
    WHY_VALUE,
    kind_phrase,
)
from .sources import Corpus, SourceLine
from .text import (
    CJK_RUN,
    SURNAMES,
    THE_USER,
    ZH_TITLES,
    acronyms,
    full_word,
    has_cjk,
    head_tokens,
    is_identifier,
    is_specific,
    normalize,
    opening_given_name,
    opening_zh_name,
    proper_nouns,
    stem,
    subject_tokens,
    surface,
    with_given_names,
)
from .timing import starts_after
from .values import (
    MAKE,
    MAKES,
    MAKES_ZH,
    NAME_WORD,
    UNIT_WORDS,
    Value,
    amounts_near,
    as_written,
    date_mentions,
    days_of_year,
    named_alike,
    other_numbered,
    typed_values,
    value_conflict,
    value_key,
)

_PAST_BEFORE = re.compile(
    r"(?:\bsince|\bas of|\bjoined|\bstarted|\bwent live|自从|自)\s*\S{0,3}\s*$"
)
_PAST_AFTER = re.compile(r"\s*(?:以来|起|开始)")

STRONG_SHARE = 0.9
"""Evidence lines scoring at least this share of an entry's best are shown newest first,
before the weaker ones."""
RELATIVE_COVER = 0.5
"""An entry's evidence lines hold at least this share of what its best one holds of it."""
MAX_LINES_PER_ENTRY = 400
"""Evidence lines weighed for one entry at most: the newest of those about its subject."""

STATE_VALUES = frozenset(
    {
        "holder",
        "ip",
        "phone",
        "host",
        "version",
        "port",
        "code",
        "room",
        "money",
        "percent",
        "age",
        "grade",
    }
)
"""Values that describe a state; a different one alone (no change wording) is a change.
Weekdays, times, quantities ("ran 10 km") and plain numbers differ all the time in notes
about one-off events."""


@dataclass(frozen=True)
class UpdateParams:
    """Thresholds (tuned on the tune half of ``bench/health``)."""

    removal_cover: float = 0.15
    """Weighted share of the entry's words a line saying "no longer" / 不再 must cover."""
    strong_cover: float = 0.2
    """...for replacement wording ("switched to", 改为), which must also bring something new."""
    weak_cover: float = 0.2
    """Coverage with weak wording ("now", 现在) plus a changed value."""
    value_cover: float = 0.4
    """Coverage with a changed value and no change wording at all."""
    unanchored_cover: float = 0.45
    """Without a shared name or identifier, a changed value needs this much overlap."""
    head_cover: float = 0.3
    """The entry's first word in common counts as the same subject with this much overlap."""
    holder_cover: float = 0.1
    """Change wording and another holder of the entry's personal role ("罗嘉 (my new
    manager)" for "直属 manager 是陈硕"): the role word is all they need to share."""
    min_score: float = 0.5
    restate_cover: float = 0.6


@dataclass(frozen=True)
class UpdateMatch:
    entry: Entry
    line: SourceLine
    score: float
    why_phrase: Phrase
    shared: tuple[str, ...]
    old_value: Value | None = None
    """The entry's value the line changes, when it gives a new one."""
    new_value: Value | None = None
    """The value the line gives instead (with ``old_value``)."""
    cover: float = 0.0
    """Weighted share of the entry's words the line holds."""

    @property
    def why(self) -> str:
        return str(self.why_phrase)


@dataclass(frozen=True)
class Overlap:
    cover_entry: float
    cover_line: float
    anchors: tuple[str, ...]
    shared: tuple[str, ...]


def overlap(
    entry_tokens: frozenset[str],
    line_tokens: frozenset[str],
    corpus: Corpus,
    names: frozenset[str] = frozenset(),
    heads: tuple[str, ...] = (),
    line_text: str = "",
) -> Overlap:
    """How much the line holds of the entry's words (weighted by rarity), and of its own."""
    shared = set(entry_tokens & line_tokens)
    # Chinese words segmented differently on each side (负责 / 负责人, 李明 / 李明说 cut
    # as 李 + 明说) still match: by inclusion in a line word, or in the line's text
    norm_line = normalize(line_text) if line_text else ""
    for token in entry_tokens - shared:
        if has_cjk(token) and (
            any(has_cjk(other) and (token in other or other in token) for other in line_tokens)
            or (len(token) >= 2 and token in norm_line)
        ):
            shared.add(token)

    if not shared:
        return Overlap(0.0, 0.0, (), ())
    weight_e = sum(corpus.idf(t) for t in entry_tokens) or 1.0
    weight_l = sum(corpus.idf(t) for t in line_tokens) or 1.0
    weight_s = sum(corpus.idf(t) for t in shared)
    anchors = tuple(
        sorted(
            t for t in shared if (is_specific(t) or t in names or t in heads) and not _is_when(t)
        )
    )
    return Overlap(
        min(1.0, weight_s / weight_e), min(1.0, weight_s / weight_l), anchors, tuple(sorted(shared))
    )


def restates(entry: Entry, line: SourceLine, corpus: Corpus, params: UpdateParams) -> bool:
    """Whether ``line`` says what the entry says (no change wording, same values)."""
    if change_cue(line.text) is not None:
        return False
    ov = overlap(subject_tokens(entry.text), subject_tokens(line.text), corpus)
    if ov.cover_entry < params.restate_cover and not (ov.cover_line >= 0.8 and len(ov.shared) >= 3):
        return False
    if line.day is not None and _date_conflict(entry.text, line.text, line.day):
        return False
    values = [v for v in typed_values(entry.text) if v.kind != "number"]
    if values and not any(_names(line.text, v) for v in values):
        return False  # "每周日晚上 8 点视频" is not said again by "晚上和妈妈视频"
    return value_conflict(entry.text, line.text) is None


def _mentioned_bound(entry: Entry, today: date) -> date | None:
    """The latest past day the entry names: it cannot have been written before that."""
    best: date | None = None
    norm = normalize(entry.text)
    for mention in date_mentions(entry.text, today.year):
        before = norm[max(0, mention.start - 14) : mention.start]
        after = norm[mention.start + len(mention.text) : mention.start + len(mention.text) + 4]
        if not (_PAST_BEFORE.search(before) or _PAST_AFTER.match(after)):
            continue  # "ends Nov 30", "until Oct 12": a plan, not when it was written
        day = mention.day
        if not mention.has_year and day > today:
            day = day.replace(year=day.year - 1) if not (day.month == 2 and day.day == 29) else day
        if day <= today and (best is None or day > best):
            best = day
    return best


def entry_written_on(
    entry: Entry, lines: list[SourceLine], corpus: Corpus, params: UpdateParams, today: date
) -> tuple[date | None, str | None]:
    """When the entry was written, as far as the files tell."""
    if entry.source_date is not None:
        return entry.source_date, "source-note"
    if entry.promoted_on is not None:
        return entry.promoted_on, "promotion"
    origin: tuple[date | None, str | None] = (None, None)
    dated = sorted(
        (line for line in lines if line.day is not None),
        key=lambda s: s.day or date.min,  # every line here has a day; date.min types the key
    )
    for line in dated:
        if restates(entry, line, corpus, params):
            origin = (line.day, "first-note")
            break
    bound = _mentioned_bound(entry, today)
    if bound is not None and (origin[0] is None or bound > origin[0]):
        return bound, "named-date"
    return origin


def _before(clause: str, tokens: tuple[str, ...], position: int) -> bool:
    return any(0 <= clause.find(token) < position for token in tokens)


REPORTING = frozenset(
    [
        "announc",
        "said",
        "say",
        "told",
        "tell",
        "mention",
        "report",
        "confirm",
        "not",
        "remind",
        "wrot",
        "write",
        "说",
        "提到",
        "表示",
        "宣布",
        "告诉",
        "通知",
        "确认",
        "提醒",
        "听说",
    ]
)
"""Verbs that report a change ("Tobias announced he is leaving") rather than name its subject."""

WHEN_WORDS = frozenset(
    [
        "今天",
        "明天",
        "昨天",
        "今晚",
        "正式",
        "终于",
        "已经",
        "马上",
        "月底",
        "月初",
        "年底",
        "年初",
        "周末",
        "早上",
        "上午",
        "中午",
        "下午",
        "晚上",
        "下周",
        "上周",
        "本周",
        "这周",
        "下个月",
        "上个月",
        "这个月",
        "期间",
    ]
)
"""When or how a change happens ("MLflow 那台 9 月底下线", "方圆今天正式转去"): never what it
is about."""
_CLOCK_ZH = re.compile(r"[零一二两三四五六七八九十\d]+点半?")


def _is_when(token: str) -> bool:
    """A time word (上午, 十点): it says when, not what a line is about."""
    return token in WHEN_WORDS or bool(_CLOCK_ZH.fullmatch(token))


_OBJECT = re.compile(
    r"\s+(?:the|a|an|his|her|their|our|my|its|it|them|all|everything"
    # the articles of Portuguese, Italian, German and Dutch ("Vavá cancelou o plano"; not
    # Spanish "el", also Egyptian Arabic's: "paid off el Accent" is the loan paid)
    r"|o|os|um|uma|il|lo|gli|der|die|das|den|dem|ein|eine|einen|het|een)\b"
)
"""A verb followed by its object: what changed is the object."""
_WITH_ARTICLE = re.compile(r"\s(?:el|la|los|las|le|les)$")
"""A cue that ends with its object's article ("dejó el hockey"): the object follows."""


def _object_follows(cue: Cue) -> bool:
    """The words after the cue are its object (:data:`_OBJECT`, :data:`_WITH_ARTICLE`)."""
    return bool(
        _OBJECT.match(cue.clause, cue.position + len(cue.words))
        or _WITH_ARTICLE.search(cue.words)
        # what there is no more of follows ("Dr. Lamptey says no more toffee for me"; not
        # "Bruno is no more", gone)
        or (
            cue.words == "no more"
            and cue.position + len(cue.words) < len(cue.clause.rstrip())
            and not _IS_NO_MORE.search(cue.clause[: cue.position])
        )
    )


_IS_NO_MORE = re.compile(r"\b(?:is|are|was|were)\s$")


def _target(cue: Cue) -> str | None:
    """What a change cue is about: the nearest word before it in its clause ("Redis 端口
    改成", "ci-old-3 was shut down"), else the first word after it ("switched from
    LaunchDarkly", "no more oat flat white")."""
    before, after = _placed(cue)
    if after and _object_follows(cue):
        return min(after)[1]  # "Zhou Ming moved the art repo": the repo moved, not he
    if before:
        return max(before)[1]
    return min(after)[1] if after else None


_INTERJECTIONS = frozenset({"khala", "khalas", "yalla", "abeg", "lah", "lor", "finally"})
"""Words said before a change that are not what changes ("khalas cancelled Gold's", Egyptian
Arabic "that's it"; "Finally sold the Corolla")."""


def _placed(cue: Cue) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The clause's subject words with where they stand, before the cue and after it."""
    placed: list[tuple[int, str]] = []
    for token in subject_tokens(cue.clause) - REPORTING - WHEN_WORDS - _INTERJECTIONS:
        at = cue.clause.find(token)
        if at < 0 and token.isalpha():
            at = cue.clause.find(token[: max(3, len(token) - 1)])
        if at >= 0:
            placed.append((at, token))
    before = [p for p in placed if p[0] < cue.position]
    after = [p for p in placed if p[0] >= cue.position + len(cue.words)]
    return before, after


_FIRST_DAY = re.compile(r"first (?:day|week|month)\b")


_LAST_OF = re.compile(r"last (\w+) (?:lesson|class|session|shift|gig|rehearsal|delivery)\b")


def _last_of_another(cue: Cue, entry: Entry) -> bool:
    """ "Alfie's last football session" ends football, which an entry that names no football
    ("Kids: Isla (Y7) and Alfie (Y3)") does not say."""
    found = _LAST_OF.match(cue.words)
    return found is not None and stem(found.group(1)) not in subject_tokens(entry.text)


def _starts_the_entry(cue: Cue, entry: Entry) -> bool:
    """The place after "first day at" is the entry's own (its first two words are in it)."""
    place = _object_words(cue, 2)
    return bool(place) and set(place) <= subject_tokens(entry.text)


def _before_word(cue: Cue) -> str | None:
    """The subject word nearest before the cue in its clause (whose first day it is)."""
    before, _ = _placed(cue)
    return max(before)[1] if before else None


_TAUGHT_BY = re.compile(r"^由")
_ATTRIBUTES = frozenset(
    str.split(
        "教室 时间 地点 地址 老师 价格 电话 号码 房间 宿舍 教练 医生 手机 套餐 密码 班主任 负责人"
        " 日期 课表 上课 工作 单位 公司 车位 账号 卡号 银行 师傅"
    )
)
"""What a thing has that can change ("教务改了教室"): the object of 改了 / 换了 naming one is
about the entry's thing."""
_HOLDERS_TOLD = {
    "老师": r"老师|班主任",
    "班主任": r"老师|班主任",
    "教练": r"教练",
    "医生": r"医生|大夫|医师|主任|诊所|医院",
    "师傅": r"师傅",
    "负责人": r"负责人|经理|主管",
}
"""The people 换了 / 改了 can give an entry a new one of, with the words by which an entry
gives one."""


def _holder_of_no_entry(cue: Cue, entry: Entry) -> bool:
    """A new one of those (a teacher, a doctor, a phone) for an entry that gives none: the
    line's topic is another's ("豆豆班上换了个新老师" is no news for "幺儿豆豆5岁，一直是用户在
    成都带")."""
    if not re.fullmatch(r"(?:换|更换|改)了?", cue.words):
        return False
    following = _object_words(cue, 1)
    if not following:
        return False
    if _PHONE_TOLD_ZH.search(following[0]):
        return not _gives_phone(entry.text)
    held = next((h for h in _HOLDERS_TOLD if h in following[0]), None)
    return held is not None and re.search(_HOLDERS_TOLD[held], normalize(entry.text)) is None


def _gives_phone(text: str) -> bool:
    """The entry tells of a phone: names one or gives a number."""
    norm = normalize(text)
    return _PHONE_TOLD_ZH.search(norm) is not None or any(
        v.kind == "phone" for v in typed_values(norm)
    )


_THEIRS = re.compile(r"\s+their\b")
"""An object that is somebody else's ("Data team moved their Airflow to eu-central-1")."""


def _object_words(cue: Cue, count: int = 4) -> list[str]:
    """The first words of what follows the cue in its clause (its object)."""
    after = cue.clause[cue.position + len(cue.words) :]
    placed = sorted(
        (after.find(t), t) for t in subject_tokens(after) - REPORTING - WHEN_WORDS if t in after
    )
    return [t for _, t in placed[:count]]


_GOT_NEW_ZH = re.compile(GOT_NEW_ZH)
_NUMBER_WORDS_ZH = re.compile(r"门号|号码|号|手机|电话")


def _new_thing_elsewhere(cue: Cue, told: str) -> bool:
    """A Chinese "got a new X" whose X a Chinese-only entry does not name, or whose X in
    Latin letters the entry does not name ("阿峰又话要买新 mon" for "Canva Pro 给阿峰用")."""
    if not _GOT_NEW_ZH.fullmatch(cue.words):
        return False
    rest = cue.clause[cue.position + len(cue.words) :]
    latin = re.match(r"\s?([a-z][a-z0-9-]+)\b", rest)
    if latin is not None:
        return latin.group(1) not in told
    thing = re.match(r"\s?([\u4e00-\u9fff]{1,2})", rest)
    if thing is None or re.search(r"[a-z]", told) or thing.group(1)[0] in told:
        return False
    # a new number for an entry that gives one ("幫婆婆辦了新門號 0978-226-045")
    return not (
        _NUMBER_WORDS_ZH.match(thing.group(1))
        and any(v.kind == "phone" for v in typed_values(told))
    )


_PORTED = re.compile(rf"{PORTED_ZH}|ported|port(?:ed|ing)? out")
_CARRIER = re.compile(
    r"电信|移动|联通|广电|台湾大|远传|亚太|月租|套餐|资费|\bplan\b|\bsim\b|\bcarrier\b|\bprovider\b"
    r"|\bphone line\b"
    # a data allowance ("Mobile: Fido, $45/mth for 20GB"), a carrier by name
    r"|\b\d+\s?gb\b|\b(?:fido|rogers|telus|koodo|freedom mobile|public mobile|vodafone|giffgaff|"
    r"verizon|at&t|t-mobile|mint mobile|telstra|optus|singtel|starhub|airtel|jio|vodacom|"
    r"safaricom|mtn)\b",
    re.IGNORECASE,
)
"""What a phone plan's entry says: a number ported elsewhere changes it."""

_COUNTED = re.compile(r"(?:\b\d+|\b(?:two|three|four|five|few|several|some|more))\s$")


def _to_other_days(cue: Cue) -> bool:
    """The cue's object opens with days of the week ("改成 星期三 和 星期五", "moved to
    Thursdays")."""
    after = cue.clause[cue.position + len(cue.words) :].lstrip(" :：")
    return any(v.kind == "weekday" and after.startswith(v.text) for v in typed_values(after))


def _scheduled(entry: Entry) -> bool:
    """The entry gives a day of the week or a time."""
    return any(v.kind in ("weekday", "time") for v in typed_values(entry.text))


def _priced_unscheduled(entry: Entry) -> bool:
    """The entry gives an amount and no day or time (a fee: other days do not change it)."""
    kinds = {v.kind for v in typed_values(entry.text)}
    return "money" in kinds and not kinds & {"weekday", "time"}


def _names(text: str, value: Value) -> bool:
    return any(v.kind == value.kind and v.value == value.value for v in typed_values(text))


_CONSTANT = re.compile(
    r"birthday|\bb-?day\b|\bborn\b|anniversar|生日|出生|(?<=\d)\s?日生|纪念日|领证",
    re.IGNORECASE,
)
"""Facts that only change by a new value (a corrected date), never by an event."""
_NEGATION = re.compile(r"(?:已经?|以后|今后)?不|没(?!了)")
"""A "no longer" that negates a verb ("年糕已经不躲了": it stopped hiding), not a thing gone
("大黄没了")."""


_MOVE = re.compile(r"mov|relocat|搬", re.IGNORECASE)
_PEOPLE = frozenset(
    [
        "cousin",
        "sister",
        "brother",
        "friend",
        "colleagu",
        "coworker",
        "neighbour",
        "neighbor",
        "son",
        "daughter",
        "mom",
        "mum",
        "dad",
        "mother",
        "father",
        "uncl",
        "aunt",
        "wif",
        "husband",
        "partner",
        "同事",
        "朋友",
        "表哥",
        "表姐",
        "表弟",
        "表妹",
        "哥哥",
        "姐姐",
        "弟弟",
        "妹妹",
        "邻居",
        "儿子",
        "女儿",
    ]
)
"""Words for a person (stemmed as subject tokens are)."""


def _someone_else(cue: Cue, entry: Entry, line: SourceLine) -> bool:
    """The word right before the cue is a name, or a person ("cousin"), that the entry
    does not hold: the change is somebody else's ("Wei's cousin Jun is leaving Toronto")."""
    target = _target(cue)
    return (
        target is not None
        and (target in proper_nouns(line.text) or target in _PEOPLE)
        and target not in subject_tokens(entry.text)
    )


@lru_cache(maxsize=4096)
def _own_identifiers(text: str) -> frozenset[str]:
    """The entry's hosts and addresses (not an amount: "256g"), with a host's first label
    (``feat-prod-01.xianda.internal`` is also ``feat-prod-01``)."""
    found = {
        t
        for t in subject_tokens(text)
        if is_identifier(t) and re.search(r"[.-]", t) and not _TIME_RANGE.fullmatch(t)
    }
    return frozenset(found | {t.split(".")[0] for t in found if is_identifier(t.split(".")[0])})


_TIME_RANGE = re.compile(r"\d{1,2}(?:[:.]\d\d)?(?:am|pm)?-\d{1,2}(?:[:.]\d\d)?(?:am|pm|h)?")
"""Hours written as one word ("8-9am", "9-17h"): no host."""


_WHEN_AFTER = re.compile(
    r"\b(?:as of|effective|starting)\b.*$|\b(?:for good|at last|finally|any ?more)\b",
    re.IGNORECASE,
)
"""When a change took effect, after its word ("policy cancelled as of today", "we are not
renewing any more"): no object."""


def _comment(cue: Cue) -> bool:
    """A clause that only comments on what the line's first clause is about ("乐刻的月卡
    今天到期, decided not to renew", "...算了, app 直接删掉"): a few words, no name or
    identifier of its own, and no English object after the cue ("no more fighting over
    the scope" is about the fighting)."""
    tokens = subject_tokens(cue.clause)
    after = _WHEN_AFTER.sub("", cue.clause[cue.position + len(cue.words) :])
    return (
        len(tokens) <= 3
        and not any(is_identifier(t) for t in tokens)
        and not proper_nouns(cue.clause)
        and not re.search(r"[a-z]{2,}", after)
        # nor one that names what it is done with ("done w/ Comcast for good")
        and not _DONE_WITH.search(cue.clause)
    )


_DONE_WITH = re.compile(r"\b(?:done|finished|through) (?:w/|with)\s?\w")
"""A clause saying what one is done with: it names its own object."""

_TERM_HOLDER = re.compile(r"this (?:term|semester|season|school year)|这学期")
"""Who or what a thing is with this term ("Ruby's piano this term is w/ Hannah Lee"): about
the word before it only, not every entry of the person."""


_NEW_THING_ZH = re.compile(r"新的?\s?(?:[\u4e00-\u9fff]{2}|[a-z]{3,})")
_NEW_KNOWN_ZH = re.compile(rf"新来?的?(?:{NEW_THINGS_ZH}).?|换(?:{NEW_THINGS_ZH})了")
_NEW_HOLDER_ZH = re.compile(
    r"新来?的?(?:阿姨|管家|保姆|房客|租客|校长|助理|教练|私教|班主任|司机|厨师|业主|供应商|对接人)"
)


_TO_AN_AMOUNT = re.compile(r"\b(?:up|down|bumped|jumped|upped|went|goes|going|put)\b.* to$")


def _new_amount(cue: Cue, conflict: tuple[Value, Value] | None) -> bool:
    """ "Bev's new rate £6.20/hr" for "Bev charges £5.50/hr": a new price of any name."""
    return (
        conflict is not None
        and conflict[0].kind == "money"
        and re.fullmatch(r"new (?:rate|price|fee|fees|cost|wage|salary|pay|rent|amount)", cue.words)
        is not None
    )


_NUMBER_CUE = re.compile(r"号|\bnumber\b|\bphone\b|\bmobile\b|\bsim\b|\bsố\b", re.IGNORECASE)
_OLD_ONE = re.compile(
    r"旧的|旧\s?那个|旧号|原来那个|老的那个|以前那个|\bthe old one\b|\bold one\b", re.IGNORECASE
)


def _only_a_new_number(found: list[Cue], line: SourceLine, entry: Entry) -> bool:
    """Every change word of the line is about a phone number, and the entry holds none:
    someone's new number ("秀兰换了个新号" for "秀芬她妹李秀兰在曲靖"), not a change of what the
    entry says of them."""
    numbered = _NUMBER_CUE.search(line.text) is not None
    # (the old one dropped, after the new number: "刘胖子换号了，新号139...，旧的那个不用了")
    if not found or not all(
        _NUMBER_CUE.search(c.clause) or (numbered and _OLD_ONE.search(c.clause)) for c in found
    ):
        return False
    if any(v.kind == "phone" for v in typed_values(entry.text)):
        return False
    # the number it gives, or none at all beside an entry with no number of any kind
    # ("秀兰换了个新号" for "秀芬她妹李秀兰在曲靖"; not "那个会议号以后不用了" for "个人会议号 826 331 9047")
    return any(v.kind == "phone" for v in typed_values(line.text)) or not (
        _DIGIT.search(line.text) or _DIGIT.search(entry.text)
    )


_DIGIT = re.compile(r"\d")


_PLACE = re.compile(
    r"\baddress\b|\blives?\b|\bliving\b|\bbased\b|\bhome\b|\bflat\b|\bapartment\b|\bhouse\b"
    r"|\bstreet\b|\broad\b|\boffice\b|住|地址|小区|路|街|[区市县镇村楼栋]|单元|室|公寓|老家|家在|在\S{2,6}(?:上班|工作|读书|开)"
)
"""Words that say where someone lives or something is."""
_IN_PLACE = re.compile(r"\b(?:in|at|near|stays?) (?:[A-Z][\w'-]+)")
"""A named place ("a nurse in Vancouver", "stays Tampines St 81" in Singapore English)."""


@lru_cache(maxsize=4096)
def _says_where(entry_text: str) -> bool:
    """Whether an entry says where someone lives or something is (a place word, or a
    place the segmenter knows: "父母都在杭州"); once per entry, not per line judged."""
    text = normalize(entry_text)
    if _PLACE.search(text) or _IN_PLACE.search(entry_text):
        return True
    import jieba.posseg

    return any(w.flag == "ns" for run in CJK_RUN.findall(text) for w in jieba.posseg.lcut(run))


_STARTED_YEAR = re.compile(STARTED_YEAR)
_NEW_OBJECT_ZH = re.compile(r"新来?的?(车|护照)")
_OBJECT_WORDS = {"车": re.compile(r"车|\bcar\b|\bvan\b"), "护照": re.compile(r"护照|\bpassport\b")}


def _new_noun_known(cue: Cue, entry: Entry) -> bool:
    """ "new IP" only counts for an entry that has an IP, 新阿姨 for one with an 阿姨, 新车
    for one with a car (not "周日开新车回余姚给爸办 75 大寿" for the birthday)."""
    # a school year for an entry that gives one (matched where the cue is: "高三" is one
    # before 开学)
    if _STARTED_YEAR.match(cue.clause, cue.position):
        return any(v.kind == "grade" for v in typed_values(entry.text))
    found = _NEW_OBJECT_ZH.match(cue.words)
    if found is not None:
        return _OBJECT_WORDS[found.group(1)].search(normalize(entry.text)) is not None
    if cue.words.startswith("new "):
        thing, text = cue.words.split(" ", 1)[1], normalize(entry.text)
        thing = full_word(thing)  # "the new mgr" for "Manager: Carol Jennings"
        # a new flat for where the person lives ("First night in the new flat: 西丽..." for
        # "Home address: 南山区 桃园路...")
        return (
            thing in text
            or _new_home(cue, entry)
            or _new_schedule(thing, entry)
            # a new lease for the rent ("Greg dropped round the new lease. $630 a week")
            or (thing == "lease" and _RENT.search(text) is not None)
        )
    if _NEW_HOLDER_ZH.fullmatch(cue.words):
        return cue.words.lstrip("新来的") in normalize(entry.text)
    if _NEW_PHONE_ZH.fullmatch(cue.words):  # 新手机 for an entry with a phone ("磊娃给她买了个
        # 新手机" is no news for "每天吃氨糖，早晚各两粒，磊娃从网上买的")
        return _gives_phone(entry.text)
    if _NEW_THING_ZH.fullmatch(cue.words) and not _NEW_KNOWN_ZH.fullmatch(cue.words):
        # 新菜单 for an entry with 菜单; not 新学员 for one about 新学员 (a name, not news)
        thing, text = cue.words.lstrip("新的 "), normalize(entry.text)
        return thing in text and f"新{thing}" not in text and f"新的{thing}" not in text
    return True


_NEW_PHONE_ZH = re.compile(r"新来?的?(?:手机号?|电话|号码|号)")
_PHONE_TOLD_ZH = re.compile(r"手机|电话|号码|微信|\bphone\b|\bmobile\b|\bcell\b")
_RENT = re.compile(r"\brent\b|房租|租金|月租")

_SCHEDULE_WORDS = frozenset({"schedule", "timetable", "time", "times", "slot", "day", "days"})


def _new_schedule(thing: str, entry: Entry) -> bool:
    """A new schedule for an entry that gives a day of the week or a time ("New season, new
    schedule: his team skates Sunday mornings at 7 now" for "hockey practice: Saturdays
    8:00 am")."""
    return thing in _SCHEDULE_WORDS and _scheduled(entry)


def _new_home(cue: Cue, entry: Entry, line: str = "") -> bool:
    """A new flat or house said of the entry that gives where someone lives, unless the
    line's relatives are not the entry's ("爸妈搬完了! New place: 长沙..." is not the new
    place of "Sister 林晓 lives in 长沙")."""
    words = cue.words.split(" ", 1)
    if words[0] != "new" or words[-1] not in _HOMES:
        return False
    text = normalize(entry.text)
    theirs, ours = _kin(normalize(line)), _kin(text)
    return _ADDRESS.search(text) is not None and not (theirs and ours and not theirs & ours)


_KIN_GROUPS = {
    "parents": r"\bparents\b|\bmum and dad\b|\bmom and dad\b|爸妈|父母",
    # not 姐夫, her husband, nor 妹崽, a daughter in the south-west ("妹崽手机199...")
    "sister": r"\bsister\b|姐(?!夫)|妹(?!夫|崽|仔)",
    "brother": r"\bbrother\b|哥|弟(?!媳|妹)",  # not 弟媳, his wife
    "mother": r"\bmum\b|\bmom\b|\bmother\b|\bmumm?y\b|\bmommy\b|\bmama\b|(?<!爸)妈|母亲",
    "father": r"\bdad\b|\bfather\b|\bdaddy\b|\bpapa\b|爸(?!妈)|父亲",
    "son": r"\bson\b|儿子",
    "daughter": r"\bdaughter\b|女儿|闺女|妹崽|妹仔",
    "wife": r"\bwife\b|老婆|妻子|太太|媳妇",
    "husband": r"\bhusband\b|老公|丈夫",
}
_KIN_PATTERNS = {kin: re.compile(p) for kin, p in _KIN_GROUPS.items()}


def _kin(text: str) -> frozenset[str]:
    """The relatives a (normalised) text names."""
    return frozenset(kin for kin, p in _KIN_PATTERNS.items() if p.search(text))


_HOMES = frozenset(["flat", "apartment", "apt", "house", "condo", "home", "place"])
_ADDRESS = re.compile(r"\baddress\b|\blives? (?:in|at|on)\b|住在|地址|住址")


def _about(cue: Cue, shared: tuple[str, ...]) -> bool:
    """Whether the cue's target is one of the shared words (Chinese compared by inclusion);
    for a verb with an object, any specific word among the object's first ones ("cancelling
    her monthly 正山小种 subscription"), unless the object is theirs."""
    if cue.kind == "replace" and re.fullmatch(r"(?:换|更换|改)了?", cue.words):
        if cue.clause[cue.position + len(cue.words) :].startswith("价"):
            return False  # a price changed ("在美团同抖音上改了价"): told by the new amount
        run = re.match(r"[\u4e00-\u9fff]{2,4}", cue.clause[cue.position + len(cue.words) :])
        following = _object_words(cue, 1) or ([run.group(0)] if run else [])
        if (
            following
            and has_cjk(following[0])
            and is_specific(following[0])
            and not any(a in following[0] for a in _ATTRIBUTES)
        ):
            # "给3号房换了锁芯": what changed is the word after the verb
            return any(following[0] in t or t in following[0] for t in shared)
        if following and any(a in following[0] for a in _ATTRIBUTES):
            return True  # an attribute of the line's topic changed ("教务改了教室")
    if _TAUGHT_BY.search(cue.words):
        # "数据库剩下的课由赵老师来上": who does it now, for the thing named in the clause
        return _shares(cue.clause, shared)
    role = _AS_ROLE.match(cue.clause, cue.position + len(cue.words))
    if role is not None and _TAKES_OVER.fullmatch(cue.words):
        # "Raj Patel takes over as broker of record Monday": the role named after "as"
        return bool(subject_tokens(role.group(1)) & set(shared))
    if _object_follows(cue) and not _THEIRS.match(cue.clause, cue.position + len(cue.words)):
        words = [w for w in _object_words(cue) if is_specific(w)]
        if any(w == t or (has_cjk(w) and (t in w or w in t)) for w in words for t in shared):
            return True
    if cue.words.startswith("instead") and cue.position + len(cue.words) >= len(
        cue.clause.rstrip(" .")
    ):
        # "..., first full marathon at Melbourne 2027 instead": the whole clause replaces
        return bool(subject_tokens(cue.clause) & set(shared))
    if (
        cue.kind == "replace"
        and cue.words.startswith("new ")
        # (not "A new couple enquired"; "First day at the new office" opens with it)
        and _OPENS_ON_NEW.fullmatch(cue.clause[: cue.position]) is not None
        # (whose new number a line gives is told by the rules of numbers)
        and not re.match(r"new (?:number|phone|mobile|sim|line|cell)\b", cue.words)
        and subject_tokens(cue.words[4:]) & set(shared)
    ):
        return True  # "New coordinator's a fella called Declan Magill": the cue's noun
    if (
        cue.kind == "replace"
        and cue.words.startswith("新")
        and not cue.clause[: cue.position].strip()
        and _matches(cue.words.lstrip("新来的"), shared)
    ):
        return True  # the same in Chinese ("新处长冯永红今天到任" for "三处处长张志刚")
    place = _LEFT_AT.match(cue.clause, cue.position + len(cue.words))
    if place is not None and cue.words in _LEAVING and subject_tokens(place.group(1)) & set(shared):
        return True  # "Trace finished at Budeaux yesterday": the place left
    target = _target(cue)
    if target is None:
        return cue.clause.lstrip().startswith(cue.words)  # "Moved to Leipzig": the person
    return _matches(target, shared)


_LEAVING = frozenset({"finished", "left", "quit", "retired"})
_LEFT_AT = re.compile(r"\s+(?:at|from)\s+(?:the\s+)?([\w'’-]+)")
"""Where someone finished, left or retired from, named after the word."""

_LIVES = re.compile(
    r"\blives?\b|\bliving\b|\bstays?\b|\bhome\b|\baddress\b|住|家在|地址|小区", re.IGNORECASE
)
"""Words that say where someone lives (not where they come from or work)."""
_OPENS_ON_NEW = re.compile(
    r"\s*(?:(?:first (?:day|week|night|morning) )?(?:at|in|into|to) )?(?:the |our |my )?"
)
"""What may come before "new X" in a clause that tells of the new X ("First day at the new
office", "moved into our new flat")."""
_TAKES_OVER = re.compile(r"t(?:akes|ook|aking) over")
_AS_ROLE = re.compile(r"\s+as\s+(?:the\s+|our\s+|my\s+|his\s+|her\s+)?([^,;.]{1,40})")


def _shares(clause: str, shared: tuple[str, ...]) -> bool:
    """The clause holds one of the shared words (Chinese also inside a longer word)."""
    return any(_matches(t, shared) for t in subject_tokens(clause)) or any(
        has_cjk(t) and t in clause for t in shared
    )


_PHONE_WORDS = frozenset(
    stem(w) for w in ("phone", "mobile", "cell", "number", "tel", "landline", "whatsapp")
) | frozenset(["手机", "电话", "号码", "手机号", "微信", "打电话", "来电话", "电话来"])


def _amount_for_head(line: SourceLine, head: str, conflict: tuple[Value, Value]) -> bool:
    """A new amount, near the entry's, in the clause that names the one the entry opens
    with or the next ("给妹崽转了1800" for "妹崽生活费每月1500元", "看到工资到账，12600" for
    "工资：每月到手大概11800元"; not "vanilla slices £2 — ... while
    Clive read out the footy scores" for "Clive gets his bus pension, about £1,100")."""
    old, new = conflict
    if old.kind != "money" or new.kind != "money" or not amounts_near(conflict):
        return False
    needle = normalize(new.text).strip()
    parts = clauses(line.text)
    return any(
        needle in clause
        and any(
            head in part if has_cjk(head) else head in subject_tokens(part)
            for part in parts[max(0, at - 1) : at + 1]
        )
        for at, clause in enumerate(parts)
    )


def _phone_given(line: SourceLine) -> bool:
    """The line gives a number that can be a phone's ("new mobile number 8876 2041")."""
    return re.search(r"\d(?:[\s.-]?\d){6,}", line.text) is not None


def _number_only(entry: Entry) -> bool:
    """The entry is someone's phone number and nothing else ("妹崽手机199 7712 0385。",
    "Our Julie (wife): 07700 900 412"): a name, a relation, a word for a phone, the number."""
    values = typed_values(entry.text)
    if not values or any(v.kind != "phone" for v in values):
        return False
    named = {t for t in subject_tokens(entry.text) - _PHONE_WORDS - _RELATIONS if not _kin(t)}
    return len(named) <= 1


_RELATIONS = frozenset(
    stem(w)
    for w in [
        "wife",
        "husband",
        "partner",
        "mum",
        "mom",
        "mam",
        "dad",
        "mother",
        "father",
        "son",
        "daughter",
        "sister",
        "brother",
        "nan",
        "gran",
        "grandma",
        "grandad",
        "auntie",
        "aunty",
        "uncle",
        "cousin",
    ]
)
"""Words for a relative, as the subject words write them ("wif" for wife)."""


def _value_near_subject(line: SourceLine, value: Value, shared: tuple[str, ...]) -> bool:
    """``value`` is not said in brackets about something else: a bracket that names nothing
    the entry names, after words that name nothing of it either, gives the value of the
    thing before it ("filed the Halifax letter (first £574 goes out 1 Nov ...), the TV
    licence reminder and the Premium Bonds letter (won nowt)" for "Premium Bonds £6,000")."""
    text = normalize(line.text)
    at = text.find(normalize(value.text).strip())
    if at < 0:
        return True
    opened = max(text.rfind("(", 0, at), text.rfind("（", 0, at))
    if opened < 0 or max(text.rfind(")", opened, at), text.rfind("）", opened, at)) >= 0:
        return True  # not in brackets
    closed = [i for i in (text.find(")", at), text.find("）", at)) if i >= 0]
    inside = text[opened + 1 : min(closed) if closed else len(text)]
    before = text[max(0, opened - 40) : opened]
    return _shares(inside, shared) or _shares(before, shared)


def _matches(word: str, shared: tuple[str, ...]) -> bool:
    return any(word == t or (has_cjk(word) and (t in word or word in t)) for t in shared)


def _judge(
    entry: Entry,
    line: SourceLine,
    ov: Overlap,
    params: UpdateParams,
    names: frozenset[str] = frozenset(),
    heads: tuple[str, ...] = (),
    today: date | None = None,
    numbered: frozenset[str] = frozenset(),
) -> tuple[float, Phrase, tuple[Value, Value] | None] | None:
    """``(score, why, (the entry's value that changed, the line's new one))`` when ``line``
    updates ``entry`` (as of ``today``: a change that starts later has not happened yet);
    ``numbered``: the counter words whose numbers tell several of the memory's things apart
    (1号房, 2号房...)."""
    if ov.shared and set(ov.shared) <= _PHONE_WORDS and not _phone_given(line):
        return None  # a call is no news of a number ("小罗来了电话...不做了" for "老弟...电话")
    if (bought := _another_car(entry, line)) is not None:
        return 0.8, phrase(SAYS, words=surface(line.text, bought)), None
    conflict = value_conflict(entry.text, line.text)
    explicit = False
    from_words = False  # the conflict is a thing named changed to another, in words
    if conflict is None and _FROM_TO.search(normalize(line.text)):
        # the line names the entry's value as the old one: "from $160 to $180", "4:15 now,
        # not 4:25"
        conflict = value_conflict(entry.text, line.text, both=True)
        if conflict is not None and conflict[0].kind == "weekday":
            # the days it names as the old ones are the entry's: "he does mon/wed pickups
            # now, not tue/thu" changes "Tuesday and Thursday", not "Tue + Fri"
            conflict = _days_named_old(entry.text, line.text)
        explicit = conflict is not None
    elif conflict is not None and _same_rate(conflict) and _AMOUNT_CHANGE.search(line.text):
        explicit = True  # "课时费涨到120一小时" for "家教100一小时": a rate of the same unit
    elif conflict is not None and _dose_changed(conflict, line.text):
        explicit = True  # "she doubled the metformin, now 1000 mg" for "metformin 500 mg"
    elif conflict is not None and conflict[0].kind == "money" and _RAISE.search(line.text):
        explicit = True  # "Gave Travis a raise, he's at $19.50 an hour" for "paid $18/hour"
    elif conflict is not None and _count_down_to(conflict, line.text):
        explicit = True  # "Down to 10 head now" for "Keeps 14 head of Angus-cross"
    if conflict is None:
        conflict = _arrow_change(entry.text, line.text) or _numbers_from_to(entry.text, line.text)
        if conflict is None and (conflict := _words_from_to(entry.text, line.text)):
            from_words = True
        explicit = conflict is not None
    fewer = False  # the line keeps only some of the entry's days ("淨係 Wed PM now")
    if conflict is None:
        conflict = _fewer_days(entry.text, line.text)
        fewer = conflict is not None
    elif conflict is not None and conflict[0].kind == "phone" and change_cue(line.text):
        explicit = True  # "texted from her new phone — 07955 210776, old one's dead"
    if not ov.anchors and not (
        conflict and (explicit or ov.cover_entry >= params.unanchored_cover)
    ):
        return None
    priced = conflict is not None and conflict[0].kind == "money"
    if (
        not explicit
        and ov.shared
        and all(
            t in UNIT_WORDS
            or t in THE_USER
            or t in _HONORIFICS
            or (t in _HOW_OFTEN and not priced)
            or _is_when(t)
            for t in ov.shared
        )
    ):
        # "16 GB" of a laptop and "30 GB" of a phone plan share only a unit; "每月给爸妈转
        # 1,000 元" and "每月 6 个夜班" only how often (a new price a month is the rent's);
        # "用户不吃辣" and "用户不再去游泳了" only the agent's word for its person; "用户的理疗改到
        # 礼拜五上午了" and "礼拜一上午茶馆不开门" only that and when
        return None
    if another_child(entry.text, line.text) or other_numbered(entry.text, line.text, numbered):
        return None  # "琪琪的保险" for 远远's, "3号房押金交回" for 1号房's
    if _someone_elses_number(entry, line, conflict) or _not_the_owners(entry, line, conflict):
        return None  # "New CP rep Shannon ... Mobile 07712 558034" for "Mobile 07793 418552"
    if _own_number(line.text) and not _OWN_PHONE_ENTRY.match(normalize(entry.text)):
        return None  # "my number is now 071 ... sent it to Gert, Annelie" for Gert's entry
    if neighbours_story(line) or _says_it_stays(line, heads, ov.shared):
        return None
    renamed = _renamed(entry, line)
    if renamed is not None:  # "猫的名字改成了大橘，不叫团子了" for "用户的猫叫「团子」"
        return 0.85, phrase(SAYS, words=surface(line.text, renamed)), None
    loose = value_conflict(entry.text, line.text, both=True)
    if loose is not None and _value_kept(line, loose[0]):
        return None
    if conflict is None and _back_to_its_value(entry, line):
        return None  # "明天起淡季房价，标间回到160" for "淡季...标间160元/晚"
    if _about_the_same(entry, line, conflict) or _about_the_same(entry, line, loose):
        return None  # "~$2,100/yr" and "auto-renewed, $2,104: basically the same as last year"
    no_more = _no_more_of(entry, line.text)  # "No more Monday to Friday"
    if (
        not _same_subject(ov, names, heads, params)
        and loose is None
        and not fewer
        and not _pet_opens_line(entry, line, ov, heads)
        and not no_more
    ):
        return None  # a shared common word ("afternoon") alone is not the same subject
    date_changed = _date_conflict(entry.text, line.text, line.day)
    if _CONSTANT.search(entry.text) and not (
        ((date_changed or loose) and _CONSTANT.search(line.text))
        # a school year of the entry's changes whatever else it says ("Ellie started Year 11"
        # for "Ellie (born Oct 2010) is in Year 10")
        or (loose is not None and loose[0].kind == "grade")
        # a pet the entry names and dates, put down ("Said goodbye to Bruno at the vet on
        # Regent this morning" for "Dog Bruno, black lab, born 2014")
        or any(_put_down(c, entry) for c in cues(line.text))
    ):
        return None  # a birthday is not ended by its person's last day at work
    told = normalize(entry.text)
    relevant = _relevant_cues(entry, line, ov, loose, today)
    to_other_days = (
        # (not a thing ended since a day: "DStv cortado desde sábado")
        {c.clause for c in relevant if c.kind != "removal" and _to_other_days(c)}
        if conflict is None and loose is None and _priced_unscheduled(entry)
        else set()
    )
    found = [
        c  # "新的手遊團隊" says nothing about an entry that names no 手遊
        for c in relevant
        if (not _NEW_THING_ZH.fullmatch(c.words) or _new_noun_known(c, entry))
        # a removal word the entry itself uses is part of what it says ("晚上看完新闻联播跟秀芬
        # 转了两圈" for "晚上7点看新闻联播，看完出去散步")
        and not (c.kind == "removal" and c.words in told)
        # so is a new thing the entry already calls new ("lunch in-service on the new ICBC
        # forms" for "Next Friday lunch: in-service on the new ICBC forms")
        and not (c.words.startswith("new ") and c.words in told)
        # new ones counted are more of them ("2 new caries again" for "high caries risk")
        and not (c.words.startswith("new ") and _COUNTED.search(c.clause[: c.position]))
        # a new thing got is one the entry names ("阿輝笑我換新車" is no news for "禮拜三暗時去
        # 廟口跟阿輝他們泡茶"; for an entry in Chinese only: "换了新电脑" may be its "laptop")
        and not _new_thing_elsewhere(c, told)
        # a number ported to another carrier changes the phone plan, not a number's entry
        # ("手机携号转网到电信了" is no news for "卫东手机：138 1223 0965")
        and not (_PORTED.fullmatch(c.words) and not _CARRIER.search(told))
        # a change to other days (and when it starts) is one of an entry that gives a day
        # or a time ("下个月开始 Ah Hao 的数学补习改成 星期三 和 星期五" is not news for "Ah
        # Hao 补习费 RM280/月")
        and c.clause not in to_other_days
    ]
    if from_words and not any(
        c.kind in ("replace", "directional") and not c.hedged and _WORDS_FROM_TO.search(c.clause)
        for c in found
    ):
        return None  # said of someone else's, or weighed and not done ("looked at moving...")
    if (
        found
        and conflict is None
        and loose is None
        # (one the entry uses too: "jira is read-only as of today" for "... (read-only role)")
        and all(
            any(t in _bare(c.words) or _bare(c.words) in t for c in relevant) for t in ov.shared
        )
        # (a name the change is said of is not a change word: "Put Bruno down this morning")
        and not any(_put_down(c, entry) for c in found)
    ):
        return None  # the only word in common is the change word ("退休" / "退休金")
    if conflict is None and loose is None and _VALUE_CHANGE.search(normalize(line.text)):
        values = typed_values(line.text)
        said = {v.value for v in values if v.kind in _SAID_KINDS}
        if not said:
            said = {v.value for v in values if v.kind == "number"}  # "房租涨到3800"
        if said and said <= {v.value for v in typed_values(entry.text)}:
            return None  # the entry already holds the new value ("王伟换了手机号，新号 139...")
    about = ov.shared + ((normalize(conflict[1].text).strip(),) if conflict else ())
    adds = additive_cue(line.text, about)
    cover = ov.cover_entry
    removal = [c for c in _gone(found, entry, line, ov, conflict) if not _last_of_another(c, entry)]
    directional = [
        c
        for c in _redirected(
            found, ov, heads, conflict, loose, _new_day(entry, line), names, line.text
        )
        if not _moved_into_home_of(c, entry)
    ]
    if conflict is None:  # the new value in the clause that words the change, the old
        conflict = _clause_conflict(entry, found, ov.shared)  # one named elsewhere in the line
        if conflict is not None and _value_kept(line, conflict[0]):
            conflict = None  # "my LTHR is 176 now ... keep zones on 172 until we test"
    elif not any(
        normalize(conflict[1].text).strip() in c.clause
        for c in found
        if c.kind in ("directional", "replace")
    ):  # the value the changed clause gives, not another clause's ("10am mediator call w/
        # Karen ... From this wk handoff is Fridays" for "handoff Sundays 6pm")
        conflict = _clause_conflict(entry, found) or conflict
    replace = [
        c
        for c in found
        if c.kind == "replace"
        and not c.hedged
        # a worn part swapped ("给老娘换了助听器电池" for "老娘...戴的助听器是洛阳东方医院配的")
        and not _PART_SWAPPED.match(c.clause, c.position + len(c.words))
        # whose first day it is must be what the entry is about ("Jack's first day in
        # Reception" for "Jack (4) goes to Little Acorns nursery", not for "Bev does the
        # childminding for Ella and Jack")
        and not (_FIRST_DAY.match(c.words) and _before_word(c) not in heads)
        # a first day at the place the entry names starts what it says ("Isla's first day
        # at Cheadle Hulme High" for "Isla: Y7 at Cheadle Hulme High")
        and not (_FIRST_DAY.match(c.words) and _starts_the_entry(c, entry))
        and not _moved_into_home_of(c, entry)
        and not _number_of_no_entry(c, entry)
        and not _holder_of_no_entry(c, entry)
        # a new job, of an entry that tells of none ("Julie changed jobs" is no news for
        # "Réveillon at Julie's in Lévis, 24 décembre")
        and not (
            _CHANGED_JOBS.match(c.clause, c.position) is not None
            and _WORK_TOLD.search(told) is None
        )
        and (_about(c, ov.shared) or ((conflict or loose) and not _TERM_HOLDER.match(c.words)))
        and (explicit or _new_noun_known(c, entry) or _new_amount(c, conflict))
        # an amount put up or down is a change of an entry that gives one ("Dr Shah's put
        # me up to 100mcg" is not news for "GP: Dr Anjali Shah"), an upgrade done one of an
        # entry giving the version ("merged the java 21 upgrade for ledger-svc" is not news
        # for "Team: Payments Platform — owns ledger-svc")
        and not (
            (_TO_AN_AMOUNT.search(c.words) or c.words.endswith(" upgrade"))
            and conflict is None
            and loose is None
        )
    ]
    if loose is not None:
        replace += [
            c for c in found if c.kind == "former" and not c.hedged
        ]  # "(was S$3,400)" names the old value
    if any("搬" in c.words for c in (*directional, *replace)) and not _says_where(entry.text):
        # a home move changes where someone lives, not the rest ("爸妈今天搬家, 搬到城东"
        # for "爸妈那边的事一般先打电话")
        directional = [c for c in directional if "搬" not in c.words]
        replace = [c for c in replace if "搬" not in c.words]
    reschedule = [c for c in found if c.kind == "reschedule"]
    weak = [c for c in found if c.kind == "weak" and not c.hedged]
    strong = removal or directional or replace
    if strong and _about_another_host(entry, line):
        return None
    if strong and conflict is None and _only_a_new_number(found, line, entry):
        return None  # "群主老蒋换号码了，新号182 ..." for an entry on his group, with no number
    if (directional or replace) and conflict and _value_starts_later(line, conflict[1], today):
        return None  # "将于2027年1月1日重定价，执行利率调整为3.05%": not yet
    if conflict is None and strong:
        conflict = value_conflict(entry.text, line.text, both=True)
    if adds and not strong:
        return None
    line_names = proper_nouns(line.text)
    new_specific = [
        t
        for t in subject_tokens(line.text) - subject_tokens(entry.text)
        if is_specific(t) or t in line_names
    ]
    if (
        removal
        # a person who leaves a post keeps their number ("陈磊离职了" for "陈磊手机 139 0717 2231")
        and not (
            conflict is None
            and _number_only(entry)
            and all(_LEFT_JOB.search(c.words) for c in removal)
        )
    ) and (
        cover >= params.removal_cover
        or no_more
        # the car the entry gives, named as sold ("Kangoo prodan!" for "Renault Kangoo 1.5
        # dCi, letnik 2012, siv, LJ 45-KTR – vleče prikolico")
        or any(_car_sold(c, entry) for c in removal)
        # what the entry is about is what is gone ("Dylan handing in his notice" for
        # "Apprentice: Dylan Foley, 2nd yr, in Mon-Thu")
        or (
            cover >= params.removal_cover / 2
            and any(
                (
                    _target(c) in (*heads, *proper_nouns(entry.text))
                    # the name is in the words of the removal ("Put Bruno down this morning")
                    or _put_down(c, entry)
                    # or right after them ("Called and cancelled Xplornet")
                    or _ends_the_named(c, ov)
                    # a model or code the entry names ("H5 sold" for "Zoom H5")
                    or (is_specific(_target(c) or "") and _target(c) in subject_tokens(entry.text))
                    # the person the entry names opens the line ("王磊今天找我 1on1，说他提离职了"
                    # for "直属 leader：王磊，设计组组长")
                    or _LEFT_JOB.search(c.words) is not None
                    and opened_by_named(entry, line)
                    # said of "him" after the line named him ("Took Bruno to the vets ...
                    # They put him to sleep")
                    or _said_of_named(c, entry, line, ov)
                )
                and not _NEGATION.match(c.words)
                for c in removal
            )
        )
    ):
        score = 0.6 + 0.25 * min(1.0, cover / 0.6) + (0.15 if conflict else 0.0)
        why = phrase(SAYS, words=surface(line.text, removal[0].words))
        if conflict is not None and conflict[0].kind == "age":
            conflict = None  # one gone is not a year older ("Lucky 走了 ... 13 years old")
    elif (
        (directional or replace)
        # a person's number changes only with another number ("给妹崽转了1800 ... 以后每个
        # 月就按这个数" is no news for "妹崽手机199 7712 0385")
        and (conflict is not None or not _number_only(entry))
    ) and (
        (cover >= params.strong_cover and (conflict or new_specific or date_changed))
        or (conflict and any(_target(c) in heads for c in directional or replace))
        # "New salary £47,500" for "Salary £42,000 plus full ACA study support"
        or (conflict and any(_NEW_HEAD.match(c.words) and _names_head(c, heads) for c in replace))
        or (conflict and conflict[0].kind == "holder" and cover >= params.holder_cover)
        # a child up a school year, the entry's ("小宇 開學照 四年級了" for "小宇 ... 讀國小三年級")
        or (
            conflict
            and conflict[0].kind == "grade"
            and any(_STARTED_YEAR.match(c.clause, c.position) for c in replace)
        )
        or (conflict and explicit)  # the line names the entry's value as the old one
        # a new amount for the one the entry opens with ("给妹崽转了1800 ... 以后每个月就按这个
        # 数" for "妹崽生活费每月1500元")
        or (conflict and bool(heads) and _amount_for_head(line, heads[0], conflict))
        # a new home's address for the entry's ("First night in the new flat: 南山区 西丽
        # 留仙洞..." for "Home address: 南山区 桃园路 荔香花园...")
        or (new_specific and any(_new_home(c, entry, line.text) for c in replace))
        # the line opens with the name the entry is about and gives it another value
        # ("小李开学了，课表变了，从这周起改成每周一、三、五来" for "小李...每周二、周四来工作室")
        # (not "instead of": a one-off, "Tue instead of Mon this week")
        or (
            conflict
            and _opened_by_anchor(line, ov)
            and any(c.words != "instead of" for c in directional or replace)
        )
        # a move of home said of the one the line opens with, for an entry that says where
        # they live ("大姐他们终于搬去 Tengah 的新 BTO 了" for "大姐 Michelle stays Tampines St
        # 81"; not "王磊搬到 Freising 了" for "Labmate 王磊 ... from 武汉")
        or (
            _opened_by_anchor(line, ov)
            and any("搬" in c.words for c in directional or replace)
            and _LIVES.search(entry.text) is not None
        )
    ):
        homes = [c for c in replace if _new_home(c, entry, line.text)]
        cue = (homes or directional or replace)[0]
        score = 0.55 + 0.3 * min(1.0, cover / 0.6) + (0.15 if conflict else 0.0)
        why = phrase(SAYS, words=surface(line.text, cue.words))
    elif explicit and conflict and conflict[0].kind == "arrow" and cover >= params.weak_cover:
        score = 0.55 + 0.3 * min(1.0, cover / 0.6) + 0.15
        why = phrase(SAYS_WHAT_IT_BECAME)
    elif (
        explicit
        and conflict
        and conflict[0].kind == "quantity"
        # (the medicine the entry doses is enough: "BP review ... so he's doubled the
        # amlodipine to 10mg" for "Mild hypertension since 2024 — amlodipine 5mg")
        and (cover >= params.weak_cover or set(ov.anchors) & _dosed(entry.text))
        and not said_once(line.text)
    ):
        # a dose put up or down, in words of its own ("he's doubled the amlodipine to 10mg"
        # for "amlodipine 5mg every morning")
        score = 0.55 + 0.3 * min(1.0, cover / 0.6)
        why = phrase(DIFFERENT_VALUE)
    elif reschedule and date_changed and cover >= params.weak_cover:
        score = 0.55 + 0.3 * min(1.0, cover / 0.6)
        why = phrase(
            SAYS_DATE_CHANGE, words=surface(line.text, reschedule[0].words), change=date_changed
        )
    elif (
        weak
        and conflict
        # (a quantity only with words that change it, or as the dose of the medicine the
        # entry doses: "L-tiroksīns tagad 75 µg" for "L-tiroksīns 50 µg katru rītu")
        and (
            conflict[0].kind != "quantity" or explicit or bool(set(ov.anchors) & _dosed(entry.text))
        )
        and (explicit or not _ROUGH_VALUE.search(normalize(entry.text)))
        and cover >= params.weak_cover * (0.5 if _named_alike(entry, line, conflict) else 1)
        and not _value_starts_later(line, conflict[1], today)
    ):
        score = 0.5 + 0.3 * min(1.0, cover / 0.6)
        why = phrase(SAYS, words=surface(line.text, weak[0].words))
    elif (
        conflict
        and conflict[0].kind in STATE_VALUES
        and not said_once(line.text)
        and not hedged_value(line.text, conflict[1])
        and not _value_starts_later(line, conflict[1], today)
        and not _other_sum(entry, line, conflict)
        and _value_near_subject(line, conflict[1], ov.shared)
        and amounts_near(conflict)
        # an entry giving a rough amount or a goal ("TNB bill usually around RM 220", "Saving
        # $2,500 for the Japan trip", "预算 ¥8,000 以内"): one month's or today's figure differs
        # without changing it
        and not _ROUGH_VALUE.search(normalize(entry.text))
        and cover
        >= (params.weak_cover if _named_alike(entry, line, conflict) else params.value_cover)
        and len(ov.shared) >= 2
        and not adds
    ):
        score = 0.45 + 0.3 * min(1.0, cover / 0.8)
        why = phrase(DIFFERENT_VALUE)
    elif (
        conflict
        and conflict[0].kind == "phone"
        and (own := _own_number(line.text)) is not None
        and _OWN_PHONE_ENTRY.match(normalize(entry.text))
        and not said_once(line.text)
    ):
        # one's own new number, said without a word of change ("Tesco Mobile couldn't keep
        # the old number for some reason so it's a new one: 07700 900987")
        score = 0.7
        why = phrase(SAYS, words=surface(line.text, own.group(0)))
    elif conflict and ov.anchors and _year_up(conflict) and not said_once(line.text):
        # the next school year, of the child the entry names ("Sofia's first day of 4th
        # grade" for "Sofia is in 3rd grade"): a child moves up one each year
        score = 0.5 + 0.3 * min(1.0, cover / 0.6)
        why = phrase(DIFFERENT_VALUE)
    else:
        return None
    if conflict:
        old, new = conflict
        shown = surface(entry.text, as_written(entry.text, old.text.strip(" ,")))
        became = surface(line.text, as_written(line.text, new.text.strip(" ,")))
        # the kind, unless the value says it ("port 5432", "room 214")
        if shown.casefold().startswith(old.kind):
            why = phrase(WHY_VALUE, why=why, old=shown, new=became)
        else:
            kind = kind_phrase(old.kind)
            why = phrase(WHY_KIND_VALUE, why=why, kind=kind, old=shown, new=became)
    return min(score, 1.0), why, conflict


_FIRST_WORD_END = re.compile(r"[\s,，.。:：;；!！?？'’(（]")


_NOT_NICKNAMES = frozenset(
    str.split(
        "jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun"
    )
)


_FIRST_NAME = re.compile(r"\s*([A-Z][a-z]{4,})(?=\s+[a-z])")


def _first_name(text: str) -> frozenset[str]:
    """The entry's first word when it is a name that a verb follows ("Kevin drives a silver
    2014 NP200"; not a label: "Rent: ...")."""
    found = _FIRST_NAME.match(text)
    return frozenset([stem(found.group(1).lower())]) if found else frozenset()


def _nicknames(
    names: frozenset[str], by_token: dict[str, list[int]], lines: list[SourceLine]
) -> dict[str, set[int]]:
    """The lines that call a person the entry names by the start of the name, written as a
    name ("'Kev' bought a red Swift" for "Kevin drives a 2014 bakkie", "Cal" for Callum):
    each name with its lines. The short form is at least three letters and half the name."""
    found: dict[str, set[int]] = {}
    for name in names:
        if not name.isalpha() or len(name) < 5:
            continue
        for size in range(max(3, (len(name) + 1) // 2), len(name)):
            short = name[:size]
            if short in _NOT_NICKNAMES or short in names:
                continue
            written = re.compile(rf"(?<!\w){re.escape(short.capitalize())}(?!\w)")
            at = {i for i in by_token.get(short, ()) if written.search(lines[i].text)}
            if at:
                found.setdefault(name, set()).update(at)
    return found


def _year_up(conflict: tuple[Value, Value]) -> bool:
    """The line's school year is the entry's next one, at the same stage ("grade:3" ->
    "grade:4", 大二 -> 大三)."""
    old, new = conflict
    if old.kind != "grade" or new.kind != "grade":
        return False
    stage, _, year = old.value.partition(":")
    new_stage, _, new_year = new.value.partition(":")
    return stage == new_stage and year.isdigit() and new_year == str(int(year) + 1)


def _opened_by_anchor(line: SourceLine, ov: Overlap) -> bool:
    """The line's first word is a name or specific word it shares with the entry."""
    opening = line_opening(line)
    end = _FIRST_WORD_END.search(opening)
    first = opening[: end.start() if end else len(opening)]
    if has_cjk(first):
        first = first[:4]
    return bool(subject_tokens(first) & set(ov.anchors)) if first else False


def _pet_opens_line(entry: Entry, line: SourceLine, ov: Overlap, heads: tuple[str, ...]) -> bool:
    """The pet the entry is about opens the line ("Bobi died this morning" for "Bobi: springer
    spaniel"): its name starts both, so neither reads it as a name."""
    return (
        bool(heads)
        and heads[0] in ov.anchors
        and _ANIMAL.search(entry.text) is not None
        and _opened_by_anchor(line, ov)
    )


def _someone_elses_number(
    entry: Entry, line: SourceLine, conflict: tuple[Value, Value] | None
) -> bool:
    """A phone number given in a line that opens with someone the entry does not name
    ("Rizky has a new China number: 186..." for "China number: +86 138..."), or that names
    people when the entry names nobody (the person's own number): the number is theirs."""
    if conflict is None or conflict[0].kind != "phone":
        return False
    if _number_named_for(entry, line, conflict[1]):
        return False
    if _own_number(line.text) and _OWN_PHONE_ENTRY.match(normalize(entry.text)):
        return False  # "Phone got lifted in the Kennedy Centre ... so I'm on 07700 900556 now"
    if _THEIR_PHONE.search(normalize(line.text)) and (
        _MY_PHONE_ENTRY.match(normalize(entry.text))
        # (or one that opens with the word for it: "Her mobile now: 07840 119 652" is Mam's,
        # not the person's "Mobile: 07723 418 906")
        or (_OWN_PHONE_ENTRY.match(entry.text) and not proper_nouns(entry.text))
    ):
        return True  # "Kobby has dropped his Telecel line" for "My MTN line: 024 ..."
    kin_of = _OPENING_RELATIVE_OF.match(line.text)  # "Ryan, iben Ġorġ, għandu numru ġdid": Ryan's
    if kin_of is not None and stem(kin_of.group(1).lower()) not in subject_tokens(entry.text):
        return True
    owner = _OPENING_POSSESSED.match(line.text)  # "Gav's Lorna has a new number": Lorna's
    if owner is not None and stem(owner.group(1).lower()) not in subject_tokens(entry.text):
        return True
    opener = _OPENING_SENDER.match(line.text)  # "Alicia texted from 720-555-0826, said
    if opener is not None and stem(opener.group(1).lower()) not in subject_tokens(entry.text):
        return True  # that's her number going forward": Alicia's, not the person's own
    given = opening_given_name(line.text)  # "淑惠換了新手機號碼 0966…": 淑惠's
    if given is not None and given not in normalize(entry.text):
        return True
    name = opening_zh_name(line.text)  # "周浩 换号 了, 新手机 139...": 周浩's
    if name is not None and name not in normalize(entry.text):
        return True
    kin = _OPENING_KIN.match(normalize(line.text))  # "老伴原来那个135的号不用了...": hers
    if kin is not None and kin.group(1) not in normalize(entry.text):
        return True
    kin = _NAMES_KIN.match(normalize(line.text))  # "美珠個小妹換手機": her sister's
    if kin is not None and kin.group(1) not in normalize(entry.text):
        return True
    text = normalize(line.text)
    at = text.find(normalize(conflict[1].text).strip())
    before_number = text[:at] if at > 0 else ""
    kin = _FOR_KIN.search(before_number)  # "帮婆婆办了新门号 0978…": hers
    if kin is not None and kin.group(1) not in normalize(entry.text):
        return True
    nick = _NICKNAME_ZH.search(before_number)  # "機車行阿忠 LINE 新號碼來：0978…": his
    if nick is not None and nick.group(0) not in normalize(entry.text):
        return True
    name_first = _NAME_NEW_NUMBER.match(line.text)  # "Emppu uusi numero: 045 783 2019": hers
    if name_first is not None and not _may_name(entry.text, name_first.group(1)):
        return True
    if proper_nouns(entry.text):
        return False
    named = set(_TITLED_PERSON.findall(normalize(entry.text)))
    if named & set(_TITLED_PERSON.findall(text)):
        return False  # "陈姨换号了...让Kevin改一下通讯录": 陈姨's own number
    before = set(_TITLED_PERSON.findall(before_number))
    if before - named and not named:
        return True  # "跳舞的赵大姐换手机号了，新号 177 ...": 赵大姐's
    first = _FIRST_WORD.match(line.text)  # "Mama finally changed her phone — new Oppo ...":
    if first is not None and stem(first.group(1).lower()) in subject_tokens(entry.text):
        return False  # the one the entry names says it, whatever else the line names
    if _kin(normalize(entry.text)) & _kin(before_number):
        # the relative the entry is about, named before the number ("Took Mama to Best Buy
        # ... got her a Lively flip phone, number's 313-555-0261" for "Mama's landline is
        # 313-555-0112")
        return False
    # people are named in capitals, not all of them ("骑手APP都换绑了" names nobody), and
    # before the number (not the ones told it: "new cell is 720-555-0293. texted R, Elena")
    at = line.text.find(conflict[1].text.strip())
    named_in_line = proper_nouns(_ALL_CAPS.sub(" ", line.text[:at] if at > 0 else line.text))
    return bool(named_in_line - proper_nouns(entry.text))


def _other_sum(entry: Entry, line: SourceLine, values: tuple[Value, Value]) -> bool:
    """A new amount the line names as another kind of sum than the entry's ("refund of €212"
    beside "fee €350", "押金 2000" beside "房租 1500")."""
    if values[0].kind != "money":
        return False
    text = normalize(line.text)
    at = text.find(normalize(values[1].text).strip())
    if at < 0:
        return False
    named = _SUM_KIND.search(text[max(0, at - 16) : at])
    if named is not None and named.group(0) not in normalize(entry.text):
        return True
    # the total for several of what the entry prices each ("Paid school fees for Abel and
    # Hana, 96,000 total" beside "48,000 birr per term per child")
    if _TOTAL.search(text) and _EACH.search(normalize(entry.text)):
        try:
            ratio = float(values[1].value) / float(values[0].value)
        except (ValueError, ZeroDivisionError):
            return False
        return ratio >= 1.5 and abs(ratio - round(ratio)) < 0.01
    return False


_TOTAL = re.compile(r"\btotal\b|\bcombined\b|\bfor (?:both|all)\b|一共|总共|合计")
_EACH = re.compile(
    r"\bper (?:child|kid|person|head|pax|student)\b|\beach\b|\bapiece\b|每人|每个孩子|一人"
)


_SUM_KIND = re.compile(
    r"\b(?:refund|rebate|tip|deposit|fine|bonus|cashback|discount|deductible|excess)\b"
    r"|退款|返还|退税|押金|罚款|奖金|红包|定金|优惠"
)


def _renamed(entry: Entry, line: SourceLine) -> str | None:
    """The words of a line saying that a name the entry uses is no longer the name ("不叫团子
    了", "no longer called Biscuit", "renamed Kestrel to Osprey"), when the entry holds that
    name; None otherwise."""
    text = normalize(line.text)
    own = normalize(entry.text)
    for found in _NO_LONGER_CALLED.finditer(text):
        name = next(g for g in found.groups() if g).strip()
        if len(name) >= 2 and name in own:
            return found.group(0).strip()
    return None


_NO_LONGER_CALLED = re.compile(
    r"不再?叫\s?[「“\"']?([\u4e00-\u9fffa-z0-9]{2,8}?)[」”\"']?\s?了"
    r"|\bno longer called ([a-z][\w-]+)|\brenamed ([a-z][\w-]+) (?:to|as)\b"
)


def _about_the_same(entry: Entry, line: SourceLine, values: tuple[Value, Value] | None) -> bool:
    """An amount the entry gives roughly ("~$2,100/yr", "约 3000") and a line that gives it
    exactly, within ``ROUGH_BAND`` or saying it is the same ("$2,104 — basically the same as last
    year"; not "$1,412/month, a bit more than the estimate" for "~$1,380/month")."""
    if values is None or values[0].kind != "money":
        return False
    old, new = values
    text = normalize(entry.text)
    at = text.find(normalize(old.text).strip())
    before = text[max(0, at - 8) : at] if at >= 0 else ""
    if not _ROUGHLY.search(before):
        return False
    try:
        a, b = float(old.value), float(new.value)
    except ValueError:
        return False
    near = abs(a - b) <= (0.05 if _SAME.search(normalize(line.text)) else ROUGH_BAND) * a
    return a > 0 and near


ROUGH_BAND = 0.02
"""How far an exact amount may sit from the entry's rough one and be the same ("about £110"
and "Messages at Lidl, £112"; "about €480" and "Lehane's filled the oil again, €472": 1% was
too tight for these), and not 2.3% ("~$1,380/month" and "$1,412/month, a bit more than the
estimate", a new estimate)."""
_SAME = re.compile(r"\bthe same\b|差不多|一样|没变|不变")
_ROUGHLY = re.compile(r"(?:~|≈|\babout|\baround|\bapprox\.?|\broughly|约|大约|大概)\s?$")


def _not_the_owners(entry: Entry, line: SourceLine, conflict: tuple[Value, Value] | None) -> bool:
    """A number given in a line that does not name the person whose number the entry holds
    ("陈磊手机 139 ..." and "上周手机丢了 ... 重新办了个号：177 ...": one's own)."""
    if conflict is None or conflict[0].kind != "phone":
        return False
    owner = opening_zh_name(entry.text)
    # (or by the given name: "桂芳那个138的号不用了" for "刘桂芳手机 138...")
    names: tuple[str, ...] = (owner, *([owner[1:]] if len(owner) == 3 else [])) if owner else ()
    if owner is None:
        text = normalize(entry.text)
        kin = _OPENING_KIN.match(text)
        if kin is not None:  # "老婆苏桂兰，…电话138…" is 桂兰's number too
            named = _KIN_NAME.match(text, kin.end())
            full = named.group(1) if named else None
            given = full[1:] if full and len(full) == 3 else None
            names = tuple(n for n in (kin.group(1), full, given) if n)
            if _kin(kin.group(1)) & _kin(normalize(line.text)):
                return False  # the same relative, called otherwise ("妈妈手机" / "妈换号了")
    return bool(names) and not any(n in normalize(line.text) for n in names)


_LETTER = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
_FIRST_WORD = re.compile(rf"\W*([{_LETTER}][{_LETTER}'’-]+?)(?:['’]s)?(?![{_LETTER}'’-])")
"""A line's first word, accented letters included and without a possessive ("Siân's gone
over to Vodafone": Siân)."""

_HOW_OFTEN = frozenset(
    str.split(
        "每月 每周 每天 每年 每次 每晚 一个月 一年 一周 一天 一个礼拜 一个星期 weekly monthly daily yearly"
    )
)
"""How often, never what a line is about."""
_HONORIFICS = frozenset(["uncl", "aunty", "aunti"])
"""What Singapore and Malaysia call an older stranger ("豆花 uncle retire already" is not
about "Aircon servicing: Uncle Raymond"), stemmed."""

_ALL_CAPS = re.compile(r"(?<![A-Za-z])[A-Z]{2,}(?![A-Za-z])")
"""A word in capitals only: an acronym or a product ("APP", "DHL"), not a person's name."""

_KIN_ZH = (
    "老伴|老婆|老公|媳妇|爱人|太太|丈夫|妻子|先生|老妈|老爸|老娘|老爹|妈妈?|爸爸?|母亲|父亲|儿子|女儿|儿媳"
    "|女婿|外孙女?|孙子|孙女|哥哥?|姐姐?|弟弟?|妹妹?|岳母|岳父|婆婆|公公"
    # Wu and other southern words: the old man (a husband), a brother or sister
    "|老头子|阿哥|阿姐|阿妹|阿弟"
)
_OPENING_KIN = re.compile(
    rf"\W*(?:伲|我的?|我们|阿拉|俺)?({_KIN_ZH})(?![\u4e00-\u9fff]{{0,1}}[们家])"
)
"""A relative a Chinese line opens with ("老伴原来那个135的号不用了"): whose number it gives."""

_KIN_NAME = re.compile(f"([{SURNAMES}][\u4e00-\u9fff]{{1,2}})(?=[，,：:（(\\s]|$)")
"""The name written right after the relative ("老婆苏桂兰，"): 苏桂兰 (and 桂兰) own it too."""

_NAMES_KIN = re.compile(
    rf"\W*[\u4e00-\u9fff]{{2,3}}(?:(?:讲|说)(?:伊|她|他)(?:的|个)?|的|个|嘅|兮)?(?:小|大|细)?"
    rf"({_KIN_ZH}|同学|同事|朋友|邻居)"
)
"""A Chinese line that opens with someone's relative ("美珠個小妹換手機，新號碼 0978-512-930",
the Hokkien 個 for 的; "阿芳讲伊阿妹换了新号码": her sister's; "阿杰老婆阿玲换咗新号": his
wife's): the number is the relative's."""

_FOR_KIN = re.compile(rf"(?:帮|给|替|为)({_KIN_ZH})")
"""A relative a number was got for ("用我的名字帮婆婆办了新门号"): theirs."""

_NAME_NEW_NUMBER = re.compile(
    r"\W*([A-Z][a-zà-ÿ]+)(?:'s)?\s+(?:has\s+(?:a\s+)?|got\s+a\s+)?(?:new number|new phone"
    r"|uusi numero|nytt nummer|nowy numer|nuovo numero|yeni numara|nové číslo|új szám"
    r"|número nuevo|nuevo número|nouveau numéro|neue nummer|nieuw nummer|număr nou"
    r"|mispar hadash)\b"
)
"""A line opening with someone's name and their new number ("Emppu uusi numero: 045…",
"Ebba has nytt nummer", "Láďa má nové číslo" is not English and left to the other rules)."""


def _may_name(entry_text: str, name: str) -> bool:
    """Whether the entry names ``name`` or someone it may be short for (the same first two
    letters: Emppu for Emilia)."""
    if name.lower() in normalize(entry_text):
        return True
    capitalised = re.findall(r"(?<![\w'])[A-ZÀ-Ý][a-zà-ÿ]+", entry_text)
    return any(word[:2].lower() == name[:2].lower() for word in capitalised)


_NICKNAME_ZH = re.compile(
    r"阿[\u4e00-\u9fff](?<![姨婆公伯叔婶爸妈嬷嫲哥姐弟妹里根拉联富尔克斯迪胶])"
)
"""Someone called by a nickname (阿忠, 阿嬌; not 阿姨, 阿公, 阿里, 阿根廷): a number given
after it is theirs, unless the entry names them."""


_NEW_HEAD = re.compile(r"new \w")


def _names_head(cue: Cue, heads: tuple[str, ...]) -> bool:
    """The cue's words hold the entry's first word ("new salary" for "Salary ...")."""
    return bool(heads) and heads[0] in subject_tokens(cue.words)


_CHANGED_JOBS = re.compile(r"(?:changed|switched|changing|switching) (?:jobs?|careers?)\b")
_WORK_TOLD = re.compile(
    r"\bwork|\bjob\b|\bemploy|\boffice\b|\bcompany\b|\bboss\b|\bmanager\b|\bposition\b"
    r"|\brole\b|\bcareer|\bstaff\b|\bpost(?:e)?\b|\btravaill|\bemploi|\bbureau\b"
    r"|\bnurse|\binfirmi|\bengineer|\bteacher|\bdriver|\bat (?:the |a )?[a-z]+ (?:bank|hospital|school)"
)
"""What an entry says of someone's work, for a change of job to be news for it."""
_LEFT_JOB = re.compile(
    r"离职|辞职|辞掉|辞工|last day|resign|notice|退休|retir|最后一个?[班更]|最后一次来|收山|farewell",
    re.IGNORECASE,
)
"""Removal words that say a person leaves a post."""


def _number_named_for(entry: Entry, line: SourceLine, new: Value) -> bool:
    """The words right before the new number name what the entry's number is for, besides
    saying it is a phone ("Blanchard Valley put in some new phone system — the scale house
    is 419-555-0261 now" for "Elevator scale house phone: 419-555-0142")."""
    text = normalize(line.text)
    at = text.find(normalize(new.text).strip())
    if at <= 0:
        return False
    near = subject_tokens(text[max(0, at - _NUMBER_CONTEXT_CHARS) : at])
    ours = subject_tokens(entry.text) - proper_nouns(entry.text)
    return len({t for t in ours & near if not _PHONE_WORD.fullmatch(t)}) >= 2


_NUMBER_CONTEXT_CHARS = 30
_PHONE_WORD = re.compile(
    r"phon\w*|cell|mobil\w*|number|tel|手机|电话|号码|新号"
    # (and as Maltese, Spanish, Portuguese, Italian and Slovenian say it)
    r"|numru|n[uú]mero|cel(?:ular)?|telefon\w*|tel[eé]fono|številk\w*"
)


_OPENING_SENDER = re.compile(
    # (a word or two may say who: "Maureen next door texted")
    rf"\W*({NAME_WORD})(?: {NAME_WORD})?(?:'s)? (?:(?:next door|from work|from church|downstairs"
    r"|upstairs) )?"
    # (Nigerian English says it in the present: "Alhaji Musa call me with strange number")
    r"(?:texted|messaged|called|emailed|rang|whatsapped|sent|said|says|call me|text me"
    r"|has a new|got a new|changed (?:her|his|their))\b"
)
"""A line that opens with someone who sends or tells a number: the number is theirs."""
_OPENING_RELATIVE_OF = re.compile(
    r"\W*([A-Z\u00c0-\u00de\u0100-\u017f][\w']+),? (?:iben|bint|ħu|oħt|mart|żewġ|missier|omm"
    r"|(?:el |la )?(?:hijo|hija|hermano|hermana|esposa|esposo|mujer|marido) de"
    r"|(?:o |a )?(?:filho|filha|irmão|irmã|mulher|marido) d[eoa]"
    r"|sin|hči|brat|sestra|žena|mož) [A-Z\u00c0-\u00de\u0100-\u017f]"
)
"""A line that opens on somebody named as someone's relative, in Maltese, Spanish,
Portuguese or Slovenian ("Ryan, iben Ġorġ, ...": Ġorġ's son)."""
_OPENING_POSSESSED = re.compile(
    rf"\W*{NAME_WORD}'s ({NAME_WORD}|wife|husband|partner|missus|mum|mam|dad|sister|brother"
    r"|son|daughter|cousin|boss) (?:has|had|got|texted|rang|called|messaged|changed|sent)\b"
)
"""A line that opens with somebody's someone ("Gav's Lorna has a new number"): the number is
that someone's, not the first name's."""

_TITLED_PERSON = re.compile(f"[{SURNAMES}]大?(?:{ZH_TITLES}|姨|叔|伯|婶|爷|妈|娘)")
"""A person the notes name by surname and title (陈姨, 张阿姨, 王师傅)."""


def _named_alike(entry: Entry, line: SourceLine, conflict: tuple[Value, Value]) -> bool:
    """An amount, rate or code of the entry that the line gives another value after the
    same word (:func:`~.values.named_alike`): enough words in common even when the entry
    says more ("Mrs Doreen Pickles, 14 Grange Ave... keysafe code 4471" / "keysafe is 1938
    now"). Plain numbers are left out: "after night 3" and "nights 1 in 4" name a night."""
    return conflict[0].kind in STATE_VALUES and named_alike(entry.text, line.text, conflict)


_WORD_RUN = re.compile(r"[\w'-]+")
_NO_MORE_OF = re.compile(r"\bno (?:more|longer)\b(?! than\b)((?:\s+[\w'-]+){2,4})")


def _no_more_of(entry: Entry, text: str) -> bool:
    """``text`` says there is no more of two or more of the entry's words in a row ("No more
    Monday to Friday" for "Shift pattern: Monday to Friday plus every other Saturday")."""
    matches = list(_NO_MORE_OF.finditer(normalize(text)))
    if not matches:
        return False
    told = " " + " ".join(_WORD_RUN.findall(normalize(entry.text))) + " "
    for match in matches:
        words = match.group(1).split()
        if any(f" {' '.join(words[:n])} " in told for n in range(len(words), 1, -1)):
            return True
    return False


def _same_subject(
    ov: Overlap, names: frozenset[str], heads: tuple[str, ...], params: UpdateParams
) -> bool:
    """Whether the words in common make the line about what the entry is about."""
    return (
        any(is_specific(t) or t in names for t in ov.anchors)
        # what the entry is about and two more of its words ("switched timber & sheet")
        or (len(ov.shared) >= 3 and any(t in heads for t in ov.anchors))
        # its first word, and a good part of it ("timesheets are now due Monday 10am")
        or (bool(heads) and heads[0] in ov.anchors and ov.cover_entry >= params.head_cover)
    )


def _relevant_cues(
    entry: Entry,
    line: SourceLine,
    ov: Overlap,
    loose: tuple[Value, Value] | None,
    today: date | None,
) -> list[Cue]:
    """The line's change words that can be about the entry: in the line's first clause, in
    a clause with words of the entry or one of the values that changed, or commenting on
    the line's topic; not those of a change that starts after ``today``."""
    line_cues = cues(line.text)
    first = clauses(line.text)[0] if line_cues else ""
    loose_values = {normalize(v.text.strip()) for v in loose} if loose else set()
    found = []
    for cue in line_cues:
        if today is not None and starts_after(cue.clause, line, today):
            continue  # "9月開始唔再上日文" reviewed in August: not yet
        if somebody_elses(cue, entry, line) or _says_what_entry_says(cue, entry, line):
            continue
        if (
            not subject_tokens(cue.clause) & set(ov.shared)
            and cue.clause != first
            and not any(value in cue.clause for value in loose_values)
            and not _listed_on(cue, line, loose_values)
            and not _told_of_before(cue, line, ov)
            and not (cue.kind == "former" and _names_number(cue.clause, loose))
            and not _comment(cue)
            and not _names_entry_amount(entry, cue.clause)
            and not (cue.kind == "removal" and _no_more_of(entry, cue.clause))
            and value_conflict(entry.text, cue.clause) is None
        ):
            continue
        found.append(cue)
    return found


def _names_entry_amount(entry: Entry, clause: str) -> bool:
    """The clause names an amount or number of three digits or more that the entry gives
    ("No more 1,450 every month" for "CR-V loan Maybank RM1,450/mth")."""
    own = {v.value for v in typed_values(entry.text) if v.kind in ("money", "number")}
    return any(
        v.kind in ("money", "number") and v.value in own and len(re.sub(r"\D", "", v.value)) >= 3
        for v in typed_values(clause)
    )


def _told_of_before(cue: Cue, line: SourceLine, ov: Overlap) -> bool:
    """A change in a clause that opens with a pronoun, told of someone an earlier clause of
    the line names ("Peter's farewell lunch at the office — he's retiring after 31 years"),
    or done to "him" or "it" ("Knocked PureGym on the head — cancelled it on the app")."""
    if not _PRONOUN_FIRST.match(cue.clause) and not _done_to_a_pronoun(cue):
        return False
    parts = clauses(line.text)
    if cue.clause not in parts:
        return False
    earlier = parts[: parts.index(cue.clause)]
    return any(subject_tokens(part) & set(ov.shared) for part in earlier)


_PRONOUN_FIRST = re.compile(r"\s*(?:he|she|they|他|她|他们|她们)(?:\b|'s|'re|'ll)")


def _listed_on(cue: Cue, line: SourceLine, values: set[str]) -> bool:
    """A change word whose clause opens a list that goes on to name a value that changed
    ("From now on rent, repairs, everything goes through Nadia Adams, 021 555 0655"): the
    clause ends at the list's first comma, the change does not."""
    text = normalize(line.text)
    at = text.find(cue.clause)
    if at < 0 or not values:
        return False
    end = _SENTENCE_END.search(text, at + len(cue.clause))
    rest = text[at : end.start() if end else len(text)]
    return any(value in rest for value in values)


_SENTENCE_END = re.compile(r"[.;!?。；！？](?:\s|$)")

_ARROW = re.compile(r"([\w$€£¥.,:/+-]{1,24}?)[.,:]?\s?(?:→|->|=>)\s?([\w$€£¥.,:/+-]{1,24})")


@lru_cache(maxsize=50000)
def _arrow_change(old: str, new: str) -> tuple[Value, Value] | None:
    """``new`` writes "A → B" with A, something specific, as the entry has it and B not
    ("阿里云 ECS 升配: 2C4G → 4C8G" for "Cloud: 阿里云 ECS 2C4G")."""
    entry = normalize(old)
    for match in _ARROW.finditer(unicodedata.normalize("NFKC", new)):
        before, after = match.group(1).strip(".,:"), match.group(2).strip(".,:")
        # names, with a change word: "Switched car insurance: State Farm -> Erie" (not a
        # rota's "handover 10:00 Marta → Dev")
        named = before[:1].isupper() and after[:1].isupper() and change_cue(new) is not None
        before, after = normalize(before), normalize(after)
        if (
            before != after
            and ((is_specific(before) and is_specific(after)) or named)
            and re.search(rf"(?<!\w){re.escape(before)}(?!\w)", entry)
            and not re.search(rf"(?<!\w){re.escape(after)}(?!\w)", entry)
        ):
            return Value("arrow", before, before), Value("arrow", after, after)
    return None


_WORDS_FROM_TO = re.compile(
    r"\b(?:switch(?:ed)?|mov(?:ed|ing)|port(?:ed|ing)|chang(?:ed|ing)|migrat(?:ed|ing)"
    r"|transferr(?:ed|ing)|swapp(?:ed|ing))\b[^.;!?]{0,40}?\bfrom ([\w&.+-]+) (?:over )?(?:to|onto) "
    r"([\w&.+-]+)",
    re.IGNORECASE,
)


def _words_from_to(old: str, new: str) -> tuple[Value, Value] | None:
    """``new`` says a thing the entry names was changed from it to another ("ported both
    our lines from tmobile to visible today" for "Mobile carrier: T-Mobile family plan")."""
    entry = subject_tokens(old)
    for match in _WORDS_FROM_TO.finditer(normalize(new)):
        before, after = match.group(1).strip(".,"), match.group(2).strip(".,")
        was, now = subject_tokens(before), subject_tokens(after)
        if was and now and was & entry and not now & entry and not now & was:
            return Value("arrow", before, before), Value("arrow", after, after)
    return None


_NUMBERS_FROM_TO = re.compile(
    r"(?:从|由)\s?(\d[\d,.]*)\s?[降涨升调改变减加提]?了?(?:到|至|成)\s?(\d[\d,.]*)"
    r"|\bfrom\s?[$€£¥₹]?\s?(\d[\d,.]*)\s?(?:[a-z]+\s)?to\s?[$€£¥₹]?\s?(\d[\d,.]*)",
    re.IGNORECASE,
)


@lru_cache(maxsize=50000)
def _numbers_from_to(old: str, new: str) -> tuple[Value, Value] | None:
    """``new`` says a number the entry holds went to another ("月供从3860降到3120" for
    "房贷：…每月3号自动扣3860"), where the numbers carry no unit the value kinds read."""
    entry = normalize(old)
    for match in _NUMBERS_FROM_TO.finditer(normalize(new)):
        before, after = (g.rstrip(".,") for g in match.groups() if g is not None)
        if (
            before != after
            and len(before.replace(",", "")) >= 2
            and re.search(rf"(?<![\d.,]){re.escape(before)}(?![\d]|[.,]\d)", entry)
            and not re.search(rf"(?<![\d.,]){re.escape(after)}(?![\d]|[.,]\d)", entry)
        ):
            return Value("number", before, before), Value("number", after, after)
    return None


def _value_starts_later(line: SourceLine, value: Value, today: date | None) -> bool:
    """The clause giving the new value says it starts after ``today`` ("moorage goes up
    7.6% from April ... $4,715 on next spring's invoice")."""
    if today is None:
        return False
    needle = normalize(value.text).strip()
    parts = clauses(line.text)
    for index, clause in enumerate(parts):
        if needle not in clause:
            continue
        if starts_after(clause, line, today):
            return True
        # a clause that gives no day takes the start of the one before it ("2027年1月1日起，
        # 报销单笔3000元以上就要王总审批", "将于2027年1月1日重定价，执行利率调整为3.05%")
        if (
            index
            and not date_mentions(clause, today.year)
            # (not a bare "next year" that may be about something else: "问明年还租不租，存了他
            # 的新号187 7983 6024")
            and starts_after(parts[index - 1], line, today, bare_relative=False)
        ):
            return True
    return False


def _names_number(clause: str, values: tuple[Value, Value] | None) -> bool:
    """The clause names the number of the first of ``values`` ("not 15" for "15%", "up from
    9k" for "₹9,000")."""
    digits = re.sub(r"\D", "", values[0].text) if values else ""
    if not digits:
        return False
    thousands = rf"|{digits[:-3]}k\b" if digits.endswith("000") and len(digits) > 3 else ""
    return re.search(rf"(?<![\d.,])(?:{digits}(?![\d]|[.,]\d){thousands})", clause) is not None


_AMOUNT_IN = re.compile(r"\d+(?:[.,]\d+)?(?!\s?(?:号|日|月|点|时|年|:|am\b|pm\b|\d|[.,]\d))")
"""A number that is not a day, a month or a time of day ("左眼100度", "¥4600", not "每月 15 号")."""
_RENEWAL = re.compile(r"renew|续约|续签|续租|续保|续费", re.IGNORECASE)
_AMOUNT_CHANGE_WORDS = (
    r"涨薪|加薪|调薪|降薪|[涨降调加减提]了?(?:到|为|至)|上调|下调|"
    r"\b(?:went up|went down|raised|increased|decreased|rose|reduced|cut|bumped|jumped) to\b|"
    r"\b(?:rate|price|fee|fees|rent|premium)s? (?:went|has gone|have gone|goes) (?:up|down)\b|"
    # Malay: up to ("fee for Borang B naik to RM750")
    r"\bnaik (?:to|jadi|ke)\b"
)
_AMOUNT_CHANGE = re.compile(
    _AMOUNT_CHANGE_WORDS,
    re.IGNORECASE,
)


def _says_what_entry_says(cue: Cue, entry: Entry, line: SourceLine) -> bool:
    """The cue changes nothing the entry holds: a start on the entry's own day ("远远7月13号
    开始夏令营" for "夏令营（7月13日-7月24日）"), a raise for an entry with no amount ("涨薪" for
    "工资每月 15 号发": no number at all), a renewal of an entry that gives no day, on the same
    terms (no new value or holder: "*.ledgerly.io renewed with Sectigo")."""
    year = line.day.year if line.day else 2000
    own_days = days_of_year(entry.text, year)
    cue_days = days_of_year(cue.words, year)
    if cue_days and cue_days <= own_days:
        return True
    if _AMOUNT_CHANGE.search(cue.words) and not _AMOUNT_IN.search(normalize(entry.text)):
        return True
    if not (
        cue.kind == "replace"
        and _RENEWAL.search(cue.words)
        and value_conflict(entry.text, line.text, both=True) is None
    ):
        return False
    # a renewal moves the day an entry gives ("合同 2026 年 7 月到期"), unless the entry renews
    # on that day every year and it did ("NFU Mutual renewal come through, renewed 1 April
    # same as ever" for "NFU Mutual farm insurance renews on 1st April every year")
    line_days = days_of_year(line.text, year)
    return not own_days or bool(
        _RENEWS_YEARLY.search(normalize(entry.text)) and line_days and line_days <= own_days
    )


_RENEWS_YEARLY = re.compile(
    r"\brenews\b|^(?!.*\b(?:19|20)\d\d\b).*\brenewal\b|每年[^，,。；;]{0,8}续"
)
"""An entry on something renewed each year on its day ("renews on 1st April every year",
"renewal 30 June" with no year, "每年3月续保"; not "每年一次上门保养", a yearly service within
a contract's term)."""
_SEASONAL = re.compile(
    r"\bseason\b|\bseasonal\b|\b(?:every|each) (?:fall|autumn|spring|summer|winter)\b"
)


def _gone(
    found: list[Cue],
    entry: Entry,
    line: SourceLine,
    ov: Overlap,
    conflict: tuple[Value, Value] | None,
) -> list[Cue]:
    """The words saying that what the entry holds is gone ("no longer", 不再, "sold the")."""
    topic = subject_tokens(clauses(line.text)[0]) if found else frozenset()
    return [
        c
        for c in found
        if c.kind == "removal"
        and not c.hedged
        and not someone_else_departs(c, entry, line)
        # some of those of a kind leave ("两个普工辞工，去隔篱厂" is no news for "普工月薪4800元")
        and not _SOME_OF_THEM.search(c.clause[: c.position])
        # something else knocked on the head or chopped in ("Clive's chopped the Combo in"
        # is no news for "Clive's mobile: 07831 552907")
        and not _named_inside_elsewhere(c, entry)
        # something else the line sells or gives away ("老韩把他那辆五菱宏光卖了" is no news for
        # "每年牡丹开的时候要跟老韩他们去国花园转一圈")
        and not _another_thing_done_away(c, entry)
        # a routine's show watched to its end ("黑了看完新闻联播" for "晚上7点看《新闻联播》")
        and not (c.words in ("看完", "读完") and _ROUTINE_ZH.search(entry.text))
        # a pet put down, of an entry on a pet ("Took him down Heaton Vets at ten and they
        # put him to sleep" ends no entry on "Married Lorraine ... at St Gabriel's, Heaton")
        and not (_PET_END.search(c.words) and not _ANIMAL.search(entry.text))
        # a vehicle part-exchanged, of an entry on a vehicle ("Kev's finally got rid of the
        # Astra — part-exed it" is no news for "Friday pint at The Liver with Kev")
        and not (
            c.words.startswith("part-ex")
            and not _VEHICLE.search(normalize(entry.text))
            and not MAKE.search(normalize(entry.text))
        )
        # a trip, in Spanish ("Doña Gladys se fue a Cayambe el fin de semana")
        and not (
            c.words.startswith(("se fue", "se va"))
            and _TRIP_ES.search(c.clause, c.position + len(c.words))
        )
        # a debt paid off, of an entry on a debt ("pelunasan dipercepat" is no news for
        # "Plat Vario: B 4127 SJY")
        and not (_PAID_OFF.fullmatch(c.words) and not _DEBT.search(normalize(entry.text)))
        # a machine or a part that broke ("dispensary aircon packed up by 10:00", not "Dr Fenn
        # packed up"; "Kabel gas Vario putus" for "Servis Vario tiap ~2.000 km")
        and not (c.words in ("packed up", "putus") and _BROKEN.search(c.clause[: c.position]))
        # a habit given up is no news for a phone number ("用户讲自家戒了" for "伟明手机：185
        # 2036 7741") nor for an entry on another habit or on none
        and not (
            c.words.startswith("戒")
            and (
                any(v.kind == "phone" for v in typed_values(entry.text))
                or _quit_another_habit(line.text, entry.text)
            )
        )
        # a team's place at the end of a season ("Season over; City finished mid-table"), or an
        # event that ended ("Dylan's exams finished" for "Sends Dylan £200 a month")
        and not (c.words == "finished" and _PLACED.match(c.clause, c.position + len(c.words)))
        and not (c.words == "finished" and _EVENT_BEFORE.search(c.clause[: c.position]))
        # a count of something eaten, done or missed ("Akua finished two balls, eii" for
        # "Drops Akua at school", "Chaminda dropped two catches")
        and not (
            c.words in ("finished", "dropped", "stopped")
            and _A_COUNT.match(c.clause, c.position + len(c.words))
        )
        # a number no longer used, of an entry that gives none ("桂芳那个138的号不用了" is no
        # news for "媳妇刘桂芳，1981年生，满城人")
        and not _number_of_no_entry(c, entry)
        # a count sold ("直播卖掉八十几条夏凉被" is no news for "网上接单...都是老婆陆美琴一个人弄")
        and not (c.words in ("卖掉", "卖了") and _COUNT_ZH.match(c.clause, c.position + 2))
        # a lift or a thing taken round ("Karen dropped her back to Brierley Hill", "Dropped
        # Liam his old telly")
        and not (c.words == "dropped" and _DROPPED_OFF.match(c.clause, c.position + len(c.words)))
        # a season that ended, of a thing done every season ("Jada's volleyball ended,
        # lost in area" for "Jada plays volleyball at Eastlake (fall season)")
        and not (c.words == "ended" and _SEASONAL.search(normalize(entry.text)))
        # the last day of a stay the entry gives an end to: it ended as said ("Último día de
        # la Josefa" for "Josefa Muñoz, practicante from the UC, stays until end of March")
        and not (_LAST_DAY.search(c.words) and _UNTIL.search(normalize(entry.text)))
        # all but the entry's ("Cancelled all meetings except the 1:1 with Felix")
        and not _spared(c, ov)
        # a day's appointment called off, of an entry that gives no day ("GMF called: the 3
        # décembre is cancelled" is no news for "Family doctor: Dr. Rodrigue, GMF")
        and not (
            c.words.startswith("cancel")
            and find_dates(c.clause[: c.position])
            and not find_dates(entry.text)
        )
        # no more of a thing the entry does not name ("Dr. Lamptey says no more toffee")
        and not (
            c.words == "no more"
            and _object_follows(c)
            and _target(c) not in subject_tokens(entry.text)
            and not _names_entry_amount(entry, c.clause)
            and not _no_more_of(entry, c.clause)
        )
        # goodbye said to someone, someone gone or something buried is a removal only of a
        # pet the entry names
        and not (_only_of_a_pet(c) and not _put_down(c, entry))
        and (
            (
                set(ov.anchors) & subject_tokens(c.clause)
                and (
                    _about(c, ov.shared)
                    or conflict
                    # named inside the removal's own words ("we let the UAP cover lapse")
                    or (
                        c.words.startswith("let ") and any(a in c.words.split() for a in ov.anchors)
                    )
                    # the subject before the verb ("Jira 的 DF 项目...已经只读了"), unless
                    # that is somebody else ("Wei's cousin Jun is leaving Toronto")
                    or (
                        _before(c.clause, ov.anchors, c.position)
                        and not _someone_else(c, entry, line)
                    )
                )
            )
            or (_comment(c) and set(ov.anchors) & topic)
            or _said_of_named(c, entry, line, ov)
            # the name the entry gives, right after a verb that ends it ("Called and cancelled
            # Xplornet", "sold Highlander to Femi")
            or _ends_the_named(c, ov)
            # the entry's car, by its make ("Sold the Mazda" for "Car: grey 2014 Mazda3")
            or _car_sold(c, entry)
            # the name the entry gives, in the removal's words ("Put Bruno down this morning",
            # "Knocked Sky on t' head this week")
            or _put_down(c, entry)
            or _named_inside(c, ov)
            # the amount the entry gives, gone ("No more 1,450 every month")
            or (
                c.words in ("no more", "不再", "hakuna tena")
                and _names_entry_amount(entry, c.clause)
            )
            # the habit the entry is about, given up ("烟算是戒了" for "抽烟，红塔山，一天一包")
            or (c.words.startswith("戒") and _quit_this_habit(c, entry))
            # words of the entry in a row, gone ("No more Monday to Friday")
            or (c.words in ("no more", "no longer") and _no_more_of(entry, c.clause))
        )
    ]


_SOLD_IT = r"bigħ(?:na|t|ulu)|biegħ(?:et|u)?|inbiegħ|(?:e |i )?shit(?:i|ëm)|müü(?:sin|s|sime)"
"""Sold, with what was sold after it, in Maltese, Albanian and Estonian ("Bigħna t-Transit!",
"e shiti Punton", "müüsin Octavia ära")."""
_ENDS_WHAT_FOLLOWS = re.compile(
    r"cancel(?:l)?ed|cancel|sold|dropped|quit|closed|ditched|scrapped|terminated|ended"
    # Spanish and Portuguese: sold, cancelled ("Ya se vendió el Tsuru gris", "vendeu o Fusca")
    r"|vend(?:ió|í|imos|ieron|eu|emos|eram)|cancel(?:ó|é|amos|aron|ou|ei)"
    # Maltese, Slovenian, Albanian and Estonian: sold, cancelled ("Bigħna t-Transit!", "je
    # prodal travnik", "e shiti Punton", "müüsin Octavia ära")
    rf"|{_SOLD_IT}|ikkanċell(?:ajt|ajna|aw|a|at)|je prodal[aio]?"
)
"""Removal verbs whose object, when written right after them, is what is gone."""
_RIGHT_AFTER = re.compile(
    # (the articles of Spanish and Portuguese too: after these verbs "el" is one)
    r"\s+(?:(?:the|my|our|his|her|their|el|la|los|las|mi|su|o|os|as|meu|minha)\s+)?([\w.'’-]+)"
)


def _ends_the_named(cue: Cue, ov: Overlap) -> bool:
    """The name the entry is about, right after a verb that ends it ("Called and cancelled
    Xplornet", "sold Highlander to Femi")."""
    if _ENDS_WHAT_FOLLOWS.fullmatch(cue.words) is None:
        return False
    # (right after it: not "Vodafone DD cancelled w/ AIB", "2 rooms cancelled on Booking")
    after = _RIGHT_AFTER.match(cue.clause, cue.position + len(cue.words))
    return after is not None and bool(subject_tokens(after.group(1)) & set(ov.anchors))


def _bare(words: str) -> str:
    """Change words without the thing they name inside them ("knocked puregym on the head"
    is "knocked on the head", "took the ranger in part-ex" is "took in part-ex")."""
    inside = _NAMED_INSIDE.match(words)
    if inside is None:
        return words
    return words[: inside.start(1)] + words[inside.end(1) + 1 :]


def _named_within(words: str) -> frozenset[str]:
    """The words of the thing named inside change words ("knocked Sky on t' head": sky)."""
    inside = _NAMED_INSIDE.match(words)
    return subject_tokens(inside.group(1)) if inside is not None else frozenset()


def _named_inside(cue: Cue, ov: Overlap) -> bool:
    """The thing named inside the change's words is one the entry names ("knocked Sky on t'
    head" for "Sky TV with Sky Sports, £42 a month")."""
    return bool(_named_within(cue.words) & set(ov.anchors))


def _named_inside_elsewhere(cue: Cue, entry: Entry) -> bool:
    """The thing named inside the change's words ("chopped the Combo in") is none of the
    entry's ("Clive's mobile: 07831 552907")."""
    named = _named_within(cue.words)
    return bool(named) and not named & subject_tokens(entry.text)


_SOME_OF_THEM = re.compile(
    r"(?:[两几三四五六七八九十]|\d+)个[\u4e00-\u9fff]{1,3}\s?$"
    # a count of them in English ("2 Lalamove riders cancelled", "38 cases of Pinotage sold
    # at the stand", "2 rooms cancelled on Booking"; not "Truck 2 sold")
    r"|^\W*(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a few|several)"
    r"\s+(?!(?:am|pm)\b)[a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*){0,3}\s?$"
)
_NAMED_INSIDE = re.compile(
    r"^(?:knock\w*|chopp\w*|took) (.+?) (?:on (?:the|t['’]|th['’]) head|in (?:as )?part-?ex\w*|in)$"
)
"""Change words with the thing they are done to inside them ("knocked Sky on t' head",
"chopped the Combo in", "took the Ranger in part-ex")."""


def _another_thing_done_away(cue: Cue, entry: Entry) -> bool:
    """The thing a Chinese removal is done to, put before it with 把, is none of the entry's
    ("老韩把他那辆五菱宏光卖了" for "每年...跟老韩他们去国花园转一圈"), or is someone else's (for
    "五菱宏光S，白色，车牌豫C·3K826")."""
    before = cue.clause[: cue.position]
    at = before.rfind("把")
    if at < 0 or not has_cjk(cue.words):
        return False
    if _HIS_ZH.match(before, at + 1):  # his or hers ("把他那辆五菱宏光卖了")
        return True
    done_to = subject_tokens(before[at + 1 :])
    return bool(done_to) and not done_to & subject_tokens(entry.text)


_HIS_ZH = re.compile(r"\s?(?:他|她|人家|别人)(?:们)?(?:的|那|这|家)")


_PART_SWAPPED = re.compile(
    r"\s?(?:\S{0,4}?电池|\S{0,4}?灯泡|\S{0,4}?滤芯|(?:the |a |new |its |her |his )?(?:\w+ )?"
    r"(?:batter(?:y|ies)|bulbs?|filters?|wiper blades?|bottles?|cylinders?|canisters?|cartridges?)\b"
    r"|\S{0,4}?气罐)"
)
"""A part that wears out, named right after a word of change (a battery, a bulb, a filter)."""
_ROUTINE_ZH = re.compile(r"每[天晚日周]|天天|\d{1,2}点")
_PET_END = re.compile(r"\bput\b.*\b(?:down|to sleep)\b|\bhad to put\b|\blet (?:him|her) go\b")
_PLACED = re.compile(
    r"\s+(?:mid-?table|top|bottom|bottom of the (?:table|league)|\d+(?:st|nd|rd|th)|first|second"
    r"|third|fourth|fifth|last|runners?-up)\b"
)
_EVENT_BEFORE = re.compile(
    r"\b(?:exams?|match|game|race|shift|term|semester|season|gig|party|concert|meeting|service)"
    r"(?:['’]s)?\s*$"
)
_COUNT_ZH = re.compile(r"\s?[\d一二三四五六七八九十两几百千]")
_DROPPED_OFF = re.compile(r"\s+\w+\s+(?:off|back|round|over|his|her|their|a|an|some)\b")
_HABITS_ZH = (("烟", "烟|抽|吸"), ("酒", "酒|喝"), ("槟榔", "槟榔"))
"""A habit a line names, and the words of an entry about it."""


def _quit_another_habit(line_text: str, entry_text: str) -> bool:
    """The line names a habit the entry does not ("胖子刘递烟他摆手冇接，讲戒了" for "礼拜三、
    礼拜六夜里到老谭屋里打斗地主", "带了两条烟...用户讲自家戒了" for "每晚饮一碗米酒"): what was
    quit is that one."""
    line, entry = normalize(line_text), normalize(entry_text)
    named = [about for habit, about in _HABITS_ZH if habit in line]
    return bool(named) and not any(re.search(about, entry) for about in named)


def _quit_this_habit(cue: Cue, entry: Entry) -> bool:
    """The cue's clause names, before it, the habit the entry is about ("烟算是戒了" for
    "抽烟，红塔山，一天差不多一包")."""
    before, told = cue.clause[: cue.position], normalize(entry.text)
    return any(habit in before and re.search(about, told) for habit, about in _HABITS_ZH)


_A_COUNT = re.compile(
    r"\s+(?:\d+|one|two|three|four|five|six|a couple of|half|the whole|both|twice|three times)\b"
    r"(?!\s(?:years?|months?|terms?))"
)
_NUMBER_BEFORE = re.compile(r"(?:的号|号码|手机号|\bnumber|\bmobile)\s*$")
"""A phone number named right before a change word ("那个138的号不用了")."""


def _number_of_no_entry(cue: Cue, entry: Entry) -> bool:
    """The change is of a phone number (named right before the change word, or the new one
    given in its clause: "那个138的号不用了，换了个15930217788") and the entry gives none nor a
    phone plan (is about the person: "媳妇刘桂芳，1981年生，满城人")."""
    if any(v.kind == "phone" for v in typed_values(entry.text)):
        return False
    if _CARRIER.search(normalize(entry.text)):
        return False  # a number ported changes the phone plan ("number ported over" to Smarty)
    return bool(_NUMBER_BEFORE.search(cue.clause[: cue.position])) or any(
        v.kind == "phone" for v in typed_values(cue.clause[cue.position :])
    )


_PAID_OFF = re.compile(r"lunas|pelunasan \w+|dilunasi")
_DEBT = re.compile(
    r"\b(?:cicilan|kredit|pinjaman|utang|hutang|angsuran|kpr|leasing|loan|debt|mortgage)\b"
)
_BROKEN = re.compile(
    r"\b(?:air ?con|fridge|freezer|engine|boiler|laptop|phone|printer|machine|telly|tv|washer"
    r"|dryer|oven|pump|heater|battery|computer|router|kettle|car|van|generator|compressor"
    r"|kabel|tali|rantai|senar|sabuk|belt|karet)\b"
)
"""A machine or a part that can break, named before "packed up" or Indonesian ``putus`` (which
also say a person retired and a break-up or a service cut)."""
_TRIP_ES = re.compile(
    r"\b(?:el fin de semana|el finde|unos días|(?:por|una|dos|tres) (?:\w+ )?(?:días|semanas?)"
    r"|de vacaciones|de paseo|hasta el (?:lunes|martes|miércoles|jueves|viernes|sábado|domingo))\b"
)
"""A stay away with an end, in Spanish (someone "se fue a Cayambe el fin de semana")."""
_VEHICLE = re.compile(r"\b(?:car|van|suv|truck|tanker|lorry)\b|车")
"""A vehicle an entry names (what gets part-exchanged; "drives straddle carriers" is a job)."""
_LAST_DAY = re.compile(r"\blast day\b|último día|最后一天")
_UNTIL = re.compile(r"\b(?:until|till|hasta)\b|为止|到期")
"""An end the entry itself gives ("stays until end of March", "实习到6月底为止")."""
_EXCEPT = re.compile(r"\b(?:except|apart from|other than|but not)\b|除了")


def _spared(cue: Cue, ov: Overlap) -> bool:
    """The removal's clause goes on to spare what the entry is about ("Cancelled all
    meetings except the 1:1 with Felix" for "1:1 with Felix every Wednesday")."""
    after = cue.clause[cue.position + len(cue.words) :]
    spared = _EXCEPT.search(after)
    return spared is not None and bool(set(ov.anchors) & subject_tokens(after[spared.end() :]))


def _put_down(cue: Cue, entry: Entry) -> bool:
    """A pet the entry names put down ("Put Bruno down this morning", "we said goodbye to
    biscuit this morning", "Biscuit's gone." for "Family dog: Biscuit, 13yo beagle"), or the
    vehicle it names gone ("Zafira's gone.")."""
    if cue.words == "埋了":  # buried: a pet ("大黄今早上走了 ... 拿出去埋了"), not the place
        return _ANIMAL.search(entry.text) is not None  # ("带去闽清老家后山埋了" for 老家)
    # the pet's name right before it ("米粒走了。", "Mochi 走了", "大黄没了"), or before when it
    # happened ("旺财昨夜走了")
    if cue.words in _GONE_ZH:
        before = _WHEN_BEFORE.sub("", cue.clause[: cue.position].rstrip())
        last = re.search(r"([a-z\u00e0-\u024f]+)$", before)
        return _ANIMAL.search(entry.text) is not None and (
            any(
                len(t) >= 2 and has_cjk(t) and before.endswith(t)
                for t in subject_tokens(entry.text)
            )
            or (last is not None and stem(last.group(1)) in proper_nouns(entry.text))
        )
    words = cue.words.split()
    names = proper_nouns(entry.text)  # stemmed: "Pickles" is pickl
    # (or put to sleep: "Woodlands vets put Bella to sleep this morning")
    if words[:3] == ["had", "to", "have"] and len(words) > 3:  # "had to have Bella put to sleep"
        return words[3] in names or stem(words[3]) in names
    if words[0] == "had" and len(words) > 2 and words[2] == "put":  # "Had Nell put to sleep"
        return words[1] in names or stem(words[1]) in names
    if words[0] == "put" and (len(words) == 3 or words[2:] == ["to", "sleep"]):
        return words[1] in names or stem(words[1]) in names
    name = _named_in_farewell(cue)
    if name is None or (name not in names and stem(name) not in names):
        return False
    if cue.words == "'s gone" and _VEHICLE.search(entry.text.lower()):
        return True  # the car the entry names ("Zafira's gone." for "Car: ... Zafira Tourer")
    return _ANIMAL.search(entry.text) is not None


_GONE_ZH = ("走了", "没了", "没得了", "莫得了")
"""Gone, said of whoever is named right before it ("米粒走了。", "大黄冇得了")."""
_WHEN_BEFORE = re.compile(
    rf"(?:{GONE_WHEN_ZH}|今天|今儿|今早上?|今朝|昨天|昨夜|昨日|前天|上午|下午|早上|晚上|夜里|尋晚|琴晚|今们"
    r"|\s)+$"
)
"""When something happened, said between its subject and the verb ("旺财昨夜走了")."""


def _moved_into_home_of(cue: Cue, entry: Entry) -> bool:
    """A move into the home of someone the entry names ("she all moved into Aunty Lei's
    place", "Moved deda's things to aunt Lali's in Gurjaani" for "Aunt Lali lives in
    Gurjaani"): another person moves, the one whose home it is stays."""
    if not cue.words.startswith("moved"):
        return False
    after = cue.clause[cue.position + len(cue.words) :]
    into = cue.words.endswith(("to", "into"))
    found = (_HOME_OF if into else _INTO_HOME_OF).match(after)
    return found is not None and stem(found.group(1)) in subject_tokens(entry.text)


_HOME_OF = re.compile(r"\s*(?:\w+\s){0,2}?(\w+)['’]s\b")
_INTO_HOME_OF = re.compile(r"\s*(?:[\w'’]+\s){0,3}?(?:in)?to\s+(?:\w+\s){0,2}?(\w+)['’]s\b")


def _only_of_a_pet(cue: Cue) -> bool:
    """A removal that ends only a pet: a farewell to someone named, or something buried
    ("带去闽清老家后山埋了" buried the cat, not the home town)."""
    return cue.words == "埋了" or _named_in_farewell(cue) is not None


def _named_in_farewell(cue: Cue) -> str | None:
    """Who a goodbye is said to, who is let go or who is gone ("said goodbye to biscuit",
    "let knödel go", "biscuit's gone"; not the vet's goodbye, "said goodbye to" before "...
    at the vets")."""
    words = cue.words.split()
    if cue.words.startswith("said ") and not cue.words.endswith(" to"):
        return words[-1]
    if cue.words.startswith("said "):  # "said goodbye to bruno at the vet": the word after
        following = cue.clause[cue.position + len(cue.words) :].split()
        return following[0] if following else None
    if len(words) == 3 and words[0] == "let" and words[2] == "go":  # "let knödel go"
        return words[1]
    if cue.words in _GONE_ZH:  # "米粒走了。": whoever is named right before it (with a time
        # after it, "Lucky 走了 this morning", it is read as a death of whoever it is)
        after = cue.clause[cue.position + len(cue.words) :].strip()
        if after and after[0] not in "。，,.!！;；":
            return None
        return cue.clause[: cue.position].rstrip() or None
    if cue.words == "'s gone":
        before = re.search(r"(\w+)$", cue.clause[: cue.position])
        return before.group(1) if before is not None else None
    return None


_ANIMAL = re.compile(
    r"\b(?:dog|cat|pet|puppy|kitten|beagle|terrier|spaniel|retriever|labrador|poodle|collie"
    r"|rabbit|bunny|hamster|parrot|budgie|horse|pony|tortoise)s?\b"
    r"|[猫狗兔龟]|仓鼠|鹦鹉|宠物|金鱼",
    re.IGNORECASE,
)


_PRONOUN_OBJECT = re.compile(r"\b(?:him|her|it|them)\b")
_PRONOUN_AFTER = re.compile(r" (?:him|it|them)\b")


def _done_to_a_pronoun(cue: Cue) -> bool:
    """The change opens its clause and is done to "him", "it" or "them", in its words or
    right after them ("had him put to sleep", "cancelled it on the app"; not "handed in her
    notice", nor "paid the last GCI bill and cancelled them", where they are named before)."""
    if subject_tokens(cue.clause[: cue.position]):
        return False
    return bool(
        _DONE_TO.search(cue.words)
        or _PRONOUN_AFTER.match(cue.clause, cue.position + len(cue.words))
    )


_DONE_TO = re.compile(r"\b(?:him|it|them)\b|\bher(?= (?:down|to sleep|go)\b)")


def _said_of_named(cue: Cue, entry: Entry, line: SourceLine, ov: Overlap) -> bool:
    """A removal said of "him" or "her" after an earlier clause of the line named the one
    the entry names ("Took Bruno to Glen Vets last night ... They put him to sleep" for
    "Dog: Bruno, Jack Russell, 14")."""
    if not _PRONOUN_OBJECT.search(cue.words) and not _done_to_a_pronoun(cue):
        return False
    parts = clauses(line.text)
    earlier = " ".join(parts[: parts.index(cue.clause)]) if cue.clause in parts else ""
    # (a name the line writes as one: "Knocked PureGym on the head" for "PureGym on ...")
    named = set(ov.anchors) & (proper_nouns(entry.text) | proper_nouns(line.text))
    return bool(named & subject_tokens(earlier))


def _redirected(
    found: list[Cue],
    ov: Overlap,
    heads: tuple[str, ...],
    conflict: tuple[Value, Value] | None,
    loose: tuple[Value, Value] | None,
    new_day: date | None = None,
    names: frozenset[str] = frozenset(),
    line: str = "",
) -> list[Cue]:
    """The words saying the entry's thing went somewhere else ("moved to", 换成, 升级到), or
    to another day (``new_day``: "the book three deadline moves to 31 July")."""
    return [
        c
        for c in found
        if c.kind == "directional"
        and not c.hedged
        and (
            conflict
            or loose
            or (
                new_day is not None
                and any(m.day == new_day for m in date_mentions(c.clause, new_day.year))
            )
            or (_before(c.clause, ov.shared, c.position) and _about(c, ov.shared))
            # what moves is named between "from" and "to" ("staff move from car park E to
            # the Grafton St multi storey")
            # ("switch him off the Royal Canin urinary food onto Hill's c/d")
            or bool(
                re.search(r"\b(?:from|off) (.+) (?:on)?to$", c.words)
                and _shares(c.words, ov.shared)
            )
            # "Moved to Leipzig" (the person), "Switching to 大麦茶 in the afternoons" (what
            # the entry is about is in the clause); not "Upgraded to a MacBook ... at
            # Ste-Catherine" for a restaurant on that street
            or (
                c.clause.lstrip().find(c.words) == 0
                and (
                    _MOVE.match(c.words)
                    or any(h in ov.shared for h in heads if h in subject_tokens(c.clause))
                )
            )
            # what it went to is another of the entry's kind ("Had all our prescriptions
            # transferred to the Jewel-Osco pharmacy" for "Pharmacy: Walgreens ...")
            or _to_another_of(c, heads, ov.shared, names)
            # a clause that opens with the change, after one naming what changes
            # ("墨墨喝星飞帆老是便秘，儿科医生建议试试别的，换成 a2 紫白金 2 段了")
            or (_opens_clause(c) and _named_before(c, ov.shared, heads, line))
        )
    ]


_LEAD_IN = re.compile(
    r"(?:\s|今年|去年|今天|今儿|昨天|上周|这周|本周|这个月|上个月|月底|月初|年底|年初|终于|已经|正式"
    r"|总算|也|就|都|我们|咱们|我|俺|\b(?:so|and|then|today|yesterday|finally|now|we|i|also"
    r"|this (?:week|month|year)|last (?:week|month))\b)*"
)
"""Words a clause may open with before its change word: when, and who ("今年转到平安了")."""


def _opens_clause(cue: Cue) -> bool:
    """The cue opens its clause, but for words of when and who ("今年转到平安了"; not money
    sent, "我转给他了", "今天已经转过去了")."""
    before = cue.clause[: cue.position]
    if not before.strip():
        return True
    return _LEAD_IN.fullmatch(before) is not None and not _SENT.match(cue.words.strip())


_SENT = re.compile(r"转(?:给|过去)")


def _named_before(cue: Cue, shared: tuple[str, ...], heads: tuple[str, ...], line: str) -> bool:
    """A specific word or head of the entry that the line shares is in the line before the
    cue's clause, and what the cue goes to is not one the entry names ("报名表填了，交给张敏"
    for an entry naming 张敏)."""
    text = normalize(line)
    start = text.find(cue.clause.strip())
    prior = text[:start] if start > 0 else ""
    after = cue.clause[cue.position + len(cue.words) :].strip()
    if any(after.startswith(t) for t in shared):
        return False
    return any(t in prior for t in shared if is_specific(t) or t in heads)


def _to_another_of(
    cue: Cue, heads: tuple[str, ...], shared: tuple[str, ...], names: frozenset[str]
) -> bool:
    """The few words after a directional cue name the entry's head word, a kind of thing
    (not a name: "switch to Ah Mei" is who does it), which the line shares with the entry."""
    after = subject_tokens(cue.clause[cue.position + len(cue.words) :][:_DESTINATION_CHARS])
    return any(
        h in shared and h in after and h.isascii() and h.isalpha() and len(h) > 3 and h not in names
        for h in heads
    )


_DESTINATION_CHARS = 40


def _clause_conflict(
    entry: Entry, found: list[Cue], shared: tuple[str, ...] = ()
) -> tuple[Value, Value] | None:
    """A new value in the clause that words the change, when the line names the old one
    elsewhere ("周日...以后 -- so from now on our weekly call is Saturday 8pm"); with only a
    word of now, in a clause about what the entry is about (``shared``: "Choir is on
    Wednesdays now — the church hall gave our Thursday slot to a Zumba class"; not "we're
    going now to the Saturday 6pm misa ... so on Sundays we can go early to Doña Rosa's" for
    "Sunday lunch is usually at Doña Rosa's")."""
    for c in found:
        if c.kind == "weak" and not subject_tokens(c.clause) & set(shared):
            continue
        if c.kind in ("directional", "replace", "weak") and not c.hedged:
            conflict = value_conflict(entry.text, c.clause)
            if conflict is not None:
                return conflict
    return None


def _about_another_host(entry: Entry, line: SourceLine) -> bool:
    """The line names the entry's own host where it words no change: its change is about
    another host ("staging 迁到了 feat-stg-02，prod 那台 feat-prod-01 不动")."""
    own = _own_identifiers(entry.text) & subject_tokens(line.text)
    return bool(own) and not any(own & subject_tokens(c.clause) for c in cues(line.text))


def _new_day(entry: Entry, line: SourceLine) -> date | None:
    """The first day the line names that the entry does not (month and day compared)."""
    year = line.day.year if line.day else 2000
    own = days_of_year(entry.text, year)
    if not own:
        return None
    for mention in date_mentions(line.text, year):
        if (mention.day.month, mention.day.day) not in own:
            return mention.day
    return None


def _date_conflict(old: str, new: str, new_day: date | None) -> Phrase | None:
    year = new_day.year if new_day else 2000
    olds = {
        m.day.replace(year=2000) if not m.has_year else m.day: m for m in date_mentions(old, year)
    }
    news = [m for m in date_mentions(new, year)]
    if not olds or not news:
        return None
    for mention in news:
        same_day = [
            m for m in olds.values() if m.day.replace(year=2000) == mention.day.replace(year=2000)
        ]
        # another day of the year, or the same day of another year, both written out
        # ("valid until 2026-09-30" / "gültig bis 2028-09-30")
        if not same_day or (
            mention.has_year and all(m.has_year and m.day != mention.day for m in same_day)
        ):
            first = same_day[0] if same_day else next(iter(olds.values()))
            return phrase(DATE_CHANGE, old=first.text.strip(), new=mention.text.strip())
    return None


_VALUE_CHANGE = re.compile(
    _AMOUNT_CHANGE_WORDS + r"|新号|换了?(?:手机)?号|\bnew (?:number|phone|mobile)\b"
    r"|\bchanged (?:his|her|their|my) (?:number|phone)\b",
    re.IGNORECASE,
)
"""Words that say a value changed (a price went up, a new number): a line with them about an
entry that already holds all its values says nothing new."""
_SAID_KINDS = frozenset(["money", "phone", "time", "weekday", "code", "ip", "port", "version"])
"""Values that say what a thing is now: an entry holding all that a line says of them
already has the change."""
_KIN_NUMBER = "\0kin-number:"
"""Index key prefix of the lines giving a phone number beside a relative (then the kin)."""
_NAMED_VALUES = frozenset(["money", "ip", "phone", "host", "version", "port", "percent"])
"""Values specific enough that a line naming one is about the entry that holds it."""
_FROM_TO = re.compile(
    r"\bfrom\s?[€$£¥]?\s?\d[\d,.:]*\S*\s+to\s?[€$£¥]?\s?\d|(?:从|由)\s?[¥$€£]?\d|\bnow,? not\b|"
    r"原来是|以前是|之前是|\bused to be\b|\bwas previously\b|"
    r"(?:去年|以前|之前|原来|当时)(?:这时候|那时候)?还是|"  # "去年这时候还是 199": the old one
    # the new amount instead of the old ("€545 statt €520", "€12,80 pro Stunde statt 12,10")
    r"(?:[€$£¥]\s?\d[\d,.]*|\d+[.,]\d\d)(?:\s?\S+){0,3}?\s+(?:statt|anstatt|instead of|rather than)"
    r"\s?[€$£¥]?\s?\d"
)
"""A line that names the old value and the new one ("coaching goes up from $160 to $180",
"MP is 4:15 now, not 4:25")."""


@lru_cache(maxsize=50000)
def _days_named_old(old: str, new: str) -> tuple[Value, Value] | None:
    """The line names the entry's weekdays as the old ones and gives others: "he does
    mon/wed pickups now, not tue/thu" for "Tuesday and Thursday" (not for "Tue + Fri")."""
    days = _days(old)
    if not days or _old_days(new) != days:
        return None
    olds = [v for v in typed_values(old) if v.kind == "weekday"]
    news = [v for v in typed_values(new) if v.kind == "weekday" and v.value not in days]
    return (olds[0], news[0]) if news else None


_ONLY = re.compile(r"\bonly\b|只有?|就剩|净是|净系", re.IGNORECASE)
"""Only (净是: Cantonese 淨係, as ``normalize`` reads it)."""


@lru_cache(maxsize=50000)
def _fewer_days(old: str, new: str) -> tuple[Value, Value] | None:
    """A clause of the line keeps only some of the entry's weekdays ("ollie's only doing
    sundays now" for "Sat + Sun", "so Tuesdays only for me" for "Tuesday and Thursday")."""
    days = _days(old)
    if len(days) < 2:
        return None
    for clause in clauses(new):
        named = [v for v in typed_values(clause) if v.kind == "weekday"]
        kept = frozenset(v.value for v in named)
        if named and _ONLY.search(clause) and kept < days:
            gone = [v for v in typed_values(old) if v.kind == "weekday" and v.value not in kept]
            return gone[0], named[0]
    return None


@lru_cache(maxsize=50000)
def _days(text: str) -> frozenset[str]:
    return frozenset(v.value for v in typed_values(text) if v.kind == "weekday")


@lru_cache(maxsize=50000)
def _old_days(text: str) -> frozenset[str]:
    """The weekdays a line names as the old ones (after "not", 原来是...)."""
    norm = normalize(text)
    found = _FROM_TO.search(norm)
    if found is None:
        return frozenset()
    rest = norm[found.end() :]
    return _days(re.split(r"[，;；。!！?？]|,(?!\d)|\.\s|\s[—–-]\s", rest, maxsplit=1)[0])


def _says_it_stays(line: SourceLine, heads: tuple[str, ...], shared: tuple[str, ...] = ()) -> bool:
    """A clause of the line says what the entry is about stays as it is ("the client-dinner
    limit goes up to EUR 75; hotel caps unchanged" for "Hotel cap: EUR 180/night"), or that
    words of the entry hold until the change ("... signed a lease in Sydenham, moving in
    1 Jan. Lincoln Rd till then")."""
    if not heads:
        return False
    told = [(clause, change_cue(clause) is not None) for clause in clauses(line.text)]
    if any(changed and heads[0] in subject_tokens(clause) for clause, changed in told):
        return False  # the change is told beside it ("our bin day's moving to Tuesdays from
        # w/c 16 Mar. Recycling + green bin same day as before")
    for clause, changed in told:
        if changed or not stays(clause):
            continue  # (a change said in the same clause: "base 变成 $98.5k ... 12% super 不变")
        tokens = subject_tokens(clause)
        if heads[0] in tokens or (_UNTIL_THEN.search(clause) and tokens & set(shared)):
            return True
    return False


_UNTIL_THEN = re.compile(r"\b(?:till|until) then\b")


def _value_kept(line: SourceLine, old: Value) -> bool:
    """A clause of the line says the entry's value stays ("刘老师家小时工涨到55了 ... 没涨，
    还是45" for "一小时45块"): the change is someone else's, told beside it."""
    digits = re.sub(r"\D", "", old.text)
    for clause in clauses(line.text):
        if stays(clause) and value_key(old) in {value_key(v) for v in typed_values(clause)}:
            return True
        # the same figure, said so ("bola de Berlim same 1,60" for "1,60 €")
        if digits in _figures_after(_SAME_FIGURE, clause):
            return True
    return False


_SAME_FIGURE = re.compile(r"\bsame\s([$€£¥]?\d[\d.,]*)")
_BACK_TO = re.compile(
    r"(?:回到|又回到|恢复到|恢复成|降回|涨回|回落到|\bback (?:down |up )?to)\s?(?:[$€£¥]\s?)?(\d[\d.,]*)",
    re.IGNORECASE,
)


def _back_to_its_value(entry: Entry, line: SourceLine) -> bool:
    """The line says the amount goes back to the entry's own ("明天起淡季房价，标间回到160"
    for "淡季（11月到次年3月）标间160元/晚"): what the entry says holds again."""
    figures = {re.sub(r"\D", "", v.text) for v in typed_values(entry.text)} - {""}
    return bool(figures & _figures_after(_BACK_TO, normalize(line.text)))


def _figures_after(pattern: re.Pattern[str], text: str) -> set[str]:
    """The digits of each figure ``pattern`` finds in ``text`` (its first group): "same
    1,60" and "回到160" compared with an entry's values by their digits alone."""
    return {re.sub(r"\D", "", m.group(1)) for m in pattern.finditer(text)}


_RAISE = re.compile(
    r"\b(?:gave|give|gives|giving|got|get|gets|getting) (?:\w+ )?(?:a )?(?:pay )?(?:raise|rise)\b"
    r"|\bpay (?:rise|raise|bump|cut)\b",
    re.IGNORECASE,
)
"""A raise given or got: a different amount of the entry's pay is the new pay."""


def _count_down_to(conflict: tuple[Value, Value], line: str) -> bool:
    """A count that went down or up to the line's number ("Down to 10 head now")."""
    old, new = conflict
    if old.kind != "number" or new.kind != "number":
        return False
    found = re.search(rf"\b(?:down|up) to {re.escape(new.text.strip())}\b", normalize(line))
    return found is not None


_ROUGH_VALUE = re.compile(
    r"\b(?:budget\w*|target\w*|goal|saving(?: up)?(?: for)?|usually around)\b|预算|目标|以内|以下|"
    # a floor or a ceiling to act on ("白蝦一台斤低過 220 元就先不賣", "高于 300 就卖")
    r"(?:低|高)(?:过|于)\s?\d[\d,.]*\s?\S{0,2}\s?就",
    re.IGNORECASE,
)
"""Words that make an entry's amount rough, a goal or a bound rather than what it is."""


_DOSE_CHANGE = re.compile(
    r"\b(?:doubled|halved|upped|increased|raised|lowered|reduced|decreased|bumped up|cut back)\b|"
    r"\bput (?:me|him|her|them) (?:up|down) to\b|加量|减量|加到|减到|减半|翻倍|"
    # Tagalog: made it ("Ginawa na niyang 10mg ang amlodipine")
    r"\bginawa(?:ng|\s+na)\b(?=[^.;]{0,12}\d)|"
    # Portuguese and Spanish: raised, lowered ("Subiu o Losartan para 100 mg")
    r"\b(?:subiu|aumentou|baixou|reduziu|subió|aumentó|bajó|redujo)\b|"
    # German, Swiss German, Catalan, Spanish, Portuguese: doubled, halved ("Er hät s Amlodipin
    # verdopplet", "m'ha doblat la pastilla", "le duplicó el enalapril")
    r"\b(?:verdoppelt|verdopplet|halbiert|erhöht|reduziert|doblat|duplic(?:ó|ado)|dobrou)\b|"
    # French: raises, lowers ("Dre Lamoureux monte le Synthroid à 88 mcg")
    r"\b(?:mont[eé]|augment[eé]|baiss[eé]|diminu[eé]|doubl[eé])e?s?\b(?=[^.;]{0,30}\bà\s?\d)",
    re.IGNORECASE,
)
"""A dose or amount put up or down ("she doubled the metformin, now 1000 mg")."""


def _dose_changed(conflict: tuple[Value, Value], line: str) -> bool:
    """Two quantities of one unit (mg:500 / mg:1000) and the line says it was put up or down."""
    old, new = conflict
    return (
        old.kind == new.kind == "quantity"
        and old.value.split(":", 1)[0] == new.value.split(":", 1)[0]
        and _DOSE_CHANGE.search(line) is not None
    )


def _same_rate(conflict: tuple[Value, Value]) -> bool:
    """Two amounts per the same unit ("100一小时" / "120一小时", "$39/月" / "$105/月")."""
    old, new = conflict
    unit = _AMOUNT_DIGITS.sub("", old.text)
    return (
        old.kind == new.kind == "money" and bool(unit) and unit == _AMOUNT_DIGITS.sub("", new.text)
    )


_AMOUNT_DIGITS = re.compile(r"[\d,.\s$€£¥]|元|块")
"""What an amount's text holds besides its unit ("120一小时" -> "一小时")."""


_REMINDER = re.compile(
    r"\W*(?:(?:明天|今天|下周.|周.)?\s?(?:记得|别忘了?|不要忘了|要记得)|提醒我?|todo\b|to-do\b|"
    r"remember to\b|don't forget\b|reminder\b"
    # a task or an event of a week or a day said relative to when it was written ("This
    # week: chase Pinnacle for overdue invoice #1043", "Next Friday: Sophie's school
    # swimming carnival", "下周五: 交报告")
    r"|(?:this|next) (?:week|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b\s?[:：,-]"
    r"|(?:due )?this (?:mon|tues|wednes|thurs|fri|satur|sun)day\b\s?[:：]"
    r"|(?:这周|本周|下周.?|下个?(?:星期|礼拜).)\s?[:：])",
    re.IGNORECASE,
)
"""An entry that is a reminder or a task of a coming day, not a fact ("明天记得交琪琪幼儿园的
伙食费", "Remember to...", "This week: ..."): it is done or stale, not updated."""


_AFTERMATH = timedelta(days=30)
"""How long after an event's last day the notes still tell how it went ("cutover
postponed", "年卡到期没续，换了乐刻"); later, a line about its subject is about something
else (July's roster for "春节排班", an October note for a July race)."""

_NEW_NUMBER = "phone:own-new"
_NEW_CAR = "vehicle:bought"

_COLOUR = (
    r"(?:grey|gray|silver|white|black|blue|red|green|yellow|orange|brown|beige|gold|maroon"
    r"|navy|dark \w+|light \w+)"
)
"""A car's colour, said before its year and make ("picked up a grey 2021 Kia Niro")."""
_BOUGHT_CAR = re.compile(
    r"\b(?:bought|signed for|picked up|leased|traded (?:it |the \w+ )?in for"
    r"|got the keys (?:to|for))"
    rf"(?: (?:a|an|the|my|our|his|her|their))?(?: new| used| brand new)?(?: {_COLOUR})?"
    rf"(?: \d{{4}})? (?={MAKES}\b)"
    rf"|(?:新车|买了|提了)[^。；;]{{0,8}}?(?={MAKES_ZH})"
    # "Drove the 2019 Honda CR-V home from the dealer"
    rf"|\bdrove(?: (?:a|an|the|my|our))?(?: new| used| brand new)?(?: \d{{4}})? "
    rf"(?=(?:{MAKES})\b[^.;]{{0,30}}\bhome from the (?:dealer|dealership|lot)\b)"
)
"""A car bought, with its make ("signed for a 2022 Toyota RAV4", "新车提了，长安睿行M80", "got the
keys to his new DAF XF 480")."""
_OPENING_VERB = re.compile(
    r"drove|bought|got|took|picked|signed|collected|leased|purchased|finally|just"
    r"|part-ex(?:ed|changed)|traded|sold"
)
"""A line's first word that is what the person did ("Drove the 2019 Honda CR-V home"), not
who did it."""
_CAR_ENTRY = re.compile(rf"{_VEHICLE.pattern}|\bdrives\b")


_SOLD = re.compile(rf"sold|verkauft|vendid[oa]|vendu|prodan[aoi]?|pārdot[sa]|müüdud|{_SOLD_IT}")
"""Words of a thing sold (the car's name before or after them)."""


def _car_sold(cue: Cue, entry: Entry) -> bool:
    """The model or make of the entry's car (an entry naming a car make), right beside a
    word of selling it."""
    norm = normalize(entry.text)
    words = re.sub(r"\s(?:the|my|our|his|her|their)$", "", cue.words)  # "sold the"
    if _SOLD.fullmatch(words) is None or not MAKE.search(norm):
        return False
    target = _target(cue)
    if target is None:
        return False
    if target in {m.group(0) for m in MAKE.finditer(norm)}:
        return True  # the make alone, of a model named by its number ("Sold the Mazda" for
        # "Car: grey 2014 Mazda3 hatch")
    # (the name with a case ending, as Albanian and Estonian give it: "e shiti Punton")
    return any(
        stem(target) == stem(n)
        or (len(n) >= 4 and target.startswith(n) and len(target) <= len(n) + 2)
        for n in proper_nouns(entry.text)
    )


def _another_car(entry: Entry, line: SourceLine) -> str | None:
    """The words saying the person bought a car of another make than the one the entry
    gives for theirs ("signed for a 2022 Toyota RAV4" for "Car: 2015 Honda Pilot"), unless
    the line opens with someone the entry does not name ("建军把他的出租换成新的了，比亚迪秦")."""
    text, said = normalize(entry.text), normalize(line.text)
    bought = _BOUGHT_CAR.search(said)
    if bought is None or not _CAR_ENTRY.search(text):
        return None
    ours = {m.group(0) for m in MAKE.finditer(text)}
    theirs = MAKE.match(said, bought.end())
    if not ours or theirs is None or theirs.group(0) in ours:
        return None
    first = _FIRST_WORD.match(line.text)
    opener = opening_zh_name(line.text) or (first.group(1) if first else None)
    lead = _FIRST_WORD.match(said)
    if (
        first
        and opener == first.group(1)
        and lead
        and len(said[lead.end() : bought.start()].split()) > 2
    ):
        opener = None  # who opens the line did not buy it ("Long one: ... got the keys to ...")
    if (
        opener
        and opener[0].isupper()
        and not _OPENING_VERB.fullmatch(opener.lower())
        and stem(opener.lower()) not in subject_tokens(entry.text)
    ):
        return None  # "Darnell bought a Ford": his
    if opener and has_cjk(opener) and opener not in text:
        return None
    return said[bought.start() : theirs.end()]


_NEW_NUMBER_GIVEN = r"new (?:phone |cell |mobile )?number(?: now)?\s*(?:is\s*)?[:：]?\s*\+?\d"
"""A new number said and given ("new number now: 504-555-0193", "New number is 07700 ...")."""
_OWN_NUMBER = re.compile(
    r"\bmy (?:new )?(?:number|phone number|cell|mobile)\b|\bmy new (?:line|sim)\b"
    # (said of the person by the agent too: "用户换号了, 新的是一五九 零五九二 三三八一")
    r"|我的?新(?:手机)?号|(?:我|用户)(?:换|改)了?(?:手机)?号"
    # one's new number sent round ("给爸妈、齐大姐都发了新号", "sent the new number to Ana")
    r"|发了?新(?:手机)?号|\bsent (?:out |round )?(?:my |the )?new number\b"
    # one's line moved ("couldn't keep the old number ... so I'm on 07700 900556 now"); a
    # line that opens with a new number got ("新号 办好哒 186 7312 0448, 139 那个 月底 停")
    r"|\bi'?m on \+?\d[\d\s-]{6,}\d|\bi am on \+?\d[\d\s-]{6,}\d|^\W*新(?:手机)?号码?\s*(?:办|开|是|[:：]|\d)"
    # a line or a "so" clause that opens with the new number or with changing to one (not
    # a sentence after one about someone: "Mummy change phone number liao... New number
    # +60 17-382 9045"; "so new number now: 504-555-0193", "换了个新号：188 3519 0263"), and
    # the old one the carrier could not keep ("couldn't port the old one")
    rf"|(?:^\W*|\bso\s){_NEW_NUMBER_GIVEN}"
    r"|^\W*换了?个?新(?:手机)?号|\bcouldn'?t (?:keep|port|transfer) (?:the|my) old (?:number|one)\b"
    # a new number given to one ("Verizon gave me new number: 808-555-0199")
    r"|\b(?:gave|given|got|get|issued) me (?:a )?new (?:phone |cell |mobile )?number\b",
    re.IGNORECASE,
)
"""A line giving one's own new number ("my number is now 071 555 0388"): it concerns the
entry with one's number even when it shares no word with it ("Cell: 082 555 0143"), and no
one else's."""
_NEW_NUMBER_SENTENCE = re.compile(rf"[.;—–]\s*{_NEW_NUMBER_GIVEN}", re.I)
_THIRD_PERSON = re.compile(
    r"\b(?:he|she|his|her|him|they|their|them)\b"
    r"|\b(?!(?:it|that|what|there|here|who|let)['’]s)\w+['’]s\b",  # "Ganesh's", not "it's"
    re.I,
)


@functools.lru_cache(maxsize=50000)
def _own_number(text: str) -> re.Match[str] | None:
    """Where ``text`` gives one's own new number (:data:`_OWN_NUMBER`), or a sentence opens
    with a new number after words of no one else ("Phone finally died ... so got a new one.
    New number is 07700 900587"; not "He's taken a new SIM — new number is 70288 63519")."""
    found = _OWN_NUMBER.search(text)
    if found is not None:
        return found
    sentence = _NEW_NUMBER_SENTENCE.search(text)
    if sentence is None:
        return None
    before = text[: sentence.start()]
    if _THIRD_PERSON.search(before) or _kin(normalize(before)):
        return None
    return sentence


_THEIR_PHONE = re.compile(
    r"\b(?:his|her|their)\s(?:\w+\s){0,2}(?:line|number|phone|mobile|cell|sim)\b"
)
"""A number said to be someone else's ("dropped his Telecel line", "her new number")."""
_MY_PHONE_ENTRY = re.compile(r"\W*my\s(?:\w+\s){0,2}(?:line|number|phone|mobile|cell|sim)\b")
"""An entry that holds one's own number in the first person ("My MTN line: 024 455 7812")."""
_OWN_PHONE_ENTRY = re.compile(
    r"\W*(?:(?:my|own) |(?:我|俺)的?)?(?:cell|mobile|phone|tel|handy|手机|电话|号码)", re.I
)
"""An entry that holds one's own number: it opens with the word for it ("Cell: 082 ...",
"手机号138 ...", "我手机：138 ...")."""


_LETTER = r"[^\W\d_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
"""A letter of an alphabet (not of Chinese, Japanese or Korean, which name drugs otherwise)."""
_DOSED = re.compile(
    # (a drug's name in any alphabet, the micro sign as NFKC writes it: "L-tiroksīns 50 µg")
    rf"({_LETTER}(?:{_LETTER}|-){{3,}})\s+\d+(?:\.\d+)?\s?(?:mg|mcg|µg|μg|ug|iu|ml)\b"
    rf"|\d+(?:\.\d+)?\s?(?:mg|mcg|µg|μg|ug|iu)\s+(?:of\s+|ang\s+)?({_LETTER}(?:{_LETTER}|-){{3,}})"
)


@functools.lru_cache(maxsize=50000)
def _dosed(text: str) -> frozenset[str]:
    """The words of a medicine the entry gives a dose of ("amlodipine 5mg every morning"): a
    drug written in lower case is what the entry is about, as a name would be."""
    words = (m.group(1) or m.group(2) for m in _DOSED.finditer(normalize(text)))
    return frozenset(t for w in words for t in subject_tokens(w))


def _written_as(acronym: str, line: SourceLine) -> bool:
    """The line writes ``acronym`` as one: a two-letter one only in capitals ("DR" for
    "Davy Rooney", not the "Dr" of "Dentist 10.40 with Dr Moore")."""
    return len(acronym) > 2 or re.search(rf"\b{acronym.upper()}\b", line.text) is not None


_VALUED_KINDS = frozenset({"phone", "grade"})
"""Values a line giving in place of an entry's updates that entry even when another entry
is more about the line: a number, a school year ("轩轩 高三 开学了" for "轩轩 现在高二", beside
"轩轩 家长会 this Thursday")."""


def _valued(match: UpdateMatch) -> bool:
    """The match gives a value in place of the entry's that updates it whoever else the
    line is more about: a number, a school year, or a day named by a clause of a change
    that names the entry's subject too ("the residency is moving to Thursdays for good"
    for "residency ... Tuesdays", beside the band's line-up; not "Changed my TAP booking
    to Thu" for a sister's Sunday call, nor one day, "last Wednesday")."""
    old, new = match.old_value, match.new_value
    if old is None:
        return False
    if old.kind in _VALUED_KINDS:
        return True
    if old.kind != "weekday" or new is None:
        return False
    return any(
        change_cue(clause) is not None
        and new.value in {v.value for v in typed_values(clause) if v.kind == "weekday"}
        and not subject_tokens(clause).isdisjoint(match.shared)
        and not re.search(rf"\b(?:last|next|this|coming) {re.escape(new.text)}\b", clause)
        for clause in clauses(match.line.text)
    )


def find_updates(
    entries: list[Entry],
    lines: list[SourceLine],
    corpus: Corpus,
    params: UpdateParams | None = None,
    today: date | None = None,
    cancel: Callable[[], bool] | None = None,
    rewritten: dict[str, date] | None = None,
    over: dict[int, date] | None = None,
) -> list[tuple[Entry, list[UpdateMatch], date | None, str | None]]:
    """Each entry with its newer contradicting lines (best first), its date and how known;
    ``rewritten``: the day the person last wrote an entry's text through the review (by its
    key), so that the lines it was updated from are not newer than it; ``over``: the last
    day of the entries that tell of an event whose days have passed (a line written more
    than ``_AFTERMATH`` after it does not change it)."""
    params = params or UpdateParams()
    today = today or date.today()
    by_token: dict[str, list[int]] = defaultdict(list)
    tokens_of: list[frozenset[str]] = []  # each line's, worked out once (years of notes)
    for index, line in enumerate(lines):
        line_tokens = with_given_names(subject_tokens(line.text))
        tokens_of.append(line_tokens)
        for token in line_tokens:
            by_token[token].append(index)
        for value in typed_values(line.text):
            if value.kind in _NAMED_VALUES:
                by_token[f"{value.kind}:{value.value}"].append(index)
            if value.kind == "phone" and _own_number(line.text):
                by_token[_NEW_NUMBER].append(index)
            if value.kind == "phone":  # a relative's number ("妈换号了: 139 5812 0763")
                for kin in _kin(normalize(line.text)):
                    by_token[f"{_KIN_NUMBER}{kin}"].append(index)
        if _BOUGHT_CAR.search(normalize(line.text)):
            by_token[_NEW_CAR].append(index)

    numbered = identifying_counters(entries)
    per_line: dict[int, list[tuple[float, Entry, UpdateMatch]]] = defaultdict(list)
    written: dict[int, tuple[date | None, str | None]] = {}
    near_of: dict[int, list[SourceLine]] = {}
    for entry in entries:
        if cancel is not None and cancel():
            raise Cancelled()
        if _REMINDER.match(normalize(entry.text)):
            continue  # a task ("明天记得交伙食费") is done or stale, not updated
        tokens = with_given_names(subject_tokens(entry.text))
        names = proper_nouns(entry.text)
        heads = head_tokens(entry.text)
        candidates: set[int] = set()
        dosed = _dosed(entry.text)
        for token in tokens:
            if is_specific(token) or token in names or token in heads or token in dosed:
                candidates.update(by_token.get(token, ()))
        for value in typed_values(entry.text):  # a line naming the entry's amount or host
            if value.kind in _NAMED_VALUES:
                candidates.update(by_token.get(f"{value.kind}:{value.value}", ()))
            if value.kind == "phone" and _OWN_PHONE_ENTRY.match(normalize(entry.text)):
                candidates.update(by_token.get(_NEW_NUMBER, ()))
            if value.kind == "phone":
                for kin in _kin(normalize(entry.text)):
                    candidates.update(by_token.get(f"{_KIN_NUMBER}{kin}", ()))
        makes = [m.group(0) for m in MAKE.finditer(normalize(entry.text))]
        if makes and _CAR_ENTRY.search(normalize(entry.text)):
            candidates.update(by_token.get(_NEW_CAR, ()))
            for make in makes:  # "Sold the Mazda" for "Car: grey 2014 Mazda3 hatch"
                candidates.update(by_token.get(make, ()))
        models = {  # a model named by its make and number ("mazda3"), by its make
            m.group(0): token
            for token in tokens
            if (m := MAKE.match(token)) is not None and token[m.end() :].isdigit()
        }
        short = acronyms(entry.text)  # "GFW" in a note for "Glasgow Fiddle Workshop"
        for acronym, _ in short:
            candidates.update(
                i for i in by_token.get(acronym, ()) if _written_as(acronym, lines[i])
            )
        nicknames = _nicknames(names | _first_name(entry.text), by_token, lines)  # "Kev": Kevin
        for lines_of in nicknames.values():
            candidates.update(lines_of)
        if not candidates:
            continue
        if len(candidates) > MAX_LINES_PER_ENTRY:
            # years of notes name a colleague in thousands of lines: the newest ones are
            # where a change is said (undated lines are no evidence of a change anyway)
            dated = sorted(
                (i for i in candidates if lines[i].day is not None),
                key=lambda i: (lines[i].day or date.min, i),
                reverse=True,
            )
            candidates = set(dated[:MAX_LINES_PER_ENTRY])
        near = [lines[i] for i in sorted(candidates)]
        near_of[entry.start_line] = near
        day, how = entry_written_on(entry, near, corpus, params, today)
        if rewritten and entry.key in rewritten and (day is None or rewritten[entry.key] > day):
            day, how = rewritten[entry.key], "rewritten"
        written[entry.start_line] = (day, how)
        for index in candidates:
            line = lines[index]
            if line.day is None or (day is not None and line.day <= day) or line.day > today:
                continue
            if (
                over
                and entry.start_line in over
                and line.day > over[entry.start_line] + _AFTERMATH
                # unless it gives the event another day ("the deadline moves to 31 July")
                and _date_conflict(entry.text, line.text, line.day) is None
            ):
                continue
            line_tokens = tokens_of[index]
            for acronym, words in short:
                if acronym in line_tokens and _written_as(acronym, line):
                    line_tokens = line_tokens | words
            line_tokens |= {name for name, at in nicknames.items() if index in at}
            line_tokens |= {model for make, model in models.items() if make in line_tokens}
            ov = overlap(
                tokens,
                line_tokens,
                corpus,
                names | proper_nouns(line.text) | dosed,
                heads,
                line.text,
            )
            judged = _judge(
                entry, line, ov, params, names | proper_nouns(line.text), heads, today, numbered
            )
            if judged is None or judged[0] < params.min_score:
                continue
            score, why, values = judged
            old_value, new_value = values if values else (None, None)
            subject = ov.cover_entry + ov.cover_line
            per_line[index].append(
                (
                    subject,
                    entry,
                    UpdateMatch(
                        entry, line, score, why, ov.shared, old_value, new_value, ov.cover_entry
                    ),
                )
            )

    per_entry: dict[int, list[UpdateMatch]] = defaultdict(list)
    for pairs in per_line.values():
        best, _, top = max(pairs, key=lambda p: p[0])
        # a value the line gives in place of an entry's, where the line's best entry has
        # none ("老伴原来那个135的号不用了...现在用新办的 150 2960 8841" for her number, beside a
        # phone plan that shares 移动)
        valued = {id(m) for _, _, m in pairs if top.old_value is None and _valued(m)}
        # a day given so: the line is about that entry, not about another it shares more
        # words with and changes no value of
        day_given = any(
            id(m) in valued and m.old_value is not None and m.old_value.kind == "weekday"
            for _, _, m in pairs
        )
        for subject, entry, match in pairs:
            if day_given and match.old_value is None:
                continue
            # a line updates the entry it is most about, or any entry naming the same
            # identifier (a host, an address), or whose role it gives another holder
            # ("Priya is now primary supervisor and Tomás second supervisor": two entries)
            holder = match.old_value is not None and match.old_value.kind == "holder"
            # the same old value as the line's best entry: a copy of it ("Shopify 月费 39 美元"
            # beside "Shopify plan: Basic, $39/月")
            same_old = (
                match.old_value is not None
                and top.old_value is not None
                and (match.old_value.kind, match.old_value.value)
                == (top.old_value.kind, top.old_value.value)
            )
            if (
                subject >= best * 0.8
                or holder
                or same_old
                or id(match) in valued
                or any(is_identifier(t) for t in match.shared)
            ):
                per_entry[entry.start_line].append(match)

    results: list[tuple[Entry, list[UpdateMatch], date | None, str | None]] = []
    by_line = {e.start_line: e for e in entries}
    for start, found in per_entry.items():
        entry = by_line[start]
        # lines much less about the entry than the best one are left out ("先把旧视频挪到
        # NAS" shares one word with "每周日晚上 8 点视频"), then newest first: the latest
        # change is the truth to compare with
        best_cover = max(m.cover for m in found)
        # (a new number of one's own is kept: "so I'm on 07700 900556 now" shares no word)
        found = [
            m
            for m in found
            if m.cover >= RELATIVE_COVER * best_cover
            or (m.old_value is not None and m.old_value.kind == "phone" and m.cover == 0)
        ]
        # the strong ones first (a weaker, newer mention of the subject is no better evidence)
        strongest = max(m.score for m in found)
        found.sort(
            key=lambda m: (
                m.score < STRONG_SHARE * strongest,
                -(m.line.day.toordinal() if m.line.day else 0),
                -m.score,
            )
        )
        newest_change = max(m.line.day for m in found if m.line.day)
        changed = found[0].old_value
        later = [
            line
            for line in near_of.get(start, ())
            if line.day is not None
            and line.day > newest_change
            and restates(entry, line, corpus, params)
            # a value changed: only a line that names the old value again says it lasted
            and (changed is None or _names(line.text, changed))
        ]
        if later:
            continue
        day, how = written.get(start, (None, None))
        results.append((entry, found[:3], day, how))
    results.sort(key=lambda r: r[0].start_line)
    return results
