"""Memory layers in the search pane: the Layer column, the trace and the what-if rows."""

from __future__ import annotations

from pathlib import Path

from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings
from reverie.gui.models.search_results_model import COL_LAYER, SearchResultsModel
from reverie.gui.widgets.trace_detail import trace_html
from reverie.gui.widgets.tuning_panel import TuningPanel

NOW_MS = 1_796_000_000_000.0


def test_what_if_rows_set_the_layer_filter_and_weights(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = TuningPanel()
    qtbot.addWidget(panel)
    panel.set_settings(SearchSettings.for_profile("reverie"))
    assert panel.settings().layer_filter == ()
    assert panel.settings().layer_weights == (1.0, 1.0, 1.0, 1.0)  # off by default
    with qtbot.waitSignal(panel.sig_changed, timeout=2000) as changed:
        panel.layers.include[next(iter(panel.layers.include))].setChecked(False)
    assert changed.args[0].layer_filter == ("L1", "L2", "L3")
    with qtbot.waitSignal(panel.sig_changed, timeout=2000) as changed:
        panel.layers.weight[list(panel.layers.weight)[3]].setValue(2.0)
    assert changed.args[0].layer_weights == (1.0, 1.0, 1.0, 2.0)
    # a saved profile with layer settings is shown as saved
    panel.set_settings(SearchSettings(layer_filter=("L2",), layer_weights=(0.5, 1.0, 1.0, 1.0)))
    assert panel.settings().layer_filter == ("L2",)
    assert panel.settings().layer_weights == (0.5, 1.0, 1.0, 1.0)


def test_results_show_the_layer_and_the_trace_its_weight(
    qtbot, qtmodeltester, workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    service = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    try:
        service.sync()
        settings = SearchSettings.for_profile("reverie").with_changes(
            layer_weights=(0.5, 1.0, 1.0, 1.0)
        )
        response = service.search("staging gateway VLAN", settings, now_ms=NOW_MS)
    finally:
        service.close()
    model = SearchResultsModel()
    model.set_response(response, {})
    qtmodeltester.check(model)
    layers = {
        response.results[r].path: model.index(r, COL_LAYER).data()
        for r in range(len(response.results))
    }
    assert layers["MEMORY.md"] == "L2" and layers["memory/2026-11-02.md"] == "L0"
    daily = next(h for h in response.results if h.path == "memory/2026-11-02.md")
    html = trace_html(daily)
    assert "memory, L0" in html
    assert "memory layer L0: score × weight 0.5" in html
