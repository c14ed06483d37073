"""The full score trace of one result, and its rank at each stage of the pipeline."""

from __future__ import annotations

import html
from dataclasses import fields, is_dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTextBrowser, QWidget

from ...core.search.engine import TRANSLATED_VECTOR_WEIGHT
from ...core.search.fusion import LEXICAL_BASE, LEXICAL_TILT, PASSAGE_VECTOR_SHARE
from ...core.search.keyword import IDENTIFIER_WEIGHT
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
        *(
            [(QCoreApplication.translate("TraceDetail", "current facts"), _r(t.rank_after_state))]
            if t.rank_after_state is not None
            else []
        ),
        (QCoreApplication.translate("TraceDetail", "after MMR"), _r(t.rank_after_mmr)),
        (QCoreApplication.translate("TraceDetail", "final"), _r(t.final_rank)),
    ]


def _n(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def stage_lines(t: ScoreTrace) -> list[str]:
    """The stages between the fusion and decay that this candidate went through (HTML)."""
    lines: list[str] = []
    if t.exact_identifiers:
        lines.append(
            QCoreApplication.translate(
                "TraceDetail",
                "exact identifiers of the question in this chunk: {ids} (each weighs {w}× its IDF)",
            ).format(ids=html.escape(", ".join(t.exact_identifiers)), w=f"{IDENTIFIER_WEIGHT:g}")
        )
    if t.boost_reasons:
        lines.append(
            QCoreApplication.translate(
                "TraceDetail", "OpenViking boosts: min(1, {weighted}) + {boost} ({reasons})"
            ).format(
                weighted=_n(t.weighted_sum),
                boost=_n(t.boost),
                reasons=html.escape(", ".join(t.boost_reasons)),
            )
        )
    if t.date_bonus:
        lines.append(
            QCoreApplication.translate(
                "TraceDetail", "date named in the question: {reason}: + {bonus} = {total}"
            ).format(
                reason=html.escape(t.date_reason), bonus=_n(t.date_bonus), total=_n(t.base_score)
            )
        )
    if t.from_date:
        lines.append(
            QCoreApplication.translate(
                "TraceDetail",
                "joined the candidates because its note is of a day the question names",
            )
        )
    return lines


def arithmetic_lines(t: ScoreTrace) -> list[str]:
    """The score as a chain of small sums, each number taken from a line above it (HTML)."""
    lines: list[str] = []
    vec = f"<span style='color:{VECTOR_COLOR.name()}'>■</span>"
    kw = f"<span style='color:{KEYWORD_COLOR.name()}'>■</span>"
    dec = f"<span style='color:{DECAY_COLOR.name()}'>■</span>"
    mmr = f"<span style='color:{MMR_COLOR.name()}'>■</span>"
    vector_in = t.vector_score if t.vector_score is not None else 0.0
    if t.vector_chunk_score is not None and t.vector_score is not None:
        share = PASSAGE_VECTOR_SHARE
        passage = (t.vector_score - (1 - share) * t.vector_chunk_score) / share
        lines.append(
            f"{vec} "
            + QCoreApplication.translate(
                "TraceDetail",
                "cosine {value} = {chunk_share} × whole chunk {chunk} + {share} × best passage {passage}",
            ).format(
                value=_n(t.vector_score),
                chunk_share=f"{1 - share:.1f}",
                chunk=_n(t.vector_chunk_score),
                share=f"{share:.1f}",
                passage=_n(passage),
            )
        )
    elif t.vector_score is not None:
        lines.append(
            f"{vec} "
            + QCoreApplication.translate("TraceDetail", "cosine {value}").format(
                value=_n(t.vector_score)
            )
        )
    else:
        lines.append(
            f"{vec} "
            + QCoreApplication.translate(
                "TraceDetail", "cosine – (not embedded or no model): counts 0"
            )
        )
    if t.vector_rendering:
        lines.append(
            f"{vec} "
            + QCoreApplication.translate(
                "TraceDetail",
                "the query vector mixes the question's embedding with its English "
                "rendering's ({weight} of it): “{text}”",
            ).format(weight=f"{TRANSLATED_VECTOR_WEIGHT:.1f}", text=html.escape(t.vector_rendering))
        )
    if (
        t.vector_calibrated is not None
        and t.calibration_low is not None
        and t.calibration_high is not None
    ):
        clamp = ""
        raw = (vector_in - t.calibration_low) / max(1e-9, t.calibration_high - t.calibration_low)
        if raw < 0 or raw > 1:
            clamp = " " + QCoreApplication.translate("TraceDetail", "(kept within 0..1)")
        lines.append(
            f"{vec} "
            + QCoreApplication.translate(
                "TraceDetail",
                "calibrated = (cosine {cosine} − unrelated {low}) / (clearly about it {high} "
                "− unrelated {low}) = {value}",
            ).format(
                cosine=_n(vector_in),
                low=f"{t.calibration_low:.2f}",
                high=f"{t.calibration_high:.2f}",
                value=_n(t.vector_calibrated),
            )
            + clamp
        )
        if t.calibration_from_query:
            lines.append(
                f"{vec} "
                + QCoreApplication.translate(
                    "TraceDetail",
                    "unrelated {low}: this question's median score over the index, lower "
                    "than the model's",
                ).format(low=f"{t.calibration_low:.2f}")
            )
        vector_in = t.vector_calibrated
    if t.keyword_score is not None:
        lines.append(
            f"{kw} "
            + QCoreApplication.translate(
                "TraceDetail", "keyword score {value} (BM25 {raw}, terms: {terms})"
            ).format(
                value=_n(t.keyword_score),
                raw=f"{t.bm25_raw:.2f}" if t.bm25_raw is not None else "–",
                terms=html.escape(", ".join(t.keyword_matched_terms)) or "–",
            )
        )
        if t.keyword_translated_terms:
            lines.append(
                f"{kw} "
                + QCoreApplication.translate(
                    "TraceDetail", "of those, the question's words in the other language: {terms}"
                ).format(terms=html.escape(", ".join(t.keyword_translated_terms)))
            )
    else:
        lines.append(
            f"{kw} "
            + QCoreApplication.translate(
                "TraceDetail", "keyword score – (no keyword match): counts 0"
            )
        )
    if t.base_vector_weight is not None and t.base_text_weight is not None:
        base = QCoreApplication.translate(
            "TraceDetail", "weights set in Tune: vector {vw}, text {tw}"
        ).format(vw=f"{t.base_vector_weight:.3f}", tw=f"{t.base_text_weight:.3f}")
        if t.lexical_confidence is not None:
            factor = LEXICAL_BASE + LEXICAL_TILT * t.lexical_confidence
            tilted = t.base_text_weight * factor
            total = t.base_vector_weight + tilted
            base += "<br>" + QCoreApplication.translate(
                "TraceDetail",
                "lexical tilt for this query: text {tw} × ({base} + {tilt} × keyword evidence "
                "{confidence}) = {tilted}; both divided by {vw} + {tilted} = {total}: "
                "vector {vw} / {total} = {vw_eff}, text {tilted} / {total} = {tw_eff}",
            ).format(
                tw=f"{t.base_text_weight:.3f}",
                base=f"{LEXICAL_BASE:.1f}",
                tilt=f"{LEXICAL_TILT:.1f}",
                confidence=f"{t.lexical_confidence:.2f}",
                tilted=f"{tilted:.3f}",
                vw=f"{t.base_vector_weight:.3f}",
                total=f"{total:.3f}",
                vw_eff=f"{t.vector_weight:.3f}",
                tw_eff=f"{t.text_weight:.3f}",
            )
        elif (t.vector_weight, t.text_weight) == (0.0, 1.0):
            base += " · " + QCoreApplication.translate(
                "TraceDetail", "no model: keyword side only (vector 0, text 1)"
            )
        lines.append(base)
    lines.append(
        f"{vec} "
        + QCoreApplication.translate(
            "TraceDetail", "vector part {value} × {weight} = {part}"
        ).format(value=_n(vector_in), weight=f"{t.vector_weight:.3f}", part=_n(t.vector_part))
        + f" · {kw} "
        + QCoreApplication.translate(
            "TraceDetail", "keyword part {value} × {weight} = {part}"
        ).format(
            value=_n(t.keyword_score or 0.0), weight=f"{t.text_weight:.3f}", part=_n(t.keyword_part)
        )
    )
    lines.append(
        QCoreApplication.translate(
            "TraceDetail", "weighted {vector} + {keyword} = <b>{total}</b>"
        ).format(vector=_n(t.vector_part), keyword=_n(t.keyword_part), total=_n(t.weighted_sum))
    )
    lines.extend(stage_lines(t))
    lines.append(
        f"{dec} "
        + QCoreApplication.translate(
            "TraceDetail", "decay {decay}: {weighted} × {mult} = <b>{score}</b>"
        ).format(
            decay=html.escape(decay_text(t)),
            weighted=_n(t.base_score),
            mult=f"{t.decay_multiplier:.3f}",
            score=_n(t.score_after_decay),
        )
    )
    if t.decay_age_days is not None and t.decay_anchor:
        lines.append(
            (
                QCoreApplication.translate(
                    "TraceDetail",
                    "the age is counted to {day}, the day of the newest note (so that notes "
                    "do not all grow old while nothing new is written)",
                )
                if t.decay_anchor_newest
                else QCoreApplication.translate("TraceDetail", "the age is counted to today, {day}")
            ).format(day=t.decay_anchor)
        )
    if t.state_group is not None:
        template = (
            QCoreApplication.translate(
                "TraceDetail",
                "current facts first (the question asks about the current state): this is "
                "the newest of {count} statements about the same subject and goes first; "
                "score {score}, rank {rank}",
            )
            if t.state_newest
            else QCoreApplication.translate(
                "TraceDetail",
                "current facts first (the question asks about the current state): one of "
                "{count} statements about the same subject; a newer one goes first; score "
                "{score}, rank {rank}",
            )
        )
        lines.append(
            template.format(
                count=t.state_group, score=_n(t.score_after_state), rank=_r(t.rank_after_state)
            )
        )
    elif t.state_intent:
        lines.append(
            QCoreApplication.translate(
                "TraceDetail",
                "current facts first: the question asks about the current state, but no "
                "other dated statement near the top says something about the same thing "
                "as this one (MEMORY.md and topic files have no date); the order stays",
            )
        )
    if t.mmr_step is not None:
        lines.append(
            f"{mmr} "
            + QCoreApplication.translate(
                "TraceDetail",
                "MMR (orders, does not change the score): relevance {rel} − penalty {pen} "
                "(most similar result already picked: {sim}) = {value}, picked at step {step}",
            ).format(
                rel=_n(t.mmr_relevance),
                pen=_n(t.mmr_penalty),
                sim=_n(t.mmr_max_similarity),
                value=_n(t.mmr_value),
                step=t.mmr_step,
            )
        )
    if t.layer is not None and t.layer_weight != 1.0:
        lines.append(
            QCoreApplication.translate(
                "TraceDetail", "memory layer {layer}: score × weight {weight}"
            ).format(layer=t.layer, weight=f"{t.layer_weight:g}")
        )
    lines.append(
        QCoreApplication.translate("TraceDetail", "final score <b>{score}</b>").format(
            score=_n(t.final_score)
        )
    )
    return lines


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
    extra = ""
    if t.boost_reasons or t.date_bonus:  # what decay multiplied is not the weighted sum
        extra = " → " + html.escape(
            QCoreApplication.translate("TraceDetail", "with boosts and date bonus {base}")
        ).format(base=f"{t.base_score:.3f}")
    legend = (
        f"<span style='color:{VECTOR_COLOR.name()}'>■ {vector} {t.vector_part:.3f}</span> + "
        f"<span style='color:{KEYWORD_COLOR.name()}'>■ {keyword} {t.keyword_part:.3f}</span> = "
        f"{t.weighted_sum:.3f}{extra} → <span style='color:{DECAY_COLOR.name()}'>■ {decay} "
        f"{decay_text(t)}</span> = {t.score_after_decay:.3f} → "
        f"<span style='color:{MMR_COLOR.name()}'>■ MMR {mmr_text(t)}</span> → "
        f"<b>{t.final_score:.3f}</b>"
    )
    steps = "".join(f"<div>{line}</div>" for line in arithmetic_lines(t))
    rows.append(
        f"<p><b>{html.escape(hit.path)}:{hit.start_line}-{hit.end_line}</b> "
        f"<span style='color:#8a8f96'>({html.escape(hit.source)}"
        f"{', ' + html.escape(t.layer) if t.layer else ''})</span></p>"
        f"<p>{legend}</p>{steps}"
        f"<table border='1' cellspacing='0' cellpadding='4'><tr>{ranks}</tr></table>"
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
