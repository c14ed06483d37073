"""The status bar: index state always visible, background work with progress and cancel."""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QLabel,
    QMessageBox,
    QProgressBar,
    QStatusBar,
    QToolButton,
    QWidget,
)

from ..core.service import IndexStatus
from ..core.workspace import Damaged, Skipped
from .phrases import say
from .resources import icon

TASK_CHARS = 60
"""The most characters of a background task's step the status bar shows."""


class StatusPanel(QStatusBar):
    sig_cancel = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.files = QLabel(self.tr("files –"))
        self.chunks = QLabel(self.tr("chunks –"))
        self.pending = QLabel(self.tr("pending –"))
        self.model = QLabel(self.tr("model: not loaded"))
        self.vectors = QLabel()
        self.vectors.setObjectName("vectorNotice")
        self.vectors.setVisible(False)
        self.problems = QToolButton()
        self.problems.setObjectName("problemsButton")
        self.problems.setAutoRaise(True)
        self.problems.setVisible(False)
        self.problems.clicked.connect(self._show_problems)
        self._problem_lines: list[str] = []
        self.last_sync = QLabel(self.tr("last sync –"))
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.progress.setTextVisible(False)
        self.task = QLabel()
        self.cancel = QToolButton()
        self.cancel.setIcon(icon("cancel"))
        self.cancel.setToolTip(self.tr("Cancel background work"))
        self.cancel.setAutoRaise(True)
        for w in (self.task, self.progress, self.cancel):
            self.addPermanentWidget(w)
        for w in (
            self.files,
            self.chunks,
            self.pending,
            self.model,
            self.vectors,
            self.problems,
            self.last_sync,
        ):
            self.addPermanentWidget(w)
        self.cancel.clicked.connect(self.sig_cancel)
        self.show_task("", 0, -1)

    def show_status(self, status: IndexStatus) -> None:
        self.files.setText(
            self.tr("1 file") if status.files == 1 else self.tr("{n} files").format(n=status.files)
        )
        self.chunks.setText(
            self.tr("1 chunk")
            if status.chunks == 1
            else self.tr("{n} chunks").format(n=status.chunks)
        )
        self.pending.setText(
            self.tr("1 embedding pending")
            if status.pending == 1
            else self.tr("{n} embeddings pending").format(n=status.pending)
        )
        when = (
            time.strftime("%H:%M:%S", time.localtime(status.last_sync))
            if status.last_sync
            else self.tr("never")
        )
        self.last_sync.setText(self.tr("last sync {when}").format(when=when))
        # without sqlite-vec, vector search still works by scanning the stored vectors
        slow = not status.vec_extension and bool(status.vector_dims)
        self.vectors.setVisible(slow)
        if slow:
            self.vectors.setText(self.tr("⚠ vectors: slow scan"))
            self.vectors.setToolTip(
                self.tr(
                    "The sqlite-vec library could not be loaded: vector search scans every "
                    "stored vector instead (same results, slower on large workspaces)."
                )
            )

    def show_problems(self, problems: Sequence[Skipped | Damaged]) -> None:
        """Files left out of the index, or indexed without their damaged parts, and why."""
        self._problem_lines = [f"{p.path}: {say(p.reason)}" for p in problems]
        self.problems.setVisible(bool(problems))
        self.problems.setText(
            self.tr("⚠ 1 file problem")
            if len(problems) == 1
            else self.tr("⚠ {n} file problems").format(n=len(problems))
        )
        shown = self._problem_lines[:15]
        if len(self._problem_lines) > len(shown):
            shown.append(self.tr("… and {n} more").format(n=len(self._problem_lines) - 15))
        self.problems.setToolTip("\n".join(shown))

    def _show_problems(self) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("File problems"),
            self.tr(
                "{n} files are left out of the index or indexed without their damaged parts. "
                "Nothing was changed on disk."
            ).format(n=len(self._problem_lines)),
            parent=self,
        )
        box.setDetailedText("\n".join(self._problem_lines))
        self.problem_box = box
        box.open()

    def show_model(self, state: str, detail: str) -> None:
        if state == "loading":
            text = self.tr("model {name}: loading…").format(name=detail)
        elif state == "loaded":
            text = self.tr("model {name}: ready").format(name=detail)
        else:
            text = self.tr("⚠ model unavailable: keyword-only")
        self.model.setText(text)
        self.model.setToolTip(detail)

    def show_task(self, label: str, done: int, total: int) -> None:
        running = total >= 0
        for w in (self.task, self.progress, self.cancel):
            w.setVisible(running)
        if not running:
            return
        # a long step ("rebuilding the index (the embedding model changed (...)): ...") is
        # cut with an ellipsis and said in full on hover
        self.task.setText(label if len(label) <= TASK_CHARS else label[: TASK_CHARS - 1] + "…")
        self.task.setToolTip(label if len(label) > TASK_CHARS else "")
        if total > 0:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        else:
            self.progress.setRange(0, 0)
