"""The optional and intent stages: current facts first, RRF fusion, OpenViking boosts."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.core.search.current import is_state_question
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings

NOW_MS = 1_796_000_000_000.0  # 2026-11-30


@pytest.fixture
def facts(tmp_path: Path):
    """An older, fuller statement and a newer one that replaced it, among other notes."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "# Memory\n\n- Prefers tea in the afternoon.\n", encoding="utf-8"
    )
    (root / "memory" / "2026-03-08.md").write_text(
        "# 2026-03-08\n\n- The time series database holding sensor data is InfluxDB.\n"
        "- Sensor data in the time series database is kept 90 days.\n"
        "- Time series database backups of sensor data run nightly.\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-03-18.md").write_text(
        "# 2026-03-18\n\n- The time series database holding sensor data is TimescaleDB.\n",
        encoding="utf-8",
    )
    for day in range(1, 20):
        (root / "memory" / f"2026-02-{day:02d}.md").write_text(
            f"# 2026-02-{day:02d}\n\n- Walked {day} km along the river before lunch.\n",
            encoding="utf-8",
        )
    svc = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    svc.index()
    yield svc
    svc.close()


def test_state_questions_are_recognised() -> None:
    assert is_state_question("Which database do we use now?")
    assert is_state_question("禾光云现在用什么时序数据库")
    assert is_state_question("年糕还在吃处方粮吗")
    assert not is_state_question("When did we switch databases?")


def test_newest_statement_first_on_a_state_question(facts: MemoryService) -> None:
    query = "which time series database holds the sensor data currently"
    plain = SearchSettings.for_profile("reverie").with_changes(state_intent=False)
    before = facts.search(query, plain, now_ms=NOW_MS)
    assert before.results[0].path == "memory/2026-03-08.md"  # fuller, older statement
    resp = facts.search(query, SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
    top = resp.results[0]
    assert top.path == "memory/2026-03-18.md"
    assert top.trace.state_intent and top.trace.state_group == 2 and top.trace.state_newest
    older = next(r for r in resp.results if r.path == "memory/2026-03-08.md")
    assert older.trace.state_group == 2 and not older.trace.state_newest
    assert top.trace.rank_after_state == 1 and top.trace.rank_after_decay == 2
    assert top.trace.score_after_state == pytest.approx(before.results[0].score)


def test_rrf_fusion_is_traced(facts: MemoryService) -> None:
    settings = SearchSettings.for_profile("reverie").with_changes(fusion="rrf", min_score=0.0)
    resp = facts.search("time series database", settings, now_ms=NOW_MS)
    for hit in resp.results:
        t = hit.trace
        assert t.weighted_sum == pytest.approx(t.vector_part + t.keyword_part + t.fusion_bonus)
        if t.vector_rank:
            assert t.vector_part == pytest.approx(2.0 / (60 + t.vector_rank))
    best = [h for h in resp.results if 1 in (h.trace.vector_rank, h.trace.keyword_rank)]
    assert best and all(h.trace.fusion_bonus == 0.05 for h in best)


def test_openviking_boosts_are_traced(facts: MemoryService) -> None:
    settings = SearchSettings.for_profile("reverie").with_changes(boosts=True, min_score=0.0)
    resp = facts.search("when did the time series database change", settings, now_ms=NOW_MS)
    top = resp.results[0].trace
    assert top.boost_reasons[0].startswith("leaf")
    assert any(r.startswith("temporal question, event") for r in top.boost_reasons)
    assert top.boost == pytest.approx(sum(float(r.rsplit("+", 1)[1]) for r in top.boost_reasons))
    assert top.score_after_decay == pytest.approx(
        (min(1.0, top.weighted_sum) + top.boost) * top.decay_multiplier
    )


def test_new_settings_round_trip() -> None:
    data = SearchSettings.for_profile("reverie").with_changes(fusion="rrf", boosts=True).to_json()
    back = SearchSettings.from_json(data)
    assert (back.fusion, back.boosts, back.identifiers, back.state_intent) == (
        "rrf",
        True,
        True,
        True,
    )
    assert not SearchSettings.for_profile("openclaw").state_intent


def test_decay_ages_notes_from_the_newest_note_that_says_something(tmp_path: Path) -> None:
    """A note made for today that holds only its heading (a new note, an agent's first
    write of a session) does not age every other note by the days since the last one."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- Likes tea.\n", encoding="utf-8")
    (root / "memory" / "2026-11-16.md").write_text(
        "# 2026-11-16\n\n- Gym fee is 400 a month.\n", encoding="utf-8"
    )
    svc = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.index()
        now = NOW_MS + 30 * 86_400_000.0
        settings = SearchSettings.for_profile("reverie")

        def age() -> float | None:
            hit = svc.search("gym fee", settings, now_ms=now).results[0]
            return hit.trace.decay_age_days

        before = age()
        hit = svc.search("gym fee", settings, now_ms=now).results[0]
        assert (hit.trace.decay_anchor, hit.trace.decay_anchor_newest) == ("2026-11-16", True)
        for text in ("", "# 2026-12-05\n"):
            (root / "memory" / "2026-12-05.md").write_text(text, encoding="utf-8")
            svc.sync()
            assert age() == before
        (root / "memory" / "2026-12-05.md").write_text(
            "# 2026-12-05\n\n- Swam 1 km.\n", encoding="utf-8"
        )
        svc.sync()
        assert age() == pytest.approx((before or 0) + 19)
    finally:
        svc.close()
