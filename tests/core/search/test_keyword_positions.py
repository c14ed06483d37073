"""The keyword scorer reading the query's terms from the posting lists in memory: the same
hits, to the last bit, as finding the terms in each chunk's text; each chunk's line starts
in FTS5's own positions, whatever the script; an index from before line starts were stored
is scored from the text until its next sync fills them in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import apsw
import numpy as np
import pytest

from reverie.core.index import db, line_starts, postings
from reverie.core.search import keyword, keyword_positions
from reverie.core.search.engine import reverie_scorer
from reverie.core.service import MemoryService
from reverie.core.settings import SearchSettings

NOTES = {
    "MEMORY.md": "# Memory\n\n- Ops key OPS-512 rotates monthly; the walrus pen is cleaned on"
    " Fridays\n\n\n- 预算会议 每周一 walrus budget review\n",
    "memory/2026-03-01.md": "# Monday\n\n- budget meeting moved: walrus budget, walrus"
    " feed\n- 会议 预算 上线 北极星\n\n- हिंदी नमस्ते budget café naïve\n",
    "memory/2026-03-02.md": "# Tuesday\n\n- deploy v1.2.3 to gw-01.example.com\n- the otter"
    " and the walrus\n\n\n\n- budget budget budget\n",
    "memory/2026-03-03.md": "# Wednesday\n\n- Ελληνικά σημειώσεις budget\n- ไทยภาษา walrus\n"
    "- snake_case camelCase walrus\n",
}
QUERIES = (
    "walrus budget",
    "budget meeting walrus feed",
    "预算会议 北极星",
    "OPS-512 walrus",
    "deploy v1.2.3 gw-01.example.com otter",
    "हिंदी café budget",
    "Ελληνικά walrus ไทยภาษา camelCase",
    "walrus",
)


@pytest.fixture()
def svc(tmp_path: Path) -> Iterator[MemoryService]:
    ws = tmp_path / "ws"
    for rel, text in NOTES.items():
        (ws / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws / rel).write_text(text, encoding="utf-8")
    service = MemoryService(ws, data_dir=tmp_path / "data", model_name="hash")
    service.sync()
    try:
        yield service
    finally:
        service.close()


def _both_ways(conn: apsw.Connection, query: str) -> tuple[dict[int, object], dict[int, object]]:
    """Every chunk's hit for ``query`` from the lists in memory and from the text."""
    conn.execute("BEGIN DEFERRED")
    try:
        scorer = reverie_scorer(conn, query, SearchSettings.for_profile("reverie"))
        ids = [int(r) for (r,) in conn.execute("SELECT rowid FROM chunks")]
        assert scorer._position_lists() is not None
        from_lists, _ = scorer._scored(ids)
        rows = conn.execute("SELECT rowid, terms, n_terms FROM chunks").fetchall()
        return dict(from_lists), dict(scorer.score_rows(rows))
    finally:
        conn.execute("COMMIT")


@pytest.mark.parametrize("query", QUERIES)
def test_lists_and_text_give_the_same_hits(svc: MemoryService, query: str) -> None:
    from_lists, from_text = _both_ways(svc.reader(), query)
    assert from_lists == from_text  # raw, score, matched terms, passage, lines: all equal
    assert any(h.raw > 0 for h in from_text.values())  # type: ignore[attr-defined]


def test_line_starts_are_the_keyword_index_positions(svc: MemoryService) -> None:
    conn = svc.reader()
    conn.execute("CREATE VIRTUAL TABLE temp.instances USING fts5vocab(main, terms_fts, instance)")
    tok = line_starts.tokenizer(conn)
    fts: dict[int, list[tuple[str, int]]] = {}
    for term, doc, offset in conn.execute("SELECT term, doc, offset FROM temp.instances"):
        fts.setdefault(int(doc), []).append((str(term), int(offset)))
    scripts = 0
    for rowid, terms, stored in conn.execute("SELECT rowid, terms, line_starts FROM chunks"):
        read = list(line_starts.tokens(str(terms), tok))
        assert sorted((w, p) for w, p, _ in read) == sorted(fts[int(rowid)])
        starts = np.frombuffer(stored, dtype=line_starts.DTYPE).tolist()
        lines = str(terms).split("\n")
        assert len(starts) == len(lines)
        for word, position, line in read:  # a token's line: the last line starting at or before it
            assert max(i for i, s in enumerate(starts) if s <= position) == line
            assert word in lines[line].split() or not lines[line].isascii()
        scripts += not str(terms).isascii()
    assert scripts >= 3  # Chinese, Hindi, Greek, Thai and identifiers were checked


def test_an_index_from_before_line_starts_is_scored_from_text_then_filled(
    svc: MemoryService,
) -> None:
    expected = {q: _both_ways(svc.reader(), q)[1] for q in QUERIES}
    writer = svc.writer()
    with writer:
        writer.execute("UPDATE chunks SET line_starts = NULL WHERE rowid % 2 = 0")
        writer.execute("DELETE FROM meta WHERE key = ?", (line_starts.FILLED_KEY,))
    for query in QUERIES:  # half from the lists, half from the text
        assert _both_ways(svc.reader(), query) == (expected[query], expected[query])
    svc.sync()  # nothing changed in the files: the sync fills the missing line starts
    assert writer.execute("SELECT count(*) FROM chunks WHERE line_starts IS NULL").fetchone() == (
        0,
    )
    assert db.get_meta(writer, line_starts.FILLED_KEY) == "1"
    for query in QUERIES:
        assert _both_ways(svc.reader(), query)[0] == expected[query]


def test_a_search_reads_no_text_when_the_lists_are_held(
    svc: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = SearchSettings.for_profile("reverie")
    first = [(r.path, r.score, r.snippet) for r in svc.search("walrus budget", settings).results]

    def no_text(*_args: object) -> list[tuple[object, ...]]:
        raise AssertionError("read from the text")

    monkeypatch.setattr(keyword, "term_lines", no_text)
    again = [(r.path, r.score, r.snippet) for r in svc.search("walrus budget", settings).results]
    assert again == first
    assert postings.held(svc.reader()) is not None


def test_a_query_of_more_words_than_a_mask_holds_is_scored_from_text(
    svc: MemoryService,
) -> None:
    words = " ".join(f"word{i}x" for i in range(keyword_positions.MOST_WORDS + 1))
    (svc.workspace.root / "memory" / "2026-03-04.md").write_text(f"- {words}\n")
    svc.sync()
    conn = svc.reader()
    conn.execute("BEGIN DEFERRED")
    try:
        scorer = reverie_scorer(conn, f"walrus {words}", SearchSettings.for_profile("reverie"))
        assert scorer._position_lists() is None
        assert any(h.raw > 0 for h in scorer.search(10))
    finally:
        conn.execute("COMMIT")
