"""The main window on a real workspace: tree, status bar, search -> editor, file actions."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QInputDialog, QMessageBox

from reverie.core.errors import UserError
from reverie.gui import controller as controller_module
from reverie.gui.controller import Controller, move_to_trash
from reverie.gui.dialogs.shortcuts_dialog import menu_shortcuts
from reverie.gui.main_window import MainWindow
from reverie.gui.widgets.editor import EditorPage

from .conftest import open_window, wait_idle


@pytest.fixture
def window(qtbot, workspace: Path, data_dir: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    win, ctl = open_window(qtbot, workspace, data_dir)
    yield win
    ctl.shutdown()


def test_window_shows_tree_status_and_icon(window: MainWindow) -> None:
    assert not window.windowIcon().isNull()
    assert window.tree.model.rowCount() == 5
    assert window.status.files.text() == "4 files"
    assert "pending" in window.status.pending.text()
    assert window.status.model.text().endswith("ready")


def test_the_window_fits_a_small_screen(window: MainWindow) -> None:
    """The Dreaming page's five charts and six buttons made the window at least 1128 x 673;
    narrower, the charts scroll and Undo sits on a second row."""
    hint = window.minimumSizeHint()
    assert hint.width() <= 900 and hint.height() <= 680, hint


def test_search_hit_opens_file_at_lines(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.controller.sig_search_result, timeout=10000):
        window.search.query_edit.setText("restore test minutes")
    qtbot.waitUntil(lambda: window.search.model.rowCount() > 0, timeout=5000)
    window.search.table.selectRow(0)
    hit = window.search.model.hit(0)
    page = window.tabs.current_editor()
    assert isinstance(page, EditorPage) and hit is not None
    assert page.rel_path == hit.path
    assert page.editor.marked_lines == (hit.start_line, hit.end_line)


def test_new_daily_note_rename_and_trash(
    qtbot, window: MainWindow, workspace: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    window.new_daily_note()
    rel = f"memory/{dt.date.today().isoformat()}.md"
    assert (workspace / rel).read_text(encoding="utf-8").startswith(f"# {dt.date.today()}")
    assert window.tabs.current_editor().rel_path == rel  # type: ignore[union-attr]
    wait_idle(qtbot, window.controller)
    window.controller.rename(rel, "memory/renamed.md")
    assert not (workspace / rel).exists() and (workspace / "memory/renamed.md").exists()
    with pytest.raises(UserError):
        window.controller.rename("memory/renamed.md", "MEMORY.md")  # never replaces a file
    trashed: list[Path] = []
    monkeypatch.setattr(controller_module, "move_to_trash", trashed.append)
    window.controller.delete("memory/renamed.md")
    assert trashed == [workspace / "memory/renamed.md"]
    wait_idle(qtbot, window.controller)


@pytest.mark.parametrize("dirty", [False, True], ids=["clean", "unsaved-edits"])
def test_renaming_an_open_note_keeps_its_tab(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, workspace: Path, monkeypatch, dirty: bool
) -> None:
    """The tree's Rename… moves the file; its tab stays open under the new name, with the
    unsaved edits still there to save (into the new file)."""
    rel, new_rel = "memory/2026-11-02.md", "memory/projects/鹦鹉计划.md"
    page = window.tabs.open_file(rel)
    assert isinstance(page, EditorPage)
    if dirty:
        page.editor.moveCursor(QTextCursor.MoveOperation.End)
        page.editor.insertPlainText("- 鹦鹉计划下周启动。\n")
    text = page.text
    asked: list[str] = []
    monkeypatch.setattr(QInputDialog, "getText", lambda *_a, **_k: (new_rel, True))
    monkeypatch.setattr(
        QMessageBox, "question", lambda *a, **_k: asked.append(a[2]) or QMessageBox.Cancel
    )
    mf = next(
        f for f in window.controller.service.workspace.list_memory_files()[0] if f.rel_path == rel
    )  # type: ignore[union-attr]
    window.rename_file(mf)
    assert asked == []  # nothing to decide: the edits go along
    assert not (workspace / rel).exists() and (workspace / new_rel).exists()
    assert window.tabs.page_for(new_rel) is page and window.tabs.page_for(rel) is None
    index = window.tabs.indexOf(page)
    assert index >= 0 and window.tabs.tabToolTip(index) == new_rel
    assert window.tabs.tabText(index) == ("● 鹦鹉计划.md" if dirty else "鹦鹉计划.md")
    assert page.text == text and page.dirty is dirty
    if dirty:
        assert page.save()
        assert (workspace / new_rel).read_text(encoding="utf-8") == text
        assert not (workspace / rel).exists()
    wait_idle(qtbot, window.controller)
    assert window.tabs.page_for(new_rel) is page  # the watcher's news of the move changes nothing
    assert not page.conflict_bar.isVisible() and page.text == text


def test_delete_is_refused_without_a_trash(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import builtins

    from PySide6.QtCore import QFile

    real_import = builtins.__import__

    def no_send2trash(name: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name == "send2trash":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_send2trash)
    monkeypatch.setattr(QFile, "moveToTrash", staticmethod(lambda _p: (False, "")))
    victim = tmp_path / "note.md"
    victim.write_text("keep me", encoding="utf-8")
    with pytest.raises(UserError, match="not deleted"):
        move_to_trash(victim)
    assert victim.read_text(encoding="utf-8") == "keep me"


def test_why_not_explains_selected_lines(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.controller.sig_search_result, timeout=10000):
        window.search.query_edit.setText("flat white coffee")
    window.open_file("memory/2026-11-02.md")
    page = window.tabs.current_editor()
    assert page is not None
    page.editor.go_to_line(4)
    dialog = window.why_not_dialog()
    assert dialog is not None
    qtbot.addWidget(dialog)
    text = dialog.view.toPlainText()
    assert "memory/2026-11-02.md:4-4" in text
    if window.controller.can_explain:
        assert "stage" in text and "reason" in text
    else:
        assert "candidates" in text


def test_session_transcript_opens_read_only_as_conversation(qtbot, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    from reverie.core.paths import demo_workspace
    from reverie.gui.widgets.conversation_view import ConversationView

    ws, state = demo_workspace(data_dir)
    ctl = Controller(data_dir=data_dir, model_name="hash")
    try:
        ctl.open_workspace(ws, state)
        wait_idle(qtbot, ctl)
        sessions = [
            f for f in ctl.service.workspace.list_memory_files()[0] if f.source == "sessions"
        ]  # type: ignore[union-attr]
        assert sessions
        from reverie.gui.widgets.editor_tabs import EditorTabs

        tabs = EditorTabs(ctl)
        qtbot.addWidget(tabs)
        view = tabs.open_file(sessions[0])
        assert isinstance(view, ConversationView) and view.isReadOnly()
        assert view.messages and {m.role for m in view.messages} <= {"user", "assistant"}
        assert view.messages[0].text.split()[0] in view.toPlainText()
    finally:
        ctl.shutdown()


def test_keyboard_palette_focus_search_and_shortcut_list(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    palette = window.palette
    assert palette is not None and palette.isVisible()
    palette.edit.setText("2026")  # quick open: the daily notes match
    item = palette.list.currentItem()
    assert item is not None and item.text().startswith("memory/2026")
    target = item.text()
    qtbot.keyClick(palette.edit, Qt.Key.Key_Return)
    page = window.tabs.current_editor()
    assert page is not None and page.rel_path == target
    # ":N" goes to a line of the open note
    window.show_palette(":2")
    qtbot.keyClick(window.palette.edit, Qt.Key.Key_Return)
    assert page.editor.textCursor().blockNumber() == 1
    # ">" runs a command: the Dreaming page
    window.show_palette(">dreaming page")
    qtbot.keyClick(window.palette.edit, Qt.Key.Key_Return)
    assert window.pages.currentWidget() is window.dashboard
    window.pages.setCurrentIndex(0)
    # Ctrl+Shift+F focuses the search box
    window.activateWindow()
    page.editor.setFocus()
    qtbot.keyClick(
        page.editor,
        Qt.Key.Key_F,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.search.query_edit.hasFocus()
    # Help lists every menu shortcut, the palette's included
    groups = dict(menu_shortcuts(window.menuBar()))
    assert ("Go to file or command", "Ctrl+P") in groups["View"]
    assert ("Focus search", "Ctrl+Shift+F, Ctrl+K") in groups["View"]


def test_unexpected_error_dialog_names_the_log(window: MainWindow, tmp_path: Path) -> None:
    window.log_file = tmp_path / "logs" / "reverie.log"
    window.show_error("Unexpected error: boom", "Traceback ...")
    box = window.last_error_box
    assert box is not None
    assert str(window.log_file) in box.informativeText()
    assert box.detailedText() == "Traceback ..."
    assert any(b.text() == "Open log folder" for b in box.buttons())
    box.close()
    window.show_error("A plain refusal", "")  # an expected error: no log talk
    assert window.last_error_box is not None and window.last_error_box.informativeText() == ""
    window.last_error_box.close()


def test_demo_workspace_shows_the_first_run_bar(
    qtbot, window: MainWindow, workspace: Path, data_dir: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from reverie.core.paths import demo_workspace
    from reverie.gui import main_window as main_window_module

    asked: list[str] = []  # the folder dialog the button opens (answered "cancel")
    monkeypatch.setattr(
        main_window_module.QFileDialog,
        "getExistingDirectory",
        staticmethod(lambda *_a, **_k: asked.append("open") or ""),
    )

    assert window.demo_bar.isHidden()  # a real workspace: no bar
    demo_root, demo_state = demo_workspace(data_dir)
    with qtbot.waitSignal(window.controller.sig_workspace_changed, timeout=10000):
        window.open_workspace(demo_root, demo_state)
    wait_idle(qtbot, window.controller)
    assert not window.demo_bar.isHidden()
    assert "demo workspace" in window.demo_bar.message.text()
    window.demo_bar.open_btn.click()
    assert asked == ["open"]
    window.demo_bar.close_btn.click()
    assert window.demo_bar.isHidden()
    with qtbot.waitSignal(window.controller.sig_workspace_changed, timeout=10000):
        window.open_workspace(demo_root, demo_state)
    assert not window.demo_bar.isHidden()  # shown again for the demo
    with qtbot.waitSignal(window.controller.sig_workspace_changed, timeout=10000):
        window.open_workspace(workspace)
    wait_idle(qtbot, window.controller)
    assert window.demo_bar.isHidden()


def test_hidden_dreaming_page_reads_once_when_shown(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    dashboard = window.dashboard
    if dashboard is None:
        pytest.fail("the dreaming dashboard could not be created")
    assert window.pages.currentIndex() == 0  # the Memory page
    qtbot.wait(300)
    assert dashboard.snapshot is None and dashboard._request == 0  # nothing read hidden
    dashboard.refresh()  # e.g. the dreaming timezone changed: remembered, not run
    assert dashboard._request == 0
    with qtbot.waitSignal(dashboard.sig_refreshed, timeout=20000):
        window.act_page_dreaming.trigger()
    assert dashboard.snapshot is not None and dashboard._request == 1
    window.act_page_memory.trigger()
    dashboard.refresh()
    assert dashboard._request == 1  # hidden again: waits again
