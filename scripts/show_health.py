"""Open the main window on a private copy of the demo, on the Health page (for screenshots).

python scripts/show_health.py [--select TEXT] [--action retire|update|merge|keep|snooze]
"""

from __future__ import annotations

import argparse
import datetime as _dt
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from reverie.gui.controller import Controller  # noqa: E402
from reverie.gui.main_window import MainWindow  # noqa: E402

DEMO = ROOT / "resources" / "demo"
NOW = _dt.datetime(2026, 12, 1, 9, 0, tzinfo=_dt.UTC)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--select", default="Rent", help="show the finding whose entry has this text"
    )
    parser.add_argument("--action", default=None, help="preview this action on it")
    parser.add_argument("--cut", action="store_true", help="open the truncation panel")
    args = parser.parse_args(argv)
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory(prefix="reverie-health-") as tmp:
        shutil.copytree(DEMO, Path(tmp) / "demo")
        data = Path(tmp) / "data"
        controller = Controller(data_dir=data, model_name="hash")
        window = MainWindow(
            controller, QSettings(str(data / "window.ini"), QSettings.Format.IniFormat)
        )
        window.resize(1440, 900)
        window.show()
        window.open_workspace(Path(tmp) / "demo" / "workspace", Path(tmp) / "demo" / "state")
        page = window.health
        assert page is not None
        page.now = NOW
        done = {"shown": False}

        def shown() -> None:
            if done["shown"] or page.report is None:
                return
            done["shown"] = True
            match = next((f for f in page.report.findings if args.select in f.text), None)
            if match is not None:
                page.select(match.id)
                if args.action:
                    page.preview(args.action)
            if args.cut:
                page.cut_button.setChecked(True)

        page.sig_loaded.connect(shown)
        page.refresh()
        window.pages.setCurrentWidget(page)
        code = app.exec()
        controller.shutdown()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
