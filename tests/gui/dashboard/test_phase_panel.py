"""The phase panel's report: what a preview or run of a dreaming phase did, in words."""

from __future__ import annotations

from reverie.core.dreaming.engine import PhaseReport
from reverie.core.dreaming.ingest import IngestResult
from reverie.gui.dashboard.phase_panel import PhasePanel


def test_the_report_says_what_was_ingested_in_words(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = PhasePanel()
    qtbot.addWidget(panel)
    report = PhaseReport(
        "light",
        True,
        ingested=(
            IngestResult(
                files_scanned=("memory/2026-12-03.md", "memory/2026-12-04.md"),
                signals=(("memory/2026-12-03.md", 3, 3, "a"), ("memory/2026-12-04.md", 5, 5, "b")),
                phase="light",
            ),
            IngestResult(source="transcripts", phase="light"),  # nothing new: not listed
        ),
    )
    panel.show_report(report)
    text = panel.output.toPlainText()
    assert "2 signal(s) from 2 daily note(s)" in text
    assert "IngestResult" not in text and "transcript" not in text
