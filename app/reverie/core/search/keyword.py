"""Keyword retrieval over the index: OpenClaw's FTS5 query, and Reverie's BM25 over terms.

OpenClaw (``openclaw-and``): the raw text table ``chunks_fts`` (unicode61), queried with
quoted tokens joined by AND; ``bm25()``'s rank becomes ``r/(1+r)``.

Reverie: the analysed-terms table ``terms_fts`` is queried with an OR of the query's terms
to find candidates (where there are more than it re-scores: ranked from the terms' posting
lists held in memory, ``index/postings.py``, or by FTS5 within a row budget, see
:func:`candidate_plan`); each candidate is then scored with BM25 computed here, using Lucene's
IDF ``ln(1 + (N - n + 0.5) / (n + 0.5))``, which never clamps a term to ~0 the way FTS5 does
when it occurs in half the rows (spec section 18). The calibrated score compares a chunk's
BM25 with that of a chunk of average length holding every query term once (which scores
0.5), and blends in the share of the query's IDF mass found together on one or two adjacent
lines (the best passage), independent of corpus size.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import apsw

from ..index import line_starts, postings
from ..index.sql_values import as_float, as_int
from ..text.analysis import AnalyzedQuery, fts_and_query, fts_or_query
from ..text.identifiers import display_term
from . import keyword_positions
from .fts_query import bm25_rank_to_score, build_fts_query

BM25_K1 = 1.2
BM25_B = 0.75
PASSAGE_SHARE = 0.7
PASSAGE_POWER = 1.5
"""The best passage's share of the query's IDF mass enters the keyword score raised to
this power: a line holding most of the question's rare words counts nearly in full, one
holding a single word of it much less (a paraphrase or a question in the other language
then leans on the vector side). Chosen on the bilingual tune half and LoCoMo's tune
conversations (``bench/ablation.py``)."""
COMMON_TERM_SHARE = 0.25
IDENTIFIER_WEIGHT = 3.0
"""A rare identifier of the query (a hash, a ticket key, a version...) counts this many
times its IDF: it is exact evidence, stronger than any word of the question."""
TRANSLATED_WEIGHT = 0.5
"""A term of the question in the other language (``text/crosslingual.py``) counts this
share of its IDF: a dictionary sense is weaker evidence than the question's own word. Set
before any tuning, not swept; 0.3 was tried once and did no better on the tune half."""
RARE_IDENTIFIER_SHARE = 0.01
"""An identifier is rare when at most this share of the chunks (and at least 3) hold it; a
common one (a product name on every page) weighs as a word."""


@dataclass(frozen=True)
class KeywordHit:
    rowid: int
    raw: float
    """openclaw: FTS5 bm25() rank (negative). reverie: BM25 value computed here (positive)."""
    score: float
    """The normalised score in [0, 1] that enters the merge."""
    matched: tuple[str, ...] = ()
    passage: float = 0.0
    """Share of the query's IDF mass found together in the chunk's best passage."""
    hit_lines: tuple[int, ...] | None = None
    """The line of the chunk of each occurrence of a query term (None: not counted, as for
    OpenClaw's hits): where the snippet window goes."""


def openclaw_keyword_search(
    conn: apsw.Connection, query: str, limit: int
) -> tuple[str | None, list[KeywordHit]]:
    """OpenClaw's hybrid keyword search: AND of quoted tokens on ``chunks_fts``."""
    match = build_fts_query(query)
    if not match:
        return None, []
    try:
        rows = conn.execute(
            "SELECT rowid, bm25(chunks_fts) AS rank FROM chunks_fts WHERE chunks_fts MATCH ?"
            " ORDER BY rank ASC LIMIT ?",
            (match, int(limit)),
        ).fetchall()
    except apsw.SQLError:
        return match, []
    return match, [
        KeywordHit(as_int(r), as_float(rank), bm25_rank_to_score(as_float(rank)))
        for r, rank in rows
    ]


CANDIDATE_ROW_BUDGET = 3000
"""Candidate generation matches at most about this many chunks where it can: FTS5 ranks
every chunk a query matches (at 100,000 chunks an OR of a question's common terms made it
rank ~50,000 rows, 25-55 ms). A query whose terms together are in fewer chunks is run as it
is (the OR of every term); otherwise the rows are those holding one of its rare terms
(:func:`candidate_plan`)."""


def candidate_plan(
    terms: Sequence[str], dfs: dict[str, int], n_docs: int
) -> tuple[str | None, str | None, int]:
    """The FTS5 query that finds the keyword candidates of ``terms`` (each in ``dfs[t]``
    chunks, all present in the index), ranked by FTS5 on every term, the query to run
    when it finds nothing (None: it always finds some), and the most chunks the first can
    match (the sum of the document frequencies of the terms it needs one of; for an AND,
    the rarest term's):

    * every term together in at most ``CANDIDATE_ROW_BUDGET`` chunks: the OR of them all;
    * otherwise the chunks holding one of the rarest terms (each in at most
      ``COMMON_TERM_SHARE`` of the chunks, together within the budget), ranked on every
      term: ``(rare OR ...) AND (every OR ...)``. Ranking on the rare terms alone left
      a third of the exhaustive BM25 top 10 out of the candidates (speed bench corpus);
    * no rare term, or the rarest alone over the budget: the chunks holding every term
      (``AND``), the best candidates an OR of common words has; at 100,000 chunks this
      kept 0.89 of the exhaustive top 10, against 0.60 for the rarest term alone; when
      no chunk holds them all, the rarest term alone.
    """
    if not terms:
        return None, None, 0
    total = sum(dfs[t] for t in terms)
    if total <= CANDIDATE_ROW_BUDGET:
        return fts_or_query(terms), None, total
    rare = [t for t in terms if dfs[t] <= COMMON_TERM_SHARE * n_docs]
    rare = within_budget(rare, dfs, CANDIDATE_ROW_BUDGET)
    rare_total = sum(dfs[t] for t in rare)
    if not rare or rare_total > CANDIDATE_ROW_BUDGET:
        rarest = min(terms, key=lambda t: (dfs[t], t))
        return fts_and_query(terms), fts_or_query([rarest]), dfs[rarest]
    return f"({fts_or_query(rare)}) AND ({fts_or_query(terms)})", None, rare_total


class TermStats:
    """Document frequencies for BM25, read from the ``terms_vocab`` fts5vocab table.

    Read once per connection and index state (another connection's commit changes
    ``data_version``, this connection's own writes ``total_changes``): the corpus size and
    average length from ``meta`` (kept by the indexer), each term's frequency on first use."""

    _cache: weakref.WeakKeyDictionary[
        apsw.Connection, tuple[tuple[int, int], float, int, dict[str, int], str]
    ] = weakref.WeakKeyDictionary()

    def __init__(self, conn: apsw.Connection) -> None:
        self.conn = conn
        row = conn.execute("PRAGMA data_version").fetchone()  # checked now, unlike
        version = (as_int(row[0]) if row else 0, conn.total_changes())  # the pager's copy
        cached = TermStats._cache.get(conn)
        self._dfs: dict[str, int]
        if cached is not None and cached[0] == version:
            _, self.avgdl, self.n_docs, self._dfs, self.table = cached
            return
        meta = {
            str(key): value
            for key, value in conn.execute(
                "SELECT key, value FROM meta WHERE key IN ('avg_terms', 'chunk_count', 'term_df')"
            ).fetchall()
        }
        self.table = "term_df" if meta.get("term_df") else "terms_vocab"
        """Where document frequencies are read: the indexer's table once it is complete,
        else the keyword index's vocabulary (which reads each term's posting list)."""
        avg = meta.get("avg_terms")
        self.avgdl = float(str(avg)) if avg else 1.0
        count = meta.get("chunk_count")
        if count is not None:
            self.n_docs = int(str(count))
        else:  # an index the indexer has not counted yet
            row = conn.execute("SELECT count(*) FROM chunks").fetchone()
            self.n_docs = int(row[0]) if row else 0
        self._dfs = {}
        TermStats._cache[conn] = (version, self.avgdl, self.n_docs, self._dfs, self.table)

    def doc_freqs(self, terms: Sequence[str]) -> dict[str, int]:
        missing = [t for t in dict.fromkeys(terms) if t not in self._dfs]
        if missing:
            marks = ",".join("?" * len(missing))
            column = "df" if self.table == "term_df" else "doc"
            rows = self.conn.execute(
                f"SELECT term, {column} FROM {self.table} WHERE term IN ({marks})",
                tuple(missing),
            ).fetchall()
            found = {str(t): as_int(d) for t, d in rows}
            self._dfs.update({t: found.get(t, 0) for t in missing})
        return {t: self._dfs[t] for t in terms}

    def idf(self, df: int) -> float:
        n = max(self.n_docs, 1)
        return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def term_lines(text: str, terms: Iterable[str]) -> dict[str, list[int]]:
    """The line of each occurrence of each of ``terms`` in an analysed text (terms joined
    by spaces, lines by newlines), for the terms that occur.

    Each term is looked for as `` term `` in the padded text with ``str.find`` (C speed,
    no token list built): a chunk holds a few hundred terms and a query a handful, so
    finding the few occurrences beats splitting and counting every token."""
    padded = " " + text.replace("\n", " \n ") + " "
    out: dict[str, list[int]] = {}
    for term in terms:
        needle = f" {term} "
        pos = padded.find(needle)
        if pos < 0:
            continue
        lines: list[int] = []
        line, counted = 0, 0
        step = len(needle) - 1  # the space after a match may start the next one
        while pos >= 0:
            line += padded.count("\n", counted, pos)
            counted = pos
            lines.append(line)
            pos = padded.find(needle, pos + step)
        out[term] = lines
    return out


def bm25_from_counts(
    counts: dict[str, int], n_terms: int, idfs: dict[str, float], avgdl: float
) -> float:
    """BM25 of one document from its query-term frequencies (k1 1.2, b 0.75)."""
    if not counts:
        return 0.0
    norm = BM25_K1 * (1.0 - BM25_B + BM25_B * (n_terms / avgdl if avgdl > 0 else 1.0))
    total = 0.0
    for term, tf in counts.items():
        total += idfs[term] * (tf * (BM25_K1 + 1.0)) / (tf + norm)
    return total


def passage_mass(lines_of: dict[str, list[int]], idfs: dict[str, float], window: int = 2) -> float:
    """IDF mass of the distinct query terms found together in the best run of ``window``
    consecutive lines (``lines_of``: each term's lines, from :func:`term_lines`). Memory
    notes keep one fact per line or bullet, so terms that meet on one line are stronger
    evidence than the same terms scattered over a chunk."""
    if len(lines_of) == 1:  # one term: any line holding it is a best run
        return sum(idfs[t] for t in lines_of)
    by_line: dict[int, set[str]] = {}
    for term, lines in lines_of.items():
        for line in lines:
            found = by_line.get(line)
            if found is None:
                by_line[line] = {term}
            else:
                found.add(term)
    best = 0.0
    for line, found in by_line.items():  # a best run starts on a line with a term
        run = found
        for k in range(1, window):
            if (more := by_line.get(line + k)) is not None:
                run = run | more
        mass = sum(idfs[t] for t in lines_of if t in run)  # in the query's order
        if mass > best:
            best = mass
            if len(run) == len(lines_of):  # every term found is in this run
                break
    return best


def ideal_bm25(idfs: dict[str, float]) -> float:
    """BM25 of an average-length chunk holding each query term once (= sum of IDFs)."""
    return sum(idfs.values())


def calibrate_bm25(value: float, ideal: float) -> float:
    """``value / (value + ideal)``: 0.5 for a chunk of average length holding every query
    term once; more matches push it towards 1 without ever saturating, so strong matches
    stay distinguishable."""
    if ideal <= 0 or value <= 0:
        return 0.0
    return value / (value + ideal)


def within_budget(terms: Sequence[str], dfs: dict[str, int], budget: int) -> list[str]:
    """The rarest of ``terms`` whose document frequencies add up to at most ``budget``
    (always the rarest one), in their original order."""
    kept: set[str] = set()
    total = 0
    for term in sorted(terms, key=lambda t: (dfs.get(t, 0), t)):
        df = dfs.get(term, 0)
        if kept and total + df > budget:
            break
        kept.add(term)
        total += df
    return [t for t in terms if t in kept]


def candidate_pool(limit: int) -> int:
    """Candidates re-scored for a keyword list of ``limit`` hits."""
    return max(limit * 2, 40)


def _whole_identifier(term: str, query: AnalyzedQuery) -> bool:
    """A whole-identifier term (one the word tokenizer would have split)."""
    return term in query.identifiers and display_term(term) != term


class ReverieKeywordScorer:
    """Scores any chunk against one analysed query (so every candidate gets a keyword
    score, not only the ones the keyword list returned)."""

    def __init__(
        self,
        conn: apsw.Connection,
        query: AnalyzedQuery,
        identifier_weight: float = 1.0,
        translated: Mapping[str, float] | None = None,
    ) -> None:
        """``translated``: the question's terms in the other language, each with its share
        of the word it stands for (:func:`~reverie.core.text.crosslingual.translated_shares`);
        they add to a chunk's score (``TRANSLATED_WEIGHT`` x the share) but not to what a
        full match is (the ideal)."""
        self.conn = conn
        self.query = query
        stats = TermStats(conn)
        self.avgdl = stats.avgdl
        dfs = stats.doc_freqs(query.terms)
        rare_df = max(3, RARE_IDENTIFIER_SHARE * stats.n_docs)
        weight = {t: identifier_weight for t in query.identifiers if dfs.get(t, 0) <= rare_df}
        # A common identifier counts through its pieces only (its whole term would count
        # the same evidence twice).
        dfs = {t: df for t, df in dfs.items() if t in weight or not _whole_identifier(t, query)}
        self.idfs = {t: stats.idf(df) * weight.get(t, 1.0) for t, df in dfs.items() if df > 0}
        present = [t for t, df in dfs.items() if df > 0]
        self.ideal = ideal_bm25({t: stats.idf(df) * weight.get(t, 1.0) for t, df in dfs.items()})
        shares = dict(translated or {})
        extra = [t for t in shares if t not in dfs]
        self.translated: tuple[str, ...] = ()
        """The translated terms some chunk holds (snippets are cut around them too)."""
        if extra:
            extra_dfs = {t: df for t, df in stats.doc_freqs(extra).items() if df > 0}
            self.translated = tuple(extra_dfs)
            self.idfs.update(
                {t: stats.idf(df) * TRANSLATED_WEIGHT * shares[t] for t, df in extra_dfs.items()}
            )
            dfs = dfs | extra_dfs
            present += list(extra_dfs)
        self.dfs = {t: dfs[t] for t in present}
        self.candidate_match, self.fallback_match, self.most_matched = candidate_plan(
            present, dfs, stats.n_docs
        )
        self.ran: str | None = None
        """The FTS5 query :meth:`search` ran (the candidate query or its fallback)."""
        self._lists: postings.TermPostings | None = None
        self._lists_asked = False
        self._rare_asked = False

    def score_rows(self, rows: Iterable[tuple[object, ...]]) -> dict[int, KeywordHit]:
        """BM25 of each chunk of ``rows`` (row id, analysed terms, number of terms, ...),
        found in its text; the normalised score blends the chunk's calibrated BM25 with its
        best passage (``PASSAGE_SHARE`` of the weight)."""
        return {
            as_int(rowid): self._hit(
                as_int(rowid), as_int(n_terms), term_lines(str(terms), self.idfs)
            )
            for rowid, terms, n_terms, *_ in rows
        }

    def _hit(self, rowid: int, n_terms: int, lines_of: dict[str, list[int]]) -> KeywordHit:
        """A chunk's hit from the lines of the query's terms in it (:func:`term_lines`)."""
        counts = {t: len(lines) for t, lines in lines_of.items()}
        raw = bm25_from_counts(counts, n_terms, self.idfs, self.avgdl)
        mass = passage_mass(lines_of, self.idfs) if counts else 0.0
        hit_lines = tuple(line for lines in lines_of.values() for line in lines)
        return self._hit_from(rowid, raw, tuple(counts), mass, hit_lines)

    def _hit_from(
        self,
        rowid: int,
        raw: float,
        matched: tuple[str, ...],
        mass: float,
        hit_lines: tuple[int, ...],
    ) -> KeywordHit:
        """A chunk's hit from its BM25 ``raw`` and its best passage's IDF ``mass``."""
        score = calibrate_bm25(raw, self.ideal)
        passage = 0.0
        if matched and self.ideal > 0:
            passage = min(1.0, mass / self.ideal)
            score = (1 - PASSAGE_SHARE) * score + PASSAGE_SHARE * passage**PASSAGE_POWER
        return KeywordHit(rowid, raw, score, matched, passage, hit_lines)

    def score_rowids(self, rowids: Sequence[int]) -> dict[int, KeywordHit]:
        """The hit of each chunk of ``rowids`` that the index holds."""
        return self._scored(rowids)[0]

    def _scored(self, rowids: Sequence[int]) -> tuple[dict[int, KeywordHit], dict[int, str]]:
        """The hits of the chunks of ``rowids`` and their paths. With the words' posting
        lists in memory, the counts and lines of the query's terms come from them
        (:mod:`.keyword_positions`); a chunk without stored line starts, or with no lists
        held, is read from its text."""
        if not rowids:
            return {}, {}
        lists = self._position_lists()
        marks = ",".join("?" * len(rowids))
        if lists is None:
            rows = self._text_rows(rowids)
            return self.score_rows(rows), {as_int(r[0]): str(r[3]) for r in rows}
        brief = self.conn.execute(
            f"SELECT rowid, n_terms, path, line_starts FROM chunks WHERE rowid IN ({marks})",
            tuple(rowids),
        ).fetchall()
        paths = {as_int(r[0]): str(r[2]) for r in brief}
        stored = [
            (as_int(r[0]), as_int(r[1]), r[3])
            for r in brief
            if isinstance(r[3], bytes) and len(r[3]) >= line_starts.DTYPE.itemsize
        ]
        ids = [r[0] for r in stored]
        found = keyword_positions.occurrences(
            lists, self.conn, list(self.idfs), ids, [r[2] for r in stored]
        )
        scored = keyword_positions.score(
            found, self.idfs, [r[1] for r in stored], self.avgdl, BM25_K1, BM25_B
        )
        hits = {
            rowid: self._hit_from(rowid, raw, matched, mass, lines)
            for rowid, raw, matched, mass, lines in zip(
                ids, scored.raw, scored.matched, scored.mass, scored.hit_lines, strict=True
            )
        }
        if len(stored) < len(brief):  # written before line starts were stored
            rest = [as_int(r[0]) for r in brief if as_int(r[0]) not in hits]
            hits |= self.score_rows(self._text_rows(rest))
        return hits, paths

    def _position_lists(self) -> postings.TermPostings | None:
        """The posting lists the lines of the query's terms are read from: those
        :meth:`search` ranked from, or, when every word is rare (a list read on first use
        costs under 1 ms), this connection's lists read now; None: read the chunks' text
        (a common word's first search reads no list, see :meth:`lists`)."""
        if len(self.idfs) > keyword_positions.MOST_WORDS:
            return None
        if self._lists is None and not self._rare_asked:
            self._rare_asked = True
            if all(df <= postings.ALWAYS_READ_DF for df in self.dfs.values()):
                self._lists = postings.for_search(self.conn, self.dfs)
        return self._lists

    def search(self, limit: int, recency: Callable[[str], float] | None = None) -> list[KeywordHit]:
        """Candidates from FTS5 (:func:`candidate_plan`), re-scored here, best first;
        ``recency``: the decay multiplier a chunk of a path will get, to choose the ``limit``
        kept by their decayed scores."""
        if not self.candidate_match or not self.idfs:
            return []
        pool = candidate_pool(limit)
        self.ran = self.candidate_match
        lists = self.lists(limit)
        if lists is not None:  # every chunk holding a term, ranked in memory
            self.ran = fts_or_query(list(self.dfs))
            ids = lists.best(self.conn, self.idfs, self.avgdl, pool, BM25_K1, BM25_B)
        elif self.most_matched <= pool:  # every match is a candidate: no need to rank them
            ids = self._matched(self.candidate_match)
        else:
            ids = self._ranked(self.candidate_match, pool)
        if not ids and self.fallback_match and lists is None:
            self.ran = self.fallback_match
            ids = self._ranked(self.fallback_match, pool)
        scored, path_of = self._scored(ids)
        hits = [h for h in scored.values() if h.raw > 0]
        hits.sort(key=lambda h: (-h.score, -h.raw, h.rowid))
        if recency is None or len(hits) <= limit:
            return hits[:limit]
        # Cut as temporal decay will rank them (the list keeps its keyword order): cut on
        # the keyword score alone, forty notes that name a ticket key as often kept the
        # oldest ones and left out the newest, and MEMORY.md, which does not decay
        decayed = sorted(
            hits, key=lambda h: (-h.score * recency(path_of[h.rowid]), -h.raw, h.rowid)
        )
        kept = {h.rowid for h in decayed[:limit]}
        return [h for h in hits if h.rowid in kept]

    def lists(self, limit: int) -> postings.TermPostings | None:
        """The posting lists :meth:`search` with this ``limit`` ranks its candidates from
        (None: FTS5 ranks them, or there are no more matches than candidates); asked once
        per scorer, since asking marks the common words as searched for."""
        if not self._lists_asked:
            self._lists_asked = True
            needed = bool(self.candidate_match and self.idfs)
            if needed and self.most_matched > candidate_pool(limit):
                self._lists = postings.for_search(self.conn, self.dfs)
        return self._lists

    def _text_rows(self, rowids: Sequence[int]) -> list[tuple[object, ...]]:
        """Row id, analysed terms, number of terms and path of each chunk of ``rowids``."""
        if not rowids:
            return []
        marks = ",".join("?" * len(rowids))
        return self.conn.execute(
            f"SELECT rowid, terms, n_terms, path FROM chunks WHERE rowid IN ({marks})",
            tuple(rowids),
        ).fetchall()

    def _matched(self, match: str) -> list[int]:
        # FTS5's bm25() reads the whole posting list of every term of the query for its
        # IDF before it ranks a row: with a common term beside a rare one, that was most
        # of the time of a query matching a few dozen chunks.
        return [
            as_int(r)
            for (r,) in self.conn.execute(
                "SELECT rowid FROM terms_fts WHERE terms_fts MATCH ?", (match,)
            ).fetchall()
        ]

    def _ranked(self, match: str, pool: int) -> list[int]:
        return [
            as_int(r)
            for (r,) in self.conn.execute(
                "SELECT rowid FROM terms_fts WHERE terms_fts MATCH ? ORDER BY bm25(terms_fts)"
                " LIMIT ?",
                (match, pool),
            ).fetchall()
        ]
