"""The candidates table: a thin Qt model over the engine's frozen ``Candidate`` objects,
and a proxy that filters by gate state, path, tag, decision and chart selections."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from reverie.core.dreaming.engine import Candidate
from reverie.core.dreaming.scoring import WEIGHT_NAMES
from reverie.core.dreaming.series import display_tags

CandidateRole = Qt.ItemDataRole.UserRole + 1
"""The :class:`Candidate` of a row."""
ContributionRole = Qt.ItemDataRole.UserRole + 2
"""A :class:`Contributions` for the score-bar delegate."""
SortRole = Qt.ItemDataRole.UserRole + 3
"""A number or text to sort by."""

COLUMNS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("CandidatesModel", "Key"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Where"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Snippet"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Score"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Why"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Signals"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Queries"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Days"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Age"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Tags"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Gates"),
    QT_TRANSLATE_NOOP("CandidatesModel", "Decision"),
)
"""Column titles (English source text; shown translated)."""
COL_KEY, COL_WHERE, COL_SNIPPET, COL_SCORE, COL_BARS = 0, 1, 2, 3, 4
COL_SIGNALS, COL_QUERIES, COL_DAYS, COL_AGE, COL_TAGS, COL_GATES, COL_DECISION = range(5, 12)
GATE_LABELS = {
    "shortTermPath": QT_TRANSLATE_NOOP("CandidatesModel", "daily note"),
    "notPromoted": QT_TRANSLATE_NOOP("CandidatesModel", "not promoted"),
    "hasSignal": QT_TRANSLATE_NOOP("CandidatesModel", "signal"),
    "recallCount": QT_TRANSLATE_NOOP("CandidatesModel", "signals"),
    "uniqueQueries": QT_TRANSLATE_NOOP("CandidatesModel", "queries"),
    "maxAge": QT_TRANSLATE_NOOP("CandidatesModel", "age"),
    "score": QT_TRANSLATE_NOOP("CandidatesModel", "score"),
    "promotable": QT_TRANSLATE_NOOP("CandidatesModel", "promotable"),
    "locatable": QT_TRANSLATE_NOOP("CandidatesModel", "located"),
}
"""Short names of the gates (English source text; use :func:`gate_label` to show one)."""
DECISION_LABELS = {
    "waiting": QT_TRANSLATE_NOOP("CandidatesModel", "waiting"),
    "approved": QT_TRANSLATE_NOOP("CandidatesModel", "approved"),
    "promoted": QT_TRANSLATE_NOOP("CandidatesModel", "promoted"),
    "rejected": QT_TRANSLATE_NOOP("CandidatesModel", "rejected"),
    "snoozed": QT_TRANSLATE_NOOP("CandidatesModel", "snoozed"),
}
AnyIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Contributions:
    """What the score bar draws: weighted components, the phase boost, the gate line."""

    parts: tuple[tuple[str, float], ...]
    boost: float
    min_score: float
    passes: bool


@dataclass(frozen=True)
class WhatIf:
    """Scores and gates of the candidates under hypothetical thresholds and weights."""

    scores: Mapping[str, float]
    gates: Mapping[str, Mapping[str, bool]]
    weights: Mapping[str, float]
    min_score: float
    min_recall_count: int | None = None
    """The what-if gate on signals (None: the configured one)."""

    def passes(self, key: str) -> bool | None:
        gates = self.gates.get(key)
        return None if gates is None else all(gates.values())


def decision_of(cand: Candidate) -> str:
    """``approved``, ``rejected``, ``snoozed``, ``promoted`` or ``waiting``."""
    if cand.review is not None:
        return cand.review.kind
    if cand.promoted_at:
        return "promoted"
    return "waiting"


COMPONENT_LABELS = {
    "frequency": QT_TRANSLATE_NOOP("CandidatesModel", "frequency"),
    "relevance": QT_TRANSLATE_NOOP("CandidatesModel", "relevance"),
    "diversity": QT_TRANSLATE_NOOP("CandidatesModel", "diversity"),
    "recency": QT_TRANSLATE_NOOP("CandidatesModel", "recency"),
    "consolidation": QT_TRANSLATE_NOOP("CandidatesModel", "consolidation"),
    "conceptual": QT_TRANSLATE_NOOP("CandidatesModel", "conceptual"),
}
"""Score components (English source text, the engine's names; use :func:`component_label`)."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("CandidatesModel", text)


def component_label(name: str) -> str:
    """The translated name of a score component (its key when unknown)."""
    return _tr(COMPONENT_LABELS[name]) if name in COMPONENT_LABELS else name


def gate_label(name: str) -> str:
    """The translated short name of a gate (its key when unknown)."""
    return _tr(GATE_LABELS[name]) if name in GATE_LABELS else name


def decision_label(kind: str) -> str:
    """The translated name of a decision (``waiting``, ``approved``, …)."""
    return _tr(DECISION_LABELS[kind]) if kind in DECISION_LABELS else kind


def where(cand: Candidate) -> str:
    start = cand.located_start if cand.located_start is not None else cand.start_line
    end = cand.located_end if cand.located_end is not None else cand.end_line
    return f"{cand.path}:{start}-{end}"


class CandidatesModel(QAbstractTableModel):
    """One row per candidate; columns as :data:`COLUMNS`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Candidate] = []
        self._weights: Mapping[str, float] = {}
        self._min_score = 0.0
        self._whatif: WhatIf | None = None
        self._sort_values: dict[tuple[int, int], Any] = {}
        """The sort value of each (row, column) asked for so far (the proxy sorts by them)."""

    # --- content ----------------------------------------------------------------------

    def set_candidates(
        self, candidates: Sequence[Candidate], weights: Mapping[str, float], min_score: float
    ) -> None:
        self.beginResetModel()
        self._sort_values = {}
        self._rows = list(candidates)
        self._weights = dict(weights)
        self._min_score = float(min_score)
        self._whatif = None
        self.endResetModel()

    def set_whatif(self, whatif: WhatIf | None) -> None:
        self._whatif = whatif
        self._sort_values = {}  # scores and gates may be others now
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(COLUMNS) - 1)
            )

    @property
    def whatif(self) -> WhatIf | None:
        return self._whatif

    def candidate(self, row: int) -> Candidate:
        return self._rows[row]

    def candidates(self) -> list[Candidate]:
        return list(self._rows)

    def row_of(self, key: str) -> int:
        for row, cand in enumerate(self._rows):
            if cand.key == key:
                return row
        return -1

    def passes(self, cand: Candidate) -> bool:
        """Whether the candidate passes, under the what-if settings when they are on."""
        if self._whatif is not None:
            verdict = self._whatif.passes(cand.key)
            if verdict is not None:
                return verdict
        return cand.passes

    def gates(self, cand: Candidate) -> Mapping[str, bool]:
        if self._whatif is not None and cand.key in self._whatif.gates:
            return self._whatif.gates[cand.key]
        return cand.gates

    def score(self, cand: Candidate) -> float:
        if self._whatif is not None and cand.key in self._whatif.scores:
            return self._whatif.scores[cand.key]
        return cand.score

    def contributions(self, cand: Candidate) -> Contributions:
        weights = self._whatif.weights if self._whatif is not None else self._weights
        min_score = self._whatif.min_score if self._whatif is not None else self._min_score
        parts = tuple(
            (name, float(weights.get(name, 0.0)) * float(cand.components.get(name, 0.0)))
            for name in WEIGHT_NAMES
        )
        return Contributions(parts, cand.phase_boost, min_score, self.passes(cand))

    # --- Qt model API -----------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return _tr(COLUMNS[section])
            if role == Qt.ItemDataRole.ToolTipRole and section == COL_BARS:
                return self.tr(
                    "Each component's weighted contribution, then the light/REM phase boost, "
                    "stacked to the score; the red line is minScore."
                )
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return section + 1
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == SortRole:  # asked twice per comparison: 500,000 times for 30,000 rows
            key = (index.row(), index.column())
            found = self._sort_values.get(key)
            if found is None and index.isValid() and 0 <= key[0] < len(self._rows):
                found = self._sort_values[key] = self._sort_value(self._rows[key[0]], key[1])
            return found
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        cand = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(cand, col)
        if role == CandidateRole:
            return cand
        if role == ContributionRole and col == COL_BARS:
            return self.contributions(cand)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(cand, col)
        if role == Qt.ItemDataRole.ForegroundRole and col == COL_GATES:
            return QBrush(QColor("#1b7f3b") if self.passes(cand) else QColor("#b3261e"))
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (
            COL_SCORE,
            COL_SIGNALS,
            COL_QUERIES,
            COL_DAYS,
            COL_AGE,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _display(self, cand: Candidate, col: int) -> str | None:
        if col == COL_KEY:
            return cand.key
        if col == COL_WHERE:
            return where(cand)
        if col == COL_SNIPPET:
            text = " ".join(cand.snippet.split())
            return text if len(text) <= 140 else text[:139] + "…"
        if col == COL_SCORE:
            return f"{self.score(cand):.3f}"
        if col == COL_BARS:
            return None
        if col == COL_SIGNALS:
            return str(cand.signal_count)
        if col == COL_QUERIES:
            return str(cand.unique_queries)
        if col == COL_DAYS:
            return str(len(cand.recall_days))
        if col == COL_AGE:
            return self.tr("{days} d").format(days=f"{cand.age_days:.1f}")
        if col == COL_TAGS:
            return ", ".join(display_tags(cand.concept_tags))
        if col == COL_GATES:
            failed = [gate_label(n) for n, ok in self.gates(cand).items() if not ok]
            return self.tr("✓ passes") if not failed else "✗ " + ", ".join(failed)
        if col == COL_DECISION:
            return decision_label(decision_of(cand))
        return None

    def _sort_value(self, cand: Candidate, col: int) -> Any:
        numbers: dict[int, Callable[[], float]] = {
            COL_SCORE: lambda: self.score(cand),
            COL_BARS: lambda: self.score(cand),
            COL_SIGNALS: lambda: cand.signal_count,
            COL_QUERIES: lambda: cand.unique_queries,
            COL_DAYS: lambda: len(cand.recall_days),
            COL_AGE: lambda: cand.age_days,
            COL_GATES: lambda: 1.0 if self.passes(cand) else 0.0,
        }
        if col in numbers:
            return float(numbers[col]())
        if col == COL_WHERE:
            return (cand.path, cand.start_line).__repr__()
        return self._display(cand, col) or ""

    def _tooltip(self, cand: Candidate, col: int) -> str | None:
        if col == COL_SNIPPET:
            return cand.snippet
        if col == COL_BARS:
            c = self.contributions(cand)
            rows = [f"{component_label(name)}: {value:.3f}" for name, value in c.parts]
            rows.append(self.tr("phase boost: {boost}").format(boost=f"{c.boost:.3f}"))
            rows.append(
                self.tr("score {score} vs minScore {min_score}").format(
                    score=f"{self.score(cand):.3f}", min_score=f"{c.min_score:.2f}"
                )
            )
            return "\n".join(rows)
        if col == COL_GATES:
            lines = [f"{'✓' if ok else '✗'} {gate_label(n)}" for n, ok in self.gates(cand).items()]
            if cand.blocked_reason:
                lines.append(self.tr("blocked: {reason}").format(reason=cand.blocked_reason))
            return "\n".join(lines)
        if col == COL_TAGS:
            return ", ".join(display_tags(cand.concept_tags))
        if col in (COL_WHERE, COL_KEY):
            return self.tr("{where} (ledger key {key})").format(where=where(cand), key=cand.key)
        return None


GATE_FILTERS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("CandidatesFilter", "All gates"),
    QT_TRANSLATE_NOOP("CandidatesFilter", "Passing"),
    QT_TRANSLATE_NOOP("CandidatesFilter", "Failing"),
)
"""Gate-state filter values (English; shown with :func:`filter_label`)."""
DECISION_FILTERS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("CandidatesFilter", "Any decision"),
    "waiting",
    "approved",
    "promoted",
    "rejected",
    "snoozed",
)
"""Decision filter values: the first means any, the others are :func:`decision_of` kinds."""


def filter_label(value: str) -> str:
    """How a :data:`GATE_FILTERS` or :data:`DECISION_FILTERS` value is shown."""
    if value in DECISION_LABELS:
        return decision_label(value)
    return QCoreApplication.translate("CandidatesFilter", value)


class CandidatesFilter(QSortFilterProxyModel):
    """Filters by gate state, path text, tag, decision, and a set of keys from a chart."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.gate_state = GATE_FILTERS[0]
        self.decision = DECISION_FILTERS[0]
        self.path_text = ""
        self.tag = ""
        self.keys: frozenset[str] | None = None
        self.keys_label = ""
        self.setSortRole(SortRole)
        self.setDynamicSortFilter(True)

    def set_filters(
        self,
        *,
        gate_state: str | None = None,
        decision: str | None = None,
        path_text: str | None = None,
        tag: str | None = None,
    ) -> None:
        if gate_state is not None:
            self.gate_state = gate_state
        if decision is not None:
            self.decision = decision
        if path_text is not None:
            self.path_text = path_text.strip().lower()
        if tag is not None:
            self.tag = tag.strip().lower()
        self.invalidate()

    def set_keys(self, keys: frozenset[str] | None, label: str = "") -> None:
        """Restrict to these candidate keys (a chart selection); None clears."""
        self.keys = keys
        self.keys_label = label if keys is not None else ""
        self.invalidate()

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
        model = self.sourceModel()
        if not isinstance(model, CandidatesModel) or source_row >= model.rowCount():
            return False
        cand = model.candidate(source_row)
        if self.keys is not None and cand.key not in self.keys:
            return False
        if self.gate_state == "Passing" and not model.passes(cand):
            return False
        if self.gate_state == "Failing" and model.passes(cand):
            return False
        if self.decision != DECISION_FILTERS[0] and decision_of(cand) != self.decision:
            return False
        if self.path_text and self.path_text not in where(cand).lower():
            return False
        return not self.tag or any(self.tag in t.lower() for t in display_tags(cand.concept_tags))
