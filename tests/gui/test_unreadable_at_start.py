"""A MEMORY.md that is not UTF-8: no message box on start, nothing written, an open says why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from reverie.core.workspace import UnreadableFile, Workspace
from reverie.gui import i18n
from reverie.gui.widgets.editor_tabs import UnreadablePage

from .conftest import open_window, wait_idle

LATIN1 = b"# Memory\n\n- Lunch at the caf\xe9 with Ana on Fridays.\n"
REASON = f"not valid UTF-8 (byte offset {LATIN1.index(0xE9)}); save it as UTF-8"


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of every message box shown (opened, executed or a static one)."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "open", lambda box, *_a: shown.append(box.text()))
    monkeypatch.setattr(QMessageBox, "exec", lambda box, *_a: shown.append(box.text()) or 0)
    for name in ("warning", "critical", "information", "question"):
        monkeypatch.setattr(
            QMessageBox, name, lambda *a, **_k: shown.append(str(a[2])) or QMessageBox.Ok
        )
    return shown


@pytest.fixture
def latin1(workspace: Path) -> Path:
    (workspace / "MEMORY.md").write_bytes(LATIN1)
    return workspace


def test_no_message_box_at_start_and_nothing_written(
    qtbot: Any, latin1: Path, data_dir: Path, boxes: list[str]
) -> None:
    win, ctl = open_window(qtbot, latin1, data_dir)
    try:
        assert boxes == [] and win.last_error_box is None
        page = win.tabs.currentWidget()
        assert win.tabs.current_editor() is None  # nothing to edit, nothing to save
        assert getattr(page, "rel_path", None) == "MEMORY.md"
        assert f"Cannot read MEMORY.md: {REASON}." in page.text()  # type: ignore[union-attr]
        assert win.tabs.tabText(win.tabs.indexOf(page)) == "⚠ MEMORY.md"
        assert "MEMORY.md" in win.status.problems.toolTip()
        win.save_current()
        win.close()
        wait_idle(qtbot, ctl)
    finally:
        ctl.shutdown()
    assert (latin1 / "MEMORY.md").read_bytes() == LATIN1
    assert boxes == []


def test_the_status_bar_says_it_at_start(
    qtbot: Any, latin1: Path, data_dir: Path, boxes: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(
        "reverie.gui.status_panel.StatusPanel.showMessage",
        lambda _self, text, *_a: said.append(text),
    )
    win, ctl = open_window(qtbot, latin1, data_dir)
    try:
        assert any(f"Cannot read MEMORY.md: {REASON}." in text for text in said), said
    finally:
        ctl.shutdown()
    assert boxes == []


def test_an_explicit_open_still_says_why(
    qtbot: Any, latin1: Path, data_dir: Path, boxes: list[str]
) -> None:
    win, ctl = open_window(qtbot, latin1, data_dir)
    try:
        win.tree.sig_open.emit(win.files["MEMORY.md"])  # a double-click in the tree
        assert boxes == [f"MEMORY.md: {REASON}"]
        win.tabs.close_tab(0)  # closed, then opened again from the tree
        assert win.tabs.count() == 0
        win.tree.sig_open.emit(win.files["MEMORY.md"])
        assert boxes[1:] == [f"MEMORY.md: {REASON}"] and win.tabs.count() == 0
    finally:
        ctl.shutdown()
    assert (latin1 / "MEMORY.md").read_bytes() == LATIN1


def test_the_tab_opens_the_file_once_it_reads(
    qtbot: Any, latin1: Path, data_dir: Path, boxes: list[str]
) -> None:
    """Saved as UTF-8 by another program, MEMORY.md opens in its tab, to edit."""
    win, ctl = open_window(qtbot, latin1, data_dir)
    try:
        (latin1 / "MEMORY.md").write_bytes(LATIN1.decode("latin-1").encode("utf-8"))
        qtbot.waitUntil(lambda: win.tabs.current_editor() is not None, timeout=10000)
        page = win.tabs.current_editor()
        assert page is not None and "café" in page.text and not page.dirty
        assert win.tabs.count() == 1 and win.tabs.tabText(0) == "MEMORY.md"
        wait_idle(qtbot, ctl)
    finally:
        ctl.shutdown()
    assert boxes == []


def test_the_tab_says_it_in_chinese(qapp: Any, latin1: Path) -> None:
    with pytest.raises(UnreadableFile) as refused:
        Workspace(latin1).read_text("MEMORY.md")
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    try:
        page = UnreadablePage("MEMORY.md")
        page.show_reason(refused.value)
    finally:
        i18n.remove_translators(qapp)
    offset = LATIN1.index(0xE9)
    assert (
        page.sentence
        == f"无法读取 MEMORY.md：不是有效的 UTF-8（字节偏移 {offset}）；请以 UTF-8 保存。"
    )
    assert "没有向它写入任何内容" in page.text()
