"""The workspace tree with its filter box and file actions.

A big listing (``ASYNC_FILES`` files or more) is grouped, cut by the filter and made into
items on a worker thread, and the items it replaces are deleted there too; the newest
answer is shown and older ones are dropped. The filter box waits for a pause in typing
(``FILTER_DELAY_MS``) on such listings. Expansion is kept by row key (the view's expanded
and collapsed signals), so saving and restoring it visits the group rows only, never the
files.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import QHeaderView, QLineEdit, QMenu, QTreeView, QVBoxLayout, QWidget

from ...core.layers import Layer, LayerRules
from ...core.workspace import FileKind, MemoryFile
from ..models.workspace_tree_model import (
    FILE_ROLE,
    KEY_ROLE,
    Row,
    TreeData,
    TreeUpdate,
    WorkspaceTreeModel,
    build_tree,
    filter_tree,
    prepare,
)
from ..tasks import TaskRunner

ASYNC_FILES = 2000
"""Listings from this many files are grouped and filtered on a worker thread."""
FILTER_DELAY_MS = 200
"""On such listings, the filter applies after this pause in typing."""
FILTER_EXPAND_ROWS = 3000
"""A filtered tree opens its groups (parents first) while this many rows stay visible."""
FIRST_EXPANDED = frozenset({"g:long", "g:daily", "g:other", "g:sessions", "g:dreaming"})
"""The groups open when the first listing arrives (and the newest month)."""


def _update(
    base: TreeData,
    files: Sequence[MemoryFile],
    full: TreeData | None,
    rules: LayerRules,
    text: str,
) -> TreeUpdate:
    """How to go from ``base`` to ``files`` cut by ``text`` (``full``: the whole tree when
    it is already built from ``files``)."""
    whole = full if full is not None else build_tree(files, rules)
    return prepare(base, whole, filter_tree(whole, text))


def _drop(holder: list[list[Row]]) -> None:
    holder.clear()  # the last reference: the items are deleted on this thread


class WorkspaceTree(QWidget):
    sig_open = Signal(object)
    """MemoryFile to open."""
    sig_rename = Signal(object)
    sig_delete = Signal(object)
    sig_new_daily = Signal()
    sig_set_layer = Signal(str, object)
    """(path, Layer or None): override the file's memory layer (None: back to the rules)."""
    sig_shown = Signal()
    """A new tree is shown (after a listing or a filter change)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = WorkspaceTreeModel(self)
        self.filter_edit = QLineEdit(placeholderText=self.tr("Filter files…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.view = QTreeView()
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(200)  # sizes are alike: 200 rows tell the width
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.view)
        self._files: Sequence[MemoryFile] = ()
        self._full: TreeData | None = self.model.full
        """The whole tree of ``_files`` once built (None: being built)."""
        self._expanded: set[str] = set()
        """Keys of the rows open in the unfiltered tree (kept while a filter is shown)."""
        self._first = True
        self._generation = 0
        self._waiting = False
        self._runner = TaskRunner(self, max_threads=1)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(FILTER_DELAY_MS)
        self._filter_timer.timeout.connect(self._rebuild)
        self.filter_edit.textChanged.connect(self._on_filter_changed)
        self.view.expanded.connect(self._on_expanded)
        self.view.collapsed.connect(self._on_collapsed)
        self.view.activated.connect(self._on_view_activated)
        self.view.clicked.connect(self._on_view_activated)
        self.view.customContextMenuRequested.connect(self._on_view_context_menu)

    # ------------------------------------------------------------ listing and filter
    @property
    def busy(self) -> bool:
        """A tree is being built, or the filter waits for a pause in typing."""
        return self._waiting or self._filter_timer.isActive()

    def set_files(self, files: Sequence[MemoryFile]) -> None:
        self._files = list(files)
        self._full = None
        self._filter_timer.stop()
        self._rebuild()

    def _on_filter_changed(self, _text: str) -> None:
        if len(self._files) >= ASYNC_FILES:
            self._filter_timer.start()  # a pause in typing first
        else:
            self._rebuild()

    def _rebuild(self) -> None:
        self._filter_timer.stop()
        self._generation += 1
        gen = self._generation
        files, full, text = self._files, self._full, self.filter_edit.text()
        base, rules = self.model.tree, self.model.layer_rules
        if not text and full is not None and full is self.model.full and self.model.can_unfilter():
            self._waiting = False  # the whole tree's items were kept aside: back at once
            self._dispose(self.model.unfilter())
            self._restore_expanded()
            self.sig_shown.emit()
            return
        if len(files) < ASYNC_FILES:
            self._waiting = False
            self._show(gen, _update(base, files, full, rules, text))
            return

        def job() -> TreeUpdate | None:
            if gen != self._generation:
                return None  # a newer listing or filter is queued: skip this one
            return _update(base, files, full, rules, text)

        self._waiting = True
        self._runner.run(
            job,
            on_result=lambda update, g=gen: self._show(g, update),
            on_error=lambda _m, _d, g=gen: self._failed(g),
        )

    def set_layer_rules(self, rules: LayerRules) -> None:
        """Classify files with ``rules`` (the tooltips name each file's layer)."""
        self.model.layer_rules = rules
        self._full = None
        self._filter_timer.stop()
        self._rebuild()

    def _failed(self, generation: int) -> None:
        if generation == self._generation:
            self._waiting = False

    def _show(self, generation: int, update: TreeUpdate | None) -> None:
        if generation != self._generation or update is None:
            return  # a newer answer is on its way
        self._waiting = False
        full, shown = update.full, update.shown
        self._full = full
        if self._first:
            self._first = False
            self._expanded = set(FIRST_EXPANDED)
            daily = full.root.children[1] if len(full.root.children) > 1 else None
            if daily is not None and daily.children:
                self._expanded.add(daily.children[0].key)  # the newest month
        old = self.model.apply(update)
        if old is not None:
            self._dispose(old)
            if shown.filter_text:
                self._expand_filtered()
            else:
                self._restore_expanded()
        self.sig_shown.emit()

    def _dispose(self, rows: list[Row]) -> None:
        """Delete items taken out of the model on the worker (100,000 items take a while),
        which holds the last reference to them."""
        if rows:
            holder = [rows]
            del rows
            self._runner.run(_drop, holder)

    # ------------------------------------------------------------ expansion
    def _on_expanded(self, index: QModelIndex) -> None:
        if not self.model.filter_text:
            self._expanded.add(index.data(KEY_ROLE))

    def _on_collapsed(self, index: QModelIndex) -> None:
        if not self.model.filter_text:
            self._expanded.discard(index.data(KEY_ROLE))

    def _expanded_keys(self) -> set[str]:
        """The keys of the open rows of the unfiltered tree."""
        return set(self._expanded)

    def _restore_expanded(self) -> None:
        for idx in self.model.group_indexes():
            if idx.data(KEY_ROLE) in self._expanded:
                self.view.expand(idx)

    def _expand_filtered(self) -> None:
        """Open the groups of a filtered tree, parents first, while the rows fit."""
        visible = self.model.rowCount()
        opened: set[str] = set()
        for idx in sorted(self.model.group_indexes(), key=_depth):
            parent = idx.parent()
            rows = self.model.rowCount(idx)
            if parent.isValid() and parent.data(KEY_ROLE) not in opened:
                continue
            if visible + rows > FILTER_EXPAND_ROWS:
                continue
            visible += rows
            opened.add(idx.data(KEY_ROLE))
            self.view.expand(idx)

    # ------------------------------------------------------------ files
    def _file_at(self, index: QModelIndex) -> MemoryFile | None:
        mf = index.siblingAtColumn(0).data(FILE_ROLE) if index.isValid() else None
        return mf if isinstance(mf, MemoryFile) else None

    def _on_view_activated(self, index: QModelIndex) -> None:
        mf = self._file_at(index)
        if mf is not None:
            self.sig_open.emit(mf)

    def select_path(self, rel: str) -> None:
        idx = self.model.index_for_path(rel)
        if idx.isValid():
            self.view.setCurrentIndex(idx)
            self.view.scrollTo(idx)

    def close_down(self) -> None:
        """Drop the trees on their way and wait for the worker (before the tree goes)."""
        self._generation += 1
        self._filter_timer.stop()
        self._runner.shutdown()

    def _add_layer_menu(self, menu: QMenu, rel: str) -> None:
        decision = self.model.layer_rules.decide(rel)
        layers = menu.addMenu(self.tr("Memory layer ({layer})").format(layer=decision.layer.code))
        for layer in Layer:
            action = layers.addAction(
                f"{layer.code} {layer.title}", lambda lay=layer: self.sig_set_layer.emit(rel, lay)
            )
            action.setCheckable(True)
            action.setChecked(layer == decision.layer)
        layers.addSeparator()
        reset = layers.addAction(
            self.tr("Use the rules"), lambda: self.sig_set_layer.emit(rel, None)
        )
        reset.setEnabled(decision.reason.startswith("override"))

    def _on_view_context_menu(self, pos: QPoint) -> None:
        mf = self._file_at(self.view.indexAt(pos))
        menu = QMenu(self)
        menu.addAction(self.tr("New daily note for today"), self.sig_new_daily.emit)
        if mf is not None:
            menu.addSeparator()
            menu.addAction(self.tr("Open"), lambda: self.sig_open.emit(mf))
            editable = mf.kind is not FileKind.SESSION
            rename = menu.addAction(self.tr("Rename…"), lambda: self.sig_rename.emit(mf))
            delete = menu.addAction(self.tr("Move to trash…"), lambda: self.sig_delete.emit(mf))
            rename.setEnabled(editable)
            delete.setEnabled(editable)
            self._add_layer_menu(menu, mf.rel_path)
        menu.exec(self.view.viewport().mapToGlobal(pos))


def _depth(index: QModelIndex) -> int:
    depth = 0
    parent = index.parent()
    while parent.isValid():
        depth += 1
        parent = parent.parent()
    return depth
