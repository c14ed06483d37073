"""Reverie's keyword analysis: the terms that the keyword index stores and queries run.

OpenClaw's FTS5 ``unicode61`` tokenizer treats a run of Chinese characters as one token, so
``北京`` never matches inside ``我在北京工作``; it also has no stemming, so ``meeting`` misses
``meetings``. Reverie indexes an analysed form of every chunk instead:

* text is NFKC-normalised, case-folded and stripped of diacritics (``Café`` -> ``cafe``);
* Latin-script words are split on punctuation and ``_``, stop words dropped, and stemmed
  with the Snowball English stemmer;
* CJK runs (Han, kana, Hangul) give character unigrams and bigrams, so any Chinese word of
  two or more characters matches inside a longer run.

Documents and queries go through the same analysis. The analysed text is stored in an FTS5
table as space-separated terms, so the index is plain FTS5 that any SQLite tool can read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

_CJK_CLASS = (
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"
)
_TOKEN_RE = re.compile(rf"[{_CJK_CLASS}]+|[^\W_{_CJK_CLASS}]+", re.UNICODE)
_CJK_RUN_RE = re.compile(rf"[{_CJK_CLASS}]+")

ENGLISH_STOP_WORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "aren't",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "can't",
        "cannot",
        "could",
        "couldn't",
        "did",
        "didn't",
        "do",
        "does",
        "doesn't",
        "doing",
        "don't",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "hadn't",
        "has",
        "hasn't",
        "have",
        "haven't",
        "having",
        "he",
        "he'd",
        "he'll",
        "he's",
        "her",
        "here",
        "here's",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "how's",
        "i",
        "i'd",
        "i'll",
        "i'm",
        "i've",
        "if",
        "in",
        "into",
        "is",
        "isn't",
        "it",
        "it's",
        "its",
        "itself",
        "let's",
        "me",
        "more",
        "most",
        "mustn't",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "ought",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "shan't",
        "she",
        "she'd",
        "she'll",
        "she's",
        "should",
        "shouldn't",
        "so",
        "some",
        "such",
        "than",
        "that",
        "that's",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "there's",
        "these",
        "they",
        "they'd",
        "they'll",
        "they're",
        "they've",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "wasn't",
        "we",
        "we'd",
        "we'll",
        "we're",
        "we've",
        "were",
        "weren't",
        "what",
        "what's",
        "when",
        "when's",
        "where",
        "where's",
        "which",
        "while",
        "who",
        "who's",
        "whom",
        "why",
        "why's",
        "with",
        "won't",
        "would",
        "wouldn't",
        "you",
        "you'd",
        "you'll",
        "you're",
        "you've",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "also",
        "just",
        "s",
        "t",
        "d",
        "ll",
        "m",
        "re",
        "ve",
        "y",
        "yes",
        "ok",
        "okay",
        "really",
        "much",
        "many",
        "get",
        "got",
    ]
)
"""Function words that carry no topic. Negations (no, not, nor) are kept out of the query
only; they stay in the stored text, which is the file's own."""

CJK_STOP_CHARS = frozenset("的了是在和就都而及与着或之也吗呢吧啊呀么")
"""Chinese function characters dropped as unigrams (they still form bigrams)."""

_stemmer = snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return _stemmer.stemWord(word)


def fold(text: str) -> str:
    """NFKC, case-fold and strip combining marks (``Café`` -> ``cafe``)."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", stripped)


def _cjk_terms(run: str, unigrams: bool) -> list[str]:
    terms: list[str] = []
    if unigrams or len(run) == 1:
        terms.extend(ch for ch in run if ch not in CJK_STOP_CHARS or len(run) == 1)
    terms.extend(run[i : i + 2] for i in range(len(run) - 1))
    return terms


def _latin_term(word: str) -> str | None:
    if word in ENGLISH_STOP_WORDS:
        return None
    if word.isdigit():
        return word
    return _stem(word)


def analyze(text: str) -> list[str]:
    """Terms of a document, in order (CJK unigrams and bigrams, stemmed Latin words)."""
    terms: list[str] = []
    for match in _TOKEN_RE.finditer(fold(text)):
        token = match.group(0)
        if _CJK_RUN_RE.fullmatch(token):
            terms.extend(_cjk_terms(token, unigrams=True))
        else:
            term = _latin_term(token)
            if term:
                terms.append(term)
    return terms


@dataclass(frozen=True)
class AnalyzedQuery:
    """A query's distinct terms and the FTS5 MATCH expression that finds any of them."""

    terms: tuple[str, ...]
    match: str | None

    @property
    def empty(self) -> bool:
        return not self.terms


def analyze_query(query: str) -> AnalyzedQuery:
    """Distinct query terms (CJK: bigrams, unigrams only for one-character runs), OR-joined.

    Conversational questions keep working because any term may match; BM25 ranks chunks
    that match more (and rarer) terms first.
    """
    seen: dict[str, None] = {}
    for match in _TOKEN_RE.finditer(fold(query)):
        token = match.group(0)
        if _CJK_RUN_RE.fullmatch(token):
            for term in _cjk_terms(token, unigrams=False):
                seen.setdefault(term, None)
        else:
            term = _latin_term(token)
            if term:
                seen.setdefault(term, None)
    terms = tuple(seen)
    return AnalyzedQuery(terms=terms, match=fts_or_query(terms))


def fts_or_query(terms: Iterable[str]) -> str | None:
    quoted = ['"' + t.replace('"', "") + '"' for t in terms if t]
    return " OR ".join(quoted) if quoted else None


def terms_text(text: str) -> str:
    """The analysed text stored in the keyword index: each source line's terms joined by
    spaces, lines joined by newlines (FTS5 reads both as separators; scoring uses the lines
    to find the best-matching passage)."""
    return "\n".join(" ".join(analyze(line)) for line in text.split("\n"))


def term_spans(text: str, terms: Iterable[str]) -> list[tuple[int, int]]:
    """Character spans in ``text`` whose analysed form is one of ``terms`` (for snippets
    and highlighting). CJK bigram terms are located as substrings."""
    wanted = set(terms)
    if not wanted:
        return []
    spans: list[tuple[int, int]] = []
    folded_cjk = [t for t in wanted if _CJK_RUN_RE.fullmatch(t)]
    for match in re.finditer(rf"[{_CJK_CLASS}]+|[^\W_{_CJK_CLASS}]+", text):
        token = match.group(0)
        if _CJK_RUN_RE.fullmatch(token):
            for term in folded_cjk:
                start = 0
                while (pos := token.find(term, start)) >= 0:
                    spans.append((match.start() + pos, match.start() + pos + len(term)))
                    start = pos + 1
        else:
            analysed = _latin_term(fold(token))
            if analysed and analysed in wanted:
                spans.append((match.start(), match.end()))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged
