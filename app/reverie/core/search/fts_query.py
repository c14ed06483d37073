"""Keyword-query construction of OpenClaw's builtin memory search (spec sections 7.2 and 9).

Pure functions, no database:

* :func:`build_fts_query` turns the raw query into the FTS5 ``MATCH`` string (every token
  quoted and AND-ed, no stop words removed);
* :func:`plan_keyword_search` splits that query for the trigram tokenizer, where short CJK
  tokens have to become ``LIKE`` filters;
* :func:`extract_keywords` is the FTS-only fallback's keyword extraction, with its stop words;
* :func:`bm25_rank_to_score` maps FTS5's ``bm25()`` rank to the [0, 1] text score;
* :func:`score_fallback_keyword_result` is the FTS-only lexical boost.

JavaScript semantics are reproduced where they matter: ``String.prototype.trim`` strips the
ECMAScript white-space set (not Python's), lengths are counted in UTF-16 code units, and the
token pattern ``/[\\p{L}\\p{N}_]+/gu`` is matched by Unicode general category, because
Python's ``\\w`` is not the same class.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from reverie.core.jscompat import JS_WHITESPACE, js_trim, utf16_len
from reverie.core.text.stopwords import (
    KO_TRAILING_PARTICLES,
    STOP_WORDS_KO,
    is_query_stop_word,
)

FtsTokenizer = Literal["unicode61", "trigram"]


# Short CJK tokens that the trigram tokenizer cannot match (kana, CJK, Hangul, Hangul jamo).
_SHORT_CJK_TRIGRAM_RE = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u3131-\u3163]")
_KANA_RE = re.compile("[\u3040-\u30ff]")
_HAN_RE = re.compile("[\u4e00-\u9fff]")
_HANGUL_RE = re.compile("[\uac00-\ud7af\u3131-\u3163]")
_HANGUL_SYLLABLE_RE = re.compile("[\uac00-\ud7af]")
_JAPANESE_PART_RE = re.compile(
    "[a-z0-9_]+|[\u30a0-\u30ff\u30fc]+|[\u4e00-\u9fff]+|[\u3040-\u309f]{2,}"
)
_HAN_ONLY_RE = re.compile("[\u4e00-\u9fff]+")
_ASCII_WORD_RE = re.compile("[A-Za-z0-9_]+")
_ASCII_ALPHA_RE = re.compile("[A-Za-z]+")
_ASCII_DIGITS_RE = re.compile("[0-9]+")

FALLBACK_OVERLAP_WEIGHT = 0.45
FALLBACK_DENSITY_WEIGHT = 0.2
FALLBACK_PATH_BOOST = 0.18
FALLBACK_LENGTH_DIVISOR = 160
FALLBACK_LENGTH_CAP = 0.18


def normalize_lower(text: str) -> str:
    """Trim (JavaScript white-space set), then lower-case: OpenClaw's lower-case normaliser."""
    return js_trim(text).lower()


def _is_token_char(ch: str) -> bool:
    return ch == "_" or unicodedata.category(ch)[0] in "LN"


def _is_split_char(ch: str) -> bool:
    return ch in JS_WHITESPACE or unicodedata.category(ch)[0] == "P"


def _runs(text: str, predicate: Callable[[str], bool]) -> list[str]:
    """Maximal runs of characters for which ``predicate`` is true, in order."""
    return ["".join(group) for keep, group in itertools.groupby(text, key=predicate) if keep]


def fts_tokens(raw: str) -> list[str]:
    """All matches of ``/[\\p{L}\\p{N}_]+/gu`` in ``raw``, trimmed, empties dropped."""
    return [tok for tok in (js_trim(t) for t in _runs(raw, _is_token_char)) if tok]


def _quote_terms(terms: Iterable[str]) -> str | None:
    quoted = [f'"{term.replace(chr(34), "")}"' for term in terms]
    return " AND ".join(quoted) if quoted else None


def build_fts_query(raw: str) -> str | None:
    """Build the FTS5 ``MATCH`` query: every token double-quoted and joined with ``AND``.

    Case is preserved and no stop word is removed; ``None`` means there is no token and so
    no keyword search. ``hello world`` gives ``"hello" AND "world"``.
    """
    return _quote_terms(fts_tokens(raw))


@dataclass(frozen=True)
class KeywordPlan:
    """How the keyword search will query the FTS table.

    ``match_query`` is the AND-ed FTS5 ``MATCH`` string (``None``: no MATCH clause), and
    ``substring_terms`` are the terms searched with ``text LIKE '%term%'`` instead (only
    for the trigram tokenizer). Both empty means no keyword search at all.
    """

    match_query: str | None
    substring_terms: tuple[str, ...] = ()


def plan_keyword_search(query: str, tokenizer: FtsTokenizer = "unicode61") -> KeywordPlan:
    """Plan the keyword query for the FTS table's tokenizer.

    With ``unicode61`` the plan is just :func:`build_fts_query`. With ``trigram``, a token
    that contains a kana, CJK or Hangul character and has fewer than 3 code points cannot be
    matched by trigrams, so it becomes a substring (``LIKE``) term; the other tokens form the
    ``MATCH`` query.
    """
    if tokenizer != "trigram":
        return KeywordPlan(match_query=build_fts_query(query), substring_terms=())
    match_terms: list[str] = []
    substring_terms: list[str] = []
    for token in fts_tokens(query):
        if _SHORT_CJK_TRIGRAM_RE.search(token) and len(token) < 3:
            substring_terms.append(token)
        else:
            match_terms.append(token)
    return KeywordPlan(
        match_query=_quote_terms(match_terms), substring_terms=tuple(substring_terms)
    )


def escape_like_pattern(term: str) -> str:
    """Escape ``\\``, ``%`` and ``_`` for a ``LIKE ... ESCAPE '\\'`` pattern."""
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _strip_korean_particle(token: str) -> str | None:
    for particle in KO_TRAILING_PARTICLES:
        if utf16_len(token) > len(particle) and token.endswith(particle):
            return token[: -len(particle)]
    return None


def _is_useful_korean_stem(stem: str) -> bool:
    # A one-syllable stem ("논의" -> "논") is noise; an ASCII stem ("api를" -> "api") is kept.
    if _HANGUL_SYLLABLE_RE.search(stem):
        return utf16_len(stem) >= 2
    return _ASCII_WORD_RE.fullmatch(stem) is not None


def _keyword_candidates(query: str, tokenizer: FtsTokenizer) -> list[str]:
    """OpenClaw's query tokenizer for keyword extraction (before stop-word filtering)."""
    use_trigram = tokenizer == "trigram"
    tokens: list[str] = []
    for segment in _runs(normalize_lower(query), lambda ch: not _is_split_char(ch)):
        if _KANA_RE.search(segment):
            # Japanese mixes scripts without spaces: keep ASCII words, katakana runs, kanji
            # runs (plus their bigrams unless trigram) and hiragana runs of 2 or more.
            for part in _JAPANESE_PART_RE.findall(segment):
                tokens.append(part)
                if _HAN_ONLY_RE.fullmatch(part) and not use_trigram:
                    tokens.extend(part[i] + part[i + 1] for i in range(len(part) - 1))
        elif _HAN_RE.search(segment):
            chars = [ch for ch in segment if _HAN_RE.match(ch)]
            if use_trigram:
                tokens.append("".join(chars))
            else:
                tokens.extend(chars)
                tokens.extend(chars[i] + chars[i + 1] for i in range(len(chars) - 1))
        elif _HANGUL_RE.search(segment):
            stem = _strip_korean_particle(segment)
            stem_is_stop_word = stem is not None and stem in STOP_WORDS_KO
            if segment not in STOP_WORDS_KO and not stem_is_stop_word:
                tokens.append(segment)
            if stem and stem not in STOP_WORDS_KO and _is_useful_korean_stem(stem):
                tokens.append(stem)
        else:
            tokens.append(segment)
    return tokens


def is_valid_keyword(token: str) -> bool:
    """Whether a token is worth searching: not a 1-2 letter ASCII word, digits or symbols."""
    if not token:
        return False
    if _ASCII_ALPHA_RE.fullmatch(token) and len(token) < 3:
        return False
    if _ASCII_DIGITS_RE.fullmatch(token):
        return False
    return not all(unicodedata.category(ch)[0] in "PS" for ch in token)


def extract_keywords(query: str, fts_tokenizer: FtsTokenizer = "unicode61") -> list[str]:
    """Extract search keywords from a conversational query (OpenClaw's ``extractKeywords``).

    The query is lower-cased and split on white space and punctuation. Chinese text gives
    character unigrams and bigrams (the whole Han block under ``trigram``), Japanese text its
    script runs, and Korean words also their particle-stripped stems. Stop words (EN, ES, PT,
    AR, KO, JA, ZH), ASCII words under 3 letters, numbers and symbol-only tokens are dropped;
    duplicates are removed keeping the first occurrence.
    """
    keywords: list[str] = []
    seen: set[str] = set()
    for token in _keyword_candidates(query, fts_tokenizer):
        if is_query_stop_word(token) or not is_valid_keyword(token) or token in seen:
            continue
        seen.add(token)
        keywords.append(token)
    return keywords


def bm25_rank_to_score(rank: float) -> float:
    """Map an FTS5 ``bm25()`` rank (negative, lower is better) to a text score.

    ``rank < 0`` gives ``-rank / (1 - rank)``, ``rank >= 0`` gives ``1 / (1 + rank)`` and a
    non-finite rank gives ``0.001``. Note the jump at 0, where the score is 1.
    """
    if not math.isfinite(rank):
        return 1 / (1 + 999)
    if rank < 0:
        relevance = -rank
        return relevance / (1 + relevance)
    return 1 / (1 + rank)


def search_tokens_lower(text: str) -> list[str]:
    """The :func:`fts_tokens` of ``text``, each trimmed and lower-cased, empties dropped."""
    return [tok for tok in (normalize_lower(t) for t in _runs(text, _is_token_char)) if tok]


@dataclass(frozen=True)
class FallbackBoost:
    """The parts of the FTS-only lexical boost for one chunk.

    ``query_tokens`` are the unique lower-cased query tokens; ``overlap`` counts those found
    among the chunk's tokens. ``lexical_boost`` is
    ``0.45*unique_query_overlap + 0.2*density + path_boost + length_boost``.
    """

    query_tokens: tuple[str, ...]
    overlap: int
    unique_query_overlap: float
    density: float
    path_boost: float
    length_boost: float
    lexical_boost: float


def fallback_keyword_boost(query: str, path: str, text: str) -> FallbackBoost | None:
    """Compute the FTS-only lexical boost's parts; ``None`` when the query has no token."""
    query_tokens = list(dict.fromkeys(search_tokens_lower(query)))
    if not query_tokens:
        return None
    text_token_set = set(search_tokens_lower(text))
    path_lower = path.lower()
    overlap = sum(1 for token in query_tokens if token in text_token_set)
    unique_query_overlap = overlap / max(len(query_tokens), 1)
    density = overlap / max(len(text_token_set), 1)
    path_boost = 0.0
    for token in query_tokens:
        path_boost = path_boost + (FALLBACK_PATH_BOOST if token in path_lower else 0)
    length_boost = min(utf16_len(text) / FALLBACK_LENGTH_DIVISOR, FALLBACK_LENGTH_CAP)
    lexical_boost = (
        unique_query_overlap * FALLBACK_OVERLAP_WEIGHT
        + density * FALLBACK_DENSITY_WEIGHT
        + path_boost
        + length_boost
    )
    return FallbackBoost(
        query_tokens=tuple(query_tokens),
        overlap=overlap,
        unique_query_overlap=unique_query_overlap,
        density=density,
        path_boost=path_boost,
        length_boost=length_boost,
        lexical_boost=lexical_boost,
    )


def score_fallback_keyword_result(query: str, path: str, text: str, fts_score: float) -> float:
    """The FTS-only ranking score of one keyword hit (spec section 7.2).

    ``min(1, fts_score + 0.45*|q∩T|/|q| + 0.2*|q∩T|/|T| + 0.18 per query token found in the
    lower-cased path + min(len(text)/160, 0.18))``, where ``q`` is the set of lower-cased
    query tokens, ``T`` the chunk text's token set and ``len`` counts UTF-16 units. A query
    without tokens leaves ``fts_score`` unchanged. Hybrid mode does not use this boost.
    """
    boost = fallback_keyword_boost(query, path, text)
    if boost is None:
        return fts_score
    return min(1.0, fts_score + boost.lexical_boost)
