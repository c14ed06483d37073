"""The desktop app on the hostile workspace: every problem shown once, nothing changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from reverie.gui.controller import Controller
from reverie.gui.main_window import MainWindow
from tests.fixtures.hostile_workspace import STATE, WORKSPACE, build_hostile_workspace
from tests.test_hostile_workspace import snapshot

from .conftest import wait_idle

EXPECTED = {
    "memory/binary.md": "binary file",
    "memory/latin1.md": "not valid UTF-8",
    "memory/large.md": "file too large",
    "memory/loop": "symbolic link",
    "memory/cycle.md": "symbolic link",
    "memory/x.md": "not a regular file",
    "sessions/s1.jsonl": "broken lines skipped",
}


def test_window_lists_each_problem_once_and_changes_nothing(
    qtbot: Any, tmp_path: Path, data_dir: Path
) -> None:
    build_hostile_workspace(tmp_path / "battery")
    root = tmp_path / "battery"
    before = snapshot(root)
    ctl = Controller(data_dir=data_dir, model_name="hash")
    win = MainWindow(ctl, QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    try:
        with qtbot.waitSignal(
            ctl.sig_model, timeout=20000, check_params_cb=lambda s, _d: s == "loaded"
        ):
            win.open_workspace(root / WORKSPACE, root / STATE)
        wait_idle(qtbot, ctl, timeout=60000)
        button = win.status.problems
        assert not button.isHidden()
        lines = button.toolTip().splitlines()
        assert button.text() == f"⚠ {len(EXPECTED)} file problems"
        for path, reason in EXPECTED.items():
            mine = [line for line in lines if line.startswith(f"{path}: ")]
            assert len(mine) == 1 and reason in mine[0], (path, lines)
        button.click()  # the details dialog lists the same lines
        box = win.status.problem_box
        assert box.detailedText().splitlines() == lines
        box.close()
        # the good notes are there and searchable
        hits = ctl.search_now("walruscrlf", ctl.saved_search_settings()).results
        assert hits and hits[0].path == "memory/crlf.md"
    finally:
        ctl.shutdown()
    after = snapshot(root)
    # the only thing added is the health review's own record of when it first saw each
    # MEMORY.md entry (a hidden folder OpenClaw neither injects nor indexes)
    own = {f"{WORKSPACE}/.reverie", f"{WORKSPACE}/.reverie/health"}
    own.add(f"{WORKSPACE}/.reverie/health/first-seen.json")
    assert set(after) - set(before) <= own
    assert {path: after[path] for path in before} == before
