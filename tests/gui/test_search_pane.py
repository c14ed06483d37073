"""The search pane shows the trace for a real query; what-if tuning re-ranks live."""

from __future__ import annotations

import json
import threading

from PySide6.QtCore import Qt

from reverie.gui.controller import Controller
from reverie.gui.models.search_results_model import COL_DELTA, COL_LOCATION, COLUMNS
from reverie.gui.widgets.search_pane import SearchPane

from .conftest import wait_idle


def _pane(qtbot, controller: Controller) -> SearchPane:  # type: ignore[no-untyped-def]
    pane = SearchPane(controller)
    qtbot.addWidget(pane)
    pane.reset()
    pane.show()
    return pane


def _search(qtbot, pane: SearchPane, text: str) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(pane.controller.sig_search_result, timeout=10000):
        pane.query_edit.setText(text)


def _locations(pane: SearchPane) -> list[str]:
    return [pane.model.index(r, COL_LOCATION).data() for r in range(pane.model.rowCount())]


def test_real_query_shows_trace_columns(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    pane = _pane(qtbot, controller)
    pane._on_model("loaded", "hash")
    _search(qtbot, pane, "staging gateway VLAN")
    qtbot.waitUntil(lambda: pane.model.rowCount() > 0, timeout=5000)
    header = [pane.model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(COLUMNS))]
    for title in ("Score", "Vector", "BM25 raw", "Keyword", "Weighted", "Decay", "MMR"):
        assert title in header
    resp = pane.last_outcome.response  # type: ignore[union-attr]
    assert resp.mode == "hybrid"
    top = resp.results[0]
    row = [pane.model.index(0, c).data() for c in range(len(COLUMNS))]
    assert row[header.index("Score")] == f"{top.score:.3f}"
    assert row[header.index("Vector")].startswith(f"{top.trace.vector_score:.3f}")
    assert row[header.index("Decay")].startswith("×")
    assert "result(s)," in pane.notice.text() and "hybrid" in pane.notice.text()
    # selecting a row opens the hit and shows its full trace with stage ranks
    opened: list[object] = []
    pane.sig_open_hit.connect(opened.append)
    pane.table.selectRow(0)
    assert opened and opened[0].chunk_id == top.chunk_id  # type: ignore[attr-defined]
    text = pane.detail.toPlainText()
    assert "vector list" in text and "after MMR" in text and "bm25_raw" in text
    # dropped candidates are listed, with their reason
    pane.dropped_box.setChecked(True)
    assert pane.model.rowCount() == len(resp.results) + len(resp.dropped)


def test_keyword_only_until_model_loads(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    pane = _pane(qtbot, controller)
    pane._on_model("loading", "hash")
    assert "Keyword-only" in pane.notice.text()


def test_what_if_changes_rerank_with_arrows(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    pane = _pane(qtbot, controller)
    pane._on_model("loaded", "hash")
    _search(qtbot, pane, "gateway meetings restore vendor coffee")
    before = _locations(pane)
    assert len(before) >= 2
    assert {pane.model.index(r, COL_DELTA).data() for r in range(len(before))} == {""}
    # MMR on and keyword-only weighting: a different ranking, compared to the saved one
    with qtbot.waitSignal(controller.sig_search_result, timeout=10000):
        pane.tuning.mmr.setChecked(True)
    with qtbot.waitSignal(controller.sig_search_result, timeout=10000):
        pane.tuning.vector_weight.slider.setValue(0)
    after = _locations(pane)
    assert pane.current.vector_weight == 0.0 and pane.current.text_weight == 1.0
    assert pane.last_outcome is not None and pane.last_outcome.baseline is not None
    deltas = [pane.model.index(r, COL_DELTA).data() for r in range(len(after))]
    assert all(d for d in deltas)
    assert after != before, "the what-if settings re-rank the results"
    assert any(d != "=" for d in deltas)
    moved = [
        d
        for d, loc in zip(deltas, after, strict=True)
        if loc in before and before.index(loc) != after.index(loc)
    ]
    assert all(d.startswith(("▲", "▼")) for d in moved)


def test_save_profile_and_export_openclaw(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    pane = _pane(qtbot, controller)
    pane.tuning.decay.setChecked(False)
    pane.save_profile()
    assert controller.saved_search_settings().decay_enabled is False
    reloaded = type(controller)(data_dir=controller.data_dir, model_name="hash")
    assert reloaded.app_settings.search  # persisted in <data_dir>/settings.json
    block = json.loads(pane.openclaw_json())
    hybrid = block["agents"]["defaults"]["memorySearch"]["query"]["hybrid"]
    assert hybrid["temporalDecay"]["enabled"] is False


def test_recalls_recorded_only_when_asked(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    from reverie.core.dreaming.ledger import read_store

    assert controller.service is not None
    ledger = controller.service.root / "memory" / ".dreams" / "short-term-recall.json"
    pane = _pane(qtbot, controller)
    pane.query_edit.setText("restore test minutes")
    pane._on_return()  # Enter with the box off: nothing recorded
    qtbot.waitUntil(lambda: pane.model.rowCount() > 0, timeout=10000)
    wait_idle(qtbot, controller)
    assert not ledger.exists()
    pane.record_box.setChecked(True)
    pane._on_return()
    qtbot.waitUntil(ledger.exists, timeout=10000)
    wait_idle(qtbot, controller)
    entries = read_store(controller.service.root)["entries"]
    assert any(e["path"] == "memory/2026-10-01.md" for e in entries.values())


def _wheel(widget, down: bool = True) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, -120 if down else 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_wheel_over_the_what_if_panel_scrolls_it_and_changes_no_value(  # type: ignore[no-untyped-def]
    qtbot, controller: Controller
) -> None:
    pane = _pane(qtbot, controller)
    pane.tune_btn.setChecked(True)
    pane.tuning_area.resize(300, 120)  # shorter than the panel: it scrolls
    bar = pane.tuning_area.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=5000)
    tuning = pane.tuning
    before = (tuning.multiplier.value(), tuning.fusion.currentIndex(), tuning.settings())
    for control in (tuning.multiplier, tuning.fusion, tuning.vector_weight.slider):
        _wheel(control)
    assert (tuning.multiplier.value(), tuning.fusion.currentIndex(), tuning.settings()) == before
    assert bar.value() > 0  # the wheel scrolled the panel instead
    # clicked into, a control takes the wheel as before
    tuning.multiplier.setFocus()
    qtbot.waitUntil(tuning.multiplier.hasFocus, timeout=2000)
    _wheel(tuning.multiplier, down=False)
    assert tuning.multiplier.value() == before[0] + 1


def test_the_what_if_panel_opens_as_wide_as_its_content(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    """Beside the trace it opened 400 px wide for 650 px of rows: the slider's value and the
    weights the query used were cut off behind a scroll bar."""
    pane = _pane(qtbot, controller)
    pane.resize(1180, 700)
    pane.show()
    qtbot.waitExposed(pane)
    pane.tune_btn.setChecked(True)
    area = pane.tuning_area
    qtbot.waitUntil(area.isVisible, timeout=2000)
    assert area.width() >= pane.tuning.minimumSizeHint().width()
    assert area.horizontalScrollBar().maximum() == 0


def test_searches_keep_their_thread_and_its_connection(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    """The searches run on one Python thread that lasts (a pool thread gets a new Python
    thread state for each task, and with it a new index connection: the vector codes and
    keyword lists it held were read again for every search)."""
    service = controller.service
    assert service is not None
    seen: list[tuple[int, object]] = []  # (the connections kept: no id is used twice)
    search = service.search

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append((threading.get_ident(), service.reader()))
        return search(*args, **kwargs)

    service.search = spy  # type: ignore[method-assign]
    pane = _pane(qtbot, controller)
    _search(qtbot, pane, "staging gateway")
    _search(qtbot, pane, "gateway VLAN")
    _search(qtbot, pane, "staging VLAN")
    assert len(seen) == 3
    assert len({ident for ident, _ in seen}) == 1 and seen[0][0] != threading.get_ident()
    assert all(conn is seen[0][1] for _, conn in seen)
