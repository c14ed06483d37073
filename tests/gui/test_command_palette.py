"""The command palette: fuzzy matching, quick open, commands, go to line, and keys."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenuBar

from reverie.gui.dialogs.shortcuts_dialog import ShortcutsDialog, menu_shortcuts
from reverie.gui.widgets.command_palette import CommandPalette, command_label, fuzzy_score

FILES = [
    "MEMORY.md",
    "memory/2026-11-03.md",
    "memory/2026-11-28-deploy.md",
    "memory/notes/ideas.md",
]


def test_fuzzy_score_orders_matches() -> None:
    assert fuzzy_score("xyz", "MEMORY.md") is None
    assert fuzzy_score("mmd", "MEMORY.md") is not None  # letters in order, not adjacent
    assert fuzzy_score("dm", "MEMORY.md") is None  # out of order
    substring = fuzzy_score("deploy", "memory/2026-11-28-deploy.md")
    scattered = fuzzy_score("dpy", "memory/2026-11-28-deploy.md")
    assert substring is not None and scattered is not None and substring > scattered
    # a match at a word start beats one in the middle of a word
    start = fuzzy_score("note", "memory/notes/ideas.md")
    middle = fuzzy_score("note", "memory/denote.md")
    assert start is not None and middle is not None and start > middle
    # every word of the query must match
    assert fuzzy_score("11 ideas", "memory/notes/ideas.md") is None
    assert fuzzy_score("notes ideas", "memory/notes/ideas.md") is not None
    assert fuzzy_score("", "anything") == 0.0


def test_command_label_strips_accelerators(qtbot: Any) -> None:
    assert command_label(QAction("&Open workspace…")) == "Open workspace"
    assert command_label(QAction("Save && close")) == "Save & close"


def _window(qtbot: Any) -> tuple[QMainWindow, list[str], dict[str, QAction]]:
    win = QMainWindow()
    qtbot.addWidget(win)
    fired: list[str] = []
    acts: dict[str, QAction] = {}
    for text, key in (
        ("&Save", "Ctrl+S"),
        ("&Re-index workspace", None),
        ("&Preview", "Ctrl+Shift+P"),
    ):
        act = QAction(text, win)
        if key:
            act.setShortcut(key)
        act.triggered.connect(lambda _c=False, t=text: fired.append(t))
        acts[text] = act
    hidden = QAction("Hidden", win)
    hidden.setVisible(False)
    acts["hidden"] = hidden
    win.show()
    return win, fired, acts


def test_palette_quick_open_and_commands(qtbot: Any) -> None:
    win, fired, acts = _window(qtbot)
    palette = CommandPalette(win, lambda: list(acts.values()), lambda: FILES)
    opened: list[str] = []
    palette.sig_open_file.connect(opened.append)
    palette.popup()
    # nothing typed: every file first, then the visible commands; never the hidden one
    labels = [palette.list.item(i).text() for i in range(palette.list.count())]
    assert labels[: len(FILES)] == sorted(FILES)
    assert not any("Hidden" in label for label in labels)
    palette.edit.setText("deploy")
    assert palette.list.currentItem().text() == "memory/2026-11-28-deploy.md"
    qtbot.keyClick(palette.edit, Qt.Key.Key_Return)
    assert opened == ["memory/2026-11-28-deploy.md"]
    assert not palette.isVisible()

    palette.popup(">re")
    entries = palette.entries(">re")
    assert entries and all(e.kind == "command" for e in entries)
    palette.edit.setText(">reindex")
    qtbot.keyClick(palette.edit, Qt.Key.Key_Return)
    assert fired == ["&Re-index workspace"]


def test_palette_arrow_keys_escape_and_go_to_line(qtbot: Any) -> None:
    win, fired, acts = _window(qtbot)
    palette = CommandPalette(win, lambda: list(acts.values()), lambda: FILES)
    lines: list[int] = []
    palette.sig_go_to_line.connect(lines.append)
    palette.popup("md")
    assert palette.list.currentRow() == 0
    qtbot.keyClick(palette.edit, Qt.Key.Key_Down)
    qtbot.keyClick(palette.edit, Qt.Key.Key_Down)
    assert palette.list.currentRow() == 2
    qtbot.keyClick(palette.edit, Qt.Key.Key_Up)
    assert palette.list.currentRow() == 1
    qtbot.keyClick(palette.edit, Qt.Key.Key_Escape)
    assert not palette.isVisible() and fired == []
    palette.popup(":42")
    assert palette.list.count() == 1
    qtbot.keyClick(palette.edit, Qt.Key.Key_Return)
    assert lines == [42]
    palette.popup("zzzz")
    assert palette.list.count() == 0
    qtbot.keyClick(palette.edit, Qt.Key.Key_Return)  # nothing selected: nothing happens
    assert fired == [] and lines == [42]


def test_shortcuts_dialog_lists_menu_and_pane_shortcuts(qtbot: Any) -> None:
    bar = QMenuBar()
    qtbot.addWidget(bar)
    menu = bar.addMenu("&File")
    save = menu.addAction("&Save")
    save.setShortcut("Ctrl+S")
    menu.addAction("No shortcut")
    sub = menu.addMenu("More")
    sub.addAction("Deep").setShortcuts(["Ctrl+D", "F9"])
    groups = menu_shortcuts(bar)
    assert groups == [("File", [("Save", "Ctrl+S"), ("Deep", "Ctrl+D, F9")])]
    dialog = ShortcutsDialog(bar)
    qtbot.addWidget(dialog)
    titles = [dialog.tree.topLevelItem(i).text(0) for i in range(dialog.tree.topLevelItemCount())]
    assert titles[0] == "File" and "Dreaming dashboard" in titles
    dashboard = dialog.tree.topLevelItem(titles.index("Dreaming dashboard"))
    rows = {
        dashboard.child(i).text(0): dashboard.child(i).text(1)
        for i in range(dashboard.childCount())
    }
    assert rows["Snooze"] == "S"
