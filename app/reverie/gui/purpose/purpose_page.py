"""The Purpose page: the Telos view and the layer-life plot of the open workspace.

Reading the Telos files, the memory lines and the ledger runs off the UI thread. The page
follows the files: every change the watcher reports (and every re-index) schedules one
refresh, so an edit to ``TELOS.md`` in the editor shows here within a second. In the main
window only the page on show refreshes; a hidden one refreshes once when it is shown.
"""

from __future__ import annotations

import datetime as _dt
import logging
from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QTabWidget, QVBoxLayout, QWidget

from ...core.layer_life import LayerLife, chunk_counts, collect_layer_life
from ...core.layers import workspace_rules
from ...core.service import MemoryService
from ...core.telos import DEFAULT_NEGLECT_DAYS, TelosReport, telos_report
from ..refresh_gate import RefreshGate
from ..tasks import TaskRunner
from .layer_life_view import LayerLifeView
from .telos_view import TelosView

log = logging.getLogger(__name__)

REFRESH_DELAY_MS = 400


@dataclass(frozen=True)
class PurposeData:
    """What the page shows, computed together off the UI thread."""

    report: TelosReport
    life: LayerLife


def load_purpose(
    service: MemoryService,
    today: _dt.date,
    neglect_days: int,
    bucket: str,
    archive_days: int,
) -> PurposeData:
    """Read the Telos files, the memory and the ledger of ``service``'s workspace."""
    try:
        index = service.reader()
        chunks = chunk_counts(index)
    except Exception:  # the index may be busy or being rebuilt: read the files instead
        log.warning("the index is unavailable for the Purpose page", exc_info=True)
        index, chunks = None, {}
    try:
        report = telos_report(service.workspace, today, neglect_days, index)
    except Exception:
        if index is None:
            raise
        log.warning("reading mentions from the index failed; reading the files", exc_info=True)
        report = telos_report(service.workspace, today, neglect_days)
    rules = workspace_rules(service.data_dir, service.root)
    life = collect_layer_life(
        service.workspace,
        rules,
        chunks,
        today,
        "month" if bucket == "month" else "week",
        archive_days,
    )
    return PurposeData(report, life)


class PurposePage(QWidget):
    """Tabs "Telos" and "Layer life" over one workspace."""

    sig_open = Signal(str, int)
    """(workspace-relative path, 1-based line) to show in the editor."""
    sig_loaded = Signal()
    """A refresh finished and the views show its data (tests wait on it)."""

    def __init__(
        self, service: MemoryService | None, parent: QWidget | None = None, active: bool = True
    ) -> None:
        """``active``: False for a page that is not on show; its first refresh waits until
        ``gate.set_active(True)``."""
        super().__init__(parent)
        self.service = service
        self.data: PurposeData | None = None
        self.today: _dt.date | None = None
        """Fixed day to count from (tests); None: the real today at each refresh."""
        self._runner = TaskRunner(self, max_threads=1)
        self.gate = RefreshGate(self.refresh, REFRESH_DELAY_MS, self, active)

        self.neglect_days = QSpinBox()
        self.neglect_days.setRange(1, 3650)
        self.neglect_days.setValue(DEFAULT_NEGLECT_DAYS)
        self.neglect_days.setSuffix(self.tr(" days"))
        self.neglect_days.editingFinished.connect(self.refresh)
        self.state = QLabel()
        self.telos = TelosView()
        self.layers = LayerLifeView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.telos, self.tr("Telos"))
        self.tabs.addTab(self.layers, self.tr("Layer life"))
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("A goal or project is neglected after")))
        top.addWidget(self.neglect_days)
        top.addStretch(1)
        top.addWidget(self.state)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        self.telos.sig_open.connect(self.sig_open)
        self.layers.sig_open.connect(self.sig_open)
        self.layers.sig_params.connect(lambda *_: self.refresh())
        if service is not None:
            self.refresh()

    # ------------------------------------------------------------ refreshing
    def schedule_refresh(self, changed: Iterable[str] | None = None) -> None:
        """Refresh soon (once for a burst); ``changed`` paths that are no Markdown are ignored."""
        if self.service is not None:
            self.gate.schedule(changed)

    def set_active(self, active: bool) -> None:
        """The page is shown (True) or hidden (False): see :meth:`RefreshGate.set_active`."""
        self.gate.set_active(active)

    def refresh(self) -> None:
        """Recompute now (a running computation's answer is dropped when it arrives)."""
        generation = self.gate.begin() if self.service is not None else None
        if generation is None:
            return
        bucket, archive_days = self.layers.params()
        today = self.today or _dt.date.today()
        self.state.setText(self.tr("Reading…"))
        self._runner.run(
            load_purpose,
            self.service,
            today,
            int(self.neglect_days.value()),
            bucket,
            archive_days,
            on_result=lambda data, g=generation: self._on_loaded(g, data),
            on_error=self._on_error,
        )

    def _on_loaded(self, generation: int, data: PurposeData) -> None:
        if not self.gate.answered(generation):
            return
        self.data = data
        self.telos.set_report(data.report)
        self.layers.set_life(data.life)
        self.state.setText("")
        self.sig_loaded.emit()

    def _on_error(self, message: str, _details: str) -> None:
        if self.gate.closed:
            return
        self.gate.answered()
        text = self.tr("Could not read the purpose layer: {error}").format(error=message)
        self.state.setText(text)

    def close_down(self) -> None:
        """Stop refreshing and wait for a running computation (before the page goes away)."""
        self.gate.close()
        self._runner.shutdown()
