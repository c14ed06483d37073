"""The session-start view: what the agent loads when a session begins, and what is cut.

A table of the bootstrap files (raw and injected characters, the cap, a level), the kept
head and tail of the selected file with what truncation removes between them, the startup
prelude's daily notes, the totals with a token estimate and a warning when a file is there
but cannot be read or ``MEMORY.md`` is over or near its cap. The view is computed by
:mod:`reverie.core.context` on a worker thread.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...core.context import BootstrapFile, SessionContext, unreadable_warning
from ..phrases import say
from ..tasks import TaskRunner, Worker

LEVEL_COLORS = {"near": QColor(214, 140, 0), "over": QColor(200, 40, 40)}


translate = QCoreApplication.translate
"""``translate("ContextPanel", "...")`` with literals: what lupdate reads (a wrapper
function would hide the text from it)."""


def _tr(text: str) -> str:
    """A text declared with ``QT_TRANSLATE_NOOP("ContextPanel", ...)``."""
    return QCoreApplication.translate("ContextPanel", text)


def _num(value: int) -> str:
    return f"{value:,}"


def file_state(f: BootstrapFile) -> str:
    """The status column of a bootstrap file (translated)."""
    if not f.exists and f.unreadable:  # there, but not read: not "absent"
        if not f.included:
            return translate(
                "ContextPanel", "there, but cannot be read: {reason} (not injected)"
            ).format(reason=say(f.unreadable))
        return translate(
            "ContextPanel", "there, but cannot be read: {reason} (a [MISSING] line is injected)"
        ).format(reason=say(f.unreadable))
    if not f.exists and not f.included:
        return translate("ContextPanel", "absent (not injected)")
    if not f.exists:
        return translate("ContextPanel", "missing: a [MISSING] line is injected")
    if not f.included:
        return translate("ContextPanel", "not injected: total budget spent")
    if f.truncated:
        return translate("ContextPanel", "cut: {n} characters not seen").format(n=_num(f.cut_chars))
    if f.level == "near":
        return translate("ContextPanel", "near its cap ({pct}%)").format(
            pct=f.raw_chars * 100 // max(1, f.cap)
        )
    return translate("ContextPanel", "whole")


def file_detail_html(f: BootstrapFile) -> str:
    """The kept head and tail of a file and what lies between them, as HTML."""
    title = f"<h3>{html.escape(f.name)}</h3>"
    parts = [title]
    warning = unreadable_warning(f)
    if warning is not None:  # said first: what follows is not what the file holds
        parts.append(f'<p style="color:#c82828"><b>{html.escape(say(warning))}</b></p>')
    if f.exists or warning is None:
        sizes = translate(
            "ContextPanel", "{raw} characters on disk, {injected} injected, cap {cap}"
        ).format(raw=_num(f.raw_chars), injected=_num(f.injected_chars), cap=_num(f.cap))
    else:  # its size on disk is not known to the view, and not 0
        sizes = translate("ContextPanel", "{injected} characters injected, cap {cap}").format(
            injected=_num(f.injected_chars), cap=_num(f.cap)
        )
    parts.append(f"<p>{sizes}</p>")
    if f.note and warning is None:  # (the warning says why it was not read)
        parts.append(f"<p><i>{html.escape(say(f.note))}</i></p>")
    if not f.truncated:
        if f.injected_text:
            parts.append(f"<pre>{html.escape(f.injected_text)}</pre>")
        return "".join(parts)
    head = translate("ContextPanel", "Kept head ({n} characters)").format(n=_num(len(f.head)))
    parts.append(f"<h4>{head}</h4><pre>{html.escape(f.head)}</pre>")
    if f.cut_lines is not None:
        cut = translate(
            "ContextPanel", "Cut: {n} characters, lines {first}–{last} of the file"
        ).format(n=_num(f.cut_chars), first=f.cut_lines[0], last=f.cut_lines[1])
    else:
        cut = translate("ContextPanel", "Cut: {n} characters").format(n=_num(f.cut_chars))
    parts.append(f'<p style="color:#c82828"><b>{cut}</b></p>')
    if f.tail:
        tail = translate("ContextPanel", "Kept tail ({n} characters)").format(n=_num(len(f.tail)))
        parts.append(f"<h4>{tail}</h4><pre>{html.escape(f.tail)}</pre>")
    return "".join(parts)


class ContextPanel(QWidget):
    """Shows a :class:`SessionContext`; ``refresh()`` recomputes it off the UI thread."""

    sig_loaded = Signal(object)
    """The SessionContext just shown."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("ContextPanel", "File"),
        QT_TRANSLATE_NOOP("ContextPanel", "Raw"),
        QT_TRANSLATE_NOOP("ContextPanel", "Injected"),
        QT_TRANSLATE_NOOP("ContextPanel", "Cap"),
        QT_TRANSLATE_NOOP("ContextPanel", "Tokens"),
        QT_TRANSLATE_NOOP("ContextPanel", "State"),
    )

    def __init__(
        self, loader: Callable[[], SessionContext] | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.loader = loader
        self.context: SessionContext | None = None
        self._tasks = TaskRunner(self, max_threads=1)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.warning = QLabel()
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #c82828; font-weight: bold;")
        self.warning.setTextFormat(Qt.TextFormat.PlainText)
        self.warning.hide()
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([_tr(c) for c in self.COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._show_selected)
        self.detail = QTextBrowser()
        self.startup = QTextBrowser()
        self.refresh_button = QPushButton(translate("ContextPanel", "Refresh"))
        self.refresh_button.clicked.connect(self.refresh)

        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.refresh_button)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.detail)
        lower.addWidget(self.startup)
        lower.setSizes([500, 300])
        split.addWidget(lower)
        split.setSizes([220, 380])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.warning)
        layout.addWidget(split, 1)

    # ------------------------------------------------------------ loading
    def refresh(self) -> None:
        """Recompute the view on the thread pool (no-op without a loader)."""
        if self.loader is None:
            return
        self.refresh_button.setEnabled(False)
        self.summary.setText(translate("ContextPanel", "Reading the workspace…"))
        worker = Worker(self.loader)
        worker.signals.sig_result.connect(self.show_context)
        worker.signals.sig_error.connect(self._on_error)
        worker.signals.sig_finished.connect(lambda: self.refresh_button.setEnabled(True))
        self._tasks.start(worker)

    def _on_error(self, message: str, _trace: str) -> None:
        self.summary.setText(
            translate("ContextPanel", "The session-start view failed: {error}").format(
                error=message
            )
        )

    # ------------------------------------------------------------ showing
    def show_context(self, context: SessionContext) -> None:
        self.context = context
        limits = context.limits
        agent = context.agent_id or translate("ContextPanel", "(no agent)")
        text = translate(
            "ContextPanel",
            "Agent <b>{agent}</b>: {total} of {cap} characters of bootstrap files "
            "(per file {per_file}, USER.md {user}); startup prelude {startup} of {startup_cap} "
            "characters from {days} days; about {tokens} tokens.",
        ).format(
            agent=html.escape(agent),
            total=_num(context.total_chars),
            cap=_num(limits.bootstrap_total_max_chars),
            per_file=_num(limits.bootstrap_max_chars),
            user=_num(limits.cap_for("USER.md")),
            startup=_num(context.startup_chars),
            startup_cap=_num(limits.startup_max_total_chars),
            days=limits.daily_memory_days,
            tokens=_num(context.tokens),
        )
        if context.config_note:
            text += "<br><i>" + html.escape(say(context.config_note)) + "</i>"
        self.summary.setText(text)
        self._show_warning(context)
        self._fill_table(context)
        self._fill_startup(context)
        self.sig_loaded.emit(context)

    def _show_warning(self, context: SessionContext) -> None:
        """In red above the table: each file that is there but cannot be read (the core's
        sentence, as ``reverie context`` says it), and MEMORY.md over or near its cap."""
        lines = [say(w) for w in map(unreadable_warning, context.files) if w is not None]
        memory = context.memory_file
        message = ""
        if memory is not None and memory.exists and memory.level == "over":
            message = translate(
                "ContextPanel",
                "{name} is {raw} characters, over its cap of {cap}: the agent does not see "
                "{cut} characters in the middle at session start.",
            ).format(
                name=memory.name,
                raw=_num(memory.raw_chars),
                cap=_num(memory.cap),
                cut=_num(memory.cut_chars),
            )
        elif memory is not None and memory.exists and memory.level == "near":
            message = translate(
                "ContextPanel",
                "{name} is {raw} characters, {pct}% of its cap of {cap}: it will be cut soon.",
            ).format(
                name=memory.name,
                raw=_num(memory.raw_chars),
                pct=memory.raw_chars * 100 // max(1, memory.cap),
                cap=_num(memory.cap),
            )
        if message:
            lines.append(message)
        self.warning.setText("\n".join(lines))
        self.warning.setVisible(bool(lines))

    def _fill_table(self, context: SessionContext) -> None:
        self.table.setRowCount(len(context.files))
        for row, f in enumerate(context.files):
            values = (
                f.name,
                _num(f.raw_chars) if f.exists else "–",
                _num(f.injected_chars),
                _num(f.cap),
                _num(f.tokens),
                file_state(f),
            )
            for col, value in enumerate(values):
                item = QTableWidgetItem(value)
                if col in (1, 2, 3, 4):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                color = LEVEL_COLORS.get(f.level) if f.exists else None
                if f.unreadable:  # there, but not read as text (the warning above says why)
                    color = LEVEL_COLORS["over"]
                if color is not None and col in (1, 5):
                    item.setForeground(QBrush(color))
                self.table.setItem(row, col, item)
        memory_row = next(
            (i for i, f in enumerate(context.files) if f.name in ("MEMORY.md", "memory.md")),
            0,
        )
        self.table.selectRow(memory_row)
        self.table.scrollToItem(self.table.item(memory_row, 0))  # the last row: in sight
        self._show_selected()

    def _show_selected(self) -> None:
        if self.context is None:
            return
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self.context.files):
            self.detail.clear()
            return
        self.detail.setHtml(file_detail_html(self.context.files[rows[0].row()]))

    def _fill_startup(self, context: SessionContext) -> None:
        limits = context.limits
        title = translate("ContextPanel", "Startup prelude")
        parts = [f"<h3>{title}</h3>"]
        if not limits.startup_enabled:
            parts.append(
                "<p>{}</p>".format(
                    translate("ContextPanel", "startupContext is off for this agent.")
                )
            )
        else:
            applies = ", ".join(limits.startup_apply_on) or "–"
            parts.append(
                "<p>{}</p>".format(
                    translate(
                        "ContextPanel",
                        "Added on {applies} runs: daily notes of the last {days} days up to "
                        "{today}, {per_file} characters each, {total} in all.",
                    ).format(
                        applies=html.escape(applies),
                        days=limits.daily_memory_days,
                        today=context.today.isoformat(),
                        per_file=_num(limits.startup_max_file_chars),
                        total=_num(limits.startup_max_total_chars),
                    )
                )
            )
            if not context.startup:
                parts.append(
                    "<p><i>{}</i></p>".format(
                        translate("ContextPanel", "No daily note for these days.")
                    )
                )
            items = []
            for note in context.startup:
                line = translate("ContextPanel", "{path}: {injected} of {raw} characters").format(
                    path=html.escape(note.path),
                    injected=_num(note.injected_chars),
                    raw=_num(note.raw_chars),
                )
                if note.reason:
                    line += f" <i>({html.escape(say(note.reason))})</i>"
                items.append(f"<li>{line}</li>")
            if items:
                parts.append("<ul>" + "".join(items) + "</ul>")
        if context.warnings:
            parts.append("<h4>{}</h4>".format(translate("ContextPanel", "Warnings")))
            parts.append(
                "<ul>"
                + "".join(f"<li>{html.escape(say(w))}</li>" for w in context.warnings)
                + "</ul>"
            )
        self.startup.setHtml("".join(parts))


class ContextDialog(QDialog):
    """A window around :class:`ContextPanel` (View → Session start…)."""

    def __init__(self, loader: Callable[[], SessionContext], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("What the agent sees at session start"))
        self.resize(900, 640)
        self.panel = ContextPanel(loader, self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.panel, 1)
        layout.addWidget(buttons)
        self.panel.refresh()
