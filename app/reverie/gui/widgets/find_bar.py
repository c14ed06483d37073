"""Find and replace inside one editor."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)


class FindBar(QFrame):
    def __init__(self, editor: QPlainTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("findBar")
        self.editor = editor
        self.find_edit = QLineEdit(placeholderText=self.tr("Find"))
        self.replace_edit = QLineEdit(placeholderText=self.tr("Replace with"))
        self.case_box = QCheckBox("Aa")
        self.case_box.setToolTip(self.tr("Match case"))
        self.status = QLabel()
        prev_btn = QPushButton(self.tr("Previous"))
        next_btn = QPushButton(self.tr("Next"))
        replace_btn = QPushButton(self.tr("Replace"))
        all_btn = QPushButton(self.tr("Replace all"))
        close_btn = QPushButton("×")
        close_btn.setFlat(True)
        close_btn.setToolTip(self.tr("Close"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        for w in (
            self.find_edit,
            prev_btn,
            next_btn,
            self.case_box,
            self.replace_edit,
            replace_btn,
            all_btn,
            self.status,
            close_btn,
        ):
            layout.addWidget(w)
        self.find_edit.returnPressed.connect(self.find_next)
        next_btn.clicked.connect(self.find_next)
        prev_btn.clicked.connect(self.find_previous)
        replace_btn.clicked.connect(self.replace_one)
        all_btn.clicked.connect(self.replace_all)
        close_btn.clicked.connect(self.hide)

    def open(self, replace: bool = False) -> None:
        self.show()
        selected = self.editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            self.find_edit.setText(selected)
        (self.replace_edit if replace and self.find_edit.text() else self.find_edit).setFocus()
        self.find_edit.selectAll()

    def _flags(self, backward: bool = False) -> QTextDocument.FindFlag:
        flags = QTextDocument.FindFlag(0)
        if self.case_box.isChecked():
            flags |= QTextDocument.FindFlag.FindCaseSensitively
        if backward:
            flags |= QTextDocument.FindFlag.FindBackward
        return flags

    def _find(self, backward: bool) -> bool:
        needle = self.find_edit.text()
        if not needle:
            return False
        if self.editor.find(needle, self._flags(backward)):
            self.status.setText("")
            return True
        cursor = self.editor.textCursor()  # wrap around
        cursor.movePosition(
            QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start
        )
        self.editor.setTextCursor(cursor)
        found = self.editor.find(needle, self._flags(backward))
        self.status.setText("" if found else self.tr("not found"))
        return found

    def find_next(self) -> bool:
        return self._find(False)

    def find_previous(self) -> bool:
        return self._find(True)

    def _matches(self, text: str) -> bool:
        needle = self.find_edit.text()
        if self.case_box.isChecked():
            return text == needle
        return text.casefold() == needle.casefold()

    def replace_one(self) -> None:
        cursor = self.editor.textCursor()
        if cursor.hasSelection() and self._matches(cursor.selectedText()):
            cursor.insertText(self.replace_edit.text())
        self.find_next()

    def replace_all(self) -> int:
        needle = self.find_edit.text()
        if not needle:
            return 0
        count = 0
        cursor = self.editor.textCursor()
        cursor.beginEditBlock()
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        self.editor.setTextCursor(cursor)
        while self.editor.find(needle, self._flags()):
            self.editor.textCursor().insertText(self.replace_edit.text())
            count += 1
        cursor.endEditBlock()
        self.status.setText(self.tr("{count} replaced").format(count=count))
        return count

    def keyPressEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
            self.editor.setFocus()
            return
        super().keyPressEvent(event)
