""" "Why not this?": the scores of chosen lines for the current query, and what dropped them."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ...core.search.trace import SearchResponse
from ..widgets.trace_detail import explanation_html, trace_html


def from_last_search(response: SearchResponse | None, rel: str, start: int, end: int) -> str:
    """What the last search's own trace says about chunks overlapping ``rel:start-end``."""
    if response is None:
        return "<p>{}</p>".format(QCoreApplication.translate("WhyNotDialog", "Run a search first."))
    parts = []
    for hit in response.results:
        if hit.path == rel and hit.start_line <= end and hit.end_line >= start:
            title = QCoreApplication.translate("WhyNotDialog", "Ranked #{rank}").format(
                rank=hit.trace.final_rank
            )
            parts.append(f"<h4>{title}</h4>" + trace_html(hit))
    for dropped in response.dropped:
        hit = dropped.hit
        if hit.path == rel and hit.start_line <= end and hit.end_line >= start:
            title = QCoreApplication.translate("WhyNotDialog", "Dropped")
            parts.append(f"<h4>{title}</h4>" + trace_html(hit, dropped))
    if not parts:
        text = QCoreApplication.translate(
            "WhyNotDialog",
            "No chunk of these lines was among the candidates of this search: it was in "
            "neither the vector list nor the keyword list (or the index has not seen it yet).",
        )
        parts.append(f"<p>{text}</p>")
    return "".join(parts)


class WhyNotDialog(QDialog):
    def __init__(
        self,
        query: str,
        rel: str,
        start: int,
        end: int,
        explanations: list[object] | None,
        response: SearchResponse | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Why not this?"))
        self.resize(760, 620)
        self.view = QTextBrowser()
        query_line = self.tr("Query: <b>{query}</b>").format(query=html.escape(query))
        head = f"<h3>{html.escape(rel)}:{start}-{end}</h3><p>{query_line}</p>"
        if explanations is not None:
            body = "".join(explanation_html(e) + "<hr>" for e in explanations) or (
                "<p>{}</p>".format(self.tr("The search engine found no chunk on these lines."))
            )
        else:
            note = self.tr(
                "This search engine cannot score arbitrary chunks yet; showing what the "
                "last search's trace recorded about these lines."
            )
            body = f"<p><i>{note}</i></p>" + from_last_search(response, rel, start, end)
        self.view.setHtml(head + body)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(buttons)
