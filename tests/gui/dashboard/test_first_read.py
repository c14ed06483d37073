"""The Dreaming page as a first-time user reads it (issue 18): tags without noise, columns
that agree and headers that fit, the fact proposed instead of the chunk, the outdated line
preselected for replacement, an empty workspace that explains itself, and review keys and
dialogs that name what they act on."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication

from reverie.core.dreaming import ledger
from reverie.core.dreaming.promote import build_promotion_section
from reverie.core.dreaming.series import is_display_tag
from reverie.core.service import MemoryService
from reverie.gui.dashboard.candidates_model import COL_KEY, COL_TAGS, COL_WHERE, where
from reverie.gui.dashboard.prompts import ReplaceLineDialog, format_day

from .conftest import BACKUP_KEY, LAMBDA_KEY, MEMORY, NOW, VLAN_KEY, ScriptedPrompts, at, settle

CHUNK_KEY = "memory:memory/2026-04-01.md:1:5"


def _memory(root: Path) -> str:
    return (root / "MEMORY.md").read_text(encoding="utf-8")


def _select(dash: Any, key: str) -> None:
    assert dash.select_key(key)
    assert dash.current_candidate().key == key


def _reload(qtbot: Any, dash: Any) -> None:
    with qtbot.waitSignal(dash.sig_refreshed, timeout=10000):
        dash.refresh()


def test_concept_tags_leave_out_ids_file_names_and_stop_words(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    path = root / ledger.LEDGER_RELATIVE_PATH
    store = json.loads(path.read_text(encoding="utf-8"))
    noise = ["a1b2c3", "main/2026-11-28-a1b2c3.jsonl", "jsonl", "the", "memory.md"]
    for entry in store["entries"].values():
        entry["conceptTags"] = [*noise, "backup", "vlan"]
    path.write_text(json.dumps(store), encoding="utf-8")
    _reload(qtbot, dashboard)
    tags_chart = dashboard.charts[2]
    shown = {tag for tag, _ in tags_chart.tags}
    assert shown == {"backup", "vlan"}
    row = dashboard.model.row_of(VLAN_KEY)
    assert dashboard.model.index(row, COL_TAGS).data() == "backup, vlan"
    assert not any(is_display_tag(t) for t in noise)


def test_where_and_key_agree_and_headers_fit(qtbot: Any, dashboard: Any) -> None:
    assert dashboard.table.isColumnHidden(COL_KEY)
    row = dashboard.model.row_of(VLAN_KEY)
    tip = dashboard.model.index(row, COL_WHERE).data(Qt.ItemDataRole.ToolTipRole)
    assert VLAN_KEY in tip and "memory/2026-04-01.md:4-4" in tip
    header = dashboard.table.horizontalHeader()
    metrics = header.fontMetrics()
    for col in range(dashboard.model.columnCount()):
        if dashboard.table.isColumnHidden(col):
            continue
        title = dashboard.model.headerData(col, Qt.Orientation.Horizontal)
        assert dashboard.table.columnWidth(col) >= metrics.horizontalAdvance(title) + 12, title
    # the scatter plot names its gates on the axes instead of cut-off legend entries
    scatter = dashboard.charts[3]
    titles = [axis.titleText() for axis in scatter.chart().axes()]
    assert any("gate ≥ 3" in t for t in titles) and any("gate ≥ 0.80" in t for t in titles)
    visible = [m.label() for m in scatter.chart().legend().markers() if m.isVisible()]
    assert not any(label.startswith("min") for label in visible)


@pytest.fixture
def chunk_ws(dream_ws: Path) -> Path:
    """The same workspace with a whole-chunk candidate (heading and list lines)."""
    snippet = (
        "# 2026-04-01 ## Network - Router VLAN 30 hosts the staging cluster. "
        "- Gateway backup runs nightly at 03:00 UTC."
    )
    for day, query in enumerate(("network", "staging network", "router setup", "vlan"), 1):
        ledger.record_recalls(
            dream_ws,
            query,
            [
                {
                    "path": "memory/2026-04-01.md",
                    "startLine": 1,
                    "endLine": 5,
                    "snippet": snippet,
                    "score": 0.95,
                    "source": "memory",
                }
            ],
            now=at(day + 1),
            timezone="UTC",
        )
    return dream_ws


def _dash(qtbot: Any, root: Path, tmp_path: Path) -> Any:
    from reverie.gui.dashboard import DreamDashboard

    service = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    dash = DreamDashboard(service, now=NOW, timezone="UTC")
    dash.prompts = ScriptedPrompts()  # type: ignore[assignment]
    qtbot.addWidget(dash)
    qtbot.waitUntil(lambda: dash.snapshot is not None, timeout=10000)
    dash._test_service = service
    return dash


def test_approval_proposes_the_fact_in_one_section_a_day(
    qtbot: Any, chunk_ws: Path, tmp_path: Path
) -> None:
    dash = _dash(qtbot, chunk_ws, tmp_path)
    _select(dash, CHUNK_KEY)
    cand = dash.current_candidate()
    fact = "Router VLAN 30 hosts the staging cluster. Gateway backup runs nightly at 03:00 UTC."
    assert cand.proposed_text == fact
    assert fact in dash.detail.browser.toPlainText(), "the preview shows what is written"
    # editable before approval: the editor starts from the proposed fact
    dash.prompts.edit_answer = fact + " Checked in April."
    assert dash.edit_and_approve()
    settle(qtbot, dash)
    assert dash.prompts.asked[0] == ("edit", fact)
    _select(dash, VLAN_KEY)
    assert dash.approve_selected()
    settle(qtbot, dash)
    text = _memory(chunk_ws)
    assert text.count("## Promoted From Short-Term Memory (2026-04-08)") == 1
    assert "- # 2026-04-01" not in text and "- - " not in text
    assert f"- {fact} Checked in April. [score=" in text
    assert "- Router VLAN 30 hosts the staging cluster. [score=" in text
    dash._test_service.close()


def test_openclaw_format_is_kept_byte_for_byte(qtbot: Any, chunk_ws: Path, tmp_path: Path) -> None:
    dash = _dash(qtbot, chunk_ws, tmp_path)
    dash.openclaw_format.setChecked(True)
    assert dash.promotion_style == "openclaw"
    _select(dash, CHUNK_KEY)
    cand = dash.current_candidate()
    snap = dash.snapshot
    assert dash.approve_selected()
    settle(qtbot, dash)
    relocated = dict(cand.openclaw)
    relocated.update(
        startLine=cand.located_start, endLine=cand.located_end, snippet=cand.located_snippet
    )
    section = build_promotion_section([relocated], snap.now_ms, "UTC")
    assert _memory(chunk_ws) == MEMORY + section
    assert "- # 2026-04-01 ## Network - Router VLAN 30" in section
    dash._test_service.close()


def test_replace_preselects_the_outdated_line_not_an_earlier_promotion(
    qtbot: Any, dream_ws: Path, tmp_path: Path
) -> None:
    earlier = (
        "\n## Promoted From Short-Term Memory (2026-04-02)\n\n"
        "<!-- openclaw-memory-promotion:memory:memory/2026-03-30.md:2:2 -->\n"
        "- Gateway backup runs nightly at 03:00 UTC. [score=0.900 recalls=4 avg=0.800 "
        "source=memory/2026-03-30.md:2-2]\n"
    )
    (dream_ws / "MEMORY.md").write_text(MEMORY + earlier, encoding="utf-8")
    dash = _dash(qtbot, dream_ws, tmp_path)
    _select(dash, BACKUP_KEY)
    dash.prompts.line_answer = None
    dash.approve_replacing()
    offered = dash.prompts.asked[-1][1]
    assert offered[0][0] == 3, "the outdated hand-written line comes first"
    assert 9 in [line for line, _flag in offered[1:]] or len(offered) == 1
    # the real dialog keeps its buttons on screen with a very long line
    long_label = "line 3: " + "a very long MEMORY.md entry " * 40
    dialog = ReplaceLineDialog([long_label, "line 9: short"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    screen = QApplication.primaryScreen().availableGeometry()
    assert dialog.width() <= max(900, screen.width())
    assert dialog.choices.currentRow() == 0
    ok = dialog.buttons.buttons()[0]
    assert dialog.rect().contains(ok.geometry().bottomRight())
    dash._test_service.close()


def test_empty_workspace_explains_itself(qtbot: Any, tmp_path: Path) -> None:
    root = tmp_path / "empty"
    root.mkdir()
    dash = _dash(qtbot, root, tmp_path)
    dash.resize(1200, 800)
    dash.show()
    qtbot.waitExposed(dash)
    for chart in dash.charts:
        assert chart.empty_label.isVisible(), type(chart).__name__
        assert chart.chart().axes() == [], "no axes drawn over nothing"
    for name in ("approve", "edit", "replace", "reject", "snooze", "undo"):
        assert not dash.buttons[name].isEnabled(), name
    assert dash.empty_hint.isVisible()
    assert dash.empty_hint.width() > dash.table.viewport().width() * 0.9
    assert "No promotion candidates yet" in dash.detail.browser.toPlainText()
    # a status that wraps does not move the buttons
    y = dash.buttons["approve"].mapTo(dash, dash.buttons["approve"].rect().topLeft()).y()
    dash._report("a long message " * 30)
    QApplication.processEvents()
    assert dash.buttons["approve"].mapTo(dash, dash.buttons["approve"].rect().topLeft()).y() == y
    dash._test_service.close()


def test_keys_and_dialogs_name_what_they_act_on(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    dashboard.show()
    qtbot.waitExposed(dashboard)
    _select(dashboard, VLAN_KEY)
    dashboard.activateWindow()
    qtbot.waitActive(dashboard)
    dashboard.table.setFocus()
    qtbot.waitUntil(dashboard.table.hasFocus)
    dashboard.prompts.confirm_answer = False
    qtbot.keyClick(dashboard.table, Qt.Key.Key_A)
    assert _memory(root) == MEMORY, "a single key press does not write at once"
    kind, question = dashboard.prompts.asked[-1]
    assert kind == "confirm" and "Router VLAN 30 hosts the staging cluster." in question
    dashboard.prompts.confirm_answer = True
    qtbot.keyClick(dashboard.table, Qt.Key.Key_A)
    qtbot.waitUntil(lambda: "Approved 1" in dashboard.last_message, timeout=10000)
    # approving the promoted row says so; its buttons are off
    _select(dashboard, VLAN_KEY)
    qtbot.waitUntil(lambda: not dashboard._acting, timeout=10000)
    assert not dashboard.buttons["approve"].isEnabled()
    assert not dashboard.buttons["reject"].isEnabled(), "undo the approval first"
    assert not dashboard.approve_selected()
    assert "already promoted" in dashboard.last_message
    assert dashboard.status.text()
    _select(dashboard, BACKUP_KEY)  # the refusal was about the other row
    assert dashboard.status.text() == "" and dashboard.buttons["approve"].isEnabled()
    # a candidate below the gates cannot be appended: its approve buttons are off and say why
    _select(dashboard, LAMBDA_KEY)
    assert not dashboard.current_candidate().passes
    for name in ("approve", "edit", "replace"):
        assert not dashboard.buttons[name].isEnabled()
        assert "Below the promotion gates" in dashboard.buttons[name].toolTip()
    assert dashboard.buttons["reject"].isEnabled()
    asked = len(dashboard.prompts.asked)
    qtbot.keyClick(dashboard.table, Qt.Key.Key_A)  # the key asks nothing and writes nothing
    assert len(dashboard.prompts.asked) == asked and "below the promotion gates" in (
        dashboard.last_message
    )
    # reject and snooze dialogs name the candidate
    _select(dashboard, LAMBDA_KEY)
    dashboard.prompts.reason_answer = None
    dashboard.reject_current()
    dashboard.prompts.snooze_answer = None
    dashboard.snooze_current()
    cand = dashboard.current_candidate()
    assert all(where(cand) in label for label in dashboard.prompts.labels)
    assert len(dashboard.prompts.labels) == 2


def test_dates_follow_the_ui_language_not_the_c_locale() -> None:
    text = format_day(date(2026, 4, 20))
    assert "2026" in text and "April" in text, text
    assert QDate(2026, 4, 20).toString() != text or "April" in text
