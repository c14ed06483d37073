"""The Dreaming page keeps up with its own writes (issue 12, item 6): the next action is
not refused as another program's change, the detail shows the new decision, clicks made
while an action works are not replayed, the lock message appears only when a lock is held,
and undo is journalled."""

from __future__ import annotations

import os
import subprocess
import time
from typing import Any

from PySide6.QtCore import Qt, QTimer

from reverie.core.dreaming import ledger

from .conftest import BACKUP_KEY, LAMBDA_KEY, VLAN_KEY


def _select(dash: Any, key: str) -> None:
    assert dash.select_key(key)


def _done(qtbot: Any, dash: Any) -> None:
    qtbot.waitUntil(lambda: not dash._acting, timeout=15000)


def test_next_action_right_after_an_approval_is_not_refused(qtbot: Any, dashboard: Any) -> None:
    _select(dashboard, VLAN_KEY)
    assert dashboard.approve_selected()
    _done(qtbot, dashboard)
    # straight away, before any watcher or refresh could catch up
    _select(dashboard, LAMBDA_KEY)
    dashboard.prompts.reason_answer = "not a memory"
    assert dashboard.reject_current()
    _done(qtbot, dashboard)
    assert dashboard.prompts.informed == [], "Reverie's own write is not another program's"
    assert "Rejected" in dashboard.last_message
    _select(dashboard, BACKUP_KEY)
    dashboard.prompts.snooze_answer = None
    dashboard.prompts.reason_answer = ""
    assert dashboard.reject_current()
    _done(qtbot, dashboard)
    assert dashboard.prompts.informed == []


def test_detail_shows_the_new_decision_at_once(qtbot: Any, dashboard: Any) -> None:
    _select(dashboard, LAMBDA_KEY)
    assert "decision: waiting" in dashboard.detail.browser.toPlainText()
    dashboard.prompts.reason_answer = "search tuning"
    assert dashboard.reject_current()
    _done(qtbot, dashboard)
    assert dashboard.current_candidate().key == LAMBDA_KEY
    assert "decision: rejected" in dashboard.detail.browser.toPlainText()


def test_lock_message_only_while_another_program_holds_the_lock(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    _select(dashboard, VLAN_KEY)
    assert dashboard.approve_selected()
    assert "lock" not in dashboard.status.text(), "nothing holds the lock"
    _done(qtbot, dashboard)
    # another program holds OpenClaw's lock for a moment
    holder = subprocess.Popen(["sleep", "30"])
    lock = root / ledger.LOCK_RELATIVE_PATH
    try:
        lock.write_text(f"{holder.pid}:{int(time.time() * 1000)}\n", encoding="utf-8")
        QTimer.singleShot(1200, lambda: os.unlink(lock))
        _select(dashboard, BACKUP_KEY)
        assert dashboard.approve_selected()
        assert "lock" in dashboard.status.text()
        # clicks and keys while it works are ignored, not queued
        assert not dashboard.buttons["reject"].isEnabled()
        qtbot.mouseClick(dashboard.buttons["reject"], Qt.MouseButton.LeftButton)
        assert not dashboard.reject_current()
        assert not dashboard.approve_selected()
        _done(qtbot, dashboard)
        qtbot.wait(200)
        assert not any(kind == "reason" for kind, _ in dashboard.prompts.asked)
        assert "Approved 1" in dashboard.last_message
    finally:
        holder.kill()
        holder.wait()


def test_undo_is_journalled(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    _select(dashboard, VLAN_KEY)
    assert dashboard.approve_selected()
    _done(qtbot, dashboard)
    assert dashboard.undo_last()
    _done(qtbot, dashboard)
    events = ledger.read_events(root)
    applied = [e for e in events if e.get("type") == "memory.promotion.applied"]
    undone = [e for e in events if e.get("type") == "memory.promotion.undone"]
    assert len(applied) == 1 and len(undone) == 1
    assert undone[0]["key"] == VLAN_KEY
    assert events.index(undone[0]) > events.index(applied[0])
