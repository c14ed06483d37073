"""Conformance: OpenClaw's ``searchKeyword`` against ``vectors/keyword_search.json``.

The corpus is rebuilt from ``corpus_files`` with OpenClaw's chunker (tokens/overlap from
``defaults.chunking_used``) and written like ``writeChunks``; the ranks come from the real
FTS5 in the SQLite that apsw bundles (the same 3.54.1 that made the vectors).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import apsw
import pytest

from reverie.core.search.fts_query import build_fts_query
from reverie.core.search.reference.openclaw_keyword import (
    FTS_ONLY_MODEL,
    OpenClawChunkRow,
    build_openclaw_fts_table,
    ensure_openclaw_index_schema,
    search_keyword,
    write_openclaw_chunk,
)
from tests.conformance.vectors_io import case_ids, load_vectors

VECTORS = load_vectors("keyword_search.json")
CASES: list[dict[str, Any]] = VECTORS["cases"]
CHUNKING = VECTORS["defaults"]["chunking_used"]
SNIPPET_MAX = VECTORS["defaults"]["snippetMaxChars"]
REL_TOL = 1e-9


def _build(tokenizer: str) -> tuple[apsw.Connection, list[OpenClawChunkRow]]:
    conn = apsw.Connection(":memory:")
    rows = build_openclaw_fts_table(
        conn,
        VECTORS["corpus_files"],
        CHUNKING["tokens"],
        CHUNKING["overlap"],
        tokenizer,  # type: ignore[arg-type]
        updated_at=0,
    )
    return conn, rows


@pytest.fixture(scope="module")
def indexes() -> Iterator[dict[str, apsw.Connection]]:
    built = {name: _build(name)[0] for name in ("unicode61", "trigram")}
    yield built
    for conn in built.values():
        conn.close()


def test_every_case_is_present() -> None:
    assert VECTORS["sqlite_version"] == "3.54.1"
    assert len(CASES) == VECTORS["case_count"] == 64
    tokenizers = {case["input"]["tokenizer"] for case in CASES}
    assert tokenizers == {"unicode61", "trigram"}
    assert {case["input"]["boostFallbackRanking"] for case in CASES} == {True, False}


@pytest.mark.parametrize("tokenizer", ["unicode61", "trigram"])
def test_corpus_matches_openclaw_chunks(tokenizer: str) -> None:
    conn, rows = _build(tokenizer)
    try:
        got = [
            {
                "id": r.id,
                "path": r.path,
                "startLine": r.start_line,
                "endLine": r.end_line,
                "text": r.text,
                "source": r.source,
            }
            for r in rows
        ]
        assert got == VECTORS["corpus_chunks"]
        counts = conn.execute("SELECT count(*) FROM chunks_fts").fetchone()
        assert counts == (len(rows),)
        stored = conn.execute("SELECT id, model, embedding FROM chunks ORDER BY rowid").fetchall()
        assert stored == [(r.id, FTS_ONLY_MODEL, "[]") for r in rows]
    finally:
        conn.close()


def _assert_close(got: float, want: float, what: str) -> None:
    assert math.isclose(got, want, rel_tol=REL_TOL, abs_tol=0.0), f"{what}: {got!r} != {want!r}"


@pytest.mark.parametrize("case", CASES, ids=case_ids(CASES))
def test_search_keyword(case: dict[str, Any], indexes: dict[str, apsw.Connection]) -> None:
    params = case["input"]
    got = search_keyword(
        indexes[params["tokenizer"]],
        fts_table="chunks_fts",
        query=params["query"],
        tokenizer=params["tokenizer"],
        limit=params["limit"],
        snippet_max_chars=SNIPPET_MAX,
        provider_model=params["providerModel"],
        boost_fallback_ranking=params["boostFallbackRanking"],
    )
    want = case["output"]["results"]
    assert [r["id"] for r in got] == [r["id"] for r in want]
    for g, w in zip(got, want, strict=True):
        assert set(g) == set(w)
        for key in ("path", "startLine", "endLine", "snippet", "source"):
            assert g[key] == w[key], key
        _assert_close(g["score"], w["score"], "score")
        _assert_close(g["textScore"], w["textScore"], "textScore")


@pytest.mark.parametrize(
    "case",
    [c for c in CASES if c["input"]["tokenizer"] == "unicode61"],
    ids=case_ids([c for c in CASES if c["input"]["tokenizer"] == "unicode61"]),
)
def test_raw_bm25_matches_driver(case: dict[str, Any], indexes: dict[str, apsw.Connection]) -> None:
    """The ranks behind the scores are FTS5's own, to within float formatting."""
    want = case["output"]["raw_bm25_unicode61"]
    match = build_fts_query(case["input"]["query"])
    if match is None:
        assert want == []
        return
    rows = (
        indexes["unicode61"]
        .execute(
            "SELECT id, bm25(chunks_fts) AS rank FROM chunks_fts WHERE chunks_fts MATCH ?"
            " ORDER BY rank ASC",
            (match,),
        )
        .fetchall()
    )
    assert [r[0] for r in rows] == [w["id"] for w in want]
    for (_, rank), w in zip(rows, want, strict=True):
        _assert_close(rank, w["rank"], "rank")


# --- behaviour not covered by the vectors --------------------------------------------


def _small_index(tokenizer: str, texts: list[tuple[str, str, str]]) -> apsw.Connection:
    """An OpenClaw-shaped index with rows (path, text, model)."""
    conn = apsw.Connection(":memory:")
    ensure_openclaw_index_schema(conn, fts_tokenizer=tokenizer)  # type: ignore[arg-type]
    with conn:
        for i, (path, text, model) in enumerate(texts):
            write_openclaw_chunk(
                conn,
                OpenClawChunkRow(
                    id=f"id{i}",
                    path=path,
                    source="sessions" if path.startswith("sessions/") else "memory",
                    start_line=1,
                    end_line=1,
                    hash=f"h{i}",
                    model=model,
                    text=text,
                ),
            )
    return conn


def _ids(results: list[dict[str, Any]]) -> list[str]:
    return [r["id"] for r in results]


def test_model_and_source_filters() -> None:
    conn = _small_index(
        "unicode61",
        [
            ("memory/a.md", "gateway alpha", "m1"),
            ("memory/b.md", "gateway beta", "m2"),
            ("sessions/c.jsonl", "gateway gamma", "m1"),
        ],
    )
    common: dict[str, Any] = {"fts_table": "chunks_fts", "query": "gateway", "limit": 10}
    everything = search_keyword(conn, tokenizer="unicode61", **common)
    assert sorted(_ids(everything)) == ["id0", "id1", "id2"]
    only_m1 = search_keyword(conn, tokenizer="unicode61", provider_model="m1", **common)
    assert sorted(_ids(only_m1)) == ["id0", "id2"]
    only_memory = search_keyword(
        conn, tokenizer="unicode61", provider_model="m1", source_filter=["memory"], **common
    )
    assert _ids(only_memory) == ["id0"]
    assert search_keyword(conn, tokenizer="unicode61", **{**common, "limit": 0}) == []
    assert search_keyword(conn, tokenizer="unicode61", **{**common, "query": "?!"}) == []


def test_trigram_mixed_match_and_like_terms_keep_bm25() -> None:
    conn = _small_index(
        "trigram",
        [
            ("memory/a.md", "网关 backup nightly", "m"),
            ("memory/b.md", "backup nightly only", "m"),
            ("memory/c.md", "网关 only", "m"),
        ],
    )
    got = search_keyword(
        conn, fts_table="chunks_fts", query="网关 backup", tokenizer="trigram", limit=10
    )
    assert _ids(got) == ["id0"]
    assert 0 < got[0]["textScore"] < 1
    like_only = search_keyword(
        conn, fts_table="chunks_fts", query="网关", tokenizer="trigram", limit=10
    )
    assert _ids(like_only) == ["id0", "id2"]
    assert [r["textScore"] for r in like_only] == [1.0, 1.0]


def test_like_terms_are_escaped() -> None:
    conn = _small_index(
        "trigram",
        [("memory/a.md", "值%x", "m"), ("memory/b.md", "值abc", "m")],
    )
    # "%" is not a token character, so the term is just "值"; both rows contain it.
    both = search_keyword(conn, fts_table="chunks_fts", query="值%", tokenizer="trigram", limit=5)
    assert _ids(both) == ["id0", "id1"]
    conn2 = _small_index("trigram", [("memory/a.md", "a值_b", "m"), ("memory/b.md", "a值xb", "m")])
    # "值_" is one token (underscore is a token character); "_" must match literally.
    literal = search_keyword(
        conn2, fts_table="chunks_fts", query="值_", tokenizer="trigram", limit=5
    )
    assert _ids(literal) == ["id0"]


def test_snippet_is_cut_on_utf16_units_without_splitting_pairs() -> None:
    text = "gateway " + "😀" * 10
    conn = _small_index("unicode61", [("memory/a.md", text, "m")])
    got = search_keyword(
        conn,
        fts_table="chunks_fts",
        query="gateway",
        tokenizer="unicode61",
        limit=1,
        snippet_max_chars=11,
    )
    # 8 units of "gateway ", then one emoji (2 units); a third unit would split a pair.
    assert got[0]["snippet"] == "gateway 😀"


def test_rejects_unsafe_table_names() -> None:
    conn = _small_index("unicode61", [("memory/a.md", "gateway", "m")])
    with pytest.raises(ValueError):
        search_keyword(
            conn,
            fts_table="chunks_fts; DROP TABLE chunks",
            query="x",
            tokenizer="unicode61",
            limit=1,
        )
