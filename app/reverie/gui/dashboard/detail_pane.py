"""The detail of one candidate: why it scored what it scored, its source lines with
context, its recall history, the nearest MEMORY.md entries, and the diff approval writes."""

from __future__ import annotations

import html

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWidget

from reverie.core.dreaming.engine import Candidate
from reverie.core.dreaming.scoring import WEIGHT_NAMES
from reverie.gui.dashboard.approval_preview import diff_html, memory_after
from reverie.gui.dashboard.candidates_model import GATE_LABELS, decision_of, where
from reverie.gui.dashboard.recall_timeline import RecallTimeline
from reverie.gui.dashboard.score_bar_delegate import COMPONENT_COLORS
from reverie.gui.dashboard.snapshot import Snapshot


def _gate_threshold(name: str, snap: Snapshot) -> str:
    t = snap.thresholds
    return {
        "recallCount": f" (≥ {t.min_recall_count} signals)",
        "uniqueQueries": f" (≥ {t.min_unique_queries} queries or days)",
        "maxAge": f" (≤ {t.max_age_days} days old)",
        "score": f" (≥ {t.min_score:.2f})" if t.min_score is not None else "",
    }.get(name, "")


def candidate_html(cand: Candidate, snap: Snapshot, preview: str) -> str:
    """The detail pane's HTML for one candidate."""
    e = html.escape
    parts = [
        f"<h3 style='margin:2px 0'>{e(where(cand))}</h3>",
        f"<div style='color:#555'>{e(cand.key)} · decision: <b>{e(decision_of(cand))}</b>"
        + (f" · promoted {e(cand.promoted_at)}" if cand.promoted_at else "")
        + (" · <b>resurfaced</b> (evidence grew since rejection)" if cand.resurfaced else "")
        + "</div>",
        "<h4 style='margin:6px 0 2px'>Why this score</h4>",
        "<table cellspacing='0' cellpadding='2'>"
        "<tr><th align='left'>component</th><th>value</th><th>× weight</th><th>= adds</th></tr>",
    ]
    for name in WEIGHT_NAMES:
        value = float(cand.components.get(name, 0.0))
        weight = float(cand.weights.get(name, 0.0))
        parts.append(
            f"<tr><td><span style='color:{COMPONENT_COLORS[name]}'>■</span> {name}</td>"
            f"<td align='right'>{value:.3f}</td><td align='right'>{weight:.2f}</td>"
            f"<td align='right'>{value * weight:.3f}</td></tr>"
        )
    parts.append(
        f"<tr><td><span style='color:{COMPONENT_COLORS['boost']}'>■</span> phase boost</td>"
        f"<td></td><td></td><td align='right'>{cand.phase_boost:.3f}</td></tr>"
        f"<tr><td><b>score</b></td><td></td><td></td><td align='right'><b>{cand.score:.3f}</b>"
        f"</td></tr></table>"
    )
    parts.append(
        f"<div>{cand.signal_count} signals ({cand.recall_count} recall, {cand.daily_count} daily, "
        f"{cand.grounded_count} grounded) · {cand.unique_queries} unique queries · "
        f"{len(cand.recall_days)} days · last recalled {cand.age_days:.1f} days ago · "
        f"avg {cand.avg_score:.3f}, max {cand.max_score:.3f}</div>"
    )
    gates = " ".join(
        f"<span style='color:{'#1b7f3b' if ok else '#b3261e'}'>{'✓' if ok else '✗'} "
        f"{e(GATE_LABELS.get(n, n))}{e(_gate_threshold(n, snap))}</span>&nbsp;"
        for n, ok in cand.gates.items()
    )
    parts.append(f"<h4 style='margin:6px 0 2px'>Gates</h4><div>{gates}</div>")
    if cand.blocked_reason:
        parts.append(f"<div style='color:#b3261e'>Not promotable: {e(cand.blocked_reason)}</div>")
    if cand.concept_tags:
        parts.append(f"<div style='color:#555'>tags: {e(', '.join(cand.concept_tags))}</div>")
    parts.append("<h4 style='margin:6px 0 2px'>Source (click a line to open it)</h4>")
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
    parts.append("<h4 style='margin:6px 0 2px'>Nearest MEMORY.md entries</h4>")
    if cand.nearest:
        items = []
        for n in cand.nearest:
            flag = ""
            if n.flag == "already present":
                flag = "<b style='color:#8a6d00'>already present</b> "
            elif n.flag == "may conflict":
                why = f" ({e(n.why)})" if n.why else ""
                flag = f"<b style='color:#b3261e'>may conflict{why}</b> "
            vector = f", vector {n.vector:.2f}" if n.vector is not None else ""
            items.append(
                f"<li>{flag}line {n.line}: {e(n.text)} "
                f"<span style='color:#777'>(lexical {n.lexical:.2f}{vector})</span></li>"
            )
        parts.append("<ul style='margin:0'>" + "".join(items) + "</ul>")
    else:
        parts.append("<div style='color:#777'>nothing similar in MEMORY.md</div>")
    parts.append("<h4 style='margin:6px 0 2px'>Approval would write</h4>")
    parts.append(preview)
    return "".join(parts)


class DetailPane(QWidget):
    """Shows one candidate; emits ``sig_open_file(path, line)`` when a source line is clicked."""

    sig_open_file = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.timeline_label = QLabel("Recall history")
        self.timeline = RecallTimeline()
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._on_browser_anchor)
        layout.addWidget(self.timeline_label)
        layout.addWidget(self.timeline)
        layout.addWidget(self.browser, 1)
        self.candidate: Candidate | None = None
        self.show_candidate(None, None)

    def show_candidate(self, cand: Candidate | None, snap: Snapshot | None) -> None:
        self.candidate = cand
        if cand is None or snap is None:
            self.timeline.set_events((), "1970-01-01", None)
            self.browser.setHtml(
                "<p style='color:#777'>Pick a candidate to see why it scored what it "
                "scored and what approving it would write.</p>"
            )
            return
        self.timeline.set_events(cand.recall_history, snap.today, snap.timezone)
        queries = sorted({e.query for e in cand.recall_history})
        self.timeline_label.setText(
            f"Recall history: {len(cand.recall_history)} searches, {len(queries)} distinct queries"
        )
        self.timeline.setToolTip("\n".join(queries[:20]))
        if cand.promoted_at or not cand.located:
            preview = "<i>Nothing: this candidate is already promoted or cannot be located.</i>"
        else:
            after = memory_after(snap.memory_text, [cand], snap.now_ms, snap.timezone)
            preview = diff_html(snap.memory_text, after)
        self.browser.setHtml(candidate_html(cand, snap, preview))

    def _on_browser_anchor(self, url: QUrl) -> None:
        text = url.toString()
        if text.startswith("open:"):
            path, _, line = text[5:].rpartition(":")
            self.sig_open_file.emit(path, int(line) if line.isdigit() else 1)
