"""The questions the dashboard asks before acting, behind one object so tests can answer
them without dialogs."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from PySide6.QtCore import QCoreApplication, QDate
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from reverie.core.dreaming.review import NearbyEntry


class Prompts:
    """Modal dialogs; every method returns None when the person cancels."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self.parent, title, text)
        return answer == QMessageBox.StandardButton.Yes

    def inform(self, title: str, text: str) -> None:
        QMessageBox.warning(self.parent, title, text)

    def edit_text(self, original: str) -> str | None:
        dialog = QDialog(self.parent)
        dialog.setWindowTitle(QCoreApplication.translate("Prompts", "Edit, then approve"))
        layout = QVBoxLayout(dialog)
        layout.addWidget(
            QLabel(
                QCoreApplication.translate(
                    "Prompts", "This text is written to MEMORY.md instead of the snippet:"
                )
            )
        )
        editor = QPlainTextEdit(original)
        layout.addWidget(editor)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        dialog.resize(560, 260)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return editor.toPlainText()

    def reject_reason(self) -> str | None:
        text, ok = QInputDialog.getText(
            self.parent,
            QCoreApplication.translate("Prompts", "Reject"),
            QCoreApplication.translate("Prompts", "Reason (optional):"),
        )
        return text if ok else None

    def snooze_until(self, today: date) -> date | None:
        dialog = QDialog(self.parent)
        dialog.setWindowTitle(QCoreApplication.translate("Prompts", "Snooze"))
        layout = QVBoxLayout(dialog)
        layout.addWidget(
            QLabel(QCoreApplication.translate("Prompts", "Hide this candidate until:"))
        )
        edit = QDateEdit(QDate(today + timedelta(days=7)))
        edit.setCalendarPopup(True)
        layout.addWidget(edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return edit.date().toPython()  # type: ignore[no-any-return]

    def replace_line(self, entries: Sequence[NearbyEntry]) -> int | None:
        translate = QCoreApplication.translate
        flags = {
            "already present": translate("Prompts", "already present"),
            "may conflict": translate("Prompts", "may conflict"),
        }
        labels = [
            translate("Prompts", "line {n}: {text}").format(n=e.line, text=e.text)
            + (f"  [{flags.get(e.flag, e.flag)}]" if e.flag else "")
            for e in entries
        ]
        if not labels:
            self.inform(
                translate("Prompts", "Replace"),
                translate("Prompts", "No MEMORY.md entry is close to this candidate."),
            )
            return None
        choice, ok = QInputDialog.getItem(
            self.parent,
            translate("Prompts", "Approve as replacement"),
            translate("Prompts", "Replace which MEMORY.md line?"),
            labels,
            0,
            False,
        )
        if not ok:
            return None
        return entries[labels.index(choice)].line
