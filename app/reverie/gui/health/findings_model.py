"""A Qt tree model over a :class:`~reverie.core.health.model.HealthReport`: one group row
per kind of finding (with its count), the findings of that kind below it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from ...core.health.model import KINDS, Finding, HealthReport
from .reason_text import reason_text

Index = QModelIndex | QPersistentModelIndex
FINDING_ROLE = Qt.ItemDataRole.UserRole + 1
_NO_PARENT = 0xFFFFFFFF
_ROOT = QModelIndex()


class FindingsModel(QAbstractItemModel):
    """Columns: the entry (line and text), its date, the newest evidence, the score."""

    COLUMNS = 4

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.groups: list[tuple[str, list[Finding]]] = []

    def kind_title(self, kind: str) -> str:
        return {
            "possible-update": self.tr("Possible updates"),
            "duplicate": self.tr("Duplicates"),
            "stale": self.tr("Stale"),
            "budget": self.tr("Size"),
        }.get(kind, kind)

    def set_report(self, report: HealthReport | None) -> None:
        self.beginResetModel()
        self.groups = []
        if report is not None:
            for kind in KINDS:
                found = report.by_kind(kind)
                if found:
                    self.groups.append((kind, found))
        self.endResetModel()

    # ------------------------------------------------------------ structure
    def index(self, row: int, column: int, parent: Index = _ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _NO_PARENT)
        return self.createIndex(row, column, parent.row())

    def parent(self, child: Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not child.isValid():
            return QModelIndex()
        group = child.internalId()
        if group == _NO_PARENT:
            return QModelIndex()
        return self.createIndex(int(group), 0, _NO_PARENT)

    def rowCount(self, parent: Index = _ROOT) -> int:
        if not parent.isValid():
            return len(self.groups)
        if parent.internalId() == _NO_PARENT and parent.column() == 0:
            return len(self.groups[parent.row()][1])
        return 0

    def columnCount(self, parent: Index = _ROOT) -> int:
        return self.COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return [self.tr("Entry"), self.tr("Written"), self.tr("Newer evidence"), self.tr("Score")][
            section
        ]

    # ------------------------------------------------------------ data
    def finding(self, index: Index) -> Finding | None:
        if not index.isValid() or index.internalId() == _NO_PARENT:
            return None
        return self.groups[int(index.internalId())][1][index.row()]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if index.internalId() == _NO_PARENT:
            kind, found = self.groups[index.row()]
            if role == Qt.ItemDataRole.DisplayRole and index.column() == 0:
                return f"{self.kind_title(kind)} ({len(found)})"
            if role == Qt.ItemDataRole.UserRole:
                return kind
            return None
        finding = self.finding(index)
        if finding is None:
            return None
        if role == FINDING_ROLE:
            return finding
        if role == Qt.ItemDataRole.ToolTipRole:
            return reason_text(finding)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        column = index.column()
        if column == 0:
            text = " ".join(finding.text.split()) or reason_text(finding)
            return f"{finding.start_line}: {text}"
        if column == 1:
            if finding.entry_date and finding.entry_date_source == "first-seen":
                return self.tr("seen {date}").format(date=finding.entry_date)
            return finding.entry_date or ""
        if column == 2:
            first = finding.evidence[0] if finding.evidence else None
            if first is None:
                return ""
            return f"{first.date or ''} {first.path}:{first.start_line}".strip()
        return f"{finding.score:.2f}"

    def first_finding_index(self) -> QModelIndex:
        if not self.groups:
            return QModelIndex()
        return self.index(0, 0, self.index(0, 0))

    def _locate(self, finding_id: str) -> tuple[int, int] | None:
        """The finding's group row and its row in the group."""
        for group_row, (_kind, found) in enumerate(self.groups):
            for row, finding in enumerate(found):
                if finding.id == finding_id:
                    return group_row, row
        return None

    def position_of(self, finding_id: str) -> tuple[str, int] | None:
        """The finding's group (its kind) and row in it."""
        found = self._locate(finding_id)
        return None if found is None else (self.groups[found[0]][0], found[1])

    def index_at(self, kind: str, row: int) -> QModelIndex:
        """The finding at ``row`` of the group of ``kind`` (its last when the group is
        shorter now); invalid when the group is gone."""
        for group_row, (group_kind, found) in enumerate(self.groups):
            if group_kind == kind and found:
                return self.index(min(row, len(found) - 1), 0, self.index(group_row, 0))
        return QModelIndex()

    def index_of(self, finding_id: str) -> QModelIndex:
        found = self._locate(finding_id)
        if found is None:
            return QModelIndex()
        return self.index(found[1], 0, self.index(found[0], 0))
