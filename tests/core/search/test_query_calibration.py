"""The question's own "unrelated" level in the calibrated fusion (search/baseline.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from reverie.core.search import baseline, fusion
from reverie.core.search.vector import all_vectors, vectors_for
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings

NOW_MS = 1_796_000_000_000.0  # 2026-11-30


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[MemoryService]:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n\n- Prefers tea in the afternoon.\n", "utf-8")
    topics = ("river walk", "sourdough starter", "bike tyre", "tax return", "piano lesson")
    for day in range(1, 13):
        topic = topics[day % len(topics)]
        (root / "memory" / f"2026-02-{day:02d}.md").write_text(
            f"# 2026-02-{day:02d}\n\n- Notes on the {topic}, day {day}.\n\n"
            f"## Later\n- Another line about the {topic} and the weather.\n",
            encoding="utf-8",
        )
    service = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    service.index()
    yield service
    service.close()


def _blended(svc: MemoryService, query: str) -> np.ndarray:
    """The fusion's vector score of every chunk of the index, computed directly."""
    conn = svc.reader()
    embedder = svc.load_model()
    assert embedder is not None
    q = embedder.embed_query(query)
    rowids, _ = all_vectors(conn, embedder.model_id)
    share = fusion.PASSAGE_VECTOR_SHARE
    return np.array(
        [
            (1 - share) * float(v.chunk @ q) + share * float(np.max(v.passages @ q))
            for v in vectors_for(conn, rowids, embedder.model_id).values()
        ]
    )


def test_the_median_is_the_fusion_score_s_median_over_the_index(svc: MemoryService) -> None:
    embedder = svc.load_model()
    assert embedder is not None
    query = "how was the river walk"
    got = baseline.median_score(
        svc.reader(), embedder.embed_query(query), embedder.model_id, fusion.PASSAGE_VECTOR_SHARE
    )
    assert got == pytest.approx(float(np.median(_blended(svc, query))), abs=1e-6)


def test_a_lower_median_becomes_the_unrelated_level_and_is_traced(
    svc: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a model whose unrelated level is far above this question's median over the index
    monkeypatch.setattr(fusion, "calibration_for", lambda _m: fusion.VectorCalibration(0.6, 0.9))
    query = "how was the river walk"
    median = float(np.median(_blended(svc, query)))
    settings = SearchSettings.for_profile("reverie").with_changes(min_score=0.0)
    on = svc.search(query, settings, now_ms=NOW_MS)
    top = on.results[0].trace
    assert top.calibration_from_query
    assert top.calibration_low == pytest.approx(median, abs=1e-6)
    assert top.vector_calibrated == pytest.approx(
        (top.vector_score - median) / (0.9 - median), abs=1e-6
    )
    off = svc.search(query, settings.with_changes(query_calibration=False), now_ms=NOW_MS)
    first = off.results[0].trace
    assert not first.calibration_from_query and first.calibration_low == 0.6
    # the right note gets more of its vector evidence with the question's own level
    walk = [h for h in on.results if "river walk" in h.snippet]
    walk_off = {h.chunk_id: h.trace for h in off.results}
    assert walk and all(
        h.trace.vector_calibrated > walk_off[h.chunk_id].vector_calibrated  # type: ignore[operator]
        for h in walk
        if h.chunk_id in walk_off
    )


def test_a_higher_median_keeps_the_model_s_level(
    svc: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fusion, "calibration_for", lambda _m: fusion.VectorCalibration(-0.9, 0.9))
    resp = svc.search("river walk", SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
    trace = resp.results[0].trace
    assert not trace.calibration_from_query and trace.calibration_low == -0.9


def test_the_sample_is_capped_and_read_again_once_the_index_grew(
    svc: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(baseline, "SAMPLE_SIZE", 5)
    embedder = svc.load_model()
    assert embedder is not None
    first = baseline._sample(svc.reader(), embedder.model_id)
    assert first is not None and first.chunks.shape[0] == 5 and first.full
    assert baseline._sample(svc.reader(), embedder.model_id) is first  # unchanged index

    def add_note(day: int) -> None:
        note = svc.root / "memory" / f"2026-03-{day:02d}.md"
        note.write_text(f"# 2026-03-{day:02d}\n\n- A line about the piano, {day}.\n", "utf-8")
        svc.index()

    add_note(1)  # 14 chunks after 13: the same sample
    assert baseline._sample(svc.reader(), embedder.model_id) is first
    for day in range(2, 6):  # 18: read again
        add_note(day)
    again = baseline._sample(svc.reader(), embedder.model_id)
    assert again is not first and again is not None and again.chunk_count > first.chunk_count


def test_no_embedded_chunk_no_median(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "MEMORY.md").write_text("# Memory\n", "utf-8")
    service = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    try:
        service.sync()  # indexed, nothing embedded
        got = baseline.median_score(service.reader(), np.ones(64), "hash-64", 0.7)
    finally:
        service.close()
    assert got is None
