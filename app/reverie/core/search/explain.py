""" "Why not this?": where given chunks stand in a search, and the stage that dropped them.

The search runs exactly as usual; each chunk asked about is then found among the results,
among the dropped candidates (with the stage and reason the engine recorded), or, when
neither list retrieved it, placed in the full vector and keyword rankings so the person can
see how far it was from the candidate pools.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypedDict

import numpy as np

from ..settings import SearchSettings
from .engine import SearchContext, reverie_scorer, search
from .keyword import openclaw_keyword_search
from .trace import SearchHit, SearchResponse
from .vector import all_vectors

Status = Literal["returned", "dropped", "not-retrieved"]


@dataclass(frozen=True)
class ChunkExplanation:
    chunk_id: str
    path: str
    start_line: int
    end_line: int
    status: Status
    stage: str
    """results / the engine's drop stage / "retrieval" when neither list returned it."""
    reason: str
    hit: SearchHit | None
    """The chunk's full trace when a candidate list retrieved it."""
    vector_score: float | None
    vector_rank: int | None
    """1-based rank among every embedded chunk (not only the candidate pool)."""
    keyword_score: float | None
    keyword_rank: int | None
    """1-based rank among every chunk the keyword query matches (None: no match)."""
    candidate_pool: int

    def to_json(self) -> dict[str, object]:
        data = {k: v for k, v in self.__dict__.items() if k != "hit"}
        data["hit"] = self.hit.to_json() if self.hit else None
        return data


class _ChunkPlace(TypedDict):
    """The fields of :class:`ChunkExplanation` that do not depend on its status."""

    chunk_id: str
    path: str
    start_line: int
    end_line: int
    vector_score: float | None
    vector_rank: int | None
    keyword_score: float | None
    keyword_rank: int | None
    candidate_pool: int


def explain_chunks(
    ctx: SearchContext,
    query: str,
    settings: SearchSettings,
    rowids: Sequence[int],
    now_ms: float | None = None,
) -> tuple[SearchResponse, list[ChunkExplanation]]:
    response = search(ctx, query, settings, now_ms)
    rows = _chunk_rows(ctx, rowids)
    vec_rank, vec_score = _vector_ranks(ctx, query)
    kw_rank, kw_score = _keyword_ranks(ctx, query, settings)
    returned = {h.chunk_id: (i, h) for i, h in enumerate(response.results, start=1)}
    dropped = {d.hit.chunk_id: d for d in response.dropped}
    out: list[ChunkExplanation] = []
    for rowid, (cid, path, start, end) in rows.items():
        common: _ChunkPlace = {
            "chunk_id": cid,
            "path": path,
            "start_line": start,
            "end_line": end,
            "vector_score": vec_score.get(rowid),
            "vector_rank": vec_rank.get(rowid),
            "keyword_score": kw_score.get(rowid),
            "keyword_rank": kw_rank.get(rowid),
            "candidate_pool": settings.candidates,
        }
        if cid in returned:
            rank, hit = returned[cid]
            out.append(
                ChunkExplanation(
                    status="returned",
                    stage="results",
                    reason=f"returned at rank {rank}",
                    hit=hit,
                    **common,
                )
            )
        elif cid in dropped:
            d = dropped[cid]
            out.append(
                ChunkExplanation(
                    status="dropped",
                    stage=d.stage,
                    reason=d.reason,
                    hit=d.hit,
                    **common,
                )
            )
        else:
            vr = common["vector_rank"]
            kr = common["keyword_rank"]
            parts = [
                "vector list: " + (f"rank {vr}" if vr else "not embedded or no model"),
                "keyword list: " + (f"rank {kr}" if kr else "no keyword match"),
            ]
            out.append(
                ChunkExplanation(
                    status="not-retrieved",
                    stage="retrieval",
                    reason=f"outside both candidate pools (top {settings.candidates}); "
                    + "; ".join(parts),
                    hit=None,
                    **common,
                )
            )
    return response, out


def _chunk_rows(ctx: SearchContext, rowids: Sequence[int]) -> dict[int, tuple[str, str, int, int]]:
    if not rowids:
        return {}
    marks = ",".join("?" * len(rowids))
    return {
        int(r): (str(cid), str(p), int(s), int(e))
        for r, cid, p, s, e in ctx.conn.execute(
            f"SELECT rowid, id, path, start_line, end_line FROM chunks WHERE rowid IN ({marks})"
            " ORDER BY path, start_line",
            tuple(rowids),
        )
    }


def _vector_ranks(ctx: SearchContext, query: str) -> tuple[dict[int, int], dict[int, float]]:
    if ctx.embedder is None:
        return {}, {}
    ids, matrix = all_vectors(ctx.conn, ctx.embedder.model_id)
    if not ids:
        return {}, {}
    sims = matrix @ ctx.embedder.embed_query(query)
    order = np.argsort(-sims, kind="stable")
    ranks = {ids[i]: pos for pos, i in enumerate(order, start=1)}
    return ranks, {ids[i]: float(sims[i]) for i in range(len(ids))}


def _keyword_ranks(
    ctx: SearchContext, query: str, settings: SearchSettings
) -> tuple[dict[int, int], dict[int, float]]:
    every = 1_000_000
    if settings.keyword_mode == "reverie":
        hits = reverie_scorer(ctx.conn, query, settings).search(every)
    else:
        _, hits = openclaw_keyword_search(ctx.conn, query, every)
    return (
        {h.rowid: rank for rank, h in enumerate(hits, start=1)},
        {h.rowid: h.score for h in hits},
    )
