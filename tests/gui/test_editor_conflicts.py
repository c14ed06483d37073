"""The editor never loses another program's text: undo past a reload, "Keep mine" against
the version shown, a real three-way merge, line endings and BOM, deleted and renamed files.

Every test drives the real editor tabs, conflict bar and merge dialog on a real workspace
with the file watcher running.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QDialog

from reverie.gui.controller import Controller
from reverie.gui.widgets.editor import EditorPage
from reverie.gui.widgets.editor_tabs import EditorTabs

from .conftest import wait_idle

REL = "memory/2026-11-02.md"
AGENT_LINE = "- the agent appended this while you typed\n"


@pytest.fixture
def tabs(qtbot, controller: Controller) -> EditorTabs:  # type: ignore[no-untyped-def]
    widget = EditorTabs(controller)
    qtbot.addWidget(widget)
    widget.show()
    return widget


def open_page(tabs: EditorTabs, rel: str = REL) -> EditorPage:
    page = tabs.open_file(rel)
    assert isinstance(page, EditorPage)
    return page


def type_at_end(page: EditorPage, text: str) -> str:
    page.editor.moveCursor(QTextCursor.MoveOperation.End)
    page.editor.insertPlainText(text)
    return page.text


def replace_line(page: EditorPage, old: str, new: str) -> str:
    """Edit one line in place, as a person would (select it, type over it)."""
    doc = page.editor.document()
    found = doc.find(old)
    assert not found.isNull(), old
    page.editor.setTextCursor(found)
    page.editor.insertPlainText(new)
    return page.text


def external_write(qtbot, controller: Controller, path: Path, data: bytes | str) -> None:  # type: ignore[no-untyped-def]
    """Another program writes ``path``; wait until the app has seen it."""
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)


def on_next_modal(callback: Callable[[QDialog], None]) -> None:
    """Run ``callback`` on the next modal dialog once it is shown."""

    def poll() -> None:
        widget = QApplication.activeModalWidget()
        if isinstance(widget, QDialog) and widget.isVisible():
            callback(widget)
        else:
            QTimer.singleShot(20, poll)

    QTimer.singleShot(0, poll)


# ---------------------------------------------------------------- 1. undo past a reload


def test_undo_past_reload_then_save_raises_the_conflict_again(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    path = workspace / REL
    mine = replace_line(page, "VLAN 30", "VLAN 31")
    theirs = path.read_text(encoding="utf-8") + AGENT_LINE
    external_write(qtbot, controller, path, theirs)
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)

    qtbot.mouseClick(page.conflict_bar.reload_btn, Qt.MouseButton.LeftButton)
    assert page.text == theirs and not page.conflict_bar.isVisible()
    page.editor.setFocus()
    with qtbot.waitSignal(page.sig_status) as said:  # the person is told where they are
        qtbot.keyClick(page.editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "Undo went back past a reload" in said.args[0]
    assert page.text == mine, "Undo brings the edits back"

    with qtbot.waitSignal(page.sig_status) as said:
        assert not page.save(), "the undone text belongs to the old disk version"
    assert "older than" in said.args[0]  # not "changed on disk since it was opened"
    assert path.read_text(encoding="utf-8") == theirs, "the agent's line is still on disk"
    assert page.conflict_bar.isVisible()

    # the merge of the undone edits with the disk keeps both sides
    qtbot.mouseClick(page.conflict_bar.merge_btn, Qt.MouseButton.LeftButton)
    assert page.text == theirs.replace("VLAN 30", "VLAN 31")
    assert page.save()
    assert path.read_text(encoding="utf-8") == theirs.replace("VLAN 30", "VLAN 31")
    wait_idle(qtbot, controller)


def test_redo_of_the_reload_saves_without_conflict(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    path = workspace / REL
    type_at_end(page, "- mine\n")
    theirs = path.read_text(encoding="utf-8") + AGENT_LINE
    external_write(qtbot, controller, path, theirs)
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    page.reload_theirs()
    page.editor.undo()
    page.editor.redo()
    assert page.text == theirs
    type_at_end(page, "- after the reload\n")
    assert page.save()
    assert path.read_text(encoding="utf-8") == theirs + "- after the reload\n"
    wait_idle(qtbot, controller)


# ---------------------------------------------------------------- 2. keep mine


def test_keep_mine_never_overwrites_a_write_made_while_the_dialog_is_open(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    path = workspace / REL
    type_at_end(page, "- mine\n")
    shown = path.read_text(encoding="utf-8") + AGENT_LINE
    external_write(qtbot, controller, path, shown)
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    later = shown + "- written while the confirmation was open\n"

    def confirm_while_agent_writes(*_args: object) -> bool:
        path.write_text(later, encoding="utf-8")  # the agent writes during the question
        return True

    monkeypatch.setattr(page, "confirm", confirm_while_agent_writes)
    qtbot.mouseClick(page.conflict_bar.keep_btn, Qt.MouseButton.LeftButton)
    assert path.read_text(encoding="utf-8") == later, "an unseen write was overwritten"
    assert page.conflict_bar.isVisible()
    assert page.dirty

    # once the new version is the one shown, keeping mine is the person's decision
    monkeypatch.setattr(page, "confirm", lambda *_a: True)
    qtbot.mouseClick(page.conflict_bar.keep_btn, Qt.MouseButton.LeftButton)
    assert path.read_text(encoding="utf-8") == page.text
    assert not page.conflict_bar.isVisible()
    wait_idle(qtbot, controller)


# ---------------------------------------------------------------- 3. merge


def test_merge_takes_the_agents_append_and_the_persons_edit(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    path = workspace / REL
    replace_line(page, "Meetings with Dana", "Meeting with Dana and Lee")
    theirs = path.read_text(encoding="utf-8") + AGENT_LINE
    external_write(qtbot, controller, path, theirs)
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    assert page.conflict_bar.merge_btn.isEnabled()

    qtbot.mouseClick(page.conflict_bar.merge_btn, Qt.MouseButton.LeftButton)
    assert not page.conflict_bar.isVisible()
    assert page.text == theirs.replace("Meetings with Dana", "Meeting with Dana and Lee")
    assert page.dirty, "the merged text is saved by the person"
    assert page.save()
    assert path.read_text(encoding="utf-8") == page.text
    wait_idle(qtbot, controller)


def test_merge_with_a_disk_that_already_holds_the_edit_leaves_nothing_to_save(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    path = workspace / REL
    mine = type_at_end(page, AGENT_LINE)
    external_write(qtbot, controller, path, mine)  # the same line, written by the agent
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    with qtbot.waitSignal(page.sig_status) as said:
        qtbot.mouseClick(page.conflict_bar.merge_btn, Qt.MouseButton.LeftButton)
    assert page.text == mine and not page.dirty
    assert "already holds your changes" in said.args[0]


def test_true_conflicts_are_shown_and_resolved_in_the_merge_dialog(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    path = workspace / REL
    replace_line(page, "VLAN 30", "VLAN 31")
    theirs = path.read_text(encoding="utf-8").replace("VLAN 30", "VLAN 32") + AGENT_LINE
    external_write(qtbot, controller, path, theirs)
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    seen: dict[str, object] = {}

    def resolve(dialog: QDialog) -> None:
        seen["conflicts"] = len(dialog.choices)  # type: ignore[attr-defined]
        seen["result"] = dialog.result_edit.toPlainText()  # type: ignore[attr-defined]
        dialog.choices[0].setCurrentIndex(dialog.choices[0].findData("theirs"))  # type: ignore[attr-defined]
        dialog.accept()

    on_next_modal(resolve)
    qtbot.mouseClick(page.conflict_bar.merge_btn, Qt.MouseButton.LeftButton)
    assert seen["conflicts"] == 1
    assert "VLAN 31" in str(seen["result"]) and "VLAN 32" in str(seen["result"])
    assert page.text == theirs, "their side of the one conflict, plus their append"
    assert not page.conflict_bar.isVisible()
    assert page.save()
    assert path.read_text(encoding="utf-8") == theirs
    wait_idle(qtbot, controller)


def test_cancelled_merge_changes_nothing(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    path = workspace / REL
    mine = replace_line(page, "VLAN 30", "VLAN 31")
    theirs = path.read_text(encoding="utf-8").replace("VLAN 30", "VLAN 32")
    external_write(qtbot, controller, path, theirs)
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    on_next_modal(lambda dialog: dialog.reject())
    qtbot.mouseClick(page.conflict_bar.merge_btn, Qt.MouseButton.LeftButton)
    assert page.text == mine and page.conflict_bar.isVisible()
    assert path.read_text(encoding="utf-8") == theirs
    wait_idle(qtbot, controller)


# ---------------------------------------------------------------- 4. line endings, BOM


def test_crlf_and_bom_are_kept_on_save(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    path = workspace / "memory" / "2026-11-20.md"
    path.write_bytes(b"\xef\xbb\xbf# 2026-11-20\r\n\r\n- windows line\r\n")
    controller.reindex([path.relative_to(workspace).as_posix()])
    wait_idle(qtbot, controller)
    page = open_page(tabs, "memory/2026-11-20.md")
    assert page.text == "# 2026-11-20\n\n- windows line\n"
    type_at_end(page, "- typed here\n")
    assert page.save()
    assert path.read_bytes() == (
        b"\xef\xbb\xbf# 2026-11-20\r\n\r\n- windows line\r\n- typed here\r\n"
    )
    # the watcher sees the app's own save as no change
    qtbot.wait(800)
    assert not page.conflict_bar.isVisible() and not page.dirty
    wait_idle(qtbot, controller)


def test_lf_file_without_bom_stays_so(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    path = workspace / REL
    before = path.read_bytes()
    type_at_end(page, "- x\n")
    assert page.save()
    assert path.read_bytes() == before + b"- x\n"
    wait_idle(qtbot, controller)


# ---------------------------------------------------------------- 5. deleted, renamed


def test_clean_deleted_file_does_not_claim_unsaved_text(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        (workspace / REL).unlink()
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    message = page.conflict_bar.message.text()
    assert "deleted" in message and "unsaved" not in message
    assert page.conflict_bar.close_btn.isVisible()
    qtbot.mouseClick(page.conflict_bar.close_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tabs.page_for(REL) is None, timeout=5000)
    assert not (workspace / REL).exists(), "closing a deleted file's tab writes nothing"
    wait_idle(qtbot, controller)


def test_dirty_deleted_file_keeps_the_unsaved_text(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    mine = type_at_end(page, "- mine\n")
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        (workspace / REL).unlink()
    qtbot.waitUntil(page.conflict_bar.isVisible, timeout=5000)
    assert "unsaved" in page.conflict_bar.message.text()
    assert page.text == mine
    wait_idle(qtbot, controller)


@pytest.mark.parametrize("dirty", [False, True], ids=["clean", "dirty"])
def test_the_tab_follows_a_rename(
    qtbot, controller: Controller, tabs: EditorTabs, workspace: Path, dirty: bool
) -> None:  # type: ignore[no-untyped-def]
    page = open_page(tabs)
    mine = type_at_end(page, "- typed before the move\n") if dirty else page.text
    new_rel = "memory/2026-11-02-renamed.md"
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        os.rename(workspace / REL, workspace / new_rel)
    qtbot.waitUntil(lambda: page.rel_path == new_rel, timeout=5000)
    assert tabs.page_for(new_rel) is page and tabs.page_for(REL) is None
    index = tabs.indexOf(page)
    assert "2026-11-02-renamed.md" in tabs.tabText(index)
    assert tabs.tabToolTip(index) == new_rel
    assert not page.conflict_bar.isVisible()
    assert page.text == mine and page.dirty is dirty
    if dirty:
        assert page.save()
        assert (workspace / new_rel).read_text(encoding="utf-8") == mine
        assert not (workspace / REL).exists()
    wait_idle(qtbot, controller)
