"""The dreaming dashboard: plots of the recall ledger, phase status, and the review of
promotion candidates (approve, edit, replace, reject, snooze, undo).

Nothing reaches MEMORY.md without a person's action here. Every action first compares the
fingerprint of MEMORY.md, the ledger, the phase signals and the review store with the one
taken when the candidates were read, and refuses with an explanation when another
program (OpenClaw) changed them meanwhile; the view then refreshes. Lines merely appended
to MEMORY.md (an agent writing) are no such change: an approval goes after them and an
undo keeps them.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QFileSystemWatcher,
    QItemSelectionModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from reverie.core.dreaming import ledger, review
from reverie.core.dreaming import refusals as R
from reverie.core.dreaming.engine import (
    Candidate,
    DreamEngine,
    PhaseReport,
    edit_refusal,
    promoted_when,
)
from reverie.core.dreaming.replace_targets import replace_targets
from reverie.core.dreaming.scoring import WEIGHT_NAMES, Thresholds, normalize_weights
from reverie.core.dreaming.snapshot import Fingerprint, Snapshot, load_snapshot
from reverie.core.errors import UserError
from reverie.core.phrase import said
from reverie.core.service import MemoryService
from reverie.gui.dashboard.candidates_model import (
    COL_AGE,
    COL_BARS,
    COL_DAYS,
    COL_KEY,
    COL_QUERIES,
    COL_SCORE,
    COL_SIGNALS,
    COL_SNIPPET,
    COL_TAGS,
    DECISION_FILTERS,
    GATE_FILTERS,
    CandidatesFilter,
    CandidatesModel,
    WhatIf,
    filter_label,
    where,
)
from reverie.gui.dashboard.charts import (
    DashboardChart,
    LedgerGrowthChart,
    ScoreDistributionChart,
    ScoreVsSignalsChart,
    SignalsPerDayChart,
    TopTagsChart,
)
from reverie.gui.dashboard.detail_pane import DetailPane
from reverie.gui.dashboard.phase_panel import PhasePanel, phase_label
from reverie.gui.dashboard.prompts import Prompts, format_day
from reverie.gui.dashboard.score_bar_delegate import ScoreBarDelegate
from reverie.gui.dashboard.whatif_panel import WhatIfPanel
from reverie.gui.phrases import say
from reverie.gui.tasks import TaskRunner, Worker, refusal_text

log = logging.getLogger(__name__)
DEBOUNCE_MS = 300


def _file_id(path: Path) -> tuple[int, int] | None:
    """The (device, inode) of the file at ``path``; None when there is none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino)


def compute_whatif(engine: DreamEngine, values: dict[str, float]) -> WhatIf:
    """Scores and gates of every candidate under other thresholds and weights (read-only)."""
    weights = {name: values[name] for name in WEIGHT_NAMES}
    config = replace(engine.config, weights=weights)
    trial = DreamEngine(
        engine.workspace, now=engine.now_ms(), timezone=engine.timezone, config=config
    )
    thresholds = Thresholds(
        min_score=values["min_score"],
        min_recall_count=int(values["min_recall_count"]),
        min_unique_queries=int(values["min_unique_queries"]),
        max_age_days=int(values["max_age_days"]),
        limit=None,
    )
    cands = trial.preview(
        thresholds, include_failing=True, include_decided=True, with_nearest=False
    )
    return WhatIf(
        {c.key: c.score for c in cands},
        {c.key: dict(c.gates) for c in cands},
        normalize_weights(weights),
        float(values["min_score"]),
        int(values["min_recall_count"]),
    )


class DreamDashboard(QWidget):
    """Plots, phase status and candidate review for the service's workspace.

    ``now`` and ``timezone`` fix the engine's clock and dreaming timezone (tests, demos);
    by default the clock and the configured timezone are used.
    """

    sig_refreshed = Signal()
    sig_action_done = Signal(str)
    sig_open_file = Signal(str, int)

    def __init__(
        self,
        service: MemoryService,
        parent: QWidget | None = None,
        *,
        now: datetime | float | None = None,
        timezone: str | None = None,
        active: bool = True,
    ) -> None:
        """``active``: False for a page that is not on show; it reads the dreaming files
        once it is shown (:meth:`set_active`)."""
        super().__init__(parent)
        self.service = service
        self._active = active
        self._stale = False
        """A refresh was asked for while the page was hidden."""
        self.now = now
        self.timezone = timezone
        self.root = Path(service.root)
        self.snapshot: Snapshot | None = None
        self.prompts = Prompts(self)
        self.last_message = ""
        self._request = 0
        self._whatif_request = 0
        self._tasks = TaskRunner(self)
        self._acting = False
        self._closed = False
        self.promotion_style = "reverie"
        """``reverie``: approvals write the proposed fact; ``openclaw``: OpenClaw's text."""
        self._can_undo = False
        self._edits: dict[str, str] = {}
        """The text last written in Edit & approve, per candidate key, until it is approved:
        a refused approval does not throw it away."""
        self._build_ui()
        self._watch()
        self.refresh()

    # --- engine -----------------------------------------------------------------------

    def engine(self) -> DreamEngine:
        return self._engine_maker()()

    def _engine_maker(self) -> Callable[[], DreamEngine]:
        """Makes the engine with today's settings, on any thread: making one lists the
        workspace (seconds on a big one), so the workers make theirs."""
        service, now, timezone = self.service, self.now, self.timezone
        style = self.promotion_style

        def make() -> DreamEngine:
            engine = service.dreams(now=now, timezone=timezone)
            engine.config = replace(engine.config, promotion_style=style)
            return engine

        return make

    def set_promotion_style(self, style: str) -> None:
        """``reverie`` (the proposed fact, one section a day) or ``openclaw`` (OpenClaw's
        bullet and section, byte for byte)."""
        self.promotion_style = "openclaw" if style == "openclaw" else "reverie"
        self.detail.style = self.promotion_style
        self.openclaw_format.setChecked(self.promotion_style == "openclaw")
        self.detail.show_candidate(self.current_candidate(), self.snapshot)

    # --- layout -----------------------------------------------------------------------

    def _build_ui(self) -> None:
        self.charts: list[DashboardChart] = [
            SignalsPerDayChart(),
            ScoreDistributionChart(),
            TopTagsChart(),
            ScoreVsSignalsChart(),
            LedgerGrowthChart(),
        ]
        charts = QWidget()
        charts_layout = QHBoxLayout(charts)
        charts_layout.setContentsMargins(0, 0, 0, 0)
        charts_layout.setSpacing(2)
        for chart in self.charts:
            charts_layout.addWidget(chart)
            chart.sig_filter.connect(self._on_chart_filter)
        # five charts side by side set no minimum width on the window: narrower, they scroll
        chart_row = QScrollArea()
        chart_row.setWidget(charts)
        chart_row.setWidgetResizable(True)
        chart_row.setFrameShape(QFrame.Shape.NoFrame)
        chart_row.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        chart_row.setMinimumHeight(150)  # a chart stays readable in a small window

        self.model = CandidatesModel(self)
        self.proxy = CandidatesFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COL_SCORE, Qt.SortOrder.DescendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setItemDelegateForColumn(COL_BARS, ScoreBarDelegate(self.table))
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideLeft)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        for col, width in (
            (COL_KEY, 70),
            (COL_SNIPPET, 260),
            (COL_SCORE, 52),
            (COL_BARS, 170),
            (COL_SIGNALS, 56),
            (COL_QUERIES, 58),
            (COL_DAYS, 42),
            (COL_AGE, 56),
            (COL_TAGS, 150),
        ):
            self.table.setColumnWidth(col, width)
        self.table.setColumnWidth(1, 150)
        self.table.setColumnHidden(COL_KEY, True)  # the ledger key is in the Where tooltip
        metrics = header.fontMetrics()
        for col in range(self.model.columnCount()):
            title = str(self.model.headerData(col, Qt.Orientation.Horizontal) or "")
            needed = metrics.horizontalAdvance(title) + 28  # the sort arrow and margins
            if self.table.columnWidth(col) < needed:
                self.table.setColumnWidth(col, needed)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_changed)
        self.empty_hint = QLabel(self.table.viewport())
        self.empty_hint.setWordWrap(True)
        self.empty_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_hint.setStyleSheet("color:#777; padding:24px")
        self.empty_hint.setText(
            self.tr(
                "No promotion candidates yet. Candidates come from searches recorded in the "
                "recall ledger: an agent's memory_search, or a search confirmed with Enter "
                "while “Record recalls” is on in the search pane."
            )
        )
        self.empty_hint.hide()
        hint_layout = QVBoxLayout(self.table.viewport())  # keeps the hint over the whole view
        hint_layout.addWidget(self.empty_hint)

        self.gate_filter = QComboBox()
        for value in GATE_FILTERS:
            self.gate_filter.addItem(filter_label(value), value)
        self.decision_filter = QComboBox()
        for value in DECISION_FILTERS:
            self.decision_filter.addItem(filter_label(value), value)
        self.path_filter = QLineEdit()
        self.path_filter.setPlaceholderText(self.tr("path contains…"))
        self.tag_filter = QLineEdit()
        self.tag_filter.setPlaceholderText(self.tr("tag…"))
        self.chart_chip = QToolButton()
        self.chart_chip.setVisible(False)
        self.chart_chip.setToolTip(self.tr("Chart selection; click to clear"))
        self.count_label = QLabel()
        filters = QHBoxLayout()
        for widget in (self.gate_filter, self.decision_filter, self.path_filter, self.tag_filter):
            filters.addWidget(widget)
        filters.addWidget(self.chart_chip)
        filters.addStretch(1)
        filters.addWidget(self.count_label)
        self.gate_filter.currentTextChanged.connect(self._on_filters_changed)
        self.decision_filter.currentTextChanged.connect(self._on_filters_changed)
        self.path_filter.textChanged.connect(self._on_filters_changed)
        self.tag_filter.textChanged.connect(self._on_filters_changed)
        self.chart_chip.clicked.connect(self._on_chart_chip_clicked)

        self.buttons: dict[str, QPushButton] = {}
        self._tips: dict[str, str] = {}
        actions = QHBoxLayout()
        more = QHBoxLayout()
        for name, label, tip in (
            (
                "approve",
                self.tr("Approve"),
                self.tr("A / Ctrl+Return: append to MEMORY.md (several rows: one confirmation)"),
            ),
            (
                "edit",
                self.tr("Edit && approve…"),
                self.tr("E: write an edited text instead of the snippet"),
            ),
            (
                "replace",
                self.tr("Replace line…"),
                self.tr("R: approve in place of a flagged MEMORY.md line"),
            ),
            ("reject", self.tr("Reject…"), self.tr("X / Delete: reject with an optional reason")),
            ("snooze", self.tr("Snooze…"), self.tr("S: hide until a date")),
            ("undo", self.tr("Undo last approval"), "Ctrl+Z"),
        ):
            button = QPushButton(label)
            button.setToolTip(tip)
            self._tips[name] = tip
            self.buttons[name] = button
            if name == "undo":  # a second row: six buttons in one set the window's width
                actions.addStretch(1)
                more.addWidget(button)
            else:
                actions.addWidget(button)
        more.addStretch(1)
        self.openclaw_format = QCheckBox(self.tr("OpenClaw's format"))
        self.openclaw_format.setToolTip(
            self.tr(
                "Off: approving writes the proposed fact (the matched lines without headings "
                "or list markers) under one dated section a day. On: OpenClaw's own text, "
                "the whole snippet under a new dated section per approval."
            )
        )
        self.openclaw_format.toggled.connect(
            lambda on: self.set_promotion_style("openclaw" if on else "reverie")
        )
        more.addWidget(self.openclaw_format)
        self.buttons["approve"].clicked.connect(self.approve_selected)
        self.buttons["edit"].clicked.connect(self.edit_and_approve)
        self.buttons["replace"].clicked.connect(self.approve_replacing)
        self.buttons["reject"].clicked.connect(self.reject_current)
        self.buttons["snooze"].clicked.connect(self.snooze_current)
        self.buttons["undo"].clicked.connect(self.undo_last)
        for keys, slot in (
            (("A", "Ctrl+Return"), self.approve_by_key),
            (("E",), self.edit_and_approve),
            (("R",), self.approve_replacing),
            (("X", "Delete"), self.reject_current),
            (("S",), self.snooze_current),
        ):
            for key in keys:
                shortcut = QShortcut(QKeySequence(key), self.table)
                shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
                shortcut.activated.connect(slot)
        undo = QShortcut(QKeySequence("Ctrl+Z"), self)
        undo.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        undo.activated.connect(self.undo_last)
        refresh = QShortcut(QKeySequence("F5"), self)
        refresh.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        refresh.activated.connect(self.refresh)

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # two lines, always: a message that wraps must not move the buttons above it
        self.status.setFixedHeight(self.status.fontMetrics().lineSpacing() * 2 + 4)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.table, 1)
        left_layout.addLayout(actions)
        left_layout.addLayout(more)
        left_layout.addWidget(self.status)

        self.detail = DetailPane()
        self.detail.style = self.promotion_style
        self.detail.sig_open_file.connect(self.sig_open_file)
        self.whatif = WhatIfPanel()
        self.whatif.sig_changed.connect(self._on_whatif_changed)
        self.phases = PhasePanel()
        self.phases.sig_preview.connect(self.preview_phase)
        self.phases.sig_run.connect(self.run_phase)
        self.side = QTabWidget()
        self.side.addTab(self.detail, self.tr("Candidate"))
        self.side.addTab(self.whatif, self.tr("What if"))
        self.side.addTab(self.phases, self.tr("Phases && DREAMS.md"))

        bottom = QSplitter(Qt.Orientation.Horizontal)
        bottom.addWidget(left)
        bottom.addWidget(self.side)
        bottom.setStretchFactor(0, 3)
        bottom.setStretchFactor(1, 2)
        bottom.setSizes([860, 560])
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(chart_row)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([250, 520])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.error_label = QLabel()
        self.error_label.setStyleSheet("color:#b3261e")
        self.error_label.setWordWrap(True)
        self.error_label.setVisible(False)
        layout.addWidget(self.error_label)
        layout.addWidget(self.splitter, 1)

    # --- watching the files -----------------------------------------------------------

    def _watch(self) -> None:
        self.watcher = QFileSystemWatcher(self)
        self._watched_ids: dict[str, tuple[int, int] | None] = {}
        """The file (device, inode) each watched path named when it was watched."""
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self._on_debounce_timeout)
        self.watcher.fileChanged.connect(self._on_watcher_changed)
        self.watcher.directoryChanged.connect(self._on_watcher_changed)
        self._rewatch()

    def _rewatch(self) -> None:
        dreams_dir = self.root / ledger.DREAMS_DIR
        wanted = [self.root, self.root / "memory", dreams_dir]
        wanted += [
            self.root / "MEMORY.md",
            self.root / "DREAMS.md",
            self.root / ledger.LEDGER_RELATIVE_PATH,
            self.root / ledger.PHASE_SIGNALS_RELATIVE_PATH,
            self.root / ledger.EVENTS_RELATIVE_PATH,
            self.root / review.REVIEW_RELATIVE_PATH,
        ]
        # A file replaced by an atomic write (Reverie's own approvals, an agent's save) is a
        # new file at the same path; while a program still holds the old one open the
        # watch stays on the old one, reports nothing more and is not dropped, so later
        # appends went unseen: a path whose file is another one is watched again.
        watched = set(self.watcher.files()) | set(self.watcher.directories())
        replaced = [
            str(p)
            for p in wanted
            if str(p) in watched and self._watched_ids.get(str(p)) != _file_id(p)
        ]
        if replaced:
            self.watcher.removePaths(replaced)
            watched -= set(replaced)
        missing = [str(p) for p in wanted if p.exists() and str(p) not in watched]
        if missing:
            ids = {path: _file_id(Path(path)) for path in missing}
            self.watcher.addPaths(missing)
            self._watched_ids.update(ids)

    def _on_watcher_changed(self, _path: str) -> None:
        self.debounce.start()

    def _on_debounce_timeout(self) -> None:
        if self._acting:  # the action's own read of the files is on its way
            self.debounce.start()
            return
        self._rewatch()
        snap = self.snapshot
        if snap is None or Fingerprint.of(self.root) != snap.fingerprint or self._events_changed():
            self.refresh()

    def _events_changed(self) -> bool:
        if self.snapshot is None:
            return True
        return len(ledger.read_events(self.root)) != len(self.snapshot.events)

    # --- loading ----------------------------------------------------------------------

    def set_active(self, active: bool) -> None:
        """The page is shown (True) or hidden (False); shown, a refresh asked for while it
        was hidden runs now."""
        self._active = active
        if active and self._stale and not self._closed:
            self._stale = False
            self.refresh()

    def refresh(self) -> None:
        """Re-read candidates, ledger and reports on a worker; stale answers are dropped.
        While the page is hidden it only remembers that it must (:meth:`set_active`)."""
        if not self._active:
            self._stale = True
            return
        self._request += 1
        request = self._request
        if self.snapshot is None:  # the first read can take seconds on a big ledger
            self.count_label.setText(self.tr("Reading the dreaming files…"))
            for chart in self.charts:
                chart.show_message(self.tr("Reading…"))
        make = self._engine_maker()
        worker = Worker(lambda: load_snapshot(make()))
        worker.signals.sig_result.connect(lambda snap: self._on_snapshot(request, snap))
        worker.signals.sig_error.connect(self._on_worker_error)
        self._tasks.start(worker)

    def _on_snapshot(self, request: int, snap: Snapshot) -> None:
        if request != self._request:
            return
        current_key = self.detail.candidate.key if self.detail.candidate else None
        self.snapshot = snap
        self._rewatch()  # the files as this read found them (an action may have replaced them)
        self.error_label.setVisible(bool(snap.error))
        self.error_label.setText(
            self.tr("The dreaming files cannot be read: {error}").format(error=snap.error)
            if snap.error
            else ""
        )
        self.model.set_candidates(
            snap.candidates, snap.weights, float(snap.thresholds.min_score or 0)
        )
        t = snap.thresholds
        self.whatif.set_defaults(
            float(t.min_score or 0),
            int(t.min_recall_count or 0),
            int(t.min_unique_queries or 0),
            float(t.max_age_days if t.max_age_days is not None else -1),
            snap.weights,
        )
        self._draw_charts()
        self.phases.show_snapshot(snap)
        self._update_count()
        if current_key is not None:
            self.select_key(current_key)
        # the same row may be current again (no signal): show its new state either way
        self.detail.show_candidate(self.current_candidate(), snap)
        try:
            self._can_undo = review.ReviewStore(self.root).last_approval() is not None
        except (OSError, ValueError, UserError):
            self._can_undo = False
        self._sync_buttons()
        if self.whatif.enabled.isChecked():
            self._on_whatif_changed(self.whatif.values())
        self.sig_refreshed.emit()

    def _draw_charts(self) -> None:
        if self.snapshot is None:
            return
        passes = {c.key: self.model.passes(c) for c in self.model.candidates()}
        snap = self.snapshot
        whatif = self.model.whatif
        if whatif is not None:  # the gate lines at the thresholds being tried
            tried = replace(snap.thresholds, min_score=whatif.min_score)
            if whatif.min_recall_count is not None:
                tried = replace(tried, min_recall_count=whatif.min_recall_count)
            snap = replace(snap, thresholds=tried)
        for chart in self.charts:
            chart.update_data(snap, passes)

    def close_down(self) -> None:
        """The page is going away (another workspace, the window closes): answers of workers
        still running are dropped instead of reaching deleted widgets."""
        self._closed = True
        self._request += 1
        self._whatif_request += 1

    def _on_worker_error(self, message: str, _trace: str) -> None:
        if self._closed:
            return
        self.error_label.setText(message)
        self.error_label.setVisible(True)
        self.phases.busy(False)

    # --- table and filters ------------------------------------------------------------

    def _update_count(self) -> None:
        total = self.model.rowCount()
        passing = sum(1 for c in self.model.candidates() if self.model.passes(c))
        self.count_label.setText(
            self.tr("{shown} shown · {passing} of {total} pass").format(
                shown=self.proxy.rowCount(), passing=passing, total=total
            )
        )

    def _on_filters_changed(self, _text: str) -> None:
        self.proxy.set_filters(
            gate_state=self.gate_filter.currentData() or GATE_FILTERS[0],
            decision=self.decision_filter.currentData() or DECISION_FILTERS[0],
            path_text=self.path_filter.text(),
            tag=self.tag_filter.text(),
        )
        self._update_count()

    def _on_chart_filter(self, keys: frozenset[str], label: str) -> None:
        self.proxy.set_keys(keys, label)
        self.chart_chip.setText(f"✕ {label} ({len(keys)})")
        self.chart_chip.setVisible(True)
        self._update_count()

    def _on_chart_chip_clicked(self) -> None:
        self.proxy.set_keys(None)
        self.chart_chip.setVisible(False)
        self._update_count()

    def select_key(self, key: str) -> bool:
        row = self.model.row_of(key)
        if row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        self.table.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        return True

    def _on_table_current_changed(self, current: Any, _previous: Any) -> None:
        cand = self.current_candidate()
        self.detail.show_candidate(cand, self.snapshot)
        if self.status.styleSheet():  # a refusal was about the row before
            self.status.setText("")
            self.status.setStyleSheet("")
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        """Review buttons work on a chosen candidate, and never while an action runs; one
        already promoted cannot be approved again, nor one below the promotion gates (the
        saved thresholds decide, as the deep phase would; the What if tab only shows)."""
        cand = self.current_candidate()
        chosen = cand is not None and not self._acting
        promoted = cand is not None and promoted_when(cand) is not None
        failing = cand is not None and not promoted and not cand.passes
        for name in ("approve", "edit", "replace"):
            self.buttons[name].setEnabled(chosen and not promoted and not failing)
            self.buttons[name].setToolTip(
                self.tr(
                    "Below the promotion gates ({gates}): only a candidate that passes can be "
                    "appended. The What if tab shows what other thresholds would pass."
                ).format(gates=", ".join(cand.failed_gates))
                if failing and cand is not None
                else self._tips[name]
            )
        for name in ("reject", "snooze"):
            # a promoted candidate's entry is in MEMORY.md: a rejection would stand beside it
            self.buttons[name].setEnabled(chosen and not promoted)
            self.buttons[name].setToolTip(
                self.tr("Already promoted: its entry is in MEMORY.md. Undo the approval first.")
                if promoted
                else self._tips[name]
            )
        self.buttons["undo"].setEnabled(not self._acting and self._can_undo)
        self.empty_hint.setVisible(
            self.snapshot is not None
            and not self.snapshot.error  # the error says why there is nothing
            and self.model.rowCount() == 0
        )

    def current_candidate(self) -> Candidate | None:
        index = self.table.selectionModel().currentIndex()
        if not index.isValid():
            return None
        return self.model.candidate(self.proxy.mapToSource(index).row())

    def selected_candidates(self) -> list[Candidate]:
        rows = {self.proxy.mapToSource(i).row() for i in self.table.selectionModel().selectedRows()}
        chosen = [self.model.candidate(r) for r in sorted(rows)]
        if not chosen and self.current_candidate() is not None:
            chosen = [self.current_candidate()]  # type: ignore[list-item]
        return chosen

    # --- what if ----------------------------------------------------------------------

    def _on_whatif_changed(self, values: dict[str, float] | None) -> None:
        self._whatif_request += 1
        if values is None:
            self.model.set_whatif(None)
            self.whatif.summary.setText("")
            self._after_whatif()
            return
        request = self._whatif_request
        make = self._engine_maker()
        worker = Worker(lambda: compute_whatif(make(), values))
        worker.signals.sig_result.connect(lambda result: self._on_whatif_result(request, result))
        worker.signals.sig_error.connect(self._on_worker_error)
        self._tasks.start(worker)

    def _on_whatif_result(self, request: int, result: WhatIf) -> None:
        if request != self._whatif_request:
            return
        self.model.set_whatif(result)
        passing = sum(1 for gates in result.gates.values() if all(gates.values()))
        now_passing = sum(1 for c in self.model.candidates() if c.passes)
        self.whatif.summary.setText(
            self.tr(
                "With these settings {passing} candidate(s) would pass (now {now}). "
                "Nothing is written; approvals still use the configured thresholds."
            ).format(passing=passing, now=now_passing)
        )
        self._after_whatif()

    def _after_whatif(self) -> None:
        self.proxy.invalidate()
        self._draw_charts()
        self._update_count()
        self.sig_refreshed.emit()

    # --- actions ----------------------------------------------------------------------

    def _fresh(self) -> bool:
        """False (and explain, and refresh) when the files changed since they were read."""
        if self.snapshot is None:
            self.prompts.inform(
                self.tr("Not ready"), self.tr("The candidates are still being read.")
            )
            return False
        # lines appended to MEMORY.md meanwhile (an agent writing) are not in the way: an
        # approval goes after them, an undo keeps them
        changed = self.snapshot.fingerprint.conflicts(self.root)
        if not changed:
            return True
        message = self.tr(
            "{files} changed on disk after these candidates were shown "
            "(another program, such as OpenClaw, wrote it). Nothing was written. "
            "The view is being refreshed; check the candidate again, then retry."
        ).format(files=", ".join(changed))
        self._report(message, refused=True)
        self.prompts.inform(self.tr("Changed on disk"), message)
        self.refresh()
        return False

    def _report(self, message: str, refused: bool = False) -> None:
        self.last_message = message
        self.status.setText(message)
        self.status.setStyleSheet("color:#b3261e" if refused else "")
        if not refused:
            self.sig_action_done.emit(message)

    def _run(
        self, what: str, action: Callable[[], str], done: Callable[[bool], None] | None = None
    ) -> bool:
        """Start a review action off the UI thread; True when it was started.

        The action and a fresh read of the files run together on one worker, so the view
        shows the files as the action left them the moment it ends: the next action is not
        mistaken for another program's write, and the detail pane shows the new decision.
        Until then the review buttons are disabled and their keys do nothing (no click or
        key press is queued and replayed afterwards).
        """
        if self._acting or self._closed:
            return False
        self._acting = True
        self._request += 1  # a refresh already on its way is stale now
        request = self._request
        engine = self.engine()
        lock_held = (self.root / ledger.LOCK_RELATIVE_PATH).exists()
        self._sync_buttons()
        self.setCursor(Qt.CursorShape.BusyCursor)
        self.status.setStyleSheet("")
        if lock_held:
            waiting = self.tr("{action}: waiting for the ledger lock, which another program holds…")
        else:
            waiting = self.tr("{action}: working…")
        self.status.setText(waiting.format(action=what))

        def job() -> tuple[bool, str, Snapshot]:
            try:
                message, ok = action(), True
            except UserError as exc:
                message, ok = refusal_text(exc), False  # in the interface's language
            worker.partial((ok, message))  # said now: re-reading the files can take seconds
            return ok, message, load_snapshot(engine)

        def on_result(result: tuple[bool, str, Snapshot]) -> None:
            if done is not None and not self._closed:
                done(result[0])
            self._on_action_done(request, what, result)

        worker = Worker(job)
        worker.signals.sig_partial.connect(self._on_action_written)
        self._tasks.start(
            worker,
            on_result=on_result,
            on_error=lambda message, _details: self._on_action_error(what, message),
        )
        return True

    def _on_action_written(self, outcome: tuple[bool, str]) -> None:
        """The action itself is over (the view is still being refreshed): say what it did."""
        ok, message = outcome
        if ok and not self._closed and self._acting:
            self.status.setText(self.tr("{message} Refreshing the view…").format(message=message))

    def _end_action(self) -> None:
        self._acting = False
        self.unsetCursor()
        self._sync_buttons()

    def _on_action_done(self, request: int, what: str, result: tuple[bool, str, Snapshot]) -> None:
        if self._closed:
            return
        ok, message, snap = result
        self._acting = False
        if ok:
            self._report(message)
        else:
            self._report(
                self.tr("{action} failed: {error}").format(action=what, error=message),
                refused=True,
            )
            self.prompts.inform(what, message)
        if request == self._request:
            self._on_snapshot(request, snap)
        self._end_action()

    def _on_action_error(self, what: str, message: str) -> None:
        if self._closed:
            return
        self._end_action()
        self._report(
            self.tr("{action} failed: {error}").format(action=what, error=message), refused=True
        )
        self.refresh()

    def approve_by_key(self) -> bool:
        """A / Ctrl+Return in the table: a single key press asks before writing."""
        if self._acting:
            return False
        chosen = [c for c in self.selected_candidates() if not c.promoted_at]
        if len(chosen) == 1 and chosen[0].passes:
            cand = chosen[0]
            text = self._proposed(cand)
            question = self.tr("Append {where} to MEMORY.md as:\n\n{text}").format(
                where=where(cand), text=text
            )
            if not self.prompts.confirm(self.tr("Approve candidate"), question):
                return False
        return self.approve_selected()

    def _proposed(self, cand: Candidate) -> str:
        """What approving ``cand`` writes as its entry text (before any edit)."""
        if self.promotion_style == "reverie" and cand.proposed_text:
            return cand.proposed_text
        return " ".join((cand.located_snippet or cand.snippet).split())

    def approve_selected(self) -> bool:
        if self._acting:
            return False
        selected = self.selected_candidates()
        chosen = [c for c in selected if not c.promoted_at]
        if selected and not chosen:
            cand = selected[0]
            self._report(
                self.tr("{where} was already promoted ({when}); nothing to approve").format(
                    where=where(cand), when=cand.promoted_at
                ),
                refused=True,
            )
            return False
        if chosen and not any(c.passes for c in chosen):
            cand = chosen[0]
            self._report(
                self.tr(
                    "{where} is below the promotion gates ({gates}); nothing to approve"
                ).format(where=where(cand), gates=", ".join(cand.failed_gates)),
                refused=True,
            )
            return False
        if not chosen or not self._fresh():
            return False
        if len(chosen) > 1:
            listing = "\n".join(f"• {c.path}:{c.start_line} ({c.score:.3f})" for c in chosen[:12])
            question = self.tr("Append {n} candidates to MEMORY.md?").format(n=len(chosen))
            if not self.prompts.confirm(self.tr("Approve candidates"), f"{question}\n\n{listing}"):
                return False
        keys = [c.key for c in chosen]

        def act() -> str:
            outcome = self.engine().apply(keys)
            return self.tr("Approved {n}: {keys} → MEMORY.md").format(
                n=len(outcome.applied), keys=", ".join(outcome.applied)
            )

        return self._run(self.tr("Approve"), act)

    def edit_and_approve(self) -> bool:
        cand = self.current_candidate()
        if self._acting or cand is None or not self._fresh():
            return False
        what = self.tr("Edit and approve")
        text: str | None = self._edits.get(cand.key, self._proposed(cand))
        while True:
            text = self.prompts.edit_text(text or "")
            if text is None:
                return False
            self._edits[cand.key] = text  # kept until it is written
            problem = edit_refusal(text)
            if problem is None:
                break
            # refused before anything starts: say why, then the editor again, with the text
            # as it was written
            self._report(
                self.tr("{action} failed: {error}").format(action=what, error=say(problem)),
                refused=True,
            )
            self.prompts.inform(what, say(problem))
        if not self._fresh():
            return False
        edited = text

        def act() -> str:
            self.engine().apply([cand.key], edit_text=edited)
            return self.tr("Approved {key} with edited text → MEMORY.md").format(key=cand.key)

        def done(ok: bool) -> None:
            if ok:
                self._edits.pop(cand.key, None)

        return self._run(what, act, done)

    def approve_replacing(self) -> bool:
        cand = self.current_candidate()
        if self._acting or cand is None or self.snapshot is None or not self._fresh():
            return False
        flagged = [n for n in cand.nearest if n.flag] or list(cand.nearest)
        line = self.prompts.replace_line(replace_targets(flagged, self.snapshot.memory_text))
        if line is None or not self._fresh():
            return False

        def act() -> str:
            outcome = self.engine().apply([cand.key], replace_line=line)
            return self.tr(
                "Approved {key} in place of MEMORY.md line {line} ({old} moved to the archive)"
            ).format(key=cand.key, line=line, old=repr(outcome.replaced_line))

        return self._run(self.tr("Replace"), act)

    def _refuse_promoted(self, cand: Candidate) -> bool:
        """True (and say why) when ``cand`` is promoted: it cannot be rejected or snoozed."""
        when = promoted_when(cand)
        if when is None:
            return False
        self._report(say(said(R.PROMOTED_UNDO_FIRST, key=where(cand), when=when)), refused=True)
        return True

    def reject_current(self) -> bool:
        cand = self.current_candidate()
        if self._acting or cand is None or self._refuse_promoted(cand) or not self._fresh():
            return False
        reason = self.prompts.reject_reason(self._label(cand))
        if reason is None or not self._fresh():
            return False

        def act() -> str:
            self.engine().reject(cand.key, reason.strip() or None)
            if reason.strip():
                return self.tr("Rejected {key} ({reason})").format(
                    key=cand.key, reason=reason.strip()
                )
            return self.tr("Rejected {key}").format(key=cand.key)

        return self._run(self.tr("Reject"), act)

    def snooze_current(self) -> bool:
        cand = self.current_candidate()
        if (
            self._acting
            or cand is None
            or self.snapshot is None
            or self._refuse_promoted(cand)
            or not self._fresh()
        ):
            return False
        until = self.prompts.snooze_until(
            date.fromisoformat(self.snapshot.today), self._label(cand)
        )
        if until is None or not self._fresh():
            return False

        def act() -> str:
            self.engine().snooze(cand.key, until)
            return self.tr("Snoozed {key} until {date}").format(
                key=where(cand), date=format_day(until)
            )

        return self._run(self.tr("Snooze"), act)

    def _label(self, cand: Candidate) -> str:
        """How a dialog names a candidate: where it is and what it says."""
        text = self._proposed(cand)
        if len(text) > 160:
            text = text[:159] + "…"
        return f"{where(cand)}: {text}"

    def undo_last(self) -> bool:
        if self._acting or not self._fresh():
            return False

        def act() -> str:
            key = self.engine().undo_last()
            return self.tr("Undid the approval of {key}; MEMORY.md is back as it was").format(
                key=key
            )

        return self._run(self.tr("Undo"), act)

    # --- phases -----------------------------------------------------------------------

    def preview_phase(self, phase: str) -> None:
        self._phase(phase, dry_run=True)

    def run_phase(self, phase: str) -> None:
        if not self._fresh():
            return
        self._phase(phase, dry_run=False)

    def _phase(self, phase: str, dry_run: bool) -> None:
        self.phases.busy(True)
        make = self._engine_maker()
        worker = Worker(lambda: make().run_phase(phase, dry_run))
        worker.signals.sig_result.connect(self._on_phase_result)
        worker.signals.sig_error.connect(self._on_worker_error)
        self._tasks.start(worker)

    def _on_phase_result(self, report: PhaseReport) -> None:
        if self._closed:
            return
        self.phases.show_report(report)
        if not report.dry_run:
            self._report(self.tr("Ran the {phase} phase").format(phase=phase_label(report.phase)))
            self.refresh()
