"""The archive of the Health page: entries moved out of MEMORY.md, and bringing one back.

Undo only reverses the latest action, and only while MEMORY.md is as that action left it;
an archived entry can be restored at any time (:func:`~reverie.core.health.actions.restore`,
itself an action the audit log records and Undo reverses).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
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

from ...core.health.actions import ArchivedEntry
from ...core.health.locations import ARCHIVE_PATH


class ArchiveDialog(QDialog):
    """Lists ``entries`` (newest first); Restore accepts with :attr:`chosen` set."""

    def __init__(self, entries: Sequence[ArchivedEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Archived entries"))
        self.resize(820, 420)
        self.chosen: ArchivedEntry | None = None
        self._entries = list(entries)
        intro = QLabel(
            self.tr(
                "Entries the review moved out of MEMORY.md into {archive}, which the agent does "
                "not see. Restore puts one back where it was, under the line it followed (Undo "
                "reverses that too)."
            ).format(archive=ARCHIVE_PATH.as_posix())
        )
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setRootIsDecorated(False)
        self.table.setAlternatingRowColors(True)
        self.table.setHeaderLabels(
            [self.tr("#"), self.tr("When"), self.tr("Action"), self.tr("Entry"), self.tr("Reason")]
        )
        for entry in self._entries:
            item = QTreeWidgetItem(
                [
                    str(entry.seq),
                    entry.at[:16].replace("T", " "),
                    entry.action,
                    " ".join(entry.text.split()),
                    entry.reason or "",
                ]
            )
            item.setToolTip(3, entry.text)
            self.table.addTopLevelItem(item)
        for column, width in enumerate((40, 130, 70, 420)):
            self.table.setColumnWidth(column, width)
        self.empty = QLabel(self.tr("Nothing is archived."))
        self.empty.setVisible(not self._entries)
        self.table.setVisible(bool(self._entries))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.restore_button = QPushButton(self.tr("Restore"))
        self.restore_button.setEnabled(False)
        buttons.addButton(self.restore_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.restore_button.clicked.connect(self._restore)
        self.table.currentItemChanged.connect(
            lambda current, _previous: self.restore_button.setEnabled(current is not None)
        )
        self.table.itemDoubleClicked.connect(lambda _item, _column: self._restore())
        first = self.table.topLevelItem(0)
        if first is not None:
            self.table.setCurrentItem(first)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty, 1, Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(buttons)

    def _restore(self) -> None:
        item = self.table.currentItem()
        if item is None:
            return
        self.chosen = self._entries[self.table.indexOfTopLevelItem(item)]
        self.accept()
