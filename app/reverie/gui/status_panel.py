"""The status bar: index state always visible, background work with progress and cancel."""

from __future__ import annotations

import time

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QToolButton, QWidget

from ..core.service import IndexStatus
from .resources import icon


class StatusPanel(QStatusBar):
    sig_cancel = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.files = QLabel("files –")
        self.chunks = QLabel("chunks –")
        self.pending = QLabel("pending –")
        self.model = QLabel("model: not loaded")
        self.last_sync = QLabel("last sync –")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.progress.setTextVisible(False)
        self.task = QLabel()
        self.cancel = QToolButton()
        self.cancel.setIcon(icon("cancel"))
        self.cancel.setToolTip("Cancel background work")
        self.cancel.setAutoRaise(True)
        for w in (self.task, self.progress, self.cancel):
            self.addPermanentWidget(w)
        for w in (self.files, self.chunks, self.pending, self.model, self.last_sync):
            self.addPermanentWidget(w)
        self.cancel.clicked.connect(self.sig_cancel)
        self.show_task("", 0, -1)

    def show_status(self, status: IndexStatus) -> None:
        self.files.setText(f"{status.files} files")
        self.chunks.setText(f"{status.chunks} chunks")
        self.pending.setText(f"{status.pending} embeddings pending")
        when = (
            time.strftime("%H:%M:%S", time.localtime(status.last_sync))
            if status.last_sync
            else "never"
        )
        self.last_sync.setText(f"last sync {when}")

    def show_model(self, state: str, detail: str) -> None:
        text = {
            "loading": f"model {detail}: loading…",
            "loaded": f"model {detail}: ready",
        }.get(state, "model unavailable: keyword-only")
        self.model.setText(text)
        self.model.setToolTip(detail)

    def show_task(self, label: str, done: int, total: int) -> None:
        running = total >= 0
        for w in (self.task, self.progress, self.cancel):
            w.setVisible(running)
        if not running:
            return
        self.task.setText(label[:60])
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        else:
            self.progress.setRange(0, 0)
