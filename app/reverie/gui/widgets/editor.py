"""One open memory file: the Markdown editor, its find bar, its conflict bar and preview.

The page keeps the hash of the bytes it loaded and the text it loaded (the *base*); saving
passes the hash to the core so a file that changed meanwhile is never overwritten without
the person's say-so, and merging uses the base to tell their changes from the person's.

The base follows the undo history: text undone to before a reload or a merge belongs to the
older disk version, so saving it raises the conflict again instead of overwriting what the
other program wrote. Each file's line endings and byte-order mark are kept on save.

A file that can no longer be read as text (not UTF-8, no access, a folder in its place)
keeps the buffer as it is; the conflict bar says why, and writing over the file asks first.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QTextCursor
from PySide6.QtWidgets import QDialog, QInputDialog, QMessageBox, QSplitter, QVBoxLayout, QWidget

from ...core.errors import UserError
from ...core.merge import three_way_merge
from ...core.textfile import TextFormat, decode_for_editor, encode_from_editor
from ...core.workspace import FileMissing, UnreadableFile, WriteConflict, sha256_hex
from ..controller import Controller
from ..dialogs.compare_dialog import CompareDialog
from ..dialogs.merge_dialog import MergeDialog
from ..phrases import say
from ..tasks import refusal_text
from .code_editor import CodeEditor
from .conflict_bar import ConflictBar
from .find_bar import FindBar
from .highlighter import MarkdownHighlighter
from .preview import MarkdownPreview

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DiskBase:
    """A version of the file on disk that the buffer's text was edited from."""

    text: str
    """The version as the editor holds it (``\\n`` line breaks, no BOM): the merge base."""
    digest: str
    """SHA-256 of its bytes on disk: the save's expected hash."""
    fmt: TextFormat


@dataclass(frozen=True)
class _BaseChange:
    """A reload or merge in the undo history: undoing it puts ``before`` back as the base."""

    undo_steps: int
    """The document's undo steps right after the change."""
    before: DiskBase
    after: DiskBase


Disk = str | UnreadableFile | None
"""The file on disk: its text, why it cannot be read as text, or None when it is gone."""


class EditorPage(QWidget):
    sig_dirty_changed = Signal(bool)
    sig_readable_changed = Signal(bool)
    sig_status = Signal(str)
    sig_close_requested = Signal()

    def __init__(
        self, controller: Controller, rel_path: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.rel_path = rel_path
        self.base = DiskBase("", "", TextFormat())
        self._shown: tuple[str | None, str | None] | None = None
        """(text on disk, its hash) when the conflict bar was raised: what "Keep mine" may
        replace. (None, None): the file was gone. (None, hash): it could not be read as
        text (hash None: not even its bytes)."""
        self.unreadable: UnreadableFile | None = None
        """Why the file on disk cannot be read as text, while it cannot."""
        self._changes: list[_BaseChange] = []
        self._undone: list[_BaseChange] = []
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
        # a new edit drops the redo history, and with it the base changes undone
        self.editor.document().undoCommandAdded.connect(self._undone.clear)
        self.conflict_bar.sig_reload.connect(self.reload_theirs)
        self.conflict_bar.sig_keep_mine.connect(self.keep_mine)
        self.conflict_bar.sig_compare.connect(self.compare)
        self.conflict_bar.sig_merge.connect(self.merge)
        self.conflict_bar.sig_close.connect(self.sig_close_requested)
        self.load()

    # ------------------------------------------------------------ state
    @property
    def dirty(self) -> bool:
        return self.editor.document().isModified()

    @property
    def text(self) -> str:
        return self.editor.toPlainText()

    @property
    def loaded_hash(self) -> str:
        """SHA-256 of the disk bytes the buffer was edited from."""
        return self.base.digest

    @property
    def base_text(self) -> str:
        return self.base.text

    def load(self) -> None:
        raw = self.controller.read_text(self.rel_path)
        self.base = _disk_base(raw)
        self.editor.setPlainText(self.base.text)
        self.editor.document().setModified(False)
        self._changes.clear()
        self._undone.clear()
        self._shown = None
        self.conflict_bar.hide()

    def _disk(self) -> Disk:
        try:
            return self.controller.read_text(self.rel_path)
        except FileMissing:
            return None
        except UnreadableFile as exc:
            return exc

    def _disk_text(self) -> str | None:
        """The file's text on disk; when it cannot be read as text, None and the conflict
        bar says why."""
        disk = self._disk()
        if isinstance(disk, UnreadableFile):
            self._raise_conflict(disk)
            return None
        return disk

    def _set_unreadable(self, error: UnreadableFile | None) -> None:
        was = self.unreadable is not None
        self.unreadable = error
        if was != (error is not None):
            self.sig_readable_changed.emit(error is None)

    def cannot_read(self, error: UnreadableFile) -> str:
        """Why the file cannot be read, in a sentence."""
        reason = say(error.reason) if error.reason is not None else refusal_text(error)
        return self.tr("Cannot read {path}: {reason}.").format(path=self.rel_path, reason=reason)

    def follow_rename(self, new_rel: str) -> None:
        """Another program moved the file: this page now edits it under ``new_rel``."""
        old, self.rel_path = self.rel_path, new_rel
        self.conflict_bar.hide()
        self._shown = None
        self._set_unreadable(None)
        self.sig_status.emit(
            self.tr("{old} was moved to {new}; its tab follows it").format(old=old, new=new_rel)
        )

    # ------------------------------------------------------------ saving
    def save(self) -> bool:
        data = encode_from_editor(self.text, self.base.fmt)
        try:
            digest = self.controller.save(self.rel_path, data, self.base.digest or None)
        except (WriteConflict, UnreadableFile) as exc:
            disk = self._disk()
            if not isinstance(exc, WriteConflict) and not isinstance(disk, UnreadableFile):
                raise  # not written, though the file reads (read-only...): said as before
            log.info("save refused: %s", exc)
            self._raise_conflict(disk)  # a file that cannot be read: the status bar says why
            if not isinstance(disk, UnreadableFile):
                self.sig_status.emit(
                    self._behind_disk_message() if self._undone else refusal_text(exc)
                )
            return False
        self._saved(digest)
        self.sig_status.emit(self.tr("Saved {path}; re-indexing…").format(path=self.rel_path))
        return True

    def _saved(self, digest: str) -> None:
        self.base = DiskBase(self.text, digest, self.base.fmt)
        self.editor.document().setModified(False)
        self._shown = None
        self._set_unreadable(None)
        self.conflict_bar.hide()

    # ------------------------------------------------------------ external changes
    def on_disk_changed(self) -> None:
        """Another program touched this file: follow it, or raise the conflict bar."""
        disk = self._disk()
        if isinstance(disk, str) and sha256_hex(disk.encode("utf-8")) == self.base.digest:
            if self.unreadable is not None:  # readable again, as it was
                self._set_unreadable(None)
                self._shown = None
                self.conflict_bar.hide()
            return  # our own save, or a touch without a change
        if not self.dirty and isinstance(disk, str):
            self._set_unreadable(None)
            self._replace_text(_disk_base(disk), modified=False)
            self.conflict_bar.hide()
            if self.isVisible():  # not over what the page on show just said (a restore,
                # an approval) about the write that caused this reload
                self.sig_status.emit(
                    self.tr("{path} was changed on disk and reloaded").format(path=self.rel_path)
                )
            return
        self._raise_conflict(disk)

    def _raise_conflict(self, disk: Disk) -> None:
        """Show the conflict bar for ``disk`` (None: the file is gone), the version that
        "Keep mine" may then replace; a file that cannot be read is said in the status bar
        too."""
        if isinstance(disk, UnreadableFile):
            self._set_unreadable(disk)
            self._shown = (None, self._disk_hash())
            sentence = self.cannot_read(disk)
            self.conflict_bar.show_unreadable(
                sentence, dirty=self.dirty, keep=self._shown[1] is not None
            )
            self.sig_status.emit(sentence)
            return
        self._set_unreadable(None)
        self._shown = (disk, None if disk is None else sha256_hex(disk.encode("utf-8")))
        self.conflict_bar.show_conflict(self.rel_path, deleted=disk is None, dirty=self.dirty)

    def _disk_hash(self) -> str | None:
        """SHA-256 of the file's bytes on disk; None when they cannot be read."""
        service = self.controller.service
        try:
            return sha256_hex(service.workspace.read_bytes(self.rel_path)) if service else None
        except UserError:
            return None

    def _replace_text(
        self, base: DiskBase, text: str | None = None, modified: bool = False
    ) -> None:
        """Put ``text`` (default: the base's) in the buffer as one undoable step, with
        ``base`` as the version it is now edited from; the view stays where it was."""
        new_text = base.text if text is None else text
        scroll = self.editor.verticalScrollBar().value()
        pos = self.editor.textCursor().position()
        doc = self.editor.document()
        before = self.base
        cursor = QTextCursor(doc)
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(new_text)
        cursor.endEditBlock()
        self._undone.clear()
        self._changes.append(_BaseChange(doc.availableUndoSteps(), before, base))
        self.base = base
        doc.setModified(modified)
        cursor.setPosition(min(pos, len(new_text)))
        self.editor.setTextCursor(cursor)
        self.editor.verticalScrollBar().setValue(scroll)

    def _follow_undo_history(self) -> None:
        """Undo and redo across a reload or merge put that step's base back."""
        steps = self.editor.document().availableUndoSteps()
        crossed = False
        while self._changes and steps < self._changes[-1].undo_steps:
            change = self._changes.pop()
            self._undone.append(change)
            self.base = change.before
            crossed = True
        if crossed:
            self.sig_status.emit(self._behind_disk_message())
        while self._undone and steps >= self._undone[-1].undo_steps:
            change = self._undone.pop()
            self._changes.append(change)
            self.base = change.after

    def _behind_disk_message(self) -> str:
        redo = QKeySequence(QKeySequence.StandardKey.Redo).toString(
            QKeySequence.SequenceFormat.NativeText
        )
        return self.tr(
            "Undo went back past a reload: this text is older than {path} on disk. Redo "
            "({redo}) returns to it; saving this text asks first"
        ).format(path=self.rel_path, redo=redo)

    def reload_theirs(self) -> None:
        disk = self._disk_text()
        if disk is None:
            return
        self._replace_text(_disk_base(disk), modified=False)
        self._shown = None
        self.conflict_bar.hide()
        self.sig_status.emit(
            self.tr(
                "Reloaded from disk; Undo (Ctrl+Z) brings your edits back (saving them asks again)"
            )
        )

    def keep_mine(self) -> None:
        """Save the buffer over the version on disk the person was shown, after they
        confirm; a version written meanwhile raises the conflict again."""
        _shown_text, shown_hash = self._shown or (None, None)
        if self.unreadable is not None:
            if shown_hash is None:
                return  # what it holds cannot be read, nor kept from being lost: no Keep mine
            question = self.tr(
                "{cannot_read} Save your version over it? What the file holds now will be replaced."
            ).format(cannot_read=self.cannot_read(self.unreadable))
        else:
            question = self.tr(
                "Save your version of {path} over the one another program wrote? "
                "Their changes will be replaced."
            ).format(path=self.rel_path)
        if not self.confirm(self.tr("Overwrite the file on disk?"), question):
            return
        data = encode_from_editor(self.text, self.base.fmt)
        try:
            if shown_hash is None:
                if self._disk() is not None:  # created again meanwhile
                    raise WriteConflict(
                        f"{self.rel_path} was created again on disk; look at it first"
                    )
                digest = self.controller.save(self.rel_path, data, None)
            else:
                digest = self.controller.save(self.rel_path, data, shown_hash)
        except WriteConflict:
            self._raise_conflict(self._disk())
            self.sig_status.emit(
                self.tr("{path} changed again while you decided; nothing was overwritten").format(
                    path=self.rel_path
                )
            )
            return
        self._saved(digest)
        self.sig_status.emit(self.tr("Saved your version of {path}").format(path=self.rel_path))

    def merge(self) -> None:
        """Three-way merge of the buffer with the file on disk (base: the loaded text);
        true conflicts are resolved by the person in the merge dialog."""
        disk = self._disk_text()
        if disk is None:
            return
        theirs = _disk_base(disk)
        result = three_way_merge(self.base.text, self.text, theirs.text)
        if result.clean:
            merged = result.text()
        else:
            dialog = MergeDialog(self.rel_path, result, self)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return
            merged = dialog.merged_text()
        self._replace_text(theirs, merged, modified=merged != theirs.text)
        self._shown = None
        self.conflict_bar.hide()
        if merged == theirs.text:
            message = self.tr("Merged: the file on disk already holds your changes")
        elif result.clean:
            message = self.tr("Merged their changes with yours; save to write the result")
        else:
            message = self.tr("Merged, conflicts resolved: {n}; save to write the result").format(
                n=result.conflict_count
            )
        self.sig_status.emit(message)

    def compare(self) -> None:
        disk = self._disk_text()
        if disk is not None:
            self._shown = (disk, sha256_hex(disk.encode("utf-8")))
            theirs, _fmt = decode_for_editor(disk)
            CompareDialog(self.rel_path, self.text, theirs, self).exec()

    def confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text)
        return answer == QMessageBox.StandardButton.Yes

    # ------------------------------------------------------------ view helpers
    def toggle_preview(self) -> None:
        self.preview.setVisible(not self.preview.isVisible())
        if self.preview.isVisible():
            self._update_preview()

    def _on_editor_text_changed(self) -> None:
        self._follow_undo_history()
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


def _disk_base(raw: str) -> DiskBase:
    """The base for the text ``raw`` read from disk."""
    text, fmt = decode_for_editor(raw)
    return DiskBase(text, sha256_hex(raw.encode("utf-8")), fmt)
