"""The bar shown over an editor whose file changed on disk while it had unsaved edits."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget


class ConflictBar(QFrame):
    sig_reload = Signal()
    sig_keep_mine = Signal()
    sig_compare = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conflictBar")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.reload_btn = QPushButton(self.tr("Reload theirs"))
        self.reload_btn.setToolTip(
            self.tr("Replace the buffer with the file on disk (Undo brings yours back)")
        )
        self.keep_btn = QPushButton(self.tr("Keep mine…"))
        self.keep_btn.setToolTip(
            self.tr("Save your version over the file on disk, after confirmation")
        )
        self.compare_btn = QPushButton(self.tr("Compare"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.message, 1)
        for btn in (self.compare_btn, self.reload_btn, self.keep_btn):
            layout.addWidget(btn)
        self.reload_btn.clicked.connect(self.sig_reload)
        self.keep_btn.clicked.connect(self.sig_keep_mine)
        self.compare_btn.clicked.connect(self.sig_compare)
        self.hide()

    def show_conflict(self, name: str, deleted: bool = False) -> None:
        if deleted:
            self.message.setText(
                self.tr(
                    "<b>{name}</b> was deleted or moved by another program; your unsaved text "
                    "is kept here."
                ).format(name=name)
            )
        else:
            self.message.setText(
                self.tr(
                    "<b>{name}</b> was changed by another program while you had unsaved edits."
                ).format(name=name)
            )
        self.reload_btn.setEnabled(not deleted)
        self.compare_btn.setEnabled(not deleted)
        self.show()
