"""Approve, edit, replace, reject, snooze and undo through the dashboard, checking the exact
bytes of MEMORY.md, the recall ledger and the review store afterwards."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from reverie.core.dreaming import ledger
from reverie.core.dreaming.approval import memory_after
from reverie.core.dreaming.review import REVIEW_RELATIVE_PATH
from tests.gui.dashboard.conftest import (
    BACKUP_KEY,
    LAMBDA_KEY,
    MEMORY,
    NOW,
    VLAN_KEY,
    record_day,
    settle,
)

NOW_ISO = "2026-04-08T09:00:00.000Z"


def read(root: Path, rel: Path | str) -> bytes:
    return (root / rel).read_bytes()


def js_json(data: Any) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def ledger_with(before: bytes, **entries: dict[str, Any]) -> bytes:
    """The ledger ``before`` with fields set on entries and ``updatedAt`` at NOW."""
    store = json.loads(before)
    store["updatedAt"] = NOW_ISO
    for key, fields in entries.items():
        store["entries"][key.replace("__", ":")].update(fields)
    return js_json(store)


def select(qtbot: Any, dash: Any, key: str) -> None:
    assert dash.select_key(key)
    assert dash.current_candidate().key == key


def test_approve_appends_exactly_what_was_previewed(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    ledger_before = read(root, ledger.LEDGER_RELATIVE_PATH)
    select(qtbot, dashboard, VLAN_KEY)
    cand = dashboard.current_candidate()
    assert cand.passes
    snap = dashboard.snapshot
    preview = memory_after(snap.memory_text, [cand], snap.now_ms, snap.timezone, style="reverie")
    assert "Router VLAN 30" in dashboard.detail.browser.toPlainText()

    assert dashboard.approve_selected()
    settle(qtbot, dashboard)

    expected = (
        MEMORY
        + "\n## Promoted From Short-Term Memory (2026-04-08)\n\n"
        + f"<!-- openclaw-memory-promotion:{VLAN_KEY} -->\n"
        + "- Router VLAN 30 hosts the staging cluster. [score=0.883 recalls=6 avg=0.850 "
        + "source=memory/2026-04-01.md:4-4]\n"
    )
    assert read(root, "MEMORY.md") == expected.encode("utf-8")
    assert read(root, "MEMORY.md") == preview.encode("utf-8")
    key_field = VLAN_KEY.replace(":", "__")
    assert read(root, ledger.LEDGER_RELATIVE_PATH) == ledger_with(
        ledger_before, **{key_field: {"promotedAt": NOW_ISO}}
    )
    stored = json.loads(read(root, REVIEW_RELATIVE_PATH))
    assert stored["decisions"][VLAN_KEY] == {
        "key": VLAN_KEY,
        "decision": "approved",
        "decidedAt": NOW_ISO,
        "path": "memory/2026-04-01.md",
        "startLine": 4,
        "endLine": 4,
        "snippet": "- Router VLAN 30 hosts the staging cluster.",
        "writtenText": "Router VLAN 30 hosts the staging cluster.",
        "evidence": {
            "signalCount": 6,
            "uniqueQueries": 5,
            "recallDays": 6,
            "totalScore": stored["decisions"][VLAN_KEY]["evidence"]["totalScore"],
        },
    }
    assert read(root, REVIEW_RELATIVE_PATH) == js_json(stored)
    assert stored["history"][-1]["memoryBefore"] == MEMORY
    assert "Approved 1" in dashboard.last_message
    assert dashboard.model.candidate(dashboard.model.row_of(VLAN_KEY)).review.kind == "approved"


def test_edit_then_approve_writes_the_edited_text(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    select(qtbot, dashboard, VLAN_KEY)
    dashboard.prompts.edit_answer = "Staging   cluster sits on\nVLAN 30 (since April)."
    assert dashboard.edit_and_approve()
    settle(qtbot, dashboard)
    assert dashboard.prompts.asked[0] == ("edit", "Router VLAN 30 hosts the staging cluster.")
    expected = (
        MEMORY
        + "\n## Promoted From Short-Term Memory (2026-04-08)\n\n"
        + f"<!-- openclaw-memory-promotion:{VLAN_KEY} -->\n"
        + "- Staging cluster sits on VLAN 30 (since April). [score=0.883 recalls=6 avg=0.850 "
        + "source=memory/2026-04-01.md:4-4]\n"
    )
    assert read(root, "MEMORY.md") == expected.encode("utf-8")
    stored = json.loads(read(root, REVIEW_RELATIVE_PATH))
    assert stored["decisions"][VLAN_KEY]["writtenText"] == (
        "Staging cluster sits on VLAN 30 (since April)."
    )


def test_approve_as_replacement_moves_the_old_line(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    ledger_before = read(root, ledger.LEDGER_RELATIVE_PATH)
    select(qtbot, dashboard, BACKUP_KEY)
    cand = dashboard.current_candidate()
    assert [(n.line, n.flag) for n in cand.nearest] == [(3, "may conflict")]
    dashboard.prompts.line_answer = 3
    snap = dashboard.snapshot
    preview = memory_after(
        snap.memory_text, [cand], snap.now_ms, snap.timezone, replace_line=3, style="reverie"
    )
    assert dashboard.approve_replacing()
    settle(qtbot, dashboard)
    assert dashboard.prompts.asked == [("replace", [(3, "may conflict")])]
    expected = (
        "# Long-Term Memory\n"
        "\n"
        f"<!-- openclaw-memory-promotion:{BACKUP_KEY} -->\n"
        "- Gateway backup runs nightly at 03:00 UTC. [score=0.888 recalls=6 avg=0.900 "
        "source=memory/2026-04-01.md:5-5]\n"
        "- Prefers tea over coffee.\n"
    )
    assert read(root, "MEMORY.md") == expected.encode("utf-8")
    assert read(root, "MEMORY.md") == preview.encode("utf-8")
    # the replaced line is kept in the health archive, out of the agent's bootstrap context
    assert (
        read(root, ".reverie/health/archive.md")
        .decode("utf-8")
        .endswith(
            "> - Gateway backup runs nightly at 02:00 UTC.\n"
            "\n"
            f"- Reason: replaced by the dream promotion {BACKUP_KEY}\n"
            "- Superseded by: Gateway backup runs nightly at 03:00 UTC.\n"
        )
    )
    key_field = BACKUP_KEY.replace(":", "__")
    assert read(root, ledger.LEDGER_RELATIVE_PATH) == ledger_with(
        ledger_before, **{key_field: {"promotedAt": NOW_ISO}}
    )
    stored = json.loads(read(root, REVIEW_RELATIVE_PATH))
    assert stored["decisions"][BACKUP_KEY]["replacedLine"] == (
        "- Gateway backup runs nightly at 02:00 UTC."
    )


def test_reject_with_reason_touches_only_the_review_store(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    ledger_before = read(root, ledger.LEDGER_RELATIVE_PATH)
    select(qtbot, dashboard, LAMBDA_KEY)
    dashboard.prompts.reason_answer = "search tuning, not a memory"
    assert dashboard.reject_current()
    settle(qtbot, dashboard)
    assert read(root, "MEMORY.md") == MEMORY.encode("utf-8")
    assert read(root, ledger.LEDGER_RELATIVE_PATH) == ledger_before
    stored = json.loads(read(root, REVIEW_RELATIVE_PATH))
    assert stored == {
        "version": 1,
        "updatedAt": NOW_ISO,
        "decisions": {
            LAMBDA_KEY: {
                "key": LAMBDA_KEY,
                "decision": "rejected",
                "decidedAt": NOW_ISO,
                "path": "memory/2026-04-01.md",
                "startLine": 7,
                "endLine": 7,
                "snippet": "We decided the MMR lambda stays at 0.7 for search.",
                "evidence": {
                    "signalCount": 1,
                    "uniqueQueries": 1,
                    "recallDays": 1,
                    "totalScore": 0.4,
                },
                "reason": "search tuning, not a memory",
            }
        },
        "history": [{"action": "reject", "key": LAMBDA_KEY, "at": NOW_ISO}],
    }
    assert read(root, REVIEW_RELATIVE_PATH) == js_json(stored)
    assert dashboard.model.candidate(dashboard.model.row_of(LAMBDA_KEY)).review.kind == "rejected"


def test_snooze_until_a_date(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    ledger_before = read(root, ledger.LEDGER_RELATIVE_PATH)
    select(qtbot, dashboard, BACKUP_KEY)
    dashboard.prompts.snooze_answer = date(2026, 4, 20)
    assert dashboard.snooze_current()
    settle(qtbot, dashboard)
    assert dashboard.prompts.asked == [("snooze", date(2026, 4, 8))]
    assert read(root, "MEMORY.md") == MEMORY.encode("utf-8")
    assert read(root, ledger.LEDGER_RELATIVE_PATH) == ledger_before
    assert read(root, REVIEW_RELATIVE_PATH) == js_json(
        {
            "version": 1,
            "updatedAt": NOW_ISO,
            "decisions": {
                BACKUP_KEY: {
                    "key": BACKUP_KEY,
                    "decision": "snoozed",
                    "decidedAt": NOW_ISO,
                    "path": "memory/2026-04-01.md",
                    "startLine": 5,
                    "endLine": 5,
                    "snippet": "- Gateway backup runs nightly at 03:00 UTC.",
                    "snoozedUntil": "2026-04-20",
                }
            },
            "history": [{"action": "snooze", "key": BACKUP_KEY, "at": NOW_ISO}],
        }
    )


def test_undo_restores_memory_and_ledger(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    ledger_before = read(root, ledger.LEDGER_RELATIVE_PATH)
    select(qtbot, dashboard, VLAN_KEY)
    assert dashboard.approve_selected()
    settle(qtbot, dashboard)
    assert read(root, "MEMORY.md") != MEMORY.encode("utf-8")
    assert dashboard.undo_last()
    settle(qtbot, dashboard)
    assert read(root, "MEMORY.md") == MEMORY.encode("utf-8")
    store = json.loads(ledger_before)
    store["updatedAt"] = NOW_ISO
    assert read(root, ledger.LEDGER_RELATIVE_PATH) == js_json(store)
    stored = json.loads(read(root, REVIEW_RELATIVE_PATH))
    assert stored["decisions"] == {}
    assert stored["history"][-1]["undone"] == NOW_ISO
    assert "memoryBefore" not in stored["history"][-1]
    assert read(root, REVIEW_RELATIVE_PATH) == js_json(stored)
    assert "Undid the approval" in dashboard.last_message


def test_batch_approve_asks_once(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    dashboard.table.selectAll()
    dashboard.prompts.confirm_answer = False
    assert not dashboard.approve_selected()
    assert read(root, "MEMORY.md") == MEMORY.encode("utf-8")
    dashboard.prompts.confirm_answer = True
    dashboard.gate_filter.setCurrentText("Passing")
    dashboard.table.selectAll()
    assert dashboard.approve_selected()
    settle(qtbot, dashboard)
    confirms = [a for a in dashboard.prompts.asked if a[0] == "confirm"]
    assert len(confirms) == 2
    assert "Append 2 candidates" in confirms[1][1]
    text = read(root, "MEMORY.md").decode("utf-8")
    assert text.count("openclaw-memory-promotion:") == 2
    assert text.startswith(MEMORY)


def test_external_ledger_write_refuses_then_refreshes(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    select(qtbot, dashboard, VLAN_KEY)
    shown_signals = dashboard.current_candidate().signal_count
    record_day(root, 7, "who runs the gateway")  # OpenClaw records a search meanwhile
    ledger_now = read(root, ledger.LEDGER_RELATIVE_PATH)
    with qtbot.waitSignal(dashboard.sig_refreshed, timeout=10000):
        refused = dashboard.approve_selected()
    assert not refused
    assert read(root, "MEMORY.md") == MEMORY.encode("utf-8")
    assert read(root, ledger.LEDGER_RELATIVE_PATH) == ledger_now
    assert not (root / REVIEW_RELATIVE_PATH).exists()
    title, message = dashboard.prompts.informed[-1]
    assert "short-term-recall.json changed on disk" in message
    assert "Nothing was written" in message
    assert dashboard.current_candidate().key == VLAN_KEY
    assert dashboard.current_candidate().signal_count == shown_signals + 1
    assert dashboard.approve_selected()
    settle(qtbot, dashboard)
    assert f"openclaw-memory-promotion:{VLAN_KEY}" in read(root, "MEMORY.md").decode()


def test_external_memory_edit_is_picked_up_by_the_watcher(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    with qtbot.waitSignal(dashboard.sig_refreshed, timeout=10000):
        (root / "MEMORY.md").write_text(MEMORY + "- Router VLAN 30 hosts the staging cluster.\n")
    cand = dashboard.snapshot.by_key(VLAN_KEY)
    assert cand is not None
    assert [n.flag for n in cand.nearest][0] == "already present"


def test_answers_after_the_page_is_gone_are_dropped(
    qtbot: Any, dream_ws: Path, tmp_path: Path
) -> None:
    """Switching workspace deletes the page while its refresh may still be running."""
    from reverie.core.service import MemoryService
    from reverie.gui.dashboard import DreamDashboard

    service = MemoryService(dream_ws, data_dir=tmp_path / "data-gone", model_name="hash")
    try:
        dash = DreamDashboard(service, now=NOW, timezone="UTC")
        qtbot.waitUntil(lambda: dash.snapshot is not None, timeout=10000)
        dash.refresh()
        dash.preview_phase("light")
        assert dash._tasks.busy  # a refresh and a phase preview still running
        dash.close_down()
        dash.deleteLater()
        # each worker's end is still delivered (it removes itself from the set)
        qtbot.waitUntil(lambda: not dash._tasks.busy, timeout=10000)
        qtbot.wait(100)  # any late signal would raise inside the event loop here
    finally:
        service.close()


def test_an_approval_is_said_before_the_view_is_refreshed(
    qtbot: Any, dashboard: Any, monkeypatch: Any
) -> None:
    """Re-reading the files after a write can take seconds on a busy machine: the write is
    reported as soon as it is done, while the review buttons wait for the fresh view."""
    import threading

    import reverie.gui.dashboard.dashboard as page

    release = threading.Event()
    real_load = page.load_snapshot

    def slow_load(engine: Any) -> Any:
        release.wait(10)
        return real_load(engine)

    monkeypatch.setattr(page, "load_snapshot", slow_load)
    select(qtbot, dashboard, VLAN_KEY)
    assert dashboard.approve_selected()
    try:
        qtbot.waitUntil(lambda: "Refreshing the view" in dashboard.status.text(), timeout=10000)
        assert dashboard.status.text().startswith("Approved 1")
        assert b"Router VLAN 30 hosts the staging cluster." in read(dashboard.root, "MEMORY.md")
        assert not dashboard.approve_selected()  # nothing acts on the stale view
    finally:
        with qtbot.waitSignal(dashboard.sig_refreshed, timeout=10000):
            release.set()
    assert dashboard.status.text().startswith("Approved 1")
    assert "Refreshing" not in dashboard.status.text()
