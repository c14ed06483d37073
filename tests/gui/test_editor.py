"""Editor: save -> re-index -> search finds the text; external changes never lose edits."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QTextCursor

from reverie.core.settings import SearchSettings
from reverie.gui.controller import Controller
from reverie.gui.widgets.editor import EditorPage
from reverie.gui.widgets.editor_tabs import EditorTabs
from reverie.gui.widgets.preview import MarkdownPreview, render_markdown

from .conftest import wait_idle

REL = "memory/2026-11-02.md"


def append(page: EditorPage, text: str) -> str:
    """Type ``text`` at the end of the buffer (as a person would) and return the buffer."""
    page.editor.moveCursor(QTextCursor.MoveOperation.End)
    page.editor.insertPlainText(text)
    return page.text


@pytest.fixture
def page(qtbot, controller: Controller) -> EditorPage:  # type: ignore[no-untyped-def]
    tabs = EditorTabs(controller)
    qtbot.addWidget(tabs)
    tabs.show()
    editor = tabs.open_file(REL)
    assert isinstance(editor, EditorPage)
    return editor


def test_save_reindexes_and_search_finds_new_text(
    qtbot, controller: Controller, page: EditorPage, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    settings = SearchSettings.for_profile("reverie")
    before = controller.search_now("zanzibar", settings).results
    assert not any(hit.trace.keyword_score for hit in before)  # no chunk has the word yet
    append(page, "- Booked the zanzibar offsite for March.\n")
    assert page.dirty
    with qtbot.waitSignal(controller.sig_saved, timeout=10000) as saved:
        assert page.save()
    rel, ms = saved.args
    assert rel == REL and ms >= 0
    assert not page.dirty
    assert "zanzibar" in (workspace / REL).read_text(encoding="utf-8")
    hits = controller.search_now("zanzibar offsite", settings).results
    assert hits and hits[0].path == REL and hits[0].trace.keyword_score
    assert controller.service is not None and controller.service.status().pending == 0


def test_external_write_while_dirty_raises_conflict_and_loses_nothing(
    qtbot, controller: Controller, page: EditorPage, workspace: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    mine = append(page, "- my unsaved line\n")
    theirs = (workspace / REL).read_text(encoding="utf-8") + "- the agent appended this\n"
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        (workspace / REL).write_text(theirs, encoding="utf-8")
    qtbot.waitUntil(lambda: page.conflict_bar.isVisible(), timeout=5000)
    assert page.text == mine, "the buffer is untouched"
    assert (workspace / REL).read_text(encoding="utf-8") == theirs, "the file is untouched"

    # saving without deciding is refused by the core, nothing is overwritten
    assert not page.save()
    assert (workspace / REL).read_text(encoding="utf-8") == theirs

    # keep mine only after confirmation
    monkeypatch.setattr(page, "confirm", lambda *_a: False)
    page.keep_mine()
    assert (workspace / REL).read_text(encoding="utf-8") == theirs
    monkeypatch.setattr(page, "confirm", lambda *_a: True)
    page.keep_mine()
    assert (workspace / REL).read_text(encoding="utf-8") == mine
    assert not page.conflict_bar.isVisible()
    wait_idle(qtbot, controller)


def test_reload_theirs_is_undoable(
    qtbot, controller: Controller, page: EditorPage, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    mine = append(page, "- mine\n")
    theirs = "# changed elsewhere\n"
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        (workspace / REL).write_text(theirs, encoding="utf-8")
    qtbot.waitUntil(lambda: page.conflict_bar.isVisible(), timeout=5000)
    page.reload_theirs()
    assert page.text == theirs and not page.dirty
    page.editor.undo()
    assert page.text == mine, "Undo brings the unsaved edits back"
    wait_idle(qtbot, controller)


def test_clean_buffer_follows_external_change(
    qtbot, controller: Controller, page: EditorPage, workspace: Path
) -> None:  # type: ignore[no-untyped-def]
    theirs = page.text + "- appended by the agent\n"
    said: list[str] = []
    page.sig_status.connect(said.append)
    page.show()
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        (workspace / REL).write_text(theirs, encoding="utf-8")
    qtbot.waitUntil(lambda: page.text == theirs, timeout=5000)
    assert not page.conflict_bar.isVisible()
    assert any("reloaded" in m for m in said)
    # a page not on show follows too, without a word over what the page on show says
    page.hide()
    said.clear()
    again = theirs + "- and once more\n"
    with qtbot.waitSignal(controller.sig_disk_changed, timeout=10000):
        (workspace / REL).write_text(again, encoding="utf-8")
    qtbot.waitUntil(lambda: page.text == again, timeout=5000)
    assert said == []
    wait_idle(qtbot, controller)


def test_find_replace_and_line_marks(qtbot, controller: Controller, page: EditorPage) -> None:  # type: ignore[no-untyped-def]
    page.find_bar.open()
    page.find_bar.find_edit.setText("VLAN")
    assert page.find_bar.find_next()
    page.find_bar.replace_edit.setText("vlan")
    assert page.find_bar.replace_all() == 1
    assert "vlan 30" in page.text.lower() and "VLAN" not in page.text
    page.editor.mark_lines(3, 4)
    assert page.editor.marked_lines == (3, 4)
    assert page.editor.textCursor().blockNumber() == 2
    assert len(page.editor.extraSelections()) == 1


def test_preview_disables_raw_html_and_fetches_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    html = render_markdown("# T\n\n<script>x()</script>\n\n![p](https://example.com/a.png)\n")
    assert "<script>" not in html and "&lt;script&gt;" in html
    preview = MarkdownPreview()
    qtbot.addWidget(preview)
    preview.show_markdown("![p](https://example.com/a.png)")
    assert preview.toPlainText() is not None
    assert all("example.com" in u for u in preview.blocked)
