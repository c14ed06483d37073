"""Start the desktop app: the window first, the workspace and the model right after."""

from __future__ import annotations

import argparse
import gc
import logging
import logging.handlers
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QThreadPool, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from ..core.errors import ReverieError
from ..core.paths import data_dir_from, log_dir, resolve_workspace_and_state
from ..core.settings import AppSettings
from ..core.text import chinese, crosslingual
from .controller import Controller, install_language
from .main_window import MainWindow
from .refcount_guard import guard_singletons
from .resources import app_icon
from .tasks import GuiThreadCollector, refusal_text
from .theme import apply_theme

log = logging.getLogger(__name__)


def process_age_ms() -> float | None:
    """Milliseconds since this process started (Linux: from /proc), else None."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return (uptime - start_ticks / os.sysconf("SC_CLK_TCK")) * 1000.0


class FirstPaint(QObject):
    """Runs ``then`` once the window has been painted for the first time (so that opening the
    workspace and loading the model never delay it); optionally reports the start-up time."""

    def __init__(self, then: Callable[[], None], report: str | None) -> None:
        super().__init__()
        self.then = then
        self.report = report
        self.done = False
        QTimer.singleShot(1500, self._fire)  # no paint event (e.g. minimised): go on anyway

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.done and event.type() == QEvent.Type.Paint:
            if self.report:
                age = process_age_ms()
                text = f"{age:.0f} ms" if age is not None else "unknown"
                print(
                    f"reverie: first paint {text} after process start", file=sys.stderr, flush=True
                )
                if self.report == "quit":
                    QTimer.singleShot(0, QApplication.quit)
                    self.done = True
                    return False
            QTimer.singleShot(0, self._fire)
        return False

    def _fire(self) -> None:
        if not self.done:
            self.done = True
            self.then()


def configure_logging(log_dir: Path, verbose: bool) -> Path | None:
    """Log to a rotating file in ``log_dir`` (1 MB x 4); return its path, or None when the
    folder cannot be written."""
    root = logging.getLogger()
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            log_dir / "reverie.log", maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for existing in root.handlers:  # the console keeps to warnings unless --verbose
        if type(existing) is logging.StreamHandler:
            existing.setLevel(logging.DEBUG if verbose else logging.WARNING)
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    return log_dir / "reverie.log"


def install_excepthook(window: MainWindow) -> None:
    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(kind, exc, tb))
        log.error("uncaught exception\n%s", details)
        if isinstance(exc, ReverieError):
            window.show_error(refusal_text(exc), "")  # in the interface's language
        else:
            message = QCoreApplication.translate("MainWindow", "Unexpected error: {error}")
            window.show_error(message.format(error=exc), details)

    sys.excepthook = hook


GUI_SWITCH_INTERVAL_S = 0.0005
"""How long a thread that wants the interpreter lock waits before the holder is asked to
hand it over (Python's default: 5 ms). The UI thread needs the lock for every call from Qt
into Python (a model's data(), a slot); while a worker runs Python code (the start-up
listing and sync of a big workspace), each of those calls could wait the whole interval,
and a view's repaint makes hundreds. Measured with ``bench/gui_stalls.py
--switch-interval`` at 100,000 chunks, the longest stall at open: 446 ms at 5 ms, 111-128
ms at 1 ms, 79-93 ms at 0.5 ms (open to idle 5-6.5 s at each)."""


def responsive_interpreter(interval_s: float = GUI_SWITCH_INTERVAL_S) -> None:
    """Make the workers hand the interpreter lock back to the UI thread sooner."""
    sys.setswitchinterval(interval_s)


def apply_startup_settings(app: QApplication, settings: AppSettings) -> None:
    """The saved theme and language, put in place before any window is built."""
    if settings.theme != "system":
        apply_theme(app, settings.theme)
    install_language(app, settings.language)  # before any widget reads its text


def initial_workspace(args: argparse.Namespace, settings: AppSettings) -> tuple[Path, Path | None]:
    """The workspace and state folder to open at start: the command line first, then the
    settings (default workspace, OpenClaw state folder), then OpenClaw's default agent or
    the demo. A configured folder that has gone missing is skipped with a warning."""
    state = getattr(args, "state_dir", None)
    configured_state = settings.openclaw_state_dir
    if not state and configured_state:
        if Path(configured_state).expanduser().is_dir():
            state = configured_state
        else:
            log.warning("the configured OpenClaw state folder %s is missing", configured_state)
    workspace = getattr(args, "workspace", None)
    default = settings.default_workspace
    if not workspace and default:
        if Path(default).expanduser().is_dir():
            workspace = default
        else:
            log.warning("the default workspace %s is missing; opening another", default)
    return resolve_workspace_and_state(
        workspace, state, data_dir_from(getattr(args, "data_dir", None))
    )


def _preload_text() -> None:
    """jieba's dictionary, then CC-CEDICT's (the question's words in the other language)."""
    chinese.preload()
    crosslingual.preload()


def start_text_preload() -> None:
    """jieba's dictionary load holds the interpreter lock for about a second in one call:
    started before the window is built, it overlaps building it instead of holding up the
    first search (every search analyses its question) or Chinese note."""
    threading.Thread(target=_preload_text, name="text-preload", daemon=True).start()


def run_app(args: argparse.Namespace) -> int:
    data_dir = data_dir_from(getattr(args, "data_dir", None))
    log_file = configure_logging(log_dir(data_dir), bool(getattr(args, "verbose", False)))
    guard_singletons()
    responsive_interpreter()
    start_text_preload()
    existing = QApplication.instance()
    app = existing or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    GuiThreadCollector.install(app)  # garbage holding Qt objects is freed on this thread
    app.setApplicationName("Reverie")
    app.setOrganizationName("reverie")
    app.setWindowIcon(app_icon())
    controller = Controller(data_dir=data_dir, model_name=getattr(args, "model", None))
    settings = controller.app_settings
    apply_startup_settings(app, settings)
    try:
        root, state = initial_workspace(args, settings)
    except ReverieError as exc:
        QMessageBox.critical(None, "Reverie", refusal_text(exc))
        return 2
    qsettings = (
        QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat)
        if data_dir is not None
        else None
    )
    window = MainWindow(controller, qsettings)
    window.log_file = log_file
    install_excepthook(window)
    began = time.perf_counter()

    def open_initial() -> None:
        if controller.settings_problem:
            window.show_error(
                "Your settings could not all be read, so defaults are used where needed. "
                "Nothing was lost: " + controller.settings_problem,
                "",
            )
        window.open_workspace(root, state)
        query = os.environ.get("REVERIE_INITIAL_QUERY")
        if query:  # opens with a search shown (demos, screenshots): its first hit selected
            window.search.select_first_result_once()
            window.search.query_edit.setText(query)
        log.info(
            "workspace opened %.0f ms after the window was shown",
            (time.perf_counter() - began) * 1000,
        )

    first_paint = FirstPaint(open_initial, os.environ.get("REVERIE_STARTUP_REPORT"))
    window.installEventFilter(first_paint)
    window.show()
    code = app.exec()
    shut_down(app, window, controller, first_paint)
    if existing is None:
        app.shutdown()  # the application goes now, not while the interpreter finalizes
    return int(code)


def shut_down(
    app: QApplication, window: MainWindow, controller: Controller, *others: QObject
) -> None:
    """Quit in order: stop the background work (workers, the file watcher, the dreaming
    page's tasks), close the services, then delete the window, the controller and
    ``others`` while the application still exists. Left to the interpreter's finalization,
    Qt objects and worker threads go in no defined order, which can crash on exit."""
    sys.excepthook = sys.__excepthook__  # the hook shows errors in the window
    if shiboken6.isValid(window):
        dashboard = getattr(window, "dashboard", None)
        if dashboard is not None and shiboken6.isValid(dashboard):
            dashboard.close_down()
    controller.shutdown()
    QThreadPool.globalInstance().waitForDone()
    for obj in (window, *others, controller):
        if shiboken6.isValid(obj):
            shiboken6.delete(obj)
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
    gc.collect()
    log.info("shut down")
