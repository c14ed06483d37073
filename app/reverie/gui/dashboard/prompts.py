"""The questions the dashboard asks before acting, behind one object so tests can answer
them without dialogs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QDate, QLocale, Qt
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from reverie.core.dreaming.review import NearbyEntry
from reverie.gui.i18n import SOURCE_LANGUAGE, current_language

T = TypeVar("T")


def ui_locale() -> QLocale:
    """The locale of the UI language (the system's for English unless it is the bare C
    locale, whose dates mean nothing to a reader: then English)."""
    language = current_language()
    if language != SOURCE_LANGUAGE:
        return QLocale(language)
    system = QLocale()
    if system.language() == QLocale.Language.C:
        return QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom)
    return system


def format_day(day: date) -> str:
    """A date as the UI language writes it (with the weekday)."""
    return ui_locale().toString(QDate(day.year, day.month, day.day), QLocale.FormatType.LongFormat)


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

    def _ask(
        self, title: str, label: str, fields: Sequence[QWidget], answer: Callable[[], T]
    ) -> T | None:
        """A dialog with ``label`` (wrapped: a long fact does not widen it past the screen),
        ``fields`` under it and OK / Cancel: ``answer()`` when accepted (read while the
        dialog, which owns the fields, still exists), else None."""
        dialog = QDialog(self.parent)
        dialog.setWindowTitle(title)
        dialog.setMinimumWidth(420)
        dialog.setMaximumWidth(720)
        layout = QVBoxLayout(dialog)
        what = QLabel(label)
        what.setWordWrap(True)
        layout.addWidget(what)
        for field in fields:
            layout.addWidget(field)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return answer()

    def reject_reason(self, label: str = "") -> str | None:
        reason = QLineEdit()
        asked = QCoreApplication.translate("Prompts", "Reject {candidate}\nReason (optional):")
        title = QCoreApplication.translate("Prompts", "Reject")
        return self._ask(title, asked.format(candidate=label), [reason], reason.text)

    def snooze_until(self, today: date, label: str = "") -> date | None:
        edit = QDateEdit(QDate(today + timedelta(days=7)))
        locale = ui_locale()
        edit.setLocale(locale)
        edit.setDisplayFormat(locale.dateFormat(QLocale.FormatType.LongFormat))
        edit.setMinimumDate(QDate(today.year, today.month, today.day).addDays(1))
        edit.setCalendarPopup(True)
        until = QLabel(QCoreApplication.translate("Prompts", "Hide this candidate until:"))
        title = QCoreApplication.translate("Prompts", "Snooze")
        day: date | None = self._ask(title, label, [until, edit], lambda: edit.date().toPython())
        return day

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
        dialog = ReplaceLineDialog(labels, self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.choices.currentRow() < 0:
            return None
        return entries[dialog.choices.currentRow()].line


class ReplaceLineDialog(QDialog):
    """The MEMORY.md lines an approval may replace, long ones wrapped (the buttons stay on
    screen); the first is preselected."""

    def __init__(self, labels: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(QCoreApplication.translate("Prompts", "Approve as replacement"))
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(QCoreApplication.translate("Prompts", "Replace which MEMORY.md line?"))
        )
        self.choices = QListWidget()
        self.choices.setWordWrap(True)
        self.choices.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for label in labels:
            self.choices.addItem(QListWidgetItem(label))
        self.choices.setCurrentRow(0)
        layout.addWidget(self.choices, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.choices.itemDoubleClicked.connect(lambda _item: self.accept())
        layout.addWidget(self.buttons)
        self.resize(560, 300)
        self.setMaximumWidth(900)
