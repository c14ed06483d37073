"""Chinese function words, identifiers as exact evidence (issue: hashes and ticket keys
followed by a Chinese question lost their chunk to bigrams of function words)."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings
from reverie.core.text.analysis import analyze, analyze_query, term_spans
from reverie.core.text.identifiers import display_term, find_identifiers

NOW_MS = 1_796_000_000_000.0  # 2026-11-30


def test_query_drops_chinese_function_words() -> None:
    q = analyze_query("b41d7c9 这个提交改了什么")
    assert q.terms[0] == "b41d7c9"
    assert "提交" in q.terms
    assert not {"这个", "什么", "改了", "了什", "个提"} & set(q.terms)
    assert q.identifiers == ("b41d7c9",)


def test_unknown_runs_keep_bigrams_on_both_sides() -> None:
    assert "知夏" in analyze_query("知夏的猫").terms
    assert "知夏" in analyze("林知夏的猫叫年糕")


def test_identifiers_are_found_whole() -> None:
    text = "OPS-512 at 10.0.3.17 runs v0.9.2; see gw-01.lab.local and hg-s2.md, snake_case"
    assert find_identifiers(text) == [
        "OPS-512",
        "10.0.3.17",
        "v0.9.2",
        "gw-01.lab.local",
        "hg-s2.md",
        "snake_case",
    ]
    assert find_identifiers("a follow-up e-mail. The end.") == []


def test_identifier_is_one_term_beside_its_pieces() -> None:
    terms = analyze("Window for OPS-512 is Saturday")
    assert {"op", "512"} <= set(terms)
    whole = [t for t in terms if display_term(t) != t]
    assert [display_term(t) for t in whole] == ["ops-512"]
    query = analyze_query("OPS-512 的维护窗口是哪天")
    assert whole[0] in query.terms and whole[0] in query.identifiers


def test_identifier_spans_for_snippets() -> None:
    text = "Deploy v0.9.2 tonight"
    spans = term_spans(text, analyze_query("v0.9.2").terms)
    assert "v0.9.2" in [text[s:e] for s, e in spans]


@pytest.fixture
def ops_workspace(tmp_path: Path) -> Path:
    """One note holds the answer; a few repeat the question's words (its function-word
    bigrams, the ticket's pieces ``OPS`` and ``512``) without the identifier; the rest is
    unrelated."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "# Memory\n\n- Prefers tea in the afternoon.\n", encoding="utf-8"
    )
    answer = "# 2026-10-05\n\n- OPS-512 的维护窗口定在周六凌晨。\n- b41d7c9 修复了网关重连。\n"
    (root / "memory" / "2026-10-05.md").write_text(answer, encoding="utf-8")
    for day in range(6, 10):
        (root / "memory" / f"2026-10-0{day}.md").write_text(
            f"# 2026-10-0{day}\n\n- 有人问：这个提交改了什么？OPS 512 的维护窗口是哪天？\n",
            encoding="utf-8",
        )
    for day in range(1, 29):
        (root / "memory" / f"2026-09-{day:02d}.md").write_text(
            f"# 2026-09-{day:02d}\n\n- Walked {day} km along the river before lunch.\n",
            encoding="utf-8",
        )
    return root


@pytest.mark.parametrize(
    ("query", "identifier"),
    [("b41d7c9 这个提交改了什么", "b41d7c9"), ("OPS-512 的维护窗口是哪天", "ops-512")],
)
def test_identifier_question_finds_its_chunk_first(
    ops_workspace: Path, tmp_path: Path, query: str, identifier: str
) -> None:
    svc = MemoryService(ops_workspace, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.index()
        resp = svc.search(query, SearchSettings.for_profile("reverie"), now_ms=NOW_MS)
        assert resp.results[0].path == "memory/2026-10-05.md"
        assert identifier in resp.results[0].trace.exact_identifiers
    finally:
        svc.close()


def test_the_keyword_list_is_cut_as_decay_will_rank_it(tmp_path: Path) -> None:
    """A ticket key in MEMORY.md and in 44 daily notes that say the same: cut on the keyword
    score alone, the list kept the notes FTS5 happened to rank first and left out the newest
    ones (and MEMORY.md, which does not decay), so a short result list was not the head of
    a long one."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text(
        "# Memory\n\n- Fact about the garden.\n"
        "- OPS-512: migrate billing DB to Postgres 16, owner Alice.\n",
        encoding="utf-8",
    )
    for day in range(1, 45):
        month, dom = 9 + (day - 1) // 28, 1 + (day - 1) % 28
        (root / "memory" / f"2026-{month:02d}-{dom:02d}.md").write_text(
            f"# 2026-{month:02d}-{dom:02d}\n\n- Met with Alice about OPS-512 migration progress.\n",
            encoding="utf-8",
        )
    svc = MemoryService(root, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.index()
        base = SearchSettings.for_profile("reverie")
        short = svc.search("OPS-512", base.with_changes(max_results=6), now_ms=NOW_MS)
        long = svc.search("OPS-512", base.with_changes(max_results=40), now_ms=NOW_MS)
        assert [r.path for r in short.results] == [r.path for r in long.results[:6]]
        assert "memory/2026-10-16.md" in [r.path for r in short.results]  # the newest note
    finally:
        svc.close()
