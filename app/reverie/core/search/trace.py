"""The score trace: what every stage of a search did to every candidate.

These frozen dataclasses are the contract between the search engine and everything that
explains a ranking (the CLI's ``--explain`` and ``--json``, the GUI's ranking debugger).
Widgets only draw them; the numbers are made here, by the core.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, TypeVar, overload

DecayReason = Literal["dated", "evergreen", "mtime", "off", "no-date"]
DropStage = Literal[
    "keyword", "vector", "merge", "min_score", "mmr", "max_results", "duplicate", "layer"
]


def decay_input(weighted: float, boost: float, boosted: bool, date_bonus: float) -> float:
    """What decay multiplies: the fused score (``clamp01(fused) + boost`` when the OpenViking
    boosts ran), plus the bonus of a date the question names."""
    if not boosted:
        return weighted + date_bonus
    return max(0.0, min(1.0, weighted)) + boost + date_bonus


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
    vector_rendering: str = ""
    """The question's English rendering whose embedding was mixed into the query vector
    (``translated_vector``; "" when none was)."""
    # keyword side
    keyword_query: str | None = None
    """The keyword query exactly as it was run (FTS5 MATCH syntax)."""
    bm25_raw: float | None = None
    """The raw BM25 value (FTS5's ``bm25()``: negative, lower is better)."""
    keyword_score: float | None = None
    """The normalised keyword score in [0, 1] that enters the merge."""
    keyword_rank: int | None = None
    keyword_matched_terms: tuple[str, ...] = ()
    keyword_translated_terms: tuple[str, ...] = ()
    """Those of the matched terms that are the question's words in the other language."""
    # fusion
    vector_weight: float = 0.0
    text_weight: float = 0.0
    vector_part: float = 0.0
    """vector_weight x the vector side's (normalised) score."""
    keyword_part: float = 0.0
    """text_weight x keyword_score."""
    weighted_sum: float = 0.0
    rank_before_decay: int | None = None
    fusion_bonus: float = 0.0
    """RRF fusion: QMD's bonus for a #1 (+0.05) or #2-3 (+0.02) in either list (included in
    ``weighted_sum``, which is then ``vector_part + keyword_part + fusion_bonus``)."""
    exact_identifiers: tuple[str, ...] = ()
    """The query's identifiers (hashes, ticket keys, versions...) this chunk holds exactly."""
    boost: float = 0.0
    """OpenViking's boosts (optional stage): the decayed score starts from
    ``clamp01(weighted_sum) + boost`` instead of ``weighted_sum``."""
    boost_reasons: tuple[str, ...] = ()
    date_bonus: float = 0.0
    """Added to ``weighted_sum`` before decay: the chunk's daily note is of a day (or
    month) the question names (``date_match``)."""
    date_reason: str = ""
    """Which note date matched which date of the question ("" when none did)."""
    from_date: bool = False
    """The chunk joined the candidates because its note is of a day the question names."""
    # how the fusion's inputs were made (calibrated fusion; None: not used)
    vector_calibrated: float | None = None
    """The vector score mapped to [0, 1] between ``calibration_low`` (the model's
    "unrelated" cosine: 0) and ``calibration_high`` ("clearly about it": 1); the number
    ``vector_weight`` multiplies. None when the fusion uses the raw cosine."""
    calibration_low: float | None = None
    calibration_high: float | None = None
    calibration_from_query: bool = False
    """``calibration_low`` is the question's median score over the index, lower than the
    model's unrelated cosine (``query_calibration``, :mod:`.baseline`)."""
    base_vector_weight: float | None = None
    base_text_weight: float | None = None
    """The settings' normalised weights, before the per-query lexical tilt."""
    lexical_confidence: float | None = None
    """The best passage's share of the query's IDF mass over all candidates (0..1): the
    text weight is ``base_text_weight x (LEXICAL_BASE + LEXICAL_TILT x it)``, then both
    weights are normalised to sum to 1. None when no tilt was applied."""
    # decay
    decay_multiplier: float = 1.0
    decay_age_days: float | None = None
    decay_anchor: str | None = None
    """The day ages are counted to (ISO): today's, or the newest note's when it is older
    (``decay_anchor_newest``); None when decay did not run."""
    decay_anchor_newest: bool = False
    decay_reason: DecayReason = "off"
    score_after_decay: float = 0.0
    rank_after_decay: int | None = None
    # current facts first (questions about the current state)
    state_intent: bool = False
    """The query asks about the current state ("now", "still", 现在, 还 ...)."""
    state_group: int | None = None
    """How many dated candidates about the same subject were re-ordered newest first
    (None: this candidate was not among them)."""
    state_newest: bool = False
    """This candidate is the newest of them (the one put first)."""
    score_after_state: float | None = None
    rank_after_state: int | None = None
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
    # memory layer (reverie.core.layer_ranking)
    layer: str | None = None
    """The file's memory layer (``L0`` .. ``L3``)."""
    layer_weight: float = 1.0
    """The layer's weight that multiplied the score (1: layer weights off)."""

    @property
    def base_score(self) -> float:
        """What decay multiplied (see :func:`decay_input`)."""
        return decay_input(self.weighted_sum, self.boost, bool(self.boost_reasons), self.date_bonus)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["keyword_matched_terms"] = list(self.keyword_matched_terms)
        data["keyword_translated_terms"] = list(self.keyword_translated_terms)
        data["exact_identifiers"] = list(self.exact_identifiers)
        data["boost_reasons"] = list(self.boost_reasons)
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

    @property
    def layer(self) -> str | None:
        """The file's memory layer (``L0`` .. ``L3``), when it was classified."""
        return self.trace.layer

    def to_json(self) -> dict[str, Any]:
        data = {
            "path": self.path,
            "startLine": self.start_line,
            "endLine": self.end_line,
            "score": self.score,
            "snippet": self.snippet,
            "source": self.source,
            "trace": self.trace.to_json(),
        }
        if self.trace.layer is not None:
            data["layer"] = self.trace.layer
        return data


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


_T = TypeVar("_T")


class Deferred(Sequence[_T]):
    """A tuple made the first time it is read.

    A search's dropped candidates carry full traces, which cost as much to build as the
    results' (about 0.8 ms for 40 candidates at 10,000 chunks), and most searches (the MCP
    tool, typing in the search box with the dropped list hidden) never read them."""

    __slots__ = ("_items", "_lock", "_make")

    def __init__(self, make: Callable[[], tuple[_T, ...]]) -> None:
        self._make: Callable[[], tuple[_T, ...]] | None = make
        self._items: tuple[_T, ...] | None = None
        self._lock = threading.Lock()

    def _get(self) -> tuple[_T, ...]:
        items = self._items
        if items is None:
            with self._lock:
                if self._items is None and self._make is not None:
                    self._items, self._make = self._make(), None
                items = self._items or ()
        return items

    @overload
    def __getitem__(self, index: int) -> _T: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[_T, ...]: ...
    def __getitem__(self, index: int | slice) -> _T | tuple[_T, ...]:
        return self._get()[index]

    def __len__(self) -> int:
        return len(self._get())

    def __iter__(self) -> Iterator[_T]:
        return iter(self._get())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deferred | tuple):
            return self._get() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._get())

    def __repr__(self) -> str:
        return repr(self._get())

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self._get(),))


@dataclass(frozen=True)
class SearchResponse:
    query: str
    profile: str
    mode: Literal["hybrid", "keyword-only", "vector-only", "empty"]
    results: tuple[SearchHit, ...]
    dropped: Sequence[DroppedCandidate] = ()
    """Each candidate that did not make ``results``, with its trace (built when first read,
    see :class:`Deferred`)."""
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
