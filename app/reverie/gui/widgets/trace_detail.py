"""The full score trace of one result, and its rank at each stage of the pipeline."""

from __future__ import annotations

import html
from dataclasses import fields, is_dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTextBrowser, QWidget

from ...core.search.trace import DroppedCandidate, ScoreTrace, SearchHit
from ..models.search_results_model import decay_text, mmr_text
from ..resources import DECAY_COLOR, KEYWORD_COLOR, MMR_COLOR, VECTOR_COLOR


def _v(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.4f}"
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value) or "–"
    return html.escape(str(value))


def _r(value: int | None) -> str:
    return "–" if value is None else f"#{value}"


def stage_ranks(t: ScoreTrace) -> list[tuple[str, str]]:
    return [
        (QCoreApplication.translate("TraceDetail", "vector list"), _r(t.vector_rank)),
        (QCoreApplication.translate("TraceDetail", "keyword list"), _r(t.keyword_rank)),
        (
            QCoreApplication.translate("TraceDetail", "merged, before decay"),
            _r(t.rank_before_decay),
        ),
        (QCoreApplication.translate("TraceDetail", "after decay"), _r(t.rank_after_decay)),
        (QCoreApplication.translate("TraceDetail", "after MMR"), _r(t.rank_after_mmr)),
        (QCoreApplication.translate("TraceDetail", "final"), _r(t.final_rank)),
    ]


def trace_html(hit: SearchHit, dropped: DroppedCandidate | None = None) -> str:
    t = hit.trace
    rows = []
    if dropped is not None:
        head = QCoreApplication.translate("TraceDetail", "Dropped at {stage}").format(
            stage=html.escape(dropped.stage)
        )
        rows.append(f"<p style='color:#d1495b'><b>{head}</b>: {html.escape(dropped.reason)}</p>")
    ranks = "".join(
        f"<td align='center'>{name}<br><b>{rank}</b></td>" for name, rank in stage_ranks(t)
    )
    vector = QCoreApplication.translate("TraceDetail", "vector")
    keyword = QCoreApplication.translate("TraceDetail", "keyword")
    decay = QCoreApplication.translate("TraceDetail", "decay")
    legend = (
        f"<span style='color:{VECTOR_COLOR.name()}'>■ {vector} {t.vector_part:.3f}</span> + "
        f"<span style='color:{KEYWORD_COLOR.name()}'>■ {keyword} {t.keyword_part:.3f}</span> = "
        f"{t.weighted_sum:.3f} → <span style='color:{DECAY_COLOR.name()}'>■ {decay} "
        f"{decay_text(t)}</span> = {t.score_after_decay:.3f} → "
        f"<span style='color:{MMR_COLOR.name()}'>■ MMR {mmr_text(t)}</span> → "
        f"<b>{t.final_score:.3f}</b>"
    )
    rows.append(
        f"<p><b>{html.escape(hit.path)}:{hit.start_line}-{hit.end_line}</b> "
        f"<span style='color:#8a8f96'>({html.escape(hit.source)})</span></p>"
        f"<p>{legend}</p><table border='1' cellspacing='0' cellpadding='4'><tr>{ranks}</tr></table>"
    )
    cells = "".join(
        f"<tr><td style='color:#5c6b73'>{f.name}</td><td>{_v(getattr(t, f.name))}</td></tr>"
        for f in fields(t)
        if f.name != "chunk_id"
    )
    rows.append(f"<table cellspacing='0' cellpadding='2'>{cells}</table>")
    return "".join(rows)


def explanation_html(item: Any) -> str:
    """Any explanation object from the core, drawn field by field (hits as full traces)."""
    if isinstance(item, SearchHit):
        return trace_html(item)
    if not is_dataclass(item):
        return f"<pre>{html.escape(repr(item))}</pre>"
    parts = []
    for f in fields(item):
        value = getattr(item, f.name)
        if isinstance(value, SearchHit):
            parts.append(trace_html(value))
        elif isinstance(value, ScoreTrace):
            parts.append(
                trace_html(SearchHit(value.chunk_id, "", 0, 0, "", "", value.final_score, value))
            )
        else:
            parts.append(f"<p><b>{f.name}</b>: {_v(value)}</p>")
    return "".join(parts)


class TraceDetail(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setPlaceholderText(self.tr("Select a result to see its full score trace."))

    def show_hit(self, hit: SearchHit | None, dropped: DroppedCandidate | None = None) -> None:
        self.setHtml(trace_html(hit, dropped) if hit is not None else "")
