"""The keyword scorer's corpus statistics: read once per index state, refreshed by any
write; candidate generation keeps the rarest terms within a row budget."""

from __future__ import annotations

import math
import random
from pathlib import Path

import apsw
import pytest

from reverie.core.search import keyword
from reverie.core.search.engine import reverie_scorer
from reverie.core.search.keyword import (
    CANDIDATE_ROW_BUDGET,
    TermStats,
    bm25_from_counts,
    candidate_plan,
    passage_mass,
    term_lines,
    within_budget,
)
from reverie.core.search.snippets import _hits_per_line
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings
from reverie.core.text.analysis import analyze_query, term_spans


def test_within_budget_keeps_the_rarest_terms_in_query_order() -> None:
    dfs = {"a": 5000, "b": 10, "c": 2500, "d": 400}
    assert within_budget(["a", "b", "c", "d"], dfs, 3000) == ["b", "c", "d"]
    assert within_budget(["a", "b", "c", "d"], dfs, 1000) == ["b", "d"]
    assert within_budget(["a", "b", "c", "d"], dfs, 10_000) == ["a", "b", "c", "d"]
    # the rarest term is kept even when it alone is over the budget
    assert within_budget(["a", "c"], dfs, 100) == ["c"]
    assert within_budget([], dfs, 100) == []


def test_candidate_query_bounds_the_rows_fts5_ranks() -> None:
    budget = CANDIDATE_ROW_BUDGET
    # few rows in all: every term, OR
    assert candidate_plan(["a", "b"], {"a": 10, "b": budget - 10}, 100_000)[:2] == (
        '"a" OR "b"',
        None,
    )
    # rare terms within the budget find the rows; every term ranks them
    dfs = {"rare": 40, "mid": budget // 2, "common": 40_000}
    assert candidate_plan(["common", "rare", "mid"], dfs, 100_000)[:2] == (
        '("rare" OR "mid") AND ("common" OR "rare" OR "mid")',
        None,
    )
    # every term common, or the rarest alone over the budget: chunks holding them all,
    # and the rarest term alone when none does
    dfs = {"x": 30_000, "y": 40_000}
    assert candidate_plan(["y", "x"], dfs, 100_000)[:2] == ('"y" AND "x"', '"x"')
    dfs = {"x": budget + 1, "y": 40_000}
    assert candidate_plan(["x", "y"], dfs, 100_000)[:2] == ('"x" AND "y"', '"x"')
    assert candidate_plan([], {}, 100)[:2] == (None, None)


def test_and_of_common_terms_falls_back_to_the_rarest_when_no_chunk_holds_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- nothing here\n", encoding="utf-8")
    for day in range(1, 29):
        animal = "walrus" if day % 2 else "penguin"
        note = ws / "memory" / f"2026-02-{day:02d}.md"
        note.write_text(f"# Note\n\n- saw a {animal} today\n", encoding="utf-8")
    monkeypatch.setattr(keyword, "CANDIDATE_ROW_BUDGET", 5)  # 14 chunks each: over it
    svc = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.sync()
        scorer = reverie_scorer(svc.reader(), "walrus penguin", SearchSettings())
        assert scorer.candidate_match == '"walrus" AND "penguin"'
        assert scorer.fallback_match in ('"walrus"', '"penguin"')
        hits = scorer.search(10)
        assert len(hits) == 10  # no chunk holds both: the rarest alone finds candidates
        assert all(h.matched == hits[0].matched for h in hits)
    finally:
        svc.close()


def test_a_query_matching_fewer_chunks_than_the_pool_is_not_ranked_by_fts5(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every match becomes a candidate, so FTS5's bm25() (which reads each term's whole
    posting list first) is skipped; the hits are the ones ranking would have given."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- nothing here\n", encoding="utf-8")
    for day in range(1, 29):
        extra = " and a walrus" if day % 7 == 0 else ""
        note = ws / "memory" / f"2026-02-{day:02d}.md"
        note.write_text(f"# Note\n\n- saw a penguin today{extra}\n", encoding="utf-8")
    svc = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.sync()
        scorer = reverie_scorer(svc.reader(), "walrus penguin", SearchSettings())
        assert scorer.most_matched == 4 + 28  # every term together under the budget
        ranked_calls: list[str] = []
        ranked = keyword.ReverieKeywordScorer._ranked

        def spy(self: keyword.ReverieKeywordScorer, match: str, pool: int) -> list:
            ranked_calls.append(match)
            return ranked(self, match, pool)

        monkeypatch.setattr(keyword.ReverieKeywordScorer, "_ranked", spy)
        unranked = scorer.search(20)  # pool 40 >= 32 matches
        assert ranked_calls == []
        scorer.most_matched = 10**9
        assert [(h.rowid, h.score) for h in scorer.search(20)] == [
            (h.rowid, h.score) for h in unranked
        ]
        assert ranked_calls == [scorer.candidate_match]
        assert {h.matched for h in unranked[:4]} == {("walrus", "penguin")}
    finally:
        svc.close()


def _add_note_and_check(svc: MemoryService, ws: Path, conn: apsw.Connection) -> None:
    first = TermStats(conn)
    walruses = first.doc_freqs(["walrus"])["walrus"]
    chunks = first.n_docs
    assert TermStats(conn).doc_freqs(["walrus"]) == {"walrus": walruses}  # cached
    index = len(list((ws / "memory").glob("*.md"))) + 1
    note = ws / "memory" / f"2026-01-0{index}.md"
    note.write_text("# note\n\n- another walrus\n", encoding="utf-8")
    svc.sync()
    again = TermStats(conn)
    assert again.n_docs == chunks + 1
    assert again.doc_freqs(["walrus"]) == {"walrus": walruses + 1}


def test_stats_follow_writes_of_another_connection_and_of_its_own(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- walrus facts\n", encoding="utf-8")
    svc = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.sync()
        _add_note_and_check(svc, ws, svc.reader())  # the writer commits: data_version
        _add_note_and_check(svc, ws, svc.writer())  # its own writes: total_changes
        assert len(svc.search("walrus").results) == 3
    finally:
        svc.close()


def _reference_bm25(doc: list[str], n_terms: int, idfs: dict[str, float], avgdl: float) -> float:
    """BM25 written out term by term (k1 1.2, b 0.75), to check the fast one against."""
    norm = 1.2 * (1 - 0.75 + 0.75 * n_terms / avgdl)
    total = 0.0
    for term, idf in idfs.items():
        tf = doc.count(term)
        if tf:
            total += idf * tf * 2.2 / (tf + norm)
    return total


def _reference_passage(lines: list[str], idfs: dict[str, float], window: int) -> float:
    best = 0.0
    for i in range(len(lines)):
        found = {t for line in lines[i : i + window] for t in line.split() if t in idfs}
        best = max(best, sum(idfs[t] for t in found))
    return best


def test_fast_bm25_and_best_passage_match_the_plain_formulas() -> None:
    rng = random.Random(11)
    vocab = [f"w{i}" for i in range(40)] + ["网关", "备份", "v2\ue02e1", "w1w1", "1"]
    for case in range(400):
        lines = [
            " ".join(rng.choice(vocab) for _ in range(rng.randint(0, 12)))
            for _ in range(rng.randint(1, 9))
        ]
        doc = " ".join(lines).split()
        query = rng.sample(vocab, 30 if case % 3 == 0 else rng.randint(1, 6))
        idfs = {t: rng.uniform(0.1, 5.0) for t in query}
        lines_of = term_lines("\n".join(lines), idfs)
        counts = {t: len(found) for t, found in lines_of.items()}
        assert counts == {t: doc.count(t) for t in idfs if t in doc}
        assert tuple(counts) == tuple(t for t in idfs if t in doc)  # the query's order
        for term, found in lines_of.items():
            assert found == [i for i, line in enumerate(lines) for w in line.split() if w == term]
        raw = bm25_from_counts(counts, len(doc), idfs, 7.5)
        assert math.isclose(raw, _reference_bm25(doc, len(doc), idfs, 7.5), rel_tol=1e-12)
        for window in (1, 2, 3):
            assert math.isclose(
                passage_mass(lines_of, idfs, window), _reference_passage(lines, idfs, window)
            )


def test_snippet_line_hits_in_one_pass_match_each_line_alone() -> None:
    rng = random.Random(3)
    words = ["gateway", "staging", "VLAN", "网关", "备份", "deployed", "b41d7c9", "OPS-512", "the"]
    for _ in range(500):
        lines = [
            " ".join(rng.choice(words) for _ in range(rng.randint(0, 8)))
            for _ in range(rng.randint(1, 8))
        ]
        terms = list(analyze_query(" ".join(rng.sample(words, 3))).terms)
        expected = [len(term_spans(line, terms)) for line in lines]
        assert _hits_per_line("\n".join(lines), lines, terms) == expected


def test_the_snippet_window_goes_where_the_scorer_counted_the_query_terms(
    tmp_path: Path,
) -> None:
    """The keyword scorer's count of each line's matches places the window: a line holding
    two of the question's terms (禾光 and 光云 in 禾光云) outweighs one holding one."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    filler = [
        f"- routine item {i}: checked the greenhouse sensors and logged it" for i in range(14)
    ]
    lines = [
        "# Company",
        "",
        "- 禾光科技 founded in Shenzhen",
        *filler,
        "- Cloud dashboard: 禾光云",
    ]
    (ws / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    svc = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    try:
        svc.sync()
        response = svc.search("禾光云", SearchSettings.for_profile("reverie"))
        assert len(response.results) == 1  # one chunk, longer than a snippet
        snippet = response.results[0].snippet
        assert "Cloud dashboard: 禾光云" in snippet
        assert "禾光科技" not in snippet
        scorer = reverie_scorer(svc.reader(), "禾光云", SearchSettings())
        (hit,) = scorer.search(5)
        text = str(svc.reader().execute("SELECT text FROM chunks").fetchone()[0]).split("\n")
        assert [text[i] for i in hit.hit_lines or ()] == [
            "- 禾光科技 founded in Shenzhen",
            "- Cloud dashboard: 禾光云",
            "- Cloud dashboard: 禾光云",
        ]
    finally:
        svc.close()
