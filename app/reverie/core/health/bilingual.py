"""Two entries that say the same thing, in two languages or reworded in one.

People who write in Chinese and English restate a fact in the other language ("对青霉素过敏,
看病前一定要跟医生说" and later "Allergic to penicillin — always remind the doctor"): the two
share almost no characters, so the word overlap of :mod:`.duplicates` misses them; so do
rewordings in one language ("Aoife's birthday: Jul 22" / "22 July — Aoife's birthday"). Here each
entry is cut into units (its English words, stemmed, its numbers and identifiers, and its
Chinese words), each Chinese word with its English senses from CC-CEDICT
(``text/crosslingual.py``) and its pinyin (``豆包`` -> "doubao", ``陈硕`` -> "chen" "shuo"),
days of the year and times of day as one unit however written ("4pm", "下午四点"), and a unit
of one entry is matched when the other says it in either language.

Without the dictionary no Chinese word can be matched to an English one, and nothing is
found here.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from ..text.crosslingual import Dictionary, dictionary
from .text import EN_STOP, THE_USER, has_cjk, normalize, proper_nouns, stem, subject_tokens
from .values import date_mentions

_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?:st|nd|rd|th)?(?!\w|\.\d)", re.ASCII)
_SENSE_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class Units:
    """What an entry says, unit by unit."""

    latin: frozenset[str]
    """English words (stemmed as :func:`.text.stem` does), identifiers, numbers and days
    of the year."""
    chinese: tuple[tuple[str, frozenset[str]], ...]
    """Each Chinese word with the English it can be said with (senses' words, stemmed, and
    its pinyin, whole and by syllable)."""

    @property
    def size(self) -> int:
        return len(self.latin) + len(self.chinese)

    def english(self) -> frozenset[str]:
        """Everything this entry says, in English."""
        return self.latin.union(*(en for _, en in self.chinese))


@lru_cache(maxsize=4096)
def units(text: str) -> Units:
    found = dictionary()
    latin: set[str] = set()
    chinese: list[tuple[str, frozenset[str]]] = []
    for token in subject_tokens(text):
        if has_cjk(token):
            english = _english(found, token) if found is not None else frozenset()
            chinese.append((token, english))
        else:
            latin.add(token)
    latin.update(m.group(1) for m in _NUMBER.finditer(normalize(text)))
    # a day of the year however it is written ("Jul 22", "22 July", "7月22日")
    latin.update(f"date:{m.day.month:02d}-{m.day.day:02d}" for m in date_mentions(text, 2000))
    # a time of day however it is written ("after 4pm", "下午四点以后", "16:00")
    times = clock_times(text)
    if times:
        latin = {t for t in latin if not _CLOCK_EN.fullmatch(t)} | {f"time:{t}" for t in times}
    return Units(frozenset(latin), tuple(sorted(chinese)))


_CLOCK_EN = re.compile(r"(\d{1,2})(?::(\d{2}))?\s?([ap])\.?m\.?|(\d{1,2}):(\d{2})")
_CLOCK_ZH = re.compile(
    r"(上午|早上|早晨|凌晨|中午|下午|傍晚|晚上|夜里)\s?([0-9]{1,2}|[一二两三四五六七八九十]{1,3})\s?[点點]"
    r"(半|[0-9]{1,2}分)?"
)
_ZH_DIGITS = {ch: i for i, ch in enumerate("一二三四五六七八九", 1)} | {"两": 2}


def _zh_hour(text: str) -> int | None:
    """An hour said in digits or in Chinese numerals up to 十二."""
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if text.startswith("十") and len(text) == 2 and text[1] in _ZH_DIGITS:
        return 10 + _ZH_DIGITS[text[1]]
    return _ZH_DIGITS.get(text) if len(text) == 1 else None


@lru_cache(maxsize=4096)
def clock_times(text: str) -> frozenset[str]:
    """The times of day ``text`` gives with their half of the day ("4pm", "16:00", "下午四点",
    "晚上8点半"), as ``HH:MM``; a bare "4点" says neither half and is left out."""
    norm = normalize(text)
    found: set[str] = set()
    for m in _CLOCK_EN.finditer(norm):
        if m.group(3):
            hour, minute = int(m.group(1)), int(m.group(2) or 0)
            if not 1 <= hour <= 12:
                continue
            hour = hour % 12 + (12 if m.group(3) == "p" else 0)
        else:
            hour, minute = int(m.group(4)), int(m.group(5))
        if hour < 24 and minute < 60:
            found.add(f"{hour:02d}:{minute:02d}")
    for m in _CLOCK_ZH.finditer(norm):
        said = _zh_hour(m.group(2))
        if said is None or not 0 <= said <= 12:
            continue
        hour = said
        if m.group(1) in ("下午", "傍晚", "晚上", "夜里") and hour < 12:
            hour += 12
        elif m.group(1) == "凌晨" and hour == 12:
            hour = 0
        extra = m.group(3) or ""
        minute = 30 if extra == "半" else int(extra[:-1]) if extra else 0
        if minute < 60:
            found.add(f"{hour:02d}:{minute:02d}")
    return frozenset(found)


def _english(found: Dictionary, word: str) -> frozenset[str]:
    """The English of a Chinese word: its senses (a word the dictionary lacks: those of its
    longest known pieces, left to right) and its pinyin."""
    senses: list[str] = []
    start = 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = word[start:end]
            if piece in found.zh_to_en:
                senses.extend(found.zh_to_en[piece])
                start = end
                break
        else:
            start += 1
    out = {
        stem(w)
        for sense in senses
        for w in _SENSE_WORD.findall(sense.lower())
        if len(w) > 1 and w not in EN_STOP
    }
    syllables = found.pinyin(word)
    if syllables:
        out.add("".join(syllables))
        if len(syllables) > 1:
            out.update(s for s in syllables if len(s) > 2)
    return frozenset(out)


@dataclass(frozen=True)
class Overlap:
    matched: int
    """Units of the smaller entry that the other says too."""
    size: int
    """Units of the smaller entry."""
    share: float
    """Share of the smaller entry's units that the other says."""
    other_share: float
    """Share of the larger entry's units that the smaller one says."""
    translated: int
    """Of ``matched``, those matched across the languages (a Chinese word to English)."""
    own_specifics: bool
    """Each entry holds a version, number, identifier or name the other does not say
    ("WSL2 (Ubuntu 22.04)" against "Poetry"): two facts about one topic."""
    small_specifics: bool = False
    """The smaller entry holds a version, number, identifier or name the other does not
    say ("Kana-sensei's rate is ¥2,800 per lesson" against her lesson times)."""


def overlap(a_text: str, b_text: str) -> Overlap:
    """How much of each entry the other one says, in either language (the smaller one's
    share first)."""
    a, b = units(a_text), units(b_text)
    small, large = (a, b) if a.size <= b.size else (b, a)
    small_text, large_text = (a_text, b_text) if small is a else (b_text, a_text)
    matched, translated, small_left = _said(small, large, large_text)
    other_matched, _, large_left = _said(large, small, small_text)
    share = matched / small.size if small.size else 0.0
    other_share = other_matched / large.size if large.size else 0.0
    small_own = _specific(small_left, small_text)
    own = small_own and _specific(large_left, large_text)
    return Overlap(matched, small.size, share, other_share, translated, own, small_own)


def _specific(tokens: set[str], text: str) -> bool:
    """Whether any of ``tokens`` (English units of ``text``) is a version, number,
    identifier or name."""
    names = proper_nouns(text)
    return any(any(ch.isdigit() for ch in t) or t in names for t in tokens)


_GENERIC = THE_USER | frozenset(
    ["左右", "大概", "一般", "平时", "通常"] + [stem(w) for w in ("usually", "around", "roughly")]
)
"""Words many of an agent's entries hold (its word for its person, "roughly", "usually"): said
in two entries, they do not make them say one thing ("用户每天早上 6 点左右起床" /
"用户每天早上吃厄贝沙坦 150mg")."""


def _said(one: Units, other: Units, other_text: str) -> tuple[int, int, set[str]]:
    """Units of ``one`` that ``other`` says, how many of them in the other language, and
    ``one``'s English units it does not say. A Chinese word is said when the other holds
    it, a word it is part of or a part of it ("工资" in "工资卡", "银行" in "招商银行"), or
    its characters ("蓝猫" in "英短蓝猫叫")."""
    other_english = other.english()
    other_chinese = {word for word, _ in other.chinese}
    other_norm = normalize(other_text)
    matched = translated = 0
    left: set[str] = set()
    for token in one.latin:
        if token in _GENERIC:
            continue  # counted in the entry's size, never as said again
        if token in other.latin:
            matched += 1
        elif token in other_english or _cognate(token, other.latin):
            matched += 1
            translated += 1
        elif not token.startswith("date:"):
            left.add(token)
    for word, english in one.chinese:
        if word in _GENERIC:
            continue
        if (
            word in other_chinese
            or word in other_norm
            or any(len(o) >= 2 and (o in word or word in o) for o in other_chinese)
        ):
            matched += 1
        elif english & other.latin:
            matched += 1
            translated += 1
    return matched, translated, left


COGNATE_PREFIX = 6
"""Two words of Latin script are one word in two languages when, accents aside, they begin
with at least this many letters in common ..."""
COGNATE_SHARE = 0.8
"""... covering at least this share of the shorter ("pénicilline" / "penicillin",
"allergique" / "allergy", "pharmacie" / "pharmacy"; not "community" / "communication")."""


def _cognate(token: str, others: frozenset[str]) -> bool:
    """``others`` holds ``token`` in another language, by their shared beginning."""
    word = _folded(token)
    if len(word) < COGNATE_PREFIX or not word.isalpha():
        return False
    for other in others:
        folded = _folded(other)
        if len(folded) < COGNATE_PREFIX or not folded.isalpha():
            continue
        shared = 0
        for x, y in zip(word, folded, strict=False):
            if x != y:
                break
            shared += 1
        if shared >= COGNATE_PREFIX and shared >= COGNATE_SHARE * min(len(word), len(folded)):
            return True
    return False


@lru_cache(maxsize=20000)
def _folded(word: str) -> str:
    """``word`` without its accents ("pénicillin" -> "penicillin")."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()
