"""Two entries that say the same thing in two languages.

People who write in Chinese and English restate a fact in the other language ("对青霉素过敏,
看病前一定要跟医生说" and later "Allergic to penicillin — always remind the doctor"): the two
share almost no characters, so the word overlap of :mod:`.duplicates` misses them. Here each
entry is cut into units (its English words, stemmed, its numbers and identifiers, and its
Chinese words), each Chinese word with its English senses from CC-CEDICT
(``text/crosslingual.py``) and its pinyin (``豆包`` -> "doubao", ``陈硕`` -> "chen" "shuo"),
and a unit of one entry is matched when the other says it in either language.

Without the dictionary no Chinese word can be matched to an English one, and nothing is
found here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..text.crosslingual import Dictionary, dictionary
from .text import EN_STOP, has_cjk, normalize, stem, subject_tokens

_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?:st|nd|rd|th)?(?![\w.])", re.ASCII)
_SENSE_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class Units:
    """What an entry says, unit by unit."""

    latin: frozenset[str]
    """English words (stemmed as :func:`.text.stem` does), identifiers and numbers."""
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
    return Units(frozenset(latin), tuple(sorted(chinese)))


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
    other_matched: int
    """Units of the larger entry that the smaller one says."""
    other_size: int
    translated: int
    """Of ``matched``, those matched across the languages (a Chinese word to English)."""
    one_in_english: bool
    """One entry has Chinese words, the other none."""

    @property
    def share(self) -> float:
        return self.matched / self.size if self.size else 0.0

    @property
    def other_share(self) -> float:
        return self.other_matched / self.other_size if self.other_size else 0.0


def overlap(a_text: str, b_text: str) -> Overlap:
    """How much of each entry the other one says, in either language (the smaller one's
    share first)."""
    a, b = units(a_text), units(b_text)
    small, large = (a, b) if a.size <= b.size else (b, a)
    matched, translated = _said(small, large)
    other_matched, _ = _said(large, small)
    across = bool(a.chinese) != bool(b.chinese)
    return Overlap(matched, small.size, other_matched, large.size, translated, across)


def _said(one: Units, other: Units) -> tuple[int, int]:
    """Units of ``one`` that ``other`` says, and how many of them in the other language."""
    other_english = other.english()
    other_chinese = {word for word, _ in other.chinese}
    matched = translated = 0
    for token in one.latin:
        if token in other.latin:
            matched += 1
        elif token in other_english:
            matched += 1
            translated += 1
    for word, english in one.chinese:
        if word in other_chinese:
            matched += 1
        elif english & other.latin:
            matched += 1
            translated += 1
    return matched, translated
