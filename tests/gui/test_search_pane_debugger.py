"""The ranking debugger as a first-time reader uses it (issue 18): the trace follows the
query, its arithmetic can be checked on screen, dropped candidates start near the cut,
snippets show the match (Chinese included), weak matches are held back, and saved checks
give recall@k / MRR for the saved and the what-if settings."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from reverie.core.retrieval_check import checks_file
from reverie.gui.controller import Controller
from reverie.gui.models.search_results_model import (
    COL_DELTA,
    COL_LOCATION,
    COL_REASON,
    COL_SNIPPET,
    SPANS_ROLE,
    WEAK_VECTOR_LEVEL,
)
from reverie.gui.resources import HIGHLIGHT_BG
from reverie.gui.widgets.search_pane import SearchPane

from .conftest import wait_idle

LONG_NOTE = (
    "# 2026-09-16\n\n## 09:00 梅家坞\n"
    "- 晓峰开车带骏去梅家坞，在一个茶农家里喝了今年的明前龙井，茶农说明前的比雨前的贵一倍。\n"
    "- 他家明前龙井一斤两千四，骏买了半斤雨前和一个玻璃杯，说以后下午改喝龙井，少喝咖啡。\n"
)


@pytest.fixture
def pane(qtbot, controller: Controller) -> SearchPane:  # type: ignore[no-untyped-def]
    widget = SearchPane(controller)
    qtbot.addWidget(widget)
    widget.reset()
    widget.resize(1200, 700)
    widget.show()
    widget._on_model("loaded", "hash")
    return widget


def _search(qtbot, pane: SearchPane, text: str) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(pane.controller.sig_search_result, timeout=10000):
        pane.query_edit.setText(text)


def _row_of(pane: SearchPane, path: str) -> int:
    for row in range(pane.model.rowCount()):
        if pane.model.index(row, COL_LOCATION).data().startswith(path):
            return row
    raise AssertionError(f"{path} is not listed")


def test_trace_pane_follows_the_query(qtbot, pane: SearchPane) -> None:  # type: ignore[no-untyped-def]
    _search(qtbot, pane, "staging gateway VLAN")
    row = _row_of(pane, "MEMORY.md")
    pane.table.selectRow(row)
    assert "VLAN" in pane.detail.toPlainText() or "vlan" in pane.detail.toPlainText()
    # a query whose results do not include the selected chunk
    _search(qtbot, pane, "杭州 外婆 高铁")
    locations = [pane.model.index(r, COL_LOCATION).data() for r in range(pane.model.rowCount())]
    text = pane.detail.toPlainText()
    if not any(loc.startswith("MEMORY.md") for loc in locations):
        assert text == "", "the previous query's trace must not stay on screen"
    else:
        assert "vlan" not in text.lower(), "the trace shown is the new query's"


def test_trace_arithmetic_is_derivable_on_screen(qtbot, pane: SearchPane) -> None:  # type: ignore[no-untyped-def]
    _search(qtbot, pane, "staging gateway VLAN")
    pane.table.selectRow(0)
    hit = pane.selected_hit()
    assert hit is not None
    t = hit.trace
    text = pane.detail.toPlainText()
    # the calibration step: cosine -> calibrated, with the model's two reference points
    assert t.vector_calibrated is not None and t.calibration_low is not None
    assert "calibrated = (cosine" in text
    # the tilt: Tune's weights -> the weights this query used
    assert t.base_vector_weight is not None and t.lexical_confidence is not None
    assert "lexical tilt" in text and f"{t.vector_weight:.3f}" in text
    # every product shown is the product of the two numbers shown before it
    for a, b, product in re.findall(r"part (\d\.\d{3}) × (\d\.\d{3}) = (\d\.\d{3})", text):
        assert abs(float(a) * float(b) - float(product)) <= 0.0015, (a, b, product)
    m = re.search(r"weighted (\d\.\d{3}) \+ (\d\.\d{3}) = (\d\.\d{3})", text)
    assert m and abs(float(m[1]) + float(m[2]) - float(m[3])) <= 0.0015
    # the Tune panel names the weights the search really used, not only its slider value
    pane.tune_btn.setChecked(True)
    assert f"{t.vector_weight:.3f}" in pane.tuning.effective.text()
    assert f"{t.text_weight:.3f}" in pane.tuning.effective.text()


def test_dropped_candidates_start_near_the_cut(qtbot, pane: SearchPane) -> None:  # type: ignore[no-untyped-def]
    pane.k_spin.setValue(1)
    _search(qtbot, pane, "gateway meetings restore vendor coffee")
    pane.dropped_box.setChecked(True)
    assert not pane.table.isColumnHidden(COL_REASON)
    results = pane.model.shown_results()
    dropped_rows = range(results, pane.model.rowCount())
    assert len(dropped_rows) >= 2
    scores = [pane.model.hit(r).score for r in dropped_rows]  # type: ignore[union-attr]
    assert scores == sorted(scores, reverse=True), "nearest to the cut first"
    for r in dropped_rows:
        assert pane.model.index(r, COL_DELTA).data() == "", "Δ is for rank changes only"
        assert pane.model.index(r, COL_REASON).data()
    assert "beyond k = 1" in pane.model.index(results, COL_REASON).data()


def test_dropped_candidates_are_in_the_order_the_cli_lists_them(  # type: ignore[no-untyped-def]
    qtbot, pane: SearchPane, workspace: Path
) -> None:
    """Older notes match better before their decay and worse after it: the dropped rows
    follow the final score (the Score column), as `reverie search --dropped` lists them,
    not the weighted sum before decay."""
    today = dt.date.today()
    for age, extra in [(3, " and the lunch menu, the parking rules, the printer"), (5, "")]:
        day = today - dt.timedelta(days=age)
        (workspace / "memory" / f"{day.isoformat()}.md").write_text(
            f"# {day}\n\n- Met with Alice about OPS-512 migration progress{extra}.\n",
            encoding="utf-8",
        )
    for age in (300, 420, 600):
        day = today - dt.timedelta(days=age)
        (workspace / "memory" / f"{day.isoformat()}.md").write_text(
            f"# {day}\n\n- Met with Alice about OPS-512 migration progress.\n", encoding="utf-8"
        )
    pane.controller.reindex(None)
    wait_idle(qtbot, pane.controller)
    pane.k_spin.setValue(1)
    _search(qtbot, pane, "OPS-512 migration progress")
    pane.dropped_box.setChecked(True)
    response = pane.model.response
    assert response is not None and {d.stage for d in response.dropped} == {"max_results"}
    decayed = [d.hit for d in response.dropped if d.hit.trace.weighted_sum > d.hit.score + 0.05]
    assert decayed, "some dropped note lost more than 0.05 to its age"
    rows = range(pane.model.shown_results(), pane.model.rowCount())
    shown = [pane.model.hit(r) for r in rows]
    assert [h.chunk_id for h in shown] == [d.hit.chunk_id for d in response.dropped]  # the CLI's
    scores = [h.score for h in shown]  # type: ignore[union-attr]
    assert scores == sorted(scores, reverse=True)


def test_snippet_is_centred_on_a_late_chinese_match_and_highlighted(  # type: ignore[no-untyped-def]
    qtbot, pane: SearchPane, workspace: Path
) -> None:
    (workspace / "memory" / "2026-09-16.md").write_text(LONG_NOTE, encoding="utf-8")
    controller = pane.controller
    controller.reindex(None)
    wait_idle(qtbot, controller)
    _search(qtbot, pane, "咖啡")
    row = _row_of(pane, "memory/2026-09-16.md")
    shown = pane.model.index(row, COL_SNIPPET).data()
    spans = pane.model.index(row, COL_SNIPPET).data(SPANS_ROLE)
    assert shown.startswith("…"), "the snippet starts near the match, not at the chunk head"
    assert spans and shown[spans[0][0] : spans[0][1]] == "咖啡"
    assert spans[0][0] < 60
    # the highlight is really painted in the visible part of the cell
    pane.table.setColumnWidth(COL_SNIPPET, 420)
    rect = pane.table.visualRect(pane.model.index(row, COL_SNIPPET))
    image = pane.table.viewport().grab(rect).toImage()
    highlight = HIGHLIGHT_BG.rgb()
    painted = sum(
        1
        for x in range(0, image.width(), 2)
        for y in range(0, image.height(), 2)
        if image.pixel(QPoint(x, y)) == highlight
    )
    assert painted > 10, "the Chinese match is highlighted on screen"


def test_weak_matches_are_marked_not_hidden(qtbot, pane: SearchPane) -> None:  # type: ignore[no-untyped-def]
    _search(qtbot, pane, "zebra unicorn saxophone")
    response = pane.last_outcome.response  # type: ignore[union-attr]
    weak = {
        h.chunk_id
        for h in response.results
        if not h.trace.keyword_score and (h.trace.vector_calibrated or 0) < WEAK_VECTOR_LEVEL
    }
    assert weak, "the hashing model gives this nonsense query unrelated-level cosines"
    # still listed in rank order (what the agent sees), but greyed, in italics, explained
    assert pane.model.shown_results() == len(response.results)
    for row in range(pane.model.shown_results()):
        hit = pane.model.hit(row)
        assert hit is not None
        index = pane.model.index(row, COL_LOCATION)
        font = index.data(Qt.ItemDataRole.FontRole)
        if hit.chunk_id in weak:
            assert font is not None and font.italic()
            assert index.data(Qt.ItemDataRole.ForegroundRole) is not None
            assert "Weak evidence" in index.data(Qt.ItemDataRole.ToolTipRole)
        else:
            assert font is None
    assert f"{len(weak)} weak result" in pane.notice.text()
    # a query with keyword evidence has no weak mark on its matches
    _search(qtbot, pane, "staging gateway VLAN")
    top = pane.model.index(0, COL_LOCATION)
    assert top.data(Qt.ItemDataRole.FontRole) is None


def test_retrieval_check_saves_queries_and_scores_what_if(  # type: ignore[no-untyped-def]
    qtbot, pane: SearchPane, controller: Controller, workspace: Path
) -> None:
    pane.check_btn.setChecked(True)
    assert pane.checks.isVisible()
    _search(qtbot, pane, "restore test minutes")
    pane.table.selectRow(_row_of(pane, "memory/2026-10-01.md"))
    assert pane.save_check()
    _search(qtbot, pane, "staging gateway VLAN")
    pane.table.selectRow(_row_of(pane, "memory/2026-11-02.md"))
    assert pane.save_check()
    assert not pane.save_check(), "the same check is saved once"
    stored = checks_file(workspace, controller.data_dir)
    assert controller.data_dir in stored.parents, "kept in Reverie's data folder"
    assert not any(p.suffix == ".json" for p in (workspace / "memory").rglob("*checks*"))
    assert len(json.loads(stored.read_text(encoding="utf-8"))["cases"]) == 2
    # run with a what-if: keyword side only
    with qtbot.waitSignal(controller.sig_search_result, timeout=10000):
        pane.tuning.vector_weight.slider.setValue(0)
    pane.checks.run_btn.click()
    qtbot.waitUntil(lambda: pane.checks.last is not None, timeout=20000)
    result = pane.checks.last
    assert result is not None and result.trial is not None
    assert result.saved.recall == 1.0 and result.saved.mrr > 0
    summary = pane.checks.summary.text()
    assert "recall@10" in summary and "MRR@10" in summary and "What-if" in summary
    ranks = [pane.checks.table.item(r, 2).text() for r in range(pane.checks.table.rowCount())]
    assert all(r.startswith("#") for r in ranks)
    # the checks come back with the workspace
    pane.reset()
    assert len(pane.checks.cases()) == 2
