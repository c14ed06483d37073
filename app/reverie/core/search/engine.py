"""The search pipeline: one code path for both profiles, with a trace of every stage.

:func:`search` runs these stages over one :class:`~reverie.core.search.state.SearchState`
(each recorded in every candidate's :class:`ScoreTrace`):

1. keyword list   openclaw: AND of quoted tokens on the raw-text FTS table, ``r/(1+r)``;
                  reverie: OR of analysed terms, BM25 with positive IDF, calibrated score.
2. vector list    KNN on the query embedding (``1 - cosine distance``); reverie: a question
                  with Chinese words is embedded with its English rendering too, and on a
                  large index scanned by torch's int8 kernel the scan runs beside stage 1.
3. candidates     union by chunk in OpenClaw's order (vector hits first, then keyword-only).
4. fuse           ``vw x vector + tw x keyword`` (:mod:`.fusion`). openclaw: a side that did
                  not return the chunk contributes 0. reverie ("calibrated"): every candidate
                  is scored on both sides and the cosine is mapped to [0, 1] per model.
                  rrf: QMD's reciprocal rank fusion.
4b. boosts        optional: OpenViking's recall boosts (:mod:`.boosts`).
4c. dates         a day or month the question names: its daily notes join the candidates
                  and get a bonus (:mod:`.dated`).
5. decay          ``exp(-ln2 / halfLife x age)``; dated notes, evergreen files, mtimes.
5b. current       state questions ("now", 现在): newest same-subject statement first
                  (:mod:`.current`).
6. diversify      sort, then MMR (optional): Jaccard of snippets (openclaw) or embedding
                  cosine (reverie) (:mod:`.ordering`).
7. gate           minScore, then maxResults; OpenClaw's "relaxed" keyword rescue when
                  nothing is left (:mod:`.results`).
8. respond        the hits with their traces, and every dropped candidate with its stage.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import apsw
import numpy as np

from ..embedding import Embedder, normalise_rows
from ..index import int8_scan, vector_codes
from ..index.indexer import vector_key
from ..settings import SearchSettings
from ..text.analysis import analyze_query
from ..text.crosslingual import english_rendering, translated_shares
from .boosts import boost
from .current import current_first
from .dated import dated_rowids, match_dates, question_dates
from .fts_query import extract_keywords, score_fallback_keyword_result
from .fusion import fuse
from .keyword import (
    IDENTIFIER_WEIGHT,
    KeywordHit,
    ReverieKeywordScorer,
    openclaw_keyword_search,
)
from .ordering import decay, diversify, recency_estimate
from .results import gate, respond
from .state import Candidate, SearchState
from .trace import SearchResponse
from .vector import knn, rescore, rescore_pool

Stage = Callable[[SearchState], None]

MAX_QUERY_CHARS = 4000
"""Longer queries are cut to this many characters (with a notice): a question, or a
paragraph pasted as one, fits; a whole file does not, and analysing, translating and
embedding it grew without bound (500 KB: 17 s and 4.5 GB)."""


@dataclass
class SearchContext:
    """What a search needs besides the query: the open index and the loaded model."""

    conn: apsw.Connection
    workspace_root: Path
    embedder: Embedder | None = None
    notices: list[str] = field(default_factory=list)
    sources: tuple[str, ...] | None = None
    """The sources searched (``memory``, ``sessions``); None: every indexed source."""
    layer_of: Callable[[str], str] | None = None
    """A file's memory layer code by path: every hit's trace is labelled with it."""

    @property
    def model_id(self) -> str | None:
        return self.embedder.model_id if self.embedder is not None else None


MODEL_UNAVAILABLE = "Embedding model unavailable"
"""How the service's notice of a model that could not load starts (it says the search is
keyword-only, so the engine does not say it again)."""


def search(
    ctx: SearchContext,
    query: str,
    settings: SearchSettings,
    now_ms: float | None = None,
) -> SearchResponse:
    started = time.perf_counter()
    query = query.strip()
    cut = len(query) > MAX_QUERY_CHARS
    if cut:  # a pasted file as a query: 4 MB took 24 GB before the process was killed
        query = query[:MAX_QUERY_CHARS]
    state = SearchState(
        query=query,
        settings=settings,
        now_ms=time.time() * 1000.0 if now_ms is None else now_ms,
        workspace_root=ctx.workspace_root,
        conn=ctx.conn,
        embedder=ctx.embedder,
        keyword_only=ctx.embedder is None,
        model_id=ctx.model_id,
        notices=list(ctx.notices),
        sources=ctx.sources,
        layer_of=ctx.layer_of,
    )
    if cut:
        state.notices.append(f"The query was cut to its first {MAX_QUERY_CHARS:,} characters.")
    if not state.query:
        return SearchResponse(state.query, settings.profile, "empty", (), (), tuple(state.notices))
    if state.keyword_only and not any(n.startswith(MODEL_UNAVAILABLE) for n in state.notices):
        state.notices.append("No embedding model is loaded: keyword-only search.")
    for stage in RETRIEVAL_STAGES:
        stage(state)
    if state.cands:
        for stage in RANKING_STAGES:
            stage(state)
    return respond(state, started)


def keyword_list(state: SearchState) -> None:
    """Stage 1: the keyword candidate list of the profile's keyword mode."""
    t0 = time.perf_counter()
    conn, pool = state.db(), state.settings.candidates
    if state.vector_only:
        hits: list[KeywordHit] = []  # OpenClaw's vector-only path: no keyword list at all
    elif state.settings.keyword_mode == "reverie":
        if state.scorer is None:  # made beforehand when the code scan runs beside
            state.scorer = reverie_scorer(conn, state.query, state.settings)
        hits = state.scorer.search(pool, recency_estimate(state))
        state.keyword_query = state.scorer.ran or state.scorer.query.match
    elif state.keyword_only:
        state.keyword_query, hits = _openclaw_fts_only(conn, state.query, pool)
    else:
        state.keyword_query, hits = openclaw_keyword_search(conn, state.query, pool)
    state.kw_hits = hits
    state.timings["keyword"] = (time.perf_counter() - t0) * 1000


def reverie_scorer(
    conn: apsw.Connection, query: str, settings: SearchSettings
) -> ReverieKeywordScorer:
    """The BM25 scorer of the reverie keyword mode; identifiers weigh more when enabled,
    and the question's words in the other language count too (``cross_language``)."""
    analysed = analyze_query(query)
    translated = translated_shares(query) if settings.cross_language else None
    if not settings.identifiers:
        return ReverieKeywordScorer(conn, analysed.without_identifiers(), translated=translated)
    return ReverieKeywordScorer(conn, analysed, IDENTIFIER_WEIGHT, translated)


TRANSLATED_VECTOR_WEIGHT = 0.5
"""The English rendering's embedding counts this much beside the question's own (one) in
the query vector (``translated_vector``). Set beforehand as the keyword side's weight for a
translated word (``keyword.TRANSLATED_WEIGHT``). On the bilingual tune half 0.3 left R@5
where it is without the rendering; 0.5, 0.7 and 1 each gave two more questions (MRR 0.634,
0.636, 0.638): the smallest that pays is kept."""


def vector_list(state: SearchState) -> None:
    """Stage 2: the nearest chunks to the query embedding (nothing without a model); with
    ``translated_vector``, the embedding of a question with Chinese words is mixed with
    that of its English rendering."""
    if state.embedder is None:
        return
    qvec = embed_query(state)
    t0 = time.perf_counter()
    state.vec_hits = knn(
        state.db(), qvec, state.embedder.model_id, state.settings.candidates, state.vectors
    )
    state.timings["vector"] = (time.perf_counter() - t0) * 1000


def embed_query(state: SearchState) -> np.ndarray:
    """The query vector, kept in ``state.qvec`` (mixed with the English rendering's, see
    :func:`vector_list`)."""
    assert state.embedder is not None
    t0 = time.perf_counter()
    qvec = state.embedder.embed_query(state.query)
    rendering = english_rendering(state.query) if state.settings.translated_vector else ""
    if rendering:
        mixed = qvec + TRANSLATED_VECTOR_WEIGHT * state.embedder.embed_query(rendering)
        qvec = normalise_rows(mixed)[0]
        state.vector_rendering = rendering
    state.qvec = qvec
    state.timings["embed_query"] = (time.perf_counter() - t0) * 1000
    return qvec


def both_lists(state: SearchState) -> None:
    """Stages 1 and 2. When the code scan runs in torch's int8 kernel (a large index in a
    host that loaded it, see ``index/int8_scan.py``), the scan runs on a helper thread
    while this one builds the keyword list: the kernel releases the interpreter lock and
    SQLite does too while FTS5 works, so on two cores the scan (6-7 ms at 100,000 chunks
    on one thread) hides behind the keyword stage's 8-11 (same results; the speed bench at
    100,000 chunks: reverie p50 22.9 -> 19.1 ms, p95 33.9 -> 28.7). The numpy scan holds
    the lock in its conversions: beside the keyword stage it doubled that stage's time, so
    it runs in turn (``bench/README.md``, speed bench)."""
    cache = _threaded_scan_cache(state)
    if cache is None:
        keyword_list(state)
        vector_list(state)
        return
    assert state.embedder is not None
    qvec = embed_query(state)
    t0 = time.perf_counter()
    pool = rescore_pool(state.settings.candidates)
    width = cache.codes.shape[1] if cache.codes is not None else 0
    scan = None
    if np.any(qvec) and width == qvec.shape[0]:
        scan = int8_scan.helper_thread().submit(_timed_top, cache, qvec, pool)
    vector_ms = (time.perf_counter() - t0) * 1000
    keyword_list(state)
    t0 = time.perf_counter()
    model, k = state.embedder.model_id, state.settings.candidates
    if scan is not None:
        found, state.timings["vector_scan"] = scan.result()
        state.vec_hits = rescore(state.db(), found, qvec, model, k, state.vectors)
    else:  # a zero vector (nothing to find) or codes of another width: as in turn
        state.vec_hits = knn(state.db(), qvec, model, k, state.vectors)
    # this thread's time; the scan's own ("vector_scan"), behind the keyword stage, is not in it
    state.timings["vector"] = vector_ms + (time.perf_counter() - t0) * 1000


SCAN_BESIDE = True
"""Scan the codes beside the reverie keyword stage when the scan allows it (False: in turn,
the speed bench's comparison row)."""


def _threaded_scan_cache(state: SearchState) -> vector_codes.CodeCache | None:
    """The codes to scan beside the keyword stage; None when the scan would not release
    the interpreter lock (no torch kernel, a small index), there is no second list, or the
    keyword list is OpenClaw's: its 0.2-0.4 ms hide nothing of a 4-5 ms scan, and the scan
    beside it slowed it to 2 ms (openclaw profile p50 at 100,000 chunks 7.65 -> 8.38 ms);
    nor when the reverie keyword stage ranks from the posting lists in memory."""
    if not SCAN_BESIDE or state.settings.keyword_mode != "reverie":
        return None
    if state.embedder is None or state.vector_only or state.settings.candidates <= 0:
        return None
    if not int8_scan.ready():
        return None
    state.scorer = reverie_scorer(state.db(), state.query, state.settings)
    if state.scorer.lists(state.settings.candidates) is not None:
        # ranked in memory, the keyword stage takes 2-4 ms and the scan beside it slowed
        # down more than that (100,000 chunks, the same 160 searches alternating: p50
        # 14.2 ms beside, 10.7 in turn)
        return None
    key = vector_key(state.embedder.model_id)
    cache = vector_codes.code_cache(state.db(), key, state.embedder.dim)
    if cache is None or cache.size < int8_scan.MIN_ROWS:
        return None
    return cache


def _timed_top(
    cache: vector_codes.CodeCache, qvec: np.ndarray, n: int
) -> tuple[list[tuple[int, float]], float]:
    """The scan's ``n`` best codes and its own time in ms (on the helper thread)."""
    t0 = time.perf_counter()
    found = cache.top(qvec, n)
    return found, (time.perf_counter() - t0) * 1000


def candidates(state: SearchState) -> None:
    """Stage 3: the union of both lists (and, with ``date_match``, the chunks of the notes
    of the days the question names), with each chunk's row from the index."""
    merge_lists(state)
    state.dates = question_dates(state)
    if state.dates and state.settings.fusion == "calibrated":  # scored on both sides
        for rowid in dated_rowids(state, state.dates):
            if rowid not in state.cands:
                state.cands[rowid] = Candidate(rowid, from_date=True)
    if state.cands:
        _load_rows(state.db(), state.cands)
    if state.sources is not None:  # a source the agent does not search (the index has more)
        state.cands = {r: c for r, c in state.cands.items() if c.source in state.sources}


def merge_lists(state: SearchState) -> None:
    """Union by chunk in OpenClaw's merge order: vector hits first (a repeated chunk keeps
    its first place and its last score), then keyword-only hits."""
    cands: dict[int, Candidate] = {}
    for rank, hit in enumerate(state.kw_hits, start=1):
        cand = cands.setdefault(hit.rowid, Candidate(hit.rowid))
        cand.kw, cand.keyword_rank, cand.from_keyword = hit, rank, True
    vec_rank = {h.rowid: (rank, h.score) for rank, h in enumerate(state.vec_hits, start=1)}
    order = [h.rowid for h in state.vec_hits]
    order += [h.rowid for h in state.kw_hits if h.rowid not in vec_rank]
    merged: dict[int, Candidate] = {}
    for rowid in order:
        cand = cands.get(rowid) or Candidate(rowid)
        if rowid in vec_rank:
            cand.vector_rank, cand.vector_score = vec_rank[rowid]
        merged[rowid] = cand
    state.cands = merged


RETRIEVAL_STAGES: tuple[Stage, ...] = (both_lists, candidates)
RANKING_STAGES: tuple[Stage, ...] = (
    fuse,
    boost,
    match_dates,
    decay,
    current_first,
    diversify,
    gate,
)


def _openclaw_fts_only(
    conn: apsw.Connection, query: str, limit: int
) -> tuple[str | None, list[KeywordHit]]:
    """OpenClaw with no provider: the full query with the lexical boost; only when that
    finds nothing, each extracted keyword on its own (boosted against that keyword), merged
    by chunk keeping the highest score."""
    match, hits = openclaw_keyword_search(conn, query, limit)
    boosted = _boost(conn, query, hits)
    if boosted:
        return match, boosted
    best: dict[int, KeywordHit] = {}
    for keyword in extract_keywords(query) or [query]:
        _, kw_hits = openclaw_keyword_search(conn, keyword, limit)
        for hit in _boost(conn, keyword, kw_hits):
            if hit.rowid not in best or best[hit.rowid].score < hit.score:
                best[hit.rowid] = hit
    return match, list(best.values())


def _boost(conn: apsw.Connection, query: str, hits: list[KeywordHit]) -> list[KeywordHit]:
    if not hits:
        return []
    marks = ",".join("?" * len(hits))
    rows = {
        int(r): (str(p), str(t))
        for r, p, t in conn.execute(
            f"SELECT rowid, path, text FROM chunks WHERE rowid IN ({marks})",
            tuple(h.rowid for h in hits),
        )
    }
    return [
        replace(
            h,
            score=score_fallback_keyword_result(query, rows[h.rowid][0], rows[h.rowid][1], h.score),
        )
        for h in hits
        if h.rowid in rows
    ]


def _load_rows(conn: apsw.Connection, cands: dict[int, Candidate]) -> None:
    ids = list(cands)
    for start in range(0, len(ids), 500):
        group = ids[start : start + 500]
        marks = ",".join("?" * len(group))
        for rowid, cid, path, sl, el, source, text in conn.execute(
            f"SELECT rowid, id, path, start_line, end_line, source, text FROM chunks"
            f" WHERE rowid IN ({marks})",
            tuple(group),
        ):
            cand = cands[int(rowid)]
            cand.chunk_id, cand.path, cand.start_line, cand.end_line = (
                str(cid),
                str(path),
                int(sl),
                int(el),
            )
            cand.source, cand.text = str(source), str(text)
    for rowid in [r for r, c in cands.items() if not c.chunk_id]:
        del cands[rowid]  # a row removed between the list query and now
