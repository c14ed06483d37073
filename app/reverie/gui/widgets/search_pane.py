"""The search pane: a visual ranking debugger.

Search runs as you type (debounced; each request has an id and stale answers are dropped).
The table shows every number of the score trace; the tuning panel re-ranks live and the
arrows compare each result's rank with the workspace's saved settings.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QItemSelection, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.retrieval_check import CheckStore
from ...core.search.trace import SearchHit, SearchResponse
from ...core.settings import SearchSettings
from ..controller import Controller, SearchOutcome
from ..models.search_results_model import (
    COL_BAR,
    COL_LOCATION,
    COL_REASON,
    COL_SNIPPET,
    DROPPED_ROLE,
    HIT_ROLE,
    SearchResultsModel,
)
from ..resources import icon
from .result_delegates import ScoreBarDelegate, SnippetDelegate
from .retrieval_check_panel import RetrievalCheckPanel
from .trace_detail import TraceDetail
from .tuning_panel import TuningPanel
from .wheel_guard import guard_wheel

PROFILES = ("saved", "reverie", "openclaw")


class SearchPane(QWidget):
    sig_open_hit = Signal(object)
    """SearchHit to open in the editor."""
    sig_message = Signal(str)

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.request_id = 0
        self.last_outcome: SearchOutcome | None = None
        self.saved = SearchSettings.for_profile("reverie")
        self.current = self.saved
        self.model_state = "not loaded"
        self._restoring = False
        self._select_first = False

        self.query_edit = QLineEdit(placeholderText=self.tr("Search memory (as you type)…"))
        self.query_edit.setClearButtonEnabled(True)
        self.profile_combo = QComboBox()
        self.profile_combo.addItems(
            [self.tr("saved settings"), self.tr("reverie profile"), self.tr("openclaw profile")]
        )
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 50)
        self.k_spin.setPrefix(self.tr("k = "))
        self.dropped_box = QCheckBox(self.tr("Dropped candidates"))
        self.record_box = QCheckBox(self.tr("Record recalls"))
        self.record_box.setToolTip(
            self.tr(
                "Searches confirmed with Enter are recorded in the dreaming ledger, as an "
                "agent's memory_search would. Off by default: debugging does not feed dreaming."
            )
        )
        self._record_pending = False
        self.tune_btn = QToolButton()
        self.tune_btn.setIcon(icon("tune"))
        self.tune_btn.setText(self.tr("Tune"))
        self.tune_btn.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.tune_btn.setCheckable(True)
        self.check_btn = QToolButton()
        self.check_btn.setText(self.tr("Checks"))
        self.check_btn.setToolTip(
            self.tr("Retrieval check: saved queries with the result they should find")
        )
        self.check_btn.setCheckable(True)
        self.notice = QLabel()
        self.notice.setObjectName("paneNotice")
        self.notice.setWordWrap(True)

        self.model = SearchResultsModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.bar_delegate = ScoreBarDelegate(self.table)
        self.table.setItemDelegateForColumn(COL_BAR, self.bar_delegate)
        self.table.setItemDelegateForColumn(COL_SNIPPET, SnippetDelegate(self.table))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_BAR, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_LOCATION, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_SNIPPET, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(24)
        self.table.setColumnWidth(COL_BAR, 110)
        self.table.setColumnWidth(COL_LOCATION, 175)
        self.table.setTextElideMode(Qt.TextElideMode.ElideLeft)
        self.table.setColumnHidden(COL_REASON, True)

        self.detail = TraceDetail()
        self.tuning = TuningPanel()
        self.checks = RetrievalCheckPanel()
        self.checks.settings_fn = lambda: (self.saved, self.current)
        # both side panels scroll, so they never squeeze the results table to one row
        self.tuning_area = self._scrolling(self.tuning)
        self.checks_area = self._scrolling(self.checks)

        top = QHBoxLayout()
        top.addWidget(self.query_edit, 1)
        for w in (
            self.profile_combo,
            self.k_spin,
            self.dropped_box,
            self.record_box,
            self.tune_btn,
            self.check_btn,
        ):
            top.addWidget(w)
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.detail)
        lower.addWidget(self.tuning_area)
        lower.addWidget(self.checks_area)
        lower.setSizes([600, 400, 400])
        self.lower = lower
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(lower)
        self.splitter.setSizes([320, 200])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.notice)
        layout.addWidget(self.splitter, 1)

        self._debounce = QTimer(self, singleShot=True, interval=180)
        self._debounce.timeout.connect(self.run_search)
        self.query_edit.textChanged.connect(lambda _t: self._debounce.start())
        self.query_edit.returnPressed.connect(self._on_return)
        self.profile_combo.currentIndexChanged.connect(self._on_profile_changed)
        self.k_spin.valueChanged.connect(self._on_k_changed)
        self.dropped_box.toggled.connect(self._on_dropped_toggled)
        self.tune_btn.toggled.connect(lambda on: self._show_side(self.tuning_area, on))
        self.check_btn.toggled.connect(lambda on: self._show_side(self.checks_area, on))
        self.checks.save_btn.clicked.connect(self.save_check)
        self.checks.sig_message.connect(self.sig_message)
        self.tuning.sig_changed.connect(self._on_tuning_changed)
        self.tuning.sig_reset.connect(self._on_tuning_reset)
        self.tuning.sig_save.connect(self.save_profile)
        self.tuning.sig_export.connect(self.export_openclaw)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection)
        controller.sig_search_result.connect(self._on_controller_result)
        controller.sig_index_changed.connect(self._on_index_changed)
        controller.sig_workspace_changed.connect(self.reset)
        controller.sig_model.connect(self._on_model)

    def _show_side(self, area: QScrollArea, on: bool) -> None:
        """Show or hide a panel beside the trace, shown at least as wide as its content
        (the width comes from the trace: the What-if panel was cut off behind a scroll bar)."""
        area.setVisible(on)
        if not on or area.widget() is None:
            return
        sizes = self.lower.sizes()
        index = self.lower.indexOf(area)
        bar = area.verticalScrollBar().sizeHint().width()
        need = area.widget().minimumSizeHint().width() + bar + 8
        lack = need - sizes[index]
        if lack > 0 and sizes[0] - lack >= self.detail.minimumSizeHint().width():
            sizes[0] -= lack
            sizes[index] += lack
            self.lower.setSizes(sizes)

    @staticmethod
    def _scrolling(panel: QWidget) -> QScrollArea:
        area = QScrollArea()
        area.setWidget(panel)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        guard_wheel(area, panel)  # scrolling the panel changes none of its values
        area.hide()
        return area

    # ------------------------------------------------------------ settings
    def reset(self) -> None:
        self.saved = self.controller.saved_search_settings()
        self.profile_combo.blockSignals(True)
        self.profile_combo.setCurrentIndex(0)
        self.profile_combo.blockSignals(False)
        self._apply_profile(run=False)
        self.model.set_response(None)
        self.detail.show_hit(None)
        service = self.controller.service
        self.checks.set_store(
            CheckStore.for_workspace(service.root, self.controller.data_dir)
            if service is not None
            else None,
            service.search if service is not None else None,
        )

    def save_check(self) -> bool:
        """Save the current query as a check that should find the selected result."""
        return self.checks.save_case(self.query_edit.text(), self.selected_hit())

    def _apply_profile(self, run: bool = True) -> None:
        name = PROFILES[self.profile_combo.currentIndex()]
        base = self.saved if name == "saved" else self.controller.profile_settings(name)
        self.current = base
        self.k_spin.blockSignals(True)
        self.k_spin.setValue(base.max_results)
        self.k_spin.blockSignals(False)
        self.tuning.set_settings(base)
        if run:
            self.run_search()

    def _on_tuning_reset(self) -> None:
        self.profile_combo.blockSignals(True)
        self.profile_combo.setCurrentIndex(0)
        self.profile_combo.blockSignals(False)
        self._apply_profile()

    def _on_profile_changed(self, _index: int) -> None:
        self._apply_profile()

    def _on_k_changed(self, k: int) -> None:
        self.current = self.current.with_changes(max_results=k)
        self.tuning.set_settings(self.current)
        self.run_search()

    def _on_tuning_changed(self, settings: SearchSettings) -> None:
        self.current = settings.with_changes(max_results=self.k_spin.value())
        self.run_search()

    def save_profile(self) -> None:
        self.controller.save_search_settings(self.current)
        self.saved = self.current
        self.sig_message.emit(self.tr("Search settings saved as this workspace's profile"))
        self.run_search()

    def openclaw_json(self) -> str:
        block = {"agents": {"defaults": {"memorySearch": self.current.to_openclaw_memory_search()}}}
        return json.dumps(block, indent=2)

    def export_openclaw(self) -> None:
        text = self.openclaw_json()
        QApplication.clipboard().setText(text)
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export OpenClaw memorySearch"),
            "memorySearch.json",
            self.tr("JSON (*.json)"),
        )
        if path:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            self.sig_message.emit(
                self.tr("Exported to {path} (also copied to the clipboard)").format(path=path)
            )
        else:
            self.sig_message.emit(self.tr("OpenClaw memorySearch JSON copied to the clipboard"))

    # ------------------------------------------------------------ searching
    def run_search(self) -> None:
        query = self.query_edit.text().strip()
        if not query:
            self.request_id = 0
            self.model.set_response(None)
            self.detail.show_hit(None)
            self._show_notice(None)
            return
        self.request_id = self.controller.search(query, self.current, self.saved)

    def _on_return(self) -> None:
        self._record_pending = self.record_box.isChecked()
        self.run_search()

    def _on_controller_result(self, request: int, outcome: SearchOutcome) -> None:
        if request != self.request_id:
            return  # a newer request is on its way
        self.last_outcome = outcome
        if self._record_pending:
            self._record_pending = False
            self.controller.record_recalls(outcome.response)
        selected = self.selected_hit()
        baseline = outcome.baseline or outcome.response
        ranks = {hit.chunk_id: i + 1 for i, hit in enumerate(baseline.results)}
        self.model.set_response(outcome.response, ranks if outcome.baseline else None)
        top = max((h.trace.weighted_sum for h in outcome.response.results), default=1.0)
        self.bar_delegate.scale = max(top, 0.05)
        self._show_notice(outcome)
        self.tuning.show_effective(
            outcome.response.results[0].trace if outcome.response.results else None
        )
        # the model reset cleared the selection without a signal: the trace pane must not
        # keep showing a hit of the previous query
        self.detail.show_hit(None)
        if self._select_first and self.model.rowCount():
            self._select_first = False
            self.table.selectRow(0)
        elif selected is not None:
            self._restoring = True
            try:
                self.select_chunk(selected.chunk_id)
            finally:
                self._restoring = False

    def select_first_result_once(self) -> None:
        """Select the first row of the next result that has one (opens it in the editor)."""
        self._select_first = True

    def _show_notice(self, outcome: SearchOutcome | None) -> None:
        notes: list[str] = []
        if self.model_state != "loaded":
            states = {
                "loading": self.tr("loading…"),
                "not loaded": self.tr("not loaded"),
                "unavailable": self.tr("unavailable"),
            }
            notes.append(
                self.tr("Keyword-only search: the embedding model is {state}").format(
                    state=states.get(self.model_state, self.model_state)
                )
            )
        if outcome is not None:
            resp: SearchResponse = outcome.response
            notes += [n for n in resp.notices if not (notes and "keyword-only" in n.lower())]
            weak = self.model.weak_count()
            if weak:
                notes.append(
                    self.tr(
                        "{n} weak result(s) in grey: no keyword match and a cosine near the "
                        "unrelated level"
                    ).format(n=weak)
                )
            notes.append(
                self.tr(
                    "{results} result(s), {dropped} dropped · {mode} · profile {profile} · {ms} ms"
                ).format(
                    results=len(resp.results),
                    dropped=len(resp.dropped),
                    mode=self._mode_name(resp.mode),
                    profile=resp.profile,
                    ms=f"{outcome.elapsed_ms:.0f}",
                )
            )
        self.notice.setText("  ·  ".join(notes))

    def _mode_name(self, mode: str) -> str:
        names = {
            "hybrid": self.tr("hybrid"),
            "keyword-only": self.tr("keyword only"),
            "vector-only": self.tr("vector only"),
            "empty": self.tr("empty query"),
        }
        return names.get(mode, mode)

    def _on_index_changed(self, _paths: object) -> None:
        if self.query_edit.text().strip():
            self.run_search()

    def _on_model(self, state: str, _detail: str) -> None:
        self.model_state = {"loaded": "loaded", "loading": "loading"}.get(state, "unavailable")
        if self.query_edit.text().strip():
            self.run_search()
        else:
            self._show_notice(None)

    def _on_dropped_toggled(self, show: bool) -> None:
        self.model.set_show_dropped(show)
        self.table.setColumnHidden(COL_REASON, not show)

    # ------------------------------------------------------------ selection
    def selected_hit(self) -> SearchHit | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.hit(rows[0].row()) if rows else None

    def select_chunk(self, chunk_id: str) -> None:
        for row in range(self.model.rowCount()):
            hit = self.model.hit(row)
            if hit is not None and hit.chunk_id == chunk_id:
                self.table.selectRow(row)
                return

    def _on_table_selection(self, _sel: QItemSelection, _desel: QItemSelection) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            self.detail.show_hit(None)
            return
        index = self.model.index(rows[0].row(), COL_LOCATION)
        hit = index.data(HIT_ROLE)
        self.detail.show_hit(hit, index.data(DROPPED_ROLE))
        if hit is not None and not self._restoring:
            self.sig_open_hit.emit(hit)
