"""One finding in detail: the MEMORY.md entry and its evidence side by side with their
dates, why they were paired, and the actions with a diff preview before anything is
written."""

from __future__ import annotations

import html
from datetime import date, timedelta

from PySide6.QtCore import QDate, Qt, QUrl, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QDateEdit,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...core.health.actions import ActionPlan
from ...core.health.model import BUDGET, DUPLICATE, Finding
from ..phrases import translate
from .action_names import action_name
from .reason_text import reason_text

ACTIONS = ("update", "retire", "merge", "keep", "snooze")


class DetailPane(QWidget):
    """Shows one finding; asks for a preview (``sig_preview``) and then to apply it."""

    sig_preview = Signal(str)
    """The action to preview for the shown finding."""
    sig_apply = Signal()
    """Apply the previewed plan."""
    sig_open = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.finding: Finding | None = None
        self.plan: ActionPlan | None = None
        self.reason_label = QLabel()
        self.reason_label.setWordWrap(True)
        self.reason_label.setTextInteractionFlags(self.reason_label.textInteractionFlags())
        self.entry_title = QLabel()
        self.evidence_title = QLabel(self.tr("Evidence"))
        self.entry_view = QTextBrowser()
        self.evidence_view = QTextBrowser()
        for view in (self.entry_view, self.evidence_view):
            view.setOpenLinks(False)
            view.anchorClicked.connect(self._on_link)
        sides = QGridLayout()
        sides.addWidget(self.entry_title, 0, 0)
        sides.addWidget(self.evidence_title, 0, 1)
        sides.addWidget(self.entry_view, 1, 0)
        sides.addWidget(self.evidence_view, 1, 1)

        self.text_edit = QPlainTextEdit()
        self.text_edit.setPlaceholderText(
            self.tr("New text of the entry (update) or the merged entry (merge)")
        )
        self.text_edit.setMaximumHeight(70)
        self.suggestion_label = QLabel()
        self.suggestion_label.setWordWrap(True)
        self.suggestion_label.setTextFormat(Qt.TextFormat.PlainText)
        self.use_suggestion = QPushButton(self.tr("Use it"))
        self.use_suggestion.setToolTip(
            self.tr("Put the suggested text in the box (check it, then Update…)")
        )
        self.use_suggestion.clicked.connect(self._use_suggestion)
        self.suggestion_row = QWidget()
        suggestion_layout = QHBoxLayout(self.suggestion_row)
        suggestion_layout.setContentsMargins(0, 0, 0, 0)
        suggestion_layout.addWidget(self.suggestion_label, 1)
        suggestion_layout.addWidget(self.use_suggestion)
        self.suggestion_row.setVisible(False)
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText(
            self.tr("Reason (kept in the archive and the audit log)")
        )
        self.until_edit = QDateEdit()
        self.until_edit.setCalendarPopup(True)
        self.until_edit.setDisplayFormat("yyyy-MM-dd")
        self.buttons: dict[str, QPushButton] = {}
        labels = {
            "update": self.tr("Update…"),
            "retire": self.tr("Retire"),
            "merge": self.tr("Merge"),
            "keep": self.tr("Keep"),
            "snooze": self.tr("Snooze until"),
        }
        tips = {
            "update": self.tr(
                "Replace the entry with the text above; the old one goes to the archive"
            ),
            "retire": self.tr("Move the entry out of MEMORY.md into the archive"),
            "merge": self.tr(
                "Keep one entry (the text above, or the first one) and archive the duplicate"
            ),
            "keep": self.tr("The entry is right: hide this finding until its evidence changes"),
            "snooze": self.tr("Hide this finding until the date"),
        }
        row = QHBoxLayout()
        for action in ACTIONS:
            button = QPushButton(labels[action])
            button.setToolTip(tips[action])
            button.clicked.connect(lambda _=False, a=action: self.sig_preview.emit(a))
            self.buttons[action] = button
            row.addWidget(button)
            if action == "snooze":
                row.addWidget(self.until_edit)
        row.addStretch(1)

        self.diff_view = QPlainTextEdit()
        self.diff_view.setReadOnly(True)
        self.diff_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.diff_view.setPlaceholderText(self.tr("Pick an action to see exactly what changes"))
        self.apply_button = QPushButton(self.tr("Apply"))
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.sig_apply)
        self.plan_label = QLabel()
        apply_row = QHBoxLayout()
        apply_row.addWidget(self.plan_label, 1)
        apply_row.addWidget(self.apply_button)

        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.reason_label)
        layout.addLayout(sides, 2)
        layout.addWidget(line)
        layout.addWidget(self.suggestion_row)
        layout.addWidget(self.text_edit)
        layout.addWidget(self.reason_edit)
        layout.addLayout(row)
        layout.addWidget(self.diff_view, 2)
        layout.addLayout(apply_row)
        self.show_finding(None)

    # ------------------------------------------------------------ showing
    def show_finding(
        self, finding: Finding | None, today: date | None = None, memory: str | None = None
    ) -> None:
        """``memory``: the MEMORY.md text the finding was found in (a plan made before it
        stays when that text only grew at its end)."""
        same = finding is not None and self.finding is not None and finding.id == self.finding.id
        # the same finding again (the review refreshed after some file changed): what the
        # person typed in the box stays
        typed = self.text_edit.toPlainText() if same else None
        if typed is not None and self.finding is not None and typed == box_text(self.finding):
            typed = None
        if not same:
            self.reason_edit.clear()  # a reason is for the finding it was typed for
        # the same entry where it was (an agent appended lines, the review refreshed): the
        # planned action still holds, and applying it keeps the appended lines
        kept = (
            same
            and self.plan is not None
            and memory is not None
            and memory.startswith(self.plan.memory_before)
            and finding is not None
            and self.finding is not None
            and (finding.start_line, finding.raw) == (self.finding.start_line, self.finding.raw)
        )
        self.finding = finding
        if not kept:
            self.clear_plan()
        enabled = finding is not None
        for action, button in self.buttons.items():
            allowed = enabled
            if finding is not None and finding.kind == BUDGET:
                allowed = action in ("keep", "snooze")
            if finding is not None and action == "merge":
                allowed = finding.kind == DUPLICATE
            button.setEnabled(allowed)
        self.text_edit.setEnabled(enabled and finding is not None and finding.kind != BUDGET)
        self.reason_edit.setEnabled(enabled)
        until = (today or date.today()) + timedelta(days=14)
        first = (today or date.today()) + timedelta(days=1)  # an earlier day hides nothing
        self.until_edit.setMinimumDate(QDate(first.year, first.month, first.day))
        self.until_edit.setDate(QDate(until.year, until.month, until.day))
        if finding is None:
            self.reason_label.setText(self.tr("Select a finding to see both sides and act on it."))
            self.entry_title.setText(self.tr("In MEMORY.md"))
            self.entry_view.clear()
            self.evidence_view.clear()
            self.text_edit.clear()
            self.suggestion_row.setVisible(False)
            return
        self.reason_label.setText(reason_text(finding))
        span = (
            str(finding.start_line)
            if finding.start_line == finding.end_line
            else f"{finding.start_line}-{finding.end_line}"
        )
        written = (
            self.tr("written {date} ({how})").format(
                date=finding.entry_date, how=translate(finding.entry_date_source or "")
            )
            if finding.entry_date
            else self.tr("date unknown")
        )
        self.entry_title.setText(
            self.tr("MEMORY.md line {line} · {written}").format(line=span, written=written)
        )
        body = finding.raw or finding.text
        self.entry_view.setHtml(
            f'<p><a href="open:{html.escape(finding.path)}:{finding.start_line}">'
            f"{html.escape(finding.path)}:{span}</a></p><pre style='white-space:pre-wrap'>"
            f"{html.escape(body)}</pre>"
        )
        if finding.evidence:
            parts = []
            for ref in finding.evidence:
                when = html.escape(ref.date or self.tr("undated"))
                parts.append(
                    f'<p><b>{when}</b> · <a href="open:{html.escape(ref.path)}:{ref.start_line}">'
                    f"{html.escape(ref.path)}:{ref.start_line}</a><br>{html.escape(ref.text)}</p>"
                )
            self.evidence_view.setHtml("".join(parts))
        else:
            self.evidence_view.setPlainText(
                self.tr("No other line: the finding is about the entry itself.")
            )
        self.text_edit.setPlainText(box_text(finding) if typed is None else typed)
        # the newer line's value in the entry's words: offered, never filled in unasked (it
        # is read from the line and can be the wrong one of its values)
        self.suggestion_label.setText(
            self.tr("Suggested from the newer line: {text}").format(text=finding.suggestion)
        )
        self.suggestion_row.setVisible(bool(finding.suggestion))

    def _use_suggestion(self) -> None:
        if self.finding is not None and self.finding.suggestion:
            self.text_edit.setPlainText(self.finding.suggestion)
            self.text_edit.setFocus()

    def clear_plan(self) -> None:
        self.plan = None
        self.diff_view.clear()
        self.plan_label.clear()
        self.apply_button.setEnabled(False)

    def show_plan(self, plan: ActionPlan) -> None:
        self.plan = plan
        diff = plan.diff
        if not diff and plan.until:
            diff = self.tr(
                "MEMORY.md does not change: the finding is hidden until {day}, then shows "
                "again; the decision is recorded in the audit log."
            ).format(day=plan.until)
        elif not diff:
            diff = self.tr("MEMORY.md does not change: the decision is recorded in the audit log.")
        self.diff_view.setPlainText(diff)
        self.plan_label.setText(
            self.tr("Preview of “{action}”: apply to write it").format(
                action=action_name(plan.action)
            )
        )
        self.apply_button.setEnabled(True)
        self.apply_button.setFocus()

    # ------------------------------------------------------------ inputs
    def text(self) -> str | None:
        value = self.text_edit.toPlainText().strip()
        return value or None

    def reason(self) -> str | None:
        value = self.reason_edit.text().strip()
        return value or None

    def until(self) -> str:
        return self.until_edit.date().toString("yyyy-MM-dd")

    def _on_link(self, url: QUrl) -> None:
        text = url.toString()
        if not text.startswith("open:"):
            return
        path, _, line = text[len("open:") :].rpartition(":")
        self.sig_open.emit(path, int(line) if line.isdigit() else 1)


def monospace() -> QFont:
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)


def box_text(finding: Finding) -> str:
    """What the text box starts from for ``finding``: the entry's text; for a duplicate, the
    text of the entry it repeats, which a merge keeps (a budget finding has no entry to
    rewrite)."""
    if finding.kind == BUDGET:
        return ""
    if finding.kind == DUPLICATE and finding.evidence:
        return finding.evidence[0].text
    return finding.text
