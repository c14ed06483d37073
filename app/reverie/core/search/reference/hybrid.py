"""OpenClaw's hybrid merge of vector and keyword candidates (spec section 7.3), as a
reference over OpenClaw-shaped result dicts (the engine's own stages are in
:mod:`reverie.core.search.engine`; both use :func:`~reverie.core.search.fusion.weighted_score`,
:mod:`~reverie.core.search.decay` and :mod:`~reverie.core.search.mmr`).

The stages, each exposed on its own for the score trace:

1. :func:`merge_candidates`: union by chunk id, vector hits first, in insertion order;
2. :func:`weighted_score`: ``vector_weight * vector_score + text_weight * text_score``, with
   the weights used as given (config normalises them, this does not);
3. temporal decay (:mod:`reverie.core.search.decay`);
4. a stable sort by score, descending;
5. MMR, when enabled (:mod:`reverie.core.search.mmr`).

:func:`merge_hybrid_results` chains them exactly as OpenClaw's ``mergeHybridResults`` does.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from reverie.core.search.decay import TemporalDecayConfig, apply_temporal_decay_to_hybrid_results
from reverie.core.search.fusion import weighted_score
from reverie.core.search.mmr import MMRConfig, apply_mmr_to_hybrid_results

__all__ = [
    "KeywordCandidate",
    "Merged",
    "VectorCandidate",
    "merge_candidates",
    "merge_hybrid_results",
    "weighted_score",
]


@dataclass(frozen=True)
class VectorCandidate:
    """A vector-search hit; ``vector_score`` is the cosine similarity (1 - cosine distance)."""

    id: str
    path: str
    start_line: int
    end_line: int
    source: str
    snippet: str
    vector_score: float


@dataclass(frozen=True)
class KeywordCandidate:
    """A keyword-search hit; ``text_score`` is the normalised BM25 score."""

    id: str
    path: str
    start_line: int
    end_line: int
    source: str
    snippet: str
    text_score: float


@dataclass(frozen=True)
class Merged:
    """One chunk after the union, with both component scores (0 for a missing side).

    ``in_vector`` and ``in_keyword`` tell which lists the chunk came from. Path, lines and
    source are the first list's; the snippet is the keyword one when a keyword hit with a
    non-empty snippet joined a vector hit.
    """

    id: str
    path: str
    start_line: int
    end_line: int
    source: str
    snippet: str
    vector_score: float
    text_score: float
    in_vector: bool
    in_keyword: bool


def merge_candidates(
    vector: Sequence[VectorCandidate], keyword: Sequence[KeywordCandidate]
) -> list[Merged]:
    """Union the two candidate lists by id, keeping first-insertion order.

    Vector hits go in first, with ``text_score`` 0; a repeated vector id replaces the
    earlier entry but keeps its position. A keyword hit on a known id sets its
    ``text_score`` and, when its snippet is non-empty, its snippet; path, lines and source
    stay. A keyword-only hit is appended with ``vector_score`` 0.
    """
    by_id: dict[str, Merged] = {}
    for v in vector:
        by_id[v.id] = Merged(
            id=v.id,
            path=v.path,
            start_line=v.start_line,
            end_line=v.end_line,
            source=v.source,
            snippet=v.snippet,
            vector_score=v.vector_score,
            text_score=0.0,
            in_vector=True,
            in_keyword=False,
        )
    for k in keyword:
        existing = by_id.get(k.id)
        if existing is not None:
            by_id[k.id] = replace(
                existing,
                text_score=k.text_score,
                snippet=k.snippet if k.snippet else existing.snippet,
                in_keyword=True,
            )
        else:
            by_id[k.id] = Merged(
                id=k.id,
                path=k.path,
                start_line=k.start_line,
                end_line=k.end_line,
                source=k.source,
                snippet=k.snippet,
                vector_score=0.0,
                text_score=k.text_score,
                in_vector=False,
                in_keyword=True,
            )
    return list(by_id.values())


def merged_to_result(entry: Merged, score: float) -> dict[str, Any]:
    """An OpenClaw-shaped result: ``path, startLine, endLine, score, snippet, source``."""
    return {
        "path": entry.path,
        "startLine": entry.start_line,
        "endLine": entry.end_line,
        "score": score,
        "snippet": entry.snippet,
        "source": entry.source,
    }


def sort_by_score_desc(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stable sort by ``score``, highest first; ties keep their order."""
    return sorted(results, key=lambda r: r["score"], reverse=True)


def merge_hybrid_results(
    vector: Sequence[VectorCandidate],
    keyword: Sequence[KeywordCandidate],
    vector_weight: float,
    text_weight: float,
    mmr: MMRConfig | None = None,
    temporal_decay: TemporalDecayConfig | None = None,
    now_ms: float | None = None,
    workspace_dir: str | os.PathLike[str] | None = None,
) -> list[dict[str, Any]]:
    """OpenClaw's ``mergeHybridResults``: merge, weight, decay, sort, then MMR.

    Returns OpenClaw-shaped dicts (``path, startLine, endLine, score, snippet, source``) in
    final order. Decay (off by default) reads file mtimes under ``workspace_dir`` for
    undated, non-evergreen paths; ``now_ms`` defaults to the current time.
    """
    results = [
        merged_to_result(
            entry, weighted_score(entry.vector_score, entry.text_score, vector_weight, text_weight)
        )
        for entry in merge_candidates(vector, keyword)
    ]
    decayed = apply_temporal_decay_to_hybrid_results(
        results, temporal_decay or TemporalDecayConfig(), workspace_dir, now_ms
    )
    ordered = sort_by_score_desc(decayed)
    mmr_config = mmr or MMRConfig()
    if mmr_config.enabled:
        return apply_mmr_to_hybrid_results(ordered, mmr_config)
    return ordered
