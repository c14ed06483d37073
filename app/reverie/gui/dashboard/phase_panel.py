"""Phase status (last light / REM / deep run, what it produced, the timezone) with
preview-then-run buttons, and the DREAMS.md reader."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from reverie.core.dreaming.engine import PhaseReport
from reverie.core.dreaming.snapshot import PHASES, Snapshot

TITLES = {
    "light": QT_TRANSLATE_NOOP("PhasePanel", "Light"),
    "rem": QT_TRANSLATE_NOOP("PhasePanel", "REM"),
    "deep": QT_TRANSLATE_NOOP("PhasePanel", "Deep"),
}
"""Phase titles (English source text; shown translated)."""
PHASE_NAMES = {
    "light": QT_TRANSLATE_NOOP("PhasePanel", "light"),
    "rem": QT_TRANSLATE_NOOP("PhasePanel", "rem"),
    "deep": QT_TRANSLATE_NOOP("PhasePanel", "deep"),
}
"""Phase names in running text (English source text; use :func:`phase_label`)."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("PhasePanel", text)


def phase_label(phase: str) -> str:
    """The translated name of a phase in running text (``light``, ``rem``, ``deep``)."""
    return _tr(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase


def produced(snap: Snapshot, phase: str) -> str:
    """One line saying what the last run of ``phase`` produced."""
    translate = QCoreApplication.translate
    run = snap.phase_runs.get(phase)
    if run is None or (run.timestamp is None and run.report_text is None):
        return translate("PhasePanel", "never run")
    text = run.report_text or ""
    if phase == "light":
        staged = sum(1 for line in text.splitlines() if line.startswith("- Candidate:"))
        what = (
            translate("PhasePanel", "{n} staged").format(n=staged)
            if text
            else translate("PhasePanel", "{n} lines (report not here)").format(
                n=run.line_count or 0
            )
        )
    elif phase == "rem":
        themes = sum(1 for line in text.splitlines() if line.startswith("- Theme:"))
        truths = text.split("### Possible Lasting Truths", 1)[-1] if text else ""
        count = sum(
            1 for line in truths.splitlines() if line.startswith("- ") and "No strong" not in line
        )
        what = (
            translate("PhasePanel", "{themes} themes, {truths} lasting truths").format(
                themes=themes, truths=count
            )
            if text
            else translate("PhasePanel", "report not here")
        )
    else:
        what = "; ".join(line.lstrip("- ") for line in text.splitlines()) or translate(
            "PhasePanel", "no block"
        )
    when = run.timestamp or translate("PhasePanel", "unknown time")
    return f"{when}: {what}"


class PhasePanel(QWidget):
    """Emits ``sig_preview(phase)`` and ``sig_run(phase)``; shows reports and progress."""

    sig_preview = Signal(str)
    sig_run = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        status = QGroupBox(self.tr("Dreaming phases"))
        grid = QGridLayout(status)
        self.timezone = QLabel()
        grid.addWidget(self.timezone, 0, 0, 1, 2)
        self.labels: dict[str, QLabel] = {}
        for row, phase in enumerate(PHASES, start=1):
            grid.addWidget(QLabel(f"<b>{_tr(TITLES[phase])}</b>"), row, 0)
            label = QLabel(self.tr("never run"))
            label.setWordWrap(True)
            self.labels[phase] = label
            grid.addWidget(label, row, 1)
        grid.setColumnStretch(1, 1)
        controls = QHBoxLayout()
        self.phase = QComboBox()
        for phase in PHASES:
            self.phase.addItem(phase_label(phase), phase)
        self.preview_button = QPushButton(self.tr("Preview"))
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setTextVisible(False)
        self.progress.setMaximumWidth(120)
        controls.addWidget(self.phase)
        controls.addWidget(self.preview_button)
        controls.addWidget(self.run_button)
        controls.addWidget(self.progress)
        controls.addStretch(1)
        self.output = QPlainTextEdit()
        self.output.setReadOnly(True)
        self.output.setPlaceholderText(self.tr("Preview a phase to see what it would write."))
        self.dreams = QTextBrowser()
        layout = QVBoxLayout(self)
        layout.addWidget(status)
        layout.addLayout(controls)
        layout.addWidget(self.output, 1)
        layout.addWidget(QLabel(self.tr("<b>DREAMS.md</b> and the latest phase reports")))
        layout.addWidget(self.dreams, 2)
        self.previewed: str | None = None
        self.preview_button.clicked.connect(self._on_preview_clicked)
        self.run_button.clicked.connect(self._on_run_clicked)
        self.phase.currentTextChanged.connect(self._on_phase_changed)

    def show_snapshot(self, snap: Snapshot) -> None:
        zone = snap.timezone or self.tr("host local time")
        self.timezone.setText(
            self.tr("Timezone: <b>{zone}</b> · today is {today}").format(
                zone=zone, today=snap.today
            )
        )
        for phase in PHASES:
            self.labels[phase].setText(produced(snap, phase))
        parts = [snap.dreams_text.strip() or self.tr("*No DREAMS.md in this workspace yet.*")]
        for phase in ("light", "rem"):
            run = snap.phase_runs.get(phase)
            if run is not None and run.report_text:
                parts.append(f"---\n\n*{run.report_path}*\n\n{run.report_text.strip()}")
        markdown = "\n\n".join(parts).replace("<!--", "&lt;!--")
        self.dreams.setMarkdown(markdown)

    def busy(self, on: bool) -> None:
        self.progress.setRange(0, 0 if on else 1)
        self.preview_button.setEnabled(not on)
        self.run_button.setEnabled(not on and self.previewed == self.current_phase())

    def show_report(self, report: PhaseReport) -> None:
        title = self.tr("Preview of {phase}:") if report.dry_run else self.tr("Ran {phase}:")
        lines = [title.format(phase=phase_label(report.phase))]
        for ingest in report.ingested:
            if not (ingest.files_scanned or ingest.signals):
                continue  # nothing new since the last sweep
            files = len(ingest.files_scanned)
            lines.append(
                "  "
                + (
                    self.tr("{phase}: {signals} signal(s) from {files} daily note(s)")
                    if ingest.source == "daily"
                    else self.tr("{phase}: {signals} signal(s) from {files} transcript(s)")
                ).format(
                    phase=phase_label(ingest.phase or report.phase),
                    signals=len(ingest.signals),
                    files=files,
                )
            )
        for out in report.outputs:
            where = out.report_path or out.inline_path or self.tr("(nowhere)")
            lines.append(f"  {out.phase} → {where}")
            lines += [f"    {line}" for line in out.body]
        if report.deep_lines:
            lines += [f"  {line}" for line in report.deep_lines]
        if report.phase == "deep":
            lines.append(
                "  "
                + self.tr("{n} candidate(s) ranked; MEMORY.md is not written.").format(
                    n=len(report.ranked)
                )
            )
        self.output.setPlainText("\n".join(lines))
        self.previewed = report.phase if report.dry_run else None
        self.busy(False)

    def current_phase(self) -> str:
        """The chosen phase's name (``light``, ``rem`` or ``deep``)."""
        return str(self.phase.currentData() or self.phase.currentText())

    def _on_preview_clicked(self) -> None:
        self.sig_preview.emit(self.current_phase())

    def _on_run_clicked(self) -> None:
        self.sig_run.emit(self.current_phase())

    def _on_phase_changed(self, _phase: str) -> None:
        self.run_button.setEnabled(False)
