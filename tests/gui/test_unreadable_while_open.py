"""An open file another program re-saves as Latin-1 (or replaces with a folder): the tab
and the status bar say why, no message box, nothing written unasked, unsaved text kept,
and the tab recovers once the file reads again."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from reverie.gui import i18n
from reverie.gui.controller import Controller
from reverie.gui.widgets.conflict_bar import ConflictBar
from reverie.gui.widgets.editor import EditorPage
from reverie.gui.widgets.editor_tabs import EditorTabs

from .conftest import open_window, wait_idle
from .test_editor_conflicts import external_write, type_at_end
from .test_editor_conflicts import open_page as open_any_page

REL = "memory/2026-12-01.md"
UTF8 = "# 2026-12-01\n\n- Lunch at the café with Ana.\n"
LATIN1 = b"caf\xe9\n"
CANNOT_READ = (
    f"Cannot read {REL}: not valid UTF-8 (byte offset {LATIN1.index(0xE9)}); save it as UTF-8."
)


@pytest.fixture
def daily(workspace: Path) -> Path:
    (workspace / REL).write_text(UTF8, encoding="utf-8")
    return workspace / REL


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of every message box shown; a question is answered Discard/No."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "open", lambda box, *_a: shown.append(box.text()))
    monkeypatch.setattr(QMessageBox, "exec", lambda box, *_a: shown.append(box.text()) or 0)
    for name in ("warning", "critical", "information"):
        monkeypatch.setattr(
            QMessageBox, name, lambda *a, **_k: shown.append(str(a[2])) or QMessageBox.Ok
        )
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda *a, **_k: shown.append(str(a[2])) or QMessageBox.StandardButton.Discard,
    )
    return shown


@pytest.fixture
def tabs(qtbot: Any, controller: Controller, daily: Path) -> EditorTabs:
    widget = EditorTabs(controller)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def open_page(tabs: EditorTabs) -> EditorPage:
    return open_any_page(tabs, REL)


def turned_latin1(
    qtbot: Any, controller: Controller, tabs: EditorTabs, daily: Path, dirty: bool = True
) -> tuple[EditorPage, str]:
    """The note open in a tab (with a line typed at its end when ``dirty``), then re-saved
    as Latin-1 by another program: the page once its bar says so, and the text it shows."""
    page = open_page(tabs)
    mine = type_at_end(page, "- booked the corner table\n") if dirty else page.text
    external_write(qtbot, controller, daily, LATIN1)
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    return page, mine


def test_a_clean_file_turning_latin1_is_said_in_the_tab_and_status_bar(
    qtbot: Any, workspace: Path, daily: Path, data_dir: Path, boxes: list[str]
) -> None:
    said: list[str] = []
    win, ctl = open_window(qtbot, workspace, data_dir)
    win.tabs.sig_status.connect(said.append)
    try:
        win.open_file(REL)
        page = win.tabs.current_editor()
        assert page is not None
        external_write(qtbot, ctl, daily, LATIN1)
        qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
        assert boxes == [] and win.last_error_box is None  # no message box, no traceback
        message = page.conflict_bar.message.text()
        assert message.startswith(CANNOT_READ)
        assert "Nothing was written to it" in message
        assert CANNOT_READ in said
        assert win.tabs.tabText(win.tabs.indexOf(page)) == "⚠ 2026-12-01.md"
        assert not page.conflict_bar.merge_btn.isVisible()
        assert page.text == UTF8 and not page.dirty  # the last text read stays on show

        win.save_current()  # Ctrl+S: refused, said again, nothing written
        assert said[-1] == CANNOT_READ
        assert daily.read_bytes() == LATIN1
        wait_idle(qtbot, ctl)
        win.close()
    finally:
        ctl.shutdown()
    assert daily.read_bytes() == LATIN1
    assert boxes == [] and win.last_error_box is None


def test_unsaved_edits_survive_and_are_not_saved_over_it_unasked(
    qtbot: Any,
    controller: Controller,
    tabs: EditorTabs,
    daily: Path,
    monkeypatch: pytest.MonkeyPatch,
    boxes: list[str],
) -> None:
    page, mine = turned_latin1(qtbot, controller, tabs, daily)
    assert page.text == mine and page.dirty
    message = page.conflict_bar.message.text()
    assert message.startswith(CANNOT_READ) and "Your unsaved text is kept here" in message
    assert tabs.tabText(tabs.indexOf(page)) == "⚠ ● 2026-12-01.md"

    assert not page.save()  # Ctrl+S never writes over it
    assert daily.read_bytes() == LATIN1 and page.text == mine and page.dirty

    asked: list[str] = []
    monkeypatch.setattr(page, "confirm", lambda _title, text: asked.append(text) or False)
    qtbot.mouseClick(page.conflict_bar.keep_btn, Qt.MouseButton.LeftButton)
    assert asked and asked[0].startswith(CANNOT_READ)
    assert "What the file holds now will be replaced" in asked[0]
    assert daily.read_bytes() == LATIN1 and page.text == mine  # declined: nothing written

    # closing the tab asks; "Save" is refused like Ctrl+S and the tab stays open
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: QMessageBox.StandardButton.Save)
    assert not tabs.close_tab(tabs.indexOf(page))
    assert tabs.page_for(REL) is page and page.text == mine
    assert daily.read_bytes() == LATIN1
    assert boxes == []
    wait_idle(qtbot, controller)


def test_keep_mine_writes_only_over_the_bytes_shown_after_confirmation(
    qtbot: Any,
    controller: Controller,
    tabs: EditorTabs,
    daily: Path,
    monkeypatch: pytest.MonkeyPatch,
    boxes: list[str],
) -> None:
    page, mine = turned_latin1(qtbot, controller, tabs, daily)
    later = LATIN1 + b"na\xefve\n"

    def confirm_while_it_changes(*_args: object) -> bool:
        daily.write_bytes(later)  # written again while the question is open
        return True

    monkeypatch.setattr(page, "confirm", confirm_while_it_changes)
    qtbot.mouseClick(page.conflict_bar.keep_btn, Qt.MouseButton.LeftButton)
    assert daily.read_bytes() == later, "bytes the person was not shown were overwritten"
    assert page.conflict_bar.isVisible() and page.text == mine

    monkeypatch.setattr(page, "confirm", lambda *_a: True)  # confirmed over what is shown
    qtbot.mouseClick(page.conflict_bar.keep_btn, Qt.MouseButton.LeftButton)
    assert daily.read_text(encoding="utf-8") == mine
    assert not page.dirty and not page.conflict_bar.isVisible()
    assert tabs.tabText(tabs.indexOf(page)) == "2026-12-01.md"
    wait_idle(qtbot, controller)
    assert boxes == []


@pytest.mark.parametrize("dirty", [False, True], ids=["clean", "dirty"])
def test_the_tab_recovers_once_the_file_reads_again(
    qtbot: Any,
    controller: Controller,
    tabs: EditorTabs,
    daily: Path,
    dirty: bool,
    boxes: list[str],
) -> None:
    page, mine = turned_latin1(qtbot, controller, tabs, daily, dirty)
    fixed = LATIN1.decode("latin-1").encode("utf-8")
    external_write(qtbot, controller, daily, fixed)
    qtbot.waitUntil(lambda: page.unreadable is None, timeout=5000)
    assert tabs.tabText(tabs.indexOf(page)).startswith(("● ", "2026")), "no ⚠ any more"
    if dirty:  # an ordinary conflict now: merge or reload, nothing lost
        assert page.text == mine and page.dirty
        assert page.conflict_bar.merge_btn.isVisible()
    else:
        assert page.text == "café\n" and not page.dirty
        assert not page.conflict_bar.isVisible()
    assert daily.read_bytes() == fixed
    wait_idle(qtbot, controller)
    assert boxes == []


def test_a_folder_in_its_place_is_said_and_nothing_is_written(
    qtbot: Any,
    controller: Controller,
    tabs: EditorTabs,
    daily: Path,
    boxes: list[str],
) -> None:
    page = open_page(tabs)
    mine = type_at_end(page, "- booked the corner table\n")
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        daily.unlink()
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    daily.mkdir()
    page.on_disk_changed()  # whether or not a watcher reports a new folder
    assert page.conflict_bar.message.text().startswith(f"Cannot read {REL}: not a regular file.")
    assert not page.conflict_bar.keep_btn.isVisible()  # its bytes cannot be kept from loss
    assert not page.save()
    assert daily.is_dir() and page.text == mine and page.dirty
    shutil.rmtree(daily)
    wait_idle(qtbot, controller)
    assert boxes == []


def test_the_bar_says_it_in_chinese(qapp: Any) -> None:
    assert i18n.install_translator(qapp, "zh_CN") == "zh_CN"
    try:
        bar = ConflictBar()
        bar.show_unreadable("无法读取 a.md。", dirty=True, keep=True)
        dirty = bar.message.text()
        bar.show_unreadable("无法读取 a.md。", dirty=False, keep=True)
        clean = bar.message.text()
    finally:
        i18n.remove_translators(qapp)
    assert dirty.startswith("无法读取 a.md。你未保存的文字")
    assert clean.startswith("无法读取 a.md。没有向它写入任何内容")
