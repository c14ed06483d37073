"""The Purpose page: the Telos view, the layer-life plot, and following edits live."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QUrl

from reverie.core.dreaming.ledger import record_recalls
from reverie.core.layer_life import FileVolume, compute_layer_life
from reverie.core.layers import Layer, LayerRules
from reverie.core.service import MemoryService
from reverie.core.telos import MemoryLine, build_report, parse_telos
from reverie.gui.controller import Controller
from reverie.gui.main_window import MainWindow
from reverie.gui.purpose import PurposePage
from reverie.gui.purpose.layer_life_view import LayerLifeView
from reverie.gui.purpose.purpose_page import REFRESH_DELAY_MS
from reverie.gui.purpose.telos_model import ItemRole, TelosTreeModel

from ..conftest import wait_idle

TODAY = _dt.date(2026, 11, 30)
TELOS = """# TELOS

## PROBLEMS
- P1: Backups are never restore-tested

## MISSION
- M1: Restore-tested backups by default

## GOALS
- G1: Ship the gateway migration to VLAN 30 by December 2026
- G2: Learn to climb V6 by May 2027

## PROJECTS
ID | PROJECT | SERVES | PRIORITY
PRJ1 | Gateway cutover | G1 | High
PRJ2 | Website | | Low

## JOURNAL
- no date here
"""


@pytest.fixture
def telos_workspace(workspace: Path) -> Path:
    (workspace / "memory" / "TELOS.md").write_text(TELOS, encoding="utf-8")
    (workspace / "memory" / "2026-11-25.md").write_text(
        "# 2026-11-25\n- Worked on G1: the gateway migration plan for VLAN 30.\n",
        encoding="utf-8",
    )
    return workspace


def _report():
    lines = [MemoryLine("memory/2026-11-25.md", 2, "- Worked on G1: plan", TODAY)]
    return build_report(parse_telos(TELOS, "memory/TELOS.md"), lines, TODAY)


def test_telos_model_passes_the_model_tester(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    model = TelosTreeModel()
    model.set_report(_report())
    qtmodeltester.check(model)
    assert model.section_names() == ["problem", "mission", "goal", "project"]
    goals = model.index(2, 0)
    assert model.rowCount(goals) == 2
    g1 = model.index(0, 0, goals)
    assert model.data(g1) == "G1: Ship the gateway migration to VLAN 30 by December 2026"
    assert model.data(model.index(0, 1, goals)) == "1"
    assert model.data(model.index(1, 1, goals)) == "0.5"
    assert model.data(model.index(0, 2, goals)) == "2026-12-31"
    assert model.data(model.index(1, 5, goals)) == "neglected"
    assert model.data(g1, ItemRole).item.key == "G1"
    model.set_report(None)
    qtmodeltester.check(model)


def _page(qtbot, root: Path, data_dir: Path) -> tuple[PurposePage, MemoryService]:  # type: ignore[no-untyped-def]
    service = MemoryService(root, data_dir=data_dir, model_name="hash")
    service.sync()
    page = PurposePage(None)
    qtbot.addWidget(page)
    page.service = service
    page.today = TODAY
    with qtbot.waitSignal(page.sig_loaded, timeout=10000):
        page.refresh()
    return page, service


def test_page_shows_chain_mentions_neglected_and_problems(
    qtbot, telos_workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    page, service = _page(qtbot, telos_workspace, data_dir)
    try:
        view = page.telos
        assert "From memory/TELOS.md: goals 2, projects 2;" in view.summary.text()
        assert view.select_key("G1")
        html = view.detail.toPlainText()
        assert "Worked on G1" in html and "memory/2026-11-25.md:2" in html
        assert "Served by:" in html and "PRJ1: Gateway cutover" in html
        assert view.select_key("PRJ1")
        assert "Chain: P1 → M1 → G1 → PRJ1" in view.detail.toPlainText()
        assert view.detail.toPlainText().count("→") == 3  # P1 → M1 → G1 → PRJ1
        view.select_key("G1")
        html = view.detail.toPlainText()
        assert view.select_key("G2")
        assert "Neglected" in view.detail.toPlainText()
        assert view.select_key("PRJ2")
        assert "Linked to nothing" in view.detail.toPlainText()
        problems = [view.problems.item(i).text() for i in range(view.problems.count())]
        assert any("memory/TELOS.md:" in p and "without a date" in p for p in problems)
        # a mention link opens the note at its line
        view.select_key("G1")
        with qtbot.waitSignal(view.sig_open, timeout=2000) as opened:
            view._on_detail_anchor(QUrl("open:1"))
        assert opened.args == ["memory/2026-11-25.md", 2]
        # an item link moves the selection along the chain
        view._on_detail_anchor(QUrl("item:PRJ1"))
        assert view._selected().item.key == "PRJ1"  # type: ignore[union-attr]
    finally:
        page.close_down()
        service.close()


def test_page_without_telos_explains_what_to_write(qtbot, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    page, service = _page(qtbot, workspace, data_dir)
    try:
        assert page.telos.empty.isVisibleTo(page.telos)
        assert not page.telos.body.isVisibleTo(page.telos)
        assert "memory/TELOS.md" in page.telos.empty.text()
    finally:
        page.close_down()
        service.close()


def test_layer_life_plot_and_archive(qtbot) -> None:  # type: ignore[no-untyped-def]
    volumes = [
        FileVolume("memory/2026-10-01.md", Layer.L0, 120, 1, _dt.date(2026, 10, 1)),
        FileVolume("memory/2026-11-20.md", Layer.L0, 80, 1, _dt.date(2026, 11, 20)),
        FileVolume("MEMORY.md", Layer.L2, 500, 2, _dt.date(2026, 10, 5)),
        FileVolume("memory/TELOS.md", Layer.L3, 300, 2, _dt.date(2026, 11, 1)),
    ]
    life = compute_layer_life(
        volumes, [("memory/2026-11-20.md", _dt.date(2026, 11, 21))], [], LayerRules(), TODAY
    )
    view = LayerLifeView()
    qtbot.addWidget(view)
    view.set_life(life)
    series = view.volume_chart.series
    assert set(series) == set(Layer)
    assert series[Layer.L0].count() == len(life.starts)
    assert series[Layer.L0].at(series[Layer.L0].count() - 1).y() == 200  # characters at the end
    view.volume_field.setCurrentIndex(view.volume_field.findData("files"))
    assert view.volume_chart.series[Layer.L0].at(len(life.starts) - 1).y() == 2
    view.reuse_field.setCurrentIndex(view.reuse_field.findData("recalls"))
    assert sum(p.y() for p in view.reuse_chart.series[Layer.L0].points()) == 1
    assert view.totals.item(0, 1).text() == "2"
    assert view.totals.item(2, 2).text() == "500"
    assert view.archive.count() == 1 and "memory/2026-10-01.md" in view.archive.item(0).text()
    with qtbot.waitSignal(view.sig_open, timeout=2000) as opened:
        view._on_archive_activated(view.archive.item(0))
    assert opened.args == ["memory/2026-10-01.md", 1]
    with qtbot.waitSignal(view.sig_params, timeout=2000) as params:
        view.bucket.setCurrentIndex(view.bucket.findData("month"))
    assert params.args == ["month", 30]


def test_window_page_follows_edits_live(qtbot, telos_workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    record_recalls(
        telos_workspace,
        "gateway",
        [
            {
                "path": "memory/2026-11-02.md",
                "startLine": 1,
                "endLine": 4,
                "score": 0.5,
                "snippet": "gateway",
                "source": "memory",
            }
        ],
    )
    ctl = Controller(data_dir=data_dir, model_name="hash")
    win = MainWindow(ctl, QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    win.open_workspace(telos_workspace)
    wait_idle(qtbot, ctl)
    page = win.purpose
    assert page is not None
    assert win.pages.tabText(win.pages.indexOf(page)) == "Purpose"
    win.act_page_purpose.trigger()  # a hidden page does not read; shown, it does
    qtbot.waitUntil(lambda: page.data is not None, timeout=10000)
    assert page.telos.model.index_of("G1").isValid()
    assert not page.telos.model.index_of("G3").isValid()
    # another program (or the editor) adds a goal: the view shows it without a click
    telos = telos_workspace / "memory" / "TELOS.md"
    telos.write_text(
        TELOS.replace("## PROJECTS", "- G3: Write the restore runbook\n\n## PROJECTS"),
        encoding="utf-8",
    )
    qtbot.waitUntil(lambda: page.telos.model.index_of("G3").isValid(), timeout=10000)
    # the layer-life tab sees the workspace's layers and its ledger
    life = page.data.life  # type: ignore[union-attr]
    assert life.totals(Layer.L3).files == 1  # type: ignore[union-attr]
    assert life.totals(Layer.L0).surfaced >= 1  # type: ignore[union-attr]
    # a mention opens the note in the editor
    page.telos.sig_open.emit("memory/2026-11-25.md", 2)
    assert win.tabs.current_editor() is not None
    assert win.tabs.current_editor().rel_path == "memory/2026-11-25.md"  # type: ignore[union-attr]
    win.close()


def test_tree_shows_and_overrides_the_layer(qtbot, workspace: Path, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMenu

    from reverie.core.layers import load_overrides

    ctl = Controller(data_dir=data_dir, model_name="hash")
    win = MainWindow(ctl, QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.open_workspace(workspace)
    wait_idle(qtbot, ctl)
    model = win.tree.model
    rel = "memory/2026-09-15.md"

    def tooltip() -> str:
        return str(model.index_for_path(rel).data(Qt.ItemDataRole.ToolTipRole))

    assert "Layer L0 context: daily note" in tooltip()
    menu = QMenu()
    win.tree._add_layer_menu(menu, rel)
    submenu = menu.actions()[0].menu()
    assert menu.actions()[0].text() == "Memory layer (L0)"
    checked = [a.text() for a in submenu.actions() if a.isChecked()]
    assert checked == ["L0 context"]
    with qtbot.waitSignal(win.tree.sig_set_layer, timeout=2000) as chosen:
        submenu.actions()[2].trigger()  # L2 long-term
    assert chosen.args == [rel, Layer.L2]
    assert "Layer L2 long-term: override memory/2026-09-15.md" in tooltip()
    assert load_overrides(data_dir, workspace) == {rel: Layer.L2}
    win.set_layer(rel, None)
    assert "Layer L0 context: daily note" in tooltip()
    win.close()


def test_hidden_purpose_page_reads_once_when_shown(
    qtbot, telos_workspace: Path, data_dir: Path
) -> None:  # type: ignore[no-untyped-def]
    ctl = Controller(data_dir=data_dir, model_name="hash")
    win = MainWindow(ctl, QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    try:
        win.open_workspace(telos_workspace)
        wait_idle(qtbot, ctl)
        page = win.purpose
        assert page is not None and win.pages.currentIndex() == 0  # on the Memory page
        qtbot.wait(REFRESH_DELAY_MS + 300)
        assert page.gate.generation == 0 and page.data is None  # nothing read at opening
        telos = telos_workspace / "memory" / "TELOS.md"
        with qtbot.waitSignal(
            ctl.sig_disk_changed,
            timeout=10000,
            check_params_cb=lambda rels: "memory/TELOS.md" in rels,
        ):
            telos.write_text(
                TELOS.replace("## PROJECTS", "- G3: Write the restore runbook\n\n## PROJECTS"),
                encoding="utf-8",
            )
        wait_idle(qtbot, ctl)  # the re-index after the change asks for a refresh too
        qtbot.wait(REFRESH_DELAY_MS + 300)
        assert page.gate.generation == 0 and page.gate.stale  # nor on a change
        with qtbot.waitSignal(page.sig_loaded, timeout=20000):
            win.act_page_purpose.trigger()
            assert page.gate.generation == 1
        assert page.telos.model.index_of("G3").isValid()
        qtbot.wait(REFRESH_DELAY_MS + 300)
        assert page.gate.generation == 1  # exactly one read
    finally:
        win.close()
        ctl.shutdown()
