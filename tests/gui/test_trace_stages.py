"""The stages between the fusion and decay, as the debugger shows and switches them: the
trace's arithmetic names identifiers, boosts, the date bonus and current facts first, and
the what-if panel turns each stage (and the fusion) on and off."""

from __future__ import annotations

from dataclasses import replace

from reverie.core.search.trace import ScoreTrace, SearchHit
from reverie.core.settings import SearchSettings
from reverie.gui.widgets.trace_detail import (
    arithmetic_lines,
    stage_ranks,
    trace_html,
)
from reverie.gui.widgets.tuning_panel import TuningPanel


def test_arithmetic_shows_the_date_bonus_and_current_facts() -> None:
    trace = ScoreTrace(
        chunk_id="c",
        weighted_sum=0.41,
        date_bonus=0.2,
        date_reason="note of 2023-10-13, asked: October 13, 2023",
        from_date=True,
        exact_identifiers=("b41d7c9",),
        decay_multiplier=0.9,
        score_after_decay=0.549,
        state_group=2,
        score_after_state=0.6,
        rank_after_state=1,
    )
    text = "\n".join(arithmetic_lines(trace))
    assert abs(trace.base_score - 0.61) < 1e-9
    assert "October 13, 2023" in text and "+ 0.200 = 0.610" in text
    assert "0.610 × 0.900 = <b>0.549</b>" in text  # decay multiplies the score with the bonus
    assert "b41d7c9" in text
    assert "2 statements" in text and "a newer one goes first" in text
    newest = "\n".join(arithmetic_lines(replace(trace, state_newest=True)))
    assert "this is the newest of 2 statements" in newest
    assert any(rank == "#1" for _, rank in stage_ranks(trace)[-3:])
    plain = "\n".join(arithmetic_lines(ScoreTrace(chunk_id="c", weighted_sum=0.4)))
    assert "date named" not in plain and "statements" not in plain
    assert "current facts" not in plain
    # a state question where nothing was re-ordered says why
    asked = ScoreTrace(chunk_id="c", weighted_sum=0.4, state_intent=True)
    assert "the order stays" in "\n".join(arithmetic_lines(asked))
    # what a note's age is counted to
    aged = replace(trace, decay_age_days=13.0, decay_anchor="2026-11-29")
    assert "counted to today, 2026-11-29" in "\n".join(arithmetic_lines(aged))
    newest = replace(aged, decay_anchor_newest=True)
    assert "2026-11-29, the day of the newest note" in "\n".join(arithmetic_lines(newest))


def test_arithmetic_says_when_the_unrelated_level_is_the_question_s() -> None:
    trace = ScoreTrace(
        chunk_id="c",
        vector_score=0.16,
        vector_calibrated=(0.16 - 0.02) / (0.65 - 0.02),
        calibration_low=0.02,
        calibration_high=0.65,
        calibration_from_query=True,
    )
    text = "\n".join(arithmetic_lines(trace))
    assert "− unrelated 0.02" in text
    assert "unrelated 0.02: this question's median score over the index" in text
    model = "\n".join(arithmetic_lines(replace(trace, calibration_from_query=False)))
    assert "median" not in model


def test_arithmetic_shows_the_english_rendering_in_the_query_vector() -> None:
    trace = ScoreTrace(chunk_id="c", vector_score=0.3, vector_rendering="node firmware <b>")
    text = "\n".join(arithmetic_lines(trace))
    assert "English rendering's (0.5 of it): “node firmware &lt;b&gt;”" in text
    assert "English rendering" not in "\n".join(arithmetic_lines(ScoreTrace(chunk_id="c")))


def test_boosts_line_uses_the_clamped_sum() -> None:
    trace = ScoreTrace(
        chunk_id="c", weighted_sum=1.3, boost=0.22, boost_reasons=("leaf +0.120", "x +0.100")
    )
    assert abs(trace.base_score - 1.22) < 1e-9
    assert any("leaf +0.120" in line for line in arithmetic_lines(trace))


def test_what_if_switches_every_stage_and_the_fusion(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = TuningPanel()
    qtbot.addWidget(panel)
    reverie = SearchSettings.for_profile("reverie")
    panel.set_settings(reverie)
    stages = (
        "fusion",
        "identifiers",
        "state_intent",
        "date_match",
        "boosts",
        "query_calibration",
        "translated_vector",
    )

    def picked(settings: SearchSettings) -> tuple[object, ...]:
        return tuple(getattr(settings, name) for name in stages)

    assert picked(panel.settings()) == picked(reverie)  # shown as it is
    assert panel.date_match.isChecked() and panel.state_intent.isChecked()
    assert not panel.boosts.isChecked()
    emitted: list[SearchSettings] = []
    panel.sig_changed.connect(emitted.append)
    panel.date_match.setChecked(False)
    panel.boosts.setChecked(True)
    panel.fusion.setCurrentIndex(panel.fusion.findData("rrf"))
    assert emitted[-1].date_match is False and emitted[-1].boosts is True
    assert emitted[-1].fusion == "rrf"
    assert panel.query_calibration.isChecked()
    panel.query_calibration.setChecked(False)
    assert emitted[-1].query_calibration is False
    assert panel.translated_vector.isChecked()
    panel.translated_vector.setChecked(False)
    assert emitted[-1].translated_vector is False
    openclaw = SearchSettings.for_profile("openclaw")
    panel.set_settings(openclaw)
    assert picked(panel.settings()) == picked(openclaw)
    assert panel.fusion.currentData() == "openclaw" and not panel.identifiers.isChecked()


def test_legend_names_what_decay_multiplied() -> None:
    trace = ScoreTrace(
        chunk_id="c",
        weighted_sum=0.564,
        date_bonus=0.2,
        decay_multiplier=0.813,
        score_after_decay=0.621,
        final_score=0.621,
    )
    hit = SearchHit("c", "memory/2026-03-04.md", 1, 16, "memory", "", 0.621, trace)
    assert "with boosts and date bonus 0.764" in trace_html(hit)
