"""The bar shown over an editor whose file another program changed, deleted or moved, or
left unreadable as text."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class ConflictBar(QFrame):
    sig_reload = Signal()
    sig_keep_mine = Signal()
    sig_compare = Signal()
    sig_merge = Signal()
    sig_close = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conflictBar")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.merge_btn = QPushButton(self.tr("Merge…"))
        self.merge_btn.setToolTip(
            self.tr(
                "Bring their changes into your text; lines both of you changed are shown "
                "for you to choose"
            )
        )
        self.reload_btn = QPushButton(self.tr("Reload theirs"))
        self.reload_btn.setToolTip(
            self.tr("Replace the buffer with the file on disk (Undo brings yours back)")
        )
        self.keep_btn = QPushButton(self.tr("Keep mine…"))
        self.keep_btn.setToolTip(
            self.tr("Save your version over the file on disk, after confirmation")
        )
        self.compare_btn = QPushButton(self.tr("Compare"))
        self.close_btn = QPushButton(self.tr("Close tab"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.message, 1)
        for btn in (
            self.compare_btn,
            self.merge_btn,
            self.reload_btn,
            self.keep_btn,
            self.close_btn,
        ):
            layout.addWidget(btn)
        self.reload_btn.clicked.connect(self.sig_reload)
        self.keep_btn.clicked.connect(self.sig_keep_mine)
        self.compare_btn.clicked.connect(self.sig_compare)
        self.merge_btn.clicked.connect(self.sig_merge)
        self.close_btn.clicked.connect(self.sig_close)
        self.hide()

    def show_conflict(self, name: str, deleted: bool = False, dirty: bool = True) -> None:
        """Raise the bar: ``name`` changed on disk (or was ``deleted``) while the buffer
        had unsaved edits (``dirty``)."""
        if deleted and dirty:
            text = self.tr(
                "<b>{name}</b> was deleted or moved by another program; your unsaved text "
                "is kept here."
            )
        elif deleted:
            text = self.tr(
                "<b>{name}</b> was deleted or moved by another program. Close the tab, or "
                "write this text back with Keep mine."
            )
        else:
            text = self.tr(
                "<b>{name}</b> was changed by another program while you had unsaved edits. "
                "Merge brings their changes into yours."
            )
        self.message.setText(text.format(name=name))
        for btn in (self.reload_btn, self.compare_btn, self.merge_btn):
            btn.setEnabled(not deleted)
            btn.setVisible(not deleted)
        self.keep_btn.setVisible(True)
        self.close_btn.setVisible(deleted)
        self.show()

    def show_unreadable(self, sentence: str, dirty: bool, keep: bool) -> None:
        """Raise the bar: the file can no longer be read as text (``sentence`` says why);
        ``keep``: its bytes could be read, so Keep mine can replace exactly them."""
        if dirty:
            text = self.tr(
                "{cannot_read} Your unsaved text is kept here; nothing is written over the "
                "file without asking."
            )
        else:
            text = self.tr(
                "{cannot_read} Nothing was written to it; this tab reloads it once it can be read."
            )
        self.message.setText(text.format(cannot_read=sentence))
        for btn in (self.reload_btn, self.compare_btn, self.merge_btn):
            btn.setEnabled(False)
            btn.setVisible(False)
        self.keep_btn.setVisible(keep)
        self.close_btn.setVisible(True)
        self.show()
