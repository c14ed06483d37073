"""The detail of one candidate: why it scored what it scored, its source lines with
context, its recall history, the nearest MEMORY.md entries, and the diff approval writes."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QUrl, Signal
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from reverie.core.context import memory_cap_check
from reverie.core.dreaming.approval import memory_after
from reverie.core.dreaming.engine import Candidate
from reverie.core.dreaming.scoring import WEIGHT_NAMES
from reverie.core.dreaming.series import display_tags
from reverie.core.dreaming.snapshot import Snapshot
from reverie.gui.dashboard.approval_preview import diff_html
from reverie.gui.dashboard.candidates_model import (
    component_label,
    decision_label,
    decision_of,
    gate_label,
    where,
)
from reverie.gui.dashboard.recall_timeline import RecallTimeline
from reverie.gui.dashboard.score_bar_delegate import COMPONENT_COLORS

CONFLICT_REASONS = (
    QT_TRANSLATE_NOOP("DetailPane", "different dates"),
    QT_TRANSLATE_NOOP("DetailPane", "different numbers"),
    QT_TRANSLATE_NOOP("DetailPane", "one of them is negated"),
)
"""Why a candidate may conflict with an entry (``dreaming/review.py``'s
``conflict_reason``), for the catalog."""


def _gate_threshold(name: str, snap: Snapshot) -> str:
    t = snap.thresholds
    translate = QCoreApplication.translate
    if name == "recallCount":
        return translate("DetailPane", " (≥ {n} signals)").format(n=t.min_recall_count)
    if name == "uniqueQueries":
        return translate("DetailPane", " (≥ {n} queries or days)").format(n=t.min_unique_queries)
    if name == "maxAge":
        return translate("DetailPane", " (≤ {n} days old)").format(n=t.max_age_days)
    if name == "score" and t.min_score is not None:
        return f" (≥ {t.min_score:.2f})"
    return ""


def candidate_html(cand: Candidate, snap: Snapshot, preview: str) -> str:
    """The detail pane's HTML for one candidate."""
    e = html.escape
    translate = QCoreApplication.translate
    w_component = translate("DetailPane", "component")
    w_value = translate("DetailPane", "value")
    w_weight = translate("DetailPane", "× weight")
    w_adds = translate("DetailPane", "= adds")
    w_boost = translate("DetailPane", "phase boost")
    w_score = translate("DetailPane", "score")
    w_gates = translate("DetailPane", "Gates")
    w_present = translate("DetailPane", "already present")
    w_conflict = translate("DetailPane", "may conflict")
    decision = translate("DetailPane", "decision: <b>{decision}</b>").format(
        decision=e(decision_label(decision_of(cand)))
    )
    promoted = translate("DetailPane", " · promoted {when}").format(when=e(cand.promoted_at or ""))
    resurfaced = translate("DetailPane", " · <b>resurfaced</b> (evidence grew since rejection)")
    head = (
        f"<tr><th align='left'>{w_component}</th><th>{w_value}</th>"
        f"<th>{w_weight}</th><th>{w_adds}</th></tr>"
    )
    parts = [
        f"<h3 style='margin:2px 0'>{e(where(cand))}</h3>",
        f"<div style='color:#555'>{e(cand.key)} · {decision}"
        + (promoted if cand.promoted_at else "")
        + (resurfaced if cand.resurfaced else "")
        + "</div>",
        "<h4 style='margin:6px 0 2px'>{}</h4>".format(translate("DetailPane", "Why this score")),
        f"<table cellspacing='0' cellpadding='2'>{head}",
    ]
    for name in WEIGHT_NAMES:
        value = float(cand.components.get(name, 0.0))
        weight = float(cand.weights.get(name, 0.0))
        parts.append(
            f"<tr><td><span style='color:{COMPONENT_COLORS[name]}'>■</span> {e(component_label(name))}</td>"
            f"<td align='right'>{value:.3f}</td><td align='right'>{weight:.2f}</td>"
            f"<td align='right'>{value * weight:.3f}</td></tr>"
        )
    parts.append(
        f"<tr><td><span style='color:{COMPONENT_COLORS['boost']}'>■</span> "
        f"{w_boost}</td>"
        f"<td></td><td></td><td align='right'>{cand.phase_boost:.3f}</td></tr>"
        f"<tr><td><b>{w_score}</b></td><td></td><td></td>"
        f"<td align='right'><b>{cand.score:.3f}</b></td></tr></table>"
    )
    stats = translate(
        "DetailPane",
        "{signals} signals ({recall} recall, {daily} daily, {grounded} grounded) · "
        "{queries} unique queries · {days} days · last recalled {age} days ago · "
        "avg {avg}, max {max}",
    ).format(
        signals=cand.signal_count,
        recall=cand.recall_count,
        daily=cand.daily_count,
        grounded=cand.grounded_count,
        queries=cand.unique_queries,
        days=len(cand.recall_days),
        age=f"{cand.age_days:.1f}",
        avg=f"{cand.avg_score:.3f}",
        max=f"{cand.max_score:.3f}",
    )
    parts.append(f"<div>{stats}</div>")
    gates = " ".join(
        f"<span style='color:{'#1b7f3b' if ok else '#b3261e'}'>{'✓' if ok else '✗'} "
        f"{e(gate_label(n))}{e(_gate_threshold(n, snap))}</span>&nbsp;"
        for n, ok in cand.gates.items()
    )
    parts.append(f"<h4 style='margin:6px 0 2px'>{w_gates}</h4><div>{gates}</div>")
    if cand.blocked_reason:
        blocked = translate("DetailPane", "Not promotable: {reason}").format(
            reason=e(cand.blocked_reason)
        )
        parts.append(f"<div style='color:#b3261e'>{blocked}</div>")
    if display_tags(cand.concept_tags):
        tags = translate("DetailPane", "tags: {tags}").format(
            tags=e(", ".join(display_tags(cand.concept_tags)))
        )
        parts.append(f"<div style='color:#555'>{tags}</div>")
    source = translate("DetailPane", "Source (click a line to open it)")
    parts.append(f"<h4 style='margin:6px 0 2px'>{source}</h4>")
    if cand.context:
        rows = []
        for line in cand.context:
            style = "background:#fff8c5" if line.in_range else "color:#777"
            href = f"open:{cand.path}:{line.number}"
            rows.append(
                f"<div style='{style}'><a href='{e(href)}' style='color:#777;text-decoration:none'>"
                f"{line.number:>4}</a>  {e(line.text) or '&nbsp;'}</div>"
            )
        parts.append(
            "<div style='font-family:monospace;white-space:pre-wrap'>" + "".join(rows) + "</div>"
        )
    else:
        parts.append(f"<div><i>{e(cand.snippet)}</i></div>")
    nearest = translate("DetailPane", "Nearest MEMORY.md entries")
    parts.append(f"<h4 style='margin:6px 0 2px'>{nearest}</h4>")
    if cand.nearest:
        items = []
        for n in cand.nearest:
            flag = ""
            if n.flag == "already present":
                flag = f"<b style='color:#8a6d00'>{w_present}</b> "
            elif n.flag == "may conflict":
                why = f" ({e(translate('DetailPane', n.why))})" if n.why else ""
                flag = f"<b style='color:#b3261e'>{w_conflict}{why}</b> "
            vector = (
                translate("DetailPane", ", vector {score}").format(score=f"{n.vector:.2f}")
                if n.vector is not None
                else ""
            )
            line = translate("DetailPane", "line {n}: {text}").format(n=n.line, text=e(n.text))
            lexical = translate("DetailPane", "(lexical {score}{vector})").format(
                score=f"{n.lexical:.2f}", vector=vector
            )
            items.append(f"<li>{flag}{line} <span style='color:#777'>{lexical}</span></li>")
        parts.append("<ul style='margin:0'>" + "".join(items) + "</ul>")
    else:
        nothing = translate("DetailPane", "nothing similar in MEMORY.md")
        parts.append(f"<div style='color:#777'>{nothing}</div>")
    would = translate("DetailPane", "Approval would write")
    parts.append(f"<h4 style='margin:6px 0 2px'>{would}</h4>")
    parts.append(preview)
    return "".join(parts)


class DetailPane(QWidget):
    """Shows one candidate; emits ``sig_open_file(path, line)`` when a source line is clicked."""

    sig_open_file = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.timeline_label = QLabel(self.tr("Recall history"))
        self.timeline = RecallTimeline()
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._on_browser_anchor)
        layout.addWidget(self.timeline_label)
        layout.addWidget(self.timeline)
        layout.addWidget(self.browser, 1)
        self.candidate: Candidate | None = None
        self.style = "reverie"
        """How approvals are written (``reverie`` or ``openclaw``), for the preview."""
        self.show_candidate(None, None)

    def show_candidate(self, cand: Candidate | None, snap: Snapshot | None) -> None:
        self.candidate = cand
        if cand is None or snap is None:
            self.timeline.set_events((), "1970-01-01", None)
            self.timeline_label.setText(self.tr("Recall history"))
            hint = self.tr(
                "Pick a candidate to see why it scored what it scored and what approving it "
                "would write."
            )
            if snap is not None and snap.error:
                hint = ""  # the page's error line says why nothing is listed
            elif snap is not None and not snap.candidates:
                hint = self.tr(
                    "No promotion candidates yet. A candidate is a passage of a daily note "
                    "that searches keep finding: every memory_search an agent makes, and "
                    "every search confirmed with Enter while “Record recalls” is on in the "
                    "search pane, is counted in the recall ledger. The Phases tab runs the "
                    "light, REM and deep phases over it."
                )
            self.browser.setHtml(f"<p style='color:#777'>{hint}</p>" if hint else "")
            return
        self.timeline.set_events(cand.recall_history, snap.today, snap.timezone)
        queries = sorted({e.query for e in cand.recall_history})
        self.timeline_label.setText(
            self.tr("Recall history: {searches} searches, {queries} distinct queries").format(
                searches=len(cand.recall_history), queries=len(queries)
            )
        )
        self.timeline.setToolTip("\n".join(queries[:20]))
        if cand.promoted_at or not cand.located:
            nothing = self.tr("Nothing: this candidate is already promoted or cannot be located.")
            preview = f"<i>{nothing}</i>"
        else:
            after = memory_after(
                snap.memory_text, [cand], snap.now_ms, snap.timezone, style=self.style
            )
            preview = self._cap_warning(snap.root, after) + diff_html(snap.memory_text, after)
        self.browser.setHtml(candidate_html(cand, snap, preview))

    def _cap_warning(self, root: Path, after: str) -> str:
        """A red line when approving pushes MEMORY.md over (or near) its injection cap."""
        check = memory_cap_check(root, after)
        if check.after_level == "over":
            text = self.tr(
                "Approving this makes MEMORY.md {chars} characters, over the {cap} that "
                "OpenClaw injects at session start: the agent will not see {cut} characters."
            ).format(
                chars=f"{check.after_chars:,}", cap=f"{check.cap:,}", cut=f"{check.cut_after:,}"
            )
        elif check.after_level == "near":
            text = self.tr(
                "Approving this makes MEMORY.md {chars} characters, {pct}% of the {cap} that "
                "OpenClaw injects at session start."
            ).format(
                chars=f"{check.after_chars:,}",
                pct=check.after_chars * 100 // max(1, check.cap),
                cap=f"{check.cap:,}",
            )
        else:
            return ""
        return f"<p style='color:#c82828'><b>{html.escape(text)}</b></p>"

    def _on_browser_anchor(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("open:"):
            path, _, line = text[5:].rpartition(":")
            self.sig_open_file.emit(path, int(line) if line.isdigit() else 1)
