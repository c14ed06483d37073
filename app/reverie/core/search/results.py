"""Stages 7 and 8: the minScore / maxResults gate, then the response with every trace."""

from __future__ import annotations

import time

from ..text.identifiers import display_term
from .fusion import VectorCalibration
from .snippets import window_snippet
from .state import Candidate, SearchState
from .trace import Deferred, DroppedCandidate, DropStage, ScoreTrace, SearchHit, SearchResponse


def gate(state: SearchState) -> None:
    """Stage 7: drop what is below minScore (OpenClaw's relaxed keyword rescue when nothing
    is left), cut to maxResults, then the snippets and final ranks of what is returned."""
    settings = state.settings
    kept = [c for c in state.ordered if _gate_score(state, c) >= settings.min_score]
    if state.openclaw_fts_only and not kept:
        kept = list(state.ordered)  # OpenClaw FTS-only: threshold relaxed to 0
    elif not kept and settings.keyword_rescue == "openclaw" and state.kw_hits:
        relaxed = min(settings.min_score, state.tw)
        kept = [c for c in state.ordered if c.from_keyword and c.score >= relaxed]
    kept_ids = {c.rowid for c in kept}
    for cand in state.ordered:
        if cand.rowid not in kept_ids:
            reason = (
                f"score {_gate_score(state, cand):.4f} is below minScore {settings.min_score:.2f}"
            )
            state.dropped.append((cand, "min_score", reason))
    limit = max(1, settings.max_results)
    state.final = kept[:limit]
    for cand in kept[limit:]:
        state.dropped.append(_cut(state, cand))
    _finish(state)


def _gate_score(state: SearchState, cand: Candidate) -> float:
    before = state.settings.min_score_stage == "before-decay"
    return cand.weighted if before else cand.score


def _cut(state: SearchState, cand: Candidate) -> tuple[Candidate, DropStage, str]:
    """Why a candidate past maxResults was cut: MMR pushed it out, or it ranked too low."""
    n = state.settings.max_results
    by_mmr = (
        state.settings.mmr_enabled
        and cand.mmr_step is not None
        and (cand.rank_after_decay or 0) <= n
    )
    if by_mmr:
        reason = (
            f"MMR placed it at {cand.rank_after_mmr} (was {cand.rank_after_decay}); only "
            f"{n} results are returned"
        )
        return cand, "mmr", reason
    return cand, "max_results", f"ranked {cand.rank_after_mmr}; only {n} results are returned"


def _finish(state: SearchState) -> None:
    """Window snippets (reverie: around the lines holding the question's terms or their
    translations), OpenClaw's re-sort by score then path, final ranks."""
    terms = (*state.scorer.query.terms, *state.scorer.translated) if state.scorer else ()
    if state.settings.snippet_mode == "window" and terms:
        for cand in state.final:
            hit_lines = cand.kw.hit_lines if cand.kw else None
            cand.snippet = window_snippet(cand.text, terms, hit_lines=hit_lines)
    if state.settings.resort_output:
        state.final = sorted(state.final, key=lambda c: (-c.score, c.path))
    for i, cand in enumerate(state.final, start=1):
        cand.final_rank = i


def respond(state: SearchState, started: float) -> SearchResponse:
    """Stage 8: the hits and the dropped candidates, each with its full trace."""
    calibration = state.calibration
    base = state.settings.normalised_weights()
    results = tuple(_hit(c, state, calibration, base) for c in state.final)
    dropped = Deferred(
        lambda: tuple(
            DroppedCandidate(_hit(c, state, calibration, base), stage, reason)
            for c, stage, reason in state.dropped
        )
    )
    state.timings["total"] = (time.perf_counter() - started) * 1000
    return SearchResponse(
        query=state.query,
        profile=state.settings.profile,
        mode="keyword-only" if state.keyword_only else "hybrid",
        results=results,
        dropped=dropped,
        notices=tuple(state.notices),
        timings_ms=state.timings,
        settings=state.settings.to_json(),
    )


def _matched_among(c: Candidate, wanted: tuple[str, ...]) -> tuple[str, ...]:
    """The terms of ``wanted`` that this chunk's keyword match holds."""
    if c.kw is None or not wanted:
        return ()
    return tuple(t for t in c.kw.matched if t in wanted)


def _hit(
    c: Candidate,
    state: SearchState,
    calibration: VectorCalibration | None,
    base_weights: tuple[float, float],
) -> SearchHit:
    base_vw, base_tw = base_weights
    identifiers = state.scorer.query.identifiers if state.scorer is not None else ()
    translated = state.scorer.translated if state.scorer is not None else ()
    trace = ScoreTrace(
        chunk_id=c.chunk_id,
        vector_score=c.vector_score,
        vector_rank=c.vector_rank,
        vector_chunk_score=c.vector_chunk_score,
        vector_rendering=state.vector_rendering,
        keyword_query=state.keyword_query,
        bm25_raw=c.kw.raw if c.kw else None,
        keyword_score=c.kw.score if c.kw else None,
        keyword_rank=c.keyword_rank,
        keyword_matched_terms=tuple(display_term(t) for t in c.kw.matched) if c.kw else (),
        keyword_translated_terms=_matched_among(c, translated),
        vector_weight=state.vw,
        text_weight=state.tw,
        vector_part=c.vector_part,
        keyword_part=c.keyword_part,
        weighted_sum=c.weighted,
        rank_before_decay=c.rank_before_decay,
        fusion_bonus=c.fusion_bonus,
        exact_identifiers=tuple(display_term(t) for t in _matched_among(c, identifiers)),
        boost=c.boost,
        boost_reasons=c.boost_reasons,
        date_bonus=c.date_bonus,
        date_reason=c.date_reason,
        from_date=c.from_date,
        state_intent=state.state_intent,
        state_group=c.state_group,
        state_newest=c.state_newest,
        score_after_state=c.score_after_state,
        rank_after_state=c.rank_after_state,
        vector_calibrated=(
            calibration.apply(c.vector_score)
            if calibration is not None and c.vector_score is not None
            else None
        ),
        calibration_low=calibration.low if calibration is not None else None,
        calibration_high=calibration.high if calibration is not None else None,
        calibration_from_query=calibration is not None and calibration.from_query,
        base_vector_weight=base_vw,
        base_text_weight=base_tw,
        lexical_confidence=state.lexical_confidence,
        decay_multiplier=c.decay_mult,
        decay_age_days=c.age_days,
        decay_anchor=state.decay_anchor,
        decay_anchor_newest=state.decay_anchor_newest,
        decay_reason=c.decay_reason,
        score_after_decay=c.score_after_decay,
        rank_after_decay=c.rank_after_decay,
        mmr_step=c.mmr_step,
        mmr_relevance=c.mmr_relevance,
        mmr_max_similarity=c.mmr_max_sim,
        mmr_penalty=c.mmr_penalty,
        mmr_value=c.mmr_value,
        rank_after_mmr=c.rank_after_mmr,
        final_score=c.score,
        final_rank=c.final_rank,
        layer=state.layer_of(c.path) if state.layer_of is not None else None,
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
