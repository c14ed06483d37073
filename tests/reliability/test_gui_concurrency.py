"""The GUI while another program writes: the editor never saves over an agent's appends,
and the dashboard's approve waits for OpenClaw's lock or says clearly that it timed out."""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtGui import QTextCursor  # noqa: E402

from reverie.core.dreaming import ledger  # noqa: E402
from reverie.gui.controller import Controller  # noqa: E402
from reverie.gui.widgets.editor import EditorPage  # noqa: E402
from reverie.gui.widgets.editor_tabs import EditorTabs  # noqa: E402
from tests.gui.conftest import wait_idle  # noqa: E402
from tests.gui.dashboard.conftest import MEMORY, VLAN_KEY  # noqa: E402

from .helpers import (  # noqa: E402
    digests,
    finish,
    hold_lock,
    read_line,
    sha,
    short_lock_timeout,
    spawn_child,
)

APPENDS = 50
LINE = "- agent note {i:04d} token kiwi{i:04d}"


def _type_at_end(page: EditorPage, text: str) -> None:
    page.editor.moveCursor(QTextCursor.MoveOperation.End)
    page.editor.insertPlainText(text)


def test_editor_never_saves_over_external_appends(
    qtbot: Any, controller: Controller, workspace: Path
) -> None:
    rel = f"memory/{_dt.date.today().isoformat()}.md"
    path = workspace / rel
    header = f"# {_dt.date.today().isoformat()}\n\n"
    path.write_text(header, encoding="utf-8")
    tabs = EditorTabs(controller)
    qtbot.addWidget(tabs)
    tabs.show()
    page = tabs.open_file(rel)
    assert isinstance(page, EditorPage)

    proc = spawn_child(
        {"op": "append", "root": str(workspace), "rel": rel, "line": LINE}
        | {"count": APPENDS, "interval": 0.05}
    )
    refused = 0
    try:
        read_line(proc)
        assert read_line(proc) == "started"
        while refused < 4:
            qtbot.waitUntil(
                lambda: sha(path.read_bytes()) != page.loaded_hash or proc.poll() is not None,
                timeout=10000,
            )
            if proc.poll() is not None:
                break
            mine = f"- my unsaved edit {refused}\n"
            _type_at_end(page, mine)
            on_disk = path.read_bytes()
            assert not page.save(), "a save over a file that changed on disk is refused"
            assert page.conflict_bar.isVisible()
            after = path.read_bytes()
            assert after.startswith(on_disk) and mine.encode() not in after
            assert mine in page.text, "the buffer keeps the unsaved edit"
            page.reload_theirs()
            refused += 1
        _out, err = finish(proc)
        assert proc.returncode == 0, err
    finally:
        finish(proc, timeout=0)
    assert refused >= 1
    wait_idle(qtbot, controller)
    page.reload_theirs()
    assert page.text == path.read_text(encoding="utf-8")
    _type_at_end(page, "- final edit\n")
    assert page.save()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines == [
        header.strip(),
        "",
        *(LINE.format(i=i) for i in range(APPENDS)),
        "- final edit",
    ]
    wait_idle(qtbot, controller)


WATCHED = ["MEMORY.md", str(ledger.LEDGER_RELATIVE_PATH)]


def test_dashboard_approve_waits_for_openclaws_lock(qtbot: Any, dashboard: Any) -> None:
    root = dashboard.root
    before = digests(root, WATCHED)
    assert dashboard.select_key(VLAN_KEY)
    proc = hold_lock(root, WATCHED, hold=1.0)
    seen: list[str] = []
    ticks = QTimer()  # the window keeps processing events while the approval waits
    ticks.setInterval(50)
    ticks.timeout.connect(lambda: seen.append(dashboard.status.text()))
    ticks.start()
    try:
        read_line(proc)
        assert dashboard.approve_selected(), dashboard.last_message  # started off the UI thread
        qtbot.waitUntil(lambda: not dashboard._acting, timeout=15000)
        released = read_line(proc)
    finally:
        ticks.stop()
        finish(proc)
    assert json.loads(released) == {"releasing": before}, "nothing written while it was held"
    waiting = [t for t in seen if "waiting for the ledger lock" in t]
    assert len(waiting) >= 5, seen  # ~1 s of waiting, shown, with the UI responsive
    assert not dashboard.approve_selected()  # already approved: nothing left to do
    text = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert text.startswith(MEMORY) and f"openclaw-memory-promotion:{VLAN_KEY}" in text


def test_dashboard_approve_reports_a_lock_timeout_and_writes_nothing(
    qtbot: Any, dashboard: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = dashboard.root
    before = digests(root, WATCHED)
    assert dashboard.select_key(VLAN_KEY)
    release = tmp_path / "release"
    proc = hold_lock(root, WATCHED, hold=60, release_file=release)
    try:
        read_line(proc)
        short_lock_timeout(monkeypatch, 0.5)
        assert dashboard.approve_selected()  # started off the UI thread
        qtbot.waitUntil(lambda: not dashboard._acting, timeout=15000)
        assert "Timed out waiting for short-term promotion lock" in dashboard.last_message
        assert "held by running process" in dashboard.last_message
        assert any("Timed out" in text for _title, text in dashboard.prompts.informed)
        assert digests(root, WATCHED) == before
    finally:
        release.touch()
        finish(proc)
