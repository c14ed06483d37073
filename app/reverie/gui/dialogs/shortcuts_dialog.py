"""Help → Keyboard shortcuts: every shortcut of the window's menus and of the panes."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenu,
    QMenuBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..widgets.command_palette import command_label

translate = QCoreApplication.translate
"""``translate("ShortcutsDialog", "...")`` with literals: what lupdate reads (a wrapper
function would hide the text from it)."""


def pane_shortcuts() -> list[tuple[str, list[tuple[str, str]]]]:
    """Shortcuts that belong to a pane rather than to a menu command."""
    return [
        (
            translate("ShortcutsDialog", "Command palette"),
            [
                (
                    translate("ShortcutsDialog", "Go to file"),
                    translate("ShortcutsDialog", "type part of its name"),
                ),
                (
                    translate("ShortcutsDialog", "Run a command"),
                    "> " + translate("ShortcutsDialog", "then part of its name"),
                ),
                (
                    translate("ShortcutsDialog", "Go to line"),
                    translate("ShortcutsDialog", ":line number"),
                ),
            ],
        ),
        (
            translate("ShortcutsDialog", "Editor"),
            [
                (translate("ShortcutsDialog", "Next match (in the find bar)"), "Enter"),
                (translate("ShortcutsDialog", "Close the find bar"), "Esc"),
            ],
        ),
        (
            translate("ShortcutsDialog", "Dreaming dashboard"),
            [
                (translate("ShortcutsDialog", "Approve the selected candidates"), "A, Ctrl+Return"),
                (translate("ShortcutsDialog", "Edit, then approve"), "E"),
                (translate("ShortcutsDialog", "Approve, replacing a line of MEMORY.md"), "R"),
                (translate("ShortcutsDialog", "Reject"), "X, Delete"),
                (translate("ShortcutsDialog", "Snooze"), "S"),
                (translate("ShortcutsDialog", "Undo the last review action"), "Ctrl+Z"),
                (translate("ShortcutsDialog", "Refresh"), "F5"),
            ],
        ),
    ]


def menu_shortcuts(bar: QMenuBar) -> list[tuple[str, list[tuple[str, str]]]]:
    """(menu title, [(command, shortcut)]) for every menu command that has a shortcut."""
    groups: list[tuple[str, list[tuple[str, str]]]] = []
    for top in bar.actions():
        menu = top.menu()
        if not isinstance(menu, QMenu):
            continue
        rows = list(_rows(menu.actions()))
        if rows:
            groups.append((top.text().replace("&", ""), rows))
    return groups


def _rows(actions: Iterable[QAction]) -> Iterable[tuple[str, str]]:
    for action in actions:
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            yield from _rows(submenu.actions())
            continue
        keys = [
            s.toString(QKeySequence.SequenceFormat.NativeText)
            for s in action.shortcuts()
            if not s.isEmpty()
        ]
        if keys:
            yield command_label(action), ", ".join(keys)


class ShortcutsDialog(QDialog):
    def __init__(self, bar: QMenuBar, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Command"), self.tr("Shortcut")])
        self.tree.setRootIsDecorated(False)
        for title, rows in menu_shortcuts(bar) + pane_shortcuts():
            group = QTreeWidgetItem([title, ""])
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(group)
            for command, keys in rows:
                group.addChild(QTreeWidgetItem([command, keys]))
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addWidget(buttons)
        self.resize(520, 560)
