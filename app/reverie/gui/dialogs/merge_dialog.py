"""Resolving the conflicts of a three-way merge: for each place both sides changed, the
person picks their text, the other program's, or both; the result stays editable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from ...core.merge import Conflict, MergeResult, Resolution


def _preview(lines: tuple[str, ...]) -> QPlainTextEdit:
    view = QPlainTextEdit("".join(lines).rstrip("\n"))
    view.setReadOnly(True)
    # wrapped: a long line is read whole, not cut by a scroll bar under one visible row
    view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
    view.setFont(QFont("monospace"))
    rows = sum(max(1, -(-len(line.rstrip("\n")) // 60)) for line in lines)
    height = view.fontMetrics().lineSpacing() * min(max(rows, 2), 8) + 12
    view.setFixedHeight(height)
    return view


class MergeDialog(QDialog):
    """The conflicts of ``result``, a choice for each, and the merged text."""

    def __init__(self, name: str, result: MergeResult, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.result = result
        self.setWindowTitle(self.tr("Merge: {name}").format(name=name))
        self.resize(1000, 720)
        self.choices: list[QComboBox] = []
        conflicts = QWidget()
        conflicts_layout = QVBoxLayout(conflicts)
        line = 1
        number = 0
        for part in result.parts:
            if not isinstance(part, Conflict):
                line += len(part)
                continue
            number += 1
            conflicts_layout.addWidget(self._conflict_box(number, line, part))
            line += len(part.mine)
        conflicts_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(conflicts)
        self.result_edit = QPlainTextEdit()
        self.result_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.result_edit.setFont(QFont("monospace"))
        self.result_edit.setToolTip(
            self.tr("The merged text; you can edit it (a new choice above rewrites it)")
        )
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(scroll)
        splitter.addWidget(self.result_edit)
        intro = QLabel(
            self.tr(
                "Changes made on one side only are merged already. Where you and the other "
                "program changed the same lines (conflicts: {n}), choose what to keep."
            ).format(n=result.conflict_count)
        )
        intro.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Use this text"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self._update_result()

    def _conflict_box(self, number: int, line: int, conflict: Conflict) -> QGroupBox:
        box = QGroupBox(self.tr("Conflict {n}, near line {line}").format(n=number, line=line))
        grid = QGridLayout(box)
        grid.addWidget(QLabel(self.tr("<b>Yours</b>")), 0, 0)
        grid.addWidget(QLabel(self.tr("<b>On disk</b> (the other program)")), 0, 1)
        grid.addWidget(_preview(conflict.mine), 1, 0)
        grid.addWidget(_preview(conflict.theirs), 1, 1)
        choice = QComboBox()
        for label, how in (
            (self.tr("Keep both: yours, then theirs"), Resolution.MINE_THEN_THEIRS),
            (self.tr("Keep both: theirs, then yours"), Resolution.THEIRS_THEN_MINE),
            (self.tr("Keep yours"), Resolution.MINE),
            (self.tr("Keep theirs"), Resolution.THEIRS),
            (self.tr("Keep neither (the text as you opened it)"), Resolution.BASE),
        ):
            choice.addItem(label, how.value)
        choice.currentIndexChanged.connect(self._update_result)
        grid.addWidget(choice, 2, 0, 1, 2)
        self.choices.append(choice)
        return box

    def resolutions(self) -> list[Resolution]:
        return [Resolution(str(choice.currentData())) for choice in self.choices]

    def _update_result(self) -> None:
        self.result_edit.setPlainText(self.result.text(self.resolutions()))

    def merged_text(self) -> str:
        return self.result_edit.toPlainText()
