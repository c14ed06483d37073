"""The candidates model passes qtmodeltester; charts filter the table; what-if re-gates
without writing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from reverie.core.dreaming import ledger
from reverie.core.dreaming.series import ledger_growth, score_histogram, signals_per_day
from reverie.gui.dashboard.candidates_model import (
    COL_BARS,
    COL_GATES,
    CandidatesFilter,
    CandidatesModel,
    ContributionRole,
    Contributions,
)
from tests.gui.dashboard.conftest import BACKUP_KEY, LAMBDA_KEY, MEMORY, VLAN_KEY


def test_models_pass_the_model_tester(qtmodeltester: Any, dashboard: Any) -> None:
    model = CandidatesModel()
    snap = dashboard.snapshot
    model.set_candidates(snap.candidates, snap.weights, 0.8)
    qtmodeltester.check(model)
    proxy = CandidatesFilter()
    proxy.setSourceModel(model)
    proxy.set_filters(gate_state="Passing")
    qtmodeltester.check(proxy)
    assert proxy.rowCount() == 2
    qtmodeltester.check(dashboard.proxy)


def test_score_bars_stack_weighted_components(dashboard: Any) -> None:
    model = dashboard.model
    row = model.row_of(VLAN_KEY)
    bars = model.data(model.index(row, COL_BARS), ContributionRole)
    assert isinstance(bars, Contributions)
    cand = model.candidate(row)
    assert abs(sum(v for _, v in bars.parts) + bars.boost - cand.score) < 1e-9
    assert bars.min_score == 0.8
    assert model.data(model.index(row, COL_GATES)) == "✓ passes"
    lam = model.row_of(LAMBDA_KEY)
    assert model.data(model.index(lam, COL_GATES)).startswith("✗ ")


def test_series_from_the_ledger(dashboard: Any) -> None:
    snap = dashboard.snapshot
    daily = signals_per_day(snap.events, snap.entries, "UTC")
    assert daily.days == tuple(f"2026-04-0{d}" for d in range(1, 7))
    assert daily.counts["recall"] == (2, 2, 2, 2, 2, 3)
    assert set(daily.counts["daily"]) == {0}
    hist = score_histogram(snap.candidates, {})
    assert sum(hist.passing) == 2 and sum(hist.failing) == 1
    growth = ledger_growth(snap.entries, "UTC")
    assert growth.entries[-1] == 3 and growth.promoted[-1] == 0


def test_clicking_charts_filters_the_table(dashboard: Any) -> None:
    signals, hist, tags, scatter, growth = dashboard.charts
    signals.select_day(5)  # 2026-04-06: all three were recalled that day
    assert dashboard.proxy.rowCount() == 3
    signals.select_day(0)
    assert dashboard.proxy.rowCount() == 2
    assert not dashboard.chart_chip.isHidden()
    assert "2026-04-01" in dashboard.chart_chip.text()
    dashboard.chart_chip.click()
    assert dashboard.proxy.rowCount() == 3
    index = next(i for i, n in enumerate(hist.hist.failing) if n)
    hist.select_bin(index)
    assert [dashboard.proxy.index(r, 0).data() for r in range(dashboard.proxy.rowCount())] == [
        LAMBDA_KEY
    ]
    assert "fail" in hist.describe(index)
    vlan = dashboard.snapshot.by_key(VLAN_KEY)
    from PySide6.QtCore import QPointF

    point = QPointF(vlan.signal_count, vlan.score)
    assert "2026-04-01.md" in scatter.describe(point)
    scatter.select_point(point)
    keys = {dashboard.proxy.index(r, 0).data() for r in range(dashboard.proxy.rowCount())}
    assert VLAN_KEY in keys and LAMBDA_KEY not in keys


def test_tag_chart_writes_each_tag_whole_on_its_bar(qtbot: Any, dashboard: Any) -> None:
    """A Chinese tag is not cut to "…" in a chart the dashboard's size (the category axis
    elided labels taller than their row)."""
    chart = dashboard.charts[2]
    chart.tags = [("all-hands", 5), ("灯塔", 7), ("pg-core-1", 6), ("tidepool", 15)]
    dashboard.resize(1380, 640)
    dashboard.show()
    qtbot.waitExposed(dashboard)
    chart._draw(dashboard.snapshot)
    whole = ["all-hands", "灯塔", "pg-core-1", "tidepool"]
    qtbot.waitUntil(lambda: [item.text() for item in chart.tag_labels] == whole)
    heights = [item.pos().y() for item in chart.tag_labels]
    assert heights == sorted(heights, reverse=True)  # the first tag at the bottom
    area = chart.chart().plotArea()
    assert all(area.top() <= y < area.bottom() for y in heights)


def test_filters_by_path_tag_and_decision(dashboard: Any) -> None:
    dashboard.gate_filter.setCurrentText("Failing")
    assert dashboard.proxy.rowCount() == 1
    dashboard.gate_filter.setCurrentText("All gates")
    dashboard.tag_filter.setText("lambda")
    assert dashboard.proxy.rowCount() == 1
    dashboard.tag_filter.setText("")
    dashboard.decision_filter.setCurrentText("rejected")
    assert dashboard.proxy.rowCount() == 0
    dashboard.decision_filter.setCurrentText("waiting")
    dashboard.path_filter.setText("2026-04-01.md:5")
    assert [dashboard.proxy.index(0, 0).data()] == [BACKUP_KEY]


def test_what_if_changes_gates_and_writes_nothing(qtbot: Any, dashboard: Any) -> None:
    root: Path = dashboard.root
    before = {p: p.read_bytes() for p in (root / "memory" / ".dreams").iterdir() if p.is_file()}
    dashboard.whatif.enabled.setChecked(True)
    dashboard.whatif.set_values(min_score=0.3, min_recall_count=1, min_unique_queries=1)
    qtbot.waitUntil(
        lambda: "3 candidate(s) would pass" in dashboard.whatif.summary.text(), timeout=10000
    )
    assert all(dashboard.model.passes(c) for c in dashboard.model.candidates())
    lam = dashboard.snapshot.by_key(LAMBDA_KEY)
    dashboard.whatif.set_values(relevance=0.0, frequency=0.0, diversity=0.0, recency=0.0)
    qtbot.waitUntil(lambda: abs(dashboard.model.score(lam) - lam.score) > 0.01, timeout=10000)
    with qtbot.waitSignal(dashboard.sig_refreshed, timeout=10000):
        dashboard.whatif.enabled.setChecked(False)
    assert sum(dashboard.model.passes(c) for c in dashboard.model.candidates()) == 2
    assert (root / "MEMORY.md").read_text() == MEMORY
    after = {p: p.read_bytes() for p in (root / "memory" / ".dreams").iterdir() if p.is_file()}
    assert after == before


def test_phase_preview_then_run(qtbot: Any, dashboard: Any) -> None:
    root: Path = dashboard.root
    ledger_before = (root / ledger.LEDGER_RELATIVE_PATH).read_bytes()
    panel = dashboard.phases
    panel.phase.setCurrentText("light")
    assert not panel.run_button.isEnabled()
    with qtbot.waitSignal(dashboard.phases.preview_button.clicked, timeout=1000):
        panel.preview_button.click()
    qtbot.waitUntil(lambda: "Preview of light" in panel.output.toPlainText(), timeout=10000)
    assert not (root / "memory" / "dreaming").exists()
    assert (root / ledger.LEDGER_RELATIVE_PATH).read_bytes() == ledger_before
    assert panel.run_button.isEnabled()
    with qtbot.waitSignal(dashboard.sig_refreshed, timeout=10000):
        panel.run_button.click()
    assert (root / "memory" / "dreaming" / "light" / "2026-04-08.md").is_file()
    assert "staged" in panel.labels["light"].text()
    assert "Light Sleep" in panel.dreams.toPlainText()


def _series_names(chart: Any) -> list[str]:
    return [s.name() for s in chart.chart().series()]


def test_charts_follow_what_if_thresholds_and_label_whole_ticks(qtbot: Any, dashboard: Any) -> None:
    """The gate lines move with the thresholds being tried; ticks fall on the values their
    labels show; one day of ledger still draws; a few days are labelled under their bars."""
    distribution, scatter = dashboard.charts[1], dashboard.charts[3]
    assert "minScore 0.80" in _series_names(distribution)
    dashboard.whatif.enabled.setChecked(True)
    dashboard.whatif.set_values(min_score=0.3, min_recall_count=1, min_unique_queries=1)
    qtbot.waitUntil(lambda: "minScore 0.30" in _series_names(distribution), timeout=10000)
    assert "minScore 0.30" in _series_names(scatter)
    assert "minRecallCount 1" in _series_names(scatter)
    y_axis = scatter.chart().axes(Qt.Orientation.Vertical)[0]
    x_axis = scatter.chart().axes(Qt.Orientation.Horizontal)[0]
    assert y_axis.tickCount() == 6  # 0, 0.2 ... 1.0 with one decimal
    step = (x_axis.max() - x_axis.min()) / (x_axis.tickCount() - 1)
    assert step == int(step)  # whole signal counts under a %d label
    growth = dashboard.charts[4]
    lines = [s for s in growth.chart().series() if s.count()]
    assert lines and growth.empty_label.isHidden()
    dates = growth.chart().axes(Qt.Orientation.Horizontal)[0]
    assert dates.min() < dates.max()
    per_day = dashboard.charts[0]
    days = per_day.data.days
    assert 0 < len(days) <= 8
    labels = per_day.chart().axes(Qt.Orientation.Horizontal)[0]
    assert labels.labelsVisible() and labels.categories() == [d[5:] for d in days]
