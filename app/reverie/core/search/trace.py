"""The score trace: what every stage of a search did to every candidate.

These frozen dataclasses are the contract between the search engine and everything that
explains a ranking (the CLI's ``--explain`` and ``--json``, the GUI's ranking debugger).
Widgets only draw them; the numbers are made here, by the core.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

DecayReason = Literal["dated", "evergreen", "mtime", "off", "no-date"]
DropStage = Literal["keyword", "vector", "merge", "min_score", "mmr", "max_results", "duplicate"]


@dataclass(frozen=True)
class ScoreTrace:
    """Every number behind one candidate's final score (``None``: the stage did not see it)."""

    chunk_id: str
    # vector side
    vector_score: float | None = None
    """Cosine similarity of the query and the chunk (1 - cosine distance); in the reverie
    profile, blended with the cosine of the chunk's best-matching passage."""
    vector_rank: int | None = None
    """1-based rank in the vector candidate list."""
    vector_chunk_score: float | None = None
    """reverie profile: the whole chunk's cosine, before the passage blend."""
    # keyword side
    keyword_query: str | None = None
    """The keyword query exactly as it was run (FTS5 MATCH syntax)."""
    bm25_raw: float | None = None
    """The raw BM25 value (FTS5's ``bm25()``: negative, lower is better)."""
    keyword_score: float | None = None
    """The normalised keyword score in [0, 1] that enters the merge."""
    keyword_rank: int | None = None
    keyword_matched_terms: tuple[str, ...] = ()
    # fusion
    vector_weight: float = 0.0
    text_weight: float = 0.0
    vector_part: float = 0.0
    """vector_weight x the vector side's (normalised) score."""
    keyword_part: float = 0.0
    """text_weight x keyword_score."""
    weighted_sum: float = 0.0
    rank_before_decay: int | None = None
    # decay
    decay_multiplier: float = 1.0
    decay_age_days: float | None = None
    decay_reason: DecayReason = "off"
    score_after_decay: float = 0.0
    rank_after_decay: int | None = None
    # MMR
    mmr_step: int | None = None
    """1-based step at which MMR selected this candidate (None: MMR off or not selected)."""
    mmr_relevance: float | None = None
    mmr_max_similarity: float | None = None
    mmr_penalty: float | None = None
    """(1 - lambda) x the largest similarity to an already selected result."""
    mmr_value: float | None = None
    rank_after_mmr: int | None = None
    # end
    final_score: float = 0.0
    final_rank: int | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["keyword_matched_terms"] = list(self.keyword_matched_terms)
        return data


@dataclass(frozen=True)
class SearchHit:
    """One chunk as search sees it: where it is, what it says, how it scored."""

    chunk_id: str
    path: str
    start_line: int
    end_line: int
    source: str
    snippet: str
    score: float
    trace: ScoreTrace

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "startLine": self.start_line,
            "endLine": self.end_line,
            "score": self.score,
            "snippet": self.snippet,
            "source": self.source,
            "trace": self.trace.to_json(),
        }


@dataclass(frozen=True)
class DroppedCandidate:
    """A candidate that did not make the final list, with the stage that dropped it."""

    hit: SearchHit
    stage: DropStage
    reason: str

    def to_json(self) -> dict[str, Any]:
        data = self.hit.to_json()
        data["stage"] = self.stage
        data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class SearchResponse:
    query: str
    profile: str
    mode: Literal["hybrid", "keyword-only", "vector-only", "empty"]
    results: tuple[SearchHit, ...]
    dropped: tuple[DroppedCandidate, ...] = ()
    notices: tuple[str, ...] = ()
    """Plain sentences for the person: e.g. keyword-only because no model is loaded."""
    timings_ms: dict[str, float] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "profile": self.profile,
            "mode": self.mode,
            "results": [r.to_json() for r in self.results],
            "dropped": [d.to_json() for d in self.dropped],
            "notices": list(self.notices),
            "timingsMs": dict(self.timings_ms),
            "settings": dict(self.settings),
        }
