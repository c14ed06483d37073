from __future__ import annotations

from pathlib import Path

import pytest

from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings

NOW_MS = 1_796_000_000_000.0  # 2026-11-30


@pytest.fixture
def service(workspace: Path, data_dir: Path):
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    svc.sync()
    svc.load_model()
    svc.embed_pending()
    yield svc
    svc.close()


def test_chinese_word_matches_inside_a_run(service: MemoryService) -> None:
    resp = service.search("北京", SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
    assert resp.results and resp.results[0].path == "MEMORY.md"
    assert resp.results[0].trace.keyword_matched_terms == ("北京",)


def test_openclaw_unicode61_misses_chinese_inside_a_run(service: MemoryService) -> None:
    settings = SearchSettings.for_profile("openclaw").with_changes(min_score=0.0)
    resp = service.search("北京", settings, now_ms=NOW_MS)
    assert all(r.trace.keyword_rank is None for r in resp.results)


def test_conversational_query_keeps_keyword_signal(service: MemoryService) -> None:
    query = "what did we decide about the staging gateway?"
    rev = service.search(query, SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
    top = rev.results[0].trace
    assert {"staging", "gateway"} <= {t.lower() for t in top.keyword_matched_terms} or {
        "stage",
        "gateway",
    } <= set(top.keyword_matched_terms)
    assert top.keyword_score is not None and top.keyword_score > 0.2
    oc = service.search(query, SearchSettings.for_profile("openclaw"), now_ms=NOW_MS)
    assert all(r.trace.keyword_rank is None for r in oc.results)
    assert all(d.hit.trace.keyword_rank is None for d in oc.dropped)


def test_trace_adds_up(service: MemoryService) -> None:
    resp = service.search(
        "staging gateway VLAN", SearchSettings.for_profile("reverie"), now_ms=NOW_MS
    )
    for hit in resp.results:
        t = hit.trace
        assert t.weighted_sum == pytest.approx(t.vector_part + t.keyword_part)
        assert t.score_after_decay == pytest.approx(t.weighted_sum * t.decay_multiplier)
        assert hit.score == t.final_score
    reasons = {h.path: h.trace.decay_reason for h in resp.results}
    assert reasons.get("MEMORY.md") == "evergreen"
    assert reasons.get("memory/2026-11-02.md") == "dated"


def test_newer_fact_outranks_older_with_decay(service: MemoryService) -> None:
    old = service.root / "memory" / "2026-08-01.md"
    old.write_text("# 2026-08-01\n\n- Set up the staging gateway on VLAN 20.\n", encoding="utf-8")
    service.sync()
    service.embed_pending()
    settings = SearchSettings.for_profile("reverie").with_changes(min_score=0.0)
    resp = service.search("staging gateway VLAN", settings, now_ms=NOW_MS)
    paths = [h.path for h in resp.results]
    assert paths.index("memory/2026-11-02.md") < paths.index("memory/2026-08-01.md")


def test_dropped_candidates_name_their_stage(service: MemoryService) -> None:
    settings = SearchSettings.for_profile("reverie").with_changes(max_results=1, min_score=0.0)
    resp = service.search("gateway", settings, now_ms=NOW_MS)
    assert len(resp.results) == 1
    assert resp.dropped and {d.stage for d in resp.dropped} <= {"max_results", "mmr", "min_score"}


def test_keyword_only_mode_says_so(workspace: Path, data_dir: Path) -> None:
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    svc.sync()
    resp = svc.search("restore test", SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
    assert resp.mode == "keyword-only"
    assert any("keyword-only" in n for n in resp.notices)
    assert resp.results[0].path == "memory/2026-10-01.md"
    svc.close()


def test_openclaw_fts_only_relaxes_threshold(workspace: Path, data_dir: Path) -> None:
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    svc.sync()
    resp = svc.search("restore", SearchSettings.for_profile("openclaw"), now_ms=NOW_MS)
    assert resp.results and resp.results[0].path == "memory/2026-10-01.md"
    svc.close()


def test_json_shape(service: MemoryService) -> None:
    data = service.search("gateway", now_ms=NOW_MS).to_json()
    assert set(data) >= {"query", "profile", "results", "dropped"}
    first = data["results"][0]
    assert set(first) >= {"path", "startLine", "endLine", "score", "snippet", "source", "trace"}
    assert "vector_score" in first["trace"] and "bm25_raw" in first["trace"]
    assert "decay_multiplier" in first["trace"] and "mmr_step" in first["trace"]


def test_explain_reports_stage_for_each_chunk(service: MemoryService) -> None:
    settings = SearchSettings.for_profile("reverie").with_changes(max_results=1, min_score=0.0)
    found = service.explain(
        "staging gateway", "memory/2026-11-02.md", settings=settings, now_ms=NOW_MS
    )
    assert found and found[0].status == "returned"
    other = service.explain(
        "staging gateway", "memory/2026-09-15.md", settings=settings, now_ms=NOW_MS
    )
    assert other and other[0].status in {"dropped", "not-retrieved"}
    assert other[0].stage != "results" and other[0].reason
    assert other[0].vector_rank is not None


def test_openclaw_fts_only_falls_back_to_single_keywords(workspace: Path, data_dir: Path) -> None:
    svc = MemoryService(workspace, data_dir=data_dir, model_name="hash")
    svc.sync()
    resp = svc.search(
        "what did the restore drill show", SearchSettings.for_profile("openclaw"), now_ms=NOW_MS
    )
    assert resp.results and resp.results[0].path == "memory/2026-10-01.md"
    assert (
        resp.results[0].trace.keyword_query
        == '"what" AND "did" AND "the" AND "restore" AND "drill" AND "show"'
    )
    svc.close()


def test_vector_only_path_runs_no_keyword_search(service: MemoryService) -> None:
    settings = SearchSettings.for_profile("openclaw").with_changes(
        hybrid_enabled=False, min_score=0
    )
    resp = service.search("gateway", settings, now_ms=NOW_MS)
    assert resp.results
    assert all(h.trace.keyword_rank is None and h.trace.decay_reason == "off" for h in resp.results)


def test_a_query_longer_than_the_cap_is_cut_and_says_so(service: MemoryService) -> None:
    from reverie.core.search.engine import MAX_QUERY_CHARS

    query = "staging gateway " + "x " * 2_000_000  # a file pasted as the query
    resp = service.search(query, SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
    assert len(resp.query) == MAX_QUERY_CHARS and resp.query.startswith("staging gateway")
    assert any("cut to its first 4,000 characters" in n for n in resp.notices)
    assert resp.results  # the question's start still finds the gateway notes
    short = service.search("staging gateway", SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
    assert not any("cut to" in n for n in short.notices)
