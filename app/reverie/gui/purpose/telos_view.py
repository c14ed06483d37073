"""The Telos view: items by section with weights and mentions, the chain and the problems."""

from __future__ import annotations

import html

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ...core.telos import ItemStatus, TelosProblem, TelosReport
from ..phrases import say
from .telos_model import TelosTreeModel, section_label

_OPEN = "open"
_ITEM = "item"


class TelosView(QWidget):
    """Left: the items by section (chain order); right: the selected item's chain and the
    memory lines that mention it; below: what could not be read in the Telos files."""

    sig_open = Signal(str, int)
    """(workspace-relative path, 1-based line) the person wants to see."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.report: TelosReport | None = None
        self._targets: list[tuple[str, int]] = []
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.model = TelosTreeModel(self)
        self.tree = QTreeView()
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setObjectName("telosTree")
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, self.model.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.detail = QTextBrowser()
        self.detail.setOpenLinks(False)
        self.detail.setObjectName("telosDetail")
        self.detail.anchorClicked.connect(self._on_detail_anchor)
        self.problems = QListWidget()
        self.problems.setObjectName("telosProblems")
        self.problems.itemActivated.connect(self._on_problems_activated)
        self.empty = QLabel(
            self.tr(
                "No Telos file in this workspace. Write your purpose in memory/TELOS.md "
                "(or TELOS.md, or a telos/ folder): ## PROBLEMS, ## MISSION, ## GOALS, "
                "## CHALLENGES, ## STRATEGIES, ## PROJECTS with items such as "
                "'- G1: Ship the beta by July 2026'. This view follows the file as you edit it."
            )
        )
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(self.detail)
        split.setSizes([640, 420])
        self.body = QSplitter(Qt.Orientation.Vertical)
        self.body.addWidget(split)
        self.body.addWidget(self.problems)
        self.body.setSizes([600, 110])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addWidget(self.body, 1)
        layout.addWidget(self.empty, 1)
        self.tree.selectionModel().selectionChanged.connect(self._on_tree_selection_changed)
        self.set_report(None)

    # ------------------------------------------------------------ data
    def set_report(self, report: TelosReport | None) -> None:
        """Show ``report``, keeping the selected item selected when it still exists."""
        current = self._selected()
        keep = current.item.key if current is not None else None
        self.report = report
        self.model.set_report(report)
        has_items = report is not None and bool(report.items)
        self.body.setVisible(has_items or bool(report and report.document.problems))
        self.empty.setVisible(not has_items and not (report and report.document.problems))
        self.tree.expandAll()
        self._fill_problems()
        self.summary.setText(self._summary_text())
        index = self.model.index_of(keep) if keep else QModelIndex()
        if not index.isValid() and has_items:
            index = self.model.index(0, 0, self.model.index(0, 0))
        if index.isValid():
            self.tree.setCurrentIndex(index)
        else:
            self.detail.clear()

    def _summary_text(self) -> str:
        report = self.report
        if report is None or not report.document.sources:
            return ""
        items = report.items
        goals = sum(1 for s in items if s.item.section == "goal")
        projects = sum(1 for s in items if s.item.section == "project")
        neglected = sum(1 for s in items if s.neglected)
        unlinked = sum(1 for s in items if s.unlinked)
        text = self.tr(  # counted after a colon: no plural to get wrong ("1 goals")
            "From {files}: goals {goals}, projects {projects}; neglected (no mention in {days}"
            " days) {neglected}, linked to nothing {unlinked}, reading problems {problems}."
        )
        return text.format(
            goals=goals,
            projects=projects,
            files=", ".join(report.document.sources),
            neglected=neglected,
            days=report.neglect_days,
            unlinked=unlinked,
            problems=len(report.document.problems),
        )

    def _fill_problems(self) -> None:
        self.problems.clear()
        self.problems.setVisible(False)
        if self.report is None:
            return
        for problem in self.report.document.problems:
            entry = QListWidgetItem(self._problem_text(problem))
            entry.setData(Qt.ItemDataRole.UserRole, (problem.path, max(1, problem.line)))
            self.problems.addItem(entry)
        self.problems.setVisible(self.problems.count() > 0)

    def _problem_text(self, problem: TelosProblem) -> str:
        """``path:line: message`` (``path: message`` for the file as a whole), the message
        in the interface's language."""
        message = say(problem.message)
        if problem.line:
            return self.tr("{path}:{line}: {message}").format(
                path=problem.path, line=problem.line, message=message
            )
        return self.tr("{path}: {message}").format(path=problem.path, message=message)

    def _selected(self) -> ItemStatus | None:
        return self.model.status_at(self.tree.currentIndex())

    def select_key(self, key: str) -> bool:
        index = self.model.index_of(key)
        if index.isValid():
            self.tree.setCurrentIndex(index)
        return index.isValid()

    # ------------------------------------------------------------ detail
    def _on_tree_selection_changed(self, _selected: QItemSelection, _old: QItemSelection) -> None:
        status = self._selected()
        self.detail.setHtml(self._detail_html(status) if status is not None else "")

    def _link(self, key: str, short: bool = False) -> str:
        status = self.report.status(key) if self.report else None
        label = status.item.label if status else key
        if short and status is not None:
            label = status.item.id or status.item.text[:30]
        return f'<a href="{_ITEM}:{html.escape(key)}">{html.escape(label)}</a>'

    def _target(self, path: str, line: int) -> str:
        """A link to a file and line (the links hold an index: paths need no escaping)."""
        self._targets.append((path, line))
        return f"{_OPEN}:{len(self._targets) - 1}"

    def _detail_html(self, status: ItemStatus) -> str:
        self._targets = []
        item = status.item
        parts = [f"<h3>{html.escape(item.label)}</h3>"]
        facts = [
            self.tr("Section: {section}").format(section=section_label(item.section)),
            self.tr("Weight: {weight:.3g} (position {position} in its list)").format(
                weight=item.weight, position=item.order + 1
            ),
        ]
        if item.deadline is not None:
            day = item.deadline.date.isoformat()
            written = f" ({item.deadline.text})" if item.deadline.text != day else ""
            facts.append(self.tr("Deadline: {date}").format(date=day) + html.escape(written))
        if item.confidence is not None:
            facts.append(self.tr("Confidence: {value:.0%}").format(value=item.confidence))
        if item.priority:
            facts.append(self.tr("Priority: {value}").format(value=item.priority))
        source = f'<a href="{self._target(item.path, item.line)}">{html.escape(item.path)}:{item.line}</a>'
        facts.append(self.tr("Written in {where}").format(where=source))
        parts.append("<br>".join(facts))
        if status.neglected:
            parts.append(
                "<p><b>"
                + html.escape(
                    self.tr(
                        "Neglected: no daily note mentioned it in the last {days} days."
                    ).format(days=self.report.neglect_days if self.report else 0)
                )
                + "</b></p>"
            )
        if self.report is not None:
            for problem in self.report.document.problems:
                if (problem.path, problem.line) == (item.path, item.line):
                    parts.append(f"<p><b>{html.escape(say(problem.message))}</b></p>")
        if status.unlinked:
            parts.append(
                "<p><b>"
                + html.escape(self.tr("Linked to nothing in the chain (no id names it)."))
                + "</b></p>"
            )
        chain = self._chain_above(status)
        if chain:
            arrow = " → "
            label = html.escape(self.tr("Chain:"))
            parts.append(
                f"<p>{label} "
                + arrow.join(self._link(k, short=True) for k in chain)
                + f"{arrow}<b>{html.escape(item.id or item.text[:30])}</b></p>"
            )
        if status.parents:
            label = html.escape(self.tr("Serves:"))
            parts.append(f"<p>{label} " + ", ".join(self._link(k) for k in status.parents) + "</p>")
        if status.children:
            label = html.escape(self.tr("Served by:"))
            parts.append(
                f"<p>{label} " + ", ".join(self._link(k) for k in status.children) + "</p>"
            )
        if item.details:
            parts.append(
                "<ul>" + "".join(f"<li>{html.escape(d)}</li>" for d in item.details) + "</ul>"
            )
        title = self.tr("Mentions ({count})").format(count=status.mention_count)
        parts.append(f"<h4>{html.escape(title)}</h4>")
        if not status.mentions:
            nothing = html.escape(self.tr("No memory line mentions it."))
            parts.append(f"<p>{nothing}</p>")
        rows = []
        for mention in status.mentions:
            day = mention.date.isoformat() if mention.date else ""
            href = self._target(mention.path, mention.line)
            via = self.tr("by id") if mention.via == "id" else self.tr("by words")
            rows.append(
                f'<li><a href="{href}">{html.escape(mention.path)}:{mention.line}</a> '
                f"{html.escape(day)} <i>({html.escape(via)})</i><br>{html.escape(mention.text)}</li>"
            )
        if rows:
            parts.append("<ul>" + "".join(rows) + "</ul>")
        return "".join(parts)

    def _chain_above(self, status: ItemStatus) -> list[str]:
        """Keys from the top of the chain down to ``status``'s parent (first parents)."""
        keys: list[str] = []
        current = status
        seen = {status.item.key}
        while self.report is not None and current.parents:
            key = current.parents[0]
            parent = self.report.status(key)
            if parent is None or key in seen:
                break
            seen.add(key)
            keys.append(key)
            current = parent
        return list(reversed(keys))

    def _on_detail_anchor(self, url: QUrl) -> None:
        target = url.toString()
        kind, _, rest = target.partition(":")
        if kind == _ITEM:
            self.select_key(QUrl.fromPercentEncoding(rest.encode("utf-8")))
        elif kind == _OPEN and rest.isdigit() and int(rest) < len(self._targets):
            path, line = self._targets[int(rest)]
            self.sig_open.emit(path, line)

    def _on_problems_activated(self, entry: QListWidgetItem) -> None:
        path, line = entry.data(Qt.ItemDataRole.UserRole)
        self.sig_open.emit(path, int(line))
