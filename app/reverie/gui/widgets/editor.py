"""One open memory file: the Markdown editor, its find bar, its conflict bar and preview.

The page keeps the hash of the bytes it loaded; saving passes it to the core so a file that
changed meanwhile is never overwritten without the person's say-so.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QInputDialog, QMessageBox, QSplitter, QVBoxLayout, QWidget

from ...core.workspace import FileMissing, WriteConflict, sha256_hex
from ..controller import Controller
from ..dialogs.compare_dialog import CompareDialog
from .code_editor import CodeEditor
from .conflict_bar import ConflictBar
from .find_bar import FindBar
from .highlighter import MarkdownHighlighter
from .preview import MarkdownPreview

log = logging.getLogger(__name__)


class EditorPage(QWidget):
    sig_dirty_changed = Signal(bool)
    sig_status = Signal(str)

    def __init__(
        self, controller: Controller, rel_path: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.rel_path = rel_path
        self.loaded_hash: str | None = None
        self.editor = CodeEditor()
        self.highlighter = MarkdownHighlighter(self.editor.document())
        self.find_bar = FindBar(self.editor)
        self.find_bar.hide()
        self.conflict_bar = ConflictBar()
        self.preview = MarkdownPreview()
        self.preview.hide()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.editor)
        self.splitter.addWidget(self.preview)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.conflict_bar)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.find_bar)
        self._preview_timer = QTimer(self, singleShot=True, interval=300)
        self._preview_timer.timeout.connect(self._update_preview)
        self.editor.textChanged.connect(self._on_editor_text_changed)
        self.editor.modificationChanged.connect(self.sig_dirty_changed)
        self.conflict_bar.sig_reload.connect(self.reload_theirs)
        self.conflict_bar.sig_keep_mine.connect(self.keep_mine)
        self.conflict_bar.sig_compare.connect(self.compare)
        self.load()

    # ------------------------------------------------------------ state
    @property
    def dirty(self) -> bool:
        return self.editor.document().isModified()

    @property
    def text(self) -> str:
        return self.editor.toPlainText()

    def load(self) -> None:
        text = self.controller.read_text(self.rel_path)
        self.loaded_hash = sha256_hex(text.encode("utf-8"))
        self.editor.setPlainText(text)
        self.editor.document().setModified(False)
        self.conflict_bar.hide()

    def _disk_text(self) -> str | None:
        try:
            return self.controller.read_text(self.rel_path)
        except FileMissing:
            return None

    # ------------------------------------------------------------ saving
    def save(self) -> bool:
        try:
            self.loaded_hash = self.controller.save(self.rel_path, self.text, self.loaded_hash)
        except WriteConflict as exc:
            log.info("save refused: %s", exc)
            self.conflict_bar.show_conflict(self.rel_path, deleted=self._disk_text() is None)
            self.sig_status.emit(str(exc))
            return False
        self.editor.document().setModified(False)
        self.conflict_bar.hide()
        self.sig_status.emit(self.tr("Saved {path}; re-indexing…").format(path=self.rel_path))
        return True

    # ------------------------------------------------------------ external changes
    def on_disk_changed(self) -> None:
        """Another program touched this file: follow it, or raise the conflict bar."""
        disk = self._disk_text()
        if disk is not None and sha256_hex(disk.encode("utf-8")) == self.loaded_hash:
            return  # our own save, or a touch without a change
        if not self.dirty and disk is not None:
            self._replace_text(disk)
            self.sig_status.emit(
                self.tr("{path} was changed on disk and reloaded").format(path=self.rel_path)
            )
            return
        self.conflict_bar.show_conflict(self.rel_path, deleted=disk is None)

    def _replace_text(self, text: str) -> None:
        """Replace the buffer in one undoable step, keeping the view where it was."""
        scroll = self.editor.verticalScrollBar().value()
        pos = self.editor.textCursor().position()
        cursor = QTextCursor(self.editor.document())
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)
        cursor.endEditBlock()
        self.loaded_hash = sha256_hex(text.encode("utf-8"))
        self.editor.document().setModified(False)
        cursor.setPosition(min(pos, len(text)))
        self.editor.setTextCursor(cursor)
        self.editor.verticalScrollBar().setValue(scroll)

    def reload_theirs(self) -> None:
        disk = self._disk_text()
        if disk is None:
            return
        self._replace_text(disk)
        self.conflict_bar.hide()
        self.sig_status.emit(self.tr("Reloaded from disk; Undo (Ctrl+Z) brings your edits back"))

    def keep_mine(self) -> None:
        if not self.confirm(
            self.tr("Overwrite the file on disk?"),
            self.tr(
                "Save your version of {path} over the one another program wrote? "
                "Their changes will be replaced."
            ).format(path=self.rel_path),
        ):
            return
        disk = self._disk_text()
        self.loaded_hash = None if disk is None else sha256_hex(disk.encode("utf-8"))
        if self.loaded_hash is None:
            self.loaded_hash = self.controller.save(self.rel_path, self.text, None)
            self.editor.document().setModified(False)
            self.conflict_bar.hide()
            return
        self.save()

    def compare(self) -> None:
        disk = self._disk_text()
        if disk is not None:
            CompareDialog(self.rel_path, self.text, disk, self).exec()

    def confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    # ------------------------------------------------------------ view helpers
    def toggle_preview(self) -> None:
        self.preview.setVisible(not self.preview.isVisible())
        if self.preview.isVisible():
            self._update_preview()

    def _on_editor_text_changed(self) -> None:
        if self.preview.isVisible():
            self._preview_timer.start()

    def _update_preview(self) -> None:
        self.preview.show_markdown(self.text)

    def ask_go_to_line(self) -> None:
        line, ok = QInputDialog.getInt(
            self,
            self.tr("Go to line"),
            self.tr("Line:"),
            self.editor.textCursor().blockNumber() + 1,
            1,
            self.editor.blockCount(),
        )
        if ok:
            self.editor.go_to_line(line)
