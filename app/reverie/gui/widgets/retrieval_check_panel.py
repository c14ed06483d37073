"""The retrieval check in the search pane: saved queries with the lines they should find,
scored as recall@k and MRR@k under the saved settings and under the what-if tuning."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.retrieval_check import (
    DEFAULT_K,
    CaseResult,
    CheckCase,
    CheckComparison,
    CheckStore,
    SearchFn,
    compare,
)
from ...core.search.trace import SearchHit
from ...core.settings import SearchSettings
from ..tasks import TaskRunner

COL_QUERY, COL_EXPECTED, COL_SAVED, COL_TRIAL = 0, 1, 2, 3


class RetrievalCheckPanel(QWidget):
    """Lists the saved checks; runs them off the UI thread; shows recall@k and MRR@k."""

    sig_message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store: CheckStore | None = None
        self.search_fn: SearchFn | None = None
        self.settings_fn: Callable[[], tuple[SearchSettings, SearchSettings]] | None = None
        """Returns (saved settings, what-if settings)."""
        self.last: CheckComparison | None = None
        self._request = 0
        self._tasks = TaskRunner(self, max_threads=1)

        title = QLabel(self.tr("Retrieval check"))
        title.setObjectName("sectionTitle")
        hint = QLabel(
            self.tr(
                "Save a query with the result that answers it; Run scores every saved query "
                "under the saved settings and under the what-if tuning."
            )
        )
        hint.setWordWrap(True)
        hint.setObjectName("paneNotice")
        self.save_btn = QPushButton(self.tr("Save query + selected result"))
        self.save_btn.setToolTip(
            self.tr("The current query should find the selected result's file and lines")
        )
        self.remove_btn = QPushButton(self.tr("Remove"))
        self.run_btn = QPushButton(self.tr("Run"))
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 50)
        self.k_spin.setValue(DEFAULT_K)
        self.k_spin.setPrefix(self.tr("k = "))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(
            [self.tr("Query"), self.tr("Expected"), self.tr("Saved: rank"), self.tr("What-if")]
        )
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_QUERY, QHeaderView.ResizeMode.Stretch)

        buttons = QHBoxLayout()
        for widget in (self.save_btn, self.remove_btn, self.k_spin, self.run_btn):
            buttons.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(title)
        layout.addWidget(hint)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        self.remove_btn.clicked.connect(self.remove_selected)
        self.run_btn.clicked.connect(self.run)
        self._sync_buttons()

    # ------------------------------------------------------------ content
    def set_store(self, store: CheckStore | None, search_fn: SearchFn | None) -> None:
        """Show another workspace's checks (None: no workspace)."""
        self.store, self.search_fn = store, search_fn
        self.last = None
        self._request += 1
        self.summary.setText(store.problem if store is not None and store.problem else "")
        self._fill()

    def cases(self) -> tuple[CheckCase, ...]:
        return self.store.cases if self.store is not None else ()

    def save_case(self, query: str, hit: SearchHit | None) -> bool:
        """Save ``query`` as a check that should find ``hit``'s lines."""
        if self.store is None or hit is None or not query.strip():
            self.sig_message.emit(self.tr("Type a query and select the result that answers it"))
            return False
        case = CheckCase(query.strip(), hit.path, hit.start_line, hit.end_line)
        if not self.store.add(case):
            self.sig_message.emit(self.tr("This check is already saved"))
            return False
        self.last = None
        self._fill()
        self.sig_message.emit(
            self.tr("Saved check: “{query}” should find {where}").format(
                query=case.query, where=case.label()
            )
        )
        return True

    def remove_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        cases = self.cases()
        if self.store is None or not rows or rows[0].row() >= len(cases):
            return
        self.store.remove(cases[rows[0].row()])
        self.last = None
        self._fill()

    # ------------------------------------------------------------ running
    def run(self) -> None:
        cases = self.cases()
        if self.search_fn is None or self.settings_fn is None or not cases:
            self.summary.setText(self.tr("No saved checks yet."))
            return
        saved, trial = self.settings_fn()
        self._request += 1
        request = self._request
        self.run_btn.setEnabled(False)
        self.summary.setText(self.tr("Running {n} queries…").format(n=len(cases)))
        self._tasks.run(
            compare,
            self.search_fn,
            cases,
            saved,
            trial,
            self.k_spin.value(),
            on_result=lambda result: self._on_result(request, result),
            on_error=lambda message, _details: self._on_error(request, message),
        )

    @property
    def busy(self) -> bool:
        return self._tasks.busy

    def shutdown(self) -> None:
        self._request += 1
        self._tasks.shutdown()

    def _on_error(self, request: int, message: str) -> None:
        if request != self._request:
            return
        self.run_btn.setEnabled(True)
        self.summary.setText(self.tr("The check failed: {error}").format(error=message))

    def _on_result(self, request: int, result: CheckComparison) -> None:
        if request != self._request:
            return
        self.last = result
        self.run_btn.setEnabled(True)
        k = result.saved.k
        line = self.tr("Saved settings: recall@{k} <b>{recall}</b> · MRR@{k} <b>{mrr}</b>").format(
            k=k, recall=f"{result.saved.recall:.2f}", mrr=f"{result.saved.mrr:.2f}"
        )
        if result.trial is not None:
            line += "<br>" + self.tr(
                "What-if: recall@{k} <b>{recall}</b> · MRR@{k} <b>{mrr}</b>"
            ).format(k=k, recall=f"{result.trial.recall:.2f}", mrr=f"{result.trial.mrr:.2f}")
        else:
            line += "<br>" + self.tr("What-if: same as the saved settings")
        self.summary.setText(line)
        self._fill()

    # ------------------------------------------------------------ drawing
    def _rank_text(self, result: CaseResult | None) -> str:
        if result is None:
            return ""
        if result.rank is None:
            return self.tr("not in top {k}").format(k=self.last.saved.k if self.last else "k")
        return f"#{result.rank}"

    def _fill(self) -> None:
        cases = self.cases()
        saved = self.last.saved.results if self.last is not None else ()
        trial = self.last.trial.results if self.last and self.last.trial else ()
        self.table.setRowCount(len(cases))
        for row, case in enumerate(cases):
            values = (
                case.query,
                case.label(),
                self._rank_text(saved[row] if row < len(saved) else None),
                self._rank_text(trial[row] if row < len(trial) else None),
            )
            for col, value in enumerate(values):
                item = QTableWidgetItem(value)
                if col == COL_SAVED and row < len(saved) and saved[row].top:
                    item.setToolTip(
                        self.tr("First results: {top}").format(top=", ".join(saved[row].top))
                    )
                if col == COL_TRIAL and row < len(trial) and trial[row].top:
                    item.setToolTip(
                        self.tr("First results: {top}").format(top=", ".join(trial[row].top))
                    )
                self.table.setItem(row, col, item)
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        has = bool(self.cases())
        self.run_btn.setEnabled(has and self.search_fn is not None and not self._tasks.busy)
        self.remove_btn.setEnabled(has)
        self.save_btn.setEnabled(self.store is not None)
