"""Stages 5 and 6: temporal decay, then the sort and MMR diversification.

Decay multiplies each fused score by ``floor + (1 - floor) x exp(-ln2 / halfLife x age)``
(OpenClaw: floor 0, ages from now, OpenClaw's date rules). The candidates are then sorted
by score (stably: ties keep the merge order, as OpenClaw's ``Array.sort``) and, with MMR on,
re-ranked greedily: OpenClaw over every candidate with snippet Jaccard, Reverie over the
head of the list with embedding cosine.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime

import apsw
import numpy as np

from . import decay as decay_mod
from .mmr import MMRItem, mmr_rerank
from .snippets import head_snippet
from .state import Candidate, SearchState

TimestampOf = Callable[[Candidate], tuple[float | None, decay_mod.TimestampReason]]
DAY_MS = 86_400_000.0
MMR_POOL_FACTOR = 3
"""Reverie's MMR re-ranks the first MMR_POOL_FACTOR x maxResults candidates."""


def decay(state: SearchState) -> None:
    """Stage 5: rank before decay, the decayed score of each candidate, rank after decay."""
    cands = list(state.cands.values())
    for i, cand in enumerate(sorted(cands, key=lambda c: -c.weighted), start=1):
        cand.rank_before_decay = i
    settings = state.settings
    decaying = settings.decay_enabled and not state.vector_only
    for cand in cands:
        cand.score = cand.base_score
    if decaying:
        timestamp = timestamp_rule(state)
        anchor_ms = _decay_anchor(state)
        state.decay_anchor_newest = anchor_ms < state.now_ms
        last_day = anchor_ms - DAY_MS if state.decay_anchor_newest else anchor_ms
        state.decay_anchor = datetime.fromtimestamp(last_day / 1000.0, UTC).date().isoformat()
        floor = max(0.0, min(1.0, settings.decay_floor))
        for cand in cands:
            ts, reason = timestamp(cand)
            detail = decay_mod.decay_detail(ts, reason, anchor_ms, settings.half_life_days)
            cand.decay_mult = floor + (1.0 - floor) * detail.multiplier
            cand.age_days = detail.age_days
            cand.decay_reason = reason
            cand.timestamp_ms = ts
            cand.score = cand.base_score * cand.decay_mult
    state.ordered = sorted(cands, key=lambda c: -c.score)
    for i, cand in enumerate(state.ordered, start=1):
        cand.rank_after_decay = i
        cand.score_after_decay = cand.score


def recency_estimate(state: SearchState) -> Callable[[str], float] | None:
    """The decay multiplier stage 5 will give a chunk of a path, from the date its name
    gives (1 for an undated file, which does not decay or decays by its file time): for
    cutting a candidate list as decay will rank it. None when decay is off."""
    settings = state.settings
    if not settings.decay_enabled or settings.decay_dates != "reverie":
        return None
    anchor_ms = _decay_anchor(state)
    floor = max(0.0, min(1.0, settings.decay_floor))

    def multiplier(path: str) -> float:
        day = decay_mod.parse_memory_date_from_path_reverie(path)
        if day is None:
            return 1.0
        age_days = max(0.0, (anchor_ms - day.timestamp() * 1000.0) / DAY_MS)
        return floor + (1.0 - floor) * decay_mod.calculate_temporal_decay_multiplier(
            age_days, settings.half_life_days
        )

    return multiplier


def timestamp_rule(state: SearchState) -> TimestampOf:
    """The profile's timestamp of a candidate: OpenClaw's rules, or Reverie's (slugged
    daily notes dated, sessions by their transcript's stored mtime)."""
    if state.settings.decay_dates != "reverie":
        return lambda c: decay_mod.extract_timestamp(c.path, c.source, state.workspace_root)
    # only undated files need their stored mtime (most candidates are dated daily notes)
    undated = {
        c.path
        for c in state.cands.values()
        if decay_mod.parse_memory_date_from_path_reverie(c.path) is None
    }
    mtimes = _file_mtimes(state.db(), undated)
    return lambda c: decay_mod.extract_timestamp_reverie(
        c.path, c.source, state.workspace_root, mtimes.get(c.path)
    )


def _decay_anchor(state: SearchState) -> float:
    if state.settings.decay_anchor != "newest-note":
        return state.now_ms
    if state.newest_note_ms is None:  # read once a search (the keyword list needs it too)
        state.newest_note_ms = _newest_note_ms(state.db()) or state.now_ms
    return min(state.now_ms, state.newest_note_ms)


def diversify(state: SearchState) -> None:
    """Stage 6: head snippets, then MMR when it applies; rank after MMR."""
    settings = state.settings
    for cand in state.ordered:
        cand.snippet = head_snippet(cand.text)
    applies = (
        settings.mmr_enabled
        and not state.vector_only
        and len(state.ordered) > 1
        and not (state.keyword_only and settings.profile == "openclaw")
    )
    if applies and settings.profile == "openclaw":
        state.ordered = _mmr(state.ordered, state)  # OpenClaw: over every candidate
    elif applies:
        # Reverie diversifies the head of the list only: a candidate ranked beyond
        # MMR_POOL_FACTOR x maxResults cannot reach the results anyway.
        head = max(MMR_POOL_FACTOR * settings.max_results, 20)
        state.ordered = _mmr(state.ordered[:head], state) + state.ordered[head:]
    for i, cand in enumerate(state.ordered, start=1):
        cand.rank_after_mmr = i


def _mmr(ordered: list[Candidate], state: SearchState) -> list[Candidate]:
    """OpenClaw's greedy MMR (``mmr_rerank``), on snippet Jaccard or embedding cosine."""
    items = [MMRItem(c.chunk_id, c.score, c.snippet) for c in ordered]
    vectors = state.vectors
    similarity = None
    if state.settings.mmr_similarity == "embedding" and all(c.rowid in vectors for c in ordered):
        matrix = np.stack([vectors[c.rowid].chunk for c in ordered])
        sims = matrix @ matrix.T

        def similarity(i: int, j: int) -> float:
            return float(sims[i, j])

    result = mmr_rerank(items, state.settings.mmr_lambda, enabled=True, similarity=similarity)
    for step in result.steps:
        cand = ordered[step.index]
        cand.mmr_step, cand.mmr_relevance = step.step, step.relevance
        cand.mmr_max_sim, cand.mmr_penalty, cand.mmr_value = (
            step.max_similarity,
            step.penalty,
            step.mmr_score,
        )
    return [ordered[i] for i in result.order]


def _newest_note_ms(conn: apsw.Connection) -> float | None:
    """End of the day of the newest dated note with more than a heading in it (UTC), or None
    without dated notes: an empty note made for today (a new note's "# 2026-12-05", an
    agent's first write of a session) would age every other note by a day."""
    newest = None
    for file_date, text in conn.execute(
        "SELECT f.file_date, c.text FROM files f JOIN chunks c ON c.path = f.path"
        " WHERE f.file_date IS NOT NULL ORDER BY f.file_date DESC LIMIT 200"
    ):
        newest = newest or file_date
        if any(line.strip() and not line.startswith("#") for line in str(text).splitlines()):
            newest = file_date
            break
    if not newest:
        return None
    day = date.fromisoformat(str(newest))
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
