"""GUI fixtures: a controller on a temporary workspace with the fast hashing embedder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QSettings  # noqa: E402

from reverie.gui.controller import Controller  # noqa: E402
from reverie.gui.main_window import MainWindow  # noqa: E402
from reverie.gui.refcount_guard import guard_singletons  # noqa: E402
from reverie.gui.tasks import GuiThreadCollector  # noqa: E402

guard_singletons()  # PySide6 6.12.0 drops references on every emit: a long run would crash


@pytest.fixture(autouse=True, scope="session")
def _collect_on_gui_thread(qapp) -> None:  # type: ignore[no-untyped-def]
    """Garbage holding Qt objects (the widgets of earlier tests) is freed on the GUI thread,
    as in the app: freed by a collection a worker set off, it crashed the run."""
    GuiThreadCollector.install(qapp)


def wait_idle(qtbot, controller: Controller, timeout: int = 10000) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not controller.busy, timeout=timeout)


def open_window(  # type: ignore[no-untyped-def]
    qtbot, root: Path, data_dir: Path, model_name: str | None = "hash"
) -> tuple[MainWindow, Controller]:
    """A shown main window on ``root`` with its model loaded (the hashing one unless
    ``model_name`` says otherwise; None: the settings' model) and the index idle."""
    ctl = Controller(data_dir=data_dir, model_name=model_name)
    win = MainWindow(ctl, QSettings(str(data_dir / "window.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    with qtbot.waitSignal(
        ctl.sig_model, timeout=10000, check_params_cb=lambda s, _d: s == "loaded"
    ):
        win.open_workspace(root)
    wait_idle(qtbot, ctl)
    return win, ctl


@pytest.fixture
def controller(qtbot, workspace: Path, data_dir: Path) -> Iterator[Controller]:  # type: ignore[no-untyped-def]
    ctl = Controller(data_dir=data_dir, model_name="hash")
    with qtbot.waitSignal(
        ctl.sig_model, timeout=10000, check_params_cb=lambda s, _d: s == "loaded"
    ):
        ctl.open_workspace(workspace)
        ctl.load_model()
    wait_idle(qtbot, ctl)
    yield ctl
    ctl.shutdown()
