"""Bilingual text features for the health review: subject tokens, typed values, cue words.

Everything here is deterministic and cheap. English words are lower-cased and lightly
stemmed; Chinese runs are segmented with ``jieba`` (single characters are dropped from
subjects, they are too common to identify anything); identifiers such as ``ci-old-3``,
``pg-core.larkspur.internal`` or ``10.20.4.15`` stay whole and also give their word parts.

Values are typed (IP, version, host, time of day, weekday, money, percent, port, date, plain
number with its unit word) so that two lines only disagree when they give different values of
the same type: "port 5433" against "CPU at 80%" is no disagreement.
"""

from __future__ import annotations

import calendar
import functools
import logging
import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from ..text.analysis import ENGLISH_STOP_WORDS
from ..text.crosslingual import dictionary
from ..text.dates import MONTH_NAMES, MONTHS

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_RUN = re.compile(f"[{_CJK}]+")
_IDENT = re.compile(r"[a-z0-9](?:[a-z0-9_]|[.:/@-](?=[a-z0-9]))*", re.ASCII)
_HAS_CJK = re.compile(f"[{_CJK}]")
_WEEKDAY_ZH = re.compile(
    r"每?(?:周|星期|礼拜)[一二三四五六日天](?:和(?:周|星期|礼拜)?[一二三四五六日天])?"
)

EN_STOP = ENGLISH_STOP_WORDS | frozenset(
    # words of time and state that never name what a line is about ("now uses", "still
    # leads", "new server"): change wording is read from them, subjects are not
    [
        "anymore",
        "currently",
        "don",
        "done",
        "gets",
        "new",
        "now",
        "old",
        "one",
        "per",
        "still",
        "three",
        "today",
        "tomorrow",
        "two",
        "use",
        "used",
        "uses",
        "using",
        "via",
        "will",
        "yesterday",
    ]
)
"""Function words and the change/time words that never identify a subject."""

CALENDAR_WORDS = frozenset(
    [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "mondays",
        "tuesdays",
        "wednesdays",
        "thursdays",
        "fridays",
        "saturdays",
        "sundays",
        "mon",
        "tue",
        "tues",
        "wed",
        "thu",
        "thur",
        "thurs",
        "fri",
        "sat",
        "sun",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    ]
)
"""Weekdays and months are values (see :func:`typed_values`), never subjects."""

ZH_STOP = frozenset(
    [
        "的",
        "了",
        "在",
        "是",
        "我",
        "你",
        "他",
        "她",
        "它",
        "们",
        "我们",
        "他们",
        "和",
        "与",
        "及",
        "也",
        "都",
        "就",
        "还",
        "把",
        "被",
        "给",
        "让",
        "一个",
        "这个",
        "那个",
        "这",
        "那",
        "着",
        "过",
        "吗",
        "呢",
        "吧",
        "啊",
        "呀",
        "很",
        "又",
        "再",
        "已",
        "已经",
        "现在",
        "目前",
        "今天",
        "明天",
        "昨天",
        "之后",
        "以后",
        "开始",
        "不再",
        "不",
        "没",
        "没有",
        "改为",
        "改成",
        "换成",
        "换",
        "转到",
        "转去",
        "搬到",
        "起",
        "从",
        "到",
        "会",
        "要",
        "将",
        "说",
        "有",
        "个",
        "上",
        "下",
        "中",
        "里",
        "对",
        "以",
        "为",
        "而",
        "并",
        "或",
        "等",
        "之前",
        "以前",
        "还是",
        "一直",
        "所以",
        "因为",
        "但是",
        "可以",
        "这样",
        "那样",
        "一下",
        "什么",
        "怎么",
        "时候",
        "下个月",
        "本周",
        "下周",
        "这周",
    ]
)

_ZH_PREPOSITIONS = frozenset("由从把被给跟和与向对让叫找请")

_STEM_SUFFIXES = ("ing", "ies", "ied", "es", "ed", "s")


def stem(word: str) -> str:
    """A light English stemmer: releases / released / release → ``releas``."""
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix in _STEM_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix in ("ies", "ied"):
                word = word[: -len(suffix)] + "y"
            elif suffix == "s" and word.endswith("ss"):
                break
            else:
                word = word[: -len(suffix)]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def normalize(text: str) -> str:
    """NFKC, lower case, Cantonese written words as Mandarin and traditional characters as
    simplified, one character for one (offsets stay): "換咗新嘅寬頻" reads "换了新的宽频", so
    the change words, stop words and the segmenter apply to Hong Kong and Taiwan notes."""
    plain = unicodedata.normalize("NFKC", text).lower()
    if plain.isascii():
        return plain
    plain = _CANTONESE_WORDS.sub(lambda m: _CANTONESE[m.group(0)], plain)
    found = dictionary()
    return found.simplify(plain) if found is not None else plain


def surface(text: str, piece: str) -> str:
    """``piece`` (a part of ``normalize(text)``) as ``text`` writes it: traditional
    characters, Cantonese words and capitals as they were ("轉為" for "转为")."""
    plain = unicodedata.normalize("NFKC", text)
    norm = normalize(text)
    at = norm.find(piece)
    if at < 0 or len(norm) != len(plain):
        return piece
    return plain[at : at + len(piece)]


_CANTONESE = {
    "而家": "现在",
    "聽日": "明天",
    "听日": "明天",
    "琴日": "昨天",
    "尋日": "昨天",
    "今個月": "这个月",
    "今个月": "这个月",
    "今個星期": "这个星期",
    "返工": "上班",
    "放工": "下班",
    "逢星期": "每星期",
    "咗": "了",
    "唔": "不",
    "喺": "在",
    "嘅": "的",
    "係": "是",
    "佢": "他",
    "哋": "们",
    "冇": "没",
    "俾": "给",
    "畀": "给",
    "啲": "些",
    "睇": "看",
    "搵": "找",
    "嗰": "那",
    "嚟": "来",
}
"""Cantonese written words and their Mandarin ones, of the same length."""
_CANTONESE_WORDS = re.compile("|".join(sorted(map(re.escape, _CANTONESE), key=len, reverse=True)))


class _Segmenter(Protocol):
    """What is used of the ``jieba`` module (jieba ships no type information)."""

    def lcut(self, sentence: str, cut_all: bool = False, HMM: bool = True) -> list[str]: ...


@functools.lru_cache(maxsize=1)
def _jieba() -> _Segmenter:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    segmenter: _Segmenter = jieba
    return segmenter


@functools.lru_cache(maxsize=20000)
def segment_cjk(run: str) -> tuple[str, ...]:
    """Words of a run of Chinese characters (``jieba``; HMM on for names)."""
    return tuple(w for w in _jieba().lcut(run) if w.strip())


@functools.lru_cache(maxsize=20000)
def subject_tokens(text: str) -> frozenset[str]:
    """The words that can identify what a line is about (stop words dropped)."""
    norm = _WEEKDAY_ZH.sub(" ", normalize(text))
    tokens: set[str] = set()
    for run in _CJK_RUN.findall(norm):
        for word in segment_cjk(run):
            if len(word) >= 3 and word[0] in _ZH_PREPOSITIONS:
                word = word[1:]  # jieba glues prepositions to names: 由晓峰, 从晓峰
            if len(word) >= 3 and word[-1] in "的了":
                word = word[:-1]
            if len(word) >= 2 and word not in ZH_STOP:
                tokens.add(word)
    latin = _CJK_RUN.sub(" ", norm)
    for match in _IDENT.finditer(latin):
        ident = match.group(0).strip(".:/@-")
        if not ident:
            continue
        parts = re.split(r"[.:/@_-]", ident)
        if len(parts) > 1:
            tokens.add(ident)
            for part in parts:
                if len(part) >= 3 and part.isalpha() and part not in EN_STOP:
                    tokens.add(stem(part))
            continue
        if ident in EN_STOP or ident in CALENDAR_WORDS or (len(ident) < 2 and not ident.isdigit()):
            continue
        if ident.isdigit():
            continue  # bare numbers are values, not subjects
        tokens.add(stem(ident))
    return frozenset(tokens)


@functools.lru_cache(maxsize=50000)
def is_specific(token: str) -> bool:
    """An identifier-like token (digits, separators) or a Chinese word of 2+ characters."""
    return bool(re.search(r"[0-9.:/@_-]", token)) or (
        bool(_HAS_CJK.search(token)) and len(token) >= 2
    )


@functools.lru_cache(maxsize=50000)
def is_identifier(token: str) -> bool:
    """A host, address or version-like token (letters with digits and separators)."""
    return (
        bool(re.search(r"\d", token)) and bool(re.search(r"[a-z]", token)) or token.count(".") >= 2
    )


@functools.lru_cache(maxsize=50000)
def has_cjk(text: str) -> bool:
    return bool(_HAS_CJK.search(text))


# ---------------------------------------------------------------------------- cue words

_REMOVAL = [
    r"no longer",
    r"not any ?more",
    r"\bnot .{0,20} anymore\b",
    r"decommission(?:ed|ing)?",
    r"shut (?:it )?down",
    r"\bretired\b",
    r"\bremoved\b",
    r"\bdeprecated\b",
    r"\bsunset\b",
    r"\bdropped\b(?! (?:a|an|off|by|in|me)\b)",  # not "Karim dropped a batch" (delivered)
    r"\bstopped\b",
    r"\bcancel(?:l)?ed\b",
    r"\bquit\b",
    r"\bgave up\b",
    r"\bhas left\b",
    r"\bis leaving(?! for\b)",
    r"\bleft the\b",
    r"\bis gone\b",
    r"\bno more\b",
    r"\bturned off\b",
    r"\bended\b",
    r"不再",
    r"下线",
    r"停用",
    r"弃用",
    r"废弃",
    r"关停",
    r"停掉",
    r"关掉",
    r"离职",
    r"辞职",
    r"取消",
    r"不用了",
    r"已经?不",
    r"没有了",
    # the thing itself is gone: deleted, sold, handed back, not renewed
    r"\b(?:deleted|uninstalled|unsubscribed)\b",
    r"\b(?:not|never|didn't|won't) (?:to )?renew(?:ed|ing)?\b",
    r"删掉",
    r"删了",
    r"卸载",
    r"卖掉",
    r"卖了",
    r"卖给",
    r"交回",
    r"退掉",
    r"(?<!续)不续",  # not the question 续不续约
    r"没续",
    # done with it ("Finished 《置身事内》" for "在读《置身事内》")
    r"\bfinished\b",
    r"读完",
    r"看完",
    r"以后不",
    r"今后不",
    r"不去了",
    r"\blast day\b",
    r"\bhand(?:ed|ing|s)? in (?:his|her|their|my) notice\b",
    r"\bresign(?:ed|ing|s)?\b",
    r"\btrad(?:ed|ing) in\b",
    r"\bgot rid of\b",
    r"\bditched\b",
    r"\bsold (?:the|my|our|his|her|it)\b",
    r"\b(?:is|was|got) sold\b",
    r"\bterminated\b",
    r"\blast (?:lesson|class|session|shift)\b",
    r"退休",
    r"终止",
    r"决定不",
    r"\b(?:delete|cancel|uninstall)\s?了",  # "cancel 咗 Netflix", "app 已经 delete 咗"
    r"关店",
    r"关门了",
    r"最后一天",
    r"退订",
    r"停了",
    r"只读",
    r"\bread-only\b",
]
_DIRECTIONAL = [
    r"switch(?:ed|es|ing)? (?:over )?to",
    r"moved (?:over )?to",
    r"moving to",
    r"moves? (?:over )?to",
    r"relocat(?:ed|ing|es)? to",
    r"migrat(?:ed|ing) to",
    r"replac(?:ed|ing) (?:by|with)",
    r"upgraded to",
    r"downgraded to",
    r"transferred to",
    r"changed to",
    r"renamed to",
    r"改为",
    r"改成",
    r"改到",
    r"改用",
    r"换成",
    r"换到",
    r"转到",
    r"转去",
    r"调到",
    r"调去",
    r"搬到",
    r"搬去",
    r"迁移到",
    r"迁到",
    r"迁至",
    r"升级到",
    r"升到",
    r"变成",
    r"挪到",
    r"移到",
    r"调整到",
    r"迁过去",
    r"转为",
    r"(?:转|换|改)了用",
    r"搬过去",
    r"转过去",
    r"转给",
    r"交给",
]
_FORMER = [
    r"\(was\b",
    r"\bwas previously\b",
    r"\bpreviously\b",
    r"\bused to\b",
    r"\bold one\b",
    r"原来是",
    r"以前是",
    r"之前是",
    r"原来的",
    r"旧的",
]
_REPLACE = [
    r"\brenewed\b",
    r"instead of",
    r"\binstead\b",
    r"\bswitched\b",
    r"\bmigrated\b",
    r"\breplaced\b",
    r"\brenamed\b",
    r"\bchanged\b",
    r"from now on",
    r"going forward",
    r"starting (?:today|tomorrow|next|this|from|on|monday|tuesday|wednesday|thursday|friday)",
    r"from (?:next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|next)",
    r"took over",
    r"takes over",
    r"taking over",
    r"handed (?:over|off)",
    r"\bmoved\b(?!\s+(?!into\b)[^,;]*\binto\b)",  # not "moved steamShutdown() into X"
    r"\bupgraded\b",
    r"\btransferred\b",
    r"\bnew (?:address|ip|host|server|number|phone|manager|lead|office|owner|schedule|day|time|port|version|name|team|role|grade"
    r"|gp|doctor|dentist|landlord|landlady|apprentice|supplier|accountant|vet|boss|coach|tutor|provider|plan|lease|contract|car|van|laptop"
    r"|teacher|term arrangement|arrangement|director|contractor)\b",
    r"from here on",
    r"\brenewal\b",
    r"\b(?:going|goes|went|bumped|jumped|put) (?:up |down )?to (?=[€$£¥]|\d)",
    r"\bnow (?:on|at|in|uses?|using|runs?|running|lives?|works?|leads?|owns?|goes|go|points?|reports?|prefers?|drinks?|takes?|meets?|happens?|starts?|costs?)\b",
    r"\b(?:is|are|'s) now\b",
    r"\bnow is\b",
    r"\bnow are\b",
    r"换了",
    r"更换",
    r"转岗",
    r"搬家",
    r"接手",
    r"接替",
    r"改了",
    r"已经(?:是|变成|换成|改成)",
    r"(?:换|拿|买|办|配|领)了?(?:一[个台部张辆只])?新的?",
    r"(?:今天|明天|昨天|下周[一二三四五六日天]?|上周|下(?:个)?(?:星期|礼拜)|下个?月|上个?月|本月|\d+月\d+[日号]?|\d+[日号]|周[一二三四五六日天]|这周|以后|今后)(?:开始|起)",
    r"以后(?:固定|每|都|就|改)",
    r"续签了?|续约了?|续租了",
    r"调完?薪|涨薪|加薪|降薪",
    r"新的?(?:合同|租约|地址|号码|手机号?|电话|房东|领导|经理|老板|工作|公司|护照|医生|牙医"
    r"|护士长|主任|组长|同事|健身房|单位|医院|学校|车)",
    r"从.{0,12}(?:起|开始)",
    r"现在(?:改|换|是|在|用|由|住|负责|归|变)",
    # a value that went up or down ("房租涨到 7200", "raised to $40")
    r"(?:涨|降|调|调整|上调|下调|提高|降低|加|减|增加|减少|提)(?:到|为|至)",
    r"\b(?:went up|went down|raised|increased|decreased|rose|dropped|cut|reduced) to\b",
]
_RESCHEDULE = [
    r"\bpostponed\b",
    r"\brescheduled\b",
    r"\bdelayed\b",
    r"推迟",
    r"延期",
    r"提前到",
    r"改期",
]
_EN_WEAK = [r"\bnow\b", r"\bcurrently\b", r"\bthese days\b", r"\bsince\b"]
_ZH_WEAK = [r"现在", r"目前", r"如今", r"以来"]
_ADDITIVE = [
    r"\balso\b",
    r"\btoo\b",
    r"\bas well\b",
    r"\bin addition\b",
    r"\banother\b",
    r"\bbesides\b",
    r"也",
    r"还(?!是|在用|在)",
    r"另外",
    r"同时",
    r"此外",
]

CUE_CLASSES: list[tuple[str, re.Pattern[str]]] = [
    ("removal", re.compile("|".join(_REMOVAL), re.IGNORECASE)),
    ("directional", re.compile("|".join(_DIRECTIONAL), re.IGNORECASE)),
    ("replace", re.compile("|".join(_REPLACE), re.IGNORECASE)),
    ("reschedule", re.compile("|".join(_RESCHEDULE), re.IGNORECASE)),
    ("former", re.compile("|".join(_FORMER), re.IGNORECASE)),
    ("weak", re.compile("|".join(_EN_WEAK + _ZH_WEAK), re.IGNORECASE)),
]
ADDITIVE = re.compile("|".join(_ADDITIVE), re.IGNORECASE)
_FUTURE = re.compile(
    r"\bprobably\b|\blikely\b|\bperhaps\b|\bhope\b|\bif\b|\bplan(?:s|ned|ning)? to\b|\bmight\b|\bmaybe\b|\bmay\b|\bshould\b|"
    r"\bwould\b|\bwants? to\b|\bthinking (?:about|of)\b|\bconsider|\bpropos|\bsuggest|\?|"
    r"计划|打算|可能|如果|也许|考虑|想要|想|准备|建议|讨论|？",
    re.IGNORECASE,
)
_ONE_OFF = re.compile(
    r"\bjust this once\b|\bthis once\b|\bthis time only\b|\bonly this (?:time|week|sprint|month)\b|"
    r"\bthis (?:week|sprint|month) only\b|\bone[- ]off\b|\btemporar(?:y|ily)\b|\bfor (?:today|this week) only\b|"
    r"仅此一次|只此一次|就这一次|这一次|这次例外|临时|暂时|本次|今次|只是这次",
    re.IGNORECASE,
)
"""A change said to hold once ("moved to Thursday just this once", 临时改到) leaves the
standing fact true."""
_CLAUSE_SPLIT = re.compile(
    r"[，;；。！!？?→]|->|,(?!\d)|(?<!\bmr)(?<!\bms)(?<!\bmrs)(?<!\bdr)(?<!\bst)(?<!\bprof)(?<!\bvs)"
    r"\.(?:\s|$)|\s[—–-]\s|:\s"
)
"""Where a line's clauses end (not at the full stop of a title: "New teacher Mr. Loh")."""


@dataclass(frozen=True)
class Cue:
    kind: str
    """``removal``, ``directional``, ``replace``, ``reschedule`` or ``weak``."""
    words: str
    clause: str
    position: int
    """Offset of the cue inside ``clause``."""
    hedged: bool
    """The clause is future, conditional or a question."""


def clauses(text: str) -> list[str]:
    return [c for c in _CLAUSE_SPLIT.split(normalize(text)) if c.strip()]


@functools.lru_cache(maxsize=50000)
def cues(text: str) -> tuple[Cue, ...]:
    """Every change cue of ``text`` with the clause it sits in."""
    found: list[Cue] = []
    previous_hedged = False
    # a change said to hold once makes the whole line about that once ("This week only
    # I'm covering Penang; back on Port Klang from Monday" changes nothing)
    once = bool(_ONE_OFF.search(normalize(text)))
    for clause in clauses(text):
        hedged = bool(_FUTURE.search(clause) or once) or previous_hedged
        previous_hedged = bool(_FUTURE.search(clause))
        for kind, pattern in CUE_CLASSES:
            for match in pattern.finditer(clause):
                # "an icon Zhou Ming had renamed": an earlier change told as background
                background = clause[max(0, match.start() - 4) : match.start()] == "had "
                found.append(
                    Cue(kind, match.group(0).strip(), clause, match.start(), hedged or background)
                )
    return tuple(found)


def hedged_value(text: str, value: Value) -> bool:
    """Whether the clause of ``text`` that gives ``value`` is future, conditional, a
    question or a one-off ("在考虑要不要上 2TB (¥68/月)")."""
    needle = normalize(value.text).strip()
    for clause in clauses(text):
        if needle and needle in clause:
            return bool(_FUTURE.search(clause) or _ONE_OFF.search(clause))
    return False


def change_cue(text: str) -> tuple[str, str] | None:
    """``("strong" | "weak", matched words)`` when ``text`` words a change, else None."""
    found = cues(text)
    strong = [
        c for c in found if c.kind in ("removal", "directional", "replace", "former", "reschedule")
    ]
    if strong:
        return "strong", strong[0].words
    weak = [c for c in found if c.kind == "weak"]
    if weak:
        return "weak", weak[0].words
    return None


def additive_cue(text: str) -> str | None:
    found = ADDITIVE.search(normalize(text))
    return found.group(0) if found else None


# ---------------------------------------------------------------------------- values

_MONTH_NAME = rf"({MONTH_NAMES})\.?"
_DATE_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?<![\d-])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)"), "ymd"),
    (re.compile(r"(\d{4})\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?[日号]?"), "ymd"),
    (re.compile(r"(?<!\d)(\d{1,2})月(\d{1,2})[日号]"), "md"),
    (re.compile(_MONTH_NAME + r"\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?(?![\d:])"), "mdy"),
    (
        re.compile(r"(?<![\d:])(\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH_NAME + r"(?:,?\s+(\d{4}))?"),
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
        re.compile(r"(?<![\d.])\d{1,2}\.\d{1,2}\s?[-–~至到]\s?(\d{1,2})\.(\d{1,2})(?![\d.])"),
        "md",
    ),
    # the end of a month ("5月底"): its last day
    (re.compile(r"(?<!\d)(\d{1,2})月底"), "m-end"),
    # a month ("计划 2026-10 之前", "2026年10月"): its last day
    (re.compile(r"(?<![\d-])(\d{4})-(\d{1,2})(?![\d-])"), "ym"),
    (re.compile(r"(\d{4})\s?年\s?(\d{1,2})\s?月(?!\s?\d)"), "ym"),
]


@dataclass(frozen=True)
class DateMention:
    """A date written in a line: the day (year filled in when missing) and the words."""

    day: date
    text: str
    has_year: bool
    start: int


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


@functools.lru_cache(maxsize=50000)
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
            if shape == "ymd":
                year, month, day = int(groups[0]), int(groups[1]), int(groups[2])
            elif shape == "m-end":
                year, month = None, int(groups[0])
                if not 1 <= month <= 12:
                    continue
                day = calendar.monthrange(default_year, month)[1]
            elif shape == "ym":
                year, month = int(groups[0]), int(groups[1])
                if not 1 <= month <= 12:
                    continue
                day = calendar.monthrange(year, month)[1]
            elif shape == "md":
                year, month, day = None, int(groups[0]), int(groups[1])
            elif shape == "mdy":
                month = MONTHS[groups[0]]
                day = int(groups[1])
                year = int(groups[2]) if groups[2] else None
            else:
                day = int(groups[0])
                month = MONTHS[groups[1]]
                year = int(groups[2]) if groups[2] else None
            value = _safe_date(year or default_year, month, day)
            if value is None:
                continue
            taken.append((match.start(), match.end()))
            found.append(DateMention(value, match.group(0), year is not None, match.start()))
    found.sort(key=lambda m: m.start)
    return tuple(found)


_VALUE_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("ip", re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])")),
    ("phone", re.compile(r"(?<![\w+])\+\d{1,3}[\s-]?\d{2,4}(?:[\s-]?\d{2,4}){1,3}(?!\d)")),
    ("age", re.compile(r"(\d{1,3})\s?(?:years? old|岁|yo\b)|\bturned (\d{1,3})\b|满(\d{1,3})岁")),
    ("version", re.compile(r"\bv\d+(?:\.\d+)*\b|(?<=\s)\d+\.\d+\.\d+\b")),
    # a measured amount with its unit ("20mg", "1000 IU", "5 km"): a dose, a distance
    (
        "quantity",
        re.compile(
            r"(?<![a-z0-9_.])(\d+(?:\.\d+)?)\s?(mg|mcg|\u00b5g|\u03bcg|ug|ml|iu|kg|km|mi|gb|tb|kwh|kw|lb|lbs)(?![a-z])"
        ),
    ),
    ("time", re.compile(r"(?<!\d)(?:[01]?\d|2[0-3]):[0-5]\d(?!\d)")),
    (
        "money",
        re.compile(
            r"(?:s\$|us\$|\$|€|£|¥|rmb\s?)\s?\d[\d,]*(?:\.\d+)?k?|\d[\d,]*(?:\.\d+)?\s?(?:元|块|美元|usd|sgd|eur)"
            # a rate ("7200/月", "1,500 per month") is an amount even without a currency
            r"|(?<![\w.:/-])\d[\d,]*(?:\.\d+)?\s?(?:/\s?|每|per\s)(?:月|年|天|日|周|month|year|mo\b|day|week)"
            # "一天 80": an amount a day
            r"|(?:一天|每天|一个月|每个?月)\s?\d[\d,]*(?![\d.]|\s?(?:次|个|小时|分钟|公里|km|点|杯|人|遍|趟|天|周|页|本|h\b|min))"
        ),
    ),
    ("percent", re.compile(r"\d+(?:\.\d+)?\s?%")),
    ("port", re.compile(r"(?:port|端口)\s?:?\s?(\d{2,5})")),
    (
        "weekday",
        re.compile(
            r"\b(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|"
            r"saturday|sunday)s?\b|(?:周|星期|礼拜)[一二三四五六日天]"
        ),
    ),
    ("host", re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b")),
    # a number may end a sentence ("VLAN 20."), not an address or a version ("20.1.4")
    ("number", re.compile(r"(?<![\w.:$%-])\d+(?:[.,]\d+)?(?![\w:%-]|\.\w)")),
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


def _weekday(value: str) -> str:
    if value[0] in "周星礼":
        return str(_WEEKDAY_KEY[value[-1]])
    return str(_WEEKDAY_KEY[value[:3]])


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
    "tech lead": "tech-lead",
    "team lead": "team-lead",
    "landlord": "landlord",
    "landlady": "landlord",
    "doctor": "doctor",
    "gp": "doctor",
    "dentist": "dentist",
    "mentor": "mentor",
    "coach": "coach",
    "tutor": "tutor",
    "therapist": "therapist",
    "accountant": "accountant",
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
}
_ROLE_EN = "|".join(sorted(map(re.escape, _ROLES_EN), key=len, reverse=True))
_ROLE_ZH = "|".join(sorted(map(re.escape, _ROLES_ZH), key=len, reverse=True))
_NAME_EN = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s)?([A-Z][a-z]+)(?:\s[A-Z][a-z]+)?"
"""A name (a title before it is not the name: "GP: Dr Aisling Murray" is Aisling)."""
_NAME_ZH = r"([\u4e00-\u9fff]{2,3}?)"
_HOLDER_PATTERNS = [
    # the role in any case, the name capitalised ("Manager: weekly 1:1" names nobody)
    re.compile(rf"\b(?P<role>(?i:{_ROLE_EN}))\s?[:：]\s?{_NAME_EN}"),
    re.compile(
        rf"\b{_NAME_EN} (?:is (?:now )?|will be |becomes |became |has become )(?:my|our) "
        rf"(?:new )?(?P<role>{_ROLE_EN})\b"
    ),
    re.compile(rf"\b[Mm]y (?:new )?(?P<role>{_ROLE_EN}) is (?:now )?{_NAME_EN}"),
    re.compile(rf"{_NAME_ZH}(?:现在)?是我的(?:新)?(?P<role>{_ROLE_ZH})"),
    re.compile(
        rf"(?:我的)?(?:新)?(?P<role>{_ROLE_ZH})(?:现在)?(?:是|[:：]|换成|变成)\s?{_NAME_ZH}(?![\u4e00-\u9fff])"
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


def role_holders(text: str) -> tuple[Value, ...]:
    """Who holds a personal role in the line ("Manager: Daniel Okafor", "Priya is my
    manager", 房东是王阿姨): kind ``holder``, value ``role:name``."""
    found: list[Value] = []
    plain = unicodedata.normalize("NFKC", text)
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


@functools.lru_cache(maxsize=50000)
def typed_values(text: str) -> tuple[Value, ...]:
    """Typed values written in a line (dates excluded: see :func:`date_mentions`)."""
    norm = normalize(text)
    for mention in date_mentions(text, 2000):
        norm = norm.replace(mention.text, " " * len(mention.text))
    values: list[Value] = []
    masked = norm
    for kind, pattern in _VALUE_PATTERNS:
        for match in pattern.finditer(masked):
            raw = match.group(0)
            if kind == "port":
                canon = match.group(1)
            elif kind == "age":
                canon = next(g for g in match.groups() if g)
            elif kind == "phone":
                canon = re.sub(r"\D", "", raw)
            elif kind == "weekday":
                canon = _weekday(raw)
            elif kind == "quantity":
                canon = f"{match.group(2)}:{match.group(1)}"
            elif kind in ("money", "number", "percent"):
                canon = re.sub(r"[^\d.k]", "", raw)
            elif kind == "host" and not re.search(r"\d", raw):
                continue  # plain hyphenated words (pour-over, follow-up) are not hosts
            else:
                canon = raw
            values.append(Value(kind, canon, raw))
        masked = pattern.sub(lambda m: " " * len(m.group(0)), masked)
    values.extend(role_holders(text))
    return tuple(values)


@functools.lru_cache(maxsize=200000)
def value_conflict(old: str, new: str, both: bool = False) -> tuple[Value, Value] | None:
    """A value of ``old`` and a different value of the same type in ``new``, when ``new``
    does not also repeat the old value (which would mean both are mentioned, not replaced).

    ``both=True`` (the new line words a change: "改成 6380，6379 关掉") accepts a line that
    names the old value beside the new one, and compares a port with a bare number."""
    old_values = typed_values(old)
    new_values = typed_values(new)
    if not old_values or not new_values:
        return None
    for kind in (
        "holder",
        "ip",
        "phone",
        "host",
        "version",
        "port",
        "age",
        "quantity",
        "time",
        "weekday",
        "money",
        "percent",
        "number",
    ):
        olds = {v.value: v for v in old_values if v.kind == kind}
        news = {v.value: v for v in new_values if v.kind == kind}
        if both and kind == "port" and re.search(r"port|端口", normalize(new)):
            news.update(
                {
                    v.value: v
                    for v in new_values
                    if v.kind == "number" and v.value.isdigit() and len(v.value) >= 2
                }
            )
        if not olds or not news:
            continue
        if set(news) <= set(olds):
            continue  # nothing new of this type
        if set(olds) & set(news) and kind != "weekday" and not both:
            continue
        if kind == "quantity":
            # another amount of the same unit (20mg -> 40mg; not 20mg -> 5 km)
            for o in olds.values():
                for n in news.values():
                    same_unit = o.value.split(":", 1)[0] == n.value.split(":", 1)[0]
                    if same_unit and o.value != n.value and n.value not in olds:
                        return o, n
            continue
        if kind == "holder":
            # another person in the same role, one the old line does not name
            old_norm = normalize(old)
            for o in olds.values():
                for n in news.values():
                    role, name = n.value.split(":", 1)
                    same_role = o.value.split(":", 1)[0] == role
                    if same_role and o.value != n.value and name not in old_norm:
                        return o, n
            continue
        if kind == "host":
            # a different host only counts when it names the same kind of thing
            for o in olds.values():
                for n in news.values():
                    if _host_stem(o.value) == _host_stem(n.value) and o.value != n.value:
                        return o, n
            continue
        if kind == "number" and not _same_number_context(old, new):
            continue
        if kind == "weekday" and set(olds) & set(news):
            continue
        old_value = next(iter(olds.values()))
        new_value = next(v for k, v in news.items() if k not in olds)
        return old_value, new_value
    return None


def _host_stem(host: str) -> str:
    return re.split(r"-?\d", host, maxsplit=1)[0].rstrip("-")


_UNIT = re.compile(r"(?<![\d.,])(\d+(?:[.,]\d+)?)\s?([a-z]+|[\u4e00-\u9fff]{1,2})")
_LEAD = re.compile(r"(?:\b([a-z]{3,})|([\u4e00-\u9fff]{1,2}))\s?(\d+(?:[.,]\d+)?)(?!\d|[.,]\d)")


@functools.lru_cache(maxsize=50000)
def _number_context(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The unit words after numbers and the words right before them."""
    norm = normalize(text)
    units = frozenset(u for _, u in _UNIT.findall(norm))
    leads = frozenset(stem(a or b) for a, b, _ in _LEAD.findall(norm)) - EN_STOP
    return units, leads


def _same_number_context(old: str, new: str) -> bool:
    """Two plain numbers are comparable when they carry the same unit word after them or
    the same name before them ("Postgres 13" / "Postgres 15")."""
    units_old, lead_old = _number_context(old)
    units_new, lead_new = _number_context(new)
    return bool(units_old & units_new) or bool(lead_old & lead_new)


# ---------------------------------------------------------------------------- similarity


@functools.lru_cache(maxsize=20000)
def char_shingles(text: str) -> frozenset[str]:
    """Tokens for near-duplicate detection: subject tokens plus Chinese character bigrams."""
    norm = normalize(text)
    grams: set[str] = set(subject_tokens(text))
    for run in _CJK_RUN.findall(norm):
        grams.update(run[i : i + 2] for i in range(len(run) - 1))
    for value in typed_values(text):
        grams.add(f"{value.kind}:{value.value}")
    return frozenset(grams)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


_PROPER = re.compile(
    r"(?<![.!?]\s)(?<!^)\b([A-Z][A-Za-z]{2,}|[A-Z]{2,}[a-z]*)\b"
    r"|\b([a-z]+[A-Z][A-Za-z]*)\b"  # a brand in camel case anywhere: memoQ, iPhone, eBay
)


_TITLES = re.compile(r"\b(Dr|Mr|Mrs|Ms|Prof|St|Mt)\.\s")


@functools.lru_cache(maxsize=50000)
def proper_nouns(text: str) -> frozenset[str]:
    """Capitalised words inside a line (not its first word, nor one after a sentence's
    end), stemmed like subject tokens. A word after a label's colon counts ("Task tracking:
    Jira project"): in memory entries that is a value, mostly a name."""
    plain = _TITLES.sub(lambda m: m.group(1) + " ", unicodedata.normalize("NFKC", text))
    names = {stem((m.group(1) or m.group(2)).lower()) for m in _PROPER.finditer(plain)}
    return frozenset(n for n in names if n not in EN_STOP and n not in CALENDAR_WORDS)


def head_tokens(text: str, count: int = 2) -> tuple[str, ...]:
    """The first subject tokens of a line, in order: usually what it is about
    ("Backups run nightly", "Sprint planning happens", "王芳负责...")."""
    tokens = subject_tokens(text)
    norm = normalize(text)
    order: list[tuple[int, str]] = []
    for token in tokens:
        at = norm.find(token)
        if at < 0 and token.isalpha():
            at = norm.find(token[: max(3, len(token) - 1)])
        if at >= 0:
            order.append((at, token))
    order.sort()
    return tuple(token for _, token in order[:count])
