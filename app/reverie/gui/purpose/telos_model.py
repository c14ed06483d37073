"""The Telos items as a tree: sections in chain order, each with its items and their facts."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from ...core.telos import ItemStatus, TelosReport
from ...core.telos.sections import CHAIN_SECTIONS, section_title

_NO_INDEX = QModelIndex()
_SECTION_ROW = 0
"""internalId of a section row; an item row's is its section's row + 1."""

SECTION_LABELS = {
    "problem": QT_TRANSLATE_NOOP("TelosSections", "Problems"),
    "mission": QT_TRANSLATE_NOOP("TelosSections", "Mission"),
    "narrative": QT_TRANSLATE_NOOP("TelosSections", "Narratives"),
    "goal": QT_TRANSLATE_NOOP("TelosSections", "Goals"),
    "challenge": QT_TRANSLATE_NOOP("TelosSections", "Challenges"),
    "strategy": QT_TRANSLATE_NOOP("TelosSections", "Strategies"),
    "project": QT_TRANSLATE_NOOP("TelosSections", "Projects"),
    "metric": QT_TRANSLATE_NOOP("TelosSections", "Metrics"),
    "risk": QT_TRANSLATE_NOOP("TelosSections", "Risks"),
}


def section_label(section: str) -> str:
    """A section's title in the interface language."""
    if section in SECTION_LABELS:
        return QCoreApplication.translate("TelosSections", SECTION_LABELS[section])
    return section_title(section)


Index = QModelIndex | QPersistentModelIndex

NEGLECTED_COLOR = QColor("#c0504d")
UNLINKED_COLOR = QColor("#8a6d3b")

ItemRole = Qt.ItemDataRole.UserRole + 1
"""The :class:`ItemStatus` of an item row (None for a section row)."""


class TelosTreeModel(QAbstractItemModel):
    """Two levels: sections (Problems, Mission, Goals ... in chain order, then the others)
    and their items. Columns: item, weight, due, mentions, last mentioned, state."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("TelosTreeModel", "Item"),
        QT_TRANSLATE_NOOP("TelosTreeModel", "Weight"),
        QT_TRANSLATE_NOOP("TelosTreeModel", "Due"),
        QT_TRANSLATE_NOOP("TelosTreeModel", "Mentions"),
        QT_TRANSLATE_NOOP("TelosTreeModel", "Last mentioned"),
        QT_TRANSLATE_NOOP("TelosTreeModel", "State"),
    )

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._sections: list[tuple[str, list[ItemStatus]]] = []
        self.report: TelosReport | None = None

    def set_report(self, report: TelosReport | None) -> None:
        self.beginResetModel()
        self.report = report
        self._sections = []
        if report is not None:
            order = list(CHAIN_SECTIONS)
            for status in report.items:
                if status.item.section not in order:
                    order.append(status.item.section)
            for section in order:
                items = [s for s in report.items if s.item.section == section]
                if items:
                    self._sections.append((section, items))
        self.endResetModel()

    def section_names(self) -> list[str]:
        return [name for name, _items in self._sections]

    # ------------------------------------------------------------ structure
    def index(self, row: int, column: int, parent: Index = _NO_INDEX) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _SECTION_ROW)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: Index = _NO_INDEX) -> QModelIndex:  # type: ignore[override]
        if not child.isValid():
            return QModelIndex()
        tag = child.internalId()
        if tag == _SECTION_ROW or tag > len(self._sections):
            return QModelIndex()
        return self.createIndex(tag - 1, 0, _SECTION_ROW)

    def rowCount(self, parent: Index = _NO_INDEX) -> int:
        if not parent.isValid():
            return len(self._sections)
        if parent.column() != 0 or parent.internalId() != _SECTION_ROW:
            return 0
        return len(self._sections[parent.row()][1])

    def columnCount(self, parent: Index = _NO_INDEX) -> int:
        return len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("TelosTreeModel", self.COLUMNS[section])
        return None

    def status_at(self, index: Index) -> ItemStatus | None:
        if not index.isValid() or index.internalId() == _SECTION_ROW:
            return None
        section = index.internalId() - 1
        if section >= len(self._sections):
            return None
        items = self._sections[section][1]
        return items[index.row()] if 0 <= index.row() < len(items) else None

    def index_of(self, key: str) -> QModelIndex:
        for row, (_name, items) in enumerate(self._sections):
            for child, status in enumerate(items):
                if status.item.key == key:
                    return self.index(child, 0, self.index(row, 0))
        return QModelIndex()

    # ------------------------------------------------------------ data
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if index.internalId() == _SECTION_ROW:
            name, items = self._sections[index.row()]
            if role == Qt.ItemDataRole.DisplayRole and index.column() == 0:
                return f"{section_label(name)} ({len(items)})"
            return None
        status = self.status_at(index)
        if status is None:
            return None
        if role == ItemRole:
            return status
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(status, index.column())
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            return status.item.text
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 5:
            if status.neglected:
                return QBrush(NEGLECTED_COLOR)
            if status.unlinked:
                return QBrush(UNLINKED_COLOR)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (1, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _display(self, status: ItemStatus, column: int) -> str:
        item = status.item
        if column == 0:
            return item.label
        if column == 1:
            return f"{item.weight:.3g}"
        if column == 2:
            return item.deadline.date.isoformat() if item.deadline else ""
        if column == 3:
            return str(status.mention_count) if status.mention_count else ""
        if column == 4:
            return status.last_mentioned.isoformat() if status.last_mentioned else ""
        states = []
        if item.done:
            states.append(self.tr("done"))
        if status.neglected:
            states.append(self.tr("neglected"))
        if status.unlinked:
            states.append(self.tr("unlinked"))
        return ", ".join(states)
