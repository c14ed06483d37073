"""The Health page: what in MEMORY.md may no longer be true, and acting on it safely.

Findings are grouped by kind with their counts; a finding shows the entry and its newer
evidence side by side with their dates, and each action is previewed as a diff before
anything is written. The size meter compares MEMORY.md with the bootstrap cap the agent
gets, and the truncation panel shows the lines a session would not see.

The review, the previews and the writes run off the UI thread (one at a time). A write is
refused when MEMORY.md or the archive changed since the finding was computed; the page then
says so and refreshes. Every change another program (or the editor) makes to a Markdown
file schedules a refresh too. In the main window only the page on show refreshes; a hidden
one refreshes once when it is shown.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from datetime import date, datetime
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from PySide6.QtCore import QCoreApplication, QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ...core.health.actions import (
    ActionPlan,
    ArchivedEntry,
    Decision,
    FileChanged,
    apply_action,
    archived_entries,
    decisions_in_force,
    plan_action,
    reopen,
    restore,
    undo_last,
)
from ...core.health.entries import split_entries
from ...core.health.findings import review_workspace
from ...core.health.locations import ARCHIVE_PATH, MEMORY_PATH
from ...core.health.model import Finding, HealthReport
from ...core.service import MemoryService
from ..phrases import phrase_text, say, translate
from ..refresh_gate import RefreshGate
from ..tasks import TaskRunner, Worker
from .action_names import action_name
from .archive_dialog import ArchiveDialog, ChooserDialog, DecisionsDialog
from .detail_pane import DetailPane, box_text, monospace
from .findings_model import FindingsModel

log = logging.getLogger(__name__)

T = TypeVar("T")

REFRESH_DELAY_MS = 500
NEAR_LIMIT = 0.85


MISSING, EMPTY, NO_ENTRIES, PRESENT = "missing", "empty", "no-entries", "present"
"""What MEMORY.md was when it was reviewed: not there, empty (or blank), without an
entry (headings only), or with entries."""


class Review(NamedTuple):
    """What a review found, with what MEMORY.md was when it was read."""

    report: HealthReport | None
    """None when a file could not be read (:attr:`error`)."""
    memory: str
    """MEMORY.md's text (for the truncation panel)."""
    memory_state: str = PRESENT
    """:data:`MISSING`, :data:`EMPTY`, :data:`NO_ENTRIES` or :data:`PRESENT`."""
    error: OSError | None = None
    """Why the review could not read a file (MEMORY.md unreadable, say)."""
    unreadable: str | None = None
    """Why MEMORY.md, which is there, cannot be read as text (not valid UTF-8, permission
    denied), in the words of ``reverie audit``, which refuses it too: nothing was reviewed."""


def run_review(
    service: MemoryService,
    now: datetime | date | None,
    progress: Callable[[int, int, str], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> Review:
    """The report and MEMORY.md's text (for the truncation panel), off the UI thread;
    ``cancel`` stops it between files and entries (closing the window or the workspace).
    A MEMORY.md that is there but cannot be read as text is not reviewed (its bytes would
    be read as U+FFFD): why is said in :attr:`Review.unreadable`; another file the review
    cannot read is said in :attr:`Review.error`. Neither is raised."""
    unreadable = service.workspace.unreadable(MEMORY_PATH)
    if unreadable is not None:
        return Review(None, "", unreadable=unreadable)
    scope = service.scope
    try:
        report = review_workspace(
            service.workspace,
            now,
            state_dir=scope.state_dir if scope is not None else None,
            agent_id=scope.agent_id if scope is not None else None,
            cancel=cancel,
            embedder=service.model.get(),
        )
    except OSError as exc:
        return Review(None, "", error=exc)
    try:
        memory = (service.root / "MEMORY.md").read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return Review(report, "", MISSING)
    except OSError:
        return Review(report, "")
    if not memory.lstrip("\ufeff").strip():
        return Review(report, memory, EMPTY)
    return Review(report, memory, PRESENT if split_entries(memory) else NO_ENTRIES)


class HealthPage(QWidget):
    """Findings on the left, the selected one in detail on the right, the size on top."""

    sig_open = Signal(str, int)
    """(workspace-relative path, 1-based line) to show in the editor."""
    sig_loaded = Signal()
    """A review finished and is shown (tests wait on it)."""
    sig_planned = Signal()
    sig_applied = Signal(object)
    """The audit-log record of an applied action (or undo)."""
    sig_message = Signal(str)

    def __init__(
        self, service: MemoryService | None, parent: QWidget | None = None, active: bool = True
    ) -> None:
        """``active``: False for a page that is not on show; its first refresh waits until
        ``gate.set_active(True)``."""
        super().__init__(parent)
        self.service = service
        self.report: HealthReport | None = None
        self.memory_text = ""
        self.now: datetime | date | None = None
        """Fixed time to review at (tests); None: the real now at each refresh."""
        self.unsaved_memory: Callable[[], bool] = lambda: False
        """Whether an editor holds unsaved changes to MEMORY.md (set by the window)."""
        self._runner = TaskRunner(self, max_threads=1)
        self.gate = RefreshGate(self.refresh, REFRESH_DELAY_MS, self, active)
        self._select_after: str | None = None
        self._acting = False
        """An apply or undo is running (no second one until it answers)."""
        self._planned_inputs: tuple[str | None, str | None] = (None, None)
        """The new text and snooze date the shown preview was made from."""
        self.archive_dialog: ArchiveDialog | None = None
        """The archive list while it is open."""

        self.meter = QProgressBar()
        self.meter.setTextVisible(True)
        self.meter_label = QLabel()
        self.meter_label.setWordWrap(True)
        self.state = QLabel()
        self._reselecting = False
        self._banner_generation: int | None = None
        """The banner stays through the refreshes up to this one, which it announces
        (None: the next refresh hides it)."""
        self._banner_plan = False
        """The banner is about the previewed plan: it stays while the plan does."""
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("QLabel { background: #fff4ce; color: #5c4400; padding: 4px; }")
        self.banner.hide()
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.clicked.connect(self.refresh)
        self.undo_button = QPushButton(self.tr("Undo last action"))
        self.undo_button.setToolTip(
            self.tr("Reverse the latest action (refused if the files changed since)")
        )
        self.undo_button.clicked.connect(self.undo)
        self.archive_button = QPushButton(self.tr("Archived…"))
        self.archive_button.setToolTip(
            self.tr("Entries moved out of MEMORY.md; restore one at any time")
        )
        self.archive_button.clicked.connect(self.show_archive)
        self.kept_button = QPushButton(self.tr("Kept…"))
        self.kept_button.setToolTip(self.tr("Findings kept or snoozed; reopen one to see it again"))
        self.kept_button.clicked.connect(self.show_decisions)
        self.decisions_dialog: DecisionsDialog | None = None
        self.cut_button = QPushButton(self.tr("What is cut"))
        self.cut_button.setCheckable(True)
        self.cut_view = QPlainTextEdit()
        self.cut_view.setReadOnly(True)
        self.cut_view.setFont(monospace())
        self.cut_view.setMaximumHeight(160)
        self.cut_view.hide()
        self.cut_button.toggled.connect(self.cut_view.setVisible)

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("MEMORY.md size")))
        top.addWidget(self.meter, 1)
        top.addWidget(self.cut_button)
        top.addWidget(self.undo_button)
        top.addWidget(self.archive_button)
        top.addWidget(self.kept_button)
        top.addWidget(self.refresh_button)

        self.model = FindingsModel(self)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setColumnWidth(0, 380)
        # "seen 2026-12-04" whole (it was cut to "seen 2026-1…")
        written = QCoreApplication.translate("FindingsModel", "seen {date}").format(
            date="2026-12-04"
        )
        self.tree.setColumnWidth(1, self.tree.fontMetrics().horizontalAdvance(written) + 24)
        self.tree.selectionModel().currentChanged.connect(self._on_current)
        self.tree.doubleClicked.connect(self._on_double_click)
        self.detail = DetailPane()
        self.detail.sig_preview.connect(self.preview)
        self.detail.sig_apply.connect(self.apply)
        self.detail.sig_open.connect(self.sig_open)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.detail)
        self.splitter.setSizes([520, 720])

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.meter_label)
        layout.addWidget(self.cut_view)
        layout.addWidget(self.banner)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.state)
        if service is not None:
            self.refresh()

    # ------------------------------------------------------------ refreshing
    def schedule_refresh(self, changed: Iterable[str] | None = None) -> None:
        """Refresh soon (once for a burst of changes); only Markdown changes count."""
        if self.service is not None:
            self.gate.schedule(changed)

    def on_model(self, state: str, _name: str) -> None:
        """A model finished loading: review again (it finds duplicates said in other
        words, which the review without it leaves out)."""
        if state == "loaded":
            self.schedule_refresh()

    def set_active(self, active: bool) -> None:
        """The page is shown (True) or hidden (False): see :meth:`RefreshGate.set_active`."""
        self.gate.set_active(active)

    def refresh(self) -> None:
        """Review again now (a running review's answer is dropped when it arrives)."""
        generation = self.gate.begin() if self.service is not None else None
        if generation is None:
            return
        self.state.setText(self.tr("Reviewing MEMORY.md…"))
        worker = Worker(run_review, self.service, self.now, with_progress=True)
        worker.signals.sig_cancelled.connect(lambda: self.gate.answered())
        self._runner.start(
            worker,
            on_result=lambda result, g=generation: self._on_loaded(g, result),
            on_error=self._on_error,
        )

    def _on_loaded(self, generation: int, result: Review) -> None:
        if not self.gate.answered(generation):
            return
        report, memory = result.report, result.memory
        self._banner_after_refresh(generation)
        if report is None:
            self._show_unreadable(result.error, result.unreadable)
            self.sig_loaded.emit()
            return
        self._offer_actions(True)
        current = self.detail.finding.id if self.detail.finding is not None else None
        position = self.model.position_of(current) if current else None
        self.report = report
        self.memory_text = memory
        self.model.set_report(report)
        self.tree.expandAll()
        self._show_budget(report)
        self.state.setText(self._summary(report, result.memory_state))
        wanted = self._select_after or current
        self._select_after = None
        index = self.model.index_of(wanted) if wanted else QModelIndex()
        if not index.isValid() and position is not None:
            # the finding acted on is gone: the one that took its place, as in a list of mail
            index = self.model.index_at(*position)
        if not index.isValid():
            index = self.model.first_finding_index()
        self._reselecting = True  # the banner was dealt with above
        try:
            if index.isValid():
                self.tree.selectionModel().setCurrentIndex(
                    index,
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows,
                )
            else:
                self.detail.show_finding(None, self._today())
        finally:
            self._reselecting = False
        if self._banner_plan and self.detail.plan is None:
            self._hide_banner()  # the plan it warned about is gone
        self.sig_loaded.emit()

    def _summary(self, report: HealthReport, memory_state: str) -> str:
        """The line under the list: how many findings, or why there are none."""
        hidden = self.tr(" · {n} kept or snoozed").format(n=report.hidden) if report.hidden else ""
        count = len(report.findings)
        if count == 1:
            return self.tr("1 finding") + hidden
        if count:
            return self.tr("{n} findings").format(n=count) + hidden
        if memory_state == MISSING:
            return self.tr("There is no MEMORY.md in this workspace: nothing to review.") + hidden
        if memory_state == EMPTY:
            return self.tr("MEMORY.md is empty: nothing to review.") + hidden
        if memory_state == NO_ENTRIES:
            return self.tr("MEMORY.md has no entries (“- ” lines): nothing to review.") + hidden
        return self.tr("No findings: MEMORY.md agrees with the notes") + hidden

    def _show_unreadable(self, error: OSError | None, reason: str | None = None) -> None:
        """A file the review needs could not be read (``reason``: why MEMORY.md, which is
        there, cannot be read as text): nothing is listed, nothing is offered that would
        write, and the line under the list says why in a sentence."""
        self._offer_actions(False)
        self.report = None
        self.memory_text = ""
        self.model.set_report(None)
        self.detail.show_finding(None, self._today())
        self.meter.setRange(0, 1)
        self.meter.setValue(0)
        self.meter.setFormat("")
        self.meter_label.clear()
        self.cut_view.clear()
        text = self._unreadable_text(error, reason)
        self.state.setText(text)
        self.detail.reason_label.setText(text)  # not "Select a finding": there is none
        if self._banner_plan:
            self._hide_banner()  # the plan it warned about is gone

    def _offer_actions(self, offered: bool) -> None:
        """Undo, restore from the archive, reopen a kept finding and what is cut: not while
        the review cannot be shown (undo and restore would write to MEMORY.md)."""
        if not offered:
            self.cut_button.setChecked(False)
        for button in (self.cut_button, self.undo_button, self.archive_button, self.kept_button):
            button.setEnabled(offered)

    def _unreadable_text(self, error: OSError | None, reason: str | None = None) -> str:
        name = MEMORY_PATH
        if reason is not None:  # the core's words, as reverie audit says them
            return self.tr("Cannot read {path}: {reason}.").format(path=name, reason=say(reason))
        if error is not None and error.filename and self.service is not None:
            path = Path(str(error.filename))
            try:
                name = path.relative_to(self.service.root).as_posix()
            except ValueError:
                name = path.name or str(path)
        if isinstance(error, PermissionError):
            reason = translate("permission denied")
        elif isinstance(error, IsADirectoryError):
            reason = self.tr("it is a folder")
        elif error is not None and error.strerror:
            reason = error.strerror[:1].lower() + error.strerror[1:]
        else:
            reason = str(error or "") or self.tr("unknown error")
        return self.tr("Cannot read {path}: {reason}.").format(path=name, reason=reason)

    def _on_error(self, message: str, _details: str) -> None:
        if self.gate.closed:
            return
        self.gate.answered()
        self.state.setText(self.tr("Could not review MEMORY.md: {error}").format(error=message))

    def _today(self) -> date:
        if isinstance(self.now, datetime):
            return self.now.date()
        return self.now or date.today()

    def _show_budget(self, report: HealthReport) -> None:
        budget = report.budget
        cap = max(1, budget.effective_max)
        self.meter.setRange(0, cap)
        self.meter.setValue(min(budget.memory_chars, cap))
        self.meter.setFormat(
            self.tr("{chars} of {cap} characters ({percent}%)").format(
                chars=f"{budget.memory_chars:,}",
                cap=f"{budget.effective_max:,}",
                percent=round(100 * budget.ratio),
            )
        )
        warn = budget.truncated or budget.ratio >= NEAR_LIMIT
        self.meter.setStyleSheet("QProgressBar::chunk { background: #c42b1c; }" if warn else "")
        source = phrase_text(budget.config_source_phrase, budget.config_source)
        if budget.truncated and budget.cut_start_line:
            cut = self.tr(
                "A new session does not see lines {start}-{end} ({chars} characters)."
            ).format(
                start=budget.cut_start_line, end=budget.cut_end_line, chars=f"{budget.cut_chars:,}"
            )
            lines = self.memory_text.split("\n")
            self.cut_view.setPlainText(
                "\n".join(
                    f"{n:>5}  {lines[n - 1]}"
                    for n in range(budget.cut_start_line, (budget.cut_end_line or 0) + 1)
                    if n - 1 < len(lines)
                )
            )
        else:
            cut = self.tr("Nothing is cut.")
            self.cut_view.setPlainText(self.tr("A new session sees all of MEMORY.md."))
        promoted = (
            self.tr(" Dreaming's promotions: {chars} characters.").format(
                chars=f"{budget.promoted_chars:,}"
            )
            if budget.promoted_chars
            else ""
        )
        self.meter_label.setText(
            self.tr(
                "Cap {per_file} characters per bootstrap file, {total} in total; other bootstrap "
                "files use {other}. {cut}{promoted} Caps from: {source}."
            ).format(
                per_file=f"{budget.per_file_max:,}",
                total=f"{budget.total_max:,}",
                other=f"{budget.other_bootstrap_chars:,}",
                cut=cut,
                promoted=promoted,
                source=source,
            )
        )

    # ------------------------------------------------------------ the banner
    def _show_banner(self, text: str, refreshing: bool = False, plan: bool = False) -> None:
        """Say ``text`` above the list until another finding is selected or the review is
        refreshed; ``refreshing``: it announces the refresh about to start, and stays
        through it; ``plan``: it is about the previewed plan and stays while the plan
        does."""
        self.banner.setText(text)
        self.banner.show()
        self._banner_generation = self.gate.generation + 1 if refreshing else None
        self._banner_plan = plan

    def _hide_banner(self) -> None:
        self.banner.hide()
        self._banner_generation = None
        self._banner_plan = False

    def _banner_after_refresh(self, generation: int) -> None:
        """A refresh answered: the banner goes unless it announced this refresh (or one
        still to come), or it is about the previewed plan (it goes with the plan when the
        refreshed finding drops it)."""
        if self.banner.isHidden():
            return
        if self._banner_generation is not None and generation <= self._banner_generation:
            if generation == self._banner_generation:
                self._banner_generation = None  # the next refresh hides it
            return
        if not self._banner_plan:
            self._hide_banner()

    # ------------------------------------------------------------ selection
    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        finding = self.model.finding(current)
        if not self._reselecting:
            self._hide_banner()  # it was about the finding the person has left
        self.detail.show_finding(finding, self._today(), self.memory_text)

    def _on_double_click(self, index: QModelIndex) -> None:
        finding = self.model.finding(index)
        if finding is not None:
            self.sig_open.emit(finding.path, finding.start_line)

    def select(self, finding_id: str) -> bool:
        index = self.model.index_of(finding_id)
        if not index.isValid():
            return False
        self.tree.selectionModel().setCurrentIndex(
            index,
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows,
        )
        return True

    # ------------------------------------------------------------ actions
    def preview(self, action: str) -> None:
        finding = self.detail.finding
        if finding is None or self.service is None or self._acting:
            return
        self._plan(finding, action, self._on_planned)

    def _inputs(self, finding: Finding, action: str) -> tuple[str | None, str | None]:
        """The new text and the snooze date the boxes hold now, for ``action``."""
        text = self.detail.text() if action in ("update", "merge") else None
        if action == "merge" and text == box_text(finding):
            text = None  # unchanged: keep the first entry as it is
        return text, self.detail.until() if action == "snooze" else None

    def _plan(self, finding: Finding, action: str, on_result: Callable[[ActionPlan], None]) -> None:
        assert self.service is not None
        text, until = self._inputs(finding, action)
        self._planned_inputs = (text, until)
        self._runner.run(
            plan_action,
            self.service.root,
            finding,
            action,
            text=text,
            reason=self.detail.reason(),
            until=until,
            on_result=on_result,
            on_error=self._on_action_error,
        )

    def _on_planned(self, plan: ActionPlan) -> None:
        if self.gate.closed:
            return
        self._hide_banner()
        self.detail.show_plan(plan)
        if plan.memory_after != plan.memory_before and self.unsaved_memory():
            self._show_banner(
                self.tr(
                    "MEMORY.md has unsaved changes in the editor. Applying writes the file on "
                    "disk; the editor will then offer to merge your changes with it."
                ),
                plan=True,
            )
        self.sig_planned.emit()

    def apply(self) -> None:
        plan = self.detail.plan
        if plan is None or self.service is None or self._acting:
            return
        if self._inputs(plan.finding, plan.action) != self._planned_inputs:
            # the text or the date changed after the preview: show what they would write
            self.preview(plan.action)
            self.state.setText(
                self.tr("The text or the day changed after the preview: check it, then apply.")
            )
            return
        if self.detail.reason() != plan.reason:
            # a reason typed after the preview goes into the archive and the audit log too
            self._acting = True
            self.detail.apply_button.setEnabled(False)
            self._plan(plan.finding, plan.action, self._apply_replanned)
            return
        self._write(plan)

    def _apply_replanned(self, plan: ActionPlan) -> None:
        self._acting = False
        if self.gate.closed:
            return
        self.detail.show_plan(plan)
        self._write(plan)

    def _write(self, plan: ActionPlan) -> None:
        assert self.service is not None
        self._acting = True
        self.detail.apply_button.setEnabled(False)
        self._runner.run(
            apply_action,
            self.service.root,
            plan,
            on_result=self._on_applied,
            on_error=self._on_action_error,
        )

    def undo(self) -> None:
        if self.service is None or self._acting:
            return
        self._acting = True
        self._runner.run(
            undo_last, self.service.root, on_result=self._on_applied, on_error=self._on_undo_error
        )

    def show_archive(self) -> None:
        """List the archived entries (read off the UI thread), then restore the one chosen."""
        if self.service is None or self._acting:
            return
        self._runner.run(
            archived_entries,
            self.service.root,
            on_result=self._on_archive,
            on_error=self._on_action_error,
        )

    def show_decisions(self) -> None:
        """List the keep and snooze decisions in force (read off the UI thread), then reopen
        the one chosen."""
        if self.service is None or self._acting:
            return
        today = self.now.date() if isinstance(self.now, datetime) else self.now
        self._runner.run(
            decisions_in_force,
            self.service.root,
            today,
            on_result=self._on_decisions,
            on_error=self._on_action_error,
        )

    def _on_decisions(self, decisions: list[Decision]) -> None:
        if self.gate.closed or self.service is None:
            return
        self.decisions_dialog = DecisionsDialog(decisions, self)  # tests reach it while open
        try:
            chosen = self._chosen(self.decisions_dialog)
        finally:
            self.decisions_dialog = None
        if chosen is not None:
            self._act_on(reopen, chosen.seq)

    def _on_archive(self, entries: list[ArchivedEntry]) -> None:
        if self.gate.closed or self.service is None:
            return
        self.archive_dialog = ArchiveDialog(entries, self)  # tests reach it while open
        try:
            chosen = self._chosen(self.archive_dialog)
        finally:
            self.archive_dialog = None
        if chosen is not None:
            self._act_on(restore, chosen.seq)

    @staticmethod
    def _chosen(dialog: ChooserDialog[T]) -> T | None:
        """The item chosen in ``dialog`` (run modally), or None when it was closed."""
        if dialog.exec() != ChooserDialog.DialogCode.Accepted:
            return None
        return dialog.chosen

    def _act_on(self, action: Callable[[Path, int], dict[str, Any]], seq: int) -> None:
        """Run ``action`` (restore, reopen) on audit record ``seq`` off the UI thread."""
        if self._acting or self.service is None:
            return
        self._acting = True
        self._runner.run(
            action,
            self.service.root,
            seq,
            on_result=self._on_applied,
            on_error=self._on_action_error,
        )

    def _on_applied(self, record: dict[str, Any]) -> None:
        self._acting = False
        if self.gate.closed:
            return
        self.detail.clear_plan()
        action = record.get("action")
        if action == "undo":
            message = self.tr("Undid action #{n} ({action}).").format(
                n=record.get("undoes"), action=action_name(record.get("undoneAction"))
            )
        elif action == "restore":
            message = self.tr("Restored the entry of action #{n} at line {line} (#{seq}).").format(
                n=record.get("restores"), line=record.get("startLine"), seq=record.get("seq")
            )
            if record.get("headingAdded"):
                message += " " + self.tr(
                    "Its section was gone: it is back at the end, under {heading} again."
                ).format(heading=record["headingAdded"])
            if record.get("replacementLine"):
                message += " " + self.tr(
                    "The text that replaced it is still at line {line}: MEMORY.md now holds both."
                ).format(line=record["replacementLine"])
        elif action in ("keep", "snooze"):
            message = self.tr("Recorded “{action}” (#{n}).").format(
                action=action_name(action), n=record.get("seq")
            )
        else:
            message = self.tr("Done: “{action}” (#{n}); the old text is in {archive}.").format(
                action=action_name(action), n=record.get("seq"), archive=ARCHIVE_PATH.as_posix()
            )
        self._hide_banner()
        self.sig_message.emit(message)
        self.state.setText(message)
        self.sig_applied.emit(record)
        self.refresh()

    def _on_undo_error(self, message: str, details: str) -> None:
        if not _file_changed(details):
            self._on_action_error(message, details)
            return
        self._acting = False
        if self.gate.closed:
            return
        self.detail.clear_plan()
        self._show_banner(
            self.tr(
                "Not undone: {error}. An entry the review moved out can still be brought "
                "back with Archived…"
            ).format(error=message),
            refreshing=True,
        )
        self.refresh()
        self.sig_message.emit(message)

    def _on_action_error(self, message: str, details: str) -> None:
        self._acting = False
        if self.gate.closed:
            return
        self.detail.clear_plan()
        if _file_changed(details):
            # the core's advice is to refresh: done here
            what = re.split(r"[;；]", message, maxsplit=1)[0]
            self._show_banner(
                self.tr(
                    "Not written: {error}. The review was refreshed; look again before acting."
                ).format(error=what),
                refreshing=True,
            )
            self.refresh()
        else:
            self._show_banner(message[:1].upper() + message[1:])  # a sentence on its own
        self.sig_message.emit(message)

    def current_finding(self) -> Finding | None:
        return self.detail.finding

    def close_down(self) -> None:
        """Stop refreshing and wait for running work (before the page goes away)."""
        self.gate.close()
        self._runner.shutdown()


def _file_changed(details: str) -> bool:
    """The worker's error was :class:`FileChanged` (its traceback's last line names it)."""
    last = details.rstrip().rsplit("\n", 1)[-1]
    return last.startswith("FileChanged") or ".FileChanged" in last.split(":", 1)[0]


__all__ = ["FileChanged", "HealthPage"]
