"""The Health page's lists of what its actions set aside, and bringing one back.

* :class:`ArchiveDialog`: entries moved out of MEMORY.md. Undo only reverses the latest
  action, and only while MEMORY.md is as that action left it; an archived entry can be
  restored at any time (:func:`~reverie.core.health.actions.restore`, itself an action the
  audit log records and Undo reverses).
* :class:`DecisionsDialog`: findings kept or snoozed; reopening one shows it again
  (:func:`~reverie.core.health.actions.reopen`), whatever was done after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.health.actions import ArchivedEntry, Decision
from ...core.health.locations import ARCHIVE_PATH
from .action_names import action_name

T = TypeVar("T")


class ChooserDialog(QDialog, Generic[T]):
    """A table of ``items`` (newest first); the action button accepts with :attr:`chosen`."""

    def __init__(
        self,
        items: Sequence[T],
        rows: Sequence[Sequence[str]],
        texts: tuple[str, str, str, str],
        headers: Sequence[str],
        widths: Sequence[int],
        parent: QWidget | None = None,
    ) -> None:
        """``texts``: the window title, the introduction, the text when there is nothing
        and the action button's label; ``rows``: one row of cells per item (the longest,
        at column 3, also as its tooltip)."""
        super().__init__(parent)
        title, intro_text, empty_text, action_text = texts
        self.setWindowTitle(title)
        self.resize(820, 420)
        self.chosen: T | None = None
        self._items = list(items)
        intro = QLabel(intro_text)
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setRootIsDecorated(False)
        self.table.setAlternatingRowColors(True)
        self.table.setHeaderLabels(list(headers))
        for cells in rows:
            item = QTreeWidgetItem(list(cells))
            item.setToolTip(3, cells[3])
            self.table.addTopLevelItem(item)
        for column, width in enumerate(widths):
            self.table.setColumnWidth(column, width)
        self.empty = QLabel(empty_text)
        self.empty.setVisible(not self._items)
        self.table.setVisible(bool(self._items))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.action_button = QPushButton(action_text)
        self.action_button.setEnabled(False)
        buttons.addButton(self.action_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.action_button.clicked.connect(self._choose)
        self.table.currentItemChanged.connect(
            lambda current, _previous: self.action_button.setEnabled(current is not None)
        )
        self.table.itemDoubleClicked.connect(lambda _item, _column: self._choose())
        first = self.table.topLevelItem(0)
        if first is not None:
            self.table.setCurrentItem(first)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1, Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(buttons)

    def _choose(self) -> None:
        item = self.table.currentItem()
        if item is None:
            return
        self.chosen = self._items[self.table.indexOfTopLevelItem(item)]
        self.accept()


class ArchiveDialog(ChooserDialog[ArchivedEntry]):
    """Lists archived ``entries``; Restore accepts with :attr:`chosen` set."""

    def __init__(self, entries: Sequence[ArchivedEntry], parent: QWidget | None = None) -> None:
        super().__init__(
            entries,
            [
                (
                    str(e.seq),
                    e.at[:16].replace("T", " "),
                    action_name(e.action),
                    " ".join(e.text.split()),
                    e.reason or "",
                )
                for e in entries
            ],
            (
                QCoreApplication.translate("ArchiveDialog", "Archived entries"),
                QCoreApplication.translate(
                    "ArchiveDialog",
                    "Entries the review moved out of MEMORY.md into {archive}, which the agent "
                    "does not see. Restore puts one back where it was, under the line it "
                    "followed (Undo reverses that too).",
                ).format(archive=ARCHIVE_PATH.as_posix()),
                QCoreApplication.translate("ArchiveDialog", "Nothing is archived."),
                QCoreApplication.translate("ArchiveDialog", "Restore"),
            ),
            [
                QCoreApplication.translate("ArchiveDialog", "#"),
                QCoreApplication.translate("ArchiveDialog", "When"),
                QCoreApplication.translate("ArchiveDialog", "Action"),
                QCoreApplication.translate("ArchiveDialog", "Entry"),
                QCoreApplication.translate("ArchiveDialog", "Reason"),
            ],
            (40, 130, 70, 420),
            parent,
        )
        self.restore_button = self.action_button


class DecisionsDialog(ChooserDialog[Decision]):
    """Lists the keep and snooze decisions in force; Reopen accepts with :attr:`chosen`."""

    def __init__(self, decisions: Sequence[Decision], parent: QWidget | None = None) -> None:
        super().__init__(
            decisions,
            [
                (
                    str(d.seq),
                    d.at[:16].replace("T", " "),
                    action_name(d.action)
                    if d.until is None
                    else f"{action_name(d.action)} → {d.until}",
                    " ".join(d.text.split()),
                    d.reason or "",
                )
                for d in decisions
            ],
            (
                QCoreApplication.translate("ArchiveDialog", "Kept and snoozed findings"),
                QCoreApplication.translate(
                    "ArchiveDialog",
                    "Findings you kept, or snoozed until a day, are not listed by the review. "
                    "Reopen one to see it again at the next review (nothing in MEMORY.md "
                    "changes).",
                ),
                QCoreApplication.translate("ArchiveDialog", "Nothing is kept or snoozed."),
                QCoreApplication.translate("ArchiveDialog", "Reopen"),
            ),
            [
                QCoreApplication.translate("ArchiveDialog", "#"),
                QCoreApplication.translate("ArchiveDialog", "When"),
                QCoreApplication.translate("ArchiveDialog", "Decision"),
                QCoreApplication.translate("ArchiveDialog", "Entry"),
                QCoreApplication.translate("ArchiveDialog", "Reason"),
            ],
            (40, 130, 170, 340),
            parent,
        )
