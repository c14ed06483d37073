"""Open the main window on a private copy of the demo, on the Purpose page (for screenshots).

python scripts/show_purpose.py [--tab telos|layers] [--select ITEM-ID]
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
TODAY = _dt.date(2026, 11, 30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tab", choices=("telos", "layers"), default="telos")
    parser.add_argument("--select", default="PRJ3", help="Telos item to show first")
    args = parser.parse_args(argv)
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory(prefix="reverie-purpose-") as tmp:
        shutil.copytree(DEMO, Path(tmp) / "demo")
        data = Path(tmp) / "data"
        controller = Controller(data_dir=data, model_name="hash")
        window = MainWindow(
            controller, QSettings(str(data / "window.ini"), QSettings.Format.IniFormat)
        )
        window.resize(1440, 900)
        window.show()
        window.open_workspace(Path(tmp) / "demo" / "workspace", Path(tmp) / "demo" / "state")
        page = window.purpose
        assert page is not None
        page.today = TODAY

        def shown() -> None:
            page.telos.select_key(args.select)
            page.telos.tree.scrollTo(page.telos.model.index_of(args.select))

        page.sig_loaded.connect(shown)
        page.refresh()
        window.pages.setCurrentWidget(page)
        page.tabs.setCurrentIndex(0 if args.tab == "telos" else 1)
        code = app.exec()
        controller.shutdown()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
