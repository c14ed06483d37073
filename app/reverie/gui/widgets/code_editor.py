"""A plain-text editor with line numbers and highlighted line ranges."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

from ..resources import LINE_HIGHLIGHT_BG


class _LineNumberArea(QWidget):
    def __init__(self, editor: CodeEditor) -> None:
        super().__init__(editor)
        self.editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self.editor.line_number_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.editor.paint_line_numbers(event)


class CodeEditor(QPlainTextEdit):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.TypeWriter)
        self.setFont(font)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self._numbers = _LineNumberArea(self)
        self._marked: tuple[int, int] | None = None
        self.blockCountChanged.connect(self._update_margin)
        self.updateRequest.connect(self._on_update_request)
        self._update_margin()

    # ------------------------------------------------------------ line numbers
    def line_number_width(self) -> int:
        digits = max(3, len(str(self.blockCount())))
        return 10 + self.fontMetrics().horizontalAdvance("9") * digits

    def _update_margin(self, _count: int = 0) -> None:
        self.setViewportMargins(self.line_number_width(), 0, 0, 0)

    def _on_update_request(self, rect: QRect, dy: int) -> None:
        if dy:
            self._numbers.scroll(0, dy)
        else:
            self._numbers.update(0, rect.y(), self._numbers.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        cr = self.contentsRect()
        self._numbers.setGeometry(QRect(cr.left(), cr.top(), self.line_number_width(), cr.height()))

    def paint_line_numbers(self, event: QPaintEvent) -> None:
        painter = QPainter(self._numbers)
        painter.fillRect(event.rect(), QColor("#f3f4f6"))
        block = self.firstVisibleBlock()
        number = block.blockNumber()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        bottom = top + round(self.blockBoundingRect(block).height())
        height = self.fontMetrics().height()
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible() and bottom >= event.rect().top():
                marked = self._marked and self._marked[0] <= number + 1 <= self._marked[1]
                painter.setPen(QColor("#1f4e99") if marked else QColor("#9aa3ad"))
                painter.drawText(
                    0,
                    top,
                    self._numbers.width() - 5,
                    height,
                    Qt.AlignmentFlag.AlignRight,
                    str(number + 1),
                )
            block = block.next()
            top = bottom
            bottom = top + round(self.blockBoundingRect(block).height())
            number += 1

    # ------------------------------------------------------------ navigation
    def go_to_line(self, line: int) -> None:
        block = self.document().findBlockByNumber(max(0, line - 1))
        cursor = QTextCursor(block)
        self.setTextCursor(cursor)
        self.centerCursor()

    def mark_lines(self, start: int, end: int) -> None:
        """Highlight lines ``start..end`` (1-based) and show them."""
        self._marked = (start, end)
        selections = []
        doc = self.document()
        first = doc.findBlockByNumber(max(0, start - 1))
        last = doc.findBlockByNumber(max(0, min(end, doc.blockCount()) - 1))
        cursor = QTextCursor(first)
        cursor.setPosition(
            last.position() + max(0, last.length() - 1), QTextCursor.MoveMode.KeepAnchor
        )
        sel = QTextEdit.ExtraSelection()
        sel.format.setBackground(LINE_HIGHLIGHT_BG)
        sel.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        sel.cursor = cursor
        selections.append(sel)
        self.setExtraSelections(selections)
        self.go_to_line(end)
        self.go_to_line(start)
        self._numbers.update()

    def clear_marks(self) -> None:
        self._marked = None
        self.setExtraSelections([])

    @property
    def marked_lines(self) -> tuple[int, int] | None:
        return self._marked

    def selected_lines(self) -> tuple[int, int]:
        """1-based first and last line of the selection (the cursor line if none)."""
        cursor = self.textCursor()
        doc = self.document()
        a = doc.findBlock(cursor.selectionStart()).blockNumber() + 1
        b = doc.findBlock(cursor.selectionEnd()).blockNumber() + 1
        return a, b
