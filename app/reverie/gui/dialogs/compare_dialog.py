"""Side-by-side comparison of the unsaved buffer and the file on disk."""

from __future__ import annotations

import difflib

from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPlainTextEdit,
    QWidget,
)

_CHANGED = QColor("#ffe3e3")
_ADDED = QColor("#e3f7e3")


def changed_lines(mine: list[str], theirs: list[str]) -> tuple[set[int], set[int]]:
    """0-based line numbers that differ in ``mine`` and in ``theirs``."""
    left: set[int] = set()
    right: set[int] = set()
    matcher = difflib.SequenceMatcher(a=mine, b=theirs, autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag != "equal":
            left.update(range(a1, a2))
            right.update(range(b1, b2))
    return left, right


def _mark(edit: QPlainTextEdit, lines: set[int], color: QColor) -> None:
    doc = edit.document()
    fmt = QTextCharFormat()
    fmt.setBackground(color)
    for number in lines:
        block = doc.findBlockByNumber(number)
        cursor = QTextCursor(block)
        cursor.select(QTextCursor.SelectionType.LineUnderCursor)
        cursor.mergeCharFormat(fmt)


class CompareDialog(QDialog):
    def __init__(self, name: str, mine: str, theirs: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare: {name}").format(name=name))
        self.resize(1100, 700)
        self.mine = QPlainTextEdit(mine)
        self.theirs = QPlainTextEdit(theirs)
        for edit in (self.mine, self.theirs):
            edit.setReadOnly(True)
            edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        left, right = changed_lines(mine.split("\n"), theirs.split("\n"))
        _mark(self.mine, left, _CHANGED)
        _mark(self.theirs, right, _ADDED)
        self.mine.verticalScrollBar().valueChanged.connect(self.theirs.verticalScrollBar().setValue)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QGridLayout(self)
        yours = self.tr("<b>Yours</b> (unsaved, {n} lines differ)").format(n=len(left))
        on_disk = self.tr("<b>On disk</b> ({n} lines differ)").format(n=len(right))
        layout.addWidget(QLabel(yours), 0, 0)
        layout.addWidget(QLabel(on_disk), 0, 1)
        layout.addWidget(self.mine, 1, 0)
        layout.addWidget(self.theirs, 1, 1)
        layout.addWidget(buttons, 2, 0, 1, 2)
