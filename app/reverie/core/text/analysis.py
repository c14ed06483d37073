"""Reverie's keyword analysis: the terms that the keyword index stores and queries run.

OpenClaw's FTS5 ``unicode61`` tokenizer treats a run of Chinese characters as one token, so
``北京`` never matches inside ``我在北京工作``; it also has no stemming, so ``meeting`` misses
``meetings``. Reverie indexes an analysed form of every chunk instead:

* text is NFKC-normalised, case-folded and stripped of diacritics (``Café`` -> ``cafe``);
* Latin-script words are split on punctuation and ``_``, stop words dropped, and stemmed
  with the Snowball English stemmer;
* Chinese runs give character unigrams and bigrams and their long dictionary words; in a
  query, jieba cuts the function words out first, so only the bigrams of the content
  between them are searched (:mod:`.chinese`); other CJK runs (kana, Hangul) give
  character unigrams and bigrams;
* identifiers (hashes, ticket keys, IPs, versions, host and file names, code identifiers)
  are also kept whole as one term each (:mod:`.identifiers`), so a question naming one
  matches it exactly.

Documents and queries go through the same analysis. The analysed text is stored in an FTS5
table as space-separated terms, so the index is plain FTS5 that any SQLite tool can read.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

from .chinese import chinese_terms
from .identifiers import display_term, find_identifiers, has_punctuation, identifier_term
from .scripts import simplified

ANALYSIS_VERSION = "4"
"""Changes whenever the analysed text of a chunk would change: the index re-analyses every
chunk when the version it was built with differs."""

_CJK_CLASS = (
    "\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    "\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"
)
_TOKEN_RE = re.compile(rf"[{_CJK_CLASS}]+|[^\W_{_CJK_CLASS}]+", re.UNICODE)
_CJK_RUN_RE = re.compile(rf"[{_CJK_CLASS}]+")
_HAN_RUN_RE = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")

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

_stemmers = threading.local()
"""A Snowball stemmer keeps state while it stems a word: one per thread (the indexer, the
search and the Purpose page analyse text on different threads at the same time)."""


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    stemmer = getattr(_stemmers, "english", None)
    if stemmer is None:
        stemmer = _stemmers.english = snowballstemmer.stemmer("english")
    return str(stemmer.stemWord(word))


def fold(text: str) -> str:
    """NFKC, case-fold, strip combining marks (``Café`` -> ``cafe``) and read traditional
    Chinese characters as simplified (``醫院`` -> ``医院``, :mod:`.scripts`)."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return simplified(unicodedata.normalize("NFC", stripped))


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


def _run_terms(run: str, index_side: bool) -> list[str]:
    if _HAN_RUN_RE.fullmatch(run):
        return chinese_terms(run, unigrams=index_side)
    return _cjk_terms(run, unigrams=index_side)


def _identifier_terms(text: str) -> list[str]:
    """Whole-identifier terms of the identifiers that the word tokenizer would split."""
    return [identifier_term(i) for i in find_identifiers(text) if has_punctuation(i)]


def latin_terms(text: str) -> list[str]:
    """The stemmed words of ``text`` without stop words, as :func:`analyze` makes them, and
    nothing else (no CJK terms, no whole identifiers): for English text, e.g. a dictionary
    sense."""
    out: list[str] = []
    for match in _TOKEN_RE.finditer(fold(text)):
        term = _latin_term(match.group(0))
        if term:
            out.append(term)
    return out


def analyze(text: str) -> list[str]:
    """Terms of a document, in order (CJK unigrams, bigrams and long Chinese words, stemmed
    Latin words), then the whole identifiers."""
    terms: list[str] = []
    for match in _TOKEN_RE.finditer(fold(text)):
        token = match.group(0)
        if _CJK_RUN_RE.fullmatch(token):
            terms.extend(_run_terms(token, index_side=True))
        else:
            term = _latin_term(token)
            if term:
                terms.append(term)
    terms.extend(_identifier_terms(text))
    return terms


@dataclass(frozen=True)
class AnalyzedQuery:
    """A query's distinct terms and the FTS5 MATCH expression that finds any of them."""

    terms: tuple[str, ...]
    match: str | None
    identifiers: tuple[str, ...] = ()
    """The terms that are identifiers (exact evidence: weighed more by the scorer)."""

    @property
    def empty(self) -> bool:
        return not self.terms

    def without_identifiers(self) -> AnalyzedQuery:
        """The query without its whole-identifier terms (their pieces stay)."""
        whole = {t for t in self.identifiers if display_term(t) != t}
        terms = tuple(t for t in self.terms if t not in whole)
        return AnalyzedQuery(terms=terms, match=fts_or_query(terms))


def analyze_query(query: str) -> AnalyzedQuery:
    """Distinct query terms (Chinese: bigrams of the content between function words),
    OR-joined, and which of them are identifiers.

    Conversational questions keep working because any term may match; BM25 ranks chunks
    that match more (and rarer) terms first.
    """
    seen: dict[str, None] = {}
    for match in _TOKEN_RE.finditer(fold(query)):
        token = match.group(0)
        if _CJK_RUN_RE.fullmatch(token):
            for term in _run_terms(token, index_side=False):
                seen.setdefault(term, None)
        else:
            latin = _latin_term(token)
            if latin:
                seen.setdefault(latin, None)
    identifiers: dict[str, None] = {}
    for raw in find_identifiers(query):
        ident = identifier_term(raw) if has_punctuation(raw) else _latin_term(fold(raw))
        if ident:
            seen.setdefault(ident, None)
            identifiers.setdefault(ident, None)
    terms = tuple(seen)
    return AnalyzedQuery(terms=terms, match=fts_or_query(terms), identifiers=tuple(identifiers))


def fts_or_query(terms: Iterable[str]) -> str | None:
    """An FTS5 query matching any of ``terms`` (None: no term)."""
    return _joined(terms, " OR ")


def fts_and_query(terms: Iterable[str]) -> str | None:
    """An FTS5 query matching all of ``terms`` (None: no term)."""
    return _joined(terms, " AND ")


def _joined(terms: Iterable[str], operator: str) -> str | None:
    quoted = ['"' + t.replace('"', "") + '"' for t in terms if t]
    return operator.join(quoted) if quoted else None


def terms_text(text: str) -> str:
    """The analysed text stored in the keyword index: each source line's terms joined by
    spaces, lines joined by newlines (FTS5 reads both as separators; scoring uses the lines
    to find the best-matching passage)."""
    return "\n".join(" ".join(analyze(line)) for line in text.split("\n"))


def _identifier_spans(text: str, wanted: set[str]) -> list[tuple[int, int]]:
    """Spans of the wanted whole-identifier terms (found case-insensitively)."""
    spans: list[tuple[int, int]] = []
    lower = text.casefold() if len(text.casefold()) == len(text) else None
    for term in wanted:
        shown = display_term(term)
        if shown == term or lower is None:
            continue
        start = 0
        while (pos := lower.find(shown, start)) >= 0:
            spans.append((pos, pos + len(shown)))
            start = pos + 1
    return spans


@lru_cache(maxsize=65536)
def _analysed_word(token: str) -> str | None:
    """The indexed term of one non-CJK word (None for a stop word); words repeat a lot."""
    return _latin_term(fold(token))


def term_spans(text: str, terms: Iterable[str]) -> list[tuple[int, int]]:
    """Character spans in ``text`` whose analysed form is one of ``terms`` (for snippets
    and highlighting). CJK bigram terms are located as substrings."""
    wanted = set(terms)
    if not wanted:
        return []
    spans: list[tuple[int, int]] = _identifier_spans(text, wanted)
    folded_cjk = [t for t in wanted if _CJK_RUN_RE.fullmatch(t)]
    for match in _TOKEN_RE.finditer(text):
        token = match.group(0)
        if _CJK_RUN_RE.fullmatch(token):
            token = simplified(token)  # the terms are simplified; one character for one
            for term in folded_cjk:
                start = 0
                while (pos := token.find(term, start)) >= 0:
                    spans.append((match.start() + pos, match.start() + pos + len(term)))
                    start = pos + 1
        else:
            analysed = _analysed_word(token)
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
