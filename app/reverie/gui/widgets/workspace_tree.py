"""The workspace tree with its filter box and file actions."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPoint, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import QHeaderView, QLineEdit, QMenu, QTreeView, QVBoxLayout, QWidget

from ...core.layers import Layer
from ...core.workspace import FileKind, MemoryFile
from ..models.workspace_tree_model import FILE_ROLE, KEY_ROLE, WorkspaceTreeModel


class WorkspaceTree(QWidget):
    sig_open = Signal(object)
    """MemoryFile to open."""
    sig_rename = Signal(object)
    sig_delete = Signal(object)
    sig_new_daily = Signal()
    sig_set_layer = Signal(str, object)
    """(path, Layer or None): override the file's memory layer (None: back to the rules)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = WorkspaceTreeModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(0)
        self.filter_edit = QLineEdit(placeholderText=self.tr("Filter files…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.view = QTreeView()
        self.view.setModel(self.proxy)
        self.view.setUniformRowHeights(True)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.view)
        self.filter_edit.textChanged.connect(self._on_filter_changed)
        self.view.activated.connect(self._on_view_activated)
        self.view.clicked.connect(self._on_view_activated)
        self.view.customContextMenuRequested.connect(self._on_view_context_menu)
        self._first = True

    def set_files(self, files: list[MemoryFile]) -> None:
        expanded = self._expanded_keys()
        self.model.set_files(files)
        if self._first:
            expanded = {"g:long", "g:daily", "g:other", "g:sessions", "g:dreaming"}
            months = [self.model.index(0, 0, self.model.index(1, 0))]
            expanded |= {m.data(KEY_ROLE) for m in months if m.isValid()}
            self._first = False
        self._restore_expanded(expanded)

    def _expanded_keys(self) -> set[str]:
        keys: set[str] = set()

        def walk(parent: QModelIndex) -> None:
            for row in range(self.proxy.rowCount(parent)):
                idx = self.proxy.index(row, 0, parent)
                if self.view.isExpanded(idx):
                    keys.add(idx.data(KEY_ROLE))
                    walk(idx)

        walk(QModelIndex())
        return keys

    def _restore_expanded(self, keys: set[str]) -> None:
        def walk(parent: QModelIndex) -> None:
            for row in range(self.proxy.rowCount(parent)):
                idx = self.proxy.index(row, 0, parent)
                if idx.data(KEY_ROLE) in keys:
                    self.view.expand(idx)
                    walk(idx)

        walk(QModelIndex())

    def _on_filter_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        if text:
            self.view.expandAll()

    def _file_at(self, index: QModelIndex) -> MemoryFile | None:
        mf = index.siblingAtColumn(0).data(FILE_ROLE) if index.isValid() else None
        return mf if isinstance(mf, MemoryFile) else None

    def _on_view_activated(self, index: QModelIndex) -> None:
        mf = self._file_at(index)
        if mf is not None:
            self.sig_open.emit(mf)

    def select_path(self, rel: str) -> None:
        source = self.model.index_for_path(rel)
        if source.isValid():
            idx = self.proxy.mapFromSource(source)
            self.view.setCurrentIndex(idx)
            self.view.scrollTo(idx)

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
