"""Open the dreaming dashboard on a private copy of the demo workspace (for screenshots).

python scripts/show_dashboard.py [--select KEY-PART]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))

from PySide6.QtWidgets import QApplication, QMainWindow  # noqa: E402

from reverie.core.service import MemoryService  # noqa: E402
from reverie.gui.dashboard import DreamDashboard  # noqa: E402

DEMO = ROOT / "resources" / "demo" / "workspace"
TIMEZONE = "Asia/Singapore"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--select", default="2026-11-17.md", help="candidate to show first")
    args = parser.parse_args(argv)
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory(prefix="reverie-dashboard-") as tmp:
        ws = Path(tmp) / "workspace"
        shutil.copytree(DEMO, ws)
        service = MemoryService(ws, data_dir=Path(tmp) / "data", model_name="hash")
        window = QMainWindow()
        window.setWindowTitle("Reverie — Dreaming")
        dashboard = DreamDashboard(
            service, now=datetime(2026, 11, 30, 9, 0, tzinfo=ZoneInfo(TIMEZONE)), timezone=TIMEZONE
        )
        window.setCentralWidget(dashboard)

        def pick() -> None:
            for cand in dashboard.model.candidates():
                if args.select in cand.key:
                    dashboard.select_key(cand.key)
                    break

        dashboard.sig_refreshed.connect(pick)
        window.resize(1440, 900)
        window.show()
        code = app.exec()
        service.close()
    return code


if __name__ == "__main__":
    raise SystemExit(main())
