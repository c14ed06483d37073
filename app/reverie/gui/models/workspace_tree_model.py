"""The workspace as a tree grouped like the memory model: long-term, daily notes by month,
other memory files, session transcripts per agent, dreaming, and the files of the agent's
``memorySearch.extraPaths`` when it has some.

A workspace can hold tens of thousands of files. The tree is first built as plain data
(:class:`TreeData`, by :func:`build_tree` and :func:`filter_tree`: every node knows its row,
its parent, its totals and its tooltip), then as Qt items (:func:`prepare`); all of it may
run on a worker thread. The model is a :class:`QStandardItemModel`, so the view lays out,
paints and scrolls its rows without calling Python: each call from Qt into Python waits for
the interpreter lock, which the workers (indexing, the Health and Purpose pages) hold most
of the time while a big workspace opens. A new tree with the same rows goes in without new
items (only the rows that changed are updated: the view keeps its expansion, selection and
scroll position); a tree with other rows replaces the items, and :meth:`apply` hands the old
ones back to be deleted off the UI thread.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator, Sequence
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QModelIndex,
    QObject,
    Qt,
)
from PySide6.QtGui import QStandardItem, QStandardItemModel

from ...core.layers import LayerRules
from ...core.workspace import FileKind, MemoryFile

FILE_ROLE = Qt.ItemDataRole.UserRole + 1
"""The MemoryFile of a file row (None for groups)."""
KEY_ROLE = Qt.ItemDataRole.UserRole + 2
"""A stable key for a row (group path or file path): keeps expansion across reloads."""

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


FILE_TIP = QT_TRANSLATE_NOOP(
    "WorkspaceTreeModel", "{path}\n{size}, modified {time}\nLayer {layer}: {reason}"
)
GROUP_TIP = QT_TRANSLATE_NOOP("WorkspaceTreeModel", "{files} files, {size}")
GROUP_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
FILE_FLAGS = GROUP_FLAGS | Qt.ItemFlag.ItemNeverHasChildren
SIZE_ALIGN = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
IN_PLACE_MAX = 500
"""A new tree with the same rows but more changed rows than this gets new items."""

Row = list[QStandardItem]
"""The items of one row: name and size."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("WorkspaceTreeModel", text)


class _Node:
    """One row: a group (``file`` None) or a file. Never changed once its tree is built.

    A node knows its parent by number, not by reference: a tree holds no reference cycle,
    so a tree no longer shown is freed at once, without the cyclic garbage collector."""

    __slots__ = ("label", "key", "file", "parent", "children", "row", "id", "count", "size", "tip")

    def __init__(self, label: str, key: str, file: MemoryFile | None = None, tip: str = "") -> None:
        self.label = label
        self.key = key
        self.file = file
        self.parent = -1
        """The parent's ``id`` (-1: the root)."""
        self.children: list[_Node] = []
        self.row = 0
        """The row under the parent (kept, not searched for)."""
        self.id = 0
        """The number of the node in its tree, in pre-order (the root is 0)."""
        self.count = 1 if file is not None else 0
        """The files at and under the node."""
        self.size = file.size if file is not None else 0
        """Their total size in bytes."""
        self.tip = tip
        """The tooltip (a group's is written when its totals are known)."""

    def add(self, child: _Node) -> _Node:
        child.row = len(self.children)
        self.children.append(child)
        return child

    @property
    def text(self) -> str:
        """What the name column shows."""
        return self.label if self.file is not None else f"{self.label} ({self.count})"


class TreeData:
    """A finished tree: its nodes in pre-order, the groups, and the file rows by path.

    ``root`` must be freshly built (its totals are summed here, once)."""

    __slots__ = ("root", "nodes", "groups", "paths", "filter_text", "_signature")

    def __init__(self, root: _Node, filter_text: str = "") -> None:
        self.root = root
        self.filter_text = filter_text
        """The filter this tree was cut with ("" for the whole listing)."""
        nodes: list[_Node] = []
        stack = [root]
        while stack:
            node = stack.pop()
            node.id = len(nodes)
            nodes.append(node)
            for child in node.children:
                child.parent = node.id
            stack.extend(reversed(node.children))
        for node in reversed(nodes):  # children before their parents: totals bottom-up
            if node.parent >= 0:
                up = nodes[node.parent]
                up.count += node.count
                up.size += node.size
        self.nodes = nodes
        self.groups = [n for n in nodes[1:] if n.file is None]
        """Every group row (top-level groups, months, agents), in pre-order."""
        group_tip = _tr(GROUP_TIP)
        for group in self.groups:
            group.tip = group_tip.format(files=group.count, size=human_size(group.size))
        self.paths: dict[str, _Node] = {}
        for node in nodes:
            if node.file is not None:
                self.paths.setdefault(node.file.rel_path, node)
        self._signature: tuple[list[str], list[str]] | None = None

    def __len__(self) -> int:
        return len(self.nodes) - 1

    def rows_of(self, node: _Node) -> list[int]:
        """The rows from the top of the tree down to ``node``."""
        rows: list[int] = []
        while node.parent >= 0:
            rows.append(node.row)
            node = self.nodes[node.parent]
        return rows[::-1]

    @property
    def files(self) -> int:
        return self.root.count

    def signature(self) -> tuple[list[str], list[str]]:
        """Each row's key and label, in order: two trees with the same signature have the
        same rows at the same places."""
        if self._signature is None:
            self._signature = ([n.key for n in self.nodes], [n.label for n in self.nodes])
        return self._signature

    def same_rows(self, other: TreeData) -> bool:
        return len(self.nodes) == len(other.nodes) and self.signature() == other.signature()


def human_size(size: int) -> str:
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} B"


def _file_label(mf: MemoryFile, weekdays: Sequence[str] | None = None) -> str:
    name = mf.rel_path.rsplit("/", 1)[-1]
    if mf.kind is FileKind.DAILY and mf.date is not None:
        slug = name[len("YYYY-MM-DD") : -len(".md")].lstrip("-")
        day = weekdays[mf.date.weekday()] if weekdays else _tr(WEEKDAYS[mf.date.weekday()])
        label = f"{mf.date.isoformat()}  {day}"
        return f"{label}  {slug}" if slug else label
    if mf.kind in (FileKind.MEMORY_OTHER, FileKind.DREAMING):
        return mf.rel_path.removeprefix("memory/")
    if mf.kind is FileKind.EXTRA:
        return mf.rel_path  # as OpenClaw stores it, e.g. ../team-docs/runbook.md
    return name


def file_tip(mf: MemoryFile, rules: LayerRules, template: str | None = None) -> str:
    """A file row's tooltip: path, size, time and memory layer."""
    t = _dt.datetime.fromtimestamp(mf.mtime_ms / 1000)
    decision = rules.decide(mf.rel_path)
    return (template or _tr(FILE_TIP)).format(
        path=mf.rel_path,
        size=human_size(mf.size),
        # not strftime: it imports a module on each call, through PySide's import hook
        time=f"{t.year:04d}-{t.month:02d}-{t.day:02d} {t.hour:02d}:{t.minute:02d}",
        layer=f"{decision.layer.code} {decision.layer.title}",
        reason=decision.reason,
    )


def _daily_key(mf: MemoryFile) -> tuple[_dt.date, str]:
    return (mf.date or _dt.date.min, mf.rel_path)


def _rel_path(mf: MemoryFile) -> str:
    return mf.rel_path


def build_tree(files: Sequence[MemoryFile], rules: LayerRules | None = None) -> TreeData:
    """The whole listing as a tree (tooltips with the layers ``rules`` give). Pure Python
    (translations only): safe on a worker."""
    rules = rules if rules is not None else LayerRules()
    translate = QCoreApplication.translate
    weekdays = [_tr(day) for day in WEEKDAYS]
    month_names = [_tr(month) for month in MONTHS]
    month_title = translate("WorkspaceTreeModel", "{month} {year}")
    tip = _tr(FILE_TIP)
    root = _Node("", "")
    long_term = _Node(translate("WorkspaceTreeModel", "Long-term"), "g:long")
    daily = _Node(translate("WorkspaceTreeModel", "Daily notes"), "g:daily")
    other = _Node(translate("WorkspaceTreeModel", "Other memory files"), "g:other")
    sessions = _Node(translate("WorkspaceTreeModel", "Session transcripts"), "g:sessions")
    dreaming = _Node(translate("WorkspaceTreeModel", "Dreaming"), "g:dreaming")
    extra = _Node(translate("WorkspaceTreeModel", "Extra paths"), "g:extra")
    months: dict[tuple[int, int], _Node] = {}
    agents: dict[str, _Node] = {}
    dated = sorted((f for f in files if f.kind is FileKind.DAILY), key=_daily_key, reverse=True)
    for mf in dated:
        assert mf.date is not None
        ym = (mf.date.year, mf.date.month)
        month = months.get(ym)
        if month is None:
            title = month_title.format(month=month_names[ym[1] - 1], year=ym[0])
            month = months[ym] = daily.add(_Node(title, f"g:daily:{ym[0]:04d}-{ym[1]:02d}"))
        month.add(_Node(_file_label(mf, weekdays), mf.rel_path, mf, file_tip(mf, rules, tip)))
    flat = {
        FileKind.LONG_TERM: long_term,
        FileKind.MEMORY_OTHER: other,
        FileKind.DREAMING: dreaming,
        FileKind.EXTRA: extra,
    }
    for mf in sorted(files, key=_rel_path):
        group = flat.get(mf.kind)
        if group is not None:
            group.add(_Node(_file_label(mf), mf.rel_path, mf, file_tip(mf, rules, tip)))
        elif mf.kind is FileKind.SESSION:
            agent = mf.agent_id or "unknown"
            node = agents.get(agent)
            if node is None:
                title = translate("WorkspaceTreeModel", "agent {agent}").format(agent=agent)
                node = agents[agent] = sessions.add(_Node(title, f"g:sessions:{agent}"))
            key = f"{agent}:{mf.rel_path}"
            node.add(_Node(_file_label(mf), key, mf, file_tip(mf, rules, tip)))
    for group in (long_term, daily, other, sessions, dreaming):
        root.add(group)
    if extra.children:  # memorySearch.extraPaths: only when the agent has some
        root.add(extra)
    return TreeData(root)


def filter_tree(tree: TreeData, text: str) -> TreeData:
    """The rows of ``tree`` whose name holds ``text`` (any case), with the groups above
    them; a group whose own name holds it stays too. The whole tree when ``text`` is empty.
    Pure Python: safe on a worker."""
    if not text:
        return tree
    needle = text.casefold()

    def cut(group: _Node) -> _Node | None:
        kept: list[_Node] = []
        for child in group.children:
            if child.file is not None:
                if needle in child.label.casefold():
                    kept.append(_Node(child.label, child.key, child.file, child.tip))
            else:
                sub = cut(child)
                if sub is not None:
                    kept.append(sub)
        if not kept and needle not in group.label.casefold():
            return None
        node = _Node(group.label, group.key)
        for child in kept:
            node.add(child)
        return node

    root = _Node("", "")
    for group in tree.root.children:
        sub = cut(group)
        if sub is not None:
            root.add(sub)
    return TreeData(root, text)


def make_rows(groups: Sequence[_Node]) -> list[Row]:
    """The items of ``groups`` and everything under them. The items are copies of plain
    C++ prototypes: an item made from Python would call back into Python (and wait for the
    interpreter lock) each time the view first reads it. Safe on a worker."""
    group_name = QStandardItem()
    group_name.setFlags(GROUP_FLAGS)
    group_size = group_name.clone()
    group_size.setTextAlignment(SIZE_ALIGN)
    file_name = QStandardItem()
    file_name.setFlags(FILE_FLAGS)
    file_size = file_name.clone()
    file_size.setTextAlignment(SIZE_ALIGN)

    def row(node: _Node) -> Row:
        if node.file is not None:
            name, size = file_name.clone(), file_size.clone()
            name.setData(node.file, FILE_ROLE)
        else:
            name, size = group_name.clone(), group_size.clone()
            for child in node.children:
                name.appendRow(row(child))
        name.setText(node.text)
        name.setData(node.key, KEY_ROLE)
        name.setToolTip(node.tip)
        size.setText(human_size(node.size))
        size.setToolTip(node.tip)
        return [name, size]

    return [row(group) for group in groups]


class TreeUpdate:
    """What :meth:`WorkspaceTreeModel.apply` needs to show a new tree, made by
    :func:`prepare` (on a worker for big trees)."""

    __slots__ = ("base", "full", "shown", "rows", "changed")

    def __init__(
        self,
        base: TreeData,
        full: TreeData,
        shown: TreeData,
        rows: list[Row] | None,
        changed: Sequence[_Node] = (),
    ) -> None:
        self.base = base
        """The tree shown when this update was prepared."""
        self.full = full
        self.shown = shown
        self.rows = rows
        """The top-level rows of new items (None: same rows as ``base``, see ``changed``)."""
        self.changed = changed
        """The nodes of ``shown`` whose row shows something else than in ``base``."""


def prepare(base: TreeData, full: TreeData, shown: TreeData) -> TreeUpdate:
    """How to go from showing ``base`` to showing ``shown`` (cut from ``full``): the rows
    that changed when the rows are the same, else new items. Safe on a worker: the items
    it makes belong to no model yet."""
    if shown.same_rows(base):
        changed = [
            new
            for old, new in zip(base.nodes[1:], shown.nodes[1:], strict=True)
            if new.count != old.count
            or new.size != old.size
            or new.tip != old.tip
            or new.file != old.file
        ]
        if len(changed) <= IN_PLACE_MAX:
            return TreeUpdate(base, full, shown, None, changed)
    return TreeUpdate(base, full, shown, make_rows(shown.root.children))


class WorkspaceTreeModel(QStandardItemModel):
    """Shows one :class:`TreeData` (the whole listing, or the rows a filter kept)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.layer_rules = LayerRules()
        """How files are classified into memory layers (the workspace's overrides): read
        when a tree is built (the tree widget rebuilds when they change)."""
        self._full = build_tree([], self.layer_rules)
        self._tree = self._full
        self._parked: tuple[TreeData, list[Row]] | None = None
        """The items of the whole tree while a filter's are shown (back at once when the
        filter is cleared and the listing is the same)."""
        for row in make_rows(self._full.root.children):
            self.appendRow(row)

    @property
    def full(self) -> TreeData:
        """The tree of the whole listing."""
        return self._full

    @property
    def tree(self) -> TreeData:
        """The tree shown (``full``, or the rows the filter kept)."""
        return self._tree

    @property
    def filter_text(self) -> str:
        return self._tree.filter_text

    def set_files(self, files: Sequence[MemoryFile]) -> None:
        """Show ``files`` (cut with the current filter); builds the tree here."""
        full = build_tree(files, self.layer_rules)
        self.set_trees(full, filter_tree(full, self.filter_text))

    def set_filter(self, text: str) -> None:
        """Show the rows whose name holds ``text``; builds the cut tree here."""
        self.set_trees(self._full, filter_tree(self._full, text))

    def set_trees(self, full: TreeData, shown: TreeData) -> bool:
        """Show ``shown`` (cut from ``full``) with items made here; True when the rows
        were replaced, False when the same rows were updated."""
        old = self.apply(prepare(self._tree, full, shown))
        return old is not None

    def apply(self, update: TreeUpdate) -> list[Row] | None:
        """Show a prepared tree. Same rows: the changed ones are updated and None is
        returned; else the rows are replaced and the items no longer needed are returned,
        out of the model (deleting 100,000 items takes a while: let a worker drop them).
        The whole tree's items are kept aside while a filter is shown."""
        if update.rows is None and update.base is not self._tree:
            update = prepare(self._tree, update.full, update.shown)  # shown changed meanwhile
        self._full = update.full
        if update.rows is None:
            self._tree = update.shown
            for node in update.changed:
                self._update_row(node)
            return None
        rows, update.rows = update.rows, None  # the model owns them now
        return self._replace(update.shown, rows)

    def can_unfilter(self) -> bool:
        """The whole tree's items are kept aside and still show the listing."""
        return self._parked is not None and self._parked[0] is self._full

    def unfilter(self) -> list[Row]:
        """Show the whole tree again with the items kept aside (see :meth:`can_unfilter`);
        returns the filter's items."""
        assert self._parked is not None and self._parked[0] is self._full
        tree, rows = self._parked
        self._parked = None
        return self._replace(tree, rows)

    def _replace(self, shown: TreeData, rows: list[Row]) -> list[Row]:
        old = [self.takeRow(0) for _ in range(self.rowCount())]
        done: list[Row] = []
        if self._parked is not None and self._parked[0] is not self._full:
            done += self._parked[1]  # kept for a listing that is gone
            self._parked = None
        if self._tree is self._full and shown is not self._full and self._parked is None:
            self._parked = (self._tree, old)
        else:
            done += old
        self._tree = shown
        for row in rows:
            self.appendRow(row)
        return done

    def _update_row(self, node: _Node) -> None:
        name = self.itemFromIndex(self._index(node))
        if name is None:
            return
        up = name.parent() or self.invisibleRootItem()
        size = up.child(name.row(), 1)
        name.setText(node.text)
        name.setToolTip(node.tip)
        if node.file is not None:
            name.setData(node.file, FILE_ROLE)
        if size is not None:
            size.setText(human_size(node.size))
            size.setToolTip(node.tip)

    def _index(self, node: _Node) -> QModelIndex:
        idx = QModelIndex()
        for row in self._tree.rows_of(node):
            idx = self.index(row, 0, idx)
        return idx

    def index_for_path(self, rel: str) -> QModelIndex:
        """The shown row of the file ``rel`` (invalid when it is not shown)."""
        node = self._tree.paths.get(rel)
        return self._index(node) if node is not None else QModelIndex()

    def group_indexes(self) -> Iterator[QModelIndex]:
        """Every shown group row (top-level groups, months, agents), parents first."""
        parents: dict[int, QModelIndex] = {0: QModelIndex()}
        for node in self._tree.groups:
            idx = self.index(node.row, 0, parents[node.parent])
            parents[node.id] = idx
            yield idx

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(COLUMNS):
            return _tr(COLUMNS[section])
        return super().headerData(section, orientation, role)
