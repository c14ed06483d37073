"""The Dreaming page while an agent appends to MEMORY.md, and decisions that do not fit a
candidate's state (issue: after one refusal the page stopped noticing appends, so every
later approval was refused once; a promoted candidate could be rejected; a refused edit was
thrown away; an unreadable ledger was also called empty)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from reverie.core.dreaming import ledger
from reverie.core.dreaming.engine import DreamEngine
from reverie.core.dreaming.review import REVIEW_RELATIVE_PATH
from reverie.core.errors import UserError
from reverie.core.service import MemoryService

from .conftest import BACKUP_KEY, LAMBDA_KEY, MEMORY, NOW, VLAN_KEY, ScriptedPrompts

REFUSED = "changed on disk after these candidates were shown"


def _select(dash: Any, key: str) -> None:
    assert dash.select_key(key)
    assert dash.current_candidate().key == key


def _done(qtbot: Any, dash: Any) -> None:
    qtbot.waitUntil(lambda: not dash._acting, timeout=15000)


def _append(root: Path, text: str) -> None:
    with (root / "MEMORY.md").open("a", encoding="utf-8") as f:
        f.write(text)


def _memory(root: Path) -> str:
    return (root / "MEMORY.md").read_text(encoding="utf-8")


def _refusals(dash: Any) -> list[str]:
    return [text for _, text in dash.prompts.informed if REFUSED in text]


def test_appends_are_seen_after_memory_md_was_replaced(qtbot: Any, dashboard: Any) -> None:
    """An approval replaces MEMORY.md (atomic write); while another program still has the
    old file open, the watch stayed on it and later appends went unseen."""
    root = dashboard.root
    with (root / "MEMORY.md").open("rb"):  # an agent, an editor, `tail -f`...
        _select(dashboard, VLAN_KEY)
        assert dashboard.approve_selected()
        _done(qtbot, dashboard)
        for line in ("- external append F\n", "- external append G\n"):
            _append(root, line)
            qtbot.waitUntil(lambda line=line: line in dashboard.snapshot.memory_text, timeout=5000)


def test_approval_goes_ahead_across_lines_appended_since_shown(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    _append(root, "- external append F\n")  # before the page could notice
    _select(dashboard, VLAN_KEY)
    assert dashboard.approve_selected()
    _done(qtbot, dashboard)
    assert _refusals(dashboard) == []
    assert "Approved 1" in dashboard.last_message
    text = _memory(root)
    assert text.startswith(MEMORY + "- external append F\n\n## Promoted From Short-Term Memory")
    assert VLAN_KEY in text
    # and again, after more appends
    _append(root, "- external append G\n")
    _select(dashboard, BACKUP_KEY)
    assert dashboard.approve_selected()
    _done(qtbot, dashboard)
    assert _refusals(dashboard) == []
    assert "external append G" in _memory(root) and BACKUP_KEY in _memory(root)


def test_undo_goes_ahead_across_appended_lines(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    _select(dashboard, VLAN_KEY)
    assert dashboard.approve_selected()
    _done(qtbot, dashboard)
    _append(root, "- external append F\n")
    assert dashboard.undo_last()
    _done(qtbot, dashboard)
    assert dashboard.prompts.informed == []
    assert _memory(root) == MEMORY + "- external append F\n"


def test_a_real_edit_is_still_refused(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    (root / "MEMORY.md").write_text(
        MEMORY.replace("tea over coffee", "coffee over tea") + "- external append F\n"
    )
    before = _memory(root)
    _select(dashboard, VLAN_KEY)
    assert not dashboard.approve_selected()
    assert len(_refusals(dashboard)) == 1
    assert _memory(root) == before
    # the refusal refreshed the view: the retry goes ahead
    qtbot.waitUntil(lambda: "coffee over tea" in dashboard.snapshot.memory_text, timeout=5000)
    _select(dashboard, VLAN_KEY)
    assert dashboard.approve_selected()
    _done(qtbot, dashboard)
    assert len(_refusals(dashboard)) == 1
    assert _memory(root).startswith(before)


def test_a_promoted_candidate_cannot_be_rejected_or_snoozed(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    _select(dashboard, VLAN_KEY)
    assert dashboard.buttons["reject"].isEnabled()
    assert dashboard.approve_selected()
    _done(qtbot, dashboard)
    _select(dashboard, VLAN_KEY)
    assert dashboard.current_candidate().review.kind == "approved"
    for name in ("reject", "snooze"):
        assert not dashboard.buttons[name].isEnabled(), name
        assert "Undo the approval first" in dashboard.buttons[name].toolTip()
    store_before = (root / REVIEW_RELATIVE_PATH).read_text()
    dashboard.prompts.reason_answer = "changed my mind"
    assert not dashboard.reject_current()  # the X / Delete key
    assert "already promoted" in dashboard.last_message
    assert "undo the approval first" in dashboard.last_message
    assert not dashboard.snooze_current()  # the S key
    assert all(kind not in ("reason", "snooze") for kind, _ in dashboard.prompts.asked)
    assert (root / REVIEW_RELATIVE_PATH).read_text() == store_before
    # a candidate waiting for review still can be
    _select(dashboard, LAMBDA_KEY)
    assert dashboard.buttons["reject"].isEnabled() and dashboard.buttons["snooze"].isEnabled()


def test_a_refused_edit_stays_in_the_editor(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    _select(dashboard, VLAN_KEY)
    written = "VLAN 30 <!-- staging --> hosts the cluster."
    dashboard.prompts.edit_answers = [written, "VLAN 30 hosts the staging cluster."]
    assert dashboard.edit_and_approve()
    _done(qtbot, dashboard)
    edits = [text for kind, text in dashboard.prompts.asked if kind == "edit"]
    assert edits == ["Router VLAN 30 hosts the staging cluster.", written]
    assert "HTML comment" in dashboard.prompts.informed[0][1]
    assert "- VLAN 30 hosts the staging cluster. [score=" in _memory(root)
    assert "<!-- staging" not in _memory(root)


def test_an_edit_is_kept_when_the_approval_fails(
    qtbot: Any, dashboard: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise UserError("MEMORY.md is read-only")

    monkeypatch.setattr(DreamEngine, "apply", refuse)
    _select(dashboard, VLAN_KEY)
    dashboard.prompts.edit_answers = ["My own words about VLAN 30.", None]
    assert dashboard.edit_and_approve()
    _done(qtbot, dashboard)
    assert "read-only" in dashboard.last_message
    assert not dashboard.edit_and_approve()  # opened again, then cancelled
    edits = [text for kind, text in dashboard.prompts.asked if kind == "edit"]
    assert edits[-1] == "My own words about VLAN 30."
    monkeypatch.undo()
    dashboard.prompts.edit_answers = [None]
    _select(dashboard, BACKUP_KEY)  # another candidate starts from its own text
    assert not dashboard.edit_and_approve()
    assert dashboard.prompts.asked[-1][1] != "My own words about VLAN 30."


def test_an_unreadable_ledger_shows_only_the_error(
    qtbot: Any, dream_ws: Path, tmp_path: Path
) -> None:
    from reverie.gui.dashboard import DreamDashboard

    (dream_ws / ledger.LEDGER_RELATIVE_PATH).write_text("{not json", encoding="utf-8")
    service = MemoryService(dream_ws, data_dir=tmp_path / "data", model_name="hash")
    dash = DreamDashboard(service, now=NOW, timezone="UTC")
    dash.prompts = ScriptedPrompts()  # type: ignore[assignment]
    qtbot.addWidget(dash)
    dash.resize(1200, 800)
    dash.show()
    qtbot.waitUntil(lambda: dash.snapshot is not None, timeout=10000)
    QApplication.processEvents()
    try:
        assert dash.error_label.isVisible()
        assert "cannot be read" in dash.error_label.text()
        assert not dash.empty_hint.isVisible()
        assert "No promotion candidates" not in dash.detail.browser.toPlainText()
        for chart in dash.charts:
            text = chart.empty_label.text()
            assert "empty" not in text and "yet" not in text, (type(chart).__name__, text)
            assert "cannot be read" in text
    finally:
        service.close()


def test_score_vs_signals_draws_one_marker_per_point(dashboard: Any) -> None:
    """30,000 candidates took QtCharts seconds to add (time growing with their square);
    candidates on the same point share one marker, hover and click still find them all."""
    scatter = dashboard.charts[3]
    cand = dashboard.snapshot.by_key(VLAN_KEY)
    twins = [cand] + [
        cand.__class__(**{**cand.__dict__, "key": f"{cand.key}:copy{n}"}) for n in range(50)
    ]
    snap = dashboard.snapshot.__class__(
        **{**dashboard.snapshot.__dict__, "candidates": tuple(twins)}
    )
    scatter.update_data(snap, {c.key: True for c in twins})
    passing = scatter.chart().series()[0]
    assert passing.count() == 1
    found = scatter.at_point(QPointF(cand.signal_count, cand.score))
    assert len(found) == 51
    json.dumps([p.x() for p in passing.points()])  # plain numbers
