"""Concept tags for recall-ledger entries, as OpenClaw's ``deriveConceptTags`` makes them.

Tags come from three streams, in order, de-duplicated and capped at ``limit`` (8):

1. a protected glossary matched as substrings of the NFKC-lowercased source text;
2. compound tokens (letter/digit runs joined by ``. _ / -``);
3. word-like segments from ICU's word break iterator (root locale), which is what
   ``Intl.Segmenter("und", {granularity: "word"})`` uses. ICU's dictionaries split Chinese,
   Japanese and Korean text into words.

Source text is ``basename(path) + " " + snippet``. When ICU is not installed the
segmenter falls back to splitting on non-letter/digit runs, with ``jieba`` for Chinese;
tags for CJK text may then differ from OpenClaw's.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from reverie.core.jscompat import utf16_len

MAX_CONCEPT_TAGS = 8

_STOP_WORD_GROUPS: dict[str, tuple[str, ...]] = {
    "shared": (
        "about", "after", "agent", "again", "also", "because", "before", "being", "between",
        "build", "called", "could", "daily", "default", "deploy", "during", "every", "file",
        "files", "from", "have", "into", "just", "line", "lines", "long", "main", "make",
        "memory", "month", "more", "most", "move", "much", "next", "note", "notes", "over",
        "part", "past", "port", "same", "score", "search", "session", "sessions", "short",
        "should", "since", "some", "than", "that", "their", "there", "these", "they", "this",
        "through", "today", "using", "with", "work", "workspace", "year",
    ),
    "english": ("and", "are", "for", "into", "its", "our", "then", "were"),
    "spanish": (
        "al", "con", "como", "de", "del", "el", "en", "es", "la", "las", "los", "para", "por",
        "que", "se", "sin", "su", "sus", "una", "uno", "unos", "unas", "y",
    ),
    "french": (
        "au", "aux", "avec", "dans", "de", "des", "du", "en", "est", "et", "la", "le", "les",
        "ou", "pour", "que", "qui", "sans", "ses", "son", "sur", "une", "un",
    ),
    "german": (
        "auf", "aus", "bei", "das", "dem", "den", "der", "des", "die", "ein", "eine", "einem",
        "einen", "einer", "für", "im", "in", "mit", "nach", "oder", "ohne", "über", "und",
        "von", "zu", "zum", "zur",
    ),
    "cjk": (
        "が", "から", "する", "して", "した", "で", "と", "に", "の", "は", "へ", "まで", "も",
        "や", "を", "与", "为", "了", "及", "和", "在", "将", "或", "把", "是", "用", "的", "과",
        "는", "도", "로", "를", "에", "에서", "와", "은", "으로", "을", "이", "하다", "한", "할",
        "해", "했다",
    ),
    "pathNoise": (
        "cjs", "cpp", "cts", "jsx", "json", "md", "mjs", "mts", "text", "toml", "ts", "tsx",
        "txt", "yaml", "yml",
    ),
}  # fmt: skip

STOP_WORDS: frozenset[str] = frozenset(
    word.strip().lower() for group in _STOP_WORD_GROUPS.values() for word in group
)

_GLOSSARY_SOURCE = (
    "backup", "backups", "embedding", "embeddings", "failover", "gateway", "glacier", "gpt",
    "kv", "network", "openai", "qmd", "router", "s3", "vlan", "sauvegarde", "routeur",
    "passerelle", "konfiguration", "sicherung", "überwachung", "configuración", "respaldo",
    "enrutador", "puerta-de-enlace", "バックアップ", "フェイルオーバー", "ルーター",
    "ネットワーク", "ゲートウェイ", "障害対応", "路由器", "备份", "故障转移", "网络", "网关",
    "라우터", "백업", "페일오버", "네트워크", "게이트웨이", "장애대응",
)  # fmt: skip

PROTECTED_GLOSSARY: tuple[str, ...] = tuple(
    unicodedata.normalize("NFKC", word).strip().lower() for word in _GLOSSARY_SOURCE
)


def _is_letter_or_number(ch: str) -> bool:
    return unicodedata.category(ch)[0] in ("L", "N")


try:
    import icu as _icu

    _SCRIPT_OF: Any = lambda ch: _icu.Script.getScript(ch).getShortName()  # noqa: E731
    _HAVE_ICU = True
except Exception:  # noqa: BLE001 - optional dependency
    _icu = None
    _HAVE_ICU = False

    def _SCRIPT_OF(ch: str) -> str:  # noqa: N802 - mirrors the ICU-backed callable
        try:
            name = unicodedata.name(ch)
        except ValueError:
            return "Zyyy"
        if name.startswith(("LATIN", "FULLWIDTH LATIN")) or ch in "ªº":
            return "Latn"
        if name.startswith(("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH", "KANGXI", "CJK RADICAL")):
            return "Hani"
        if name.startswith("HIRAGANA"):
            return "Hira"
        if name.startswith(("KATAKANA LETTER", "HALFWIDTH KATAKANA LETTER", "KATAKANA DIGRAPH")):
            return "Kana"
        if name.startswith(("HANGUL", "HALFWIDTH HANGUL")):
            return "Hang"
        return "Zyyy"


def _scripts(text: str) -> set[str]:
    return {_SCRIPT_OF(ch) for ch in text}


def classify_concept_tag_script(tag: str) -> str:
    """``latin``, ``cjk``, ``mixed`` or ``other`` for a tag (after NFKC)."""
    scripts = _scripts(unicodedata.normalize("NFKC", tag))
    has_latin = "Latn" in scripts
    has_cjk = bool(scripts & {"Hani", "Hira", "Kana", "Hang"})
    if has_latin and has_cjk:
        return "mixed"
    if has_cjk:
        return "cjk"
    if has_latin:
        return "latin"
    return "other"


def _is_kana_only(value: str) -> bool:
    scripts = _scripts(value)
    return not (scripts & {"Hani", "Hang"}) and bool(scripts & {"Hira", "Kana"})


_ALL_DIGITS_RE = re.compile(r"^[0-9]+$")
_ISO_DAY_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_ISO_DAY_FILE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\.[^\W_]+$")


def _strip_non_alnum(text: str) -> str:
    start = 0
    end = len(text)
    while start < end and not _is_letter_or_number(text[start]):
        start += 1
    while end > start and not _is_letter_or_number(text[end - 1]):
        end -= 1
    return text[start:end]


def normalize_concept_token(raw: str) -> str | None:
    """Normalise one candidate token, or None when it is not a usable tag."""
    normalized = _strip_non_alnum(unicodedata.normalize("NFKC", raw)).replace("_", "-")
    normalized = normalized.strip().lower()
    if not normalized or not any(_is_letter_or_number(ch) for ch in normalized):
        return None
    if utf16_len(normalized) > 32:
        return None
    if (
        _ALL_DIGITS_RE.match(normalized)
        or _ISO_DAY_RE.match(normalized)
        or _ISO_DAY_FILE_RE.match(normalized)
    ):
        return None
    minimum = 2 if classify_concept_tag_script(normalized) == "cjk" else 3
    if utf16_len(normalized) < minimum:
        return None
    if _is_kana_only(normalized) and utf16_len(normalized) < 3:
        return None
    if normalized in STOP_WORDS:
        return None
    return normalized


def collect_glossary_matches(source: str) -> list[str]:
    """Glossary terms found as substrings of the NFKC-lowercased source, in glossary order."""
    haystack = unicodedata.normalize("NFKC", source).strip().lower()
    return [entry for entry in PROTECTED_GLOSSARY if entry in haystack]


_COMPOUND_RE = re.compile(r"[^\W_]+(?:[._/-][^\W_]+)+")


def collect_compound_tokens(source: str) -> list[str]:
    """Letter/digit runs joined by ``. _ / -`` (at least one joiner)."""
    return _COMPOUND_RE.findall(source)


def _icu_word_segments(source: str) -> list[str]:
    assert _icu is not None
    breaker = _icu.BreakIterator.createWordInstance(_icu.Locale("und"))
    text = _icu.UnicodeString(source)
    breaker.setText(text)
    segments: list[str] = []
    start = breaker.first()
    for end in breaker:
        # Rule status >= 100 marks word-like segments (numbers, letters, kana, ideographs).
        if breaker.getRuleStatus() >= 100:
            segments.append(str(text[start:end]))
        start = end
    return segments


def _fallback_word_segments(source: str) -> list[str]:
    # "." joins letters with letters and digits with digits (hybrid.ts, 3.14), not a
    # digit with a letter (10.md), as in Unicode word-break rules.
    parts = [
        p
        for chunk in re.split(r"[^\w.]+", source)
        for p in re.split(r"(?<=\d)\.(?=[^\W\d_])|(?<=[^\W\d_])\.(?=\d)", chunk)
        if p
    ]
    segments: list[str] = []
    for part in parts:
        part = part.strip(".")
        if not part:
            continue
        if any(_SCRIPT_OF(ch) == "Hani" for ch in part):
            try:
                import jieba

                segments.extend(tok for tok in jieba.cut(part) if tok.strip())
                continue
            except Exception:  # noqa: BLE001 - jieba is optional here too
                pass
        segments.append(part)
    return segments


def collect_segment_tokens(source: str) -> list[str]:
    """Word-like segments of ``source`` (ICU root-locale word breaks when available)."""
    if _HAVE_ICU:
        return _icu_word_segments(source)
    return _fallback_word_segments(source)


@dataclass(frozen=True)
class ConceptTagDiagnostics:
    """The three raw candidate streams, for explaining where a tag came from."""

    glossary_matches: tuple[str, ...]
    compound_tokens: tuple[str, ...]
    segment_tokens: tuple[str, ...]


def concept_tag_diagnostics(path: str, snippet: str) -> ConceptTagDiagnostics:
    """The raw glossary, compound and segment streams for ``path`` + ``snippet``."""
    source = f"{_basename_posix(path)} {snippet}"
    return ConceptTagDiagnostics(
        tuple(collect_glossary_matches(source)),
        tuple(collect_compound_tokens(source)),
        tuple(collect_segment_tokens(source)),
    )


def _basename_posix(path: str) -> str:
    # Node's path.basename on POSIX only splits on "/" and ignores trailing slashes.
    return path.rstrip("/").rsplit("/", 1)[-1]


def derive_concept_tags(path: str, snippet: str, limit: float | None = None) -> list[str]:
    """OpenClaw's ``deriveConceptTags``: up to ``limit`` (default 8) normalised tags."""
    source = f"{_basename_posix(path)} {snippet}"
    if limit is None or not (isinstance(limit, (int, float)) and math.isfinite(limit)):
        cap = MAX_CONCEPT_TAGS
    else:
        cap = max(0, math.floor(limit))
    if cap == 0:
        return []
    tags: list[str] = []
    streams: Iterable[Sequence[str]] = (
        collect_glossary_matches(source),
        collect_compound_tokens(source),
        collect_segment_tokens(source),
    )
    for stream in streams:
        for raw in stream:
            normalized = normalize_concept_token(raw)
            if not normalized or normalized in tags:
                continue
            tags.append(normalized)
            if len(tags) >= cap:
                return tags
    return tags


def summarize_concept_tag_script_coverage(tags_by_entry: Iterable[Sequence[str]]) -> dict[str, int]:
    """Count entries whose tags are latin, cjk, mixed or other (OpenClaw's audit summary)."""
    coverage = {
        "latinEntryCount": 0,
        "cjkEntryCount": 0,
        "mixedEntryCount": 0,
        "otherEntryCount": 0,
    }
    for tags in tags_by_entry:
        has_latin = has_cjk = has_other = False
        for tag in tags:
            family = classify_concept_tag_script(tag)
            if family == "mixed":
                has_latin = has_cjk = True
            elif family == "latin":
                has_latin = True
            elif family == "cjk":
                has_cjk = True
            else:
                has_other = True
        if has_latin and has_cjk:
            coverage["mixedEntryCount"] += 1
        elif has_cjk:
            coverage["cjkEntryCount"] += 1
        elif has_latin:
            coverage["latinEntryCount"] += 1
        elif has_other:
            coverage["otherEntryCount"] += 1
    return coverage
