"""What one search carries from stage to stage: its candidates and the numbers so far.

:class:`SearchState` is created from the query and the settings; each stage of
:mod:`reverie.core.search.engine` reads and fills it in. :class:`Candidate` holds one chunk
with every number a stage gave it; :func:`reverie.core.search.results.respond` turns those
numbers into the :class:`~reverie.core.search.trace.ScoreTrace` of each hit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import apsw
import numpy as np

from ..embedding import Embedder
from ..settings import SearchSettings
from ..text.dates import DateMention
from .keyword import KeywordHit, ReverieKeywordScorer
from .trace import DecayReason, DropStage, decay_input
from .vector import ChunkVectors, VectorHit

if TYPE_CHECKING:
    from .fusion import VectorCalibration


@dataclass
class Candidate:
    """One chunk in the running, with what every stage did to it."""

    rowid: int
    chunk_id: str = ""
    path: str = ""
    start_line: int = 0
    end_line: int = 0
    source: str = "memory"
    text: str = ""
    snippet: str = ""
    # retrieval
    vector_score: float | None = None
    vector_rank: int | None = None
    vector_chunk_score: float | None = None
    kw: KeywordHit | None = None
    keyword_rank: int | None = None
    from_keyword: bool = False
    # fusion
    vector_part: float = 0.0
    keyword_part: float = 0.0
    fusion_bonus: float = 0.0
    weighted: float = 0.0
    rank_before_decay: int | None = None
    boost: float = 0.0
    boost_reasons: tuple[str, ...] = ()
    # dates named in the question
    date_bonus: float = 0.0
    date_reason: str = ""
    from_date: bool = False
    # decay
    decay_mult: float = 1.0
    age_days: float | None = None
    decay_reason: DecayReason = "off"
    timestamp_ms: float | None = None
    score: float = 0.0
    score_after_decay: float = 0.0
    rank_after_decay: int | None = None
    # current facts first
    state_group: int | None = None
    state_newest: bool = False
    score_after_state: float | None = None
    rank_after_state: int | None = None
    # MMR
    mmr_step: int | None = None
    mmr_relevance: float | None = None
    mmr_max_sim: float | None = None
    mmr_penalty: float | None = None
    mmr_value: float | None = None
    rank_after_mmr: int | None = None
    final_rank: int | None = None

    @property
    def keyword_score(self) -> float:
        return self.kw.score if self.kw else 0.0

    @property
    def base_score(self) -> float:
        """What decay multiplies (:func:`~reverie.core.search.trace.decay_input`)."""
        return decay_input(self.weighted, self.boost, bool(self.boost_reasons), self.date_bonus)


@dataclass
class SearchState:
    """The query, the settings and everything the stages have found so far."""

    query: str
    settings: SearchSettings
    now_ms: float
    workspace_root: Path
    conn: apsw.Connection | None = None
    """The open index (``None`` only when stages run on given candidate lists)."""
    embedder: Embedder | None = None
    keyword_only: bool = False
    """No embedding model: the keyword list stands alone."""
    model_id: str | None = None
    notices: list[str] = field(default_factory=list)
    sources: tuple[str, ...] | None = None
    """The sources searched; None: every indexed source."""
    layer_of: Callable[[str], str] | None = None
    """A file's memory layer code by path (labels every hit's trace), when known."""
    timings: dict[str, float] = field(default_factory=dict)
    # retrieval
    keyword_query: str | None = None
    scorer: ReverieKeywordScorer | None = None
    kw_hits: list[KeywordHit] = field(default_factory=list)
    qvec: np.ndarray | None = None
    vector_rendering: str = ""
    """The question's English rendering mixed into ``qvec`` ("" when none was)."""
    vec_hits: list[VectorHit] = field(default_factory=list)
    cands: dict[int, Candidate] = field(default_factory=dict)
    vectors: dict[int, ChunkVectors] = field(default_factory=dict)
    # fusion weights as applied (after any per-query adjustment)
    vw: float = 0.0
    tw: float = 0.0
    lexical_confidence: float | None = None
    """The lexical tilt's confidence (None: no tilt applied)."""
    calibration: VectorCalibration | None = None
    """The cosine calibration the fusion used (None: raw cosines, not calibrated)."""
    state_intent: bool = False
    newest_note_ms: float | None = None
    """The end of the newest note's day, once read (:func:`.ordering._decay_anchor`)."""
    decay_anchor: str | None = None
    """The day decay counts ages to (ISO), when decay ran."""
    decay_anchor_newest: bool = False
    """That day is the newest note's (not today's)."""
    dates: list[DateMention] = field(default_factory=list)
    """The days and months the question names (``date_match`` on)."""
    # ordering and the gate
    ordered: list[Candidate] = field(default_factory=list)
    final: list[Candidate] = field(default_factory=list)
    dropped: list[tuple[Candidate, DropStage, str]] = field(default_factory=list)

    @property
    def vector_only(self) -> bool:
        """OpenClaw with hybrid off and a model: the vector list alone, no decay, no MMR."""
        return not self.keyword_only and not self.settings.hybrid_enabled

    @property
    def openclaw_fts_only(self) -> bool:
        """OpenClaw's FTS-only mode: no model and OpenClaw's keyword query."""
        return self.keyword_only and self.settings.keyword_mode != "reverie"

    def db(self) -> apsw.Connection:
        if self.conn is None:
            raise RuntimeError("this stage needs the index")
        return self.conn
