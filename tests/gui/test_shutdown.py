"""Quitting after a long session is orderly: workers, the watcher and the services stop,
and the Qt objects are deleted before the interpreter finalizes.

The session runs the real app (``reverie.gui.app.run_app``) in a child process: files opened,
edited and saved, searches, the dreaming page, another program writing, a second workspace
opened, work still running when the window closes. The child reports what is left after
``run_app`` returns, then exits; a crash while finalizing shows in its exit code and stderr.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

DRIVER = textwrap.dedent(
    r"""
    import argparse, faulthandler, json, sys, threading
    from pathlib import Path

    import shiboken6
    from PySide6.QtCore import QThreadPool, QTimer
    from PySide6.QtWidgets import QApplication

    from reverie.gui import app as gui_app
    from reverie.gui.main_window import MainWindow

    faulthandler.enable()
    root, second, data = (Path(p) for p in sys.argv[1:4])
    rounds = int(sys.argv[4])
    app = QApplication(sys.argv[:1])
    found = {}

    def window():
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow):
                return widget
        return None

    def steps():
        w = window()
        found["window"] = w
        found["controller"] = w.controller
        while w.controller.service is None or w.controller.busy:
            yield 50
        for n in range(rounds):
            rel = f"memory/2026-11-{n % 28 + 1:02d}.md"
            (root / rel).write_text(f"# note {n}\n\n- written by the agent, round {n}\n")
            yield 100
            w.open_file("MEMORY.md")
            page = w.tabs.current_editor()
            page.editor.moveCursor(page.editor.textCursor().MoveOperation.End)
            page.editor.insertPlainText(f"- typed in round {n}\n")
            w.save_current()
            w.search.query_edit.setText(f"staging gateway round {n}")
            yield 60
            w.pages.setCurrentIndex((n + 1) % w.pages.count())
            yield 30
            if n == rounds // 2:
                w.open_workspace(second)
                while w.controller.service is None or w.controller.busy:
                    yield 50
                w.open_workspace(root)
                while w.controller.service is None:
                    yield 50
        w.controller.reindex(None, "indexing")  # still running when the window closes
        w.search.query_edit.setText("backups glacier")
        w.close()

    def drive(gen=None):
        gen = gen or steps()
        try:
            delay = next(gen)
        except StopIteration:
            return
        QTimer.singleShot(delay, lambda: drive(gen))

    def start():
        if window() is None:
            QTimer.singleShot(50, start)
        else:
            drive()

    QTimer.singleShot(0, start)
    args = argparse.Namespace(
        workspace=str(root), data_dir=str(data), state_dir=None, model="hash", verbose=False
    )
    code = gui_app.run_app(args)
    w, ctl = found["window"], found["controller"]
    report = {
        "code": code,
        "window_deleted": not shiboken6.isValid(w),
        "controller_deleted": not shiboken6.isValid(ctl),
        "threads": sorted(
            t.name for t in threading.enumerate()
            if t is not threading.main_thread() and t.is_alive()
        ),
        "pool_active": QThreadPool.globalInstance().activeThreadCount(),
    }
    print("REPORT " + json.dumps(report), flush=True)
    """
)


def make_workspace(root: Path, notes: int) -> None:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "# Long-Term Memory\n\n- The staging gateway lives on VLAN 20.\n"
        "- Backups go to S3 glacier every night.\n",
        encoding="utf-8",
    )
    for n in range(notes):
        (root / "memory" / f"2026-10-{n % 28 + 1:02d}.md").write_text(
            f"# 2026-10-{n % 28 + 1:02d}\n\n- note {n} about the router cluster and Dana\n",
            encoding="utf-8",
        )


def test_long_session_quits_in_order(tmp_path: Path) -> None:
    root, second = tmp_path / "ws", tmp_path / "ws2"
    make_workspace(root, 28)
    make_workspace(second, 5)
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1"}
    result = subprocess.run(
        [sys.executable, str(driver), str(root), str(second), str(tmp_path / "data"), "12"],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
        check=False,
    )
    assert "Fatal Python error" not in result.stderr, result.stderr[-3000:]
    assert result.returncode == 0, result.stderr[-3000:]
    lines = [line for line in result.stdout.splitlines() if line.startswith("REPORT ")]
    assert lines, result.stderr[-3000:]
    report = json.loads(lines[-1][len("REPORT ") :])
    assert report["code"] == 0
    assert report["window_deleted"], "the window outlived run_app"
    assert report["controller_deleted"], "the controller outlived run_app"
    assert report["threads"] == [], "threads still running after run_app"
    assert report["pool_active"] == 0
    typed = (root / "MEMORY.md").read_text(encoding="utf-8")
    assert "- typed in round 0" in typed and "- typed in round 11" in typed


EMITS = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QCoreApplication, QObject, Signal

    from reverie.gui.refcount_guard import guard_singletons

    app = QCoreApplication(sys.argv[:1])
    emits = sys.getrefcount(True) + sys.getrefcount(None) + 1000  # more than either has
    guard_singletons()

    class Ticker(QObject):
        tick = Signal(bool)

    ticker = Ticker()
    hits = []
    ticker.tick.connect(lambda on: hits.append(on) if len(hits) < 10 else None)
    for _ in range(emits):
        ticker.tick.emit(True)
    print("emitted", flush=True)
    """
)


def test_more_signals_than_true_has_references_do_not_crash(tmp_path: Path) -> None:
    """A session emits far more signals than ``True`` has references; with PySide6 6.12.0
    each emit takes one, which ends in ``Fatal Python error: bool_dealloc``."""
    script = tmp_path / "emits.py"
    script.write_text(EMITS, encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert "Fatal Python error" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == 0 and "emitted" in result.stdout, result.stderr[-2000:]
