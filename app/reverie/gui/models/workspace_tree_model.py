"""The workspace as a tree grouped like the memory model: long-term, daily notes by month,
other memory files, session transcripts per agent, dreaming, and the files of the agent's
``memorySearch.extraPaths`` when it has some."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from ...core.layers import LayerRules
from ...core.workspace import FileKind, MemoryFile

FILE_ROLE = Qt.ItemDataRole.UserRole + 1
"""The MemoryFile of a file row (None for groups)."""
KEY_ROLE = Qt.ItemDataRole.UserRole + 2
"""A stable key for a row (group path or file path): keeps expansion across reloads."""

Index = QModelIndex | QPersistentModelIndex
_NO_INDEX = QModelIndex()

COLUMNS = (
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Name"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Size"),
)
"""Column titles (English source text; shown translated)."""
WEEKDAYS = (
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Mon"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Tue"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Wed"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Thu"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Fri"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Sat"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "Sun"),
)
MONTHS = (
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "January"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "February"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "March"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "April"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "May"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "June"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "July"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "August"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "September"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "October"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "November"),
    QT_TRANSLATE_NOOP("WorkspaceTreeModel", "December"),
)


def _tr(text: str) -> str:
    return QCoreApplication.translate("WorkspaceTreeModel", text)


@dataclass(eq=False)
class _Node:
    label: str
    key: str
    parent: _Node | None = None
    file: MemoryFile | None = None
    children: list[_Node] = field(default_factory=list)

    def add(self, child: _Node) -> _Node:
        child.parent = self
        self.children.append(child)
        return child

    @property
    def row(self) -> int:
        return self.parent.children.index(self) if self.parent else 0

    def files(self) -> int:
        return 1 if self.file else sum(c.files() for c in self.children)

    def size(self) -> int:
        return self.file.size if self.file else sum(c.size() for c in self.children)


def human_size(size: int) -> str:
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} B"


def _file_label(mf: MemoryFile) -> str:
    name = mf.rel_path.rsplit("/", 1)[-1]
    if mf.kind is FileKind.DAILY and mf.date is not None:
        slug = name[len("YYYY-MM-DD") : -len(".md")].lstrip("-")
        label = f"{mf.date.isoformat()}  {_tr(WEEKDAYS[mf.date.weekday()])}"
        return f"{label}  {slug}" if slug else label
    if mf.kind in (FileKind.MEMORY_OTHER, FileKind.DREAMING):
        return mf.rel_path.removeprefix("memory/")
    if mf.kind is FileKind.EXTRA:
        return mf.rel_path  # as OpenClaw stores it, e.g. ../team-docs/runbook.md
    return name


def build_tree(files: Sequence[MemoryFile]) -> _Node:
    root = _Node("", "")
    translate = QCoreApplication.translate
    long_term = _Node(translate("WorkspaceTreeModel", "Long-term"), "g:long")
    daily = _Node(translate("WorkspaceTreeModel", "Daily notes"), "g:daily")
    other = _Node(translate("WorkspaceTreeModel", "Other memory files"), "g:other")
    sessions = _Node(translate("WorkspaceTreeModel", "Session transcripts"), "g:sessions")
    dreaming = _Node(translate("WorkspaceTreeModel", "Dreaming"), "g:dreaming")
    extra = _Node(translate("WorkspaceTreeModel", "Extra paths"), "g:extra")
    months: dict[str, _Node] = {}
    agents: dict[str, _Node] = {}
    dated = sorted(
        (f for f in files if f.kind is FileKind.DAILY),
        key=lambda f: (f.date or _dt.date.min, f.rel_path),
        reverse=True,
    )
    for mf in dated:
        assert mf.date is not None
        month = mf.date.strftime("%Y-%m")
        if month not in months:
            title = translate("WorkspaceTreeModel", "{month} {year}").format(
                month=_tr(MONTHS[mf.date.month - 1]), year=mf.date.year
            )
            months[month] = daily.add(_Node(title, f"g:daily:{month}"))
        months[month].add(_Node(_file_label(mf), mf.rel_path, file=mf))
    for mf in sorted(files, key=lambda f: f.rel_path):
        if mf.kind is FileKind.LONG_TERM:
            long_term.add(_Node(_file_label(mf), mf.rel_path, file=mf))
        elif mf.kind is FileKind.MEMORY_OTHER:
            other.add(_Node(_file_label(mf), mf.rel_path, file=mf))
        elif mf.kind is FileKind.DREAMING:
            dreaming.add(_Node(_file_label(mf), mf.rel_path, file=mf))
        elif mf.kind is FileKind.EXTRA:
            extra.add(_Node(_file_label(mf), mf.rel_path, file=mf))
        elif mf.kind is FileKind.SESSION:
            agent = mf.agent_id or "unknown"
            if agent not in agents:
                title = translate("WorkspaceTreeModel", "agent {agent}").format(agent=agent)
                agents[agent] = sessions.add(_Node(title, f"g:sessions:{agent}"))
            agents[agent].add(_Node(_file_label(mf), f"{agent}:{mf.rel_path}", file=mf))
    for group in (long_term, daily, other, sessions, dreaming):
        root.add(group)
    if extra.children:  # memorySearch.extraPaths: only when the agent has some
        root.add(extra)
    return root


class WorkspaceTreeModel(QAbstractItemModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._root = build_tree([])
        self.layer_rules = LayerRules()
        """How files are classified into memory layers (the workspace's overrides)."""

    def set_files(self, files: Sequence[MemoryFile]) -> None:
        self.beginResetModel()
        self._root = build_tree(files)
        self.endResetModel()

    def index_for_path(self, rel: str) -> QModelIndex:
        def walk(node: _Node, parent: QModelIndex) -> QModelIndex:
            for child in node.children:
                idx = self.index(child.row, 0, parent)
                if child.file is not None and child.file.rel_path == rel:
                    return idx
                found = walk(child, idx)
                if found.isValid():
                    return found
            return QModelIndex()

        return walk(self._root, QModelIndex())

    # -------------------------------------------------------------- Qt API
    def _node(self, index: Index) -> _Node:
        if index.isValid():
            node = index.internalPointer()
            assert isinstance(node, _Node)
            return node
        return self._root

    def index(self, row: int, column: int, parent: Index = _NO_INDEX) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        node = self._node(parent)
        return self.createIndex(row, column, node.children[row])

    def parent(self, index: Index = _NO_INDEX) -> QModelIndex:  # type: ignore[override]
        if not index.isValid():
            return QModelIndex()
        node = self._node(index)
        up = node.parent
        if up is None or up is self._root:
            return QModelIndex()
        return self.createIndex(up.row, 0, up)

    def rowCount(self, parent: Index = _NO_INDEX) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self._node(parent).children)

    def columnCount(self, parent: Index = _NO_INDEX) -> int:
        return len(COLUMNS)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(COLUMNS):
            return _tr(COLUMNS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        node = self._node(index)
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return node.label if node.file else f"{node.label} ({node.files()})"
            return human_size(node.size())
        if role == Qt.ItemDataRole.ToolTipRole:
            if node.file is not None:
                mtime = _dt.datetime.fromtimestamp(node.file.mtime_ms / 1000)
                layer = self.layer_rules.decide(node.file.rel_path)
                return self.tr("{path}\n{size}, modified {time}\nLayer {layer}: {reason}").format(
                    path=node.file.rel_path,
                    size=human_size(node.file.size),
                    time=f"{mtime:%Y-%m-%d %H:%M}",
                    layer=f"{layer.layer.code} {layer.layer.title}",
                    reason=layer.reason,
                )
            return self.tr("{files} files, {size}").format(
                files=node.files(), size=human_size(node.size())
            )
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == FILE_ROLE:
            return node.file
        if role == KEY_ROLE:
            return node.key
        return None
